/**
 * Running the mock: startServer().close() ends open streams promptly; `npm run mock`
 * (main.ts) prints one line with the address and tokens, validates its environment and
 * stops on SIGTERM.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import { startServer } from '../../demo/server/serve.ts';
import { DEMO_TOKENS, openEvents } from '../support/server.ts';

const MAIN = new URL('../../demo/server/main.ts', import.meta.url).pathname;
const TSX = new URL('../../node_modules/.bin/tsx', import.meta.url).pathname;

function runMain(env: Record<string, string>): Promise<{ code: number | null; out: string; err: string; url?: string }> {
  return new Promise((resolve) => {
    const child = spawn(TSX, [MAIN], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let checked = false;
    child.stdout.on('data', async (d) => {
      out += d;
      const url = /castlet mock on (\S+)/.exec(out)?.[1];
      if (url && !checked) {
        checked = true;
        const r = await fetch(`${url}/private/checkToken?token=${env.DEMO_PRIVATE_TOKEN ?? DEMO_TOKENS.private_token}`).catch(() => null);
        out += `\ncheckToken ${r?.status}\n`;
        child.kill('SIGTERM');
      }
    });
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

describe('startServer', () => {
  it('close() ends open SSE and /listen connections and returns promptly', async () => {
    const server = await startServer({ port: 0, log: () => {} });
    const sse = await openEvents(`${server.url}/public/stream/events?token=${DEMO_TOKENS.public_token}`);
    const listen = await fetch(`${server.url}/listen/live`);
    const reader = listen.body!.getReader();
    await reader.read();
    await vi.waitFor(() => expect(server.store.listeners('main')).toBe(1), 2000);
    const started = Date.now();
    await server.close();
    expect(Date.now() - started).toBeLessThan(1000);
    await vi.waitFor(() => expect(sse.ended, 'SSE to end').toBeTruthy(), 1000);
    // the audio response ends (cleanly or by a reset), it does not hang
    for (;;) if ((await reader.read().catch(() => ({ done: true }))).done) break;
  });
});

describe('main.ts (npm run mock)', () => {
  it('prints one line with the address and the demo tokens, serves, exits 0 on SIGTERM', async () => {
    const r = await runMain({ PORT: '0', HOST: '127.0.0.1' });
    const lines = r.out.trim().split('\n');
    expect(lines[0]).toMatch(
      new RegExp(
        `^castlet mock on http://127\\.0\\.0\\.1:\\d+  public token ${DEMO_TOKENS.public_token}  private token ${DEMO_TOKENS.private_token}$`,
      ),
    );
    expect(lines).toContain('checkToken 200');
    expect(r.code).toBe(0);
  }, 20_000);

  it('takes its tokens from DEMO_PRIVATE_TOKEN / DEMO_PUBLIC_TOKEN', async () => {
    const env = { PORT: '0', DEMO_PRIVATE_TOKEN: '11111111-2222-4333-8444-555555555555', DEMO_PUBLIC_TOKEN: '66666666-7777-4888-9999-000000000000' };
    const r = await runMain(env);
    expect(r.out).toContain(`public token ${env.DEMO_PUBLIC_TOKEN}`);
    expect(r.out).toContain('checkToken 200');
  }, 20_000);

  it('says its caps on open streams: MAX_STREAMS and MAX_STREAMS_PER_CLIENT, within the descriptor limit', async () => {
    const r = await runMain({ PORT: '0', MAX_STREAMS: '40', MAX_STREAMS_PER_CLIENT: '4' });
    expect(r.out).toMatch(/castlet mock: at most 40 open event streams and \/listen connections, 4 per client address \(descriptor limit \d+\)/);
    expect(r.code).toBe(0);
  }, 20_000);

  it('with ICECAST_URL says it streams from Icecast; PUBLIC_URL makes the absolute URLs', async () => {
    const r = await runMain({
      PORT: '0',
      ICECAST_URL: 'http://127.0.0.1:9/',
      ICECAST_RELAYS: ' http://127.0.0.1:10/, http://127.0.0.1:11 ,',
      PUBLIC_URL: 'https://radio.example/',
    });
    expect(r.out).toContain('castlet mock: streams from Icecast at http://127.0.0.1:9\n');
    expect(r.out).toContain('castlet mock: and from its relays http://127.0.0.1:10, http://127.0.0.1:11\n');
    expect(r.out).toContain('checkToken 200');
    expect(r.code).toBe(0);
  }, 20_000);

  it.each([
    [{ DEMO_PRIVATE_TOKEN: 'not-a-uuid' }, /UUID-shaped/],
    [{ DEMO_PRIVATE_TOKEN: DEMO_TOKENS.public_token }, /must differ/],
    [{ PORT: 'eighty' }, /PORT/],
    [{ PUBLIC_URL: 'radio.example' }, /PUBLIC_URL must be an absolute http\(s\) URL/],
    [{ PUBLIC_URL: 'https://radio.example/?x=1' }, /PUBLIC_URL must be an http\(s\) URL without query/],
    [{ ICECAST_URL: 'ftp://x' }, /ICECAST_URL/],
    [{ MAX_STREAMS: '0' }, /MAX_STREAMS/],
    [{ MAX_STREAMS_PER_CLIENT: 'many' }, /MAX_STREAMS_PER_CLIENT/],
    [{ ICECAST_ADMIN_USER: 'admin', ICECAST_ADMIN_PASSWORD: 'pw' }, /need ICECAST_URL/],
    [{ ICECAST_URL: 'http://127.0.0.1:9', ICECAST_ADMIN_USER: 'admin' }, /both ICECAST_ADMIN_USER and ICECAST_ADMIN_PASSWORD/],
    [{ ICECAST_URL: 'http://127.0.0.1:9', ICECAST_BURST_SIZE: '64k' }, /ICECAST_BURST_SIZE must be Icecast's <burst-size> in bytes/],
    [{ ICECAST_BURST_SIZE: '65535' }, /ICECAST_BURST_SIZE needs ICECAST_URL/],
    [{ ICECAST_RELAYS: 'http://relay:8000' }, /ICECAST_RELAYS needs ICECAST_URL/],
    [{ ICECAST_URL: 'http://127.0.0.1:9', ICECAST_RELAYS: 'relay:8000' }, /ICECAST_RELAYS must be an (absolute )?http\(s\) URL/],
  ])(
    'refuses a bad environment %j',
    async (env, message) => {
      const r = await runMain({ PORT: '0', ...env });
      expect(r.code).toBe(1);
      expect(r.err).toMatch(message);
    },
    20_000,
  );
});
