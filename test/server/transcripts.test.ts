/**
 * DESIGN §1: episodes' WebVTT transcripts (timed by how the speech was made), their JSON
 * chapters, and the show as RSS 2.0 — parsed with a real XML parser, as a podcast app would.
 */
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { Episode, PodcastFeed } from '../../src/internal/api-types.ts';
import { xml } from '../../demo/server/rss.ts';
import { call, postJson, PRIVATE, PUBLIC, withServer } from '../support/server.ts';

const s = withServer();
const u = (path: string) => `${s.url}${path}`;
const feed = async () => (await call(u(`/public/podcasts?token=${PUBLIC}`))).body as PodcastFeed;

interface Cue {
  start: number;
  end: number;
  speaker: string;
  text: string;
}

/** A strict reader of the WebVTT the mock writes: header, then `id`, timing, `<v Speaker>text`. */
function parseVtt(vtt: string): Cue[] {
  const [header, ...blocks] = vtt.trim().split(/\n\n+/);
  expect(header).toBe('WEBVTT');
  const time = (t: string) => {
    const [h, m, sec] = t.split(':');
    return Number(h) * 3600 + Number(m) * 60 + Number(sec);
  };
  return blocks.map((block) => {
    const [, timing = '', line = ''] = block.split('\n');
    const t = /^(\d\d:\d\d:\d\d\.\d{3}) --> (\d\d:\d\d:\d\d\.\d{3})$/.exec(timing);
    const v = /^<v ([^>]+)>(.+)$/.exec(line);
    expect(t, block).not.toBeNull();
    expect(v, block).not.toBeNull();
    return { start: time(t![1]!), end: time(t![2]!), speaker: v![1]!, text: v![2]! };
  });
}

describe('transcripts', () => {
  it('every seeded episode has a transcript_url; its WebVTT is served with CORS, ETag and 304', async () => {
    const { episodes } = await feed();
    expect(episodes.length).toBeGreaterThanOrEqual(3);
    for (const e of episodes) {
      expect(e.transcript_url).toBe(`${s.url}/media/${e.id}.vtt`);
      const r = await call(e.transcript_url!);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
      expect(r.headers.get('access-control-allow-origin')).toBe('*');
      const etag = r.headers.get('etag')!;
      expect(etag).toMatch(/^"[^"]+"$/);
      expect((await call(e.transcript_url!, { headers: { 'If-None-Match': etag } })).status).toBe(304);
    }
  });

  it('cues run in order inside the episode, a sentence each, with the speaker named', async () => {
    for (const e of (await feed()).episodes) {
      const cues = parseVtt((await call(e.transcript_url!)).text);
      expect(cues.length).toBeGreaterThan(10);
      cues.forEach((c, i) => {
        expect(c.end).toBeGreaterThan(c.start);
        if (i) expect(c.start).toBeGreaterThanOrEqual(cues[i - 1]!.end);
        expect(c.text).toMatch(/[.!?]$/);
        expect(['Sam', 'Ruth']).toContain(c.speaker);
      });
      expect(cues.at(-1)!.end).toBeLessThanOrEqual(e.duration);
    }
  });

  it('the timings come from the audio: each chapter opens with the cue that announces it', async () => {
    const ordinals = ['one', 'two', 'three', 'four'];
    for (const e of (await feed()).episodes) {
      const cues = parseVtt((await call(e.transcript_url!)).text);
      e.chapters.forEach((chapter, i) => {
        const next = e.chapters[i + 1]?.start ?? e.duration;
        const inside = cues.filter((c) => c.start >= chapter.start && c.end <= next);
        const announce = inside.find((c) => c.text.startsWith(`Chapter ${ordinals[i]}:`));
        expect(announce, `${e.id} chapter ${i + 1}`).toBeDefined();
        expect(announce!.text.toLowerCase()).toContain(chapter.title.toLowerCase());
        // The first chapter is preceded by the welcome; later ones start with their announcement.
        if (i) expect(announce!.start - chapter.start).toBeLessThan(0.6);
      });
    }
  });

  it('an episode added at run time (a tone, no speech) has no transcript: null, and its .vtt is 404', async () => {
    const added = (await postJson(u('/private/addPodcast'), { token: PRIVATE, title: 'Tone only', duration: 20 })).body as Episode;
    const e = (await feed()).episodes.find((x) => x.id === added.id)!;
    expect(e.transcript_url).toBeNull();
    const r = await call(u(`/media/${e.id}.vtt`));
    expect(r.status).toBe(404);
    expect(r.body.error).toBe('not_found');
    await postJson(u('/private/deletePodcast'), { token: PRIVATE, id: added.id });
  });

  it('unknown episode files are 404 with CORS', async () => {
    for (const path of ['/media/nope.vtt', '/media/nope.chapters.json', '/media/ep-1.txt']) {
      const r = await call(u(path));
      expect(r.status, path).toBe(404);
      expect(r.headers.get('access-control-allow-origin')).toBe('*');
    }
  });

  it('JSON chapters (Podcasting 2.0) list the episode\'s chapters', async () => {
    const e = (await feed()).episodes[0]!;
    const r = await call(u(`/media/${e.id}.chapters.json`));
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json+chapters; charset=utf-8');
    expect(JSON.parse(r.text)).toEqual({ version: '1.2.0', chapters: e.chapters.map((c) => ({ startTime: c.start, title: c.title })) });
  });
});

