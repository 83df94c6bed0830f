/**
 * The seeded demo account: one live channel playing the live loop, the podcast with the
 * manifest's episodes, fixed documented demo tokens.
 */
import type { NowPlaying } from '../../src/internal/api-types.ts';
import type { TokenPair } from './auth.ts';
import type { Catalog, LiveTrack } from './catalog.ts';
import { etagOf } from './respond.ts';
import { Store, type ChannelRecord } from './store.ts';

export const DEMO_TOKENS: TokenPair = {
  public_token: '97824ed0-ee56-4d2c-ba29-efbcb76794c5',
  private_token: '6b1f3c2e-8d4a-4f7b-9e21-5a0c7d9e3f48',
};

export const MAIN_CHANNEL: ChannelRecord = {
  id: 'main',
  name: 'Castlet FM',
  genre: 'Ambient',
  description: 'Tones, voices and test signals, around the clock.',
  artwork_url: null,
  mountpoint: 'live',
};

/** Tracks that "played" before the demo started, newest first. */
const EARLIER: Omit<NowPlaying, 'started_at'>[] = [
  { title: 'Sine Sunrise', artist: 'The Oscillators', artwork_url: null },
  { title: 'Square Dance', artist: 'Duty Cycle', artwork_url: null },
  { title: 'Pink Noise Lullaby', artist: 'Spectral Sisters', artwork_url: null },
];

export function seedStore(catalog: Catalog, tokens: TokenPair = DEMO_TOKENS, now = new Date()): Store {
  const first: LiveTrack | undefined = catalog.live.tracks[0];
  const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000).toISOString();
  return new Store({
    name: 'Castlet Demo Radio',
    email: 'owner@castlet.example',
    tokens,
    ready: true,
    channels: [MAIN_CHANNEL],
    nowPlaying: {
      [MAIN_CHANNEL.id]: {
        current: first
          ? { title: first.title, artist: first.artist, artwork_url: null, started_at: now.toISOString() }
          : null,
        history: EARLIER.map((t, i) => ({ ...t, started_at: minutesAgo(4 * (i + 1)) })),
      },
    },
    podcast: {
      title: 'Castlet Sessions',
      author: 'Castlet Demo Radio',
      description: 'Short demo episodes about sound, made with tones and a speech synthesizer.',
      artwork_url: null,
    },
    episodes: catalog.episodes.map((e) => ({
      id: e.id,
      title: e.title,
      description: e.description,
      published_at: e.published_at,
      duration: e.duration,
      artwork_url: null,
      chapters: e.chapters,
      audio: e.audio,
      etag: etagOf(e.audio),
      transcript: e.vtt,
    })),
  });
}
