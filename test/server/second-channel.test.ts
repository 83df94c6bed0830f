/**
 * The seeded account's second channel (docs/design.md "Sources and relays": two stations, two
 * built-in loops): its own loop, mount, now playing and event stream; the first stays the default.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { loadCatalog } from '../../demo/server/media/catalog.ts';
import { call, openEvents, postJson, PRIVATE, PUBLIC, withServer } from '../support/server.ts';

const s = withServer({ coalesceMs: 20, followLiveLoop: true });
const u = (path: string) => `${s.url}${path}`;
const media = (file: string) => new Uint8Array(readFileSync(new URL(`../../demo/media/${file}`, import.meta.url)));
const catalog = loadCatalog();

/** Whether `needle` occurs in `hay`. */
const contains = (hay: Uint8Array, needle: Uint8Array) => Buffer.from(hay).indexOf(Buffer.from(needle)) >= 0;

/** The first `bytes` of a /listen mount's answer (its burst). */
async function burst(mount: string, bytes = 8192): Promise<{ res: Response; head: Uint8Array }> {
  const res = await fetch(u(`/listen/${mount}`));
  const reader = res.body!.getReader();
  const parts: Uint8Array[] = [];
  let got = 0;
  while (got < bytes) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    got += value.byteLength;
  }
  await reader.cancel();
  return { res, head: Buffer.concat(parts) };
}

describe('the second channel', () => {
  it('has its own loop with its own songs, one steady tone each', () => {
    const first = catalog.live.tracks.map((t) => t.title);
    const second = catalog.live2.tracks;
    expect(second.length).toBeGreaterThanOrEqual(3);
    expect(second.map((t) => t.title).filter((t) => first.includes(t))).toEqual([]);
    const tones = second.map((t) => t.tone);
    expect(new Set(tones).size).toBe(tones.length);
    for (const hz of tones) expect([undefined, 500, 2000]).not.toContain(hz);
    expect(catalog.live2.info.duration).toBeCloseTo(
      second.reduce((sum, t) => sum + t.duration, 0),
      0,
    );
  });

  it('accountInfo lists both channels, the first one first, each with its own mount', async () => {
    const r = await call(u('/private/accountInfo'), { headers: { Authorization: `Bearer ${PRIVATE}` } });
    expect(r.body.channels.map((c: { id: string; mountpoint: string; stream_url: string }) => [c.id, c.mountpoint, c.stream_url])).toEqual([
      ['main', 'live', `${s.url}/listen/live`],
      ['signal', 'signal', `${s.url}/listen/signal`],
    ]);
  });

  it('/public/stream: the first channel by default, the second with ?channel=signal', async () => {
    const main = await call(u(`/public/stream?token=${PUBLIC}`));
    const second = await call(u(`/public/stream?token=${PUBLIC}&channel=signal`));
    expect(main.body.channel.id).toBe('main');
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({
      channel: { id: 'signal', name: 'Castlet Signal' },
      status: 'live',
      stream_url: `${s.url}/listen/signal`,
      stream_delay: expect.any(Number),
      sources: [{ url: `${s.url}/listen/signal`, type: 'audio/mpeg', bitrate: 32, delay: second.body.stream_delay }],
    });
    expect(catalog.live2.tracks.map((t) => t.title)).toContain(second.body.now_playing.title);
    expect(second.headers.get('etag')).not.toBe(main.headers.get('etag'));
  });

  it("/listen/signal plays the second loop's audio, not the first's", async () => {
    const { res, head } = await burst('signal');
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('icy-name')).toBe('Castlet Signal');
    // A whole frame from the middle of the burst: found in live-2.mp3 only.
    const frame = head.subarray(2048, 2048 + 144);
    expect(contains(media('live-2.mp3'), frame)).toBe(true);
    expect(contains(media('live.mp3'), frame)).toBe(false);
  });

  it('listeners are counted per channel', async () => {
    const res = await fetch(u('/listen/signal'));
    try {
      await vi.waitFor(() => expect(s.server.store.listeners('signal'), 'a listener on signal').toBe(1), 2000);
      expect(s.server.store.listeners('main')).toBe(0);
    } finally {
      await res.body!.cancel();
    }
  });

  it("setNowPlaying on one channel goes to that channel's event stream only", async () => {
    const main = await openEvents(u(`/public/stream/events?token=${PUBLIC}`));
    const second = await openEvents(u(`/public/stream/events?token=${PUBLIC}&channel=signal`));
    try {
      await vi.waitFor(() => expect(main.streams().length && second.streams().length, 'first events').toBeTruthy(), 3000);
      expect(second.streams()[0].channel.id).toBe('signal');
      const r = await postJson(u('/private/setNowPlaying'), { token: PRIVATE, title: 'Only on signal', channel: 'signal' });
      expect(r.status).toBe(200);
      // The second loop's songs are short: the owner's title holds until the current one ends.
      expect(Date.parse(r.body.replaced_at) - Date.now()).toBeLessThanOrEqual(Math.max(...catalog.live2.tracks.map((t) => t.duration)) * 1000 + 500);
      await vi.waitFor(
        () =>
          expect(
            second.streams().some((e) => e.now_playing?.title === 'Only on signal'),
            'the event on signal',
          ).toBeTruthy(),
        3000,
      );
      expect(main.streams().some((e) => e.now_playing?.title === 'Only on signal')).toBe(false);
    } finally {
      main.close();
      second.close();
    }
  });
});
