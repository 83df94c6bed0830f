/**
 * Shapes of the public widget API (DESIGN.md §1, "Public widget API").
 * The mock service in demo/server produces them; the widgets consume them.
 */

export interface Channel {
  id: string;
  name: string;
  genre: string;
  description: string;
  artwork_url: string | null;
}

export interface NowPlaying {
  title: string;
  artist: string;
  artwork_url: string | null;
  /** ISO 8601 time the track started. */
  started_at: string;
}

/** GET /public/stream, and the `stream` event of /public/stream/events. */
export interface StreamInfo {
  channel: Channel;
  status: 'live' | 'offline';
  /** Absolute URL of the Icecast-style mount; null while offline. */
  stream_url: string | null;
  now_playing: NowPlaying | null;
  listeners: number;
  /** Recent tracks, newest first (the current one excluded). */
  history: NowPlaying[];
}

export interface Chapter {
  /** Seconds from the start of the episode. */
  start: number;
  title: string;
}

export interface Episode {
  id: string;
  title: string;
  description: string;
  /** ISO 8601. */
  published_at: string;
  /** Seconds. */
  duration: number;
  /** Absolute URL of the MP3 file. */
  audio_url: string;
  artwork_url: string | null;
  chapters: Chapter[];
  /** Absolute URL of the WebVTT transcript; null (or absent from older services) when there is none. */
  transcript_url?: string | null;
}

export interface Podcast {
  title: string;
  author: string;
  description: string;
  artwork_url: string | null;
}

/** GET /public/podcasts: episodes newest first. */
export interface PodcastFeed {
  podcast: Podcast;
  episodes: Episode[];
}

/** Every error body under /private/ and /public/. */
export interface ApiError {
  error: ApiErrorCode;
  error_description: string;
}

export type ApiErrorCode =
  | 'missing_token'
  | 'invalid_token'
  | 'private_token_exposed'
  | 'invalid_request'
  | 'not_found'
  | 'method_not_allowed'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'server_offline'
  | 'range_not_satisfiable';
