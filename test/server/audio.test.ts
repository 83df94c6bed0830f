/**
 * docs/design.md §1, audio: the live stream at /listen/{mount} and episode files at /media/{id}.mp3
 * and /media/{id}.opus.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { parseMp3 } from '../../demo/server/media/mp3.ts';
import { call, postJson, PRIVATE, withServer } from '../support/server.ts';

const s = withServer();
const u = (path: string) => `${s.url}${path}`;
const live = parseMp3(new Uint8Array(readFileSync(new URL('../../demo/media/live.mp3', import.meta.url))));
const listeners = () => s.server.store.listeners('main');

/** Reads `res` until `deadline`; returns [elapsed ms, total bytes] samples. */
async function sample(res: Response, ms: number): Promise<{ at: number; bytes: number }[]> {
  const reader = res.body!.getReader();
  const start = Date.now();
  const samples: { at: number; bytes: number }[] = [];
  let bytes = 0;
  const stop = setTimeout(() => void reader.cancel(), ms);
  for (;;) {
    const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
    if (done) break;
    bytes += value!.byteLength;
    samples.push({ at: Date.now() - start, bytes });
  }
  clearTimeout(stop);
  return samples;
}

describe('/listen/{mount}', () => {
  it('answers audio/mpeg with Icecast headers and CORS', async () => {
    const res = await fetch(u('/listen/live'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('icy-name')).toBe('Castlet FM');
    expect(Number(res.headers.get('icy-br'))).toBe(Math.round((live.byteRate * 8) / 1000));
    expect(res.headers.get('cache-control')).toBe('no-cache, no-store');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('content-length')).toBeNull();
    await res.body!.cancel();
  });

  it('bursts ≥ 60 KB of whole frames at once, then paces at the bitrate', async () => {
    const res = await fetch(u('/listen/live'));
    const samples = await sample(res, 2600);
    const burst = samples.filter((p) => p.at < 300).at(-1)!.bytes;
    expect(burst).toBeGreaterThanOrEqual(60 * 1024);
    expect(burst).toBeLessThan(64 * 1024 + 4096);
    const after = samples.filter((p) => p.at >= 500);
    const first = after[0]!;
    const last = after.at(-1)!;
    const rate = ((last.bytes - first.bytes) / (last.at - first.at)) * 1000;
    expect(rate).toBeGreaterThan(live.byteRate * 0.6);
    expect(rate).toBeLessThan(live.byteRate * 1.5);
  });

  it('starts on a frame header (sync word)', async () => {
    const res = await fetch(u('/listen/live'));
    const reader = res.body!.getReader();
    const { value } = await reader.read();
    expect(value![0]).toBe(0xff);
    expect(value![1]! & 0xe0).toBe(0xe0);
    await reader.cancel();
  });

  it('counts open connections and decrements promptly on disconnect', async () => {
    await vi.waitFor(() => expect(listeners(), 'earlier listeners gone').toBe(0), 1000);
    const before = 0;
    const abort = new AbortController();
    const res = await fetch(u('/listen/live'), { signal: abort.signal });
    await res.body!.getReader().read();
    await vi.waitFor(() => expect(listeners(), 'count + 1').toBe(before + 1), 1000);
    const second = await fetch(u('/listen/live'));
    await vi.waitFor(() => expect(listeners(), 'count + 2').toBe(before + 2), 1000);
    abort.abort();
    await vi.waitFor(() => expect(listeners(), 'count back after abort').toBe(before + 1), 1000);
    await second.body!.cancel();
    await vi.waitFor(() => expect(listeners(), 'count back after cancel').toBe(before), 1000);
  });

  it('unknown mount → 404 JSON', async () => {
    const r = await call(u('/listen/nope'));
    expect(r.status).toBe(404);
    expect(r.body.error).toBe('not_found');
  });

  it('stopServer ends current listeners; 503 while stopped; back after startServer', async () => {
    const res = await fetch(u('/listen/live'));
    const reader = res.body!.getReader();
    await reader.read();
    await postJson(u('/private/stopServer'), { token: PRIVATE });
    const ended = await (async () => {
      for (;;) {
        const { done } = await reader.read().catch(() => ({ done: true }));
        if (done) return true;
      }
    })();
    expect(ended).toBe(true);
    expect(listeners()).toBe(0);
    const r = await call(u('/listen/live'));
    expect(r.status).toBe(503);
    expect(r.body.error).toBe('server_offline');
    await postJson(u('/private/startServer'), { token: PRIVATE });
    const again = await fetch(u('/listen/live'));
    expect(again.status).toBe(200);
    await again.body!.cancel();
  });
});

