/** Seek, speed and volume. (The engine’s tests share setup.ts.) */
import { describe, expect, it } from 'vitest';
import { FILE, LIVE, setup, flowing, engineHooks } from './setup.ts';

engineHooks();

describe('seek and speed', () => {
  it('a live item (a podcast live item after an episode at 1.5×) plays at 1× and is not sought; the episode gets its speed back', () => {
    const s = flowing(false, { audio_url: FILE, id: 'ep-1', duration: 120 });
    s.clock(0.25);
    s.audio.setRate(1.5);
    expect(s.media.playbackRate).toBe(1.5);
    s.show({ live: true, audio_url: LIVE });
    s.audio.play();
    // (A new load starts at 1×.)
    expect(s.media.playbackRate).toBe(1);
    s.fire('playing');
    s.clock(0.3);
    expect(s.media.playbackRate).toBe(1);
    s.audio.setRate(2);
    expect(s.media.playbackRate).toBe(1);
    const seeks = s.seeks.length;
    s.audio.seek(30);
    expect(s.seeks).toHaveLength(seeks);
    expect(s.audio.snapshot.until).toBeNull();
    s.show({ audio_url: FILE, id: 'ep-1', duration: 120 });
    s.audio.play();
    s.fire('playing');
    s.clock(0.6);
    // (The episode's own speed, as saved for it.)
    expect(s.media.playbackRate).toBe(1.5);
  });

  it('seek moves the element and the start position, never below 0', () => {
    const { audio, media } = setup();
    audio.play();
    audio.seek(-5);
    expect(media.currentTime).toBe(0);
    audio.seek(30);
    expect(media.currentTime).toBe(30);
    expect(audio.position).toBe(30);
  });

  it('a seek with nothing on show waits for the next item, clamped to its length', () => {
    const { audio, media, show } = setup(false, undefined);
    audio.seek(500);
    expect(audio.position).toBe(0);
    show({ audio_url: FILE, duration: 120 });
    expect(audio.position).toBe(120);
    audio.play();
    expect(media.src).toBe(`${FILE}#t=120`);
  });

  it('a speed is applied once sound flows, and while it flows at once', () => {
    const { audio, media, fire, clock } = setup();
    audio.setRate(1.5);
    expect(media.playbackRate).toBe(1); // nothing playing
    audio.play();
    audio.setRate(1.5);
    expect(media.playbackRate).toBe(1); // right after play(): not yet
    fire('playing');
    // Nor on `playing` (WebKitGTK's Ogg Opus pipeline crashed on it): once the clock moves.
    expect(media.playbackRate).toBe(1);
    clock(0.3);
    expect(media.playbackRate).toBe(1.5);
    expect(media.defaultPlaybackRate).toBe(1.5);
    audio.setRate(2);
    expect(media.playbackRate).toBe(2);
    expect(audio.snapshot.rate).toBe(2);
  });

  it('never while a seek is pending', () => {
    const { audio, media, clock } = flowing();
    let seeking = true;
    Object.defineProperty(media, 'seeking', { configurable: true, get: () => seeking });
    audio.setRate(1.25);
    expect(media.playbackRate).toBe(1);
    seeking = false;
    clock(0.3);
    expect(media.playbackRate).toBe(1.25);
  });

  it('a paused player’s element events set no speed', () => {
    const { audio, media, fire } = flowing();
    audio.pause(); // the file stays loaded
    audio.setRate(2);
    fire('playing');
    expect(media.playbackRate).toBe(1);
  });

  it('volume is clamped to 0–1 and moving it unmutes', () => {
    const { audio, media } = setup();
    audio.setMuted(true);
    expect(audio.snapshot.muted).toBe(true);
    audio.setVolume(2);
    expect([media.volume, media.muted]).toEqual([1, false]);
    audio.setVolume(-1);
    expect(audio.snapshot.volume).toBe(0);
  });
});
