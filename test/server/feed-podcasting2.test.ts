/**
 * docs/design.md §1, the feed's Podcasting 2.0 live and clips tags, read as the ecosystem reads
 * them: Podcast Index's own parser (podcast-partytime) finds every live item (status, start,
 * end, enclosure, content link), soundbite and alternate enclosure with the values the API
 * holds, and an XML validator passes. The ETag follows every change.
 */
import { XMLValidator } from 'fast-xml-parser';
import { parseFeed, type FeedObject } from 'podcast-partytime';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveItemsXml } from '../../demo/server/rss-podcasting2.ts';
import type { LiveItem, PodcastFeed } from '../../src/api/types.ts';
import { call, postJson, PRIVATE, PUBLIC, withServer } from '../support/server.ts';

const s = withServer();
const u = (path: string) => `${s.url}${path}`;
const feed = async () => (await call(u(`/public/podcasts?token=${PUBLIC}`))).body as PodcastFeed;
const rss = async (headers: Record<string, string> = {}) => call(u(`/public/podcasts.rss?token=${PUBLIC}`), { headers });
const owner = (path: string, fields: Record<string, unknown>) => postJson(u(`/private/${path}`), { token: PRIVATE, ...fields });
const iso = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString();
const HOUR = 3600_000;

/** What podcast-partytime reads of a live item that has the API's `item`. */
const liveAsRead = (item: LiveItem, show: string) => ({
  status: item.status,
  start: new Date(item.start),
  end: new Date(item.end),
  guid: item.id,
  title: item.title,
  ...(item.description ? { description: item.description } : {}),
  link: `${s.url}/s/${PUBLIC}/stream?channel=${item.channel}`,
  enclosure: { url: item.sources[0]!.url, length: 0, type: 'audio/mpeg' },
  contentLinks: [{ url: `${s.url}/s/${PUBLIC}/stream?channel=${item.channel}`, title: `Listen live on ${show}` }],
});

