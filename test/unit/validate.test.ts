/**
 * The contract's validators field by field (src/api/validate.ts, validate-schedule.ts, private.ts
 * and the checks they are made of, checks.ts): each starts from answers the mock really gives
 * (its own views over a seeded store, test/support/fixtures.ts), then changes one field at a time.
 * A required field absent, null or of the wrong type is refused; an optional one may be absent or
 * null; every value a closed set allows is taken and a near miss refused; fields the contract does
 * not name are left alone. (test/server/contract-validators.test.ts runs them over the live mock.)
 */
import { describe, expect, it } from 'vitest';
import * as checks from '../../src/api/checks.ts';
import * as privateApi from '../../src/api/private.ts';
import * as schedule from '../../src/api/validate-schedule.ts';
import * as validate from '../../src/api/validate.ts';
import type { Check } from '../../src/api/checks.ts';
import type { ChannelRecord, EpisodeRecord, LiveItemRecord } from '../../demo/server/store.ts';
import { ownerView } from '../../demo/server/live-items.ts';
import { ApiFailure, STATUS } from '../../demo/server/respond.ts';
import { DAYS } from '../../demo/server/schedule.ts';
import { DEMO_TOKENS } from '../../demo/server/seed.ts';
import { accountInfo, episodeView, podcastFeed, scheduleView, streamInfo } from '../../demo/server/views.ts';
import { ORIGIN, seededStore, urls } from '../support/fixtures.ts';

const api = { ...privateApi, ...validate, ...schedule, ...checks };

/* ------------------------------------------------------------ The samples: the mock's answers. */

const MONDAY_0830_BERLIN = Date.parse('2026-11-30T07:30:00Z');

/** An episode with every field the contract has: chapters with pictures, links and one hidden, persons, highlights, a transcript, two files. */
const FULL: EpisodeRecord = {
  id: 'full',
  title: 'Full',
  description: 'Every field',
  published_at: '2026-02-01T09:00:00.000Z',
  duration: 300,
  art: 'ep-3',
  chapters: [
    { start: 0, title: 'One', img: '/media/art/ep-3-ch1.png', url: 'https://example.com/one' },
    { start: 60, title: 'Hidden', toc: false },
  ],
  persons: [
    { name: 'Sam', role: 'host', img: '/media/art/sam.png', href: 'https://example.com/sam' },
    { name: 'Ruth', role: 'guest' },
  ],
  soundbites: [
    { start: 10, duration: 30, title: 'The keeper' },
    { start: 60, duration: 15 },
  ],
  audio: new Uint8Array(0),
  etag: '""',
  opus: { bytes: new Uint8Array(8), etag: '"opus"', bitrate: 24_000 },
  transcript: 'WEBVTT\n\n00:00.000 --> 00:01.000\nHello.\n',
};

const ITEMS: LiveItemRecord[] = [
  {
    id: 'live-1',
    title: 'Later',
    description: 'Soon',
    status: 'pending',
    start: '2026-11-30T18:00:00.000Z',
    end: '2026-11-30T19:00:00.000Z',
    channel: 'main',
  },
  {
    id: 'live-2',
    title: 'Now',
    description: '',
    status: 'live',
    start: '2026-11-30T07:00:00.000Z',
    end: '2026-11-30T08:00:00.000Z',
    channel: 'main',
  },
  {
    id: 'live-3',
    title: 'Done',
    description: '',
    status: 'ended',
    start: '2026-11-29T07:00:00.000Z',
    end: '2026-11-29T08:00:00.000Z',
    channel: 'main',
  },
];

/** The seeded store with a full episode, live items in each status, Icecast-like sources and a weekly schedule (Monday 08:30 in Berlin). */
function store() {
  const s = seededStore(1);
  s.addEpisode(FULL);
  s.setLiveItems(ITEMS);
  s.setStreamDelay('main', 1.5);
  s.setSources('main', [
    { url: 'https://icecast.example/live.opus', type: 'audio/ogg; codecs=opus', bitrate: 32, delay: 2.5 },
    { url: 'https://icecast.example/live', type: 'audio/mpeg', bitrate: null, delay: null },
  ]);
  s.setSchedule('main', {
    timezone: 'Europe/Berlin',
    shows: [
      { id: 'morning', title: 'Morning', host: 'Sam', description: 'Early', artwork_url: null, days: [...DAYS], start: '07:00', duration_min: 120 },
      {
        id: 'late',
        title: 'Late',
        host: '',
        description: '',
        artwork_url: 'https://img.example/late.png',
        days: ['fri', 'sat'],
        start: '23:30',
        duration_min: 1440,
      },
    ],
  });
  s.now = () => MONDAY_0830_BERLIN;
  return s;
}
const STORE = store();
const MAIN = STORE.channel('main') as ChannelRecord;

