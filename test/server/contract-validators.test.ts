/**
 * The contract (src/api/) over the real mock's answers: every public answer, in each state the
 * mock can be in, passes the widgets' own validators (isStreamInfo with the schedule chunk's isStreamSchedule, isPodcastFeed), and every
 * private answer and error body passes the owner API's (src/api/private.ts). A change on one side
 * that the other cannot read fails here. Icecast mode runs against a stand-in Icecast on loopback.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCatalog } from '../../demo/server/media/catalog.ts';
import { startServer, type RunningServer } from '../../demo/server/serve.ts';
import {
  isAccountInfo,
  isApiError,
  isDeleted,
  isEpisode,
  isEpisodeList,
  isNowPlayingSet,
  isOwnerLiveItem,
  isScheduleSet,
  isServerState,
  isStreamInfoWithSchedule,
  isTokenPair,
} from '../../src/api/private.ts';
import type { PodcastFeed, StreamInfo } from '../../src/api/types.ts';
import { isPodcastFeed } from '../../src/api/validate.ts';
import { call, openEvents, postJson, PRIVATE, PUBLIC, withServer, type EventsClient, type Reply } from '../support/server.ts';

type Check = (v: unknown) => boolean;

/** `reply` answered `status` and its body passes `check` (the body is the failure's message). */
function expectValid(check: Check, reply: Reply, status = 200) {
  expect(reply.status, reply.text).toBe(status);
  expect(check(reply.body), `the contract refused ${reply.text}`).toBe(true);
  return reply.body;
}

const VTT = 'WEBVTT\n\n00:00.000 --> 00:02.000\n<v Sam>Hello.\n';
const iso = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString();
const HOUR = 3600_000;

