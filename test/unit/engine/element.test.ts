/** What the element says becomes the state: playing, a recovery, pauses from outside, ends, a dropped source’s events. (The engine’s tests share setup.ts.) */
import { describe, expect, it, vi } from 'vitest';
import { FILE, setup, flowing, engineHooks } from './setup.ts';

engineHooks();

describe('state from the element', () => {
  it('playing needs the wish, an element that runs and no hold-up', () => {
    const { audio, setPaused, fire } = setup();
    setPaused(false); // runs without the listener's wish (someone else's play())
    fire('playing');
    expect(audio.snapshot.playing).toBe(false);
    expect(audio.snapshot.buffering).toBe(false);
    audio.play();
    expect(audio.snapshot.buffering).toBe(true); // no sound yet
    fire('playing');
    expect(audio.snapshot.playing).toBe(true);
    fire('waiting');
    expect(audio.snapshot.playing).toBe(false);
    expect(audio.snapshot.buffering).toBe(true);
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
    expect(audio.snapshot.playing).toBe(true);
  });

  it('Pause tells which source it paused', () => {
    const { audio, told } = flowing();
    audio.pause();
    expect(told).toEqual([
      ['play', FILE],
      ['pause', FILE],
    ]);
    expect(audio.snapshot.on).toBe(false);
  });

  it('paused from outside (system controls) follows the element', () => {
    const { audio, media, told } = flowing();
    media.pause();
    expect(audio.snapshot.on).toBe(false);
    expect(told.at(-1)).toEqual(['pause', FILE]);
  });

  it('a pause event that arrives after a new play already runs is stale: the listener keeps the sound', () => {
    const { audio, fire, told } = flowing();
    // Pause then Play in quick succession: the element plays again when the first pause's event is dispatched.
    fire('pause');
    expect(audio.snapshot.on).toBe(true);
    expect(told.at(-1)?.[0]).toBe('play');
  });

  it('a pause while held up (a reload) or at the end is not the listener’s', () => {
    const a = setup();
    a.audio.play();
    a.setPaused(false);
    a.media.pause(); // waiting for sound: the engine pauses on its own
    expect(a.audio.snapshot.on).toBe(true);
    const b = flowing();
    b.setEnded(true);
    b.media.pause();
    expect(b.audio.snapshot.on).toBe(true);
    expect(b.told).toEqual([['play', FILE]]);
  });

  it('a file that ends is done; a live stream that ends reconnects', () => {
    const file = flowing();
    file.fire('ended');
    expect(file.audio.snapshot.on).toBe(false);
    expect(file.audio.snapshot.state).toBe('ended');
    expect(file.told.at(-1)).toEqual(['ended', FILE]);
    const live = flowing(true);
    live.fire('ended');
    expect(live.audio.snapshot.on).toBe(true);
    expect(live.audio.snapshot.buffering).toBe(true);
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
    expect(audio.snapshot.reconnecting).toBe(false);
    expect(audio.snapshot.state).toBe('idle');
  });
});
