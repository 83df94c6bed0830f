/**
 * The JSON shapes the API answers with, built from the store. URLs are absolute, made from
 * the configured public origin (PUBLIC_URL), never from the request's Host header.
 */
import type { AccountInfo, Chapter, Episode, LiveItem, Person, Podcast, PodcastFeed, ScheduleSet, Source, StreamInfo } from '../../src/api/index.ts';
import { audioFiles } from './media/audio-files.ts';
import { ownerView } from './live-items.ts';
import { scheduleAt } from './schedule.ts';
import { etagOf, type JsonEntity } from './respond.ts';
import type { ChannelRecord, EpisodeRecord, PodcastRecord, Store } from './store.ts';

/** Where the service's absolute URLs point. */
export interface Urls {
  /** The public origin of the service, e.g. https://radio.example (no trailing slash). */
  readonly origin: string;
  /** The URL a listener's browser fetches the channel's live stream from. */
  stream(channel: ChannelRecord): string;
  /** The built-in stream's bitrate (kbit/s), for its one source. */
  readonly bitrate?: number;
}

/**
 * The channel's sources in order of preference while it is live: Icecast mode's (the store's),
 * else the built-in stream as one `audio/mpeg` source.
 */
export function sourcesOf(store: Store, channel: ChannelRecord, urls: Urls): Source[] {
  if (!isLive(store, channel)) return [];
  return (
    store.sources(channel.id) ?? [
      { url: urls.stream(channel), type: 'audio/mpeg', bitrate: urls.bitrate ?? null, delay: store.streamDelay(channel.id) },
    ]
  );
}

/**
 * The ways to hear a channel's live stream, as a live item lists them (`sources`): the
 * channel's own sources while it is live (the same list as /public/stream: relays and codecs in
 * Icecast mode), else where it will be heard (its stream as one `audio/mpeg` source: a
 * pending live item says where to tune in).
 */
export function channelSources(store: Store, channel: ChannelRecord, urls: Urls): Source[] {
  const live = sourcesOf(store, channel, urls);
  return live.length
    ? live
    : [{ url: urls.stream(channel), type: 'audio/mpeg', bitrate: urls.bitrate ?? null, delay: store.streamDelay(channel.id) }];
}

/** The built-in stream of a channel: /listen/{mountpoint} on the service's origin. */
export function listenUrl(origin: string, channel: ChannelRecord): string {
  return `${origin}/listen/${encodeURIComponent(channel.mountpoint)}`;
}

/** Artwork sizes (px): the JSON `artwork_url` (a widget shows an 88 px tile) and the feed's `itunes:image`. */
export const THUMB = 320;
export const COVER = 1400;

/** The URL of the named artwork at `size` px, or null when there is none. */
export function artUrl(origin: string, art: string | null | undefined, size = THUMB): string | null {
  return art ? `${origin}/media/art/${encodeURIComponent(art)}-${size}.png` : null;
}

/** `ref` as an absolute URL: a path on this service (`/media/…`) gets the public origin. */
const absolute = (origin: string, ref: string) => (ref.startsWith('/') ? `${origin}${ref}` : ref);

/** Whether listeners can tune in: the server is started and the mount has a source. */
export function isLive(store: Store, channel: ChannelRecord): boolean {
  return store.ready && store.onAir(channel.id);
}

export function streamInfo(store: Store, channel: ChannelRecord, urls: Urls): StreamInfo {
  const { current, history } = store.nowPlaying(channel.id);
  const live = isLive(store, channel);
  const sources = sourcesOf(store, channel, urls);
  return {
    channel: {
      id: channel.id,
      name: channel.name,
      genre: channel.genre,
      description: channel.description,
      artwork_url: artUrl(urls.origin, channel.art),
    },
    status: live ? 'live' : 'offline',
    // The first source's (Icecast mode without sources yet known: the master's mount).
    stream_url: sources[0]?.url ?? (live ? urls.stream(channel) : null),
    stream_delay: sources[0] ? sources[0].delay : store.streamDelay(channel.id),
    sources,
    now_playing: current,
    listeners: store.listeners(channel.id),
    history,
    schedule: scheduleAt(store.schedule(channel.id), store.now()),
  };
}

/** What getSchedule and setSchedule answer: the channel's weekly shows. */
export function scheduleView(store: Store, channel: ChannelRecord): ScheduleSet {
  const { timezone, shows } = store.schedule(channel.id);
  return { schedule: { channel: channel.id, timezone, shows } };
}

/** Chapters with absolute picture URLs (`img` and `url` only where given, `toc` only when false). */
export const chaptersView = (chapters: Chapter[], origin: string): Chapter[] =>
  chapters.map((c) => (c.img ? { ...c, img: absolute(origin, c.img) } : c));

const personsView = (persons: Person[], origin: string): Person[] => persons.map((p) => (p.img ? { ...p, img: absolute(origin, p.img) } : p));

export function episodeView(episode: EpisodeRecord, origin: string): Episode {
  const file = `${origin}/media/${encodeURIComponent(episode.id)}`;
  return {
    id: episode.id,
    title: episode.title,
    description: episode.description,
    published_at: episode.published_at,
    duration: episode.duration,
    audio_url: `${file}.mp3`,
    audio: audioFiles(episode, origin),
    artwork_url: artUrl(origin, episode.art),
    chapters: chaptersView(episode.chapters, origin),
    transcript_url: episode.transcript ? `${file}.vtt` : null,
    persons: personsView(episode.persons, origin),
    soundbites: episode.soundbites ?? [],
  };
}

export function podcastView(podcast: PodcastRecord, origin: string): Podcast {
  return {
    title: podcast.title,
    author: podcast.author,
    description: podcast.description,
    artwork_url: artUrl(origin, podcast.art),
    funding: podcast.funding,
  };
}

/**
 * The public feed lists at most this many episodes, the newest (a feed of 1000 long
 * episodes would be megabytes on every widget load); /private/podcasts lists them all.
 */
export const PUBLIC_EPISODE_LIMIT = 100;

/** The live items with their channels' sources. */
export function liveItemsView(store: Store, urls: Urls): LiveItem[] {
  return store.liveItems.map((item) => ({ ...ownerView(item), sources: channelSources(store, store.channel(item.channel)!, urls) }));
}

export function podcastFeed(store: Store, origin: string, urls?: Urls): PodcastFeed {
  return {
    podcast: podcastView(store.podcast, origin),
    ...(urls ? { live_items: liveItemsView(store, urls) } : {}),
    episodes: store.episodes.slice(0, PUBLIC_EPISODE_LIMIT).map((e) => episodeView(e, origin)),
  };
}

export function accountInfo(store: Store, urls: Urls): AccountInfo {
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
      artwork_url: artUrl(urls.origin, channel.art),
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
    const key = `${store.episodesVersion} ${store.liveItemsVersion} ${urls.origin} ${store.tokens.public_token}`;
    if (made?.key !== key) {
      const text = render(podcastFeed(store, urls.origin, urls));
      made = { key, entity: { text, etag: etagOf(text) } };
    }
    return made.entity;
  };
}
