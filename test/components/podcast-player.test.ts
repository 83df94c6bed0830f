import { describe, expect, it, vi } from 'vitest';
import '../../src/podcast-player.ts';
import type { PodcastPlayer } from '../../src/podcast-player.ts';
import { PUBLIC, all, clockMoves, flush, mount, q, ready, record, shadow, useMock, useFeed, resetAfterEach } from '../support/harness.ts';

const mock = useMock();
const key = (el: HTMLElement, k: string) => el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));

const feed = useFeed(mock);
resetAfterEach();

describe('<podcast-player> data', () => {
  it('shows the show, the newest episode (text only), its chapters and the other episodes', async () => {
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    const [newest] = feed.episodes;
    expect(el.current?.id).toBe(newest.id);
    expect(q(el, '[part=title]').textContent).toBe(newest.title);
    expect(shadow(el).textContent).toContain(feed.podcast.title);
    expect(all(el, '[part=chapter]').map((b) => b.querySelector('.clip')!.textContent)).toEqual(newest.chapters.map((c) => c.title));
    expect(all(el, '[part=episode]')).toHaveLength(feed.episodes.length);
    expect(q(el, '[part=episode][aria-current=true]').textContent).toContain(newest.title);
    expect(q<HTMLAnchorElement>(el, 'a[part=download]').href).toBe(newest.audio_url);
    expect(q(el, 'a[part=download]').getAttribute('aria-label')).toBe('Download episode');
    expect(el.media.getAttribute('src')).toBeNull();
  });

  it('created before it is on a page: its rows chunk waits for the first render (no error), then shows', async () => {
    const failures: unknown[] = [];
    const failed = (e: unknown) => void failures.push(e);
    process.on('unhandledRejection', failed);
    try {
      const el = document.createElement('podcast-player') as PodcastPlayer;
      el.setAttribute('public-token', PUBLIC);
      el.setAttribute('base-url', mock.url);
      // Its constructor asks for the chunk once the task is over (a 0 ms timer): let it, and the chunk arrive.
      await new Promise((r) => setTimeout(r));
      await import('../../src/podcast-player/lists.ts');
      await flush();
      document.body.append(el);
      await ready(el);
      expect(failures.map(String)).toEqual([]);
    } finally {
      process.off('unhandledRejection', failed);
    }
  });

  it('pins one episode with `episode` and then offers no list', async () => {
    const pinned = feed.episodes.at(-1)!;
    const el = await mount<PodcastPlayer>('podcast-player', mock.url, { episode: pinned.id });
    await ready(el);
    expect(q(el, '[part=title]').textContent).toBe(pinned.title);
    expect(shadow(el).querySelector('[part=episodes]')).toBeNull();
  });

  it('says so when the pinned episode does not exist, in the widget and an event', async () => {
    let errors: ReturnType<typeof record<'castlet-error'>> = [];
    const el = await mount<PodcastPlayer>('podcast-player', mock.url, { episode: 'nope' }, (e) => (errors = record(e, 'castlet-error')));
    await vi.waitFor(() => expect(el.state).toBe('error'), 3000);
    await vi.waitFor(() => expect(q(el, '[part~=message]').textContent).toContain('This channel or episode does not exist.'), 3000);
    expect(errors).toEqual([{ code: 'not_found', message: 'This channel or episode does not exist.', fatal: true }]);
    expect(q(el, '[part=play]').hasAttribute('disabled')).toBe(true);
  });

  it('plays another episode chosen from the list and fires castlet-episodechange', async () => {
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    const changes = record(el, 'castlet-episodechange');
    all(el, '[part=episode]')[1].click();
    await vi.waitFor(() => expect(el.state).toBe('playing'), 3000);
    expect(changes.map((c) => c.episode.id)).toEqual([feed.episodes[1].id]);
    expect(el.media.src).toBe(feed.episodes[1].audio_url);
    expect(q(el, '[part=title]').textContent).toBe(feed.episodes[1].title);
  });

  it('shows a bad token like the stream player does', async () => {
    const el = await mount<PodcastPlayer>('podcast-player', mock.url, { 'public-token': '00000000-0000-4000-8000-000000000000' });
    await vi.waitFor(() => expect(el.state).toBe('error'), 3000);
    await vi.waitFor(() => expect(q(el, '[part~=message]').textContent).toMatch(/not valid/), 3000);
    // Nothing can play: Play is disabled, as the stream player's is.
    expect(q<HTMLButtonElement>(el, '[part=play]').disabled).toBe(true);
  });
});

