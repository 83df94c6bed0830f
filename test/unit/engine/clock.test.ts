/** The clock: what counts as sound, the stall watchdog. (The backoff restarting after 30 s of sound is the machine’s: test/unit/machine.test.ts.) (The engine’s tests share setup.ts.) */
import { describe, expect, it, vi } from 'vitest';
import { setup, flowing, engineHooks } from './setup.ts';

engineHooks();

describe('the clock', () => {
  it('a step under a second of a running element is sound; a jump, no step or a paused element is not', () => {
    const { audio, clock, setPaused } = setup();
    audio.play();
    clock(1); // a jump of exactly 1 s (a seek)
    expect(audio.snapshot.buffering).toBe(true);
    setPaused(false);
    clock(1); // no step
    expect(audio.snapshot.buffering).toBe(true);
    clock(2); // 1 s again
    expect(audio.snapshot.buffering).toBe(true);
    setPaused(true);
    clock(2.5);
    setPaused(false);
    expect(audio.snapshot.buffering).toBe(true);
    clock(3);
    expect(audio.snapshot.playing).toBe(true);
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
});
