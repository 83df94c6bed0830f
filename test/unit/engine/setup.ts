/**
 * What the engine's tests share (test/unit/engine/*.test.ts): the engine (src/internal/playback:
 * the machine, the media adapter and `Playback`) against a media element whose playback the test
 * drives (what play() does, when the clock moves, which events fire), and fake timers. Every
 * rule of the one owner of <audio>, to the boundary; the players' tests show what it shows.
 */
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { backoff } from '../../../src/internal/backoff.ts';
import { Playback } from '../../../src/internal/playback/engine.ts';
import { MediaAdapter } from '../../../src/internal/playback/media-adapter.ts';
import { SPEEDS, type AudioEventType, type Item } from '../../../src/internal/playback/types.ts';

export const FILE = 'https://x.test/ep.mp3';
export const LIVE = 'https://x.test/listen';
/** A live stream's sources, in order of preference: Opus (which happy-dom's stub below plays), AAC, MP3. */
export const OPUS = 'https://x.test/listen.opus';
export const AAC = 'https://x.test/listen.aac';
export const MP3 = 'https://x.test/listen.mp3';
export const LADDER: Item = {
  audio_url: MP3,
  sources: [
    { url: OPUS, type: 'audio/ogg; codecs=opus', delay: 4 },
    { url: AAC, type: 'audio/aac', delay: 8 },
    { url: MP3, delay: 2 },
  ],
};

/** The first own-or-inherited descriptor of `key`. */
function descriptor(o: object, key: string): PropertyDescriptor {
  for (let p = o; p; p = Object.getPrototypeOf(p)) {
    const d = Object.getOwnPropertyDescriptor(p, key);
    if (d) return d;
  }
  throw new Error(key);
}

/** Every engine of a test, disconnected after it (they listen on window). */
const engines: Playback[] = [];

/**
 * An engine whose host shows `shown` (default: the file, or the live stream): `show()` shows
 * another (or nothing: undefined, not known yet; null, nothing to play) and runs the host update.
 */
export function setup(live = false, ...shown: (Item | null | undefined)[]) {
  // What the engine tells its player; `time` (the position moved) apart.
  const told: [AudioEventType, string][] = [];
  const times: string[] = [];
  // (What a live player shows is a live stream.)
  const asShown = (i: Item | null | undefined) => (i && live ? { ...i, live } : i);
  let item = asShown(shown.length ? shown[0] : { audio_url: live ? LIVE : FILE });
  const host = {
    publicToken: 'pk_test',
    addController: vi.fn(),
    removeController: vi.fn(),
    requestUpdate: vi.fn(),
    updateComplete: Promise.resolve(true),
  };
  const refresh = vi.fn();
  const session = vi.fn();
  const audio = new Playback(
    host,
    {
      item: () => item,
      // (The lock screen apart: `session(true)` for `claim`, `session(false)` for `release`.)
      tell: (type, src) =>
        void (type === 'time' ? times.push(src) : type === 'claim' || type === 'release' ? session(type === 'claim') : told.push([type, src])),
      refresh,
    },
    { media: new Audio(), Adapter: MediaAdapter, backoff, speeds: SPEEDS },
  );
  audio.hostConnected();
  engines.push(audio);
  const media = audio.media;
  // This "browser" plays everything but FLAC (and says so as browsers do: '' or 'maybe').
  const asked: string[] = [];
  media.canPlayType = (type: string) => (asked.push(type), type.includes('flac') ? '' : 'maybe');
  let paused = true;
  let ended = false;
  Object.defineProperty(media, 'paused', { configurable: true, get: () => paused });
  Object.defineProperty(media, 'ended', { configurable: true, get: () => ended });
  // Every source the engine sets (the same URL set again is a reload too).
  const sources: string[] = [];
  const src = descriptor(media, 'src');
  Object.defineProperty(media, 'src', {
    configurable: true,
    get: () => src.get!.call(media),
    set: (v: string) => (sources.push(v), src.set!.call(media, v)),
  });
  const seeks: number[] = [];
  const time = descriptor(media, 'currentTime');
  Object.defineProperty(media, 'currentTime', {
    configurable: true,
    get: () => time.get!.call(media),
    set: (v: number) => (seeks.push(v), time.set!.call(media, v)),
  });
  const plays = vi.fn(async () => void (paused = false));
  media.play = plays;
  media.pause = () => {
    if (paused) return;
    paused = true;
    media.dispatchEvent(new Event('pause'));
  };
  const fire = (type: string) => media.dispatchEvent(new Event(type));
  /** The clock moves to `t` (a timeupdate, without the setter's record). */
  const clock = (t: number) => {
    time.set!.call(media, t);
    fire('timeupdate');
  };
  const lasting = (d: number) => Object.defineProperty(media, 'duration', { configurable: true, get: () => d });
  const show = (next: Item | null | undefined) => {
    item = asShown(next);
    audio.hostUpdate();
  };
  audio.hostUpdate();
  return {
    audio,
    media,
    told,
    times,
    sources,
    /** The sources set, without a live stream's cache-buster. */
    urls: () => sources.map((s) => s.replace(/[?&]t=\d+$/, '')),
    asked,
    seeks,
    plays,
    fire,
    clock,
    lasting,
    host,
    refresh,
    session,
    show,
    setPaused: (v: boolean) => void (paused = v),
    setEnded: (v: boolean) => void (ended = v),
  };
}

/** Started and sound flowing. */
export function flowing(live = false, ...shown: (Item | null | undefined)[]) {
  const s = setup(live, ...shown);
  s.audio.play();
  s.fire('playing');
  return s;
}

/** `n` failures in a row from sound that flowed (media errors, each retried after its backoff), then sound: the backoff's attempt is `n`. */
export function failed(s: ReturnType<typeof setup>, n: number) {
  for (let i = 0; i < n; i++) {
    s.fire('error');
    // The longest backoff of attempt i (not the watchdog's 8 s: a stall would be a failure too).
    vi.advanceTimersByTime(500 * 2 ** i);
  }
  s.fire('playing');
}

/** Sound flows from `from` for `seconds` (clock steps of 0.5 s). */
export function flow(s: ReturnType<typeof setup>, from: number, seconds: number) {
  for (let t = from + 0.5; t <= from + seconds; t += 0.5) s.clock(t);
}

/** The backoff under way waits at least `min` ms and at most `max` ms: no source is set before, one is by then. */
export function waits(s: ReturnType<typeof setup>, min: number, max: number) {
  const n = s.sources.length;
  vi.advanceTimersByTime(min - 1);
  expect(s.sources).toHaveLength(n);
  vi.advanceTimersByTime(max - min + 1);
  expect(s.sources).toHaveLength(n + 1);
}

/** Fake timers for each test; every engine disconnected after it, and storage cleared. */
export function engineHooks(): void {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => {
    for (const audio of engines.splice(0)) audio.hostDisconnected();
    vi.useRealTimers();
    localStorage.clear();
  });
}