const STREAM = streamInfo(STORE, MAIN, urls);
const OFFLINE = (() => {
  const s = store();
  s.setReady(false);
  return { stream: streamInfo(s, MAIN, urls), account: accountInfo(s, urls) };
})();
const FEED = podcastFeed(STORE, ORIGIN, urls);
const EPISODE = episodeView(FULL, ORIGIN);
const BARE_EPISODE = FEED.episodes.find((e) => e.id === 'ep1')!;
const ACCOUNT = accountInfo(STORE, urls);
const SCHEDULE = scheduleView(STORE, MAIN);
const LIVE_ITEM = FEED.live_items![0]!;
const OWNER_ITEMS = ITEMS.map(ownerView);
/** What setNowPlaying answers (demo/server/routes/account.ts): without and with Icecast. */
const NOW_PLAYING = {
  channel: 'main',
  now_playing: STORE.setNowPlaying('main', { title: 'Song', artist: '', artwork_url: null }),
  replaced_at: null,
};
const NOW_PLAYING_ICECAST = { ...NOW_PLAYING, replaced_at: '2026-11-30T07:34:00.000Z', icecast_updated: true };

it('the samples have what the tables below change', () => {
  expect(STREAM.schedule!.on_air).not.toBeNull();
  expect(STREAM.schedule!.next.some((show) => show.artwork_url)).toBe(true);
  expect(STREAM.sources).toHaveLength(2);
  expect(STREAM.now_playing).not.toBeNull();
  expect(STREAM.history).toHaveLength(1);
  expect(OFFLINE.stream).toMatchObject({ status: 'offline', stream_url: null, sources: [] });
  expect(EPISODE.chapters[0]).toMatchObject({ img: expect.any(String), url: expect.any(String) });
  expect(EPISODE.chapters[1]!.toc).toBe(false);
  expect(EPISODE.persons![0]).toMatchObject({ img: expect.any(String), href: expect.any(String) });
  expect(EPISODE.audio).toHaveLength(2);
  expect(EPISODE.transcript_url).toMatch(/\.vtt$/);
  expect(FEED.episodes.map((e) => e.id)).toEqual(['full', 'ep1']);
  expect(LIVE_ITEM.sources).toHaveLength(2);
  expect(FEED.live_items!.map((i) => i.status)).toEqual(['pending', 'live', 'ended']);
  expect(ACCOUNT.streaming_server_ready).toBe(1);
  expect(OFFLINE.account.streaming_server_ready).toBe(0);
});

/* ------------------------------------------------------------ The tables. */

const ABSENT = Symbol('absent');
/** A value as a test's title gives it: long ones cut short (lists of samples are named by the rows that make them). */
const show = (v: unknown) => {
  const text = v === ABSENT ? 'absent' : JSON.stringify(v);
  return text.length > 50 ? `${text.slice(0, 49)}…` : text;
};

/** A deep copy of `value` with the field at `path` (`channels.0.status`) set to `to`, or removed (ABSENT). */
function change(value: unknown, path: string, to: unknown): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  const keys = path.split('.');
  const last = keys.pop()!;
  const parent = keys.reduce((o, k) => o[k] as Record<string, unknown>, copy);
  if (to === ABSENT) delete parent[last];
  else parent[last] = to;
  return copy;
}

