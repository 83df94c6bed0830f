/**
 * The shapes that cross the wire (docs/design.md §1): the public widget API's answers, which
 * the mock service in demo/server produces and the widgets read, and the private (owner) API's.
 * Both sides import them from here (src/api/), and nothing else of each other.
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

/**
 * One place a channel's live audio can be fetched from (docs/design.md "Sources and relays"):
 * a mount on the Icecast master or on one of its relays, the HLS tier's playlist, or the
 * built-in stream.
 */
export interface Source {
  /** Absolute URL of the mount. */
  url: string;
  /**
   * MIME type with codecs: `audio/mpeg`, `audio/ogg; codecs=opus`, `audio/ogg; codecs=vorbis`, or
   * `application/vnd.apple.mpegurl` for the HLS tier's live playlist (docs/hls.md).
   */
  type: string;
  /** kbit/s as the source declares it; null when it declares none. */
  bitrate: number | null;
  /**
   * Seconds behind the master's live edge a listener who connects to this source now starts
   * hearing (measured per source in Icecast mode); null when unknown (titles shown at once).
   */
  delay: number | null;
}

/** GET /public/stream, and the `stream` event of /public/stream/events. */
export interface StreamInfo {
  channel: Channel;
  status: 'live' | 'offline';
  /** Absolute URL of the Icecast-style mount; null while offline. */
  stream_url: string | null;
  /**
   * Seconds behind the live edge a listener who connects now starts hearing: the burst of past
   * audio the stream sends at once on connect. The player shows now playing that much later
   * (see stream-player/heard.ts). Null or absent: unknown, shown at once.
   */
  stream_delay?: number | null;
  /**
   * Where the audio can be fetched, in order of preference (the first is `stream_url`); empty
   * while offline. Absent from older services: then `stream_url` is the one source.
   */
  sources?: Source[];
  now_playing: NowPlaying | null;
  listeners: number;
  /** Recent tracks, newest first (the current one excluded). */
  history: NowPlaying[];
  /** The station's weekly shows as they fall from now; absent from older services (read as none). */
  schedule?: StreamSchedule;
}

/** One airing of a weekly show, at absolute times (docs/schedule.md). */
export interface Show {
  /** The weekly show's id (the same every week). */
  id: string;
  title: string;
  /** Who presents it; "" when nobody is named. */
  host: string;
  description: string;
  artwork_url: string | null;
  /** ISO 8601 (UTC): when it starts. */
  start: string;
  /** ISO 8601 (UTC): when it ends, after `start`. */
  end: string;
}

/** /public/stream's `schedule`: the show on air now and the ones that start in the coming 7 days. */
export interface StreamSchedule {
  /** The station's IANA time zone, e.g. `Europe/Berlin` (the shows' wall times are its). */
  timezone: string;
  /** The show on air now, or null. */
  on_air: Show | null;
  /** The shows that start after now, within 7 days, in order (the one on air is not listed). */
  next: Show[];
}

export interface Chapter {
  /** Seconds from the start of the episode. */
  start: number;
  title: string;
  /** Absolute http(s) URL of the chapter's picture: shown in the artwork's place while the chapter plays. */
  img?: string;
  /** Absolute http(s) URL the chapter links to (opened in a new tab). */
  url?: string;
  /** `false`: not listed in the chapter list (its picture still shows). Absent means listed. */
  toc?: boolean;
}

/** Someone heard in an episode (Podcasting 2.0 `podcast:person`). */
export interface Person {
  name: string;
  /** Podcasting 2.0 role, lowercase: `host`, `guest`, … */
  role: string;
  /** Absolute http(s) URL of a picture. */
  img?: string;
  /** Absolute http(s) URL of a page about the person. */
  href?: string;
}

/** Where listeners can support the show (Podcasting 2.0 `podcast:funding`). */
export interface Funding {
  /** Absolute http(s) URL. */
  url: string;
  /** The link's words, as the owner wrote them. */
  text: string;
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
  /** Hosts and guests; absent from older services (read as none). */
  persons?: Person[];
  /** The episode's files, the one to prefer first (Ogg Opus before the MP3); absent from older services (only `audio_url`). */
  audio?: AudioFile[];
  /** Highlights (Podcasting 2.0 `podcast:soundbite`); absent from older services (read as none). */
  soundbites?: Soundbite[];
}

/** One file of an episode (Podcasting 2.0 `podcast:alternateEnclosure`). */
export interface AudioFile {
  /** Absolute URL. */
  url: string;
  /** MIME type, with codecs where they matter: `audio/ogg; codecs=opus`, `audio/mpeg`. */
  type: string;
  /** Average bits per second; null when unknown. */
  bitrate: number | null;
  /** Bytes. */
  length: number;
}

