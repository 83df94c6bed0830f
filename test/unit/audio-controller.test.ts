/**
 * The AudioController alone, against a media element whose playback the test drives (what
 * play() does, when the clock moves, which events fire) and fake timers: every rule of the one
 * owner of <audio>, to the boundary. The players' tests show the same rules through the UI.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AudioController, type AudioEventType, type Item } from '../../src/internal/audio-controller.ts';

const FILE = 'https://x.test/ep.mp3';
const LIVE = 'https://x.test/listen';

/** The first own-or-inherited descriptor of `key`. */
function descriptor(o: object, key: string): PropertyDescriptor {
  for (let p = o; p; p = Object.getPrototypeOf(p)) {
    const d = Object.getOwnPropertyDescriptor(p, key);
    if (d) return d;
  }
  throw new Error(key);
}

/** Every controller of a test, disconnected after it (they listen on window). */
const controllers: AudioController[] = [];

function setup(live = false, item?: () => Item | null | undefined) {
  const told: [AudioEventType, string][] = [];
  const host = { addController: vi.fn(), removeController: vi.fn(), requestUpdate: vi.fn(), updateComplete: Promise.resolve(true) };
  const audio = new AudioController(host, live, (type, src) => told.push([type, src]), item);
  audio.hostConnected();
  controllers.push(audio);
  const media = audio.media;
  let paused = true;
  let ended = false;
  Object.defineProperty(media, 'paused', { configurable: true, get: () => paused });
  Object.defineProperty(media, 'ended', { configurable: true, get: () => ended });
  // Every source the controller sets (the same URL set again is a reload too).
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
  return {
    audio,
    media,
    told,
    sources,
    seeks,
    plays,
    fire,
    clock,
    lasting,
    host,
    setPaused: (v: boolean) => void (paused = v),
    setEnded: (v: boolean) => void (ended = v),
  };
}

/** Started and sound flowing. */
function flowing(live = false) {
  const s = setup(live);
  s.audio.play(live ? LIVE : FILE);
  s.fire('playing');
  return s;
}

beforeEach(() => void vi.useFakeTimers());
afterEach(() => {
  for (const audio of controllers.splice(0)) audio.hostDisconnected();
  vi.useRealTimers();
});

describe('what is loaded', () => {
  it('a file starts at its position by a media fragment; from 0 without one', () => {
    const a = setup();
    a.audio.play(FILE, 42);
    expect(a.sources).toEqual([`${FILE}#t=42`]);
    expect(a.audio.position).toBe(42); // the start position until the clock reads it
    const b = setup();
    b.audio.play(FILE);
    expect(b.sources).toEqual([FILE]);
    expect(a.seeks).toEqual([]); // no currentTime before the metadata
  });

  it('Play after Pause keeps the loaded file (no reload, the position stays)', () => {
    const { audio, sources, plays, clock } = flowing();
    clock(0.5);
    audio.pause();
    expect(audio.has(FILE)).toBe(true);
    audio.play(FILE, 0);
    expect(sources).toEqual([FILE]);
    expect(plays).toHaveBeenCalledTimes(2);
    expect(audio.position).toBe(0.5);
  });

  it('another file is loaded in its place', () => {
    const { audio, sources } = flowing();
    audio.play('https://x.test/other.mp3', 3);
    expect(sources).toEqual([FILE, 'https://x.test/other.mp3#t=3']);
  });

  it('a live stream reconnects on every Play, by a new URL (after `?` or `&`)', () => {
    vi.setSystemTime(1000);
    const { audio, sources } = flowing(true);
    audio.pause();
    expect(audio.has(LIVE)).toBe(false); // released: no download while paused
    vi.setSystemTime(2000);
    audio.play(`${LIVE}?mount=jazz`);
    expect(sources).toEqual([`${LIVE}?t=1000`, `${LIVE}?mount=jazz&t=2000`]);
  });

  it('stop() pauses and drops the file', () => {
    const { audio, media, told } = flowing();
    audio.stop();
    expect(media.hasAttribute('src')).toBe(false);
    expect(told.at(-1)).toEqual(['pause', FILE]);
  });

  it('stop() or leaving the page after Pause tells no second pause', () => {
    const { audio, media, told } = flowing();
    audio.pause();
    audio.stop();
    audio.hostDisconnected();
    expect(told).toEqual([
      ['play', FILE],
      ['pause', FILE],
    ]);
    expect(media.hasAttribute('src')).toBe(false);
  });
});

