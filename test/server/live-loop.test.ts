/** Now playing follows the live loop's track list (demo/server/live-loop.ts). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCatalog } from '../../demo/server/catalog.ts';
import { followLiveLoop } from '../../demo/server/live-loop.ts';
import { seedStore } from '../../demo/server/seed.ts';

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
    vi.advanceTimersByTime((third!.start - second!.start) * 1000 - 200);
    expect(title()).toBe('Owner says');
    vi.advanceTimersByTime(300);
    expect(title()).toBe(third!.title);
    stop();
    vi.advanceTimersByTime(600_000);
    expect(title()).toBe(third!.title);
  });
});
