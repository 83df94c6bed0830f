export interface SessionInfo {
  title: string;
  artist: string;
  album: string;
  artwork: string | null;
}

export type SessionHandlers = Partial<Record<MediaSessionAction, MediaSessionActionHandler>>;

const ACTIONS: MediaSessionAction[] = ['play', 'pause', 'stop', 'seekbackward', 'seekforward', 'seekto'];

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

/** Puts `player` on the lock screen / system controls (where the browser has them). */
export function claimMediaSession(player: object, info: SessionInfo, handlers: SessionHandlers): void {
  if (!globalThis.navigator?.mediaSession || typeof MediaMetadata !== 'function') return;
  owner = player;
  let metadata: MediaMetadata;
  try {
    metadata = new MediaMetadata({ ...info, artwork: info.artwork ? [{ src: info.artwork }] : [] });
  } catch {
    // An artwork URL the browser cannot parse (e.g. `http://[bad`): show the rest.
    metadata = new MediaMetadata({ ...info, artwork: [] });
  }
  setSession(metadata, handlers);
}

/** Clears the system controls if `player` holds them (it left the page). */
export function releaseMediaSession(player: object): void {
  if (owner !== player) return;
  owner = null;
  setSession(null, {});
}
