/** Failover through an item’s sources, the service asked again, and the source in use in the snapshot. (The engine’s tests share setup.ts.) */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FILE, OPUS, AAC, MP3, LADDER, setup, flowing, waits, engineHooks } from './setup.ts';
import type { Item } from '../../../src/internal/playback/types.ts';

engineHooks();

describe('sources: failover', () => {
  it('the next source loads at once when the one in use fails (error, no sound in 8 s, a live end), one connection at a time, untold', () => {
    const s = setup(true, LADDER);
    s.audio.play();
    expect(s.urls()).toEqual([OPUS]);
    s.fire('error');
    expect(s.urls()).toEqual([OPUS, AAC]); // at once: no backoff
    expect(s.told).toEqual([['play', OPUS]]);
    expect(s.audio.snapshot.reconnecting).toBe(false);
    vi.advanceTimersByTime(7999);
    expect(s.urls()).toHaveLength(2);
    vi.advanceTimersByTime(1); // no sound within 8 s
    expect(s.urls()).toEqual([OPUS, AAC, MP3]);
    expect(s.refresh).not.toHaveBeenCalled();
    s.fire('playing');
    s.fire('ended'); // the live stream's connection dropped
    // Every one failed: back off, ask the service again, and the first again.
    expect(s.urls()).toHaveLength(3);
    expect(s.refresh).toHaveBeenCalledTimes(1);
    expect(s.audio.snapshot.reconnecting).toBe(true);
    waits(s, 250, 500);
    expect(s.urls()).toEqual([OPUS, AAC, MP3, OPUS]);
  });

  it('every source failed: `error` is told once, and `recovered` once sound flows again', () => {
    const s = setup(true, LADDER);
    s.audio.play();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 3; i++) s.fire('error');
      vi.advanceTimersByTime(500 * 2 ** round);
    }
    expect(s.urls()).toEqual([OPUS, AAC, MP3, OPUS, AAC, MP3, OPUS, AAC, MP3, OPUS]);
    expect(s.refresh).toHaveBeenCalledTimes(3);
    expect(s.told).toEqual([
      ['play', OPUS],
      ['error', MP3],
    ]);
    s.fire('playing');
    expect(s.told.at(-1)).toEqual(['recovered', OPUS]);
    expect(s.audio.snapshot.reconnecting).toBe(false);
    for (let i = 0; i < 3; i++) s.fire('error');
    expect(s.told.filter(([type]) => type === 'error')).toHaveLength(2);
  });

  it('a file fails over too; a file has no service to ask again', () => {
    const ep = { audio_url: FILE, sources: [{ url: 'https://x.test/ep.opus', type: 'audio/ogg' }, { url: FILE }] };
    const s = flowing(false, ep);
    s.fire('error');
    expect(s.sources).toEqual(['https://x.test/ep.opus', FILE]);
    s.fire('error');
    expect(s.refresh).not.toHaveBeenCalled();
    expect(s.told.at(-1)).toEqual(['error', FILE]);
  });

  it('a source whose type this browser cannot play is never requested; with none it can, nothing plays', async () => {
    const s = setup(true, { audio_url: MP3, sources: [{ url: 'https://x.test/listen.flac', type: 'audio/flac' }, ...LADDER.sources!] });
    s.audio.play();
    expect(s.urls()).toEqual([OPUS]);
    expect(s.asked).toContain('audio/flac');
    for (let i = 0; i < 3; i++) s.fire('error');
    waits(s, 250, 500);
    expect(s.urls()).toEqual([OPUS, AAC, MP3, OPUS]);
    const none = setup(true, { audio_url: MP3, sources: [{ url: 'https://x.test/listen.flac', type: 'audio/flac' }] });
    const started = none.audio.started();
    none.audio.play();
    await expect(started).rejects.toThrow('nothing to play');
    expect(none.sources).toEqual([]);
    expect(none.audio.snapshot.on).toBe(false);
  });

  it('a live source the service no longer lists is left at once for the next; the stream is not stopped', () => {
    const s = flowing(true, LADDER);
    expect(s.urls()).toEqual([OPUS]);
    // The service's new list: the Opus server went away.
    s.show({ audio_url: AAC, sources: LADDER.sources!.slice(1) });
    expect(s.urls()).toEqual([OPUS, AAC]);
    expect(s.audio.snapshot.on).toBe(true);
    expect(s.audio.snapshot.reconnecting).toBe(false);
    expect(s.told.map(([type]) => type)).toEqual(['play']);
    // Offline (nothing listed) is the player's hold, not a failover; a new list that keeps the source changes nothing.
    s.show({ audio_url: AAC, sources: [LADDER.sources![2]!, LADDER.sources![1]!] });
    expect(s.urls()).toEqual([OPUS, AAC]);
  });

  it('a retry after the backoff plays the sources the item lists now (the service was asked again)', () => {
    const s = setup(true, LADDER);
    s.audio.play();
    for (let i = 0; i < 3; i++) s.fire('error');
    expect(s.refresh).toHaveBeenCalledTimes(1);
    const FRESH = 'https://y.test/listen.mp3';
    s.show({ audio_url: FRESH, sources: [{ url: FRESH, delay: 1 }, { url: MP3 }] });
    expect(s.urls()).toHaveLength(3); // not before the backoff
    vi.advanceTimersByTime(500);
    expect(s.urls().at(-1)).toBe(FRESH);
    expect(s.audio.snapshot.source).toEqual({ url: FRESH, delay: 1 });
    s.fire('error');
    expect(s.urls().at(-1)).toBe(MP3);
  });

  it('snapshot.source is the source in use (with its delay), loadedAt when it was loaded (0 once released)', () => {
    vi.setSystemTime(10_000);
    const s = setup(true, LADDER);
    expect(s.audio.snapshot.source).toBeUndefined();
    expect(s.audio.snapshot.loadedAt).toBe(0);
    s.audio.play();
    expect(s.audio.snapshot).toMatchObject({ source: LADDER.sources![0], loadedAt: 10_000 });
    vi.setSystemTime(12_000);
    s.fire('error');
    expect(s.audio.snapshot).toMatchObject({ source: { url: AAC, type: 'audio/aac', delay: 8 }, loadedAt: 12_000 });
    s.fire('playing');
    vi.setSystemTime(20_000);
    expect(s.audio.snapshot.loadedAt).toBe(12_000);
    // The service measures its sources again: that is another connection's delay; this one's stays.
    s.show({ ...LADDER, sources: LADDER.sources!.map((x) => ({ ...x, delay: 30 })) });
    expect(s.audio.snapshot.source).toEqual({ url: AAC, type: 'audio/aac', delay: 8 });
    s.audio.pause(); // a stream is released
    expect(s.audio.snapshot.loadedAt).toBe(0);
    // Without `sources`: its one URL.
    const f = flowing();
    expect(f.audio.snapshot.source).toEqual({ url: FILE });
    expect(f.audio.snapshot.loadedAt).toBe(20_000);
    f.audio.stop();
    expect(f.audio.snapshot).toMatchObject({ source: undefined, loadedAt: 0 });
  });

  it('snapshot.reconnecting only while no source plays after every one failed', () => {
    const s = setup(true, LADDER);
    s.audio.play();
    expect(s.audio.snapshot.reconnecting).toBe(false); // connecting
    s.fire('error');
    expect(s.audio.snapshot.reconnecting).toBe(false); // the next source, at once
    s.fire('playing');
    s.fire('waiting');
    expect(s.audio.snapshot).toMatchObject({ buffering: true, reconnecting: false }); // a stall, not a failure
    s.fire('error');
    s.fire('error');
    expect(s.audio.snapshot).toMatchObject({ state: 'reconnecting', reconnecting: true });
    vi.advanceTimersByTime(500);
    expect(s.audio.snapshot).toMatchObject({ state: 'loading', reconnecting: true }); // no source plays yet
    s.fire('playing');
    expect(s.audio.snapshot).toMatchObject({ playing: true, reconnecting: false });
    s.audio.pause();
    expect(s.audio.snapshot.reconnecting).toBe(false);
  });
});

