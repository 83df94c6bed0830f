/**
 * The page at `/` and the built bundle (`dist/`) for every other non-API GET, served as a
 * CDN would (docs/design.md §3): brotli or gzip by `Accept-Encoding`, an `ETag` (304 on
 * `If-None-Match`), and every file also at `/castlet@<version>/…`, immutable for a year.
 */
import { readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { etagOf } from './respond.ts';

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

/** The package version: `/castlet@<version>/castlet.js` is the bundle of this version. */
export const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
const VERSIONED = `/castlet@${VERSION}/`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Text worth compressing; smaller files are sent as they are. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt']);
const MIN_COMPRESS = 1024;

/** Compressed bodies by ETag and encoding (brotli at its best level is slow: once per build). */
const compressed = new Map<string, Uint8Array>();

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

function compress(bytes: Uint8Array, encoding: 'br' | 'gzip', etag: string): Uint8Array {
  const key = `${etag}${encoding}`;
  let body = compressed.get(key);
  if (!body) {
    body =
      encoding === 'br'
        ? brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength } })
        : gzipSync(bytes, { level: 9 });
    if (compressed.size >= 256) compressed.clear();
    compressed.set(key, body);
  }
  return body;
}

/** True when `ifNoneMatch` (an `If-None-Match` value) names `etag` (weak comparison, RFC 9110 §13.1.2). */
const matches = (ifNoneMatch: string | null, etag: string) =>
  !!ifNoneMatch && (ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag));

const notFound = (hint = 'Not found.') =>
  new Response(`${hint}\n`, { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

/**
 * The file for `pathname`, or a plain-text 404; never a file outside `dir`. `headers` are the
 * request's (`Accept-Encoding`, `If-None-Match`).
 */
export async function serveStatic(pathname: string, opts: StaticOptions, head = false, headers?: Headers): Promise<Response> {
  const versioned = pathname.startsWith(VERSIONED);
  if (versioned) pathname = pathname.slice(VERSIONED.length - 1);
  if (versioned && pathname === '/') return notFound();
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
    const ext = extname(file).toLowerCase();
    const encoding = !page && COMPRESSIBLE.has(ext) && bytes.byteLength >= MIN_COMPRESS ? pickEncoding(headers?.get('accept-encoding') ?? null) : null;
    // One ETag per representation: the compressed bytes differ from the plain ones.
    const plain = etagOf(bytes);
    const etag = encoding ? `${plain.slice(0, -1)}-${encoding}"` : plain;
    const common: Record<string, string> = {
      ...(page ? { 'Content-Security-Policy': PAGE_CSP } : {}),
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
      ETag: etag,
      // The unversioned URL always revalidates (cheap with the ETag); a versioned one never changes.
      'Cache-Control': versioned ? IMMUTABLE : 'no-cache',
      ...(!page && COMPRESSIBLE.has(ext) ? { Vary: 'Accept-Encoding' } : {}),
      // Site owners load the bundle with <script type="module"> from their own origin: module
      // scripts are fetched in CORS mode, so without this header the widgets never load.
      'Access-Control-Allow-Origin': '*',
    };
    if (matches(headers?.get('if-none-match') ?? null, etag)) return new Response(null, { status: 304, headers: common });
    const body = encoding ? compress(bytes, encoding, etag) : bytes;
    return new Response(head ? null : (body as Uint8Array<ArrayBuffer>), {
      headers: { ...common, ...(encoding ? { 'Content-Encoding': encoding } : {}), 'Content-Length': String(body.byteLength) },
    });
  } catch {
    return notFound(pathname === '/castlet.js' ? 'castlet.js is not built yet: run npm run build' : undefined);
  }
}