type Row = [title: string, path: string, value: unknown, ok: boolean];
const row = (path: string, value: unknown, ok: boolean, label = show(value)): Row => [
  `${path} ${label}: ${ok ? 'taken' : 'refused'}`,
  path,
  value,
  ok,
];
/** A required field: absent, null and `wrong` are refused. */
const required = (path: string, wrong: unknown): Row[] => [row(path, ABSENT, false), row(path, null, false), row(path, wrong, false)];
/** Required text: a number, a list of text and an object are not text. */
const text = (path: string): Row[] => [...required(path, 42), row(path, ['x'], false), row(path, { text: 'x' }, false), row(path, '', true)];
/** A required number: text with a number in it is not one. */
const number = (path: string): Row[] => [...required(path, '12'), row(path, 0, true), row(path, 2.5, true)];
/** Optional (the contract's `T | null`, or `T?`): absent and null are taken, `wrong` refused. */
const optional = (path: string, wrong: unknown, good: unknown): Row[] => [
  row(path, ABSENT, true),
  row(path, null, true),
  row(path, wrong, false),
  row(path, good, true),
];
/** A URL: text, or null or absent. */
const url = (path: string): Row[] => optional(path, 42, 'https://img.example/x.png');
const optNumber = (path: string): Row[] => [...optional(path, '12', 0), row(path, 64, true)];
/** A required list: `[]` is one, an object or text is not; one bad element (after a good one) spoils it. */
const list = (path: string, good: unknown, bad: unknown): Row[] => [
  ...required(path, {}),
  row(path, 'x', false),
  row(path, [], true),
  row(path, [good, good], true, '[good, good]'),
  row(path, [good, bad], false, '[good, bad]'),
  row(path, [bad, good], false, '[bad, good]'),
];
const optList = (path: string, good: unknown, bad: unknown): Row[] =>
  list(path, good, bad).map(([title, p, v, ok]): Row => [
    v === ABSENT || v === null ? title.replace('refused', 'taken') : title,
    p,
    v,
    v === ABSENT || v === null || ok,
  ]);
/** A closed set: each of `values` taken; each of `misses` refused, and absent and null. */
const oneOf = (path: string, values: unknown[], misses: unknown[]): Row[] => [
  ...values.map((v) => row(path, v, true)),
  ...misses.map((v) => row(path, v, false)),
  row(path, ABSENT, false),
  row(path, null, false),
];
/** A flag (`boolean?`): true, false, absent and null taken; a number or text that reads as one refused. */
const optFlag = (path: string): Row[] => [...optional(path, 'true', true), row(path, false, true), row(path, 0, false), row(path, 1, false)];
/** Fields the contract does not name, at the top and inside: left alone. */
const unknown = (...paths: string[]): Row[] => paths.map((p) => row(p, { any: ['thing'] }, true));

/** The fields of a track (`NowPlaying`) at `at`. */
const trackRows = (at: string): Row[] => [...text(`${at}.title`), ...text(`${at}.artist`), ...url(`${at}.artwork_url`), ...text(`${at}.started_at`)];
/** A source of a stream or live item (`Source`). */
const sourceRows = (at: string): Row[] => [...text(`${at}.url`), ...text(`${at}.type`), ...optNumber(`${at}.bitrate`), ...optNumber(`${at}.delay`)];
/** One airing of a show (`Show`). */
const airingRows = (at: string): Row[] => [
  ...['id', 'title', 'host', 'description', 'start', 'end'].flatMap((k) => text(`${at}.${k}`)),
  ...url(`${at}.artwork_url`),
];

/** For each sample: taken; null, text, a list and an empty object refused. Then each row on the first sample. */
function table(name: string, check: () => Check, samples: unknown[], rows: Row[], refused: unknown[] = [null, undefined, 'x', 1, [], {}]) {
  describe(name, () => {
    it.each(samples.map((s, i): [number, unknown] => [i, s]))('takes the mock’s answer (%i)', (_i, sample) => {
      expect(check()(sample)).toBe(true);
    });
    it.each(refused.map((v) => [v]))('refuses %o', (value) => {
      expect(check()(value)).toBe(false);
    });
    it.each(rows)('%s', (_title, path, value, ok) => {
      expect(check()(change(samples[0], path, value))).toBe(ok);
    });
  });
}

/* ------------------------------------------------------------ The public answers (./validate.ts). */

const SHOW = STREAM.schedule!.on_air!;

