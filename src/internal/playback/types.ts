/** The playback engine's types and constants, shared with the player (which loads the engine itself on demand). */
import type { ReactiveControllerHost } from 'lit';
import type { Source as ApiSource } from '../../api/types.js';
import type { StateName, Told } from './machine.js';

/**
 * What the engine tells its player: the machine's news, `time` (the position moved: time updates, seeks, another
 * item), and `claim` or `release` the lock screen (it plays, or what plays changed; it left the page).
 */
export type AudioEventType = Told | 'time' | 'claim' | 'release';

/** The playback speeds offered; a saved speed becomes the nearest of them. */
export const SPEEDS = [0.75, 1, 1.25, 1.5, 1.75, 2];

/**
 * One way to hear an item, as much as playing needs of the contract's `Source` (a stream's) or
 * `AudioFile` (an episode's): a URL, its MIME type (with codecs), and for a stream how far
 * behind the live edge it starts (s).
 */
export type Source = Pick<ApiSource, 'url'> & Partial<Pick<ApiSource, 'type' | 'delay'>>;

/**
 * What the player shows, to be played (an episode is one): its audio (`sources` in order of
 * preference; `audio_url` alone otherwise), and for a file its id (the resume point is kept per
 * host token and id) and its length as known before the file.
 */
export interface Item {
  audio_url: string;
  sources?: readonly Source[];
  /** A live stream (a radio channel, a podcast's live item): released on pause, reconnected at the live edge; else a file. */
  live?: boolean;
  id?: string;
  duration?: number;
}

/** What the player's parts read of playback: a snapshot, never the element. */
export interface Snapshot {
  readonly state: StateName;
  /** What is shown is a live stream (else a file, or nothing). */
  readonly live: boolean;
  /** The listener wants sound (a play waiting for the data too): the Play button says Pause. */
  readonly on: boolean;
  /** Sound flows. */
  readonly playing: boolean;
  /** The listener wants sound and it is held up: loading, stalled, reconnecting, held. */
  readonly buffering: boolean;
  /** Held up after failures: no source plays now. */
  readonly reconnecting: boolean;
  /** The source in use (or last used), and when it was loaded (ms since the epoch; 0: nothing is loaded). */
  readonly source?: Source;
  readonly loadedAt: number;
  /** The element runs and has sound to give (the heard clock starts). */
  readonly sounding: boolean;
  /** The stream's own clock, where it tells one (HLS's program date-time): when the audio playing went live (ms since the epoch). */
  readonly date?: number;
  /** Seconds: where the item on show is, and its length (the loaded file's, else the item's). */
  readonly position: number;
  readonly duration: number;
  readonly rate: number;
  readonly volume: number;
  readonly muted: boolean;
  /** Where the clip being played ends (s), or null: no clip (see Playback.playClip). */
  readonly until: number | null;
}

/** What plays before anything was asked: the machine's initial state (idle) on a new element. */
export const INITIAL: Snapshot = {
  state: 'idle',
  live: false,
  on: false,
  playing: false,
  buffering: false,
  reconnecting: false,
  loadedAt: 0,
  sounding: false,
  position: 0,
  duration: 0,
  rate: 1,
  volume: 1,
  muted: false,
  until: null,
};

/** A play asked before anything can play (the machine's `waiting`): the Play button says Pause. */
export const WAITING: Snapshot = { ...INITIAL, state: 'waiting', on: true };

/**
 * What remote playback tells (Cast, AirPlay: MediaAdapter.remote): whether the browser sees a
 * device to play on, and where the element plays (`connecting`/`connected`: on a device).
 */
export type RemoteTell = (available: boolean, state: RemotePlaybackState) => void;

/** What the engine reads of its player, and tells it. */
export interface EngineHost extends ReactiveControllerHost {
  publicToken: string;
}
export interface EngineParts {
  /** What the player shows (read at every host update): undefined before the data, null when nothing can play. */
  item(): Item | null | undefined;
  tell(type: AudioEventType, src: string): void;
  /** Every source of a stream failed: ask the service again. */
  refresh(): void;
}
