import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { ListAnswer } from '../bugzilla/streamed-answer.js';
import { RpcFault, RpcFaultCode } from './rpc-fault.js';

/**
 * XML-RPC as Bugzilla's XMLRPC server reads and writes it (Bugzilla/WebService/Server/XMLRPC.pm on
 * XMLRPC::Lite), with the parser treated as an attack surface: no DTD is accepted at all (so no
 * entity can be declared, expanded or fetched), only XML's five predefined entities and numeric
 * character references are decoded, and depth and element count are bounded before parsing.
 */

/** Deepest element nesting accepted (a methodCall with three levels of nested arrays and structs needs ~16). */
export const MAX_XML_DEPTH = 64;
/** Most elements in one request (a 1 MiB body of ids holds about 100 000). */
export const MAX_XML_ELEMENTS = 200_000;

type Params = Record<string, unknown>;

export interface XmlRpcCall {
  methodName: string;
  /** The first `<param>`, which Bugzilla requires to be a struct; `{}` without params. */
  params: Params;
}

type Node = Record<string, unknown>;

const parser = new XMLParser({
  preserveOrder: true,
  // Entities are decoded below, by a function that knows only the five predefined ones.
  processEntities: false,
  htmlEntities: false,
  ignoreAttributes: true,
  parseTagValue: false,
  // Whitespace inside <string> is data.
  trimValues: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  cdataPropName: '#cdata',
});

const notWellFormed = (detail: string) =>
  new RpcFault(RpcFaultCode.PARSE_ERROR, `The request is not well-formed XML: ${detail}`);
const invalidRequest = (detail: string) =>
  new RpcFault(RpcFaultCode.INVALID_XMLRPC, `The request is not a valid XML-RPC call: ${detail}`);

/**
 * Refuses DTDs and counts depth and elements in one linear pass over the text, before any parser
 * builds anything: a billion-laughs or external-entity body never reaches the parser.
 */
export function checkXmlBounds(xml: string): void {
  if (/<!DOCTYPE/i.test(xml) || /<!ENTITY/i.test(xml)) {
    throw notWellFormed('document type declarations (DTDs) and entity declarations are not accepted.');
  }
  let depth = 0;
  let elements = 0;
  let at = xml.indexOf('<');
  while (at !== -1) {
    let end: number;
    if (xml.startsWith('<!--', at)) end = endOf(xml, '-->', at);
    else if (xml.startsWith('<![CDATA[', at)) end = endOf(xml, ']]>', at);
    else if (xml.startsWith('<?', at)) end = endOf(xml, '?>', at);
    else {
      end = endOf(xml, '>', at);
      if (xml[at + 1] === '/') depth--;
      else {
        elements++;
        if (xml[end - 2] !== '/') depth++;
        if (depth > MAX_XML_DEPTH) throw invalidRequest(`elements are nested more than ${MAX_XML_DEPTH} deep.`);
        if (elements > MAX_XML_ELEMENTS) throw invalidRequest(`more than ${MAX_XML_ELEMENTS} elements.`);
      }
    }
    at = xml.indexOf('<', end);
  }
}

/** Index just past `terminator` (or the end of the text: the validator then reports what is missing). */
function endOf(xml: string, terminator: string, from: number): number {
  const found = xml.indexOf(terminator, from + 1);
  return found === -1 ? xml.length : found + terminator.length;
}

