/** The clock: what counts as sound, the stall watchdog, the backoff restarting after 30 s of sound. (The engine’s tests share setup.ts.) */
import { describe, expect, it, vi } from 'vitest';
import { setup, flowing, failed, flow, waits, engineHooks } from './setup.ts';

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

  // (The old test set `retries` to 3; the engine's attempt is its own: three failures in a row make it 3, and the
  // backoff each next failure waits shows it — attempt 3: 2–4 s, attempt 4: 4–8 s.)
  it('the backoff starts over after 30 s of sound, not before', () => {
    const a = flowing();
    failed(a, 3);
    flow(a, 0, 29.5);
    a.fire('waiting');
    expect(a.audio.snapshot.reconnecting).toBe(true); // still counting
    a.fire('playing');
    flow(a, 29.5, 0.5); // exactly 30
    a.fire('waiting');
    expect(a.audio.snapshot.reconnecting).toBe(false);
    a.fire('error');
    waits(a, 250, 500);
    // A failure counts the sound from zero again.
    const b = flowing();
    failed(b, 3);
    b.fire('error'); // the 4th
    waits(b, 2000, 4000); // the reload (2–4 s at the 4th retry)
    b.fire('playing');
    flow(b, 0, 29.5);
    b.fire('error');
    waits(b, 4000, 8000);
  });
});
