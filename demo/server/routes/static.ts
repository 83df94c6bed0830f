/**
 * The page at `/` and the built bundle (`dist/`) for every other non-API GET, served as a
 * CDN would (docs/design.md §3): brotli or gzip by `Accept-Encoding`, an `ETag` (the etag
 * middleware: 304 on `If-None-Match`), and every file also at `/castlet@<version>/…`,
 * immutable for a year. Mounted last: it takes every GET the other routes left.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env.ts';
import { conditionalGet } from '../middleware/etag.ts';
import { fetched } from '../pages/html-page.ts';

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

/** The demo's other pages (the embed API's example, embed-api.html): the same policy, and frames from this origin. */
export const EXAMPLE_CSP = `${PAGE_CSP}; frame-src 'self'`;

/** The package version: `/castlet@<version>/castlet.js` is the bundle of this version. */
export const VERSION = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
const VERSIONED = `/castlet@${VERSION}/`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Text worth compressing; smaller files are sent as they are. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt']);
const MIN_COMPRESS = 1024;

/**
 * Compressed bodies by file and encoding, with the bytes they were made from (brotli at its best level is slow: once per build,
 * off the event loop on zlib's threads, so a large file such as hls.js never stalls the other requests; one compression per file at a time).
 */
const compressed = new Map<string, { from: Uint8Array; body: Promise<Uint8Array> }>();
const [brotliAsync, gzipAsync] = [promisify(brotliCompress), promisify(gzip)];

/** The encoding to send for `accept` (an `Accept-Encoding` value): br, gzip or none. */
export function pickEncoding(accept: string | null): 'br' | 'gzip' | null {
  const q = new Map<string, number>();
  for (const part of (accept ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const weight = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) q.set(name, weight === undefined ? 1 : Number(weight));
  }
  const ok = (name: string) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : null;
}

function compress(bytes: Uint8Array, encoding: 'br' | 'gzip', file: string): Promise<Uint8Array> {
  const key = `${encoding}:${file}`;
  const made = compressed.get(key);
  if (made && Buffer.compare(made.from, bytes) === 0) return made.body;
  const body =
    encoding === 'br'
      ? brotliAsync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength } })
      : gzipAsync(bytes, { level: 9 });
  if (compressed.size >= 256) compressed.clear();
  compressed.set(key, { from: bytes, body });
  body.catch(() => compressed.delete(key));
  return body;
}

/**
 * Middleware: the page at `/` and the file for any other GET path, found by @hono/node-server's
 * serveStatic (never a file outside `dir`), sent as a CDN would; nothing found → next().
 */
export function bundleFiles(opts: StaticOptions): MiddlewareHandler {
  const found = new WeakMap<Context, string>();
  const onFound = (path: string, c: Context) => void found.set(c, path);
  const page = serveStatic({ path: opts.indexFile, onFound });
  const root = resolve(opts.dir);
  const files = serveStatic({
    // The root is put in here, not as `root`, which would warn at start when nothing is built yet.
    rewriteRequestPath: (path) => root + (path.startsWith(VERSIONED) ? path.slice(VERSIONED.length - 1) : path),
    onFound,
  });
  return async function bundleFile(c, next) {
    const isPage = c.req.path === '/';
    if (c.req.path === VERSIONED) return next();
    // Only where the file is is taken from serveStatic; the bytes are read once, whole, below.
    await (await (isPage ? page : files)(c, async () => {}))?.body?.cancel();
    const file = found.get(c);
    if (!file) return next();
    const versioned = c.req.path.startsWith(VERSIONED);
    let bytes: Uint8Array = await readFile(file);
    if (isPage && opts.page) bytes = new TextEncoder().encode(opts.page(new TextDecoder().decode(bytes)));
    const ext = extname(file).toLowerCase();
    const compressible = !isPage && COMPRESSIBLE.has(ext);
    const encoding = compressible && bytes.byteLength >= MIN_COMPRESS ? pickEncoding(c.req.header('accept-encoding') ?? null) : null;
    // The ETag (etag middleware) is of the bytes sent: one per representation.
    const body = encoding ? await compress(bytes, encoding, file) : bytes;
    return new Response(body as Uint8Array<ArrayBuffer>, {
      headers: {
        ...(isPage ? { 'Content-Security-Policy': PAGE_CSP } : ext === '.html' ? { 'Content-Security-Policy': EXAMPLE_CSP } : {}),
        'Content-Type': TYPES[ext] ?? 'application/octet-stream',
        // The unversioned URL always revalidates (cheap with the ETag); a versioned one never changes.
        'Cache-Control': versioned ? IMMUTABLE : 'no-cache',
        ...(compressible ? { Vary: 'Accept-Encoding' } : {}),
        // Site owners load the bundle with <script type="module"> from their own origin: module
        // scripts are fetched in CORS mode, so without this header the widgets never load.
        'Access-Control-Allow-Origin': '*',
        ...(encoding ? { 'Content-Encoding': encoding } : {}),
        'Content-Length': String(body.byteLength),
      },
    });
  };
}

export interface StaticRouteOptions extends StaticOptions {
  /** More `media-src` origins for the demo page's policy (Icecast mode: the mounts' origin). */
  mediaSrc?: string;
}

/** The page and the bundle: every GET no other route took (mount at `/`, after the others). */
export function staticRoutes({ mediaSrc, ...files }: StaticRouteOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // Icecast mode: the demo page's own CSP lets its players fetch the Icecast mounts.
  const pageCsp = mediaSrc
    ? PAGE_CSP.replace("media-src 'self'", `media-src 'self' ${mediaSrc}`).replace("connect-src 'self'", `connect-src 'self'${fetched(mediaSrc)}`)
    : undefined;
  app.get(
    '*',
    conditionalGet,
    async function pageCspHeader(c, next) {
      await next();
      if (pageCsp && c.res.headers.has('Content-Security-Policy')) c.res.headers.set('Content-Security-Policy', pageCsp);
    },
    bundleFiles(files),
  );
  return app;
}
