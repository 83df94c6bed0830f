/** One player at a time, and the lock screen. (The engine’s tests share setup.ts.) */
import { describe, expect, it } from 'vitest';
import { setup, flowing, engineHooks } from './setup.ts';

engineHooks();

describe('one player at a time', () => {
  it('a player that starts pauses the others; leaving the page pauses it', () => {
    const a = flowing();
    const b = flowing();
    expect(a.audio.snapshot.on).toBe(false);
    expect(b.audio.snapshot.on).toBe(true);
    b.audio.hostDisconnected();
    expect(b.audio.snapshot.on).toBe(false);
    a.audio.play();
    expect(a.audio.snapshot.on).toBe(true); // b no longer listens
    a.audio.hostDisconnected();
  });

  it('a player that starts claims the lock screen; one that leaves the page gives it back', () => {
    const s = flowing();
    expect(s.session.mock.calls).toEqual([[true]]);
    s.audio.pause();
    s.audio.claim(); // not while paused
    expect(s.session).toHaveBeenCalledTimes(1);
    s.audio.hostDisconnected();
    expect(s.session.mock.calls).toEqual([[true], [false]]);
    const never = setup();
    never.audio.hostDisconnected();
    expect(never.session).not.toHaveBeenCalled();
  });
});
