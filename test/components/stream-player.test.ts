import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../src/stream-player.ts';
import type { StreamPlayer } from '../../src/stream-player.ts';
import {
  PRIVATE,
  PUBLIC,
  advance,
  fakeClock,
  mount,
  NodeEventSource,
  openDetails,
  q,
  ready,
  record,
  shadow,
  started,
  text,
  useMock,
} from '../support/harness.ts';

const mock = useMock();

afterEach(async () => {
  vi.useRealTimers();
  document.body.replaceChildren();
  await mock.owner('startServer');
});

describe('<stream-player> data', () => {
  it('shows the channel, the Live badge, now playing, listeners and recent tracks', async () => {
    const el = await mount<StreamPlayer>('stream-player', mock.url);
    expect(el.state).toBe('loading');
    await ready(el);
    const info = (await mock.get('/public/stream?token=' + el.publicToken)).body;
    expect(text(el, '[part=badge]')).toBe('Live');
    expect(text(el, '[part=title]')).toBe(info.now_playing.title);
    expect(text(el, '[part=artist]')).toBe(info.now_playing.artist);
    expect(text(el, '[part=listeners]')).toBe(`${info.listeners} listener${info.listeners === 1 ? '' : 's'}`);
    expect(el.getAttribute('state')).toBe('ready');
    // Recent tracks: the list loads (a chunk) when first opened.
    expect(shadow(el).querySelectorAll('[part=history] li')).toHaveLength(0);
    openDetails(el, 'history');
    await vi.waitFor(() => expect(shadow(el).querySelectorAll('[part=history] li')).toHaveLength(info.history.length), 3000);
  });

  it('shows setNowPlaying at once, announces it politely and fires castlet-nowplaying', async () => {
    const el = await mount<StreamPlayer>('stream-player', mock.url);
    await ready(el);
    const changes = record(el, 'castlet-nowplaying');
    await mock.owner('setNowPlaying', { title: 'Night Drive', artist: 'The Loopbacks' });
    await vi.waitFor(() => expect(text(el, '[part=title]')).toBe('Night Drive'), 1000);
    expect(text(el, '[aria-live=polite]')).toBe('Now playing: Night Drive by The Loopbacks');
    expect(changes.at(-1)?.nowPlaying?.title).toBe('Night Drive');
  });

  it('renders hostile metadata as text, never as HTML', async () => {
    const el = await mount<StreamPlayer>('stream-player', mock.url);
    await ready(el);
    const evil = '<img src=x onerror="globalThis.pwned=1"><script>globalThis.pwned=1</script>';
    await mock.owner('setNowPlaying', { title: evil, artist: '<b>bold</b>' });
    await vi.waitFor(() => expect(text(el, '[part=title]')).toBe(evil), 3000);
    expect(shadow(el).querySelector('img[src=x], script, b')).toBeNull();
    expect((globalThis as { pwned?: number }).pwned).toBeUndefined();
  });

  it('turns Offline with play disabled on stopServer, and comes back by itself', async () => {
    const el = await mount<StreamPlayer>('stream-player', mock.url);
    await ready(el);
    await mock.owner('stopServer');
    await vi.waitFor(() => expect(el.state).toBe('offline'), 1000);
    expect(text(el, '[part=badge]')).toBe('Offline');
    expect(q(el, '[part=play]')!.hasAttribute('disabled')).toBe(true);
    await mock.owner('startServer');
    await vi.waitFor(() => expect(el.state).toBe('ready'), 1000);
    expect(q(el, '[part=play]')!.hasAttribute('disabled')).toBe(false);
  });

  it('shares one SSE connection between widgets of one token and closes it when they leave', async () => {
    fakeClock();
    const a = await mount<StreamPlayer>('stream-player', mock.url);
    const b = await mount<StreamPlayer>('stream-player', mock.url);
    await ready(a);
    await ready(b);
    expect(NodeEventSource.instances.size).toBe(1);
    a.remove();
    expect(NodeEventSource.instances.size).toBe(1);
    b.remove();
    expect(NodeEventSource.instances.size).toBe(0);
    const before = started();
    await advance(1200);
    expect(started()).toBe(before);
  });
});

