import type { PlayerPort } from './port.js';
import type { PlaybackController } from './playback/controller.js';
import { LIT } from './panels.js';

/**
 * `sticky`: from a sticky player's first play (or pause) on, the mini-player's chunk
 * (mini-player.ts, loaded by `load` with its styles) watches the card. (A function, not a
 * class: it stays tiny in the bundle; the chunk does the work.)
 */
export function stickyController(port: PlayerPort, audio: PlaybackController, load: () => Promise<typeof import('./mini-player.js')>): void {
  const stick = () => port.host.hasAttribute('sticky') && void Promise.all([load(), port.kind()]).then(([m, kind]) => m.stick(port, kind, LIT));
  audio.on('play', stick);
  audio.on('pause', stick);
}
