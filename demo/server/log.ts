/**
 * One log line per request: method, path, status, milliseconds. Token values in the query
 * become `token=…`, UUID-shaped path segments become `…`; headers and bodies are never logged.
 */
import type { MiddlewareHandler } from 'hono';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const MAX_LENGTH = 300;

function isTokenName(raw: string): boolean {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).trim().toLowerCase() === 'token';
  } catch {
    return raw.toLowerCase().includes('token');
  }
}

/** `path?query` with every token value replaced by `…`. */
export function redactUrl(pathAndQuery: string): string {
  const q = pathAndQuery.indexOf('?');
  const path = (q < 0 ? pathAndQuery : pathAndQuery.slice(0, q)).replace(UUID, '…');
  if (q < 0) return path;
  const query = pathAndQuery
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return isTokenName(name) ? `${name}=…` : pair.replace(UUID, '…');
    })
    .join('&');
  return `${path}?${query}`;
}

export function requestLogger(log: (line: string) => void): MiddlewareHandler {
  return async function logRequest(c, next) {
    const started = performance.now();
    await next();
    const url = new URL(c.req.url);
    let target = redactUrl(url.pathname + url.search);
    if (target.length > MAX_LENGTH) target = `${target.slice(0, MAX_LENGTH)}…`;
    const method = c.req.method.slice(0, 16);
    log(`${method} ${target} ${c.res.status} ${(performance.now() - started).toFixed(1)}ms`);
  };
}