/** Reads a `<methodCall>`; throws an RpcFault for anything that is not a well-formed, valid call. */
export function parseMethodCall(xml: string): XmlRpcCall {
  checkXmlBounds(xml);
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw notWellFormed(`${valid.err.msg} (line ${valid.err.line}, column ${valid.err.col})`);
  let document: Node[];
  try {
    document = parser.parse(xml) as Node[];
  } catch (error) {
    throw notWellFormed(error instanceof Error ? error.message : 'unreadable document');
  }
  const roots = elements(document);
  if (roots.length !== 1 || roots[0].name !== 'methodCall')
    throw invalidRequest('the root element must be <methodCall>.');
  const call = elements(roots[0].children);
  const nameNode = call.find((e) => e.name === 'methodName');
  if (!nameNode) throw invalidRequest('<methodName> is missing.');
  const methodName = decodeText(nameNode.children).trim();

  const paramsNode = call.find((e) => e.name === 'params');
  const paramNodes = paramsNode ? elements(paramsNode.children).filter((e) => e.name === 'param') : [];
  if (paramNodes.length === 0) return { methodName, params: {} };
  const valueNode = elements(paramNodes[0].children).find((e) => e.name === 'value');
  if (!valueNode) throw invalidRequest('a <param> has no <value>.');
  const params = decodeValue(valueNode.children);
  if (params === null || typeof params !== 'object' || Array.isArray(params)) {
    throw invalidRequest('the parameters must be given as one <struct>.');
  }
  return { methodName, params: params as Params };
}

interface Element {
  name: string;
  children: Node[];
}

/** The element children of a preserveOrder node list (text, comments and CDATA left out). */
function elements(nodes: Node[]): Element[] {
  const out: Element[] = [];
  for (const node of nodes) {
    for (const key of Object.keys(node)) {
      if (key === '#text' || key === '#cdata' || key === ':@') continue;
      out.push({ name: key, children: node[key] as Node[] });
    }
  }
  return out;
}

/** The character data of a node list, entities decoded, CDATA sections as they are. */
function decodeText(nodes: Node[]): string {
  let text = '';
  for (const node of nodes) {
    if (typeof node['#text'] === 'string') text += decodeEntities(node['#text']);
    else if (Array.isArray(node['#cdata'])) {
      for (const inner of node['#cdata'] as Node[]) text += String(inner['#text'] ?? '');
    } else if (Object.keys(node).some((k) => k !== ':@')) {
      throw invalidRequest('an element was found where only text is allowed.');
    }
  }
  return text;
}

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes XML's five predefined entities and numeric character references; any other reference is refused. */
export function decodeEntities(raw: string): string {
  return raw.replace(/&([^;&\s]*);?/g, (match, body: string) => {
    if (!match.endsWith(';')) throw notWellFormed("a '&' that does not start a character reference.");
    if (Object.hasOwn(PREDEFINED, body)) return PREDEFINED[body];
    const numeric = /^#(?:x([0-9a-fA-F]{1,6})|([0-9]{1,7}))$/.exec(body);
    if (!numeric) throw notWellFormed(`the entity '&${body};' is not defined (only XML's predefined entities are).`);
    const codePoint = numeric[1] !== undefined ? parseInt(numeric[1], 16) : parseInt(numeric[2], 10);
    if (!isXmlChar(codePoint)) throw notWellFormed(`'${match}' is not a character XML allows.`);
    return String.fromCodePoint(codePoint);
  });
}

function isXmlChar(c: number): boolean {
  return (
    c === 0x9 ||
    c === 0xa ||
    c === 0xd ||
    (c >= 0x20 && c <= 0xd7ff) ||
    (c >= 0xe000 && c <= 0xfffd) ||
    (c >= 0x10000 && c <= 0x10ffff)
  );
}

/** Bugzilla's xmlrpc_invalid_value (-32600). */
function invalidValue(type: string, value: string): RpcFault {
  return new RpcFault(
    RpcFaultCode.INVALID_XMLRPC,
    `"${value}" is not a valid value for a <${type}> field. (See the XML-RPC specification for details.)`,
  );
}

