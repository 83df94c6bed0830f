/**
 * <podcast-player>'s Podcasting 2.0 side against the real mock: an episode's files (the first
 * the engine can play; resume whatever the file; Download the MP3), highlights (play a clip,
 * pause at its end, share it, a clip link ready to play, the lock screen naming it) and live
 * items (a pending row, a live one that plays the channel's stream without seek or speed, the
 * song heard in the title, the stream followed only then, an ended one gone).
 * (happy-dom's canPlayType answers as a browser without Opus: test/support/dom-setup.ts.)
 */
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import '../../src/castlet.ts';
import type { PodcastPlayer } from '../../src/castlet.ts';
import type { Episode, LiveItem, StreamInfo } from '../../src/api/types.ts';
import { liveTime } from '../../src/podcast-player/highlights.ts';
import de from '../../src/i18n/de.ts';

const DE_LIVE_AT = de['Live at {time}'];
import {
  NodeEventSource,
  PUBLIC,
  all,
  answered,
  clockMoves,
  live,
  mount,
  playing,
  q,
  ready,
  record,
  resetAfterEach,
  text,
  useFeed,
  useMock,
} from '../support/harness.ts';
import { feedWithLiveItem, podcastFeed, serve, streamInfo } from '../support/stub-service.ts';

const mock = useMock();
const feed = useFeed(mock);
resetAfterEach();

