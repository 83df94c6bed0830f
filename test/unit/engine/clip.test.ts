/** A clip (a soundbite): it pauses at its end; a seek, a pause or another item leaves it. (The engine’s tests share setup.ts.) */
import { describe, expect, it } from 'vitest';
import { FILE, setup, engineHooks } from './setup.ts';

engineHooks();

describe('a clip (a soundbite)', () => {
  it('plays from its start and pauses at its end, where it stays', () => {
    const { audio, media, told, clock, lasting } = setup(false, { audio_url: FILE, id: 'ep-1', duration: 120 });
    audio.playClip(40, 10);
    expect(media.src).toBe(`${FILE}#t=40`);
    expect(audio.snapshot.until).toBe(50);
    lasting(120);
    clock(40.2);
    clock(45);
    expect(audio.snapshot.on).toBe(true);
    clock(50.1);
    expect(audio.snapshot).toMatchObject({ state: 'paused', until: null });
    expect(told.map(([type]) => type)).toEqual(['play', 'pause']);
    expect(audio.position).toBeCloseTo(50.1);
  });

  it('a seek, a pause or another item leaves the clip: it plays on past the clip’s end', () => {
    for (const leave of ['seek', 'pause', 'show'] as const) {
      const { audio, clock, lasting, show } = setup(false, { audio_url: FILE, id: 'ep-1', duration: 120 });
      audio.playClip(40, 10);
      lasting(120);
      clock(40.5);
      if (leave === 'seek') audio.seek(42);
      if (leave === 'pause') {
        audio.pause();
        audio.play();
      }
      if (leave === 'show') {
        show({ audio_url: 'https://x.test/other.mp3', id: 'ep-2', duration: 120 });
        audio.play();
      }
      expect(audio.snapshot.until, leave).toBeNull();
      clock(51);
      expect(audio.snapshot.on, leave).toBe(true);
    }
  });
});