describe('<stream-player> errors', () => {
  it.each([
    ['missing_token', '', /No public token/],
    ['malformed_token', 'not-a-token', /malformed/],
    ['invalid_token', '00000000-0000-4000-8000-000000000000', /not valid/],
    ['private_token_exposed', PRIVATE, /PRIVATE token.*Rotate it now/],
  ])('%s: says so in the widget and in a castlet-error event, and stops asking', async (code, token, words) => {
    fakeClock();
    let errors: ReturnType<typeof record<'castlet-error'>> = [];
    const before = mock.requests('/public/');
    const el = await mount<StreamPlayer>('stream-player', mock.url, { 'public-token': token }, (e) => {
      errors = record(e, 'castlet-error');
    });
    await vi.waitFor(() => expect(el.state).toBe('error'), 3000);
    // Told once its words (an on-demand chunk) arrived.
    await vi.waitFor(() => expect(errors).toEqual([{ code, message: expect.stringMatching(words), fatal: true }]), 3000);
    const message = q(el, '[part~=message]')!;
    expect(message.textContent).toMatch(words);
    expect(message.getAttribute('role')).toBe('alert');
    expect(message.classList.contains('loud')).toBe(code === 'private_token_exposed');
    const asked = started();
    await advance(1500);
    // No request without a plausible token; one SSE try and one GET to learn why, then silence.
    expect(started()).toBe(asked);
    await vi.waitFor(() => expect(mock.requests('/public/') - before).toBe(token.length === 36 ? 2 : 0), 3000);
  });

  it('recovers when the owner fixes the token at run time', async () => {
    const el = await mount<StreamPlayer>('stream-player', mock.url, { 'public-token': 'oops' });
    await vi.waitFor(() => expect(el.state).toBe('error'), 3000);
    el.publicToken = PUBLIC;
    await ready(el);
    expect(q(el, '[part~=message]')).toBeNull();
  });

  it('says the service is unreachable and retries with backoff, not in a storm', async () => {
    fakeClock();
    const opened = NodeEventSource.opened;
    const fetch = vi.spyOn(globalThis, 'fetch');
    try {
      const el = await mount<StreamPlayer>('stream-player', 'http://127.0.0.1:9');
      await vi.waitFor(() => expect(el.state).toBe('error'), 3000);
      expect(text(el, '[part~=message]')).toMatch(/Cannot reach the service/);
      expect(q(el, '[part~=message]')!.getAttribute('role')).toBe('status');
      // The event stream and its GET, then the GET alone with backoff 0.5–1 s, then 1–2 s, …:
      // one or two retries in 2.5 s, the event stream not again until a GET answers.
      await advance(2500);
      const gets = fetch.mock.calls.filter(([url]) => String(url).startsWith('http://127.0.0.1:9/')).length;
      expect(NodeEventSource.opened - opened).toBe(1);
      expect(gets).toBeGreaterThanOrEqual(2);
      expect(gets).toBeLessThanOrEqual(3);
      el.remove();
    } finally {
      fetch.mockRestore();
    }
  });
});

