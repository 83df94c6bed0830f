export interface SessionInfo {
  title: string;
  artist: string;
  album: string;
  artwork: string | null;
}

export type SessionHandlers = Partial<Record<MediaSessionAction, MediaSessionActionHandler>>;

const ACTIONS: MediaSessionAction[] = ['play', 'pause', 'stop', 'seekbackward', 'seekforward', 'seekto'];

/** Puts this player on the lock screen / system controls (where the browser has them). */
export function claimMediaSession(info: SessionInfo, handlers: SessionHandlers): void {
  const session = globalThis.navigator?.mediaSession;
  if (!session) return;
  if (typeof MediaMetadata === 'function') {
    session.metadata = new MediaMetadata({
      title: info.title,
      artist: info.artist,
      album: info.album,
      artwork: info.artwork ? [{ src: info.artwork }] : [],
    });
  }
  for (const action of ACTIONS) {
    try {
      session.setActionHandler(action, handlers[action] ?? null);
    } catch {
      // This browser does not know the action.
    }
  }
}