describe('sources: the order per engine (issue 34: press → first sound)', () => {
  const as = (ua: string) => vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ua);
  afterEach(() => void vi.restoreAllMocks());
  const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:153.0) Gecko/20100101 Firefox/153.0';
  const CHROMIUM = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
  const WEBKIT = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';

  const VORBIS = 'https://x.test/listen.ogg';
  const ALL: Item = {
    audio_url: MP3,
    sources: [...LADDER.sources!.slice(0, 1), { url: VORBIS, type: 'audio/ogg; codecs=vorbis' }, ...LADDER.sources!.slice(1)],
  };
  const order = (ua: string, live = true) => {
    as(ua);
    const s = setup(live, ALL);
    s.audio.play();
    for (let i = 0; i < 3; i++) s.fire('error');
    return s.urls();
  };

  it('Firefox: Vorbis last (it starts about 1.8 s later once the audio comes), the rest as listed', () => {
    expect(order(FIREFOX)).toEqual([OPUS, AAC, MP3, VORBIS]);
  });

  it('WebKitGTK: Opus last (it starts about 2.2 s later), the rest as listed', () => {
    expect(order(WEBKIT)).toEqual([VORBIS, AAC, MP3, OPUS]);
  });

  it("an episode's files keep their order in every engine (Opus where it plays: the order is the live stream's)", () => {
    for (const ua of [FIREFOX, WEBKIT, CHROMIUM]) expect(order(ua, false)).toEqual([OPUS, VORBIS, AAC, MP3]);
  });

  it('Chromium: as listed (Opus first: it starts Opus soonest)', () => {
    expect(order(CHROMIUM)).toEqual([OPUS, VORBIS, AAC, MP3]);
  });

  it('any other engine (here happy-dom): as listed', () => {
    expect(order(navigator.userAgent)).toEqual([OPUS, VORBIS, AAC, MP3]);
  });
});
