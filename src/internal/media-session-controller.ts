import type { PlaybackController } from './playback/controller.js';
import type { PlayerPort } from './port.js';

/**
 * The lock-screen controls (media-session.ts): an on-demand chunk, loaded when a player first
 * plays, or before (a stream player that shows a live stream: its press then fetches nothing).
 */
export const mediaSession = () => import('./media-session.js');

/**
 * A player's place on the lock screen, with Play and Pause as its playback's: the engine says
 * when (`claim`: it plays, or what plays changed; `release`: it left the page). (A function, not
 * a class: it stays tiny in the bundle; the chunk does the work.)
 */
export function mediaSessionController(port: PlayerPort, audio: PlaybackController): void {
  audio.on('claim', () =>
    Promise.all([mediaSession(), port.kind()]).then(([m, kind]) =>
      m.claimMediaSession(
        port,
        kind,
        () => audio.play(),
        () => audio.pause(),
      ),
    ),
  );
  audio.on('release', () => mediaSession().then((m) => m.releaseMediaSession(port)));
}
