/**
 * <podcast-player>'s Podcasting 2.0 side against the real mock: an episode's files (the first
 * the engine can play; resume whatever the file; Download the MP3), highlights (play a clip,
 * pause at its end, share it, a clip link ready to play, the lock screen naming it) and live
 * items (a pending row, a live one that plays the channel's stream without seek or speed, the
 * song heard in the title, the stream followed only then, an ended one gone).
 * (happy-dom's canPlayType answers as a browser without Opus: test/support/dom-setup.ts.)
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../src/castlet.ts';
import type { PodcastPlayer } from '../../src/castlet.ts';
import type { Episode, LiveItem, StreamInfo } from '../../src/api/types.ts';
import { liveTime } from '../../src/podcast-player/highlights.ts';
import de from '../../src/i18n/de.ts';

const DE_LIVE_AT = de['Live at {time}'];
import {
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
});