describe('the built-in stream: every answer passes the contract', () => {
  const s = withServer({ coalesceMs: 20 });
  const u = (path: string) => `${s.url}${path}`;
  const pub = (path: string, query = '') => call(u(`/public/${path}?token=${PUBLIC}${query}`));
  const get = (path: string) => call(u(`/private/${path}?token=${PRIVATE}`));
  const post = (path: string, fields: Record<string, unknown> = {}) => postJson(u(`/private/${path}`), { token: PRIVATE, ...fields });
  const stream = async (query = '') => expectValid(isStreamInfoWithSchedule, await pub('stream', query)) as StreamInfo;
  const feed = async () => expectValid(isPodcastFeed, await pub('podcasts')) as PodcastFeed;
  let streams: EventsClient;
  let podcasts: EventsClient;

  beforeAll(async () => {
    streams = await openEvents(u(`/public/stream/events?token=${PUBLIC}`));
    podcasts = await openEvents(u(`/public/podcasts/events?token=${PUBLIC}`));
  });
  afterAll(() => {
    streams?.close();
    podcasts?.close();
  });

  it('checkToken and accountInfo; /public/stream of every channel, live', async () => {
    expectValid(isTokenPair, await get('checkToken'));
    const account = expectValid(isAccountInfo, await get('accountInfo'));
    expect(account.channels.length).toBeGreaterThan(1);
    for (const { id } of account.channels) {
      const info = await stream(`&channel=${encodeURIComponent(id)}`);
      expect(info).toMatchObject({ status: 'live', channel: { id } });
      expect(info.sources!.length).toBeGreaterThan(0);
    }
    expect((await stream()).history.length).toBeGreaterThan(0);
  });

  it('the seeded feed: episodes with chapters, a transcript, highlights, persons and other files (and some without)', async () => {
    const { episodes, podcast } = await feed();
    expect(podcast.funding).not.toBeNull();
    expect(episodes.some((e) => e.chapters.some((c) => c.img) && e.transcript_url && e.soundbites?.length && e.persons?.length)).toBe(true);
    expect(episodes.some((e) => !e.soundbites?.length && !e.persons?.length)).toBe(true);
    expect(episodes.every((e) => e.audio?.length === 2)).toBe(true);
    expectValid(isEpisodeList, await get('podcasts'));
  });

  it('setNowPlaying, then /public/stream with the title and a history', async () => {
    expectValid(isNowPlayingSet, await post('setNowPlaying', { title: 'Contract', artist: 'Test' }));
    expectValid(isNowPlayingSet, await post('setNowPlaying', { title: 'Plain' }));
    expect((await stream()).now_playing).toMatchObject({ title: 'Plain', artist: '' });
  });

  it('addPodcast (bare, and with every field), updatePodcast, deletePodcast', async () => {
    const bare = expectValid(isEpisode, await post('addPodcast', { title: 'Bare', duration: 10 }), 201);
    expect(bare).toMatchObject({ chapters: [], persons: [], soundbites: [], transcript_url: null });
    const full = expectValid(
      isEpisode,
      await post('addPodcast', {
        title: 'Full',
        duration: 20,
        description: 'Every field',
        chapters: [
          { start: 0, title: 'One', img: 'https://img.example/1.png', url: 'https://example.com/' },
          { start: 5, title: 'Silent', toc: false },
        ],
        persons: [{ name: 'Sam', role: 'host', img: 'https://img.example/sam.png', href: 'https://example.com/sam' }],
        soundbites: [
          { start: 1, duration: 2, title: 'Hello' },
          { start: 3, duration: 4 },
        ],
        transcript: VTT,
      }),
      201,
    );
    expect(full.transcript_url).toMatch(/\.vtt$/);
    expect((await feed()).episodes.find((e) => e.id === bare.id)).toMatchObject({ chapters: [], transcript_url: null, persons: [], soundbites: [] });
    expectValid(isEpisode, await post('updatePodcast', { id: bare.id, title: 'Bare, renamed', transcript: VTT }));
    expectValid(isEpisodeList, await get('podcasts'));
    expectValid(isDeleted, await post('deletePodcast', { id: bare.id }));
    expectValid(isDeleted, await post('deletePodcast', { id: full.id }));
  });

  it('live items pending, live and ended, as the owner gets them and as the feed lists them', async () => {
    const pending = expectValid(isOwnerLiveItem, await post('addLiveItem', { title: 'Later', start: iso(HOUR), end: iso(2 * HOUR) }), 201);
    const live = expectValid(isOwnerLiveItem, await post('addLiveItem', { title: 'Now', end: iso(HOUR) }), 201);
    const ended = expectValid(isOwnerLiveItem, await post('addLiveItem', { title: 'Done', end: iso(HOUR) }), 201);
    expectValid(isOwnerLiveItem, await post('updateLiveItem', { id: ended.id, status: 'ended' }));
    const items = (await feed()).live_items!;
    expect(Object.fromEntries(items.map((i) => [i.id, i.status]))).toMatchObject({ [pending.id]: 'pending', [live.id]: 'live', [ended.id]: 'ended' });
    for (const item of [pending, live, ended]) expectValid(isDeleted, await post('deleteLiveItem', { id: item.id }));
  });

  it('setSchedule and getSchedule; /public/stream with a show on air and the next ones (and its event)', async () => {
    const shows = [
      { id: 'all-day', title: 'All day', host: 'Sam', days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], start: '00:00', duration_min: 1440 },
    ];
    expectValid(isScheduleSet, await post('setSchedule', { timezone: 'Europe/Berlin', shows }));
    expect(expectValid(isScheduleSet, await call(u(`/private/getSchedule?token=${PRIVATE}`))).schedule.shows).toHaveLength(1);
    const info = await stream();
    expect(info.schedule).toMatchObject({ timezone: 'Europe/Berlin', on_air: { id: 'all-day', host: 'Sam', artwork_url: null } });
    expect(info.schedule!.next.length).toBeGreaterThanOrEqual(6);
    await vi.waitFor(() => expect(streams.streams().at(-1)?.schedule?.on_air?.id, 'the event').toBe('all-day'), 2000);
    expectValid(isScheduleSet, await post('setSchedule', { timezone: 'UTC', shows: [] }));
    expect((await stream()).schedule).toEqual({ timezone: 'UTC', on_air: null, next: [] });
  });

  it('stopServer: offline stream and account, an ended live item; startServer: live again', async () => {
    const item = expectValid(isOwnerLiveItem, await post('addLiveItem', { title: 'Cut short', end: iso(HOUR) }), 201);
    expectValid(isServerState, await post('stopServer'));
    const info = await stream();
    expect(info).toMatchObject({ status: 'offline', stream_url: null, sources: [] });
    expect(expectValid(isAccountInfo, await get('accountInfo')).streaming_server_ready).toBe(0);
    expect((await feed()).live_items!.find((i) => i.id === item.id)!.status).toBe('ended');
    await vi.waitFor(() => expect(streams.streams().at(-1)?.status, 'the offline event').toBe('offline'), 2000);
    expectValid(isServerState, await post('startServer'));
    expect((await stream()).status).toBe('live');
    expectValid(isDeleted, await post('deleteLiveItem', { id: item.id }));
  });

  it('every error body: 401 (and the private token exposed), 400, 404, 405', async () => {
    expectValid(isApiError, await call(u('/public/stream')), 401);
    expectValid(isApiError, await call(u('/private/checkToken?token=00000000-0000-4000-8000-000000000000')), 401);
    expectValid(isApiError, await pub('stream', '&channel=nope'), 404);
    expect(expectValid(isApiError, await call(u(`/public/stream?token=${PRIVATE}`)), 401).error).toBe('private_token_exposed');
    expectValid(isApiError, await post('addPodcast', {}), 400);
    expectValid(isApiError, await post('deletePodcast', { id: 'nope' }), 404);
    expectValid(isApiError, await post('checkToken'), 405);
    expectValid(isApiError, await call(u(`/private/nope?token=${PRIVATE}`)), 404);
  });

  it('the `stream` and `podcasts` events: every one so far passes', async () => {
    await vi.waitFor(() => expect(streams.streams().length > 2 && podcasts.payloads('podcasts').length > 2, 'events').toBeTruthy(), 3000);
    for (const data of streams.streams()) expect(isStreamInfoWithSchedule(data), JSON.stringify(data)).toBe(true);
    expect(streams.streams().some((d) => d.status === 'offline')).toBe(true);
    for (const data of podcasts.payloads('podcasts')) expect(isPodcastFeed(data), JSON.stringify(data).slice(0, 300)).toBe(true);
    expect(podcasts.payloads('podcasts').some((d) => d.live_items?.length)).toBe(true);
  });

  it('resetTokens: the new pair (last: the old tokens stop working)', async () => {
    const pair = expectValid(isTokenPair, await post('resetTokens'));
    expectValid(isTokenPair, await call(u(`/private/checkToken?token=${pair.private_token}`)));
    expectValid(isStreamInfoWithSchedule, await call(u(`/public/stream?token=${pair.public_token}`)));
  });
});