describe('<stream-player> playback', () => {
  it('connects only on Play, plays at a fresh live URL, closes the stream on Pause', async () => {
    const el = await mount<StreamPlayer>('stream-player', mock.url);
    await ready(el);
    expect(el.media.getAttribute('src')).toBeNull();
    expect(el.media.preload).toBe('none');
    const plays = record(el, 'castlet-play');
    const pauses = record(el, 'castlet-pause');
    q(el, '[part=play]')!.click();
    await vi.waitFor(() => expect(el.state).toBe('playing'), 3000);
    const first = el.media.src;
    expect(first).toMatch(new RegExp(`^${mock.url}/listen/`));
    expect(q(el, '[part=play]')!.getAttribute('aria-label')).toBe('Pause');
    expect(plays).toHaveLength(1);
    q(el, '[part=play]')!.click();
    await el.updateComplete;
    expect(el.state).toBe('ready');
    expect(el.media.getAttribute('src')).toBeNull();
    expect(pauses).toHaveLength(1);
    q(el, '[part=play]')!.click();
    await vi.waitFor(() => expect(el.state).toBe('playing'), 3000);
    expect(el.media.src).not.toBe(first); // the live edge, not the old buffer
  });

  it('a player that leaves the page stops its sound and says so; one that was not playing says nothing', async () => {
    const idle = await mount<StreamPlayer>('stream-player', mock.url);
    const el = await mount<StreamPlayer>('stream-player', mock.url);
    await ready(idle);
    await ready(el);
    const idlePauses = record(idle, 'castlet-pause');
    const pauses = record(el, 'castlet-pause');
    q(el, '[part=play]')!.click();
    await vi.waitFor(() => expect(el.state).toBe('playing'), 3000);
    idle.remove();
    el.remove();
    expect(idlePauses).toEqual([]);
    expect(pauses).toHaveLength(1);
    expect(el.media.paused).toBe(true);
    expect(el.media.getAttribute('src')).toBeNull();
  });

  it('lets only one castlet player play at a time', async () => {
    const a = await mount<StreamPlayer>('stream-player', mock.url);
    const b = await mount<StreamPlayer>('stream-player', mock.url);
    await ready(a);
    q(a, '[part=play]')!.click();
    await vi.waitFor(() => expect(a.state).toBe('playing'), 3000);
    q(b, '[part=play]')!.click();
    await vi.waitFor(() => expect(b.state).toBe('playing'), 3000);
    expect(a.state).toBe('ready');
  });

  it('stops playing when the stream goes offline', async () => {
    const el = await mount<StreamPlayer>('stream-player', mock.url);
    await ready(el);
    q(el, '[part=play]')!.click();
    await vi.waitFor(() => expect(el.state).toBe('playing'), 3000);
    await mock.owner('stopServer');
    await vi.waitFor(() => expect(el.state).toBe('offline'), 3000);
    expect(el.media.getAttribute('src')).toBeNull();
  });

  it('shows Buffering while waiting and retries a broken connection, saying so in an event', async () => {
    const el = await mount<StreamPlayer>('stream-player', mock.url);
    await ready(el);
    const errors = record(el, 'castlet-error');
    q(el, '[part=play]')!.click();
    await vi.waitFor(() => expect(el.state).toBe('playing'), 3000);
    const first = el.media.src;
    el.media.dispatchEvent(new Event('error'));
    await vi.waitFor(() => expect(el.state).toBe('buffering'), 3000);
    expect(text(el, '[part~=message]')).toBe('The audio could not be played. Retrying…');
    expect(errors).toEqual([{ code: 'media', message: 'The audio could not be played. Retrying…', fatal: false }]);
    // Pause stays available while it retries.
    expect(q(el, '[part=play]')!.hasAttribute('disabled')).toBe(false);
    await vi.waitFor(() => expect(el.media.src).not.toBe(first), 3000);
    el.media.dispatchEvent(new Event('playing')); // sound flows again on the new connection
    await vi.waitFor(() => expect(el.state).toBe('playing'), 3000);
    expect(q(el, '[part~=message]')).toBeNull();
  });

  it('a stream that fails asks the service at once; Offline stops requesting it; live again resumes by itself', async () => {
    // By channel id: a URL no earlier test asked for, so no HTTP cache of happy-dom's answers for the service.
    const { id } = (await mock.get(`/public/stream?token=${PUBLIC}`)).body.channel;
    fakeClock();
    const el = await mount<StreamPlayer>('stream-player', mock.url, { channel: id });
    await ready(el);
    const pauses = record(el, 'castlet-pause');
    q(el, '[part=play]')!.click();
    await vi.waitFor(() => expect(el.state).toBe('playing'), 3000);
    // The mount answers 404 (its source is gone) while the service still says live.
    const asked = mock.requests('/public/stream?');
    el.media.dispatchEvent(new Event('error'));
    await vi.waitFor(() => expect(mock.requests('/public/stream?')).toBe(asked + 1), 1000);
    // The service says offline: the widget shows it and stops requesting the mount.
    await mock.owner('stopServer');
    await vi.waitFor(() => expect(el.state).toBe('offline'), 3000);
    expect(el.media.getAttribute('src')).toBeNull();
    const loads = record(el, 'castlet-play');
    await advance(3000);
    expect(el.media.getAttribute('src')).toBeNull();
    expect(loads).toEqual([]);
    expect(text(el, '[part=badge]')).toBe('Offline');
    expect(q(el, '[part=play]')!.getAttribute('aria-label')).toBe('Pause'); // the listener's wish is kept
    // Live again: the listener who had pressed Play hears it without pressing again.
    await mock.owner('startServer');
    await vi.waitFor(() => expect(el.state).toBe('playing'), 3000);
    expect(el.media.src).toMatch(new RegExp(`^${mock.url}/listen/`));
    expect(loads).toHaveLength(1);
    expect(pauses).toEqual([]);
  });

  it('has labelled native controls: Play, Mute, Volume', async () => {
    const el = await mount<StreamPlayer>('stream-player', mock.url);
    await ready(el);
    const mute = q(el, 'button[part=mute]')!;
    expect(mute.getAttribute('aria-label')).toBe('Mute');
    mute.click();
    await el.updateComplete;
    expect(el.media.muted).toBe(true);
    expect(mute.getAttribute('aria-pressed')).toBe('true');
    const volume = q(el, 'input[type=range][part=volume]') as HTMLInputElement;
    expect(volume.getAttribute('aria-label')).toBe('Volume');
    volume.value = '30';
    volume.dispatchEvent(new Event('input'));
    expect(el.media.volume).toBeCloseTo(0.3);
    expect(el.media.muted).toBe(false);
  });
});

describe('a base-url that looks like http but is no URL', () => {
  it('is invalid_base_url, asked of nobody', async () => {
    const el = await mount<StreamPlayer>('stream-player', 'http://[bad');
    const errors = record(el, 'castlet-error');
    await vi.waitFor(() => expect(errors.map((e) => e.code)).toEqual(['invalid_base_url']), 3000);
    expect(el.state).toBe('error');
  });
});