table(
  'isStreamInfo (GET /public/stream and its event)',
  () => api.isStreamInfo,
  [STREAM, OFFLINE.stream],
  [
    ...required('channel', 'main'),
    ...text('channel.id'),
    ...text('channel.name'),
    ...text('channel.genre'),
    ...text('channel.description'),
    ...url('channel.artwork_url'),
    ...oneOf('status', ['live', 'offline'], ['paused', 'Live', '', 1, true]),
    ...optional('stream_url', 42, 'https://radio.example/listen/live'),
    ...optList('sources', STREAM.sources![0], { url: 'https://icecast.example/live' }),
    ...sourceRows('sources.0'),
    ...optional('now_playing', 'Song', STREAM.history[0]),
    ...trackRows('now_playing'),
    ...number('listeners'),
    ...list('history', STREAM.now_playing, { ...STREAM.now_playing, title: null }),
    ...trackRows('history.0'),
    // Read by the player, which makes a number of it or none (stream-player/heard.ts).
    row('stream_delay', 'soon', true),
    // Checked where it is used (./validate-schedule.ts), in the schedule's chunk.
    row('schedule', 'none', true),
    ...unknown('extra', 'channel.extra', 'sources.0.extra', 'now_playing.extra', 'history.0.extra'),
  ],
);

table(
  'isStreamSchedule (GET /public/stream: its schedule)',
  () => api.isStreamSchedule,
  [STREAM.schedule, OFFLINE.stream.schedule, { ...STREAM.schedule, on_air: null, next: [] }],
  [
    ...text('timezone'),
    row('on_air', ABSENT, true),
    row('on_air', null, true),
    row('on_air', 'Morning', false),
    row('on_air', {}, false),
    ...airingRows('on_air'),
    ...required('next', {}),
    row('next', [], true),
    row('next', [SHOW, SHOW], true, '[show, show]'),
    row('next', [SHOW, { ...SHOW, end: null }], false, '[show, show without an end]'),
    row('next', [{ ...SHOW, id: 7 }, SHOW], false, '[show with a number for id, show]'),
    row('next', [SHOW, 'Morning'], false, '[show, text]'),
    ...airingRows('next.0'),
    ...unknown('extra', 'on_air.extra', 'next.0.extra'),
  ],
  // null and absent are no schedule (below).
  ['x', 1, [], {}],
);

describe('isStreamSchedule: none', () => {
  it.each([null, undefined])('takes %o: an older service, no schedule', (value) => {
    expect(api.isStreamSchedule(value)).toBe(true);
  });
});

table(
  'isPodcastFeed (GET /public/podcasts and its event)',
  () => api.isPodcastFeed,
  [FEED, podcastFeed(seededStore(0), ORIGIN)],
  [
    ...required('podcast', 'Show'),
    ...text('podcast.title'),
    ...text('podcast.author'),
    ...text('podcast.description'),
    ...url('podcast.artwork_url'),
    ...optional('podcast.funding', 'https://example.com/support', { url: 'https://example.com/support', text: 'Support us' }),
    row('podcast.funding', { url: 'https://example.com/support' }, false),
    row('podcast.funding', { text: 'Support us' }, false),
    row('podcast.funding', { url: 1, text: 'Support us' }, false),
    row('podcast.funding', { url: 'https://example.com/support', text: null }, false),
    ...optList('live_items', LIVE_ITEM, { ...LIVE_ITEM, status: 'paused' }),
    ...list('episodes', EPISODE, { ...EPISODE, duration: '300' }),
    row('episodes.0.chapters', [{ start: 0, title: 'One' }, { start: '60' }], false),
    ...unknown('extra', 'podcast.extra', 'episodes.0.extra'),
  ],
);