/** A stand-in Icecast master or relay: status-json.xsl lists its mounts; the admin API says yes. */
async function stand(mounts: Record<string, number>) {
  const server = createServer((req, res) => {
    if (req.url === '/status-json.xsl') {
      const source = Object.entries(mounts).map(([m, listeners]) => ({ listenurl: `${url}/${m}`, listeners, bitrate: 32, title: 'Band - Song' }));
      return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ icestats: { source } }));
    }
    if (req.url?.startsWith('/admin/')) return void res.writeHead(200, { 'Content-Type': 'text/xml' }).end('<iceresponse/>');
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))) };
}

describe('Icecast mode (stand-ins for a master and a relay), episodes in MP3 only: every answer passes the contract', () => {
  let master: Awaited<ReturnType<typeof stand>>;
  let relay: Awaited<ReturnType<typeof stand>>;
  let server: RunningServer;
  let events: EventsClient;
  const u = (path: string) => `${server.url}${path}`;
  const post = (path: string, fields: Record<string, unknown> = {}) => postJson(u(`/private/${path}`), { token: PRIVATE, ...fields });

  beforeAll(async () => {
    [master, relay] = [await stand({ live: 3, 'live.opus': 1 }), await stand({ live: 2, 'live.opus': 4 })];
    // No Ogg Opus file: every episode, seeded or added, has its MP3 alone.
    const catalog = loadCatalog();
    catalog.tone = { bytes: catalog.tone.bytes, info: catalog.tone.info };
    catalog.episodes = catalog.episodes.map(({ opus: _, ...e }) => e);
    server = await startServer({
      catalog,
      log: () => {},
      coalesceMs: 20,
      icecast: { url: master.url, relays: [`${relay.url}/`], adminUser: 'admin', adminPassword: 'hackme', pollMs: 100, measureDelay: false },
    });
    events = await openEvents(u(`/public/stream/events?token=${PUBLIC}`));
  });
  afterAll(async () => {
    events?.close();
    await server?.close();
    await master?.close();
    await relay?.close();
  });

  it('/public/stream with the sources of the master and the relay, and its events', async () => {
    await vi.waitFor(() => expect(events.streams().at(-1)?.sources?.length, 'four sources').toBe(4), 3000);
    const info = expectValid(isStreamInfoWithSchedule, await call(u(`/public/stream?token=${PUBLIC}`))) as StreamInfo;
    expect(info.sources!.map((s) => s.type)).toContain('audio/ogg; codecs=opus');
    for (const data of events.streams()) expect(isStreamInfoWithSchedule(data), JSON.stringify(data)).toBe(true);
    expectValid(isAccountInfo, await call(u(`/private/accountInfo?token=${PRIVATE}`)));
  });

  it('a live item with the Icecast sources; setNowPlaying and stopServer reach Icecast', async () => {
    const item = expectValid(isOwnerLiveItem, await post('addLiveItem', { title: 'On Icecast', end: iso(HOUR) }), 201);
    const feed = expectValid(isPodcastFeed, await call(u(`/public/podcasts?token=${PUBLIC}`))) as PodcastFeed;
    expect(feed.live_items!.find((i) => i.id === item.id)!.sources.length).toBe(4);
    expect(expectValid(isNowPlayingSet, await post('setNowPlaying', { title: 'Owner Song' })).icecast_updated).toBe(true);
    expect(expectValid(isServerState, await post('stopServer'))).toMatchObject({ streaming_server_ready: 0, icecast_sources_dropped: true });
    expectValid(isStreamInfoWithSchedule, await call(u(`/public/stream?token=${PUBLIC}`)));
    expectValid(isServerState, await post('startServer'));
  });

  it('episodes with one file, seeded and added', async () => {
    const added = expectValid(isEpisode, await post('addPodcast', { title: 'MP3 only', duration: 10 }), 201);
    expect(added.audio).toHaveLength(1);
    const feed = expectValid(isPodcastFeed, await call(u(`/public/podcasts?token=${PUBLIC}`))) as PodcastFeed;
    expect(feed.episodes.every((e) => e.audio?.length === 1)).toBe(true);
    expectValid(isEpisodeList, await call(u(`/private/podcasts?token=${PRIVATE}`)));
  });
});

