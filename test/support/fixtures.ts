/**
 * Test data as the service makes it: a store seeded with a small account (demo/server/store.ts)
 * and rendered by the service's own views (demo/server/views.ts), so a widget test reads the
 * shapes the mock really answers, not hand-written ones. A test changes only the fields it is
 * about, on the object these return.
 */
import type { PodcastFeed, StreamInfo } from '../../src/api/types.ts';
import { DEMO_TOKENS } from '../../demo/server/seed.ts';
import { Store, type ChannelRecord, type EpisodeRecord, type LiveItemRecord } from '../../demo/server/store.ts';
import { listenUrl, podcastFeed as feedView, streamInfo as streamView, type Urls } from '../../demo/server/views.ts';

/** The origin of the fixtures' URLs: a port nothing listens on (a widget's media requests fail at once). */
export const ORIGIN = 'http://127.0.0.1:9';
/** The service's URLs for the fixtures' views (its built-in stream on ORIGIN). */
export const urls: Urls = { origin: ORIGIN, stream: (channel) => listenUrl(ORIGIN, channel) };

const CHANNEL: ChannelRecord = { id: 'main', name: 'Channel', genre: 'Genre', description: 'About', art: null, mountpoint: 'main' };
const track = (title: string) => ({ title, artist: 'Artist', artwork_url: null, started_at: '2026-01-01T10:00:00Z' });

/** `count` episodes, newest first (ep{count} … ep1, a day apart), each 120 s with two chapters; their audio is no real file. */
function episodes(count: number): EpisodeRecord[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `ep${count - i}`,
    title: `Episode ${count - i}`,
    description: `Description ${count - i}`,
    published_at: new Date(Date.UTC(2026, 0, 10 - i)).toISOString(),
    duration: 120,
    art: null,
    chapters: [
      { start: 0, title: 'Start' },
      { start: 60, title: 'Middle' },
    ],
    persons: [],
    audio: new Uint8Array(0),
    etag: '""',
  }));
}

/** A store seeded with one live channel (now playing "Now", before it "Before", 3 listeners) and a show of `count` episodes. */
export function seededStore(count = 2): Store {
  const store = new Store({
    name: 'Owner',
    email: 'owner@example.com',
    tokens: DEMO_TOKENS,
    ready: true,
    channels: [CHANNEL],
    nowPlaying: { [CHANNEL.id]: { current: track('Now'), history: [track('Before')] } },
    podcast: { title: 'Show', author: 'Host', description: 'About', art: null, funding: null },
    episodes: episodes(count),
  });
  store.setListeners(CHANNEL.id, 3);
  return store;
}

/** GET /public/podcasts of `seededStore(episodes)`, as the service renders it. */
export function podcastFeed(episodes = 2): PodcastFeed {
  return feedView(seededStore(episodes), ORIGIN);
}

/** GET /public/stream of `seededStore()`: live, or offline after stopServer (`live: false`). */
export function streamInfo({ live = true } = {}): StreamInfo {
  const store = seededStore(0);
  store.setReady(live);
  return streamView(store, CHANNEL, urls);
}

/**
 * GET /public/podcasts of `seededStore(episodes)` with one live item on its channel (live now,
 * "Evening show"; its sources the channel's, as /public/stream lists them), as the service
 * renders it. `item` changes the item's fields.
 */
export function feedWithLiveItem(item: Partial<LiveItemRecord> = {}, episodes = 2): PodcastFeed {
  const store = seededStore(episodes);
  const live = {
    id: 'live-1',
    title: 'Evening show',
    description: '',
    status: 'live',
    start: '2026-01-10T18:00:00Z',
    end: '2099-01-01T00:00:00Z',
  } as const;
  store.setLiveItems([{ ...live, channel: CHANNEL.id, ...item }]);
  return feedView(store, ORIGIN, urls);
}
