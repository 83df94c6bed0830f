/**
 * The lock-screen / system media controls (Media Session): an on-demand chunk, loaded when a
 * player first plays. What each kind of player shows there, and the actions it offers, is
 * worked out here from the player's public surface and its data.
 */
import type { Episode, PodcastFeed, StreamInfo } from './api-types.js';

export interface SessionInfo {
  title: string;
  artist: string;
  album: string;
  artwork: string | null;
}

export type SessionHandlers = Partial<Record<MediaSessionAction, MediaSessionActionHandler>>;

const ACTIONS: MediaSessionAction[] = ['play', 'pause', 'stop', 'seekbackward', 'seekforward', 'seekto', 'nexttrack'];

/** The player whose handlers the system controls call now. */
let owner: object | null = null;

function setSession(metadata: MediaMetadata | null, handlers: SessionHandlers) {
  const session = globalThis.navigator?.mediaSession;
  if (!session) return;
  session.metadata = metadata;
  for (const action of ACTIONS) {
    try {
      session.setActionHandler(action, handlers[action] ?? null);
    } catch {
      // This browser does not know the action.
    }
  }
}

/** What the media-session code reads of a player (its data is protected: read here only). */
export interface SessionPlayer {
  data: StreamInfo | PodcastFeed | null;
  /** The radio's data as the listener hears it (now playing delayed to the audio). */
  view?: StreamInfo | null;
  current?: Episode;
  position?: number;
  seek?(t: number): void;
  /** The episode `continuous` plays next, if any; `playNext()` plays it. */
  following?: Episode;
  playNext?(): void;
}

/** What `player` shows on the lock screen, and the actions beyond play/pause it offers. */
export function sessionOf(player: SessionPlayer): [SessionInfo, SessionHandlers] | null {
  const d = player.data;
  if (!d) return null;
  if ('channel' in d) {
    const now = (player.view ?? d).now_playing;
    return [
      { title: now?.title || d.channel.name, artist: now?.artist || '', album: d.channel.name, artwork: now?.artwork_url || d.channel.artwork_url },
      {},
    ];
  }
  const ep = player.current;
  const seek = (t: number) => player.seek!(t);
  return ep
    ? [
        { title: ep.title, artist: d.podcast.author, album: d.podcast.title, artwork: ep.artwork_url || d.podcast.artwork_url },
        {
          seekbackward: () => seek(player.position! - 15),
          seekforward: () => seek(player.position! + 30),
          seekto: (e) => seek(e.seekTime ?? player.position!),
          // Offered only with `continuous` and an episode after this one: what the end of this one would play.
          nexttrack: player.following && (() => player.playNext!()),
        },
      ]
    : null;
}

/** Puts `player` on the lock screen / system controls (where the browser has them), with Play/Pause/Stop as `play` and `pause`. */
export function claimMediaSession(player: SessionPlayer, play: () => void, pause: () => void): void {
  const session = sessionOf(player);
  if (!session || !navigator.mediaSession || typeof MediaMetadata !== 'function') return;
  const [info, handlers] = session;
  owner = player;
  let metadata: MediaMetadata;
  try {
    metadata = new MediaMetadata({ ...info, artwork: info.artwork ? [{ src: info.artwork }] : [] });
  } catch {
    // An artwork URL the browser cannot parse (e.g. `http://[bad`): show the rest.
    metadata = new MediaMetadata({ ...info, artwork: [] });
  }
  setSession(metadata, { play, pause, stop: pause, ...handlers });
}

/** Clears the system controls if `player` holds them (it left the page). */
export function releaseMediaSession(player: object): void {
  if (owner !== player) return;
  owner = null;
  setSession(null, {});
}
