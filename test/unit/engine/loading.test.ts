/** What the engine loads: where a file starts, the resume point, another item, a live stream’s new URL, a play before the data, stop(). (The engine’s tests share setup.ts.) */
import { describe, expect, it, vi } from 'vitest';
import { FILE, LIVE, setup, flowing, engineHooks } from './setup.ts';

engineHooks();

describe('what is loaded', () => {
  it('a file starts at its position by a media fragment; from 0 without one', () => {
    const a = setup();
    a.audio.seek(42);
    a.audio.play();
    expect(a.sources).toEqual([`${FILE}#t=42`]);
    expect(a.audio.position).toBe(42); // the start position until the clock reads it
    const b = setup();
    b.audio.play();
    expect(b.sources).toEqual([FILE]);
    expect(a.seeks).toEqual([]); // no currentTime before the metadata
  });

  it('an item with an id starts where this listener left it (at their speed, the nearest offered)', () => {
    localStorage.setItem('castlet:pk_test:ep-1', JSON.stringify({ t: 42, rate: 1.4 }));
    const { audio, sources } = setup(false, { audio_url: FILE, id: 'ep-1', duration: 120 });
    expect(audio.position).toBe(42);
    expect(audio.snapshot.rate).toBe(1.5);
    audio.play();
    expect(sources).toEqual([`${FILE}#t=42`]);
  });

  it('Play after Pause keeps the loaded file (no reload, the position stays)', () => {
    const { audio, media, sources, plays, clock } = flowing();
    clock(0.5);
    audio.pause();
    expect(media.hasAttribute('src')).toBe(true);
    expect(audio.snapshot.source).toEqual({ url: FILE });
    audio.play();
    expect(sources).toEqual([FILE]);
    expect(plays).toHaveBeenCalledTimes(2);
    expect(audio.position).toBe(0.5);
  });

  // (The old controller was handed the URL to play; the engine plays what its host shows: another item shown
  // stops the loaded file, saving where it was, and Play loads the new one.)
  it('another file is loaded in its place', () => {
    const { audio, sources, show, told } = flowing();
    show({ audio_url: 'https://x.test/other.mp3' });
    expect(told.at(-1)).toEqual(['pause', FILE]);
    audio.seek(3);
    audio.play();
    expect(sources).toEqual([FILE, 'https://x.test/other.mp3#t=3']);
  });

  it('audio never plays under another item’s title: the loaded file stops', () => {
    const { audio, media, show, told } = flowing(false, { audio_url: FILE, id: 'ep-1', duration: 120 });
    show({ audio_url: 'https://x.test/other.mp3', id: 'ep-2', duration: 60 });
    expect(audio.snapshot.on).toBe(false);
    expect(media.hasAttribute('src')).toBe(false);
    expect(told.at(-1)).toEqual(['pause', FILE]);
    // The same audio under a new item (new data for the same episode) plays on.
    const same = flowing(false, { audio_url: FILE, id: 'ep-1', duration: 120 });
    same.show({ audio_url: FILE, id: 'ep-1', duration: 121 });
    expect(same.audio.snapshot.playing).toBe(true);
  });

  it('a live stream reconnects on every Play, by a new URL (after `?` or `&`)', () => {
    vi.setSystemTime(1000);
    const { audio, media, sources, show } = flowing(true);
    audio.pause();
    expect(media.hasAttribute('src')).toBe(false); // released: no download while paused
    vi.setSystemTime(2000);
    show({ audio_url: `${LIVE}?mount=jazz` });
    audio.play();
    expect(sources).toEqual([`${LIVE}?t=1000`, `${LIVE}?mount=jazz&t=2000`]);
  });

  it('a play asked before there is anything to play starts when there is; with nothing that can play it is given up', async () => {
    const { audio, sources, show } = setup(false, undefined);
    audio.play();
    expect(audio.snapshot).toMatchObject({ state: 'waiting', on: true, buffering: false });
    expect(sources).toEqual([]);
    show({ audio_url: FILE });
    expect(sources).toEqual([FILE]);
    const none = setup(false, undefined);
    none.audio.play();
    const started = none.audio.started();
    none.show(null);
    await expect(started).rejects.toThrow('nothing to play');
    expect(none.audio.snapshot.on).toBe(false);
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