describe('state from the element', () => {
  it('playing needs the wish, an element that runs and no hold-up', () => {
    const { audio, setPaused, fire } = setup();
    setPaused(false); // runs without the listener's wish (someone else's play())
    expect(audio.playing).toBe(false);
    expect(audio.buffering).toBe(false);
    audio.play(FILE);
    expect(audio.buffering).toBe(true); // no sound yet
    fire('playing');
    expect(audio.playing).toBe(true);
    fire('waiting');
    expect(audio.playing).toBe(false);
    expect(audio.buffering).toBe(true);
  });

  it('a first `playing` is not a recovery; one after a failure is', () => {
    const { audio, told, fire } = flowing();
    expect(told).toEqual([['play', FILE]]);
    fire('error');
    expect(told.at(-1)).toEqual(['error', FILE]);
    fire('playing');
    expect(told.at(-1)).toEqual(['recovered', FILE]);
    fire('playing');
    expect(told.filter(([type]) => type === 'recovered')).toHaveLength(1);
    expect(audio.playing).toBe(true);
  });

  it('Pause tells which source it paused', () => {
    const { audio, told } = flowing();
    audio.pause();
    expect(told).toEqual([
      ['play', FILE],
      ['pause', FILE],
    ]);
    expect(audio.wanted).toBe(false);
  });

  it('paused from outside (system controls) follows the element', () => {
    const { audio, media, told } = flowing();
    media.pause();
    expect(audio.wanted).toBe(false);
    expect(told.at(-1)).toEqual(['pause', FILE]);
  });

  it('a pause event that arrives after a new play already runs is stale: the listener keeps the sound', () => {
    const { audio, fire, told } = flowing();
    // Pause then Play in quick succession: the element plays again when the first pause's event is dispatched.
    fire('pause');
    expect(audio.wanted).toBe(true);
    expect(told.at(-1)?.[0]).toBe('play');
  });

  it('a pause while held up (a reload) or at the end is not the listener’s', () => {
    const a = setup();
    a.audio.play(FILE);
    a.setPaused(false);
    a.media.pause(); // waiting for sound: the engine pauses on its own
    expect(a.audio.wanted).toBe(true);
    const b = flowing();
    b.setEnded(true);
    b.media.pause();
    expect(b.audio.wanted).toBe(true);
    expect(b.told).toEqual([['play', FILE]]);
  });

  it('a file that ends is done; a live stream that ends reconnects', () => {
    const file = flowing();
    file.fire('ended');
    expect(file.audio.wanted).toBe(false);
    const live = flowing(true);
    live.fire('ended');
    expect(live.audio.wanted).toBe(true);
    expect(live.audio.buffering).toBe(true);
    vi.advanceTimersByTime(500);
    expect(live.sources).toHaveLength(2);
  });

  it('events of a dropped source say nothing', () => {
    const { audio, told, fire } = flowing();
    audio.stop();
    fire('error');
    fire('playing');
    expect(told).toEqual([
      ['play', FILE],
      ['pause', FILE],
    ]);
    expect(audio.retries).toBe(0);
  });
});

describe('the clock', () => {
  it('a step under a second of a running element is sound; a jump, no step or a paused element is not', () => {
    const { audio, clock, setPaused } = setup();
    audio.play(FILE);
    clock(1); // a jump of exactly 1 s (a seek)
    expect(audio.buffering).toBe(true);
    setPaused(false);
    clock(1); // no step
    expect(audio.buffering).toBe(true);
    clock(2); // 1 s again
    expect(audio.buffering).toBe(true);
    setPaused(true);
    clock(2.5);
    setPaused(false);
    expect(audio.buffering).toBe(true);
    clock(3);
    expect(audio.playing).toBe(true);
  });

  it('a moving clock stops the stall watchdog; a `playing` alone does not', () => {
    const { plays, clock, fire } = flowing(); // `playing`, clock still
    vi.advanceTimersByTime(8000);
    expect(plays).toHaveBeenCalledTimes(1); // the retry waits its backoff
    vi.advanceTimersByTime(500);
    expect(plays).toHaveBeenCalledTimes(2);
    fire('playing');
    clock(0.25);
    vi.advanceTimersByTime(60_000);
    expect(plays).toHaveBeenCalledTimes(2);
  });

  it('the backoff starts over after 30 s of sound, not before', () => {
    const flow = (s: ReturnType<typeof flowing>, from: number, seconds: number) => {
      for (let t = from + 0.5; t <= from + seconds; t += 0.5) s.clock(t);
    };
    const a = flowing();
    a.audio.retries = 3;
    flow(a, 0, 29.5);
    expect(a.audio.retries).toBe(3);
    flow(a, 29.5, 0.5); // exactly 30
    expect(a.audio.retries).toBe(0);
    // A failure counts the sound from zero again.
    a.audio.retries = 3;
    a.fire('error');
    vi.advanceTimersByTime(4000); // the reload (2–4 s at the 4th retry)
    a.fire('playing');
    flow(a, 0, 29.5);
    expect(a.audio.retries).toBe(4);
  });
});

