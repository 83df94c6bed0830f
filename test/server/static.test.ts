/**
 * The page at `/` and the built bundle from dist/, without path traversal.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { VERSION } from '../../demo/server/routes/static.ts';
import { call, withServer } from '../support/server.ts';

const root = mkdtempSync(join(tmpdir(), 'castlet-static-'));
writeFileSync(
  join(root, 'index.html'),
  '<!doctype html><title>castlet demo</title><stream-player public-token="97824ed0-ee56-4d2c-ba29-efbcb76794c5"></stream-player>',
);
writeFileSync(join(root, 'secret.txt'), 'outside the bundle');
mkdirSync(join(root, 'dist', 'chunks'), { recursive: true });
writeFileSync(join(root, 'dist', 'castlet.js'), 'export {};');
writeFileSync(join(root, 'dist', 'chunks', 'base-abc.js'), 'export const x = 1;');
/** Big enough to be worth compressing. */
const BIG = `export const parts = [${Array.from({ length: 400 }, (_, i) => `"part ${i}"`).join(',')}];\n`;
writeFileSync(join(root, 'dist', 'big.js'), BIG);
const emptyDist = mkdtempSync(join(tmpdir(), 'castlet-empty-'));

/** Sends `request` verbatim and returns the status line's code. */
function rawStatus(port: number, request: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let data = '';
    socket.on('data', (d) => {
      data += d.toString('latin1');
      if (data.includes('\r\n')) {
        socket.destroy();
        resolve(Number(data.split(' ')[1]));
      }
    });
    socket.on('error', reject);
  });
}

describe('with a built bundle', () => {
  const s = withServer({ indexFile: join(root, 'index.html'), staticDir: join(root, 'dist') });

  it('/ is the page', async () => {
    const r = await call(`${s.url}/`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(r.text).toContain('castlet demo');
  });

  it('/ runs under a strict CSP: nothing inline, nothing from elsewhere but https artwork', async () => {
    const csp = (await call(`${s.url}/`)).headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("style-src 'self';");
    expect(csp).not.toContain('unsafe');
  });

  it("/ embeds the account's current public token, also after resetTokens", async () => {
    expect((await call(`${s.url}/`)).text).toContain(`public-token="${s.server.store.tokens.public_token}"`);
    const { public_token } = s.server.store.resetTokens();
    const r = await call(`${s.url}/`);
    expect(r.text).toContain(`public-token="${public_token}"`);
    expect(r.headers.get('content-length')).toBe(String(Buffer.byteLength(r.text)));
  });

  it.each(['/castlet.js', '/chunks/base-abc.js'])('%s is JavaScript', async (path) => {
    const r = await call(`${s.url}${path}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    // module scripts on other sites' pages are fetched in CORS mode
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
  });

  it.each(['/nope.js', '/chunks', '/..%2fsecret.txt', '/%2e%2e/secret.txt', '/chunks/..%2f..%2fsecret.txt', '/%00', '/%E0%A4%A'])(
    '%s → 404',
    async (path) => {
      const r = await call(`${s.url}${path}`);
      expect(r.status).toBe(404);
      expect(r.text).not.toContain('outside the bundle');
    },
  );

  it.each(['GET /../secret.txt HTTP/1.1', 'GET /chunks/../../secret.txt HTTP/1.1', 'GET /..\\secret.txt HTTP/1.1'])(
    'raw %j never escapes dist/',
    async (line) => {
      const status = await rawStatus(s.server.port, `${line}\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect([400, 404]).toContain(status);
    },
  );
});

describe('served as a CDN would', () => {
  const s = withServer({ indexFile: join(root, 'index.html'), staticDir: join(root, 'dist') });
  const get = (path: string, headers: Record<string, string> = {}) => call(`${s.url}${path}`, { headers });

  it.each([
    ['br, gzip, deflate', 'br', brotliCompressSync(BIG, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).byteLength],
    ['gzip;q=1, br;q=0', 'gzip', gzipSync(BIG, { level: 9 }).byteLength],
    ['identity', null, Buffer.byteLength(BIG)],
  ])('Accept-Encoding: %s → %s', async (accept, encoding, length) => {
    const r = await get('/big.js', { 'Accept-Encoding': accept });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-encoding')).toBe(encoding);
    expect(r.headers.get('content-length')).toBe(String(length));
    expect(r.headers.get('vary')).toBe('Accept-Encoding');
    expect(r.text).toBe(BIG); // fetch decodes it
  });

  it('has an ETag per representation, and If-None-Match gets a 304 without a body', async () => {
    const plain = (await get('/big.js', { 'Accept-Encoding': 'identity' })).headers.get('etag')!;
    const br = (await get('/big.js', { 'Accept-Encoding': 'br' })).headers.get('etag')!;
    expect(plain).toMatch(/^"[\w-]+"$/);
    expect(br).not.toBe(plain);
    const r = await get('/big.js', { 'Accept-Encoding': 'br', 'If-None-Match': `"other", W/${br}` });
    expect(r.status).toBe(304);
    expect(r.text).toBe('');
    expect(r.headers.get('etag')).toBe(br);
    expect((await get('/big.js', { 'Accept-Encoding': 'br', 'If-None-Match': plain })).status).toBe(200);
  });

  it('the unversioned URL revalidates; /castlet@<version>/… is the same file, immutable for a year', async () => {
    expect((await get('/big.js')).headers.get('cache-control')).toBe('no-cache');
    for (const path of ['big.js', 'castlet.js', 'chunks/base-abc.js']) {
      const r = await get(`/castlet@${VERSION}/${path}`);
      expect(r.status, path).toBe(200);
      expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(r.headers.get('access-control-allow-origin')).toBe('*');
      expect(r.text).toBe((await get(`/${path}`)).text);
    }
  });

  it.each(['/castlet@0.0.0-nope/castlet.js', `/castlet@${VERSION}/`, `/castlet@${VERSION}/..%2f..%2fsecret.txt`])('%s → 404', async (path) => {
    const r = await get(path);
    expect(r.status).toBe(404);
    expect(r.text).not.toContain('outside the bundle');
  });
});

describe('without a built bundle', () => {
  const s = withServer({ indexFile: join(root, 'index.html'), staticDir: emptyDist });

  it('/castlet.js → 404 with a hint to build', async () => {
    const r = await call(`${s.url}/castlet.js`);
    expect(r.status).toBe(404);
    expect(r.text).toContain('run npm run build');
  });
});
