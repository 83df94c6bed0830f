/**
 * docs/design.md §1, POST /private/updatePodcast (and the same fields on addPodcast): the owner gives
 * an episode a title, description, chapters, transcript or people; the public JSON, the feed,
 * the episode's files and the event stream follow at once; bad input is a 400 that says what
 * is wrong and changes nothing.
 */
import { parseFeed } from 'podcast-partytime';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Episode, PodcastFeed } from '../../src/api/types.ts';
import { call, openEvents, postJson, PRIVATE, PUBLIC, withServer, type EventsClient, type Reply } from '../support/server.ts';

const s = withServer({ coalesceMs: 20 });
const u = (path: string) => `${s.url}${path}`;
const auth = { Authorization: `Bearer ${PRIVATE}` };
const feed = async () => (await call(u(`/public/podcasts?token=${PUBLIC}`))).body as PodcastFeed;
const update = (fields: Record<string, unknown>) => postJson(u('/private/updatePodcast'), { token: PRIVATE, ...fields });

const VTT = 'WEBVTT\n\n00:00.000 --> 00:04.000\n<v Sam>Hello & welcome.\n\n00:04.000 --> 00:09.500\n<v Ruth>Thanks, Sam.\n';
const CHAPTERS = [
  { start: 5, title: 'Second', img: 'https://img.example/2.png', url: 'https://castlet.example/two' },
  { start: 0, title: 'First', toc: true },
  { start: 8, title: 'Picture only', img: 'http://img.example/3.png', toc: false },
];
/** CHAPTERS as the API answers: by start, `toc` only where it is false. */
const CHAPTERS_OUT = [
  { start: 0, title: 'First' },
  { start: 5, title: 'Second', img: 'https://img.example/2.png', url: 'https://castlet.example/two' },
  { start: 8, title: 'Picture only', img: 'http://img.example/3.png', toc: false },
];
const PERSONS = [
  { name: 'Ada', role: 'Host', img: 'https://img.example/ada.png', href: 'https://castlet.example/ada' },
  { name: 'Grace', role: 'guest' },
  { name: 'Lin' },
];
const PERSONS_OUT = [
  { name: 'Ada', role: 'host', img: 'https://img.example/ada.png', href: 'https://castlet.example/ada' },
  { name: 'Grace', role: 'guest' },
  { name: 'Lin', role: 'host' },
];

async function freshEpisode(fields: Record<string, unknown> = {}): Promise<Episode> {
  const r = await postJson(u('/private/addPodcast'), { token: PRIVATE, title: 'To edit', duration: 20, ...fields });
  expect(r.status).toBe(201);
  return r.body;
}

function expectInvalid(r: Reply, description: RegExp) {
  expect(r.status).toBe(400);
  expect(r.headers.get('cache-control')).toBe('no-store');
  expect(r.body).toEqual({ error: 'invalid_request', error_description: expect.stringMatching(description) });
}