describe('seek and speed', () => {
  it('seek moves the element and the start position, never below 0', () => {
    const { audio, media } = setup(false, () => ({ audio_url: FILE }));
    audio.hostUpdate();
    audio.play();
    audio.seek(-5);
    expect(media.currentTime).toBe(0);
    audio.seek(30);
    expect(media.currentTime).toBe(30);
    expect(audio.position).toBe(30);
  });

  it('a seek with nothing on show waits for the next item, clamped to its length', () => {
    let item: Item | undefined = undefined;
    const { audio, media } = setup(false, () => item);
    audio.hostUpdate();
    audio.seek(500);
    expect(audio.position).toBe(0);
    item = { audio_url: FILE, duration: 120 };
    audio.hostUpdate();
    expect(audio.position).toBe(120);
    audio.play();
    expect(media.src).toBe(`${FILE}#t=120`);
  });

  it('a speed is applied once sound flows, and while it flows at once', () => {
    const { audio, media, fire } = setup();
    audio.rate = 1.5;
    expect(media.playbackRate).toBe(1); // nothing playing
    audio.play(FILE);
    audio.rate = 1.5;
    expect(media.playbackRate).toBe(1); // right after play(): not yet
    fire('playing');
    expect(media.playbackRate).toBe(1.5);
    expect(media.defaultPlaybackRate).toBe(1.5);
    audio.rate = 2;
    expect(media.playbackRate).toBe(2);
  });

  it('never while a seek is pending', () => {
    const { audio, media, clock } = flowing();
    let seeking = true;
    Object.defineProperty(media, 'seeking', { configurable: true, get: () => seeking });
    audio.rate = 1.25;
    expect(media.playbackRate).toBe(1);
    seeking = false;
    clock(0.3);
    expect(media.playbackRate).toBe(1.25);
  });

  it('a paused player’s element events set no speed', () => {
    const { audio, media, fire } = flowing();
    audio.pause(); // the file stays loaded
    audio.rate = 2;
    fire('playing');
    expect(media.playbackRate).toBe(1);
  });
});

describe('the position once the metadata is known', () => {
  const started = (at: number, now: number, duration: number) => {
    const s = setup();
    s.audio.play(FILE, at);
    s.media.currentTime = now;
    s.seeks.length = 0;
    s.lasting(duration);
    s.fire('loadedmetadata');
    return s;
  };

  it('an engine that honoured the fragment (within half a second) is left alone', () => {
    expect(started(42, 42, 120).seeks).toEqual([]);
    expect(started(42, 41.6, 120).seeks).toEqual([]);
    expect(started(42, 41.5, 120).seeks).toEqual([]);
  });

  it('one that did not is sought there', () => {
    expect(started(42, 0, 120).seeks).toEqual([42]);
    expect(started(42, 41.4, 120).seeks).toEqual([42]);
  });

  it('a file started without its duration (1 s or less) is loaded again from the position', () => {
    const { seeks, sources, media, audio } = started(42, 0, 1);
    expect(seeks).toEqual([]);
    expect(media.hasAttribute('src')).toBe(false);
    expect(audio.buffering).toBe(true);
    vi.advanceTimersByTime(500);
    expect(sources).toEqual([`${FILE}#t=42`, `${FILE}#t=42`]);
  });

  it('from the start too: a file without its duration is loaded again (WebKitGTK took it for a stream)', () => {
    const { sources, media, audio } = started(0, 0, 0);
    expect(media.hasAttribute('src')).toBe(false);
    expect(audio.buffering).toBe(true);
    vi.advanceTimersByTime(500);
    expect(sources).toEqual([FILE, FILE]);
  });

  it('a live stream has no duration to wait for: never loaded again for it', () => {
    const { audio, media, sources, lasting, fire } = setup(true);
    audio.play(LIVE);
    lasting(0);
    fire('loadedmetadata');
    expect(media.hasAttribute('src')).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(sources).toHaveLength(1);
  });
});

