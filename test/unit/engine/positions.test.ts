/** Where the listener was, kept across another item, a failover, and sound back during the backoff (once bugs, fixed). (The engine’s tests share setup.ts.) */
import { describe, expect, it, vi } from 'vitest';
import { FILE, MP3, LADDER, setup, flowing, flow, engineHooks } from './setup.ts';

engineHooks();

describe('where the listener was', () => {
  it('another item shown (or stop()) saves where the listener was in the file, not where it was loaded', () => {
    const s = flowing(false, { audio_url: FILE, id: 'ep-1', duration: 600 });
    flow(s, 0, 12); // resume points written at 4 s and 9 s of playback
    s.show({ audio_url: 'https://x.test/other.mp3', id: 'ep-2', duration: 60 });
    // Saved from the state after `stop` (idle: nothing loaded), so the position is the load's start: 0 (the `save` of
    // the `paused` the element fires, re-entrant from media.pause(), writes the same).
    expect(JSON.parse(localStorage.getItem('castlet:pk_test:ep-1')!)).toEqual({ t: 12, rate: 1 });
  });

  it('a file failing over to its next source goes on from where it was, not from where the failed one was loaded', () => {
    const s = flowing(false, { audio_url: FILE, sources: [{ url: 'https://x.test/ep.opus', type: 'audio/ogg' }, { url: FILE }] });
    flow(s, 0, 20);
    s.fire('error');
    // The `load` effect reads the position once the state names the next source, not yet in the element: 0.
    expect(s.sources).toEqual(['https://x.test/ep.opus', `${FILE}#t=20`]);
  });

  it('sound that comes back during the backoff is the source that sounds, not the first one', () => {
    const s = setup(true, LADDER);
    s.audio.play();
    s.fire('error'); // OPUS
    s.fire('error'); // AAC
    vi.advanceTimersByTime(8000); // MP3 silent for 8 s: every source failed, the backoff runs
    s.fire('playing'); // MP3's sound after all (the element was still loading it)
    // `reconnecting` keeps index 0, so `playing` names OPUS (delay 4) while MP3 (delay 2) plays: now playing is off.
    expect(s.audio.snapshot.source).toEqual({ url: MP3, delay: 2 });
    // A file the same way: its clock and seeks no longer reach the element (`#loaded` asks for the first source).
    const f = setup(false, { audio_url: FILE, sources: [{ url: 'https://x.test/ep.opus', type: 'audio/ogg' }, { url: FILE }] });
    f.audio.play();
    f.fire('error');
    vi.advanceTimersByTime(8000);
    f.fire('playing');
    f.clock(0.5);
    expect(f.audio.position).toBe(0.5);
    f.audio.seek(30);
    expect(f.media.currentTime).toBe(30);
  });
});