const episode = (id: string) => feed.episodes.find((e) => e.id === id) as Episode;
const mp3 = (ep: Episode) => ep.audio_url;
const opus = (ep: Episode) => ep.audio!.find((f) => f.type.startsWith('audio/ogg'))!.url;
/** The media element's URL without its media fragment or cache-buster. */
const loaded = (el: PodcastPlayer) => el.media.getAttribute('src')?.replace(/[#?]t=[\d.]+$/, '');
/** The clock moved to `t` seconds, as a browser tells it. */
function at(el: PodcastPlayer, t: number) {
  el.media.currentTime = t;
  el.media.dispatchEvent(new Event('timeupdate'));
}

/**
 * The lock screen for the rest of the test: what the player put there (each MediaMetadata it made, newest last) and
 * the actions it offers now (null: none).
 */
function lockScreen() {
  const shown: Record<string, unknown>[] = [];
  const actions = new Map<string, unknown>();
  Object.assign(globalThis, {
    MediaMetadata: class {
      constructor(init: Record<string, unknown>) {
        shown.push(init);
      }
    },
  });
  const setActionHandler = (action: string, handler: unknown) => actions.set(action, handler);
  Object.defineProperty(navigator, 'mediaSession', { configurable: true, value: { metadata: null, setActionHandler } });
  onTestFinished(() => {
    delete (globalThis as { MediaMetadata?: unknown }).MediaMetadata;
    delete (navigator as { mediaSession?: unknown }).mediaSession;
  });
  return { shown, actions, now: () => shown.at(-1) };
}

/** The channel's now playing is followed (its event stream open). */
const following = () => [...NodeEventSource.instances].some((s) => new URL(s.url).pathname === '/public/stream/events');

describe('episode files', () => {
  it('the first file the engine can play: Opus where canPlayType accepts it, else the MP3; Download is the MP3', async () => {
    const ep = episode('ep-3');
    expect(opus(ep)).not.toBe(mp3(ep));
    const a = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(a);
    q(a, '[part=play]').click();
    await playing(a);
    expect(loaded(a)).toBe(mp3(ep));
    expect(q(a, '[part=download]').getAttribute('href')).toBe(mp3(ep));
    document.body.replaceChildren();

    const asked: string[] = [];
    const b = await mount<PodcastPlayer>('podcast-player', mock.url, {}, (el) => {
      el.media.canPlayType = (type) => (asked.push(type), 'maybe');
    });
    await ready(b);
    q(b, '[part=play]').click();
    await playing(b);
    expect(loaded(b)).toBe(opus(ep));
    expect(asked).toContain('audio/ogg; codecs=opus');
    expect(q(b, '[part=download]').getAttribute('href')).toBe(mp3(ep));
  });

  it('the resume point and speed are the episode’s, whichever file played', async () => {
    const a = await mount<PodcastPlayer>('podcast-player', mock.url, {}, (el) => {
      el.media.canPlayType = () => 'maybe';
    });
    await ready(a);
    q(a, '[part=play]').click();
    await playing(a);
    expect(loaded(a)).toBe(opus(episode('ep-3')));
    a.seek(50);
    q<HTMLSelectElement>(a, '[part=speed]').value = '1.5';
    q(a, '[part=speed]').dispatchEvent(new Event('change'));
    await a.pause();
    document.body.replaceChildren();
    const b = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(b);
    expect(b.position).toBe(50);
    q(b, '[part=play]').click();
    await playing(b);
    expect(b.media.getAttribute('src')).toBe(`${mp3(episode('ep-3'))}#t=50`);
    clockMoves(b);
    expect(b.media.playbackRate).toBe(1.5);
  });
});

describe('highlights', () => {
  let copied: string[];
  beforeEach(() => {
    copied = [];
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (t: string) => void copied.push(t) } });
  });

  it('listed with their titles (or their place) and lengths, only for an episode that has them', async () => {
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    await vi.waitFor(() => expect(all(el, '[part=highlight]')).toHaveLength(2), 3000);
    expect(all(el, '[part=highlight]').map((b) => b.textContent!.replace(/\s+/g, ' ').trim())).toEqual([
      'Two owls talking0:16',
      'Sleeping on the wing0:09',
    ]);
    all(el, '[part=episode]')[2]!.click();
    await vi.waitFor(() => expect(text(el, '[part=title]')).toBe(episode('ep-1').title), 3000);
    expect(all(el, '[part=highlight]').map((b) => b.textContent!.replace(/\s+/g, ' ').trim())).toEqual(['Highlight 10:08']);
    all(el, '[part=episode]')[1]!.click();
    await vi.waitFor(() => expect(text(el, '[part=title]')).toBe(episode('ep-2').title), 3000);
    expect(q(el, '[part=highlights]')).toBeNull();
  });

  it('pressing one plays just its range: from its start, paused at its end, named on the lock screen', async () => {
    const titles: string[] = [];
    Object.assign(globalThis, {
      MediaMetadata: class {
        constructor(init: { title: string }) {
          titles.push(init.title);
        }
      },
    });
    Object.defineProperty(navigator, 'mediaSession', { configurable: true, value: { metadata: null, setActionHandler() {} } });
    try {
      const el = await mount<PodcastPlayer>('podcast-player', mock.url);
      await ready(el);
      await vi.waitFor(() => expect(all(el, '[part=highlight]')).toHaveLength(2), 3000);
      const pauses = record(el, 'castlet-pause');
      all(el, '[part=highlight]')[1]!.click();
      await playing(el);
      expect(el.media.getAttribute('src')).toBe(`${mp3(episode('ep-3'))}#t=86.5`);
      await vi.waitFor(() => expect(q(el, '[part=highlight][aria-current=true]').textContent).toContain('Sleeping on the wing'), 3000);
      await vi.waitFor(() => expect(titles.at(-1)).toBe('Sleeping on the wing'), 3000);
      at(el, 90);
      expect(el.state).toBe('playing');
      at(el, 96);
      await vi.waitFor(() => expect(el.state).toBe('ready'), 3000);
      expect(el.media.paused).toBe(true);
      expect(pauses).toHaveLength(1);
    } finally {
      delete (globalThis as { MediaMetadata?: unknown }).MediaMetadata;
      delete (navigator as { mediaSession?: unknown }).mediaSession;
    }
  });

  it('Share on one gives a link to just that clip', async () => {
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    await vi.waitFor(() => expect(all(el, '[part=highlight-share]')).toHaveLength(2), 3000);
    expect(q(el, '[part=highlight-share]').getAttribute('aria-label')).toBe('Share: Two owls talking');
    all(el, '[part=highlight-share]')[0]!.click();
    await vi.waitFor(() => expect(copied).toHaveLength(1), 3000);
    expect(new URL(copied[0]!).hash).toBe('#castlet-episode=ep-3&castlet-clip=22.6,16');
  });

  it('a page opened with a clip link shows the clip ready to play, and Play plays only the clip', async () => {
    history.replaceState(null, '', '/#castlet-episode=ep-1&castlet-clip=69.1,8.3');
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    await vi.waitFor(() => expect(text(el, '[part=title]')).toBe(episode('ep-1').title), 3000);
    await vi.waitFor(() => expect(q(el, '[part=highlight][aria-current=true]')?.textContent).toContain('Highlight 1'), 3000);
    expect(el.position).toBeCloseTo(69.1);
    expect(el.media.getAttribute('src')).toBeNull();
    q(el, '[part=play]').click();
    await playing(el);
    expect(el.media.getAttribute('src')).toBe(`${mp3(episode('ep-1'))}#t=69.1`);
    at(el, 77.5);
    await vi.waitFor(() => expect(el.state).toBe('ready'), 3000);
    expect(el.media.paused).toBe(true);
  });

  it('a clip link left (the listener sought elsewhere) no longer plays as a clip', async () => {
    history.replaceState(null, '', '/#castlet-episode=ep-1&castlet-clip=69.1,8.3');
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    await vi.waitFor(() => expect(q(el, '[part=highlight][aria-current=true]')).not.toBeNull(), 3000);
    el.seek(10);
    await el.updateComplete;
    q(el, '[part=play]').click();
    await playing(el);
    expect(el.media.getAttribute('src')).toBe(`${mp3(episode('ep-1'))}#t=10`);
    at(el, 80);
    expect(el.state).toBe('playing');
  });
  it('pressed while the episode plays, a highlight is named on the lock screen at once', async () => {
    const lock = lockScreen();
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    await vi.waitFor(() => expect(all(el, '[part=highlight]')).toHaveLength(2), 3000);
    q(el, '[part=play]').click();
    await playing(el);
    // The episode itself: the show as the album, its chapters.
    await vi.waitFor(() => expect(lock.now()).toMatchObject({ title: episode('ep-3').title, album: feed.podcast.title }), 3000);
    expect(lock.now()!.chapterInfo).toHaveLength(episode('ep-3').chapters.filter((c) => c.toc !== false).length);
    all(el, '[part=highlight]')[0]!.click();
    await vi.waitFor(() => expect(lock.now()).toMatchObject({ title: 'Two owls talking', album: episode('ep-3').title }), 3000);
    expect(el.state).toBe('playing');
  });

  it('once the clip has played to its end it is no longer marked, and Play goes on with the episode', async () => {
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    await vi.waitFor(() => expect(all(el, '[part=highlight]')).toHaveLength(2), 3000);
    all(el, '[part=highlight]')[1]!.click();
    await playing(el);
    await vi.waitFor(() => expect(q(el, '[part=highlight][aria-current=true]')).not.toBeNull(), 3000);
    at(el, 96);
    await vi.waitFor(() => expect(el.state).toBe('ready'), 3000);
    expect(all(el, '[part=highlight]').map((b) => b.getAttribute('aria-current'))).toEqual(['false', 'false']);
    q(el, '[part=play]').click();
    await playing(el);
    at(el, 110);
    expect(el.state).toBe('playing');
  });

  it('the lock screen names a clip by its title or place, the episode as the album, and no chapters; a clip that is no highlight by the episode', async () => {
    const lock = lockScreen();
    history.replaceState(null, '', '/#castlet-episode=ep-1&castlet-clip=69.1,8.3');
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    await vi.waitFor(() => expect(q(el, '[part=highlight][aria-current=true]')).not.toBeNull(), 3000);
    expect(episode('ep-1').chapters.length).toBeGreaterThan(0);
    q(el, '[part=play]').click();
    await playing(el);
    await vi.waitFor(
      () => expect(lock.now()).toMatchObject({ title: 'Highlight 1', album: episode('ep-1').title, artist: feed.podcast.author }),
      3000,
    );
    expect(lock.now()!.chapterInfo).toBeUndefined();
    // A clip still has the episode's seeks.
    expect(lock.actions.get('seekto')).toBeTypeOf('function');
    document.body.replaceChildren();

    history.replaceState(null, '', '/#castlet-episode=ep-3&castlet-clip=30,5');
    const other = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(other);
    await vi.waitFor(() => expect(other.position).toBe(30), 3000);
    q(other, '[part=play]').click();
    await playing(other);
    expect(all(other, '[part=highlight][aria-current=true]')).toEqual([]);
    await vi.waitFor(() => expect(lock.now()).toMatchObject({ title: episode('ep-3').title, album: episode('ep-3').title }), 3000);
    expect(lock.now()!.chapterInfo).toBeUndefined();
    at(other, 35);
    await vi.waitFor(() => expect(other.state).toBe('ready'), 3000);
  });

  it('a clip link whose episode the listener leaves is dropped: the episode chosen plays on, past where the clip would end', async () => {
    history.replaceState(null, '', '/#castlet-episode=ep-1&castlet-clip=69.1,8.3');
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    await vi.waitFor(() => expect(q(el, '[part=highlight][aria-current=true]')).not.toBeNull(), 3000);
    all(el, '[part=episode]')[0]!.click();
    await playing(el);
    expect(text(el, '[part=title]')).toBe(episode('ep-3').title);
    expect(q(el, '[part=highlight][aria-current=true]')).toBeNull();
    expect(loaded(el)).toBe(mp3(episode('ep-3')));
    at(el, 80);
    expect(el.state).toBe('playing');
  });

  it('highlights that share a start or a length: only the one playing is marked, and named on the lock screen', async () => {
    const data = podcastFeed(2);
    data.episodes[0]!.soundbites = [
      { start: 10, duration: 5, title: 'Opening line' },
      { start: 30, duration: 5, title: 'The joke' },
      { start: 30, duration: 20, title: 'The whole story' },
    ];
    const service = await serve({ '/public/podcasts': data });
    const lock = lockScreen();
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    await ready(el);
    await vi.waitFor(() => expect(all(el, '[part=highlight]')).toHaveLength(3), 3000);
    const marked = () => all(el, '[part=highlight][aria-current=true] bdi').map((b) => b.textContent);
    for (const [i, title] of [
      [1, 'The joke'],
      [2, 'The whole story'],
      [0, 'Opening line'],
    ] as const) {
      all(el, '[part=highlight]')[i]!.click();
      await playing(el);
      await vi.waitFor(() => expect(marked()).toEqual([title]), 3000);
      await vi.waitFor(() => expect(lock.now()?.title).toBe(title), 3000);
      expect(lock.now()!.album).toBe(data.episodes[0]!.title);
    }
  });
});

