/**
 * The page at `/` and the built bundle (`dist/`) for every other non-API GET.
 */
import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8',
};

export interface StaticOptions {
  /** Served at `/`. */
  indexFile: string;
  /** Rewrites the page at `/` before it is sent (the account's current public token). */
  page?: (html: string) => string;
  /** Root of every other path (the built bundle). */
  dir: string;
}

/**
 * The demo page runs under the strict policy a site owner would use: no inline script or
 * style anywhere, everything from this origin (artwork may come from any https host).
 */
export const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; media-src 'self'; " +
  "img-src 'self' data: https:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const notFound = (hint = 'Not found.') =>
  new Response(`${hint}\n`, { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

/** The file for `pathname`, or a plain-text 404; never a file outside `dir`. */
export async function serveStatic(pathname: string, opts: StaticOptions, head = false): Promise<Response> {
  let file: string;
  if (pathname === '/') {
    file = opts.indexFile;
  } else {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return notFound();
    }
    const root = resolve(opts.dir);
    file = resolve(root, `.${decoded}`);
    if (decoded.includes('\0') || !file.startsWith(root + sep)) return notFound();
  }
  try {
    if (!(await stat(file)).isFile()) return notFound();
    let bytes: Uint8Array = await readFile(file);
    const page = pathname === '/';
    if (page && opts.page) bytes = new TextEncoder().encode(opts.page(new TextDecoder().decode(bytes)));
    return new Response(head ? null : (bytes as Uint8Array<ArrayBuffer>), {
      headers: {
        ...(page ? { 'Content-Security-Policy': PAGE_CSP } : {}),
        'Content-Type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
        'Content-Length': String(bytes.byteLength),
        'Cache-Control': 'no-cache',
        // Site owners load the bundle with <script type="module"> from their own origin: module
        // scripts are fetched in CORS mode, so without this header the widgets never load.
        'Access-Control-Allow-Origin': '*',
      },
    });
  } catch {
    return notFound(pathname === '/castlet.js' ? 'castlet.js is not built yet: run npm run build' : undefined);
  }
}
