/** What every player renders around its own content: the card, the message line, the live region, and the shared Play button and artwork. */
import { html, nothing, type TemplateResult } from 'lit';
import { isHttp } from './api.js';
import type { CastletError } from './errors.js';
import { artIcon, pauseIcon, playIcon } from './icons.js';
import type { PlayerPort } from './port.js';

/**
 * The card of the player of `port`: `content`, then the message line (the error `e`, else reconnecting unless the stream
 * is `offline`, else a play waiting for the data, else `note`: where it plays, on a Cast or AirPlay device) and the polite live
 * region (`announcement`: track changes).
 */
export function renderFrame(
  content: TemplateResult,
  port: PlayerPort,
  e: CastletError | null,
  offline: boolean,
  announcement: string,
  note?: TemplateResult,
): TemplateResult {
  const { t, lang, playback } = port;
  // Right to left for Arabic (the only such language here); otherwise the direction is inherited.
  return html`<div part="base" dir=${lang === 'ar' ? 'rtl' : nothing}>
    ${content}
    ${
      e
        ? html`<p part="message" class=${e.fatal ? `fatal ${e.code === 'private_token_exposed' ? 'loud' : ''}` : ''} role=${e.fatal ? 'alert' : 'status'}>
          ${e.message && t(e.message)}
        </p>`
        : playback.reconnecting && !offline
          ? html`<p part="message" role="status">${t('Reconnecting…')}</p>`
          : playback.state === 'waiting'
            ? html`<p part="message" role="status">${t('Starting when loaded…')}</p>`
            : note
    }
    <div class="sr-only" aria-live="polite">${announcement}</div>
  </div>`;
}

/** `aria-keyshortcuts` for a control of the player of `port`: its hotkeys, unless they are off. */
export const shortcut = (port: PlayerPort, keys: string): string | typeof nothing => (port.noHotkeys ? nothing : keys);

/** The big Play/Pause button of the player of `port`: usable at once, before the data arrived. Pause is never disabled: the listener can always stop the sound. */
export function renderPlay(port: PlayerPort, disabled: boolean): TemplateResult {
  const on = port.playback.on;
  return html`<button part="play" aria-label=${port.t(on ? 'Pause' : 'Play')} aria-keyshortcuts=${shortcut(port, 'k Space')} ?disabled=${disabled && !on} @click=${() => port.toggle().catch(() => {})}>
    ${on ? pauseIcon : playIcon}
  </button>`;
}

/** Artwork, or a gradient tile of the same size when there is none (no layout shift). */
export function renderArtwork(src: string | null | undefined): TemplateResult {
  return isHttp(src)
    ? html`<img part="artwork" src=${src} alt="" width="88" height="88" />`
    : html`<div part="artwork" class="no-art" aria-hidden="true">${artIcon}</div>`;
}