describe('live items', () => {
  let items: LiveItem[];
  beforeEach(() => void (items = []));
  afterEach(async () => {
    for (const i of items) await mock.owner('deleteLiveItem', { id: i.id });
  });
  const add = async (body: Record<string, unknown>) => {
    const item = (await mock.owner('addLiveItem', body)) as LiveItem;
    items.push(item);
    return item;
  };

  it('pending: a row at the top of the list, its start in the listener’s language and time zone', async () => {
    const start = new Date(Date.now() + 3 * 3600_000).toISOString();
    await add({ title: 'Evening show', start });
    const el = await mount<PodcastPlayer>('podcast-player', mock.url, { lang: 'de' });
    await ready(el);
    await vi.waitFor(() => expect(q(el, '[part=live-item]')).not.toBeNull(), 3000);
    const row = q(el, '[part=episodes] ol > [part=live-item]:first-child');
    expect(row.dataset.status).toBe('pending');
    expect(row.textContent).toContain('Evening show');
    expect(row.textContent).toContain(DE_LIVE_AT.replace('{time}', liveTime(start, 'de', Date.now())));
    expect(row.localName).toBe('li');
    // Above the episodes.
    expect(row.compareDocumentPosition(q(el, '[part=episode]')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Nothing to play there yet, and the stream is not followed.
    await answered();
    expect(mock.requests('/public/stream')).toBe(0);
  });

  it('live: "Live now" with the badge; pressing it plays the stream, without seek or speed, the title the item and the song heard; ended, it goes', async () => {
    const item = await add({ title: 'Evening show', start: new Date(Date.now() + 3600_000).toISOString() });
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    await vi.waitFor(() => expect(q(el, '[part=live-item]')?.dataset.status).toBe('pending'), 3000);
    expect(live(el)).toBe('');
    await mock.owner('updateLiveItem', { id: item.id, status: 'live' });
    await vi.waitFor(() => expect(q(el, 'button[part=live-item]')).not.toBeNull(), 3000);
    // Gone live while the page is open: said in the polite live region.
    expect(live(el)).toBe('Live now: Evening show');
    const row = q(el, 'button[part=live-item]');
    expect(row.textContent).toContain('Live now');
    expect(row.querySelector('[part=live-badge]')!.textContent).toBe('Live');
    const plays = record(el, 'castlet-play');
    const pauses = record(el, 'castlet-pause');
    row.click();
    await playing(el);
    const stream = (await mock.get(`/public/stream?token=${PUBLIC}`)).body as StreamInfo;
    expect(loaded(el)).toBe(stream.stream_url);
    expect(plays).toEqual([{ src: stream.stream_url, live: expect.objectContaining({ id: item.id, title: 'Evening show' }) }]);
    expect(el.liveItem?.id).toBe(item.id);
    expect(el.current).toBeUndefined();
    expect(q(el, 'button[part=live-item]').getAttribute('aria-current')).toBe('true');
    expect(text(el, '[part=title]')).toBe('Evening show');
    await vi.waitFor(() => expect(text(el, '[part=song]')).toContain(stream.now_playing!.title), 3000);
    for (const part of ['seek', 'speed', 'back', 'forward']) expect(q<HTMLInputElement>(el, `[part=${part}]`).disabled, part).toBe(true);
    expect(mock.requests('/public/stream')).toBeGreaterThan(0);
    // Pause and play again: the same live item.
    await el.pause();
    expect(q<HTMLButtonElement>(el, '[part=play]').disabled).toBe(false);

    await mock.owner('updateLiveItem', { id: item.id, status: 'ended' });
    await vi.waitFor(() => expect(q(el, '[part=live-item]')).toBeNull(), 3000);
    expect(el.liveItem).toBeUndefined();
    expect(text(el, '[part=title]')).toBe(episode('ep-3').title);
    expect(q<HTMLInputElement>(el, '[part=seek]').disabled).toBe(false);
    expect(pauses.at(-1)).toMatchObject({ src: stream.stream_url });
  });

  it('an item that ends while it plays stops it; the player shows the episode again', async () => {
    const item = await add({ title: 'Short show' });
    await mock.owner('updateLiveItem', { id: item.id, status: 'live' });
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    await vi.waitFor(() => expect(q(el, 'button[part=live-item]')).not.toBeNull(), 3000);
    // Live before the page had its data: shown, not said.
    expect(live(el)).toBe('');
    q(el, 'button[part=live-item]').click();
    await playing(el);
    await mock.owner('updateLiveItem', { id: item.id, status: 'ended' });
    await vi.waitFor(() => expect(el.state).toBe('ready'), 3000);
    expect(el.media.paused).toBe(true);
    expect(text(el, '[part=title]')).toBe(episode('ep-3').title);
  });
  it('one added while the page is open is shown at once, and said only when it goes live', async () => {
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    const item = await add({ title: 'Late show', start: new Date(Date.now() + 3600_000).toISOString() });
    await vi.waitFor(() => expect(q(el, '[part=live-item]')?.dataset.status).toBe('pending'), 3000);
    await el.updateComplete;
    expect(live(el)).toBe('');
    await mock.owner('updateLiveItem', { id: item.id, status: 'live' });
    await vi.waitFor(() => expect(live(el)).toBe('Live now: Late show'), 3000);
  });

  it('playing: the title block and the lock screen name it and the song heard ("Title – Artist", or the title alone), with no seeks or chapters', async () => {
    await mock.owner('setNowPlaying', { title: 'Night Drive', artist: 'The Loopbacks' });
    const item = await add({ title: 'Evening show' });
    await mock.owner('updateLiveItem', { id: item.id, status: 'live' });
    const lock = lockScreen();
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    await vi.waitFor(() => expect(q(el, 'button[part=live-item]')).not.toBeNull(), 3000);
    q(el, 'button[part=live-item]').click();
    await playing(el);
    await vi.waitFor(() => expect(text(el, '[part=song]')).toBe('Night Drive – The Loopbacks'), 3000);
    expect(text(el, '[part=title]')).toBe('Evening show');
    expect(q(el, '[part=song]').parentElement!.querySelector('[part=live-badge]')!.textContent).toBe('Live');
    await vi.waitFor(
      () => expect(lock.now()).toMatchObject({ title: 'Evening show', artist: 'Night Drive – The Loopbacks', album: feed.podcast.title }),
      3000,
    );
    expect(lock.now()!.chapterInfo).toBeUndefined();
    for (const action of ['seekto', 'seekbackward', 'seekforward']) expect(lock.actions.get(action), action).toBeNull();
    expect(lock.actions.get('pause')).toBeTypeOf('function');

    await mock.owner('setNowPlaying', { title: 'Untitled jam' });
    await vi.waitFor(() => expect(text(el, '[part=song]')).toBe('Untitled jam'), 3000);
    await vi.waitFor(() => expect(lock.now()).toMatchObject({ title: 'Evening show', artist: 'Untitled jam' }), 3000);
  });

  it('one whose channel tells no song: the item’s title alone, the show’s author on the lock screen', async () => {
    const data = feedWithLiveItem({ title: 'Quiet hour' });
    const stream = { ...streamInfo(), now_playing: null, history: [] };
    const service = await serve({ '/public/podcasts': data, '/public/stream': stream });
    const lock = lockScreen();
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    await ready(el);
    await vi.waitFor(() => expect(q(el, 'button[part=live-item]')).not.toBeNull(), 3000);
    q(el, 'button[part=live-item]').click();
    await playing(el);
    await vi.waitFor(() => expect(service.hits('/public/stream')).toBeGreaterThan(0), 3000);
    await answered();
    await el.updateComplete;
    expect(text(el, '[part=title]')).toBe('Quiet hour');
    expect(q(el, '[part=song]').textContent).toBe('');
    // Live before the page had its data: it is not said, then or later.
    expect(live(el)).not.toContain('Live now');
    await vi.waitFor(() => expect(lock.now()).toMatchObject({ title: 'Quiet hour', artist: data.podcast.author, album: data.podcast.title }), 3000);
  });

  it('the song shown is the one heard: one that started less than the source’s delay ago waits until the listener hears it', async () => {
    const now = Date.now();
    const base = streamInfo();
    const sources = base.sources!.map((s) => ({ ...s, delay: 5 }));
    const track = (title: string, ago: number) => ({ title, artist: 'Band', artwork_url: null, started_at: new Date(now - ago).toISOString() });
    const stream = { ...base, sources, stream_delay: 5, now_playing: track('New song', 0), history: [track('Old song', 600_000)] };
    const feed = feedWithLiveItem();
    feed.live_items![0]!.sources = sources;
    const service = await serve({ '/public/podcasts': feed, '/public/stream': stream });
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    await ready(el);
    await vi.waitFor(() => expect(q(el, 'button[part=live-item]')).not.toBeNull(), 3000);
    q(el, 'button[part=live-item]').click();
    await playing(el);
    await vi.waitFor(() => expect(text(el, '[part=song]')).not.toBe(''), 3000);
    // The first audio is 5 s behind the live edge: the song before the newest is heard.
    clockMoves(el);
    await vi.waitFor(() => expect(text(el, '[part=song]')).toBe('Old song – Band'), 3000);
    at(el, 6);
    await vi.waitFor(() => expect(text(el, '[part=song]')).toBe('New song – Band'), 3000);
  });

  it('its channel’s now playing is followed only while it is live (played or not), not before nor after', async () => {
    const item = await add({ title: 'Evening show', start: new Date(Date.now() + 3600_000).toISOString() });
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    await vi.waitFor(() => expect(q(el, '[part=live-item]')).not.toBeNull(), 3000);
    await answered();
    expect(following()).toBe(false);
    await mock.owner('updateLiveItem', { id: item.id, status: 'live' });
    await vi.waitFor(() => expect(q(el, 'button[part=live-item]')).not.toBeNull(), 3000);
    await vi.waitFor(() => expect(following()).toBe(true), 3000);
    await mock.owner('updateLiveItem', { id: item.id, status: 'ended' });
    await vi.waitFor(() => expect(q(el, '[part=live-item]')).toBeNull(), 3000);
    await answered();
    expect(following()).toBe(false);
    const asked = mock.requests('/public/stream');
    await el.updateComplete;
    await answered();
    expect(mock.requests('/public/stream')).toBe(asked);
  });
});
