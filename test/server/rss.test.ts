/**
 * docs/design.md §1, GET /public/podcasts.rss: the show as RSS 2.0 with the iTunes and Podcasting 2.0
 * namespaces, read as the directories read it: an XML validator, Podcast Index's own parser
 * (podcast-partytime) and the tags Apple's podcast requirements list.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parseFeed, type FeedObject } from 'podcast-partytime';
import { describe, expect, it } from 'vitest';
import type { Episode, PodcastFeed } from '../../src/api/types.ts';
import { podcastGuid, xml } from '../../demo/server/rss.ts';
import { pngSize } from '../support/png.ts';
import { call, postJson, PRIVATE, PUBLIC, withServer } from '../support/server.ts';

const s = withServer();
const u = (path: string) => `${s.url}${path}`;
const feed = async () => (await call(u(`/public/podcasts?token=${PUBLIC}`))).body as PodcastFeed;
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => ['item', 'podcast:person'].includes(name) });
const rss = async (token = PUBLIC) => call(u(`/public/podcasts.rss?token=${token}`));
/** The feed as Podcast Index reads it. */
const partytime = async (): Promise<FeedObject> => parseFeed((await rss()).text)!;
const items = async () => parser.parse((await rss()).text).rss.channel.item as Record<string, any>[];
const owner = (path: string, fields: Record<string, unknown>) => postJson(u(`/private/${path}`), { token: PRIVATE, ...fields });

