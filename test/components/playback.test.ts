/**
 * The playback model: what is shown and what is loaded are separate, one owner of the media
 * element, seek/skip/speed/resume on the right episode, the engines' quirks, and retries
 * that cannot storm. Data from a loopback service of our own (exact durations, changes on demand).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../src/castlet.ts';
import type { PodcastPlayer, StreamPlayer } from '../../src/castlet.ts';
import { PUBLIC, all, clockMoves, fakeClock, mount, playing, q, ready, record, resetAfterEach, text } from '../support/harness.ts';
import { podcastFeed, serve, streamInfo, type Service } from '../support/stub-service.ts';

let service: Service;
const src = (id: string) => `http://127.0.0.1:9/media/${id}.mp3`;

beforeEach(async () => {
  service = await serve({ '/public/podcasts': podcastFeed(2), '/public/stream': streamInfo() });
});
resetAfterEach();
afterEach(() => vi.useRealTimers());

/** Publishes `feed` and waits until the player shows it. */
async function publish(el: PodcastPlayer, episodes: number) {
  service.routes['/public/podcasts'] = podcastFeed(episodes);
  el.refresh();
  await vi.waitFor(() => expect(all(el, '[part=episode]')).toHaveLength(episodes), 3000);
}

describe('what is shown and what is loaded', () => {
  it('a newly published episode never replaces the one playing: the list shows it, choosing it loads it', async () => {
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    await ready(el);
    q(el, '[part=play]').click();
    await playing(el);
    await publish(el, 3);
    expect(text(el, '[part=title]')).toBe('Episode 2');
    expect(el.current?.id).toBe('ep2');
    expect(el.media.src).toBe(src('ep2'));
    expect(el.state).toBe('playing');
    expect(text(el, '[part=episode][aria-current=true]')).toContain('Episode 2');
    all(el, '[part=episode]')[0].click();
    await vi.waitFor(() => expect(el.media.src).toBe(src('ep3')), 3000);
    await playing(el);
    expect(text(el, '[part=title]')).toBe('Episode 3');
  });

  it('with nothing played or sought, the newest stays current', async () => {
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    await ready(el);
    await publish(el, 3);
    expect(text(el, '[part=title]')).toBe('Episode 3');
  });

  it('a page that sets `episode` while one plays stops the old audio and shows the new one ready to play', async () => {
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    await ready(el);
    q(el, '[part=play]').click();
    await playing(el);
    const pauses = record(el, 'castlet-pause');
    el.episode = 'ep1';
    await el.updateComplete;
    await ready(el);
    expect(text(el, '[part=title]')).toBe('Episode 1');
    expect(el.media.getAttribute('src')).toBeNull();
    expect(el.media.paused).toBe(true);
    expect(pauses).toEqual([{ src: src('ep2') }]);
    q(el, '[part=play]').click();
    await playing(el);
    expect(el.media.src).toBe(src('ep1'));
  });

  it('an episode deleted while it plays stops; the player shows what is left', async () => {
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    await ready(el);
    all(el, '[part=episode]')[0].click();
    await playing(el);
    service.routes['/public/podcasts'] = { ...podcastFeed(2), episodes: podcastFeed(2).episodes.slice(1) };
    el.refresh();
    await ready(el);
    expect(text(el, '[part=title]')).toBe('Episode 1');
    expect(el.media.getAttribute('src')).toBeNull();
  });

  it('choosing another episode while one plays switches the audio with the title', async () => {
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    await ready(el);
    q(el, '[part=play]').click();
    await playing(el);
    all(el, '[part=episode]')[1].click();
    await vi.waitFor(() => expect(el.media.src).toBe(src('ep1')), 3000);
    await playing(el);
    expect(text(el, '[part=title]')).toBe('Episode 1');
  });
});

