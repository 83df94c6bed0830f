/**
 * One log line per request: method, path, status, milliseconds. Token values in the query
 * become `token=…`, UUID-shaped text in the path or another parameter becomes `…`, written
 * plainly or percent-encoded (`%2D` or `%2d` for a hyphen, any character escaped); headers
 * and bodies are never logged.
 */
import type { MiddlewareHandler } from 'hono';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** UUID without `g`: a test that keeps no state between calls. */
const HAS_UUID = new RegExp(UUID.source, 'i');
const MAX_LENGTH = 300;

function decoded(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

function isTokenName(raw: string): boolean {
  if (raw.toLowerCase().includes('token')) return true;
  // Only an encoded name (`%74oken`, `+token`) can decode to "token" without containing it.
  return /[%+]/.test(raw) && decoded(raw)?.trim().toLowerCase() === 'token';
}

/** `part` (a path segment or a query value) with UUIDs replaced, also percent-encoded ones. */
function redactPart(part: string): string {
  const plain = HAS_UUID.test(part) ? part.replace(UUID, '…') : part;
  if (!plain.includes('%')) return plain;
  // A UUID hidden by percent-encoding: drop the whole part rather than re-encode it.
  const text = decoded(plain);
  return text === undefined ? plain.replace(/%2d/gi, '-').replace(UUID, '…') : text.search(UUID) >= 0 ? '…' : plain;
}

/** `path?query` with every token value replaced by `…`. */
export function redactUrl(pathAndQuery: string): string {
  const q = pathAndQuery.indexOf('?');
  const rawPath = q < 0 ? pathAndQuery : pathAndQuery.slice(0, q);
  // Without a percent sign each segment is only its UUIDs replaced, which no '/' splits: the
  // whole path at once (the common case, e.g. /private/checkToken, costs one regex test).
  const path = rawPath.includes('%') ? rawPath.split('/').map(redactPart).join('/') : redactPart(rawPath);
  if (q < 0) return path;
  const query = pathAndQuery
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return isTokenName(name) ? `${name}=…` : eq < 0 ? redactPart(pair) : `${redactPart(name)}=${redactPart(pair.slice(eq + 1))}`;
    })
    .join('&');
  return `${path}?${query}`;
}

/**
 * Writes log lines to stdout once per turn of the event loop instead of once per request
 * (a write to a pipe is synchronous: under load one syscall per line was a tenth of the CPU).
 */
export function batchedStdout(write: (text: string) => void = (text) => process.stdout.write(text)): (line: string) => void {
  let lines: string[] = [];
  return (line) => {
    if (lines.push(line) > 1) return;
    setImmediate(() => {
      const text = `${lines.join('\n')}\n`;
      lines = [];
      write(text);
    });
  };
}

export function requestLogger(log: (line: string) => void): MiddlewareHandler {
  return async function logRequest(c, next) {
    const started = performance.now();
    await next();
    // The path and query of the absolute request URL, without parsing it again.
    const url = c.req.url;
    const path = url.indexOf('/', url.indexOf('//') + 2);
    let target = redactUrl(path < 0 ? '/' : url.slice(path));
    if (target.length > MAX_LENGTH) target = `${target.slice(0, MAX_LENGTH)}…`;
    const method = c.req.method.slice(0, 16);
    log(`${method} ${target} ${c.res.status} ${(performance.now() - started).toFixed(1)}ms`);
  };
}
