/**
 * docs/design.md §1: episodes' WebVTT transcripts (timed by how the speech was made) and their JSON
 * chapters. The RSS feed is in rss.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { Episode, PodcastFeed } from '../../src/api/types.ts';
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

  it('the timings come from the audio: each listed chapter opens with the cue that announces it', async () => {
    const ordinals = ['one', 'two', 'three', 'four'];
    for (const e of (await feed()).episodes) {
      const cues = parseVtt((await call(e.transcript_url!)).text);
      // A chapter with toc: false only changes the picture; the spoken chapters are the listed ones.
      const listed = e.chapters.filter((c) => c.toc !== false);
      listed.forEach((chapter, i) => {
        const next = listed[i + 1]?.start ?? e.duration;
        const inside = cues.filter((c) => c.start >= chapter.start && c.end <= next);
        const announce = inside.find((c) => c.text.startsWith(`Chapter ${ordinals[i]}:`));
        expect(announce, `${e.id} chapter ${i + 1}`).toBeDefined();
        expect(announce!.text.toLowerCase()).toContain(chapter.title.toLowerCase());
        // The first chapter is preceded by the welcome; later ones start with their announcement.
        if (i) expect(announce!.start - chapter.start).toBeLessThan(0.6);
      });
    }
  });

  it('an episode added at run time (a tone, no speech, no chapters) has no transcript: null, and its .vtt and .chapters.json are 404', async () => {
    const added = (await postJson(u('/private/addPodcast'), { token: PRIVATE, title: 'Tone only', duration: 20 })).body as Episode;
    const e = (await feed()).episodes.find((x) => x.id === added.id)!;
    expect(e.transcript_url).toBeNull();
    for (const [file, says] of [
      ['vtt', 'no transcript'],
      ['chapters.json', 'no chapters'],
    ]) {
      const r = await call(u(`/media/${e.id}.${file}`));
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ error: 'not_found', error_description: expect.stringContaining(says) });
    }
    await postJson(u('/private/deletePodcast'), { token: PRIVATE, id: added.id });
  });

  it('unknown episode files are 404 with CORS', async () => {
    for (const path of ['/media/nope.vtt', '/media/nope.chapters.json', '/media/ep-1.txt']) {
      const r = await call(u(path));
      expect(r.status, path).toBe(404);
      expect(r.headers.get('access-control-allow-origin')).toBe('*');
    }
  });

  it("JSON chapters (Podcasting 2.0) list the episode's chapters with their pictures, links and toc", async () => {
    for (const e of (await feed()).episodes) {
      const r = await call(u(`/media/${e.id}.chapters.json`));
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('application/json+chapters; charset=utf-8');
      const chapters = e.chapters.map(({ start, ...rest }) => ({ startTime: start, ...rest }));
      expect(JSON.parse(r.text)).toEqual({ version: '1.2.0', chapters });
    }
    const [newest] = (await feed()).episodes;
    const json = JSON.parse((await call(u(`/media/${newest!.id}.chapters.json`))).text);
    expect(json.chapters[0]).toEqual({
      startTime: 0,
      title: expect.any(String),
      img: `${s.url}/media/art/${newest!.id}-ch1.png`,
      url: expect.stringMatching(/^https:\/\//),
    });
  });
});
