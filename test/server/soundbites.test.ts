/**
 * docs/design.md §1, `soundbites` on episodes (Podcasting 2.0 `podcast:soundbite`): given in
 * addPodcast and updatePodcast, checked like chapters (each inside the episode, 1 ≤ duration ≤
 * 300 s); listed in /public/podcasts and pushed; a bad one is a 400 that says which and why and
 * changes nothing.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Episode, PodcastFeed } from '../../src/api/types.ts';
import { call, openEvents, postJson, PRIVATE, PUBLIC, withServer, type EventsClient } from '../support/server.ts';

const s = withServer({ coalesceMs: 20 });
const u = (path: string) => `${s.url}${path}`;
const feed = async () => (await call(u(`/public/podcasts?token=${PUBLIC}`))).body as PodcastFeed;
const post = (path: string, fields: Record<string, unknown>) => postJson(u(`/private/${path}`), { token: PRIVATE, ...fields });

const GIVEN = [
  { start: 12.5, duration: 20, title: ' The middle ' },
  { start: 0, duration: 1 },
  { start: 5, duration: 15, title: 'Overlapping is fine' },
];
const OUT = [
  { start: 0, duration: 1 },
  { start: 5, duration: 15, title: 'Overlapping is fine' },
  { start: 12.5, duration: 20, title: 'The middle' },
];

describe('soundbites', () => {
  let client: EventsClient | undefined;
  afterEach(() => client?.close());

  it('the seeded episodes have them: titled and not', async () => {
    const episodes = (await feed()).episodes;
    expect(episodes.find((e) => e.id === 'ep-3')!.soundbites).toEqual([
      { start: 22.6, duration: 16, title: 'Two owls talking' },
      { start: 86.5, duration: 9.5, title: 'Sleeping on the wing' },
    ]);
    expect(episodes.find((e) => e.id === 'ep-1')!.soundbites).toEqual([{ start: 69.1, duration: 8.3 }]);
    expect(episodes.find((e) => e.id === 'ep-2')!.soundbites).toEqual([]);
  });

  it('addPodcast takes them (sorted by start, titles trimmed); /public/podcasts lists them', async () => {
    const r = await post('addPodcast', { title: 'Clips', duration: 40, soundbites: GIVEN });
    expect(r.status).toBe(201);
    expect(r.body.soundbites).toEqual(OUT);
    expect((await feed()).episodes.find((e) => e.id === r.body.id)!.soundbites).toEqual(OUT);
    expect((await post('addPodcast', { title: 'None', duration: 20 })).body.soundbites).toEqual([]);
  });

  it('a form body gives them as JSON text; updatePodcast changes them, "" removes them; open players get it pushed', async () => {
    const added = await call(u('/private/addPodcast'), {
      method: 'POST',
      headers: { Authorization: `Bearer ${PRIVATE}` },
      body: new URLSearchParams({ title: 'Form clips', duration: '40', soundbites: JSON.stringify(GIVEN) }),
    });
    expect(added.body.soundbites).toEqual(OUT);
    client = await openEvents(u(`/public/podcasts/events?token=${PUBLIC}`));
    await vi.waitFor(() => expect(client!.payloads('podcasts').length).toBe(1), 2000);
    const changed = await post('updatePodcast', { id: added.body.id, soundbites: [{ start: 30, duration: 10, title: 'End' }] });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ ...added.body, soundbites: [{ start: 30, duration: 10, title: 'End' }] });
    const pushed = await vi.waitFor(() => {
      const found = client!.payloads('podcasts')[1];
      if (!found) throw new Error('still waiting for the podcasts event');
      return found;
    }, 2000);
    expect(pushed.episodes.find((e: Episode) => e.id === added.body.id)).toEqual(changed.body);
    const removed = await post('updatePodcast', { id: added.body.id, soundbites: '' });
    expect(removed.body.soundbites).toEqual([]);
  });

  it.each<[string, unknown, RegExp]>([
    ['not a list', { start: 0, duration: 5 }, /soundbites must be an array like/],
    ['text that is not JSON', 'start=0', /soundbites must be a JSON array like/],
    ['an item that is not an object', [5], /Soundbite 1 must be an object/],
    ['no start', [{ duration: 5 }], /Soundbite 1 needs a start/],
    ['a negative start', [{ start: -1, duration: 5 }], /Soundbite 1 needs a start: a number of seconds, 0 or more/],
    ['a start as text', [{ start: '3', duration: 5 }], /Soundbite 1 needs a start/],
    ['no duration', [{ start: 0 }], /Soundbite 1 needs a duration: a number of seconds from 1 to 300/],
    ['a duration under 1 s', [{ start: 0, duration: 0.5 }], /Soundbite 1 needs a duration: .*from 1 to 300/],
    ['a duration over 300 s', [{ start: 0, duration: 301 }], /from 1 to 300/],
    [
      'one past the end of the episode',
      [
        { start: 0, duration: 5 },
        { start: 15, duration: 10 },
      ],
      /Soundbite 2 runs from 15 s to 25 s, past the end of the 20 s episode/,
    ],
    ['an empty title', [{ start: 0, duration: 5, title: ' ' }], /Soundbite 1: title must be text of 1 to 200 characters/],
    ['a title that is a number', [{ start: 0, duration: 5, title: 5 }], /Soundbite 1: title must be text/],
    ['too many', Array.from({ length: 51 }, () => ({ start: 0, duration: 1 })), /at most 50 soundbites/],
  ])('%s → 400 saying which and why; nothing changes', async (_what, soundbites, description) => {
    const { body: episode } = await post('addPodcast', { title: 'Twenty seconds', duration: 20, soundbites: [{ start: 1, duration: 2 }] });
    const before = await feed();
    for (const [path, fields] of [
      ['updatePodcast', { id: episode.id, title: 'Lost', soundbites }],
      ['addPodcast', { title: 'Not added', duration: 20, soundbites }],
    ] as const) {
      const r = await post(path, fields);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ error: 'invalid_request', error_description: expect.stringMatching(description) });
    }
    expect(await feed()).toEqual(before);
  });
});
