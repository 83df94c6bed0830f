import type { Episode, LiveItem, NowPlaying, Chapter } from './api/types.js';

/**
 * What a player reports (the `castlet-error` event's `code`): the setup errors (a token or
 * `base-url` that cannot work, an unknown channel or episode: fatal) and the ones retrying can
 * fix (`network`, `media`, `server`, `bad_response`). Each has its row in the error table
 * (src/internal/errors.ts): whether it is fatal, and its words.
 */
export type CastletErrorCode =
  | 'missing_token'
  | 'malformed_token'
  | 'invalid_token'
  | 'private_token_exposed'
  | 'not_found'
  | 'invalid_base_url'
  | 'missing_base_url'
  | 'network'
  | 'media'
  | 'server'
  | 'bad_response';

/** What a player reports: the same as `CastletErrorCode`. */
export type ErrorCode = CastletErrorCode;

/** What the host's `state` attribute reflects. */
export type PlayerState = 'loading' | 'ready' | 'playing' | 'buffering' | 'offline' | 'error';

export interface CastletErrorDetail {
  code: ErrorCode;
  /** Words a site owner understands (never HTML). */
  message: string;
  /** True when retrying cannot help (bad token): the widget stopped asking. */
  fatal: boolean;
}

/**
 * Every event castlet fires: prefix `castlet-`, `bubbles` and `composed`, typed `detail`.
 */
export interface CastletEventMap {
  /** The widget's `state` changed (loading, ready, playing, buffering, offline, error). */
  'castlet-statechange': CustomEvent<{ state: PlayerState }>;
  /** Something went wrong; the widget shows the same message. */
  'castlet-error': CustomEvent<CastletErrorDetail>;
  /** The listener started playback (<podcast-player>: `live`, the live item, when it is one that plays). */
  'castlet-play': CustomEvent<{ src: string; live?: LiveItem | undefined }>;
  /** The listener paused (or another castlet player took over); `live` as for castlet-play. */
  'castlet-pause': CustomEvent<{ src: string; live?: LiveItem | undefined }>;
  /** <stream-player>: the track on air changed. */
  'castlet-nowplaying': CustomEvent<{ nowPlaying: NowPlaying | null }>;
  /** <podcast-player>: the listener chose another episode. */
  'castlet-episodechange': CustomEvent<{ episode: Episode }>;
  /** <podcast-player>: playback entered another chapter. */
  'castlet-chapterchange': CustomEvent<{ index: number; chapter: Chapter }>;
}

declare global {
  interface GlobalEventHandlersEventMap extends CastletEventMap {}
}
