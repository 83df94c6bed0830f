/**
 * resetTokens: a new pair at once, the old pair refused at once (SSE included), requests
 * racing a reset never fail with a 5xx; tokens never appear in the request log.
 */
import { describe, expect, it, vi } from 'vitest';
import { batchedStdout } from '../../demo/server/middleware/log.ts';
import { call, openEvents, postJson, PRIVATE, PUBLIC, withServer } from '../support/server.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('resetTokens', () => {
  const s = withServer();
  const u = (path: string) => `${s.url}${path}`;
  let current = { public_token: PUBLIC, private_token: PRIVATE };

  it('returns a new random pair; the old pair is refused at once; the new one works', async () => {
    const sse = await openEvents(u(`/public/stream/events?token=${PUBLIC}`));
    await vi.waitFor(() => expect(sse.streams().length, 'first event').toBe(1), 1000);

    const r = await postJson(u('/private/resetTokens'), { token: PRIVATE });
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.body.public_token).toMatch(UUID);
    expect(r.body.private_token).toMatch(UUID);
    expect(r.body.public_token).not.toBe(r.body.private_token);
    expect([PUBLIC, PRIVATE]).not.toContain(r.body.public_token);
    current = r.body;

    await vi.waitFor(() => expect(sse.ended, 'the old SSE connection to close').toBeTruthy(), 1000);

    const oldPrivate = await call(u('/private/checkToken'), { headers: { Authorization: `Bearer ${PRIVATE}` } });
    expect(oldPrivate.status).toBe(401);
    expect(oldPrivate.body.error).toBe('invalid_token');
    expect((await call(u(`/public/stream?token=${PUBLIC}`))).body.error).toBe('invalid_token');

    const fresh = await call(u('/private/checkToken'), { headers: { Authorization: `Bearer ${current.private_token}` } });
    expect(fresh.body).toEqual(current);
    expect((await call(u(`/public/stream?token=${current.public_token}`))).status).toBe(200);
    // the old private token on the public API is now just unknown
    expect((await call(u(`/public/stream?token=${PRIVATE}`))).body.error).toBe('invalid_token');
    // and the new private token there is exposed
    expect((await call(u(`/public/stream?token=${current.private_token}`))).body.error).toBe('private_token_exposed');
    expect((await call(u('/private/accountInfo'), { headers: { Authorization: `Bearer ${current.private_token}` } })).body.public_token).toBe(
      current.public_token,
    );
  });

  it('requests racing resets get 200 or 401, never a 5xx, and the final pair works', async () => {
    const statuses: number[] = [];
    const tokens = () => s.server.store.tokens;
    const work: Promise<void>[] = [];
    for (let i = 0; i < 60; i++) {
      const { private_token, public_token } = tokens();
      work.push(call(u('/private/checkToken'), { headers: { Authorization: `Bearer ${private_token}` } }).then((r) => void statuses.push(r.status)));
      work.push(call(u(`/public/stream?token=${public_token}`)).then((r) => void statuses.push(r.status)));
      work.push(postJson(u('/private/setNowPlaying'), { token: private_token, title: `t${i}` }).then((r) => void statuses.push(r.status)));
      if (i % 10 === 0) {
        work.push(
          postJson(u('/private/resetTokens'), { token: private_token }).then((r) => {
            statuses.push(r.status);
          }),
        );
      }
    }
    await Promise.all(work);
    expect(statuses.every((st) => st === 200 || st === 401)).toBe(true);
    expect(statuses).toContain(401);
    const final = await call(u('/private/checkToken'), { headers: { Authorization: `Bearer ${tokens().private_token}` } });
    expect(final.status).toBe(200);
  });

  it('no log line contains a token, old or new', () => {
    const secrets = [PUBLIC, PRIVATE, current.public_token, current.private_token, s.server.store.tokens.private_token];
    expect(s.logs.length).toBeGreaterThan(100);
    for (const line of s.logs) for (const secret of secrets) expect(line).not.toContain(secret);
    expect(s.logs.some((l) => l.includes('token=…'))).toBe(true);
    expect(s.logs.every((l) => /^[A-Z]+ \/\S* \d{3} \d+\.\dms$/.test(l))).toBe(true);
  });
});

describe('request log', () => {
  const s = withServer();
  const u = (path: string) => `${s.url}${path}`;

  it('shows method, path, status and time with every token redacted', async () => {
    await call(u(`/private/checkToken?token=${PRIVATE}&x=1`));
    await call(u(`/private/checkToken?TOKEN=${PRIVATE}&%74oken=${PRIVATE}`));
    await call(u(`/public/stream?token=${PUBLIC}`));
    await call(u(`/public/podcasts?channel=${PRIVATE}&token=${PUBLIC}`));
    await call(u(`/listen/${PRIVATE}`));
    await call(u('/private/checkToken'), { headers: { Authorization: `Bearer ${PRIVATE}` } });
    await postJson(u('/private/setNowPlaying'), { token: PRIVATE, title: 'secret body' });
    await call(u('/private/checkToken'), { method: 'POST', body: new URLSearchParams({ token: PRIVATE }) });
    expect(s.logs[0]).toMatch(/^GET \/private\/checkToken\?token=…&x=1 200 \d+\.\dms$/);
    for (const line of s.logs) {
      expect(line).not.toContain(PRIVATE);
      expect(line).not.toContain(PUBLIC);
      expect(line).not.toContain('secret body');
      expect(line).not.toMatch(/bearer/i);
    }
    expect(s.logs).toHaveLength(8);
  });
});

describe('batchedStdout', () => {
  it('writes the lines of one event-loop turn in one write, in order', async () => {
    const writes: string[] = [];
    const log = batchedStdout((text) => writes.push(text));
    log('a');
    log('b');
    expect(writes).toEqual([]);
    await new Promise((r) => setImmediate(r));
    log('c');
    await new Promise((r) => setImmediate(r));
    expect(writes).toEqual(['a\nb\n', 'c\n']);
  });
});
