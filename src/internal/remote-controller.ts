import type { PlayerPort } from './port.js';
import type { PlaybackController } from './playback/controller.js';
import { LIT } from './panels.js';

/**
 * Cast and AirPlay: only where the browser can play elsewhere (the Remote Playback API, or
 * WebKit's AirPlay picker) is the chunk (remote.ts, loaded by `load`) fetched; it then watches
 * for devices and adds the button. (A function, as stickyController: tiny in the bundle.)
 */
export function remoteController(port: PlayerPort, audio: PlaybackController, load: () => Promise<typeof import('./remote.js')>): void {
  const media = HTMLMediaElement.prototype;
  if ('remote' in media || 'webkitShowPlaybackTargetPicker' in media) void load().then((m) => m.watch(port, audio, LIT));
}