const INT = /^[+-]?\d+$/;
const DOUBLE = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const DATE_TIME = /^(\d{4})-?(\d{2})-?(\d{2})T(\d{2}):?(\d{2}):?(\d{2})(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** The value inside a `<value>`; `undefined` for Bugzilla's "empty <int> is undef" and `<nil/>`. */
function decodeValue(nodes: Node[]): unknown {
  const typed = elements(nodes);
  if (typed.length === 0) return decodeText(nodes); // <value>text</value> is a string
  if (typed.length > 1) throw invalidRequest('a <value> holds more than one value.');
  const { name, children } = typed[0];
  switch (name) {
    case 'string':
      return decodeText(children);
    case 'int':
    case 'i4':
    case 'i8': {
      const text = decodeText(children).trim();
      if (text === '') return undefined;
      if (!INT.test(text)) throw invalidValue(name, text);
      const n = Number(text);
      if (!Number.isSafeInteger(n)) throw invalidValue(name, text);
      return n;
    }
    case 'double': {
      const text = decodeText(children).trim();
      if (text === '') return undefined;
      if (!DOUBLE.test(text)) throw invalidValue(name, text);
      // Its text, as Bugzilla's XMLRPC::Lite keeps it (a Perl scalar): a client that sends the string '2.0' as
      // <double>2.0</double> (Bugzilla's own QA suite does) names milestone '2.0', not '2'. Where a number
      // is wanted, the text is read as one, as a query string's is.
      return text;
    }
    case 'boolean': {
      const text = decodeText(children).trim();
      if (text !== '0' && text !== '1') throw invalidValue(name, text);
      return text === '1';
    }
    case 'dateTime.iso8601': {
      const text = decodeText(children).trim();
      if (text === '') return undefined;
      return decodeDateTime(text);
    }
    case 'base64': {
      const text = decodeText(children).replace(/\s+/g, '');
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) throw invalidValue(name, text);
      return Buffer.from(text, 'base64').toString('utf8');
    }
    case 'nil':
      return undefined;
    case 'array': {
      const data = elements(children).find((e) => e.name === 'data');
      if (!data) throw invalidRequest('an <array> has no <data>.');
      return elements(data.children)
        .filter((e) => e.name === 'value')
        .map((e) => decodeValue(e.children));
    }
    case 'struct': {
      const struct: Params = {};
      for (const member of elements(children).filter((e) => e.name === 'member')) {
        const parts = elements(member.children);
        const nameNode = parts.find((e) => e.name === 'name');
        const valueNode = parts.find((e) => e.name === 'value');
        if (!nameNode || !valueNode) throw invalidRequest('a struct <member> needs a <name> and a <value>.');
        const value = decodeValue(valueNode.children);
        if (value === undefined) continue;
        // An own property even for "__proto__" (as JSON.parse makes it): never the object's prototype.
        Object.defineProperty(struct, decodeText(nameNode.children), {
          value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return struct;
    }
    default:
      throw invalidRequest(`<${name}> is not an XML-RPC type.`);
  }
}

/** An incoming dateTime (zone optional: UTC assumed, as Bugzilla does) as `YYYY-MM-DDThh:mm:ssZ`. */
function decodeDateTime(text: string): string {
  const m = DATE_TIME.exec(text);
  if (!m) throw invalidValue('dateTime.iso8601', text);
  let ms = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]);
  const zone = m[7]?.toUpperCase();
  if (zone && zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    ms -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
  }
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) throw invalidValue('dateTime.iso8601', text);
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

// ---------------------------------------------------------------- writing

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';

/**
 * A successful answer. Types as Bugzilla writes them: integers `<int>`, other numbers `<double>`,
 * booleans `<boolean>1</boolean>`, strings `<string>`, the members named in `dateTimeFields`
 * `<dateTime.iso8601>` (UTC, `YYYYMMDDThh:mm:ss`); undefined and null members and array
 * elements are dropped (XMLRPC::Lite has no nil), and a null result is an empty `<value />`.
 */
export function methodResponse(result: unknown, dateTimeFields: ReadonlySet<string> = new Set()): string {
  const value = result === null || result === undefined ? '<value />' : encodeValue(result, false, dateTimeFields);
  return `${XML_HEAD}<methodResponse><params><param>${value}</param></params></methodResponse>`;
}

/**
 * The answer of methodResponse for a result whose one member is a list made item by item, in
 * pieces of one item each: joined, the same text, without the whole ever in memory.
 */
export function* methodResponsePieces(
  result: ListAnswer,
  dateTimeFields: ReadonlySet<string> = new Set(),
): Iterable<string> {
  const open = `${XML_HEAD}<methodResponse><params><param><value><struct><member><name>${escapeXml(result.listKey)}</name>`;
  const close = '</member></struct></value></param></params></methodResponse>';
  const isDateTime = dateTimeFields.has(result.listKey);
  let first = true;
  for (const item of result.listItems()) {
    if (item === null || item === undefined) continue;
    yield (first ? `${open}<value><array><data>` : '') + encodeValue(item, isDateTime, dateTimeFields);
    first = false;
  }
  yield first ? `${open}<value><array><data /></array></value>${close}` : `</data></array></value>${close}`;
}

/** A fault: `faultCode` the Bugzilla code, `faultString` its message. */
export function faultResponse(code: number, message: string): string {
  return (
    `${XML_HEAD}<methodResponse><fault><value><struct>` +
    `<member><name>faultCode</name><value><int>${code}</int></value></member>` +
    `<member><name>faultString</name>${encodeString(message)}</member>` +
    `</struct></value></fault></methodResponse>`
  );
}

function encodeValue(value: unknown, isDateTime: boolean, dateTimeFields: ReadonlySet<string>): string {
  if (typeof value === 'boolean') return `<value><boolean>${value ? 1 : 0}</boolean></value>`;
  if (typeof value === 'number') {
    return Number.isInteger(value) ? `<value><int>${value}</int></value>` : `<value><double>${value}</double></value>`;
  }
  if (typeof value === 'bigint') return `<value><int>${value}</int></value>`;
  if (typeof value === 'string') {
    if (isDateTime) {
      const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2}:\d{2})Z$/.exec(value);
      if (m) return `<value><dateTime.iso8601>${m[1]}${m[2]}${m[3]}T${m[4]}</dateTime.iso8601></value>`;
    }
    return encodeString(value);
  }
  if (value instanceof Date) {
    return encodeValue(value.toISOString().replace(/\.\d{3}Z$/, 'Z'), true, dateTimeFields);
  }
  if (Array.isArray(value)) {
    const items = value
      .filter((item) => item !== null && item !== undefined)
      .map((item) => encodeValue(item, isDateTime, dateTimeFields));
    return items.length
      ? `<value><array><data>${items.join('')}</data></array></value>`
      : '<value><array><data /></array></value>';
  }
  if (typeof value === 'object' && value !== null) {
    const members = Object.entries(value)
      .filter(([, member]) => member !== null && member !== undefined)
      .map(
        ([name, member]) =>
          `<member><name>${escapeXml(name)}</name>${encodeValue(member, dateTimeFields.has(name), dateTimeFields)}</member>`,
      );
    return members.length ? `<value><struct>${members.join('')}</struct></value>` : '<value><struct /></value>';
  }
  return encodeString(String(value));
}

function encodeString(text: string): string {
  return text === '' ? '<value><string /></value>' : `<value><string>${escapeXml(text)}</string></value>`;
}

/**
 * Escapes markup characters and `\r` (which an XML reader would otherwise turn into `\n`).
 * Characters XML 1.0 cannot carry at all (most C0 controls, lone surrogates) become U+FFFD, so
 * that the answer stays readable by any XML-RPC client.
 */
export function escapeXml(text: string): string {
  return text
    .replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'))
    .replace(/\r/g, '&#13;')
    .replace(
      // XML 1.0 cannot carry these characters at all, not even as references: they are replaced.
      // oxlint-disable-next-line no-control-regex
      /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
      '\ufffd',
    );
}
