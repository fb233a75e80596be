// What the ceiling and the Nest floor replay: the service's answer to each path, fetched once (with the
// bench user's API key when given), as its status, its body's bytes and its headers — every header
// but those Node's HTTP server writes itself for each response (Date, Connection, Keep-Alive) or
// from the body (Content-Length, Transfer-Encoding). Sent again, it is the same answer on the wire.

const WRITTEN_BY_NODE = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** Map of path -> { status, body (Buffer), headers (object) }. */
export async function fetchAnswers(source, paths, apiKey) {
  const answers = new Map();
  for (const path of paths) {
    // identity: fetch asks for gzip by default and decodes it, which would leave the decoded bytes under the
    // service's `Content-Encoding: gzip`.
    const response = await fetch(`${source}${path}`, {
      headers: { 'accept-encoding': 'identity', ...(apiKey && { 'x-bugzilla-api-key': apiKey }) },
    });
    const headers = {};
    for (const [name, value] of response.headers) if (!WRITTEN_BY_NODE.has(name)) headers[name] = value;
    answers.set(path, { status: response.status, body: Buffer.from(await response.arrayBuffer()), headers });
  }
  return answers;
}
