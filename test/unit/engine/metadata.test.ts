/** The position once the metadata is known, and the page reading the element before then. (The engine’s tests share setup.ts.) */
import { describe, expect, it, vi } from 'vitest';
import { FILE, setup, engineHooks } from './setup.ts';

engineHooks();

describe('the position once the metadata is known', () => {
  const started = (at: number, now: number, duration: number) => {
    const s = setup();
    s.audio.seek(at);
    s.audio.play();
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
    const { seeks, sources, media, audio, told } = started(42, 0, 1);
    expect(seeks).toEqual([]);
    expect(media.hasAttribute('src')).toBe(false);
    expect(audio.snapshot.buffering).toBe(true);
    vi.advanceTimersByTime(500);
    expect(sources).toEqual([`${FILE}#t=42`, `${FILE}#t=42`]);
    expect(told).toEqual([['play', FILE]]); // a quirk, not an error
  });

  it('from the start too: a file without its duration is loaded again (WebKitGTK took it for a stream)', () => {
    const { sources, media, audio } = started(0, 0, 0);
    expect(media.hasAttribute('src')).toBe(false);
    expect(audio.snapshot.buffering).toBe(true);
    vi.advanceTimersByTime(500);
    expect(sources).toEqual([FILE, FILE]);
  });

  it('a live stream has no duration to wait for: never loaded again for it', () => {
    const { audio, media, sources, lasting, fire } = setup(true);
    audio.play();
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
      audio.play();
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