describe('GET /public/podcasts.rss', () => {
  it('is RSS 2.0 with the iTunes and Podcasting 2.0 namespaces, cacheable, CORS *', async () => {
    const r = await rss();
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(r.headers.get('cache-control')).toBe('public, max-age=5');
    const etag = r.headers.get('etag')!;
    expect((await call(u(`/public/podcasts.rss?token=${PUBLIC}`), { headers: { 'If-None-Match': etag } })).status).toBe(304);
    expect(XMLValidator.validate(r.text)).toBe(true);
    const doc = parser.parse(r.text);
    expect(doc.rss['@version']).toBe('2.0');
    expect(doc.rss['@xmlns:itunes']).toBe('http://www.itunes.com/dtds/podcast-1.0.dtd');
    expect(doc.rss['@xmlns:podcast']).toBe('https://podcastindex.org/namespace/1.0');
    const show = (await feed()).podcast;
    expect(doc.rss.channel.title).toBe(show.title);
    expect(doc.rss.channel['itunes:author']).toBe(show.author);
    expect(doc.rss.channel['atom:link']['@href']).toBe(`${s.url}/public/podcasts.rss?token=${PUBLIC}`);
  });

  it("has the tags Apple's podcast requirements list, on the channel and every item", async () => {
    const { channel } = parser.parse((await rss()).text).rss;
    expect(channel.title).toEqual(expect.any(String));
    expect(channel.description).toEqual(expect.any(String));
    expect(channel.language).toBe('en');
    expect(channel['itunes:image']['@href']).toMatch(/^https?:\/\/.+\.png$/);
    expect(channel['itunes:category']['@text']).toBe('Arts');
    expect(String(channel['itunes:explicit'])).toMatch(/^(true|false)$/);
    // Apple writes to the owner's address to verify the show.
    expect(channel['itunes:owner']).toEqual({ 'itunes:name': 'Castlet Demo Radio', 'itunes:email': 'owner@castlet.example' });
    for (const item of channel.item as Record<string, any>[]) {
      expect(item.title).toEqual(expect.any(String));
      expect(item.guid['#text']).toEqual(expect.any(String));
      expect(item.enclosure).toEqual({
        '@url': expect.stringMatching(/\.mp3$/),
        '@length': expect.stringMatching(/^[1-9]\d*$/),
        '@type': 'audio/mpeg',
      });
    }
  });

  it("the show's and an episode's itunes:image is a square PNG of 1400 to 3000 px, served with CORS", async () => {
    const f = await partytime();
    const images = [f.itunesImage, ...f.items.map((i) => i.itunesImage)].filter(Boolean) as string[];
    expect(images).toEqual([`${s.url}/media/art/show-1400.png`, `${s.url}/media/art/ep-3-1400.png`]);
    for (const url of images) {
      const r = await fetch(url);
      expect(r.status, url).toBe(200);
      expect(r.headers.get('content-type')).toBe('image/png');
      expect(r.headers.get('access-control-allow-origin')).toBe('*');
      const { width, height } = pngSize(new Uint8Array(await r.arrayBuffer()))!;
      expect(width).toBe(height);
      expect(width).toBeGreaterThanOrEqual(1400);
      expect(width).toBeLessThanOrEqual(3000);
    }
  });

  it('Podcast Index reads the guid, the lock with its owner, the funding link and every item', async () => {
    const f = await partytime();
    const { episodes, podcast } = await feed();
    expect(f.title).toBe(podcast.title);
    expect(f.owner).toEqual({ name: 'Castlet Demo Radio', email: 'owner@castlet.example' });
    expect(f.guid).toBe(podcastGuid(`${s.url}/public/podcasts.rss?token=${PUBLIC}`));
    expect(f.locked).toBe(true);
    expect(f.podcastOwner).toBe('owner@castlet.example');
    expect(f.podcastFunding).toEqual([{ url: podcast.funding!.url, message: podcast.funding!.text }]);
    expect(f.items.map((i) => i.guid)).toEqual(episodes.map((e) => e.id));
    for (const [i, e] of episodes.entries()) {
      const item = f.items[i]!;
      expect(item.title).toBe(e.title);
      expect(item.enclosure.url).toBe(e.audio_url);
      expect(item.podcastTranscripts).toEqual([{ url: e.transcript_url, type: 'text/vtt', language: 'en' }]);
      expect(item.podcastChapters).toEqual({ url: `${s.url}/media/${e.id}.chapters.json`, type: 'application/json+chapters' });
      // Podcast Index capitalises roles ("Host"); the names, pictures and links are as given.
      expect(item.podcastPeople ?? []).toEqual(
        (e.persons ?? []).map((p) =>
          expect.objectContaining({
            name: p.name,
            role: expect.stringMatching(new RegExp(`^${p.role}$`, 'i')),
            ...(p.img ? { img: p.img } : {}),
            ...(p.href ? { href: p.href } : {}),
          }),
        ),
      );
    }
    expect(f.items[0]!.podcastPeople).toHaveLength(2);
  });

  it('lists every episode with its enclosure (real length), duration, chapters and transcript', async () => {
    const { episodes } = await feed();
    const list = await items();
    expect(list.map((i) => i.guid['#text'])).toEqual(episodes.map((e) => e.id));
    for (const [i, e] of episodes.entries()) {
      const item = list[i]!;
      expect(item.title).toBe(e.title);
      expect(new Date(item.pubDate).toISOString()).toBe(new Date(e.published_at).toISOString());
      expect(item['itunes:duration']).toBe(Math.round(e.duration));
      const audio = await fetch(e.audio_url);
      const bytes = (await audio.arrayBuffer()).byteLength;
      expect(item.enclosure).toEqual({ '@url': e.audio_url, '@length': String(bytes), '@type': 'audio/mpeg' });
      expect(item['podcast:transcript']).toEqual({ '@url': e.transcript_url, '@type': 'text/vtt', '@language': 'en' });
      const chapters = await call(item['podcast:chapters']['@url']);
      expect(item['podcast:chapters']['@type']).toBe('application/json+chapters');
      expect(JSON.parse(chapters.text).chapters).toHaveLength(e.chapters.length);
    }
  });

  it('an episode without chapters, transcript or people has none of their tags', async () => {
    const added = (await owner('addPodcast', { title: 'Tone only', duration: 20 })).body as Episode;
    const item = (await items()).find((i) => i.guid['#text'] === added.id)!;
    expect(item.enclosure).toBeDefined();
    expect([item['podcast:chapters'], item['podcast:transcript'], item['podcast:person'], item['itunes:image']]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    await owner('deletePodcast', { id: added.id });
  });

  it('owner text stays text: markup is escaped and characters XML cannot hold are dropped', async () => {
    const title = 'Fish & <b>chips</b> "quoted" \u0007bell ]]> end';
    const added = (await owner('addPodcast', { title, duration: 20 })).body as Episode;
    const item = (await items()).find((i) => i.guid['#text'] === added.id)!;
    expect(item.title).toBe('Fish & <b>chips</b> "quoted" bell ]]> end');
    await owner('deletePodcast', { id: added.id });
    expect(xml('a\uD800b<')).toBe('ab&lt;');
  });

  it("owner text with markup, quotes and emoji comes back intact through Podcast Index's parser", async () => {
    const text = `Fish & <b>chips</b> "double" 'single' ]]> <![CDATA[x]]> 🎧🐦‍⬛`;
    const added = (await owner('addPodcast', { title: text, description: text, duration: 20 })).body as Episode;
    await owner('updatePodcast', { id: added.id, persons: [{ name: text, role: 'guest', href: 'https://castlet.example/?a=1&b="2"' }] });
    const r = await rss();
    expect(XMLValidator.validate(r.text)).toBe(true);
    const item = parseFeed(r.text)!.items.find((i) => i.guid === added.id)!;
    expect([item.title, item.description]).toEqual([text, text]);
    expect(item.podcastPeople).toEqual([expect.objectContaining({ name: text, href: 'https://castlet.example/?a=1&b=%222%22' })]);
    await owner('deletePodcast', { id: added.id });
  });

  it('needs the public token like every public endpoint', async () => {
    expect((await call(u('/public/podcasts.rss'))).body.error).toBe('missing_token');
    expect((await rss(PRIVATE)).body.error).toBe('private_token_exposed');
    expect((await rss('00000000-0000-0000-0000-000000000000')).status).toBe(401);
  });

  // Last: it changes the tokens.
  it('keeps its podcast:guid when the tokens (and so the feed URL) change', async () => {
    const before = (await partytime()).guid;
    const { public_token } = (await owner('resetTokens', {})).body as { public_token: string };
    const after = parseFeed((await rss(public_token)).text)!;
    expect(after.pubsub?.self).toBe(`${s.url}/public/podcasts.rss?token=${public_token}`);
    expect(after.guid).toBe(before);
  });
});

describe('podcastGuid', () => {
  // The examples of the Podcasting 2.0 namespace (tags/guid.md), with and without scheme and trailing slashes.
  it.each([
    ['mp3s.nashownotes.com/pc20rss.xml', '917393e3-1b1e-5cef-ace4-edaa54e1f810'],
    ['https://mp3s.nashownotes.com/pc20rss.xml', '917393e3-1b1e-5cef-ace4-edaa54e1f810'],
    ['podnews.net/rss', '9b024349-ccf0-5f69-a609-6b82873eab3c'],
    ['http://podnews.net/rss/', '9b024349-ccf0-5f69-a609-6b82873eab3c'],
    ['https://podnews.net/rss//', '9b024349-ccf0-5f69-a609-6b82873eab3c'],
  ])('%s → %s', (url, guid) => {
    expect(podcastGuid(url)).toBe(guid);
  });
});