describe('the page reading the element', () => {
  it('`seekable` before the file has a duration: empty ranges, and the engine is not asked (WebKitGTK would take the file for a stream)', () => {
    const { audio, media, lasting } = setup();
    const proto = HTMLMediaElement.prototype;
    const native = Object.getOwnPropertyDescriptor(proto, 'seekable')!;
    const asked: unknown[] = [];
    Object.defineProperty(proto, 'seekable', {
      configurable: true,
      get(this: HTMLMediaElement) {
        asked.push(this);
        return native.get!.call(this);
      },
    });
    try {
      audio.play(FILE);
      for (const unknown of [NaN, 0]) {
        // (WebKitGTK reads 0 for a while with its data already there.)
        lasting(unknown);
        expect(media.seekable.length).toBe(0);
      }
      expect(asked).not.toContain(media);
      lasting(120);
      void media.seekable;
      expect(asked).toContain(media);
    } finally {
      Object.defineProperty(proto, 'seekable', native);
    }
  });
});

describe('failures and the service holding', () => {
  it('an error while the listener wants sound is told and retried with backoff', () => {
    const { audio, told, fire, plays } = flowing();
    fire('error');
    expect(told.at(-1)).toEqual(['error', FILE]);
    expect(audio.retries).toBe(1); // the first retry is under way: 0.25–0.5 s
    expect(audio.buffering).toBe(true);
    vi.advanceTimersByTime(249);
    expect(plays).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(251);
    expect(plays).toHaveBeenCalledTimes(2);
  });

  it('errors of a paused player are not told and do not grow the backoff', () => {
    const { audio, told, fire } = flowing();
    audio.pause(); // a file stays loaded
    fire('error');
    fire('error');
    vi.advanceTimersByTime(60_000);
    expect(told).toEqual([
      ['play', FILE],
      ['pause', FILE],
    ]);
    expect(audio.retries).toBe(0);
  });

  it('a pause during the backoff cancels the retry', () => {
    const { audio, fire, plays } = flowing();
    fire('error');
    audio.pause();
    vi.advanceTimersByTime(60_000);
    expect(plays).toHaveBeenCalledTimes(1);
  });

  it('hold() keeps the wish, drops the source and counts a retry; nothing when paused', () => {
    const idle = setup();
    idle.audio.play(FILE);
    idle.audio.pause();
    idle.audio.hold();
    expect(idle.media.hasAttribute('src')).toBe(true);
    expect(idle.audio.retries).toBe(0);
    expect(idle.audio.held).toBe(false);
    const { audio, media } = flowing(true);
    audio.hold();
    expect(media.hasAttribute('src')).toBe(false);
    expect(audio.held).toBe(true);
    expect(audio.buffering).toBe(true);
    expect(audio.retries).toBe(1);
    audio.retries = 3;
    audio.hold();
    expect(audio.retries).toBe(3);
  });

  it('a start the browser refuses without a reason keeps the wish', async () => {
    const { audio, media } = setup();
    media.play = () => Promise.reject(undefined);
    audio.play(FILE);
    await vi.advanceTimersByTimeAsync(0);
    expect(audio.wanted).toBe(true);
  });
});

describe('one player at a time', () => {
  it('a player that starts pauses the others; leaving the page pauses it', () => {
    const a = flowing();
    const b = flowing();
    expect(a.audio.wanted).toBe(false);
    expect(b.audio.wanted).toBe(true);
    b.audio.hostDisconnected();
    expect(b.audio.wanted).toBe(false);
    a.audio.play(FILE);
    expect(a.audio.wanted).toBe(true); // b no longer listens
    a.audio.hostDisconnected();
  });
});
