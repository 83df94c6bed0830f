/**
 * The JSON shapes the API answers with, built from the store. URLs are absolute,
 * made from the origin the request came to.
 */
import type { Episode, PodcastFeed, StreamInfo } from '../../src/internal/api-types.ts';
import type { ChannelRecord, EpisodeRecord, Store } from './store.ts';

export function listenUrl(origin: string, channel: ChannelRecord): string {
  return `${origin}/listen/${encodeURIComponent(channel.mountpoint)}`;
}

export function streamInfo(store: Store, channel: ChannelRecord, origin: string): StreamInfo {
  const { current, history } = store.nowPlaying(channel.id);
  return {
    channel: {
      id: channel.id,
      name: channel.name,
      genre: channel.genre,
      description: channel.description,
      artwork_url: channel.artwork_url,
    },
    status: store.ready ? 'live' : 'offline',
    stream_url: store.ready ? listenUrl(origin, channel) : null,
    now_playing: current,
    listeners: store.listeners(channel.id),
    history,
  };
}

export function episodeView(episode: EpisodeRecord, origin: string): Episode {
  return {
    id: episode.id,
    title: episode.title,
    description: episode.description,
    published_at: episode.published_at,
    duration: episode.duration,
    audio_url: `${origin}/media/${encodeURIComponent(episode.id)}.mp3`,
    artwork_url: episode.artwork_url,
    chapters: episode.chapters,
    transcript_url: episode.transcript ? `${origin}/media/${encodeURIComponent(episode.id)}.vtt` : null,
  };
}

export function podcastFeed(store: Store, origin: string): PodcastFeed {
  return { podcast: store.podcast, episodes: store.episodes.map((e) => episodeView(e, origin)) };
}

export function accountInfo(store: Store, origin: string) {
  return {
    name: store.name,
    email: store.email,
    public_token: store.tokens.public_token,
    streaming_server_ready: store.ready ? 1 : 0,
    channels: store.channels.map((channel) => ({
      id: channel.id,
      name: channel.name,
      genre: channel.genre,
      description: channel.description,
      artwork_url: channel.artwork_url,
      mountpoint: channel.mountpoint,
      stream_url: listenUrl(origin, channel),
      status: store.ready ? 'live' : 'offline',
      listeners: store.listeners(channel.id),
    })),
  };
}
