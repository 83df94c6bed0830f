/**
 * The data path against services that misbehave, on a real loopback server: answers of the
 * wrong shape, silence, pushes, a press on Play before the data arrived.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../src/castlet.ts';
import type { PodcastPlayer, StreamPlayer } from '../../src/castlet.ts';
import { limits } from '../../src/internal/feed.ts';
import { isPodcastFeed, isStreamInfo } from '../../src/api/validate.ts';
import { advance, fakeClock, mount, q, record, resetAfterEach, shadow, started, text } from '../support/harness.ts';
import { podcastFeed, serve, streamInfo, type Service } from '../support/stub-service.ts';

let service: Service;
resetAfterEach();
afterEach(() => {
  vi.useRealTimers();
  limits.timeout = 10_000;
});

const BAD_PODCASTS: [string, unknown][] = [
  ['episodes not a list', { podcast: podcastFeed().podcast, episodes: 'x' }],
  ['an empty object', {}],
  ['null', null],
  ['a JSON string', 'hello'],
  ['not JSON at all', '{oops'],
  ['an object as a title', { ...podcastFeed(), episodes: [{ ...podcastFeed().episodes[0], title: { html: '<b>' } }] }],
  ['a null title', { ...podcastFeed(), episodes: [{ ...podcastFeed().episodes[0], title: null }] }],
  ['a chapter without a start', { ...podcastFeed(), episodes: [{ ...podcastFeed().episodes[0], chapters: [{ title: 'x' }] }] }],
  ['a null podcast', { podcast: null, episodes: [] }],
  ['a duration as text', { ...podcastFeed(), episodes: [{ ...podcastFeed().episodes[0], duration: '120' }] }],
];

describe('validation', () => {
  it('accepts the documented shapes, with or without transcript_url', () => {
    expect(isPodcastFeed(podcastFeed())).toBe(true);
    const { transcript_url: _, ...older } = podcastFeed().episodes[0];
    expect(isPodcastFeed({ ...podcastFeed(), episodes: [older] })).toBe(true);
    expect(isStreamInfo(streamInfo())).toBe(true);
    expect(isStreamInfo({ ...streamInfo(), now_playing: null, stream_url: null, status: 'offline' })).toBe(true);
    const source = { url: 'https://relay.example/live.opus', type: 'audio/ogg; codecs=opus', bitrate: null, delay: 8.8 };
    expect(isStreamInfo({ ...streamInfo(), sources: [source, { ...source, bitrate: 32, delay: null }] })).toBe(true);
  });

  it.each(BAD_PODCASTS)('rejects podcasts with %s', (_, body) => {
    expect(isPodcastFeed(typeof body === 'string' ? body : body)).toBe(false);
  });

  it.each([
    ['status unknown', { ...streamInfo(), status: 'maybe' }],
    ['listeners as text', { ...streamInfo(), listeners: '3' }],
    ['listeners NaN-ish', { ...streamInfo(), listeners: null }],
    ['history not a list', { ...streamInfo(), history: {} }],
    ['an artist that is a number', { ...streamInfo(), now_playing: { ...streamInfo().now_playing, artist: 5 } }],
    ['a channel without a name', { ...streamInfo(), channel: { ...streamInfo().channel, name: undefined } }],
    ['stream_url as an object', { ...streamInfo(), stream_url: {} }],
    ['one bad track among good ones', { ...streamInfo(), history: [...streamInfo().history, { title: 5 }] }],
    ['a null channel', { ...streamInfo(), channel: null }],
    ['sources not a list', { ...streamInfo(), sources: {} }],
    ['a source without a url', { ...streamInfo(), sources: [{ type: 'audio/mpeg', bitrate: 32, delay: 1 }] }],
    ['a source delay as text', { ...streamInfo(), sources: [{ url: 'https://x/live', type: 'audio/mpeg', bitrate: 32, delay: '8' }] }],
  ])('rejects stream info with %s', (_, body) => {
    expect(isStreamInfo(body)).toBe(false);
  });
});

describe('a service that answers the wrong shape', () => {
  it.each(BAD_PODCASTS)('podcasts with %s: bad_response shown and fired, never a throw in render', async (_, body) => {
    service = await serve({ '/public/podcasts': body });
    let errors: ReturnType<typeof record<'castlet-error'>> = [];
    const el = await mount<PodcastPlayer>('podcast-player', service.url, {}, (e) => (errors = record(e, 'castlet-error')));
    await vi.waitFor(() => expect(el.state).toBe('error'), 3000);
    expect(errors).toEqual([{ code: 'bad_response', message: expect.stringMatching(/does not understand.*Retrying/), fatal: false }]);
    expect(text(el, '[part~=message]')).toMatch(/does not understand/);
    expect(q(el, '[part~=message]')!.getAttribute('role')).toBe('status');
  });

  it('keeps the last good data on screen and retries with backoff until the service is right again', async () => {
    fakeClock();
    service = await serve({ '/public/stream': streamInfo() });
    const el = await mount<StreamPlayer>('stream-player', service.url);
    await vi.waitFor(() => expect(el.state).toBe('ready'), 3000);
    service.routes['/public/stream'] = { ...streamInfo(), listeners: 'many' };
    el.refresh();
    await vi.waitFor(() => expect(text(el, '[part~=message]')).toMatch(/does not understand/), 3000);
    expect(el.state).toBe('ready');
    expect(text(el, '[part=title]')).toBe('Now');
    // Backoff from 0.5–1 s, doubling: a handful of tries in 3 s, never a storm.
    const before = service.hits('/public/stream');
    await advance(3000);
    const tries = service.hits('/public/stream') - before;
    expect(tries).toBeGreaterThanOrEqual(1);
    expect(tries).toBeLessThanOrEqual(4);
    service.routes['/public/stream'] = { ...streamInfo(), now_playing: { ...streamInfo().now_playing!, title: 'Fixed' } };
    await advance(6000);
    expect(text(el, '[part=title]')).toBe('Fixed');
    expect(q(el, '[part~=message]')).toBeNull();
  });

  it('a pushed event of the wrong shape keeps the data and says so; the next good one clears it', async () => {
    service = await serve({ '/public/stream/events': 'sse' });
    const el = await mount<StreamPlayer>('stream-player', service.url);
    await vi.waitFor(() => expect(service.listeners('/public/stream/events')).toBe(1), 3000);
    service.push('/public/stream/events', 'stream', streamInfo());
    await vi.waitFor(() => expect(el.state).toBe('ready'), 3000);
    service.push('/public/stream/events', 'stream', { ...streamInfo(), history: [null] });
    await vi.waitFor(() => expect(text(el, '[part~=message]')).toMatch(/does not understand/), 3000);
    expect(text(el, '[part=title]')).toBe('Now');
    service.push('/public/stream/events', 'stream', streamInfo());
    await vi.waitFor(() => expect(q(el, '[part~=message]')).toBeNull(), 3000);
  });

  it('an artwork URL the browser cannot parse does not break the lock screen', async () => {
    const calls: unknown[] = [];
    class Metadata {
      constructor(init: { artwork: { src: string }[] }) {
        for (const a of init.artwork) new URL(a.src); // throws like a browser's MediaMetadata
        calls.push(init);
      }
    }
    Object.assign(globalThis, { MediaMetadata: Metadata });
    Object.defineProperty(navigator, 'mediaSession', { configurable: true, value: { metadata: null, setActionHandler() {} } });
    try {
      const info = streamInfo();
      info.now_playing!.artwork_url = 'http://[bad';
      service = await serve({ '/public/stream': info });
      const el = await mount<StreamPlayer>('stream-player', service.url);
      await vi.waitFor(() => expect(el.state).toBe('ready'), 3000);
      q(el, '[part=play]')!.click();
      await vi.waitFor(() => expect(el.state).toBe('playing'), 3000);
      // The Media Session code is an on-demand chunk: the metadata follows the state.
      await vi.waitFor(() => expect(calls).toEqual([expect.objectContaining({ title: 'Now', artwork: [] })]), 3000);
    } finally {
      delete (globalThis as { MediaMetadata?: unknown }).MediaMetadata;
      delete (navigator as { mediaSession?: unknown }).mediaSession;
    }
  });
});

describe('a silent service (accepts the connection, never answers)', () => {
  it.each(['stream-player', 'podcast-player'] as const)(
    '%s: says the service cannot be reached when the event stream times out (not after the GET too), retries with backoff',
    async (tag) => {
      limits.timeout = 1000;
      fakeClock();
      service = await serve({
        '/public/stream': 'silent',
        '/public/stream/events': 'silent',
        '/public/podcasts': 'silent',
        '/public/podcasts/events': 'silent',
      });
      let errors: ReturnType<typeof record<'castlet-error'>> = [];
      const start = Date.now();
      const el = await mount<StreamPlayer | PodcastPlayer>(tag, service.url, {}, (e) => (errors = record(e, 'castlet-error')));
      expect(el.state).toBe('loading');
      await advance(limits.timeout, { held: service.held });
      expect(text(el, '[part~=message]')).toMatch(/Cannot reach the service/);
      // One time-out (the event stream's), not two in a row (then the GET's): 10 s, not 20 s.
      expect(Date.now() - start).toBeLessThan(1.8 * limits.timeout);
      expect(el.state).toBe('error');
      expect(errors.map((e) => e.code)).toEqual(['network']);
      const before = started();
      await advance(3000, { held: service.held });
      // The GET asked at 1 s times out at 2 s; the next waits 0.5–1 s, times out, then 1–2 s: one try
      // in these 3 s (on the fake clock, exactly), two without backoff.
      const tries = started() - before;
      expect(tries).toBe(1);
      expect(errors.map((e) => e.code)).toEqual(['network']);
    },
  );
});

describe('podcast data pushed', () => {
  it('shows a published or deleted episode at once; a token reset stops the playing episode', async () => {
    const feed = podcastFeed(2);
    service = await serve({ '/public/podcasts/events': 'sse', '/public/podcasts': feed });
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    await vi.waitFor(() => expect(service.listeners('/public/podcasts/events')).toBe(1), 3000);
    expect(service.hits('/public/podcasts')).toBe(0); // the event stream alone, no GET
    service.push('/public/podcasts/events', 'podcasts', feed);
    await vi.waitFor(() => expect(el.state).toBe('ready'), 3000);
    expect(shadow(el).querySelectorAll('[part=episode]')).toHaveLength(2);
    service.push('/public/podcasts/events', 'podcasts', podcastFeed(3));
    await vi.waitFor(() => expect(shadow(el).querySelectorAll('[part=episode]')).toHaveLength(3), 3000);

    q(el, '[part=play]')!.click();
    await vi.waitFor(() => expect(el.state).toBe('playing'), 3000);
    const pauses = record(el, 'castlet-pause');
    service.routes['/public/podcasts'] = [401, { error: 'invalid_token', error_description: 'reset' }];
    service.end('/public/podcasts/events');
    await vi.waitFor(() => expect(el.state).toBe('error'), 3000);
    // Its words come from an on-demand chunk, right after the state.
    await vi.waitFor(() => expect(text(el, '[part~=message]')).toMatch(/not valid/), 3000);
    expect(el.media.getAttribute('src')).toBeNull();
    expect(pauses).toHaveLength(1);
  });

  it('falls back to GET polling, with backoff, where the service has no podcast event stream', async () => {
    fakeClock();
    service = await serve({ '/public/podcasts': podcastFeed(1) });
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    await vi.waitFor(() => expect(el.state).toBe('ready'), 3000);
    await advance(2500);
    // The event stream is tried again with backoff (0.5–1 s, 1–2 s…), each failure answered by one GET.
    expect(service.hits('/public/podcasts/events')).toBeGreaterThanOrEqual(2);
    expect(service.hits('/public/podcasts/events')).toBeLessThanOrEqual(4);
    const events = service.hits('/public/podcasts/events');
    expect(service.hits('/public/podcasts')).toBeGreaterThanOrEqual(events - 1);
    expect(service.hits('/public/podcasts')).toBeLessThanOrEqual(events);
    service.routes['/public/podcasts'] = podcastFeed(2);
    await advance(8000);
    expect(shadow(el).querySelectorAll('[part=episode]')).toHaveLength(2);
  });
});

describe('Play before the data', () => {
  it('is enabled on upgrade, says it will start, and plays the moment the data arrives', async () => {
    service = await serve({ '/public/stream': streamInfo() }, 400);
    const el = await mount<StreamPlayer>('stream-player', service.url);
    const play = q(el, '[part=play]')!;
    expect(el.state).toBe('loading');
    expect(play.hasAttribute('disabled')).toBe(false);
    play.click();
    await el.updateComplete;
    expect(play.getAttribute('aria-label')).toBe('Pause');
    expect(text(el, '[part~=message]')).toMatch(/Starting when loaded/);
    await vi.waitFor(() => expect(el.state).toBe('playing'), 3000);
    expect(el.media.src).toMatch(/^http:\/\/127\.0\.0\.1:9\/listen\/main\?t=/);
    expect(q(el, '[part~=message]')).toBeNull();
  });

  it('survives a service that fails first: it plays once the data arrives', async () => {
    service = await serve({ '/public/stream': [503, { error: 'server', error_description: 'busy' }] });
    const el = await mount<StreamPlayer>('stream-player', service.url);
    q(el, '[part=play]')!.click();
    await vi.waitFor(() => expect(el.state).toBe('error'), 3000);
    expect(q(el, '[part=play]')!.getAttribute('aria-label')).toBe('Pause');
    service.routes['/public/stream'] = streamInfo();
    await vi.waitFor(() => expect(el.state).toBe('playing'), 5000);
  });

  it('a second press before the data takes the first back', async () => {
    service = await serve({ '/public/podcasts': podcastFeed() }, 400);
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    q(el, '[part=play]')!.click();
    await el.updateComplete;
    q(el, '[part=play]')!.click();
    await el.updateComplete;
    expect(q(el, '[part=play]')!.getAttribute('aria-label')).toBe('Play');
    await vi.waitFor(() => expect(el.state).toBe('ready'), 3000);
    await el.updateComplete;
    expect(el.state).toBe('ready');
    expect(el.media.getAttribute('src')).toBeNull();
  });
});

describe('errors of the audio and of the service', () => {
  it("sound that flows again clears the audio's error, not the service's", async () => {
    service = await serve({ '/public/stream': streamInfo() });
    const el = await mount<StreamPlayer>('stream-player', service.url);
    await vi.waitFor(() => expect(el.state).toBe('ready'), 3000);
    q(el, '[part=play]')!.click();
    await vi.waitFor(() => expect(el.state).toBe('playing'), 3000);
    el.media.dispatchEvent(new Event('error'));
    await vi.waitFor(() => expect(text(el, '[part~=message]')).toBe('The audio could not be played. Retrying…'), 3000);
    el.media.dispatchEvent(new Event('playing'));
    await vi.waitFor(() => expect(q(el, '[part~=message]')).toBeNull(), 3000);
    // The audio fails again, and the service it then asks has a problem too.
    service.routes['/public/stream'] = [503, { error: 'server', error_description: 'busy' }];
    el.media.dispatchEvent(new Event('error'));
    await vi.waitFor(() => expect(text(el, '[part~=message]')).toBe('The service had a problem. Retrying…'), 3000);
    el.media.dispatchEvent(new Event('playing'));
    await el.updateComplete;
    expect(text(el, '[part~=message]')).toBe('The service had a problem. Retrying…');
  });
});

describe('the shared feed', () => {
  it('a widget added later gets the data at once, without a request of its own', async () => {
    service = await serve({ '/public/stream/events': 'sse' });
    const a = await mount<StreamPlayer>('stream-player', service.url);
    await vi.waitFor(() => expect(service.listeners('/public/stream/events')).toBe(1), 3000);
    service.push('/public/stream/events', 'stream', streamInfo());
    await vi.waitFor(() => expect(a.state).toBe('ready'), 3000);
    const b = await mount<StreamPlayer>('stream-player', service.url);
    // (Its data is there at once; it says ready once its playback engine is too: a module the page has already.)
    expect(b.shadowRoot?.querySelector('[part=title]')?.textContent).toBe(streamInfo().now_playing!.title);
    await vi.waitFor(() => expect(b.state).toBe('ready'), 500);
    expect(service.hits('/public/stream/events')).toBe(1);
    expect(service.hits('/public/stream')).toBe(0);
  });

  it('refresh() with the event stream open asks once and keeps the one connection', async () => {
    fakeClock();
    service = await serve({ '/public/stream/events': 'sse', '/public/stream': streamInfo() });
    const el = await mount<StreamPlayer>('stream-player', service.url);
    await vi.waitFor(() => expect(service.listeners('/public/stream/events')).toBe(1), 3000);
    service.push('/public/stream/events', 'stream', streamInfo());
    await vi.waitFor(() => expect(el.state).toBe('ready'), 3000);
    el.refresh();
    await vi.waitFor(() => expect(service.hits('/public/stream')).toBe(1), 3000);
    await advance(1500);
    expect(service.hits('/public/stream')).toBe(1);
    expect(service.hits('/public/stream/events')).toBe(1);
  });

  it('after a fatal error, refresh() and the browser coming online ask nothing', async () => {
    service = await serve({ '/public/stream': [401, { error: 'invalid_token', error_description: 'no' }] });
    const el = await mount<StreamPlayer>('stream-player', service.url);
    await vi.waitFor(() => expect(el.state).toBe('error'), 3000);
    const asked = started();
    el.refresh();
    dispatchEvent(new Event('online'));
    await el.updateComplete;
    // (A request would have started at once.)
    expect(started()).toBe(asked);
  });
});
