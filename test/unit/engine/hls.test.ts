/**
 * HLS in the engine (src/internal/playback/media-adapter.ts): the ways an HLS source is played
 * (natively where the element tells the program date-time, through hls.js wherever Media Source
 * Extensions play AAC), hls.js loaded only for an HLS source and destroyed when it is left,
 * its fatal errors a failure (the next way, the next source), and the date heard. A stand-in
 * for hls.js records what the adapter asks of it. (The engine's tests share setup.ts.)
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MediaAdapter } from '../../../src/internal/playback/media-adapter.ts';
import { MP3, setup, engineHooks } from './setup.ts';

const fake = vi.hoisted(() => {
  class FakeHls {
    static Events = { ERROR: 'hlsError' };
    static made: FakeHls[] = [];
    url = '';
    media?: HTMLMediaElement;
    destroyed = false;
    playingDate: Date | null = null;
    handlers: ((event: string, data: { fatal: boolean }) => void)[] = [];
    constructor(readonly config: object) {
      FakeHls.made.push(this);
    }
    loadSource(url: string) {
      this.url = url;
    }
    attachMedia(media: HTMLMediaElement) {
      this.media = media;
    }
    on(event: string, f: (event: string, data: { fatal: boolean }) => void) {
      if (event === FakeHls.Events.ERROR) this.handlers.push(f);
    }
    error(fatal: boolean) {
      for (const f of this.handlers) f('hlsError', { fatal });
    }
    destroy() {
      this.destroyed = true;
    }
  }
  return FakeHls;
});
vi.mock('hls.js/light', () => ({ default: fake }));

engineHooks();

const M3U8 = 'https://cdn.test/hls/live/index.m3u8';
/** The playlist as a player asks for it: with its session id, by which the origin counts listeners (docs/hls.md). */
const ASKED = expect.stringMatching(/^https:\/\/cdn\.test\/hls\/live\/index\.m3u8\?sid=[\w-]{8,64}$/);
const HLS_ITEM = {
  audio_url: M3U8,
  sources: [
    { url: M3U8, type: 'application/vnd.apple.mpegurl', delay: 12 },
    { url: MP3, type: 'audio/mpeg', delay: 2 },
  ],
};

/** This browser's Media Source Extensions (AAC in MP4 plays), or none. */
let mse: boolean;
beforeEach(() => {
  fake.made.length = 0;
  mse = true;
  vi.stubGlobal('MediaSource', { isTypeSupported: (t: string) => mse && t.includes('mp4a.40.2') });
});
afterEach(() => void vi.unstubAllGlobals());

/** An engine on HLS_ITEM whose element tells the program date-time (`native`: WebKit's getStartDate) or not. */
function hlsSetup(native: boolean) {
  const s = setup(true, HLS_ITEM);
  if (native) Object.assign(s.media, { getStartDate: () => new Date(1_000_000) });
  s.show({ ...HLS_ITEM, sources: [...HLS_ITEM.sources] });
  return s;
}
const settled = () => vi.dynamicImportSettled();

describe('HLS', () => {
  it('natively where the element tells the program date-time: the playlist as it is (no cache-buster), the date from getStartDate + the clock', () => {
    const s = hlsSetup(true);
    s.audio.play();
    expect(s.sources).toEqual([ASKED]);
    expect(fake.made).toEqual([]);
    s.fire('playing');
    s.clock(3.5);
    expect(s.audio.snapshot).toMatchObject({ date: 1_003_500, source: HLS_ITEM.sources[0] });
  });

  it('no sound while the element seeks (hls.js to the live edge): nothing heard until it lands, so no title runs ahead of it', () => {
    const s = hlsSetup(true);
    s.audio.play();
    s.fire('playing');
    s.clock(3.5);
    expect(s.audio.snapshot.sounding).toBe(true);
    let seeking = true;
    Object.defineProperty(s.media, 'seeking', { configurable: true, get: () => seeking });
    expect(s.audio.snapshot).toMatchObject({ sounding: false, date: 1_003_500 });
    seeking = false;
    expect(s.audio.snapshot.sounding).toBe(true);
  });

  it('a native attempt that fails goes through hls.js (no worker), which plays the same playlist; a fatal error of it goes to the next source and hls.js goes', async () => {
    const s = hlsSetup(true);
    s.audio.play();
    s.fire('error');
    await settled();
    const [hls] = fake.made;
    expect(hls).toMatchObject({ url: ASKED, media: s.media, config: { enableWorker: false } });
    // One player, one session: natively and through hls.js it is the same listener.
    expect(hls!.url).toBe(s.sources[0]);
    // Attached, it is asked to play again (the element had no source when Play was pressed).
    expect(s.plays.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(s.told.map(([t]) => t)).toEqual(['play']);
    hls!.playingDate = new Date(2_000_000);
    expect(s.audio.snapshot).toMatchObject({ date: 2_000_000, source: HLS_ITEM.sources[0] });
    // A non-fatal error is hls.js's own to retry; a fatal one is a failure.
    hls!.error(false);
    expect(s.urls()).toEqual([ASKED]);
    hls!.error(true);
    expect(s.urls()).toEqual([ASKED, MP3]);
    expect(hls!.destroyed).toBe(true);
    expect(s.audio.snapshot.date).toBeUndefined();
  });

  it('through hls.js at once where the element tells no date (Chromium says "maybe" too), and not at all without MSE', async () => {
    const s = hlsSetup(false);
    s.audio.play();
    expect(s.sources).toEqual([]);
    await settled();
    expect(fake.made).toHaveLength(1);
    mse = false;
    const none = hlsSetup(false);
    none.audio.play();
    expect(none.urls()).toEqual([MP3]);
    await settled();
    expect(fake.made).toHaveLength(1);
  });

  it('an MP3 source never loads hls.js; pausing releases hls.js; the service delisting HLS moves to Icecast at once, and back', async () => {
    const mp3 = setup(true, { audio_url: MP3, sources: [{ url: MP3, type: 'audio/mpeg' }] });
    mp3.audio.play();
    await settled();
    expect(fake.made).toEqual([]);
    const s = hlsSetup(false);
    s.audio.play();
    await settled();
    s.fire('playing');
    s.audio.pause();
    expect(fake.made[0]!.destroyed).toBe(true);
    s.audio.play();
    await settled();
    s.fire('playing');
    s.show({ ...HLS_ITEM, sources: [HLS_ITEM.sources[1]!] });
    expect(fake.made[1]!.destroyed).toBe(true);
    expect(s.urls()).toEqual([MP3]);
    s.fire('playing');
    s.show(HLS_ITEM);
    expect(s.urls()).toEqual([MP3]); // MP3 still listed: it plays on
    s.show({ ...HLS_ITEM, sources: [HLS_ITEM.sources[0]!] });
    await settled();
    expect(fake.made).toHaveLength(3);
    expect(fake.made[2]!.destroyed).toBe(false);
  });

  it('hls.js is fetched before the press when the first way is through it (not when HLS comes after Icecast)', () => {
    // (The engine hands the adapter the first way; the adapter, whose ways they are, loads hls.js for its own.)
    const warm = vi.spyOn(MediaAdapter.prototype, 'warm');
    setup(true, { ...HLS_ITEM, sources: [...HLS_ITEM.sources].reverse() });
    expect(warm.mock.calls.map(([first]) => first)).not.toContainEqual(expect.stringMatching(/^hls\.js:/));
    hlsSetup(false);
    expect(warm).toHaveBeenCalledWith(expect.stringMatching(/^hls\.js:https:\/\/cdn\.test\//));
    warm.mockRestore();
  });
});
