import { html, type PropertyValues, type TemplateResult } from 'lit';
import type { NowPlaying, StreamInfo } from '../internal/api-types.js';
import { mutedIcon, volumeIcon } from '../internal/icons.js';
import type { CastletError } from '../internal/errors.js';
import type { AudioEventType } from '../internal/audio-controller.js';
import { LIT, PlayerElement } from '../internal/player-element.js';
import { isStreamInfo } from '../internal/validate.js';
import { streamStyles } from './stream-player.styles.js';

/** Recent tracks: an on-demand chunk, loaded when first opened. */
const history = () => import('./history.js');

/**
 * A live radio player: play/pause at the live edge, live/offline badge, now playing,
 * listeners, recent tracks, volume. Updates arrive by Server-Sent Events.
 *
 * @summary Live radio player for a castlet channel.
 * @tagname stream-player
 *
 * @attr public-token - The account's public token (required).
 * @attr base-url - The service's address: required with the npm package; the CDN script defaults it to its own origin.
 * @attr channel - Channel id; the account's first channel when omitted.
 * @attr state - Read-only, reflected: loading | ready | playing | buffering | offline | error.
 * @attr theme - `light` or `dark` to force a colour scheme; follows the page otherwise.
 * @attr lang - The interface language (en, de, fr, es, pt, ar); the page's `<html lang>` otherwise, else English.
 * @attr sticky - While it plays with its card scrolled out of view, a mini-player sits at the viewport's bottom.
 *
 * @fires castlet-statechange - `detail: {state}` when `state` changes.
 * @fires castlet-error - `detail: {code, message, fatal}`: bad token, network down, audio failure.
 * @fires castlet-play - `detail: {src}` the listener started the stream.
 * @fires castlet-pause - `detail: {src}` the stream stopped (paused, offline, or another player started).
 * @fires castlet-nowplaying - `detail: {nowPlaying}` the track the listener hears changed (while the stream plays, when the song reaches their ears).
 *
 * @csspart base - The card.
 * @csspart artwork - Track or channel artwork.
 * @csspart badge - The Live / Offline badge.
 * @csspart title - The track title (or channel name).
 * @csspart artist - The artist line.
 * @csspart play - The Play/Pause button.
 * @csspart mute - The Mute button.
 * @csspart volume - The volume slider.
 * @csspart listeners - The listener count.
 * @csspart history - The recent tracks (a <details>; its list loads when first opened).
 * @csspart message - Error and reconnecting messages.
 * @csspart mini - The mini-player of `sticky` (a region fixed at the viewport's bottom).
 * @csspart mini-title - The mini-player's title: a button back to the card.
 * @csspart mini-play - The mini-player's Play/Pause button.
 * @csspart mini-close - The mini-player's Close button (hidden for the rest of this playback).
 *
 * @cssprop --castlet-accent - Play button and sliders.
 * @cssprop --castlet-on-accent - Icon colour on the accent.
 * @cssprop --castlet-bg - Card background.
 * @cssprop --castlet-fg - Text colour.
 * @cssprop --castlet-muted - Secondary text.
 * @cssprop --castlet-surface - Hover and message background.
 * @cssprop --castlet-border - Card border and dividers.
 * @cssprop --castlet-live - The Live badge.
 * @cssprop --castlet-radius - Card corner radius (default 16px).
 * @cssprop --castlet-font - Font family.
 * @cssprop --castlet-focus - Focus ring colour.
 * @cssprop --castlet-mini-bg - Mini-player background (default: the card's).
 * @cssprop --castlet-mini-fg - Mini-player text (default: the card's).
 * @cssprop --castlet-mini-accent - Mini-player Play button and progress (default: the card's accent).
 * @cssprop --castlet-mini-on-accent - Mini-player icon on the accent (default: the card's).
 * @cssprop --castlet-mini-border - Mini-player border (default: the card's).
 * @cssprop --castlet-mini-radius - Mini-player corner radius (default: the card's).
 * @cssprop --castlet-mini-z - Mini-player z-index (default 1030).
 */
