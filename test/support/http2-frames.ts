import { readFileSync } from 'node:fs';
import tls from 'node:tls';
import { waitFor } from './wait.js';

/**
 * HTTP/2 written frame by frame (RFC 9113) and HPACK by hand (RFC 7541), for the tests of HTTP/2's limits:
 * Node's client keeps to the limits the server announces, so a client that breaks them has to be written
 * this way, as the published attack tools are.
 */

export const FRAME = { DATA: 0, HEADERS: 1, RST_STREAM: 3, SETTINGS: 4, GOAWAY: 7, CONTINUATION: 9 } as const;
const END_STREAM = 0x1;
const END_HEADERS = 0x4;
const ACK = 0x1;

/** RST_STREAM and GOAWAY codes (RFC 9113 §7). */
export const H2_ERROR = { NO_ERROR: 0, PROTOCOL_ERROR: 1, INTERNAL_ERROR: 2, REFUSED_STREAM: 7, ENHANCE_YOUR_CALM: 11 };

/** A frame, as RFC 9113 §4.1 lays it out. */
export function frame(type: number, flags: number, stream: number, payload: Buffer): Buffer {
  const header = Buffer.alloc(9);
  header.writeUIntBE(payload.length, 0, 3);
  header[3] = type;
  header[4] = flags;
  header.writeUInt32BE(stream, 5);
  return Buffer.concat([header, payload]);
}

/** An HPACK string literal, not Huffman-coded (RFC 7541 §5.2), its length a 7-bit prefix integer (§5.1). */
function hpackString(text: string): Buffer {
  const bytes = Buffer.from(text);
  if (bytes.length < 127) return Buffer.concat([Buffer.from([bytes.length]), bytes]);
  const length = [127];
  let rest = bytes.length - 127;
  for (; rest >= 128; rest >>= 7) length.push((rest & 0x7f) | 0x80);
  length.push(rest);
  return Buffer.concat([Buffer.from(length), bytes]);
}

/** A field with a new name, not added to the decoder's table (RFC 7541 §6.2.2). */
export function literalField(name: string, value: string): Buffer {
  return Buffer.concat([Buffer.from([0x00]), hpackString(name), hpackString(value)]);
}

/** A field with a new name that the decoder adds to its dynamic table (§6.2.1): the newest entry is index 62. */
export function indexedField(name: string, value: string): Buffer {
  return Buffer.concat([Buffer.from([0x40]), hpackString(name), hpackString(value)]);
}

/** `times` references to the newest entry of the dynamic table (§6.1): one byte each, the whole field decoded each time. */
export function newestEntryTimes(times: number): Buffer {
  return Buffer.alloc(times, 0x80 | 62);
}

/** `GET path` (:method, :scheme, :path, :authority: four fields) followed by `fields`. */
export function requestBlock(path: string, fields: Buffer[] = []): Buffer {
  return Buffer.concat([
    Buffer.from([0x82, 0x87, 0x04]),
    hpackString(path),
    Buffer.from([0x01]),
    hpackString('localhost'),
    ...fields,
  ]);
}

/** A whole request without a body on stream `id`: HEADERS, then CONTINUATION frames of at most 16 KiB. */
export function requestFrames(id: number, block: Buffer): Buffer {
  const frames: Buffer[] = [];
  for (let offset = 0; offset === 0 || offset < block.length; offset += 16_384) {
    const last = offset + 16_384 >= block.length;
    const first = offset === 0;
    frames.push(
      frame(
        first ? FRAME.HEADERS : FRAME.CONTINUATION,
        (first ? END_STREAM : 0) | (last ? END_HEADERS : 0),
        id,
        block.subarray(offset, offset + 16_384),
      ),
    );
  }
  return Buffer.concat(frames);
}

/** The :status of a response's HEADERS when it is one of the static table's (RFC 7541 Appendix A), as nghttp2 sends it. */
const STATIC_STATUS: Record<number, number> = {
  0x88: 200,
  0x89: 204,
  0x8a: 206,
  0x8b: 304,
  0x8c: 400,
  0x8d: 404,
  0x8e: 500,
};

/**
 * A TLS connection that chose h2 by ALPN, for clients that write HTTP/2 frames themselves; `onClose` when the
 * service closes it (its errors are that close, nothing to report).
 */