describe('<podcast-player> controls', () => {
  it('seeks with the keyboard on the Seek slider: arrows ±5 s, Page ±30 s, Home/End', async () => {
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    const d = feed.episodes[0].duration;
    const seek = q<HTMLInputElement>(el, 'input[type=range][part=seek]');
    expect(seek.getAttribute('aria-label')).toBe('Seek');
    const at = async (k: string) => (key(seek, k), await el.updateComplete, el.position);
    expect(await at('ArrowRight')).toBe(5);
    expect(await at('PageUp')).toBe(35);
    expect(await at('ArrowLeft')).toBe(30);
    expect(await at('PageDown')).toBe(0);
    expect(await at('End')).toBe(d);
    expect(await at('Home')).toBe(0);
    await at('PageUp');
    expect(seek.getAttribute('aria-valuetext')).toMatch(/^30 seconds of 2 minutes \d+ seconds$/);
    expect(seek.value).toBe('30');
    // Dragged (or set by a pointer): the slider's input moves the episode there.
    seek.value = '60';
    seek.dispatchEvent(new Event('input', { bubbles: true }));
    await el.updateComplete;
    expect(el.position).toBe(60);
  });

  it('skips back 15 s and forward 30 s, clamped to the episode', async () => {
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    const fwd = q(el, 'button[aria-label="Forward 30 seconds"]');
    const back = q(el, 'button[aria-label="Back 15 seconds"]');
    fwd.click();
    await el.updateComplete;
    fwd.click();
    await el.updateComplete;
    expect(el.position).toBe(60);
    back.click();
    await el.updateComplete;
    expect(el.position).toBe(45);
    for (let i = 0; i < 4; i++) {
      back.click();
      await el.updateComplete;
    }
    expect(el.position).toBe(0);
  });

  it('plays from the resume point and applies the speed to the media element', async () => {
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    el.seek(42);
    const speed = q<HTMLSelectElement>(el, 'select[part=speed]');
    expect(speed.getAttribute('aria-label')).toBe('Playback speed');
    speed.value = '1.5';
    speed.dispatchEvent(new Event('change'));
    q(el, '[part=play]').click();
    await vi.waitFor(() => expect(el.state).toBe('playing'), 3000);
    // The file starts there by a media fragment alone: no second seek races the start.
    expect(el.media.src).toBe(`${feed.episodes[0].audio_url}#t=42`);
    expect(el.media.currentTime).toBe(0);
    expect(el.position).toBe(42);
    expect(el.media.playbackRate).toBe(1); // not before the clock moves
    clockMoves(el);
    expect(el.media.playbackRate).toBe(1.5);
    expect(q(el, '[part=play]').getAttribute('aria-label')).toBe('Pause');
  });

  it("keeps the episode's file on Pause (unlike a live stream): nothing to download again", async () => {
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    el.seek(42);
    q(el, '[part=play]').click();
    await vi.waitFor(() => expect(el.state).toBe('playing'), 3000);
    const src = el.media.src;
    q(el, '[part=play]').click();
    await el.updateComplete;
    expect(el.state).toBe('ready');
    expect(el.media.paused).toBe(true);
    expect(el.media.getAttribute('src')).toBe(src);
  });

  it('the system controls (lock screen, headset) skip back 15 s, forward 30 s and seek to a time', async () => {
    const handlers: Record<string, ((d: { seekTime?: number }) => void) | null> = {};
    Object.assign(globalThis, { MediaMetadata: class {} });
    Object.defineProperty(navigator, 'mediaSession', {
      configurable: true,
      value: { metadata: null, setActionHandler: (action: string, h: (d: { seekTime?: number }) => void) => (handlers[action] = h) },
    });
    try {
      const el = await mount<PodcastPlayer>('podcast-player', mock.url);
      await ready(el);
      el.seek(100);
      q(el, '[part=play]').click();
      await vi.waitFor(() => expect(handlers.seekforward).toBeTypeOf('function'), 3000);
      const at = (action: string, d = {}) => (handlers[action]!(d), el.position);
      expect([at('seekforward'), at('seekbackward'), at('seekto', { seekTime: 42 }), at('seekto')]).toEqual([130, 115, 42, 42]);
    } finally {
      delete (globalThis as { MediaMetadata?: unknown }).MediaMetadata;
      delete (navigator as { mediaSession?: unknown }).mediaSession;
    }
  });

  it('jumps to a chapter, marks it current, announces and fires castlet-chapterchange', async () => {
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    const chapters = feed.episodes[0].chapters;
    const events = record(el, 'castlet-chapterchange');
    all(el, '[part=chapter]')[2].click();
    await el.updateComplete;
    expect(el.position).toBe(chapters[2].start);
    expect(el.state).toBe('playing');
    await el.updateComplete;
    expect(all(el, '[part=chapter]').map((b) => b.getAttribute('aria-current'))).toEqual(chapters.map((_, i) => String(i === 2)));
    expect(events.map((e) => e.index)).toEqual([2]);
    expect(q(el, '[aria-live=polite]').textContent).toBe(`Chapter: ${chapters[2].title}`);
  });
});

describe('<podcast-player> resume', () => {
  it('comes back to the saved position and speed of this token and episode', async () => {
    const id = feed.episodes[0].id;
    localStorage.setItem(`castlet:${PUBLIC}:${id}`, JSON.stringify({ t: 77, rate: 1.25 }));
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    expect(el.position).toBe(77);
    expect(q(el, '[part=time]').textContent).toContain('1:17');
    q(el, '[part=play]').click();
    await vi.waitFor(() => expect(el.state).toBe('playing'), 3000);
    expect(el.media.src).toBe(`${feed.episodes[0].audio_url}#t=77`);
    expect(el.position).toBe(77);
    clockMoves(el);
    expect(el.media.playbackRate).toBe(1.25);
  });

  it('starts a finished episode over', async () => {
    const ep = feed.episodes[0];
    localStorage.setItem(`castlet:${PUBLIC}:${ep.id}`, JSON.stringify({ t: ep.duration - 1, rate: 1 }));
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    expect(el.position).toBe(0);
  });

  it('saves the position when the listener seeks or pauses', async () => {
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    el.seek(90);
    const saved = JSON.parse(localStorage.getItem(`castlet:${PUBLIC}:${feed.episodes[0].id}`)!);
    expect(saved).toEqual({ t: 90, rate: 1 });
  });

  it('ignores garbage in storage', async () => {
    localStorage.setItem(`castlet:${PUBLIC}:${feed.episodes[0].id}`, '{not json');
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    expect(el.position).toBe(0);
  });
});