describe('updatePodcast', () => {
  let client: EventsClient | undefined;
  afterEach(() => client?.close());

  it.each<[string, (id: string) => RequestInit]>([
    [
      'JSON',
      (id) => ({
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({ id, title: 'New title', description: 'New words', chapters: CHAPTERS, persons: PERSONS, transcript: VTT }),
      }),
    ],
    [
      'urlencoded (lists as JSON text)',
      (id) => ({
        method: 'POST',
        headers: auth,
        body: new URLSearchParams({
          id,
          title: 'New title',
          description: 'New words',
          chapters: JSON.stringify(CHAPTERS),
          persons: JSON.stringify(PERSONS),
          transcript: VTT,
        }),
      }),
    ],
    [
      'multipart (the transcript as a file)',
      (id) => {
        const form = new FormData();
        Object.entries({
          id,
          title: 'New title',
          description: 'New words',
          chapters: JSON.stringify(CHAPTERS),
          persons: JSON.stringify(PERSONS),
        }).forEach(([k, v]) => form.append(k, v));
        form.append('transcript', new Blob([VTT], { type: 'text/vtt' }), 'episode.vtt');
        return { method: 'POST', headers: auth, body: form };
      },
    ],
  ])('%s → 200 the episode, changed', async (_kind, request) => {
    const { id } = await freshEpisode();
    const r = await call(u('/private/updatePodcast'), request(id));
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.body).toMatchObject({
      id,
      title: 'New title',
      description: 'New words',
      chapters: CHAPTERS_OUT,
      persons: PERSONS_OUT,
      transcript_url: `${s.url}/media/${id}.vtt`,
    });
    expect((await call(u(`/media/${id}.vtt`))).text).toBe(VTT);
  });

  it('changes only the fields given; the rest (artwork, audio, date) stays', async () => {
    const before = (await feed()).episodes[0]!;
    const r = await update({ id: before.id, title: 'Night Birds, revised' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ...before, title: 'Night Birds, revised' });
    expect((await feed()).episodes[0]).toEqual(r.body);
  });

  it('the public JSON, the episode files and the feed follow at once; open players get it pushed', async () => {
    const { id } = await freshEpisode();
    client = await openEvents(u(`/public/podcasts/events?token=${PUBLIC}`));
    await vi.waitFor(() => expect(client!.payloads('podcasts').length).toBe(1), 2000);
    const rssBefore = await call(u(`/public/podcasts.rss?token=${PUBLIC}`));
    expect((await update({ id, chapters: CHAPTERS, transcript: VTT, persons: PERSONS })).status).toBe(200);

    const pushed = await vi.waitFor(() => {
      const found = client!.payloads('podcasts')[1];
      if (!found) throw new Error('still waiting for the podcasts event');
      return found;
    }, 2000);
    const shown = (await feed()).episodes.find((e) => e.id === id)!;
    expect(pushed.episodes.find((e: Episode) => e.id === id)).toEqual(shown);
    expect(shown).toMatchObject({ chapters: CHAPTERS_OUT, persons: PERSONS_OUT, transcript_url: `${s.url}/media/${id}.vtt` });
    expect((await call(shown.transcript_url!)).text).toBe(VTT);
    const json = JSON.parse((await call(u(`/media/${id}.chapters.json`))).text);
    expect(json.chapters).toEqual(CHAPTERS_OUT.map(({ start, ...rest }) => ({ startTime: start, ...rest })));

    const rss = await call(u(`/public/podcasts.rss?token=${PUBLIC}`), { headers: { 'If-None-Match': rssBefore.headers.get('etag')! } });
    expect(rss.status).toBe(200);
    const item = parseFeed(rss.text)!.items.find((i) => i.guid === id)!;
    expect(item.podcastTranscripts).toEqual([{ url: `${s.url}/media/${id}.vtt`, type: 'text/vtt', language: 'en' }]);
    expect(item.podcastChapters?.url).toBe(`${s.url}/media/${id}.chapters.json`);
    expect(item.podcastPeople?.map((p) => p.name)).toEqual(['Ada', 'Grace', 'Lin']);
  });

  it('an empty transcript, chapters or persons removes them, everywhere', async () => {
    const { id } = await freshEpisode({ chapters: CHAPTERS, persons: PERSONS, transcript: VTT });
    const r = await update({ id, transcript: '', chapters: '', persons: [] });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ transcript_url: null, chapters: [], persons: [] });
    expect((await call(u(`/media/${id}.vtt`))).status).toBe(404);
    expect((await call(u(`/media/${id}.chapters.json`))).status).toBe(404);
    const item = parseFeed((await call(u(`/public/podcasts.rss?token=${PUBLIC}`))).text)!.items.find((i) => i.guid === id)!;
    expect([item.podcastTranscripts, item.podcastChapters, item.podcastPeople]).toEqual([undefined, undefined, undefined]);
  });

  it('addPodcast takes the same fields', async () => {
    const added = await freshEpisode({ chapters: CHAPTERS, persons: PERSONS, transcript: VTT });
    expect(added).toMatchObject({ chapters: CHAPTERS_OUT, persons: PERSONS_OUT, transcript_url: `${s.url}/media/${added.id}.vtt` });
    expect((await freshEpisode()).persons).toEqual([]);
  });

  it('an unknown episode → 404 not_found; no id → 400', async () => {
    const r = await update({ id: 'ep-999', title: 'x' });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: 'not_found', error_description: 'There is no episode "ep-999".' });
    expectInvalid(await update({ title: 'x' }), /id is required/);
  });

  it.each<[string, Record<string, unknown>, RegExp]>([
    ['nothing to change', {}, /Give what to change: title, description, chapters, transcript, persons/],
    ['an empty title', { title: '  ' }, /title must not be empty/],
    ['a title that is not text', { title: 7 }, /title must be text/],
    ['chapters that are not a list', { chapters: { start: 0 } }, /chapters must be an array/],
    ['chapters that are not JSON', { chapters: '[{"start": 0' }, /chapters must be a JSON array/],
    ['a chapter after the end', { chapters: [{ start: 60, title: 'Late' }] }, /Chapter 1 starts at 60 s, after the end/],
    [
      'a chapter picture that is not http(s)',
      { chapters: [{ start: 0, title: 'a', img: 'javascript:alert(1)' }] },
      /Chapter 1: img must be an absolute http\(s\) URL/,
    ],
    [
      'a relative chapter link',
      {
        chapters: [
          { start: 0, title: 'a' },
          { start: 1, title: 'b', url: '/elsewhere' },
        ],
      },
      /Chapter 2: url must be an absolute http\(s\) URL/,
    ],
    ['a chapter link that is not text', { chapters: [{ start: 0, title: 'a', url: 5 }] }, /Chapter 1: url must be an absolute http\(s\) URL/],
    ['toc that is not a boolean', { chapters: [{ start: 0, title: 'a', toc: 'no' }] }, /Chapter 1: toc must be true or false/],
    ['persons that are not a list', { persons: 'Sam' }, /persons must be a JSON array/],
    ['a person that is not an object', { persons: [null] }, /Person 1 must be an object/],
    ['a chapter that is not an object', { chapters: [[0, 'Intro']] }, /Chapter 1 must be an object/],
    ['a person without a name', { persons: [{ role: 'host' }] }, /Person 1 needs a name/],
    [
      'a person picture that is data:',
      { persons: [{ name: 'Sam', img: 'data:image/png;base64,AAAA' }] },
      /Person 1: img must be an absolute http\(s\) URL/,
    ],
    [
      'a person link with ftp:',
      { persons: [{ name: 'Sam', href: 'ftp://castlet.example/sam' }] },
      /Person 1: href must be an absolute http\(s\) URL/,
    ],
    ['a role that is not a word', { persons: [{ name: 'Sam', role: 42 }] }, /Person 1: role must be a Podcasting 2.0 role/],
    ['a transcript that is not text', { transcript: ['WEBVTT'] }, /transcript must be WebVTT text/],
    [
      'a transcript without the WEBVTT line',
      { transcript: '1\n00:00:01,000 --> 00:00:02,000\nSRT, not WebVTT\n' },
      /not WebVTT a browser would read: line 1: .*WEBVTT/,
    ],
    [
      'a transcript with a broken timing',
      { transcript: 'WEBVTT\n\n00:00.000 --> 00:01.000\nFine.\n\n00:01.5 --> 00:03.000\nBroken.\n' },
      /line 6: "00:01\.5 --> 00:03\.000" is not a valid cue timing/,
    ],
    ['a transcript with no cue', { transcript: 'WEBVTT\n\nNOTE nothing here\n' }, /no cue/],
  ])('%s → 400 invalid_request saying so, and the episode is unchanged', async (_name, fields, description) => {
    const { id } = await freshEpisode({ chapters: [{ start: 0, title: 'Kept' }], transcript: VTT, persons: [{ name: 'Kept' }] });
    const before = (await call(u('/private/podcasts'), { headers: auth })).body.episodes.find((e: Episode) => e.id === id);
    // A valid title beside the bad field: nothing of the request is applied.
    expectInvalid(
      await update({ id, ...(Object.keys(fields).includes('title') || !Object.keys(fields).length ? {} : { title: 'Not applied' }), ...fields }),
      description,
    );
    const after = (await call(u('/private/podcasts'), { headers: auth })).body.episodes.find((e: Episode) => e.id === id);
    expect(after).toEqual(before);
    expect((await call(u(`/media/${id}.vtt`))).text).toBe(VTT);
  });

  it('POST only (405 with Allow), and the private token only', async () => {
    const r = await call(u('/private/updatePodcast'), { headers: auth });
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('POST');
    expect((await postJson(u('/private/updatePodcast'), { token: PUBLIC, id: 'ep-1', title: 'x' })).status).toBe(401);
  });
});
