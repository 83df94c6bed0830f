/**
 * Cast and AirPlay: an on-demand chunk, loaded only where the browser has a way to play
 * elsewhere (the Remote Playback API, or WebKit's AirPlay: player-element.ts checks). From then
 * on it follows what the media adapter tells of remote playback (MediaAdapter.remote, through
 * the player's PlaybackController): while the browser sees a device, the player shows a button
 * (part `remote`) that opens the browser's picker; while it plays on one (or connects), the
 * message line says so; a live item (the radio) reconnects at the live edge once connected (a
 * play of a stream does: docs/playback.md). No device, or one gone: no button, no line, the
 * player as it was. docs/remote-playback.md.
 */
import type { CSSResult, css as Css, TemplateResult } from 'lit';
import type { Lit } from './panels.js';
import type { PlayerPort } from './port.js';
import type { PlaybackController } from './playback/controller.js';

/** What remote playback is, for one player. */
interface Remote {
  lit: Lit;
  audio: PlaybackController;
  /** The browser sees a device to play on. */
  available: boolean;
  state: RemotePlaybackState;
}

/** Each player's, by its element. */
const players = new WeakMap<PlayerPort['host'], Remote>();

/**
 * Starts following remote playback for the player of `port` (once): its host renders again at
 * each change; a live stream playing when a device connects is loaded again at the live edge.
 */
export function watch(port: PlayerPort, audio: PlaybackController, lit: Lit): void {
  const host = port.host;
  if (players.has(host)) return;
  const remote: Remote = { lit, audio, available: false, state: 'disconnected' };
  players.set(host, remote);
  audio.remote((available, state) => {
    const connected = state === 'connected' && remote.state !== state;
    Object.assign(remote, { available, state });
    if (connected && port.playback.live && port.playback.on) audio.play();
    host.requestUpdate();
  });
}

/** The Cast/AirPlay button, while the browser sees a device (or plays on one); nothing otherwise. */
export function button(port: PlayerPort): TemplateResult | undefined {
  const r = players.get(port.host);
  if (!r || !(r.available || r.state !== 'disconnected')) return;
  const label = port.t('Play on a Cast or AirPlay device');
  return r.lit.html`<button part="remote" aria-label=${label} title=${label} class=${r.state} @click=${() => r.audio.pick()}>
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
      <path d="M3 17a4 4 0 0 1 4 4M3 13a8 8 0 0 1 8 8M3 9a12 12 0 0 1 12 12" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
      <path d="M3 6V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-2" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
    </svg>
  </button>`;
}

/** The message line while the player connects to a device or plays on one; nothing otherwise. */
export function line(port: PlayerPort): TemplateResult | undefined {
  const r = players.get(port.host);
  if (!r || r.state === 'disconnected') return;
  return r.lit.html`<p part="message" role="status">
    ${port.t(r.state === 'connected' ? 'Playing on a Cast or AirPlay device' : 'Connecting to a Cast or AirPlay device…')}
  </p>`;
}

/**
 * The button's look: in the free space of its row, which it takes from nothing (the stream
 * player's listener count, after it, stays where it was); the accent while connected.
 */
export const styles = (css: typeof Css): CSSResult => css`
  [part~='remote'] {
    margin-inline-start: auto;
    flex: none;
  }
  [part~='remote'] + [part~='listeners'] {
    margin-left: 0;
  }
  [part~='remote'].connected,
  [part~='remote'].connecting {
    color: var(--_accent);
  }
`;
