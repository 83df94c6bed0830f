/**
 * `sticky`'s logic (issue 21), with an IntersectionObserver the test drives: the card is
 * observed only while a sticky player plays (its chunk loads at the first play); the
 * mini-player shows only while the card is out of view; its Pause pauses, Close hides it until this playback ends. Where it
 * sits and how it looks is for the real browsers (test/browser/mini-player.test.ts).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../src/castlet.ts';
import type { PodcastPlayer, StreamPlayer } from '../../src/castlet.ts';
import { mount, playing, ready, resetAfterEach, shadow } from '../support/harness.ts';
import { podcastFeed, serve, streamInfo, type Service } from '../support/stub-service.ts';

/** An IntersectionObserver whose reports the test sends. */
class FakeObserver {
  static made: FakeObserver[] = [];
  readonly targets = new Set<Element>();
  constructor(readonly callback: IntersectionObserverCallback) {
    FakeObserver.made.push(this);
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
  }
  /** Reports every observed card as in view or out of it. */
  report(inView: boolean) {
    this.callback(
      [...this.targets].map((target) => ({ target, isIntersecting: inView }) as IntersectionObserverEntry),
      this as never,
    );
  }
}
/** The observers watching `el` now. */
const watching = (el: Element) => FakeObserver.made.filter((o) => o.targets.has(el));
/** Reports `el`'s card in or out of view. */
const scroll = (el: Element, inView: boolean) => watching(el).forEach((o) => o.report(inView));

let service: Service;
const q = (el: HTMLElement, sel: string) => shadow(el).querySelector<HTMLElement>(sel);
const mini = (el: HTMLElement) => q(el, '[part=mini]');
/** The chunks `el` loaded so far. */
const loaded = (el: HTMLElement) => (el as unknown as { panels: { loaded: Record<string, unknown> } }).panels.loaded;
/** Waits for the mini-player of `el` (its chunk loads first). */
const shown = (el: HTMLElement) =>
  vi.waitFor(() => {
    expect(mini(el)).not.toBeNull();
    return mini(el)!;
  }, 3000);

beforeEach(async () => {
  FakeObserver.made = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  service = await serve({ '/public/podcasts': podcastFeed(2), '/public/stream': streamInfo() });
});
resetAfterEach();
afterEach(() => vi.unstubAllGlobals());

async function playingPodcast(attrs: Record<string, string> = { sticky: '' }) {
  const el = await mount<PodcastPlayer>('podcast-player', service.url, attrs);
  await ready(el);
  q(el, '[part=play]')!.click();
  await playing(el);
  return el;
}

describe('sticky', () => {
  it('without it, no chunk, nothing is observed and nothing shows', async () => {
    const el = await playingPodcast({});
    expect(mini(el)).toBeNull();
    // A sticky player played after it: once its chunk is here and observes, the first one's would have been too.
    const other = await playingPodcast();
    await vi.waitFor(() => expect(watching(other)).toHaveLength(1), 3000);
    expect(watching(el)).toEqual([]);
    expect(loaded(el).mini).toBeUndefined();
    scroll(el, false);
    await el.updateComplete;
    expect(mini(el)).toBeNull();
  });

  it('the card is observed only while the player plays', async () => {
    const el = await mount<PodcastPlayer>('podcast-player', service.url, { sticky: '' });
    await ready(el);
    expect(watching(el)).toEqual([]);
    expect(loaded(el).mini).toBeUndefined();
    q(el, '[part=play]')!.click();
    await playing(el);
    await vi.waitFor(() => expect(watching(el)).toHaveLength(1), 3000);
    expect(loaded(el).mini).toBeDefined();
    q(el, '[part=play]')!.click();
    await vi.waitFor(() => expect(el.state).toBe('ready'), 3000);
    expect(watching(el)).toEqual([]);
  });

  it('in view, no mini-player; out of view, a region named after the episode, then gone when back in view', async () => {
    const el = await playingPodcast();
    scroll(el, true);
    await el.updateComplete;
    expect(mini(el)).toBeNull();
    scroll(el, false);
    const m = await shown(el);
    expect(m.localName).toBe('section');
    expect(m.getAttribute('aria-label')).toBe(`Now playing: ${el.current!.title}`);
    expect(q(el, '[part=mini-title]')!.textContent!.trim()).toBe(el.current!.title);
    expect(q(el, '[part=mini-play]')!.getAttribute('aria-label')).toBe('Pause');
    expect(q(el, '[part=mini-close]')!.getAttribute('aria-label')).toBe('Close');
    expect(m.querySelector('progress')).not.toBeNull();
    scroll(el, true);
    await vi.waitFor(() => expect(mini(el)).toBeNull(), 3000);
  });

  it('its Pause pauses the player, and it goes (the focus to the card’s Play)', async () => {
    const el = await playingPodcast();
    scroll(el, false);
    await shown(el);
    q(el, '[part=mini-play]')!.click();
    await vi.waitFor(() => expect(el.state).toBe('ready'), 3000);
    expect(el.media.paused).toBe(true);
    await el.updateComplete;
    expect(mini(el)).toBeNull();
    expect(shadow(el).activeElement).toBe(q(el, '[part=play]'));
  });

  it('Close hides it for the rest of this playback; the next one has it again', async () => {
    const el = await playingPodcast();
    scroll(el, false);
    await shown(el);
    q(el, '[part=mini-close]')!.click();
    await vi.waitFor(() => expect(mini(el)).toBeNull(), 3000);
    scroll(el, true);
    scroll(el, false);
    await el.updateComplete;
    expect(mini(el)).toBeNull();
    expect(el.state).toBe('playing');
    // Pause, play: a new playback.
    q(el, '[part=play]')!.click();
    await vi.waitFor(() => expect(el.state).toBe('ready'), 3000);
    q(el, '[part=play]')!.click();
    await playing(el);
    scroll(el, false);
    await shown(el);
  });

  it('radio: the Live badge instead of progress, in the listener’s language', async () => {
    const el = await mount<StreamPlayer>('stream-player', service.url, { sticky: '', lang: 'de' });
    await ready(el);
    q(el, '[part=play]')!.click();
    await playing(el);
    scroll(el, false);
    const m = await vi.waitFor(() => {
      const m = mini(el)!;
      expect(q(el, '[part=mini-close]')!.getAttribute('aria-label')).toBe('Schließen');
      return m;
    }, 3000);
    const title = q(el, '[part=title]')!.textContent!.trim();
    expect(m.getAttribute('aria-label')).toContain(title);
    expect(m.querySelector('[part=badge]')!.textContent).toBe('Live');
    expect(m.querySelector('progress')).toBeNull();
  });
});
