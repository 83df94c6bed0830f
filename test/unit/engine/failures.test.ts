/** Failures (told, retried with backoff), the browser refusing, the player’s fatal error, and the service holding a stream. (The engine’s tests share setup.ts.) */
import { describe, expect, it, vi } from 'vitest';
import { FILE, setup, flowing, failed, waits, engineHooks } from './setup.ts';

engineHooks();

describe('failures and the service holding', () => {
  it('an error while the listener wants sound is told and retried with backoff', () => {
    const { audio, told, fire, plays } = flowing();
    fire('error');
    expect(told.at(-1)).toEqual(['error', FILE]);
    expect(audio.snapshot.reconnecting).toBe(true); // the first retry is under way: 0.25–0.5 s
    expect(audio.snapshot.buffering).toBe(true);
    vi.advanceTimersByTime(249);
    expect(plays).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(251);
    expect(plays).toHaveBeenCalledTimes(2);
  });

  it('errors of a paused player are not told and do not grow the backoff', () => {
    const s = flowing();
    s.audio.pause(); // a file stays loaded
    s.fire('error');
    s.fire('error');
    vi.advanceTimersByTime(60_000);
    expect(s.told).toEqual([
      ['play', FILE],
      ['pause', FILE],
    ]);
    expect(s.audio.snapshot.reconnecting).toBe(false);
    // Played again: a failure waits the first backoff.
    s.audio.play();
    s.fire('error');
    waits(s, 250, 500);
  });

  it('a pause during the backoff cancels the retry', () => {
    const s = flowing();
    s.fire('error');
    s.audio.pause();
    vi.advanceTimersByTime(60_000);
    expect(s.plays).toHaveBeenCalledTimes(1);
    // The listener's Play starts over: a failure waits the first backoff again.
    s.audio.play();
    s.fire('error');
    waits(s, 250, 500);
  });

  // (The old test set `retries` to 3 and held again; here three failures make the attempt 3, and the backoff after
  // the hold shows it kept.)
  it('unreachable: a stream is held (the wish kept, the source dropped, a retry counted), back plays it; nothing when paused', () => {
    const idle = setup();
    idle.audio.play();
    idle.audio.pause();
    idle.audio.said('unreachable');
    expect(idle.media.hasAttribute('src')).toBe(true);
    expect(idle.audio.snapshot.reconnecting).toBe(false);
    expect(idle.audio.snapshot.state).not.toBe('held');
    const s = flowing(true);
    s.audio.said('unreachable');
    expect(s.media.hasAttribute('src')).toBe(false);
    expect(s.audio.snapshot.state).toBe('held');
    expect(s.audio.snapshot).toMatchObject({ on: true, buffering: true, reconnecting: true, loadedAt: 0 });
    vi.advanceTimersByTime(60_000);
    expect(s.sources).toHaveLength(1); // nothing loads until the service is back
    s.audio.said('back');
    s.fire('error');
    waits(s, 500, 1000); // one failure counted: attempt 1
    s.fire('playing');
    const h = flowing(true);
    failed(h, 3);
    h.audio.said('unreachable');
    h.audio.said('back');
    h.fire('error');
    waits(h, 2000, 4000); // attempt 3 kept
  });

  it('a start the browser refuses without a reason keeps the wish', async () => {
    const { audio, media } = setup();
    media.play = () => Promise.reject(undefined);
    audio.play();
    await vi.advanceTimersByTimeAsync(0);
    expect(audio.snapshot.on).toBe(true);
  });

  it('a start the browser refuses (autoplay policy) gives control back: started() rejects with its error', async () => {
    const { audio, media, told } = setup();
    const refusal = new DOMException('no', 'NotAllowedError');
    media.play = () => Promise.reject(refusal);
    const started = expect(audio.started()).rejects.toBe(refusal);
    audio.play();
    await vi.advanceTimersByTimeAsync(0);
    await started;
    expect(audio.snapshot.on).toBe(false);
    expect(told.at(-1)).toEqual(['pause', FILE]);
  });

  // (The old controller's `settle(error)` and `early = false`: the player's fatal error now comes through `fail()`.)
  it('a fatal error gives up a play that waits for the data, and stops one that plays, with its error', async () => {
    const early = setup(false, undefined);
    early.audio.play();
    const waiting = early.audio.started();
    const fatal = new Error('invalid_token');
    early.audio.fail(fatal);
    await expect(waiting).rejects.toBe(fatal);
    expect(early.audio.snapshot).toMatchObject({ state: 'error', on: false });
    early.show({ audio_url: FILE });
    expect(early.sources).toEqual([]); // the data came: nothing starts
    const s = setup();
    s.audio.play();
    const started = s.audio.started();
    s.audio.fail(fatal);
    await expect(started).rejects.toBe(fatal);
    expect(s.told.at(-1)).toEqual(['pause', FILE]);
    expect(s.media.hasAttribute('src')).toBe(true); // a file stays loaded
    vi.advanceTimersByTime(60_000);
    expect(s.sources).toHaveLength(1); // no watchdog, no retry
    s.fire('playing');
    expect(s.audio.snapshot.playing).toBe(false);
  });

  it('started() resolves once sound flows, at once when it does; a pause rejects it as an AbortError', async () => {
    const s = setup();
    s.audio.play();
    const started = s.audio.started();
    s.fire('playing');
    await expect(started).resolves.toBeUndefined();
    await expect(s.audio.started()).resolves.toBeUndefined();
    s.audio.pause();
    const next = s.audio.started();
    s.audio.play();
    s.audio.pause();
    await expect(next).rejects.toMatchObject({ name: 'AbortError' });
  });
});
