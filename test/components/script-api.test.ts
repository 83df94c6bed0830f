/**
 * The script API of both players: play(), pause() and toggle() return Promises and fire the
 * same events as the listener's own press. Data from a loopback service of our own.
 */
import { describe, expect, it, vi } from 'vitest';
import '../../src/castlet.ts';
import type { PodcastPlayer, StreamPlayer } from '../../src/castlet.ts';
import { mount, ready, record, shadow, resetAfterEach } from '../support/harness.ts';
import { podcastFeed, serve, streamInfo, type Service } from '../support/stub-service.ts';

let service: Service;
const label = (el: HTMLElement) => shadow(el).querySelector('[part=play]')!.getAttribute('aria-label');
const EP2 = 'http://127.0.0.1:9/media/ep2.mp3';
resetAfterEach();

describe('<podcast-player> play(), pause(), toggle()', () => {
  it('play() before the data plays when it arrives and resolves once sound flows; castlet-play as for a press', async () => {
    service = await serve({ '/public/podcasts': podcastFeed(2) }, 150);
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    const plays = record(el, 'castlet-play');
    expect(el.state).toBe('loading');
    const started = el.play();
    await el.updateComplete;
    expect(label(el)).toBe('Pause');
    expect(el.state).toBe('loading');
    expect(plays).toEqual([]);
    await started;
    expect(el.state).toBe('playing');
    expect(el.media.paused).toBe(false);
    expect(plays).toEqual([{ src: EP2 }]);
  });

  it('pause() and toggle() stop and start the sound with castlet-pause and castlet-play; play() while playing is no second start', async () => {
    service = await serve({ '/public/podcasts': podcastFeed(2) });
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    await ready(el);
    const plays = record(el, 'castlet-play');
    const pauses = record(el, 'castlet-pause');
    await el.pause(); // nothing plays: nothing to tell
    expect(pauses).toEqual([]);
    await el.toggle();
    await el.play();
    expect(el.state).toBe('playing');
    expect(plays).toEqual([{ src: EP2 }]);
    await el.pause();
    expect(el.media.paused).toBe(true);
    expect(pauses).toEqual([{ src: EP2 }]);
    await el.updateComplete;
    expect(el.state).toBe('ready');
    await el.toggle();
    await el.toggle();
    expect(plays).toHaveLength(2);
    expect(pauses).toHaveLength(2);
  });

  it('a pause() before sound flows rejects the play() with AbortError; taking back a play before the data fires nothing', async () => {
    service = await serve({ '/public/podcasts': podcastFeed(2) }, 150);
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    const plays = record(el, 'castlet-play');
    const pauses = record(el, 'castlet-pause');
    const started = el.play();
    await el.pause();
    await expect(started).rejects.toMatchObject({ name: 'AbortError' });
    await ready(el);
    expect(label(el)).toBe('Play');
    expect([plays, pauses]).toEqual([[], []]);
  });

  it('a play() the browser blocks (autoplay policy) rejects with its NotAllowedError; castlet-pause as for a press', async () => {
    service = await serve({ '/public/podcasts': podcastFeed(2) });
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    await ready(el);
    const blocked = new DOMException('no gesture', 'NotAllowedError');
    el.media.play = () => Promise.reject(blocked);
    const pauses = record(el, 'castlet-pause');
    await expect(el.play()).rejects.toBe(blocked);
    expect(pauses).toEqual([{ src: EP2 }]);
  });

  it('play() rejects with the CastletError that castlet-error reports when the token is bad, before or after it is known', async () => {
    service = await serve({ '/public/podcasts': [401, { error: 'invalid_token', error_description: 'no' }] }, 100);
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    const errors = record(el, 'castlet-error');
    const early = el.play();
    await expect(early).rejects.toMatchObject({ code: 'invalid_token', fatal: true });
    const error = await early.catch((e: unknown) => e);
    expect(errors).toEqual([{ code: 'invalid_token', message: (error as Error).message, fatal: true }]);
    expect((error as Error).message).not.toBe('');
    await expect(el.play()).rejects.toMatchObject({ code: 'invalid_token' });
    expect(label(el)).toBe('Play');
  });
});

describe('<stream-player> play(), pause(), toggle()', () => {
  it('play() resolves once the stream sounds; pause() closes it; both fire their events', async () => {
    service = await serve({ '/public/stream': streamInfo() });
    const el = await mount<StreamPlayer>('stream-player', service.url);
    await ready(el);
    const plays = record(el, 'castlet-play');
    const pauses = record(el, 'castlet-pause');
    await el.play();
    expect(el.state).toBe('playing');
    expect(el.media.src).toMatch(/^http:\/\/127\.0\.0\.1:9\/listen\/main\?t=\d+$/);
    await el.toggle();
    expect(el.media.hasAttribute('src')).toBe(false);
    expect([plays, pauses]).toEqual([[{ src: 'http://127.0.0.1:9/listen/main' }], [{ src: 'http://127.0.0.1:9/listen/main' }]]);
  });

  it('play() while the station is offline rejects: there is nothing to play', async () => {
    service = await serve({ '/public/stream': streamInfo({ live: false }) });
    const el = await mount<StreamPlayer>('stream-player', service.url);
    await vi.waitFor(() => expect(el.state).toBe('offline'), 3000);
    await expect(el.play()).rejects.toThrow('nothing to play');
    expect(el.state).toBe('offline');
  });
});