// The same rules for both formats of an episode (one code serves them).
describe.each([
  ['mp3', 'audio/mpeg'],
  ['opus', 'audio/ogg'],
])('/media/{id}.%s', (ext, type) => {
  const file = readFileSync(new URL(`../../demo/media/ep-1.${ext}`, import.meta.url));
  const size = file.byteLength;

  it('the whole file: 200, Accept-Ranges, Content-Length, ETag, CORS', async () => {
    const res = await fetch(u(`/media/ep-1.${ext}`));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-length')).toBe(String(size));
    expect(res.headers.get('etag')).toMatch(/^"[^"]+"$/);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(Buffer.from(await res.arrayBuffer()).equals(file)).toBe(true);
  });

  it.each([
    ['bytes=0-', 0, size - 1],
    ['bytes=0-99', 0, 99],
    ['bytes=100-199', 100, 199],
    ['bytes=-500', size - 500, size - 1],
    [`bytes=${size - 10}-${size + 1000}`, size - 10, size - 1],
    [`bytes=-${size * 2}`, 0, size - 1],
  ])('Range %s → 206 with the exact bytes', async (range, start, end) => {
    const res = await fetch(u(`/media/ep-1.${ext}`), { headers: { Range: range } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`);
    expect(res.headers.get('content-length')).toBe(String(end - start + 1));
    expect(Buffer.from(await res.arrayBuffer()).equals(file.subarray(start, end + 1))).toBe(true);
  });

  it.each([`bytes=${size}-`, `bytes=${size + 5}-${size + 10}`, 'bytes=-0'])('Range %s → 416 with bytes */size', async (range) => {
    const r = await call(u(`/media/ep-1.${ext}`), { headers: { Range: range } });
    expect(r.status).toBe(416);
    expect(r.headers.get('content-range')).toBe(`bytes */${size}`);
    expect(r.body.error).toBe('range_not_satisfiable');
  });

  it.each(['items=0-1', 'bytes=5-1', 'bytes=0-1,5-6', 'bytes=abc', 'bytes=-'])('an unusable Range %j → the whole file', async (range) => {
    const res = await fetch(u(`/media/ep-1.${ext}`), { headers: { Range: range } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(size));
    await res.arrayBuffer();
  });

  it('If-None-Match → 304; If-Range with another ETag → the whole file', async () => {
    const etag = (await fetch(u(`/media/ep-1.${ext}`), { method: 'HEAD' })).headers.get('etag')!;
    const r = await fetch(u(`/media/ep-1.${ext}`), { headers: { 'If-None-Match': etag } });
    expect(r.status).toBe(304);
    const stale = await fetch(u(`/media/ep-1.${ext}`), { headers: { Range: 'bytes=0-9', 'If-Range': '"old"' } });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();
    const fresh = await fetch(u(`/media/ep-1.${ext}`), { headers: { Range: 'bytes=0-9', 'If-Range': etag } });
    expect(fresh.status).toBe(206);
    await fresh.arrayBuffer();
  });

  it('HEAD: headers without a body', async () => {
    const res = await fetch(u(`/media/ep-1.${ext}`), { method: 'HEAD', headers: { Range: 'bytes=0-9' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-length')).toBe('10');
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  it.each(['/media/nope', '/media/ep-1', '/media/ep-1.wav', '/media/..%2Fmanifest.json'])('%s → 404', async (path) => {
    const r = await call(u(path.startsWith('/media/nope') ? `${path}.${ext}` : path));
    expect(r.status).toBe(404);
  });
});