export async function h2Socket(port: number, caFile: string, onClose: () => void): Promise<tls.TLSSocket> {
  const socket = tls.connect({
    host: '127.0.0.1',
    port,
    servername: 'localhost',
    ca: readFileSync(caFile),
    ALPNProtocols: ['h2'],
  });
  socket.on('error', () => undefined);
  socket.on('close', onClose);
  await new Promise((resolve, reject) => socket.once('secureConnect', resolve).once('error', reject));
  if (socket.alpnProtocol !== 'h2') throw new Error(`ALPN chose ${socket.alpnProtocol}, not h2`);
  return socket;
}

/**
 * One HTTP/2 connection written by hand. It reads every frame the service sends and keeps, per stream, the
 * answer's status (and whether it ended) or the RST_STREAM code; the GOAWAY, if any; whether the connection
 * closed. `acknowledgeSettings` says whether it acknowledges the service's SETTINGS, as every real client does:
 * until then the service's announced limits are not in force for it (RFC 9113 §6.5.3), and nghttp2 and Node
 * apply some of them differently.
 */
export class RawH2Connection {
  readonly answered = new Map<number, { status: number | 'other'; ended: boolean }>();
  readonly reset = new Map<number, number>();
  goaway: { lastStreamId: number; code: number } | undefined;
  closed = false;
  private nextId = 1;

  private constructor(private readonly socket: tls.TLSSocket) {}

  static async open(port: number, caFile: string, { acknowledgeSettings }: { acknowledgeSettings: boolean }) {
    let connection!: RawH2Connection;
    const socket = await h2Socket(port, caFile, () => (connection.closed = true));
    connection = new RawH2Connection(socket);
    let settings = false;
    let unread = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      unread = Buffer.concat([unread, chunk]);
      while (unread.length >= 9 && unread.length >= 9 + unread.readUIntBE(0, 3)) {
        const length = unread.readUIntBE(0, 3);
        const [type, flags, id] = [unread[3], unread[4], unread.readUInt32BE(5) & 0x7fffffff];
        const payload = unread.subarray(9, 9 + length);
        unread = unread.subarray(9 + length);
        if (type === FRAME.SETTINGS && !(flags & ACK)) {
          settings = true;
          if (acknowledgeSettings) socket.write(frame(FRAME.SETTINGS, ACK, 0, Buffer.alloc(0)));
        } else if (type === FRAME.HEADERS) {
          // nghttp2 sends :status first; PADDED (0x8) and PRIORITY (0x20) come before the block.
          const at = (flags & 0x8 ? 1 : 0) + (flags & 0x20 ? 5 : 0);
          connection.answered.set(id, { status: STATIC_STATUS[payload[at]] ?? 'other', ended: !!(flags & END_STREAM) });
        } else if (type === FRAME.DATA && flags & END_STREAM) {
          const answer = connection.answered.get(id);
          if (answer) answer.ended = true;
        } else if (type === FRAME.RST_STREAM) {
          connection.reset.set(id, payload.readUInt32BE(0));
        } else if (type === FRAME.GOAWAY) {
          connection.goaway = { lastStreamId: payload.readUInt32BE(0) & 0x7fffffff, code: payload.readUInt32BE(4) };
        }
      }
    });
    socket.write(
      Buffer.concat([Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'), frame(FRAME.SETTINGS, 0, 0, Buffer.alloc(0))]),
    );
    // The service's SETTINGS come first (and are acknowledged, when they are, before anything this client sends next).
    await waitFor("the service's SETTINGS", () => settings || connection.closed);
    return connection;
  }

  /** Writes one request per header block, all in one write, on the next stream ids: those ids. */
  send(blocks: Buffer[]): number[] {
    const ids = blocks.map(() => (this.nextId += 2) - 2);
    this.socket.write(Buffer.concat(blocks.map((block, n) => requestFrames(ids[n], block))));
    return ids;
  }

  /** Waits until each of `ids` is answered to its end or reset, or the connection is closed. */
  async settled(ids: number[]): Promise<void> {
    await waitFor(
      `streams ${ids[0]}..${ids[ids.length - 1]} answered or reset, or the connection closed`,
      () => this.closed || ids.every((id) => this.reset.has(id) || this.answered.get(id)?.ended),
    );
  }

  /** Outcomes of `ids`, counted: `{ "200": n, "reset 7": m, "none": k }`. */
  tally(ids: number[]): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const id of ids) {
      const code = this.reset.get(id);
      const answer = this.answered.get(id);
      const outcome = code !== undefined ? `reset ${code}` : answer?.ended ? String(answer.status) : 'none';
      counts[outcome] = (counts[outcome] ?? 0) + 1;
    }
    return counts;
  }

  close(): void {
    this.socket.destroy();
  }
}