describe('seek, skip and speed, loaded or not, before the data or after', () => {
  it('seek() before the data arrives applies to the episode that becomes current', async () => {
    service = await serve({ '/public/podcasts': podcastFeed(2) }, 300).then(async (s) => (await service.close(), s));
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    expect(el.state).toBe('loading');
    el.seek(30);
    await ready(el);
    expect(el.position).toBe(30);
    q(el, '[part=play]').click();
    await playing(el);
    // The file starts there by a media fragment (no currentTime set before the metadata).
    expect(el.media.getAttribute('src')).toMatch(/#t=30$/);
    expect(el.position).toBe(30);
  });

  it('not loaded: seek, skip and speed move the saved position and rate; Play starts there', async () => {
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    await ready(el);
    el.seek(40);
    q(el, '[part=forward]').click();
    await el.updateComplete;
    q(el, '[part=back]').click();
    await el.updateComplete;
    expect(el.position).toBe(55);
    const speed = q<HTMLSelectElement>(el, '[part=speed]');
    speed.value = '1.5';
    speed.dispatchEvent(new Event('change'));
    expect(el.media.playbackRate).toBe(1); // nothing loaded: the element is left alone
    expect(JSON.parse(localStorage.getItem(`castlet:${PUBLIC}:ep2`)!)).toEqual({ t: 55, rate: 1.5 });
    q(el, '[part=play]').click();
    await playing(el);
    expect(el.media.getAttribute('src')).toBe(`${src('ep2')}#t=55`);
    expect(el.position).toBe(55);
    clockMoves(el);
    expect(el.media.playbackRate).toBe(1.5);
  });

  it('loaded: seek, skip and speed move the audio itself', async () => {
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    await ready(el);
    q(el, '[part=play]').click();
    await playing(el);
    clockMoves(el);
    el.seek(50);
    expect(el.media.currentTime).toBe(50);
    q(el, '[part=forward]').click();
    expect(el.media.currentTime).toBe(80);
    q(el, '[part=back]').click();
    expect(el.media.currentTime).toBe(65);
    expect(el.position).toBe(65);
    const speed = q<HTMLSelectElement>(el, '[part=speed]');
    speed.value = '2';
    speed.dispatchEvent(new Event('change'));
    expect(el.media.playbackRate).toBe(2);
  });

  it('elapsed and remaining add up to the duration', async () => {
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    await ready(el);
    el.seek(2.7);
    await el.updateComplete;
    expect([...q(el, '[part=time]').querySelectorAll('span')].map((s) => s.textContent)).toEqual(['0:02', '-1:58']);
  });

  it('a saved speed the menu does not offer becomes the nearest menu entry', async () => {
    localStorage.setItem(`castlet:${PUBLIC}:ep2`, JSON.stringify({ t: 0, rate: 2.9 }));
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    await ready(el);
    expect(q<HTMLSelectElement>(el, '[part=speed]').value).toBe('2');
    q(el, '[part=play]').click();
    await playing(el);
    clockMoves(el);
    expect(el.media.playbackRate).toBe(2);
  });
});

describe('engine quirks, handled for every engine', () => {
  /** An element whose play() does what WebKit's does on a preload="none" file: no `playing` yet. */
  function quiet(el: PodcastPlayer) {
    let paused = true;
    Object.defineProperty(el.media, 'paused', { configurable: true, get: () => paused });
    el.media.play = async () => void (paused = false);
  }

  /** The duration the element reports. */
  const lasting = (el: PodcastPlayer, d: number) => Object.defineProperty(el.media, 'duration', { configurable: true, get: () => d });

  it('the position is applied once loadedmetadata fired when the engine did not start at the fragment', async () => {
    localStorage.setItem(`castlet:${PUBLIC}:ep2`, JSON.stringify({ t: 42, rate: 1 }));
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    await ready(el);
    quiet(el);
    q(el, '[part=play]').click();
    lasting(el, 120);
    el.media.dispatchEvent(new Event('loadedmetadata'));
    expect(el.media.currentTime).toBe(42);
  });

  it('a file started without its duration (WebKitGTK: ~0 s, no seek gets past it) is loaded again at the position', async () => {
    localStorage.setItem(`castlet:${PUBLIC}:ep2`, JSON.stringify({ t: 42, rate: 1 }));
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    await ready(el);
    quiet(el);
    const plays: string[] = [];
    const play = el.media.play;
    el.media.play = async () => (plays.push(el.media.getAttribute('src')!), play.call(el.media));
    q(el, '[part=play]').click();
    lasting(el, 0.02);
    el.media.dispatchEvent(new Event('loadedmetadata'));
    expect(el.media.currentTime).toBe(0); // no seek into nothing
    // A stale `seeked` of the dropped load does not push the reload back to the stall watchdog.
    el.media.dispatchEvent(new Event('seeked'));
    await el.updateComplete;
    expect(el.state).toBe('buffering');
    expect(el.position).toBe(42);
    await vi.waitFor(() => expect(plays).toHaveLength(2), 1500);
    expect(plays[1]).toBe(`${src('ep2')}#t=42`);
  });

  it('the speed is set only once playback runs, never right after play()', async () => {
    localStorage.setItem(`castlet:${PUBLIC}:ep2`, JSON.stringify({ t: 0, rate: 1.5 }));
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    await ready(el);
    quiet(el);
    q(el, '[part=play]').click();
    expect(el.media.playbackRate).toBe(1);
    el.media.dispatchEvent(new Event('playing'));
    // Not on `playing` either (WebKitGTK's Opus pipeline crashed on it): once the clock moves.
    expect(el.media.playbackRate).toBe(1);
    clockMoves(el);
    expect(el.media.playbackRate).toBe(1.5);
  });

  it('a speed chosen while a seek is pending waits for it (WebKitGTK crashed on the rate set mid-seek)', async () => {
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    await ready(el);
    quiet(el);
    q(el, '[part=play]').click();
    el.media.dispatchEvent(new Event('playing'));
    await playing(el);
    let seeking = true;
    Object.defineProperty(el.media, 'seeking', { configurable: true, get: () => seeking });
    const speed = q<HTMLSelectElement>(el, 'select[part=speed]');
    speed.value = '1.25';
    speed.dispatchEvent(new Event('change'));
    expect(el.media.playbackRate).toBe(1);
    seeking = false;
    el.media.currentTime = 0.4;
    el.media.dispatchEvent(new Event('timeupdate'));
    expect(el.media.playbackRate).toBe(1.25);
  });

  it('time advancing counts as playing, with or without a `playing` event', async () => {
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    await ready(el);
    quiet(el);
    q(el, '[part=play]').click();
    await vi.waitFor(() => expect(el.state).toBe('buffering'), 3000);
    el.media.currentTime = 0.3;
    el.media.dispatchEvent(new Event('timeupdate'));
    await playing(el);
    // A jump (a seek) is not sound flowing.
    el.media.dispatchEvent(new Event('waiting'));
    await vi.waitFor(() => expect(el.state).toBe('buffering'), 3000);
    el.media.currentTime = 30;
    el.media.dispatchEvent(new Event('timeupdate'));
    await el.updateComplete;
    expect(el.state).toBe('buffering');
  });

  it('a clock that stands still after a seek, `playing` or not, is reloaded at that position (WebKitGTK)', async () => {
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    await ready(el);
    fakeClock();
    quiet(el);
    const plays: number[] = [];
    const play = el.media.play;
    el.media.play = async () => (plays.push(el.media.currentTime), play.call(el.media));
    q(el, '[part=play]').click();
    for (const t of [0.25, 0.5]) {
      el.media.currentTime = t;
      el.media.dispatchEvent(new Event('timeupdate'));
    }
    await playing(el);
    // A chapter jump: WebKit seeks, says `playing`, and its clock never moves again.
    el.seek(74);
    el.media.dispatchEvent(new Event('seeked'));
    el.media.dispatchEvent(new Event('playing'));
    // Without sound for 8 s after the seek, then a backoff of 0.25–0.5 s.
    await vi.advanceTimersByTimeAsync(7900);
    expect(plays).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(600);
    expect(plays).toHaveLength(2);
    // Reloaded at the position by a media fragment (no seek racing the start).
    expect(el.media.getAttribute('src')).toBe(`${src('ep2')}#t=74`);
    expect(plays[1]).toBe(74);
  });

  it("seeks stop at the loaded file's own duration; until the file knows it, at the episode's", async () => {
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    await ready(el);
    q(el, '[part=play]').click();
    await playing(el);
    // (WebKitGTK reads 0 until it knows the file's size.)
    Object.defineProperty(el.media, 'duration', { configurable: true, value: 0 });
    el.seek(500);
    expect(el.media.currentTime).toBe(120);
    Object.defineProperty(el.media, 'duration', { configurable: true, value: 121.5 });
    el.seek(500);
    expect(el.media.currentTime).toBe(121.5);
  });
});

describe('retries that cannot storm', () => {
  /**
   * Stands in for a browser's media element: each play() is a (re)load of the stream, counted;
   * with `fail`, the audio fails right after `playing`, as Firefox's does without an output device.
   */
  function browserLike(el: StreamPlayer, fail: boolean) {
    const loads: number[] = [];
    Object.defineProperty(el.media, 'paused', { configurable: true, get: () => false });
    el.media.play = async function (this: HTMLMediaElement) {
      loads.push(Date.now());
      this.dispatchEvent(new Event('playing'));
      if (fail) queueMicrotask(() => this.dispatchEvent(new Event('error')));
    };
    return loads;
  }

  it('an output that fails right after `playing` gets growing delays, not a storm', async () => {
    const el = await mount<StreamPlayer>('stream-player', service.url);
    await ready(el);
    const loads = browserLike(el, true);
    const asked = service.hits('/public/stream');
    fakeClock();
    q(el, '[part=play]').click();
    await vi.advanceTimersByTimeAsync(6000);
    // Delays 0.25–0.5, 0.5–1, 1–2, 2–4 s…: at most 5 loads in 6 s (12 or more when `playing` reset the count).
    expect(loads.length).toBeGreaterThanOrEqual(3);
    expect(loads.length).toBeLessThanOrEqual(5);
    const gaps = loads.slice(1).map((t, i) => t - loads[i]);
    for (let i = 1; i < gaps.length; i++) expect(gaps[i]).toBeGreaterThan(gaps[i - 1] * 0.9);
    expect(el.state).toBe('buffering');
    expect(text(el, '[part~=message]')).toBe('The audio could not be played. Retrying…');
    // Each failure asks the service at once whether the stream is still live: as often as the audio fails, no more.
    await vi.waitFor(() => expect(service.hits('/public/stream') - asked).toBe(loads.length), 3000);
    await el.updateComplete;
    expect(service.hits('/public/stream') - asked).toBe(loads.length);
  });
});

describe('the end of the audio and a blocked start', () => {
  it('an episode that plays to its end is done: Play shows again, castlet-pause fires, the file stays', async () => {
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    await ready(el);
    q(el, '[part=play]').click();
    await playing(el);
    const pauses = record(el, 'castlet-pause');
    el.media.dispatchEvent(new Event('ended'));
    await ready(el);
    expect(pauses).toEqual([{ src: src('ep2') }]);
    expect(el.media.getAttribute('src')).not.toBeNull();
  });

  it('a live stream that "ends" lost its connection: the player keeps the wish and reconnects', async () => {
    const el = await mount<StreamPlayer>('stream-player', service.url);
    await ready(el);
    q(el, '[part=play]').click();
    await playing(el);
    const first = el.media.src;
    const pauses = record(el, 'castlet-pause');
    el.media.dispatchEvent(new Event('ended'));
    await vi.waitFor(() => expect(el.state).toBe('buffering'), 3000);
    await vi.waitFor(() => expect(el.media.src).not.toBe(first), 3000);
    expect(pauses).toEqual([]);
  });

  it('a start the browser blocks (autoplay policy) gives Play back to the listener', async () => {
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    await ready(el);
    el.media.play = () => Promise.reject(new DOMException('no gesture', 'NotAllowedError'));
    const pauses = record(el, 'castlet-pause');
    q(el, '[part=play]').click();
    await vi.waitFor(() => expect(pauses).toHaveLength(1), 3000);
    await ready(el);
    expect(q(el, '[part=play]').getAttribute('aria-label')).toBe('Play');
  });

  it('any other failure to start is not a pause: the player keeps trying', async () => {
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    await ready(el);
    let started: Promise<void> | undefined;
    el.media.play = () => (started = Promise.reject(new DOMException('decode', 'NotSupportedError')));
    const pauses = record(el, 'castlet-pause');
    q(el, '[part=play]').click();
    await started?.catch(() => {});
    await el.updateComplete;
    expect(pauses).toEqual([]);
    expect(el.state).not.toBe('ready');
  });
});
