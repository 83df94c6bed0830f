/**
 * The page at `/` and the built bundle from dist/, without path traversal.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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

describe('without a built bundle', () => {
  const s = withServer({ indexFile: join(root, 'index.html'), staticDir: emptyDist });

  it('/castlet.js → 404 with a hint to build', async () => {
    const r = await call(`${s.url}/castlet.js`);
    expect(r.status).toBe(404);
    expect(r.text).toContain('run npm run build');
  });
});