/** A clip of an episode worth hearing on its own (Podcasting 2.0 `podcast:soundbite`). */
export interface Soundbite {
  /** Seconds from the start of the episode. */
  start: number;
  /** Seconds, 1 to 300. */
  duration: number;
  /** The owner's words for it; absent when none was given. */
  title?: string;
}

/** A live show of a channel (Podcasting 2.0 `podcast:liveItem`). */
export interface LiveItem {
  id: string;
  title: string;
  description: string;
  /** `pending` until `start` (and until the channel is live), `live` while it is, then `ended`. */
  status: 'pending' | 'live' | 'ended';
  /** ISO 8601. */
  start: string;
  /** ISO 8601, after `start`. */
  end: string;
  /** The channel's id. */
  channel: string;
  /** The channel's sources, in order of preference (as /public/stream lists them; its stream alone while it is not live). */
  sources: Source[];
}

export interface Podcast {
  title: string;
  author: string;
  description: string;
  artwork_url: string | null;
  /** The show's Support link; null or absent when it has none. */
  funding?: Funding | null;
}

/** GET /public/podcasts: episodes newest first. */
export interface PodcastFeed {
  podcast: Podcast;
  /** The pending and live shows (and ended ones for 24 h); absent from older services (read as none). */
  live_items?: LiveItem[];
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
  | 'range_not_satisfiable'
  /** 503: too many open event streams and /listen connections on the service (Retry-After). */
  | 'server_busy'
  /** 503: too many of them from the client's own address (Retry-After). */
  | 'too_many_connections'
  /** 500: the service failed (a widget treats it as any server error: it retries). */
  | 'server_error';

/* ------------------------------------------------------------------ The private (owner) API. */

/** GET /private/checkToken and POST /private/resetTokens (the new pair): the account's tokens. */
export interface TokenPair {
  public_token: string;
  private_token: string;
}

/** A channel as its owner sees it (GET /private/accountInfo). */
export interface AccountChannel extends Channel {
  /** The Icecast mount's name (its path without the slash). */
  mountpoint: string;
  /** Absolute URL of the channel's stream (also while offline). */
  stream_url: string;
  status: 'live' | 'offline';
  listeners: number;
}

/** GET /private/accountInfo. */
export interface AccountInfo {
  name: string;
  email: string;
  public_token: string;
  /** 1 once startServer was called (and until stopServer). */
  streaming_server_ready: 0 | 1;
  channels: AccountChannel[];
}

/** POST /private/startServer and /private/stopServer. */
export interface ServerState {
  streaming_server_ready: 0 | 1;
  /** stopServer in Icecast mode: whether every channel's source was dropped (needs admin access). */
  icecast_sources_dropped?: boolean;
}

/** POST /private/setNowPlaying. */
export interface NowPlayingSet {
  /** The channel's id. */
  channel: string;
  now_playing: NowPlaying;
  /** ISO 8601 time something else replaces it (the demo loop), or null. */
  replaced_at: string | null;
  /** Icecast mode: whether Icecast took the title too. */
  icecast_updated?: boolean;
}

/** GET /private/podcasts: every episode (the public feed lists the newest 100), newest first. */
export interface EpisodeList {
  episodes: Episode[];
}

/** POST /private/deletePodcast and /private/deleteLiveItem: the id of what is gone. */
export interface Deleted {
  deleted: string;
}

/** POST /private/addLiveItem and /private/updateLiveItem: the live item without its sources. */
export type OwnerLiveItem = Omit<LiveItem, 'sources'>;

/** The days of the week, as a schedule names them. */
export type Day = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';

/** A weekly show as the owner sets it (setSchedule): wall-clock times in the station's zone. */
export interface ScheduleShow {
  id: string;
  title: string;
  host: string;
  description: string;
  artwork_url: string | null;
  /** The days it starts on. */
  days: Day[];
  /** Its start on those days, `HH:MM` (24 h) in the schedule's zone. */
  start: string;
  /** Minutes, 1 to 1,440: it may run past midnight. */
  duration_min: number;
}

/** A channel's weekly shows. */
export interface Schedule {
  /** The channel's id. */
  channel: string;
  /** An IANA time zone (`UTC` until the owner sets one). */
  timezone: string;
  shows: ScheduleShow[];
}

/** POST /private/setSchedule and GET /private/getSchedule. */
export interface ScheduleSet {
  schedule: Schedule;
}