describe('the feed: live items, soundbites, alternate enclosures', () => {
  afterEach(async () => {
    for (const item of (await feed()).live_items!) await owner('deleteLiveItem', { id: item.id });
  });

  it('podcast-partytime reads every live item, soundbite and alternate enclosure with the values of /public/podcasts; valid XML', async () => {
    await owner('addLiveItem', { title: 'Pending & soon', description: 'The <evening> show', start: iso(HOUR), end: iso(2 * HOUR) });
    await owner('addLiveItem', { title: 'On air now', end: iso(HOUR) });
    const { body: ended } = await owner('addLiveItem', { title: 'Over', start: iso(HOUR), end: iso(2 * HOUR) });
    await owner('updateLiveItem', { id: ended.id, status: 'ended' });
    const api = await feed();
    expect(api.live_items!.map((i) => i.status)).toEqual(['pending', 'live', 'ended']);

    const r = await rss();
    expect(XMLValidator.validate(r.text)).toBe(true);
    const read = parseFeed(r.text) as FeedObject;
    expect(read.podcastLiveItems).toEqual(api.live_items!.map((item) => liveAsRead(item, 'Castlet FM')));

    for (const episode of api.episodes) {
      const item = read.items.find((i) => i.guid === episode.id)!;
      expect(item.enclosure).toEqual({ url: episode.audio_url, length: episode.audio!.at(-1)!.length, type: 'audio/mpeg' });
      // Every file but the MP3 enclosure is an alternate enclosure.
      const others = episode.audio!.filter((f) => f.url !== episode.audio_url);
      expect(item.alternativeEnclosures ?? []).toEqual(
        others.map((f) => ({
          type: 'audio/ogg',
          codecs: 'opus',
          length: f.length,
          bitrate: f.bitrate,
          default: false,
          source: [{ uri: f.url, contentType: f.type }],
        })),
      );
      // partytime names an untitled soundbite after the show.
      expect(item.podcastSoundbites ?? []).toEqual(
        episode.soundbites!.map((b) => ({ startTime: b.start, duration: b.duration, title: b.title ?? api.podcast.title })),
      );
    }
    const seeded = read.items.filter((i) => ['ep-1', 'ep-2', 'ep-3'].includes(i.guid));
    expect(seeded.flatMap((i) => i.alternativeEnclosures ?? [])).toHaveLength(3);
    expect(seeded.flatMap((i) => i.podcastSoundbites ?? [])).toHaveLength(3);
  });

  it('a live item with several sources: the first is its enclosure, the others alternate enclosures', () => {
    const item: LiveItem = {
      id: 'live-9',
      title: 'Relayed',
      description: '',
      status: 'live',
      start: '2099-01-01T18:00:00.000Z',
      end: '2099-01-01T19:00:00.000Z',
      channel: 'main',
      sources: [
        { url: 'https://relay.example/live.opus', type: 'audio/ogg; codecs=opus', bitrate: 48000, delay: 2 },
        // (kbit/s, as Icecast declares it: the feed's tag says bits per second.)
        { url: 'https://relay.example/live', type: 'audio/mpeg', bitrate: 128, delay: 2.5 },
      ],
    };
    const text = `<?xml version="1.0"?><rss version="2.0" xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel><title>Show</title><link>https://radio.example</link><description>d</description>${liveItemsXml([item])}<item><title>x</title><guid>x</guid><enclosure url="https://radio.example/x.mp3" length="1" type="audio/mpeg"/></item></channel></rss>`;
    expect(XMLValidator.validate(text)).toBe(true);
    const [read] = parseFeed(text)!.podcastLiveItems!;
    expect(read).toMatchObject({
      status: 'live',
      enclosure: { url: 'https://relay.example/live.opus', length: 0, type: 'audio/ogg' },
      alternativeEnclosures: [{ type: 'audio/mpeg', bitrate: 128000, source: [{ uri: 'https://relay.example/live', contentType: 'audio/mpeg' }] }],
    });
  });

  it('only where present: no live item or soundbite tags for what has none; one alternate enclosure per other file', async () => {
    const { body: episode } = await owner('addPodcast', { title: 'Plain', duration: 12 });
    const text = (await rss()).text;
    const item = text.slice(text.indexOf(`<guid isPermaLink="false">${episode.id}</guid>`));
    const own = item.slice(0, item.indexOf('</item>'));
    expect(own).not.toMatch(/podcast:soundbite/);
    // A generated episode has its MP3 (the enclosure) and an Opus file: one alternate enclosure.
    expect(episode.audio).toHaveLength(2);
    expect(own.match(/<podcast:alternateEnclosure /g)).toHaveLength(1);
    expect(text).not.toContain('podcast:liveItem');
    await owner('deletePodcast', { id: episode.id });
  });

  it('the ETag changes with every live item change (added, status moved, deleted), and 304 while nothing did', async () => {
    const first = (await rss()).headers.get('etag')!;
    expect((await rss({ 'If-None-Match': first })).status).toBe(304);
    const { body: item } = await owner('addLiveItem', { title: 'Tagged', start: iso(300), end: iso(HOUR) });
    const added = await rss({ 'If-None-Match': first });
    expect(added.status).toBe(200);
    expect(added.text).toContain('status="pending"');
    const addedTag = added.headers.get('etag')!;
    expect((await rss({ 'If-None-Match': addedTag })).status).toBe(304);
    await vi.waitFor(async () => expect((await feed()).live_items![0]!.status).toBe('live'), 2000);
    const moved = await rss({ 'If-None-Match': addedTag });
    expect(moved.status).toBe(200);
    expect(moved.text).toContain('status="live"');
    await owner('deleteLiveItem', { id: item.id });
    const gone = await rss({ 'If-None-Match': moved.headers.get('etag')! });
    expect(gone.status).toBe(200);
    expect(gone.headers.get('etag')).toBe(first);
  });
});