/** The fields of an episode (`Episode`) at `at` ('' for the episode itself). */
const episodeRows = (at = ''): Row[] => {
  const p = (k: string) => (at ? `${at}.${k}` : k);
  return [
    ...text(p('id')),
    ...text(p('title')),
    ...text(p('description')),
    ...text(p('published_at')),
    ...number(p('duration')),
    ...text(p('audio_url')),
    ...url(p('artwork_url')),
    ...optional(p('transcript_url'), 1, 'https://radio.example/media/full.vtt'),
    ...list(p('chapters'), { start: 0, title: 'Start' }, { start: 0 }),
    ...number(p('chapters.0.start')),
    ...text(p('chapters.0.title')),
    ...url(p('chapters.0.img')),
    ...url(p('chapters.0.url')),
    ...optFlag(p('chapters.1.toc')),
    ...optList(p('persons'), { name: 'Sam', role: 'host' }, { name: 'Sam' }),
    ...text(p('persons.0.name')),
    ...text(p('persons.0.role')),
    ...url(p('persons.0.img')),
    ...url(p('persons.0.href')),
    ...optList(p('audio'), EPISODE.audio![1], { url: 'https://radio.example/media/x.mp3', type: 'audio/mpeg', bitrate: 1 }),
    ...text(p('audio.0.url')),
    ...text(p('audio.0.type')),
    ...optNumber(p('audio.0.bitrate')),
    ...number(p('audio.0.length')),
    ...optList(p('soundbites'), { start: 1, duration: 2 }, { start: 1 }),
    ...number(p('soundbites.0.start')),
    ...number(p('soundbites.0.duration')),
    ...optional(p('soundbites.0.title'), 7, 'Highlight'),
    ...unknown(p('extra'), p('chapters.0.extra'), p('persons.0.extra'), p('audio.0.extra'), p('soundbites.0.extra')),
  ];
};

table(
  'episode (private.ts’s isEpisode: POST /private/addPodcast and updatePodcast; an episode of the feed)',
  () => api.episode,
  [EPISODE, BARE_EPISODE],
  episodeRows(),
);

/** A live item's own fields (`OwnerLiveItem`). */
const liveItemRows = (): Row[] => [
  ...text('id'),
  ...text('title'),
  ...text('description'),
  ...oneOf('status', ['pending', 'live', 'ended'], ['over', 'Live', '', 0]),
  ...text('start'),
  ...text('end'),
  ...text('channel'),
  row('extra', 1, true),
];

table('liveItem (private.ts’s isLiveItem: a live item of /public/podcasts)', () => api.liveItem, FEED.live_items!, [
  ...liveItemRows(),
  ...list('sources', LIVE_ITEM.sources[0], { type: 'audio/mpeg' }),
  ...sourceRows('sources.0'),
]);

/* ------------------------------------------------------------ The private answers (./private.ts). */

table('isOwnerLiveItem (POST /private/addLiveItem and updateLiveItem)', () => api.isOwnerLiveItem, OWNER_ITEMS, [
  ...liveItemRows(),
  // The owner's view has no sources: whatever is there is not looked at.
  row('sources', ABSENT, true),
  row('sources', 'junk', true),
  row('sources', [{ url: 1 }], true),
]);

table(
  'isTokenPair (GET /private/checkToken, POST /private/resetTokens)',
  () => api.isTokenPair,
  [DEMO_TOKENS, STORE.tokens],
  [...text('public_token'), ...text('private_token'), ...unknown('extra')],
);

const OWNED = ACCOUNT.channels[0]!;
table(
  'isAccountInfo (GET /private/accountInfo)',
  () => api.isAccountInfo,
  [ACCOUNT, OFFLINE.account],
  [
    ...text('name'),
    ...text('email'),
    ...text('public_token'),
    ...oneOf('streaming_server_ready', [0, 1], [2, -1, '1', true, false]),
    ...list('channels', OWNED, { ...OWNED, listeners: '3' }),
    // A channel as /public/stream gives it lacks the owner's fields; the owner's fields alone are no channel.
    row('channels', [STREAM.channel], false),
    row('channels', [{ mountpoint: 'live', stream_url: 'https://radio.example/listen/live', status: 'live', listeners: 0 }], false),
    ...text('channels.0.id'),
    ...text('channels.0.name'),
    ...text('channels.0.genre'),
    ...text('channels.0.description'),
    ...url('channels.0.artwork_url'),
    ...text('channels.0.mountpoint'),
    // Its stream's address, also while offline.
    ...text('channels.0.stream_url'),
    ...oneOf('channels.0.status', ['live', 'offline'], ['paused', 'Offline', '', 0]),
    ...number('channels.0.listeners'),
    ...unknown('extra', 'channels.0.extra'),
  ],
);

