/**
 * The lock-screen / system media controls (Media Session): an on-demand chunk, loaded when a
 * player first plays. What each kind of player shows there, and the actions it offers, come
 * from the player itself (its `Kind`).
 */
import type { Kind, SessionHandlers, SessionInfo } from './port.js';

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

/** The metadata of `info`: its chapters too, where the browser knows `chapterInfo` (others ignore the member). */
function metadataOf({ chapters, ...info }: SessionInfo, artwork: boolean): MediaMetadata {
  const art = (src: string | null | undefined) => (artwork && src ? [{ src }] : []);
  return new MediaMetadata({
    ...info,
    artwork: art(info.artwork),
    ...(chapters?.length && { chapterInfo: chapters.map((c) => ({ ...c, artwork: [] })) }),
  });
}

/** Puts `player` on the lock screen / system controls (where the browser has them), with Play/Pause/Stop as `play` and `pause`. */
export function claimMediaSession(player: object, kind: Kind, play: () => void, pause: () => void): void {
  const session = kind.session();
  if (!session || !navigator.mediaSession || typeof MediaMetadata !== 'function') return;
  const [info, handlers] = session;
  owner = player;
  let metadata: MediaMetadata;
  try {
    metadata = metadataOf(info, true);
  } catch {
    // An artwork URL the browser cannot parse (e.g. `http://[bad`): show the rest.
    metadata = metadataOf(info, false);
  }
  setSession(metadata, { play, pause, stop: pause, ...handlers });
}

/** Clears the system controls if `player` holds them (it left the page). */
export function releaseMediaSession(player: object): void {
  if (owner !== player) return;
  owner = null;
  setSession(null, {});
}