export class StreamPlayer extends PlayerElement<StreamInfo> {
  static override styles = [...PlayerElement.styles, streamStyles];
  protected readonly endpoint = 'stream';
  /** The data as the listener hears it (heard.ts): what is shown, announced and on the lock screen. */
  protected view?: StreamInfo | null;
  /** heard.ts, once loaded; until then what is shown is the data as it is. */
  #heard = (d: StreamInfo | null, _media: HTMLMediaElement) => d;

  constructor() {
    super(true, isStreamInfo);
  }

  protected override get offline(): boolean {
    const d = this.data;
    return !!d && (d.status !== 'live' || !d.stream_url);
  }

  /**
   * The service is unreachable (its stream too): stop the browser's own rapid retries of the
   * stream; the first answer resumes it. A server error of the API alone leaves sound alone.
   */
  protected override feedFailed(error: CastletError): void {
    if (error.code === 'network') this.audio.hold();
  }

  /**
   * The stream failed (a mount that answers 404, 410 or 503, or is blocked): ask the service
   * at once whether it is still live. Offline stops requesting the mount; the audio's own
   * retries, growing and capped, cover the rest.
   */
  protected override audioEvent(type: AudioEventType, src: string): void {
    super.audioEvent(type, src);
    if (type === 'error') this.refresh();
    // Now playing as heard: an on-demand chunk, loaded when the stream first plays (applied at
    // the next time update: they come several times a second while it plays).
    if (type === 'play') void import('./heard.js').then((m) => (this.#heard = m.heard));
  }

  protected override dataChanged(): void {
    // Offline keeps the listener's wish: the stream resumes by itself when it is live again.
    if (this.offline) this.audio.hold();
    else if (this.audio.held) this.play();
  }

  /** What is shown follows the data and, while the stream plays, its clock (every time update). */
  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    // The track shown until now (undefined: nothing shown yet, nothing to announce).
    const was = this.view?.now_playing;
    const d = (this.view = this.#heard(this.data, this.media));
    const now = d?.now_playing as NowPlaying | null;
    if (was !== undefined && d && JSON.stringify(was) !== JSON.stringify(now)) {
      this.announcement = now
        ? this.t(now.artist ? 'Now playing: {title} by {artist}' : 'Now playing: {title}', { title: now.title, artist: now.artist })
        : '';
      this.emit('castlet-nowplaying', { nowPlaying: now });
      this.updateMediaSession();
    }
  }

  protected play(): void {
    // (Offline means no stream address too.)
    if (this.data && !this.offline) this.audio.play(this.data.stream_url!);
  }

  protected renderPlayer(): TemplateResult {
    const d = this.view;
    const now = d?.now_playing;
    const media = this.audio.media;
    const live = d && !this.offline;
    return html`
      <div class="row">
        ${this.renderArtwork(now?.artwork_url || d?.channel.artwork_url)}
        <div class="grow">
          <div class="row">
            <span part="badge" class=${live ? 'live' : ''}>${d ? this.t(live ? 'Live' : 'Offline') : '…'}</span>
            <span class="muted clip">${d?.channel.name}</span>
          </div>
          ${
            d
              ? html`<h2 part="title" class="clip">${now?.title || d.channel.name}</h2>
                <p part="artist" class="muted clip">${now ? now.artist : d.channel.genre}</p>`
              : html`<h2 class="skeleton"></h2>
                <p class="skeleton muted"></p>`
          }
        </div>
        ${this.renderPlay()}
      </div>
      <div class="row controls">
        <button part="mute" aria-label=${this.t('Mute')} aria-pressed=${String(media.muted)} @click=${() => this.audio.setMuted(!media.muted)}>
          ${media.muted ? mutedIcon : volumeIcon}
        </button>
        <input
          part="volume"
          type="range"
          aria-label=${this.t('Volume')}
          .value=${String(Math.round(media.volume * 100))}
          @input=${(e: Event) => this.audio.setVolume(Number((e.target as HTMLInputElement).value) / 100)}
        />
        <span part="listeners" class="muted">${d ? this.t('{n} listeners', { n: d.listeners }) : ''}</span>
      </div>
      <details part="history" @toggle=${this.opens('history', history)}>
        <summary>${this.t('Recent tracks')}</summary>
        ${(this.panels.history as Awaited<ReturnType<typeof history>> | undefined)?.renderHistory(LIT, d?.history ?? [], this.locale.lang)}
      </details>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'stream-player': StreamPlayer;
  }
}