table(
  'isServerState (POST /private/startServer and stopServer)',
  () => api.isServerState,
  [{ streaming_server_ready: 1 }, { streaming_server_ready: 0 }, { streaming_server_ready: 0, icecast_sources_dropped: true }],
  [...oneOf('streaming_server_ready', [0, 1], [2, '0', true, false]), ...optFlag('icecast_sources_dropped'), ...unknown('extra')],
);

table(
  'isNowPlayingSet (POST /private/setNowPlaying)',
  () => api.isNowPlayingSet,
  [NOW_PLAYING, NOW_PLAYING_ICECAST],
  [
    ...text('channel'),
    ...required('now_playing', 'Song'),
    ...trackRows('now_playing'),
    // Required, null when nothing replaces the title.
    row('replaced_at', null, true),
    row('replaced_at', '2026-11-30T07:34:00.000Z', true),
    row('replaced_at', ABSENT, false),
    row('replaced_at', 0, false),
    row('replaced_at', ['2026-11-30T07:34:00.000Z'], false),
    ...optFlag('icecast_updated'),
    ...unknown('extra', 'now_playing.extra'),
  ],
);

table(
  'isEpisodeList (GET /private/podcasts)',
  () => api.isEpisodeList,
  [{ episodes: FEED.episodes }, { episodes: [] }],
  [...list('episodes', EPISODE, { ...EPISODE, chapters: null }), ...episodeRows('episodes.0'), ...unknown('extra')],
);

table(
  'isDeleted (POST /private/deletePodcast and deleteLiveItem)',
  () => api.isDeleted,
  [{ deleted: 'ep1' }, { deleted: 'live-1' }],
  [...text('deleted'), ...unknown('extra')],
);

const WEEKLY = SCHEDULE.schedule.shows[0]!;
table(
  'isScheduleSet (POST /private/setSchedule, GET /private/getSchedule)',
  () => api.isScheduleSet,
  [SCHEDULE, scheduleView(seededStore(0), MAIN)],
  [
    ...required('schedule', []),
    ...text('schedule.channel'),
    ...text('schedule.timezone'),
    ...list('schedule.shows', WEEKLY, { ...WEEKLY, days: 'mon' }),
    ...text('schedule.shows.0.id'),
    ...text('schedule.shows.0.title'),
    ...text('schedule.shows.0.host'),
    ...text('schedule.shows.0.description'),
    ...url('schedule.shows.0.artwork_url'),
    ...required('schedule.shows.0.days', 'mon'),
    ...DAYS.map((day) => row('schedule.shows.0.days', [day], true)),
    row('schedule.shows.0.days', [], true),
    row('schedule.shows.0.days', ['monday'], false),
    row('schedule.shows.0.days', ['Mon'], false),
    row('schedule.shows.0.days', [''], false),
    row('schedule.shows.0.days', ['mon', 'funday'], false),
    row('schedule.shows.0.days', ['funday', 'mon'], false),
    // HH:MM, 24 h.
    ...['00:00', '07:00', '09:59', '10:00', '19:30', '20:00', '23:59'].map((start) => row('schedule.shows.0.start', start, true)),
    ...['24:00', '30:00', '7:00', '07:0', '07:60', '07:5x', '0a:00', '07-00', '07:000', '007:00', 'x07:00', '07:00x', '07:00\n', '']
      .concat(['a7:00', '07:a0', '1:000', '2400'])
      .map((start) => row('schedule.shows.0.start', start, false)),
    ...required('schedule.shows.0.start', 700),
    // Text alone: a list of it would read as the same characters.
    row('schedule.shows.0.start', ['07:00'], false),
    // Whole minutes, 1 to 1,440.
    ...[1, 2, 60, 1439, 1440].map((d) => row('schedule.shows.0.duration_min', d, true)),
    ...[0, -1, 1441, 2000, 60.5, 0.5, [60], true].map((d) => row('schedule.shows.0.duration_min', d, false)),
    ...required('schedule.shows.0.duration_min', '60'),
    ...unknown('extra', 'schedule.extra', 'schedule.shows.0.extra'),
  ],
);

