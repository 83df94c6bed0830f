/** Now playing follows the live loop's track list (demo/server/live-loop.ts). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCatalog } from '../../demo/server/media/catalog.ts';
import { followLiveLoop } from '../../demo/server/live-loop.ts';
import { seedStore } from '../../demo/server/seed.ts';
import { startServer } from '../../demo/server/serve.ts';
import { postJson, PRIVATE, withServer } from '../support/server.ts';

describe('followLiveLoop', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const catalog = loadCatalog();
  const [first, second, third] = catalog.live.tracks;

  it('switches now playing at each track boundary; setNowPlaying holds until the next one', () => {
    const store = seedStore(catalog);
    const stop = followLiveLoop(store, catalog.live, Date.now());
    const title = () => store.nowPlaying('main').current?.title;
    expect(title()).toBe(first!.title);
    vi.advanceTimersByTime(second!.start * 1000 + 50);
    expect(title()).toBe(second!.title);
    expect(store.nowPlaying('main').history[0]!.title).toBe(first!.title);
    store.setNowPlaying('main', { title: 'Owner says', artist: '', artwork_url: null });
    // The owner's title holds for the rest of the loop's track, and the loop says until when.
    expect(stop.nextChange()!.getTime()).toBeCloseTo(Date.now() + (third!.start - second!.start) * 1000 - 50, -2);
    vi.advanceTimersByTime((third!.start - second!.start) * 1000 - 200);
    expect(title()).toBe('Owner says');
    vi.advanceTimersByTime(300);
    expect(title()).toBe(third!.title);
    stop();
    expect(stop.nextChange()).toBeNull();
    vi.advanceTimersByTime(600_000);
    expect(title()).toBe(third!.title);
  });
});

describe('setNowPlaying while the demo loop runs', () => {
  const s = withServer({ followLiveLoop: true });

  it('answers replaced_at: when the loop takes over again (the end of its current track)', async () => {
    const before = Date.now();
    const r = await postJson(`${s.url}/private/setNowPlaying`, { token: PRIVATE, title: 'Owner' });
    expect(r.status).toBe(200);
    const at = Date.parse(r.body.replaced_at);
    const longest = Math.max(...loadCatalog().live.tracks.map((t, i, all) => (all[i + 1]?.start ?? loadCatalog().live.info.duration) - t.start));
    expect(at).toBeGreaterThan(before);
    expect(at).toBeLessThanOrEqual(before + longest * 1000 + 1000);
  });

  it('without the loop replaced_at is null', async () => {
    const plain = await startServer({ log: () => {} });
    try {
      const r = await postJson(`${plain.url}/private/setNowPlaying`, { token: PRIVATE, title: 'Owner' });
      expect(r.body.replaced_at).toBeNull();
    } finally {
      await plain.close();
    }
  });
});
