import { type Encoding, SUPPORTED_ENCODINGS } from './encodings.js';

/**
 * Which content coding a request's `Accept-Encoding` asks for (RFC 9110 §12.5.3), among the ones the
 * service makes (SUPPORTED_ENCODINGS, in the order it prefers them when the client weighs them alike):
 * the acceptable one with the highest q-value, unless `identity` is named and weighs more; `*` stands for every coding
 * the header does not name. Undefined means the answer goes plain: no header, nothing acceptable, or a
 * header that cannot be read (SPEC §18: a malformed header is answered plain, never with an error; and
 * never 406 either, as Apache and nginx do).
 */
export function negotiatedEncoding(header: string | string[] | undefined): Encoding | undefined {
  if (header === undefined) return undefined;
  const text = Array.isArray(header) ? header.join(',') : header;
  if (text === '') return undefined;
  // Clients send a handful of distinct headers; read each once.
  const known = negotiated.get(text);
  if (known !== undefined || negotiated.has(text)) return known;
  const chosen = choose(text);
  if (negotiated.size >= NEGOTIATED_LIMIT) negotiated.clear();
  negotiated.set(text, chosen);
  return chosen;
}

/** Headers read, and what they chose: bounded, as any client may send any header. */
const negotiated = new Map<string, Encoding | undefined>();
const NEGOTIATED_LIMIT = 256;

/** A coding's name (an RFC 9110 token) and an optional weight, nothing else. */
const MEMBER = /^([!#$%&'*+.^_`|~0-9a-z-]+)\s*(?:;\s*q\s*=\s*(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)\s*)?$/i;

/** The weight of each coding the header names, or undefined when it cannot be read. */
function weights(text: string): Map<string, number> | undefined {
  const named = new Map<string, number>();
  for (const member of text.split(',')) {
    const trimmed = member.trim();
    // Empty members ("gzip,,br") are allowed by the list syntax.
    if (trimmed === '') continue;
    const match = MEMBER.exec(trimmed);
    if (!match) return undefined;
    const coding = match[1].toLowerCase();
    // x-gzip is gzip (RFC 9110 §8.4.1.3).
    named.set(coding === 'x-gzip' ? 'gzip' : coding, match[2] === undefined ? 1 : Number(match[2]));
  }
  return named;
}

function choose(text: string): Encoding | undefined {
  const named = weights(text);
  if (!named) return undefined;
  const any = named.get('*');
  let best: Encoding | undefined;
  let bestWeight = 0;
  for (const encoding of SUPPORTED_ENCODINGS) {
    const weight = named.get(encoding) ?? any ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  // Plain wins only when the header weighs `identity` itself above every coding the service makes (as
  // Apache and nginx, which compress for any acceptable coding whatever its weight).
  const identity = named.get('identity') ?? 0;
  return best !== undefined && bestWeight >= identity ? best : undefined;
}
