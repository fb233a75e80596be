import { XMLParser } from 'fast-xml-parser';
import type { ApiResponse, TestApp } from './test-app.js';

/**
 * Calls the service's XML-RPC and JSON-RPC servers the way clients do, and reads the answers back
 * into plain values, so that specs can compare them with the REST answers.
 */

type Params = Record<string, unknown>;

/** What an RPC call answered: a value or a fault (code, message), plus the raw response. */
export interface RpcAnswer {
  status: number;
  value?: unknown;
  fault?: { code: number; message: string };
  response: ApiResponse;
}

// ---------------------------------------------------------------- XML-RPC

/** Python's xmlrpc.client.dumps layout (what python-bugzilla sends). */
export function methodCall(method: string, params?: Params): string {
  const param = params === undefined ? '' : `<param>\n${encode(params)}\n</param>\n`;
  return `<?xml version='1.0'?>\n<methodCall>\n<methodName>${method}</methodName>\n<params>\n${param}</params>\n</methodCall>\n`;
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#xd;');
}

function encode(value: unknown): string {
  if (typeof value === 'boolean') return `<value><boolean>${value ? 1 : 0}</boolean></value>`;
  if (typeof value === 'number') return `<value><int>${value}</int></value>`;
  if (typeof value === 'string') return `<value><string>${escape(value)}</string></value>`;
  if (value === null || value === undefined) return '<value><nil/></value>';
  if (Array.isArray(value)) return `<value><array><data>\n${value.map(encode).join('\n')}\n</data></array></value>`;
  const members = Object.entries(value as Params).map(
    ([name, member]) => `<member>\n<name>${escape(name)}</name>\n${encode(member)}\n</member>`,
  );
  return `<value><struct>\n${members.join('\n')}\n</struct></value>`;
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: false,
  // Decoded in text() below: the predefined entities and numeric references (as any XML reader does).
  processEntities: false,
});

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(raw: string): string {
  return raw.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (_m, ref: string) =>
    ref.startsWith('#x')
      ? String.fromCodePoint(parseInt(ref.slice(2), 16))
      : ref.startsWith('#')
        ? String.fromCodePoint(Number(ref.slice(1)))
        : ENTITIES[ref],
  );
}

type Node = Record<string, Node[] | string>;

function children(nodes: Node[]): { name: string; nodes: Node[] }[] {
  return nodes.flatMap((node) =>
    Object.keys(node)
      .filter((k) => k !== '#text')
      .map((k) => ({ name: k, nodes: node[k] as Node[] })),
  );
}

function text(nodes: Node[]): string {
  return decodeEntities(nodes.map((n) => (typeof n['#text'] === 'string' ? n['#text'] : '')).join(''));
}

/** An XML-RPC `<value>` as JSON would carry it: dateTimes become `YYYY-MM-DDThh:mm:ssZ`. */
function decode(nodes: Node[]): unknown {
  const typed = children(nodes);
  if (typed.length === 0) return text(nodes);
  const { name, nodes: inner } = typed[0];
  switch (name) {
    case 'string':
      return text(inner);
    case 'int':
    case 'i4':
      return Number(text(inner));
    case 'double':
      return Number(text(inner));
    case 'boolean':
      return text(inner) === '1';
    case 'dateTime.iso8601': {
      const m = /^(\d{4})(\d{2})(\d{2})T(\d{2}:\d{2}:\d{2})$/.exec(text(inner));
      if (!m) throw new Error(`unexpected dateTime ${text(inner)}`);
      return `${m[1]}-${m[2]}-${m[3]}T${m[4]}Z`;
    }
    case 'array': {
      const data = children(inner).find((c) => c.name === 'data');
      return children(data?.nodes ?? []).map((c) => decode(c.nodes));
    }
    case 'struct': {
      const out: Params = {};
      for (const member of children(inner)) {
        const parts = children(member.nodes);
        out[text(parts.find((p) => p.name === 'name')!.nodes)] = decode(parts.find((p) => p.name === 'value')!.nodes);
      }
      return out;
    }
    default:
      throw new Error(`unexpected XML-RPC type <${name}>`);
  }
}

/** Reads a methodResponse: its value (undefined for an empty `<value />`) or its fault. */
export function readMethodResponse(xml: string): Pick<RpcAnswer, 'value' | 'fault'> {
  const [root] = children(parser.parse(xml) as Node[]).filter((c) => c.name === 'methodResponse');
  if (!root) throw new Error(`not a methodResponse: ${xml}`);
  const [part] = children(root.nodes);
  if (part.name === 'fault') {
    const fault = decode(children(part.nodes)[0].nodes) as { faultCode: number; faultString: string };
    return { fault: { code: fault.faultCode, message: fault.faultString } };
  }
  const param = children(children(part.nodes)[0].nodes)[0];
  return { value: param.nodes.length === 0 ? null : decode(param.nodes) };
}

export async function xmlrpc(
  app: TestApp,
  method: string,
  params?: Params,
  headers: Record<string, string> = {},
): Promise<RpcAnswer> {
  const response = await app.post('/xmlrpc.cgi', {
    rawBody: methodCall(method, params),
    headers: { 'content-type': 'text/xml', ...headers },
  });
  return { status: response.status, ...readMethodResponse(response.text), response };
}

// ---------------------------------------------------------------- JSON-RPC

let nextId = 1;

/** A JSON-RPC 1.0-shaped POST (params as an array of one struct). */
export async function jsonrpc(
  app: TestApp,
  method: string,
  params: Params = {},
  headers: Record<string, string> = {},
): Promise<RpcAnswer> {
  const id = nextId++;
  const response = await app.post('/jsonrpc.cgi', { body: { method, params: [params], id }, headers });
  const body = response.body as { result: unknown; error: { code: number; message: string } | null; id: number };
  if (body.id !== id) throw new Error(`JSON-RPC answered id ${body.id} to id ${id}`);
  return body.error
    ? { status: response.status, fault: { code: body.error.code, message: body.error.message }, response }
    : { status: response.status, value: body.result, response };
}

/** A JSON-RPC GET (`method`, `params` as a JSON array of one struct, `id`), as Bugzilla's web pages call. */
export async function jsonrpcGet(app: TestApp, method: string, params: Params = {}): Promise<RpcAnswer> {
  const response = await app.get('/jsonrpc.cgi', { query: { method, params: JSON.stringify([params]), id: 'g' } });
  const body = response.body as { result: unknown; error: { code: number; message: string } | null };
  return body.error
    ? { status: response.status, fault: { code: body.error.code, message: body.error.message }, response }
    : { status: response.status, value: body.result, response };
}

/** A JSON value as XML-RPC can carry it: null members and array elements dropped (XMLRPC::Lite has no nil). */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((v) => v !== null && v !== undefined).map(withoutNulls);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== null && v !== undefined)
        .map(([k, v]) => [k, withoutNulls(v)]),
    );
  }
  return value;
}
