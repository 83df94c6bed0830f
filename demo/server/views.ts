/**
 * The JSON shapes the API answers with, built from the store. URLs are absolute, made from
 * the configured public origin (PUBLIC_URL), never from the request's Host header.
 */
import type { Episode, PodcastFeed, StreamInfo } from '../../src/internal/api-types.ts';
import { etagOf, type JsonEntity } from './respond.ts';
import type { ChannelRecord, EpisodeRecord, Store } from './store.ts';

/** Where the service's absolute URLs point. */
export interface Urls {
  /** The public origin of the service, e.g. https://radio.example (no trailing slash). */
  readonly origin: string;
  /** The URL a listener's browser fetches the channel's live stream from. */
  stream(channel: ChannelRecord): string;
}

/** The built-in stream of a channel: /listen/{mountpoint} on the service's origin. */
export function listenUrl(origin: string, channel: ChannelRecord): string {
  return `${origin}/listen/${encodeURIComponent(channel.mountpoint)}`;
}

/** Whether listeners can tune in: the server is started and the mount has a source. */
export function isLive(store: Store, channel: ChannelRecord): boolean {
  return store.ready && store.onAir(channel.id);
}

export function streamInfo(store: Store, channel: ChannelRecord, urls: Urls): StreamInfo {
  const { current, history } = store.nowPlaying(channel.id);
  const live = isLive(store, channel);
  return {
    channel: {
      id: channel.id,
      name: channel.name,
      genre: channel.genre,
      description: channel.description,
      artwork_url: channel.artwork_url,
    },
    status: live ? 'live' : 'offline',
    stream_url: live ? urls.stream(channel) : null,
    stream_delay: store.streamDelay(channel.id),
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

/**
 * The public feed lists at most this many episodes, the newest (a feed of 1000 long
 * episodes would be megabytes on every widget load); /private/podcasts lists them all.
 */
export const PUBLIC_EPISODE_LIMIT = 100;

export function podcastFeed(store: Store, origin: string): PodcastFeed {
  return {
    podcast: store.podcast,
    episodes: store.episodes.slice(0, PUBLIC_EPISODE_LIMIT).map((e) => episodeView(e, origin)),
  };
}

export function accountInfo(store: Store, urls: Urls) {
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
      stream_url: urls.stream(channel),
      status: isLive(store, channel) ? 'live' : 'offline',
      listeners: store.listeners(channel.id),
    })),
  };
}

/**
 * The public feed as text (JSON by default; `render` makes another form, e.g. RSS) with its
 * ETag, made once per change of the episodes, the origin or the public token.
 */
export function feedCache(store: Store, urls: Urls, render: (feed: PodcastFeed) => string = (f) => JSON.stringify(f)): () => JsonEntity {
  let made: { key: string; entity: JsonEntity } | undefined;
  return () => {
    const key = `${store.episodesVersion} ${urls.origin} ${store.tokens.public_token}`;
    if (made?.key !== key) {
      const text = render(podcastFeed(store, urls.origin));
      made = { key, entity: { text, etag: etagOf(text) } };
    }
    return made.entity;
  };
}
