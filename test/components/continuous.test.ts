/**
 * `continuous` (podcast): at an episode's end the next row (the older episode) plays, from
 * its saved position or 0; never past the last, never with a pinned `episode`, and only
 * after an episode that played to its end. And the lock screen's Next, which does the same.
 * The end of an episode is dispatched here as browsers send it (`pause` with `ended` true,
 * then `ended`); real files end in three engines in test/browser/keep-listening.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../src/castlet.ts';
import type { PodcastPlayer } from '../../src/castlet.ts';
import { PUBLIC, mount, playing, ready, record, resetAfterEach, shadow } from '../support/harness.ts';
import { podcastFeed, serve, type Service } from '../support/stub-service.ts';

let service: Service;
const src = (id: string) => `http://127.0.0.1:9/media/${id}.mp3`;

beforeEach(async () => {
  service = await serve({ '/public/podcasts': podcastFeed(3) });
});
resetAfterEach();
afterEach(() => {
  delete (navigator as { mediaSession?: unknown }).mediaSession;
  delete (globalThis as { MediaMetadata?: unknown }).MediaMetadata;
});

/** The current episode plays to its end, as a browser ends it: paused at the end, then `ended`. */
function playsToEnd(el: PodcastPlayer) {
  const media = el.media;
  Object.defineProperty(media, 'ended', { configurable: true, get: () => true });
  media.currentTime = 120;
  media.dispatchEvent(new Event('pause'));
  media.dispatchEvent(new Event('ended'));
  // (A new source is no longer at its end.)
  delete (media as { ended?: boolean }).ended;
}

/** Plays episode row `i` (0: the newest) and waits for it. */
async function playRow(el: PodcastPlayer, i: number) {
  shadow(el).querySelectorAll<HTMLElement>('[part=episode]')[i]!.click();
  await playing(el);
}

describe('continuous', () => {
  it('the property and the attribute are one', async () => {
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    expect(el.continuous).toBe(false);
    el.continuous = true;
    expect(el.hasAttribute('continuous')).toBe(true);
    el.continuous = false;
    expect(el.hasAttribute('continuous')).toBe(false);
  });

  it('plays the row below when an episode ends, from its saved position, and says so', async () => {
    localStorage.setItem(`castlet:${PUBLIC}:ep2`, JSON.stringify({ t: 40, rate: 1 }));
    const el = await mount<PodcastPlayer>('podcast-player', service.url, { continuous: '' });
    await ready(el);
    const changes = record(el, 'castlet-episodechange');
    shadow(el).querySelector<HTMLElement>('[part=play]')!.click();
    await playing(el);
    expect(el.current?.id).toBe('ep3');
    playsToEnd(el);
    await vi.waitFor(() => expect(el.current?.id).toBe('ep2'), 3000);
    await playing(el);
    expect(el.media.src).toBe(`${src('ep2')}#t=40`);
    expect(changes.map((d) => d.episode.id)).toEqual(['ep2']);
    // And on to the last one (nothing saved: from the start).
    playsToEnd(el);
    await vi.waitFor(() => expect(el.current?.id).toBe('ep1'), 3000);
    await playing(el);
    // (A start position would be a media fragment: #t=…)
    expect(el.media.src).toBe(src('ep1'));
    expect(changes.map((d) => d.episode.id)).toEqual(['ep2', 'ep1']);
  });

  it('stops after the last episode', async () => {
    const el = await mount<PodcastPlayer>('podcast-player', service.url, { continuous: '' });
    await ready(el);
    const changes = record(el, 'castlet-episodechange');
    await playRow(el, 2);
    playsToEnd(el);
    await vi.waitFor(() => expect(el.state).toBe('ready'), 3000);
    await el.updateComplete;
    expect(el.current?.id).toBe('ep1');
    expect(changes.map((d) => d.episode.id)).toEqual(['ep1']);
  });

  it.each([
    ['without the attribute', {}],
    ['with a pinned episode', { continuous: '', episode: 'ep3' }],
  ])('nothing else plays %s', async (_, attrs: Record<string, string>) => {
    const el = await mount<PodcastPlayer>('podcast-player', service.url, attrs);
    await ready(el);
    shadow(el).querySelector<HTMLElement>('[part=play]')!.click();
    await playing(el);
    const changes = record(el, 'castlet-episodechange');
    playsToEnd(el);
    await vi.waitFor(() => expect(el.state).toBe('ready'), 3000);
    await el.updateComplete;
    expect(el.current?.id).toBe('ep3');
    expect(changes).toEqual([]);
  });

  it('a paused episode sought to its end (the browser fires `ended` alone) does not start the next one', async () => {
    const el = await mount<PodcastPlayer>('podcast-player', service.url, { continuous: '' });
    await ready(el);
    shadow(el).querySelector<HTMLElement>('[part=play]')!.click();
    await playing(el);
    shadow(el).querySelector<HTMLElement>('[part=play]')!.click();
    await vi.waitFor(() => expect(el.state).toBe('ready'), 3000);
    Object.defineProperty(el.media, 'ended', { configurable: true, get: () => true });
    el.media.dispatchEvent(new Event('ended'));
    await el.updateComplete;
    expect(el.current?.id).toBe('ep3');
    expect(el.media.paused).toBe(true);
  });

  it('the lock screen’s Next plays the row below, offered only with continuous and while there is one', async () => {
    const handlers: Record<string, (() => void) | null> = {};
    Object.assign(globalThis, { MediaMetadata: class {} });
    Object.defineProperty(navigator, 'mediaSession', {
      configurable: true,
      value: { metadata: null, setActionHandler: (a: string, h: () => void) => (handlers[a] = h) },
    });
    const el = await mount<PodcastPlayer>('podcast-player', service.url, { continuous: '' });
    await ready(el);
    const changes = record(el, 'castlet-episodechange');
    await playRow(el, 1);
    await vi.waitFor(() => expect(handlers.nexttrack).toBeTypeOf('function'), 3000);
    handlers.nexttrack!();
    await vi.waitFor(() => expect(el.current?.id).toBe('ep1'), 3000);
    await playing(el);
    expect(changes.map((d) => d.episode.id)).toEqual(['ep2', 'ep1']);
    // The last one: no Next.
    await vi.waitFor(() => expect(handlers.nexttrack).toBeNull(), 3000);
    el.continuous = false;
    await playRow(el, 0);
    await vi.waitFor(() => expect(el.media.src).toBe(src('ep3')), 3000);
    await vi.waitFor(() => expect(handlers.play).toBeTypeOf('function'), 3000);
    expect(handlers.nexttrack).toBeNull();
  });
});