describe('GET /public/podcasts.rss', () => {
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => name === 'item' });
  const rss = async (token = PUBLIC) => call(u(`/public/podcasts.rss?token=${token}`));

  it('is RSS 2.0 with the iTunes and Podcasting 2.0 namespaces, cacheable, CORS *', async () => {
    const r = await rss();
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(r.headers.get('cache-control')).toBe('public, max-age=5');
    const etag = r.headers.get('etag')!;
    expect((await call(u(`/public/podcasts.rss?token=${PUBLIC}`), { headers: { 'If-None-Match': etag } })).status).toBe(304);
    const doc = parser.parse(r.text);
    expect(doc.rss['@version']).toBe('2.0');
    expect(doc.rss['@xmlns:itunes']).toBe('http://www.itunes.com/dtds/podcast-1.0.dtd');
    expect(doc.rss['@xmlns:podcast']).toBe('https://podcastindex.org/namespace/1.0');
    const show = (await feed()).podcast;
    expect(doc.rss.channel.title).toBe(show.title);
    expect(doc.rss.channel['itunes:author']).toBe(show.author);
    expect(doc.rss.channel['atom:link']['@href']).toBe(`${s.url}/public/podcasts.rss?token=${PUBLIC}`);
  });

  it('lists every episode with its enclosure (real length), duration, chapters and transcript', async () => {
    const { episodes } = await feed();
    const items = parser.parse((await rss()).text).rss.channel.item as Record<string, any>[];
    expect(items.map((i) => i.guid['#text'])).toEqual(episodes.map((e) => e.id));
    for (const [i, e] of episodes.entries()) {
      const item = items[i]!;
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

  it('owner text stays text: markup is escaped and characters XML cannot hold are dropped', async () => {
    const title = 'Fish & <b>chips</b> "quoted" \u0007bell ]]> end';
    const added = (await postJson(u('/private/addPodcast'), { token: PRIVATE, title, duration: 20 })).body as Episode;
    const item = (parser.parse((await rss()).text).rss.channel.item as Record<string, any>[]).find((i) => i.guid['#text'] === added.id)!;
    expect(item.title).toBe('Fish & <b>chips</b> "quoted" bell ]]> end');
    expect(item['podcast:transcript']).toBeUndefined();
    await postJson(u('/private/deletePodcast'), { token: PRIVATE, id: added.id });
    expect(xml('a\uD800b<')).toBe('ab&lt;');
  });

  it('needs the public token like every public endpoint', async () => {
    expect((await call(u('/public/podcasts.rss'))).body.error).toBe('missing_token');
    expect((await rss(PRIVATE)).body.error).toBe('private_token_exposed');
    expect((await rss('00000000-0000-0000-0000-000000000000')).status).toBe(401);
  });
});