table(
  'isStreamInfoWithSchedule (GET /public/stream as the service’s tests check it)',
  () => api.isStreamInfoWithSchedule,
  [STREAM, OFFLINE.stream],
  [
    row('schedule', ABSENT, true),
    row('schedule', null, true),
    row('schedule', 'none', false),
    row('schedule', { timezone: 'UTC', on_air: null }, false),
    row('schedule.next', [SHOW, { ...SHOW, start: 0 }], false, '[show, show with a number for start]'),
    row('schedule.on_air', { ...SHOW, title: null }, false, 'show with a null title'),
    row('schedule.timezone', 1, false),
    // The rest is isStreamInfo's.
    row('status', 'paused', false),
    row('listeners', ABSENT, false),
    row('history', null, false),
  ],
);

describe('isApiError (every error body under /private/ and /public/)', () => {
  it.each(Object.keys(STATUS))('takes the mock’s %s', async (code) => {
    const body: unknown = await new ApiFailure(code as keyof typeof STATUS, 'What went wrong.').getResponse().json();
    expect(api.isApiError(body)).toBe(true);
  });

  const body = { error: 'not_found', error_description: 'There is no episode "x".' };
  it.each([
    ...oneOf('error', ['invalid_request', 'server_error'], ['NOT_FOUND', 'not found', 'notfound', 'unknown_error', '', 404]),
    ...text('error_description'),
    ...unknown('extra', 'retry_after'),
  ])('%s', (_title, path, value, ok) => {
    expect(api.isApiError(change(body, path, value))).toBe(ok);
  });

  it.each([[null], ['not_found'], [[]], [{}]])('refuses %o', (value) => {
    expect(api.isApiError(value)).toBe(false);
  });
});

/* ------------------------------------------------------------ The checks (./checks.ts). */

describe('the checks the validators are made of', () => {
  it('str: text, the empty text too; nothing else', () => {
    expect([api.str('x'), api.str('')]).toEqual([true, true]);
    expect([1, null, undefined, ['x'], new Date(0), true].map(api.str)).toEqual([false, false, false, false, false, false]);
  });

  it('num: a finite number; not NaN, not Infinity, not text', () => {
    expect([0, -1.5, 1e9].map(api.num)).toEqual([true, true, true]);
    expect([NaN, Infinity, -Infinity, '1', null, undefined, [1]].map(api.num)).toEqual([false, false, false, false, false, false, false]);
  });

  it('opt: null or absent, or what the check takes', () => {
    const o = api.opt(api.str);
    expect([null, undefined, 'x'].map(o)).toEqual([true, true, true]);
    expect([0, false, [], {}].map(o)).toEqual([false, false, false, false]);
  });

  it('list: a list whose every element the check takes', () => {
    const l = api.list(api.str);
    expect([[], ['a'], ['a', 'b']].map(l)).toEqual([true, true, true]);
    expect([['a', 1], [1, 'a'], 'ab', { length: 0 }, null, undefined].map(l)).toEqual([false, false, false, false, false, false]);
  });

  it('shape: an object whose named fields the checks take, others left alone; not a function with the same fields', () => {
    const s = api.shape({ a: api.str, b: api.num });
    expect([{ a: 'x', b: 1 }, { a: '', b: 0, c: null }, Object.assign([], { a: 'x', b: 1 })].map(s)).toEqual([true, true, true]);
    expect([{ a: 'x' }, { b: 1 }, { a: 1, b: 1 }, { a: 'x', b: 'x' }, null, 'x', 1].map(s)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(s(Object.assign(() => {}, { a: 'x', b: 1 }))).toBe(false);
    expect(api.shape({})({})).toBe(true);
  });

  it('oneOf: one of the values, by identity', () => {
    const o = api.oneOf('a', 0);
    expect(['a', 0].map(o)).toEqual([true, true]);
    expect(['b', '0', 'A', false, null, undefined, ['a']].map(o)).toEqual([false, false, false, false, false, false, false]);
  });

  it('a function with the fields of a live item is no live item', () => {
    expect(api.isOwnerLiveItem(Object.assign(() => {}, OWNER_ITEMS[0]))).toBe(false);
    expect(api.isStreamSchedule(Object.assign(() => {}, STREAM.schedule))).toBe(false);
  });
});