describe('the owner validators refuse a drifted answer', () => {
  const track = { title: 'T', artist: 'A', artwork_url: null, started_at: '2026-01-01T00:00:00Z' };
  const channel = { id: 'main', name: 'N', genre: 'G', description: 'D', artwork_url: null };
  const owned = { ...channel, mountpoint: 'live', stream_url: 'http://x/live', status: 'live', listeners: 1 };
  const item = { id: 'l', title: 'T', description: '', status: 'pending', start: 'a', end: 'b', channel: 'main' };
  const weekly = { id: 's', title: 'T', host: '', description: '', artwork_url: null, days: ['mon'], start: '07:00', duration_min: 60 };
  const aired = {
    id: 's',
    title: 'T',
    host: 'H',
    description: '',
    artwork_url: null,
    start: '2026-11-30T07:00:00.000Z',
    end: '2026-11-30T08:00:00.000Z',
  };
  const info = { channel, status: 'live', stream_url: 'http://x/live', now_playing: null, listeners: 0, history: [] };
  it.each<[string, Check, unknown, unknown]>([
    ['isTokenPair', isTokenPair, { public_token: 'a', private_token: 'b' }, { public_token: 'a' }],
    [
      'isAccountInfo',
      isAccountInfo,
      { name: 'n', email: 'e', public_token: 'p', streaming_server_ready: 1, channels: [owned] },
      { name: 'n', email: 'e', public_token: 'p', streaming_server_ready: true, channels: [owned] },
    ],
    [
      'isAccountInfo (a channel)',
      isAccountInfo,
      { name: 'n', email: 'e', public_token: 'p', streaming_server_ready: 0, channels: [owned] },
      { name: 'n', email: 'e', public_token: 'p', streaming_server_ready: 0, channels: [channel] },
    ],
    [
      'isServerState',
      isServerState,
      { streaming_server_ready: 0, icecast_sources_dropped: false },
      { streaming_server_ready: 0, icecast_sources_dropped: 'no' },
    ],
    ['isNowPlayingSet', isNowPlayingSet, { channel: 'main', now_playing: track, replaced_at: null }, { channel: 'main', now_playing: track }],
    ['isEpisodeList', isEpisodeList, { episodes: [] }, { episodes: [{ id: 'x' }] }],
    ['isDeleted', isDeleted, { deleted: 'ep-1' }, { deleted: 1 }],
    ['isOwnerLiveItem', isOwnerLiveItem, item, { ...item, status: 'over' }],
    [
      'isScheduleSet',
      isScheduleSet,
      { schedule: { channel: 'main', timezone: 'UTC', shows: [weekly] } },
      { schedule: { channel: 'main', timezone: 'UTC', shows: [{ ...weekly, start: '7:00' }] } },
    ],
    [
      'isScheduleSet (days)',
      isScheduleSet,
      { schedule: { channel: 'main', timezone: 'UTC', shows: [] } },
      { schedule: { channel: 'main', timezone: 'UTC', shows: [{ ...weekly, days: ['monday'] }] } },
    ],
    [
      'isScheduleSet (duration)',
      isScheduleSet,
      { schedule: { channel: 'main', timezone: 'UTC', shows: [{ ...weekly, duration_min: 1440 }] } },
      { schedule: { channel: 'main', timezone: 'UTC', shows: [{ ...weekly, duration_min: 0 }] } },
    ],
    [
      'isStreamInfoWithSchedule',
      isStreamInfoWithSchedule,
      { ...info, schedule: { timezone: 'UTC', on_air: aired, next: [aired] } },
      { ...info, schedule: { timezone: 'UTC', on_air: aired, next: [{ ...aired, end: null }] } },
    ],
    [
      'isStreamInfoWithSchedule (no schedule: an older service)',
      isStreamInfoWithSchedule,
      info,
      { ...info, schedule: { timezone: 'UTC', on_air: null } },
    ],
    ['isApiError', isApiError, { error: 'not_found', error_description: 'x' }, { error: 'nope', error_description: 'x' }],
  ])('%s', (_name, check, good, bad) => {
    expect(check(good)).toBe(true);
    expect(check(bad)).toBe(false);
    expect(check(null)).toBe(false);
  });
});
