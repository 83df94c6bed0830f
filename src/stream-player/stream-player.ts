import { html, type TemplateResult } from 'lit';
import type { NowPlaying, StreamInfo } from '../api/types.js';
import { mutedIcon, volumeIcon } from '../internal/icons.js';
import type { Item, Snapshot } from '../internal/playback/types.js';
import { LIT } from '../internal/panels.js';
import type { Kind } from '../internal/port.js';
import { renderArtwork, renderPlay, shortcut } from '../internal/frame.js';
import { emit } from '../internal/emit.js';
import { PlayerElement } from '../internal/player-element.js';
import { mediaSession } from '../internal/media-session-controller.js';
import { check } from '../internal/data.js';
import { streamStyles } from './stream-player.styles.js';

/** Recent tracks: an on-demand chunk, loaded when first opened; the schedule's line, when the data first has a show. */
const CHUNKS = { history: () => import('./history.js'), schedule: () => import('./schedule.js') };
/** The schedule's line keeps its place (one line's height) while it is empty. */
const NBSP = '\u00a0';

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
 * @attr no-hotkeys - Turns the keyboard shortcuts off (`k`/Space play-pause, `m` mute, while focus is in the player).
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
 * @csspart remote - The Cast/AirPlay button: only while the browser sees a device (or plays on one); opens the browser's picker.
 * @csspart listeners - The listener count.
 * @csspart schedule - The schedule's line: the show on air and the next one (kept in place, empty without a schedule).
 * @csspart schedule-button - That line's words, a button: it opens the week (a chunk).
 * @csspart schedule-panel - The week: a modal `<dialog>`, the coming shows by day in the listener's time zone.
 * @csspart schedule-close - The week's Close button (Escape closes it too; focus goes back to the line).
 * @csspart history - The recent tracks (a <details>; its list loads when first opened).
 * @csspart message - Error and reconnecting messages.
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
 */
export class StreamPlayer extends PlayerElement<StreamInfo, typeof CHUNKS> {
  static override styles = [...PlayerElement.styles, streamStyles];
  /** The data as the listener hears it (heard.ts): what is shown, announced and on the lock screen. */
  protected view?: StreamInfo | null;
  /** heard.ts, once loaded; until then what is shown is the data as it is. */
  #heard = (d: StreamInfo | null, _playback: Snapshot) => d;
  /** The track shown until now (undefined: nothing shown yet, nothing to announce). */
  #shown?: NowPlaying | null;
  /** A new track shown in this update: told once rendered. */
  #told = false;
  /** The schedule's line (schedule.ts, once loaded). */
  #line?: unknown;

  constructor() {
    super('stream', check('isStreamInfo'), CHUNKS);
    // Now playing as heard: an on-demand chunk, asked for when a live stream is shown (dataChanged)
    // and taken up when it first plays (applied at the next time update: several a second).
    this.audio.on('play', () => void import('./heard.js').then((m) => (this.#heard = m.ear())));
  }

  /** What plays: the stream (its sources in order, else its one URL), unless it is offline. */
  protected item(): Item | null | undefined {
    const d = this.data;
    return d ? (d.status === 'live' && d.stream_url ? { audio_url: d.stream_url, sources: d.sources, live: true } : null) : undefined;
  }

  protected override get offline(): boolean {
    const d = this.data;
    return !!d && (d.status !== 'live' || !d.stream_url);
  }

  protected loadKind(): Promise<Kind> {
    return import('./stream-kind.js').then((m) => m.kind(this.port, () => this.view));
  }

  /**
   * What is shown follows the data and, while the stream plays, its clock (every time update),
   * worked out once the data and the audio are current; a new track shown is announced.
   */
  protected override derive(): void {
    const d = (this.view = this.#heard(this.data, this.audio.snapshot));
    const was = this.#shown;
    const now = (this.#shown = d?.now_playing);
    this.#told = was !== undefined && !!d && JSON.stringify(was) !== JSON.stringify(now);
    if (this.#told)
      this.announcement = now
        ? this.t(now.artist ? 'Now playing: {title} by {artist}' : 'Now playing: {title}', { title: now.title, artist: now.artist })
        : '';
    // The schedule's line, and a show that starts while the page is open, said.
    this.#line = this.panels.loaded.schedule?.line(this.port, d, (say) => (this.announcement = say), LIT);
  }

  /**
   * The schedule's chunk, when the data first has a show coming (a weekly show on air comes again
   * within the 7 days too). A live stream shown: the chunks its press needs (now playing as heard,
   * the lock screen) come now, so the press fetches and compiles nothing while its media connects
   * (docs/sources-and-relays.md "The first sound").
   */
  protected override dataChanged(): void {
    if (this.data?.schedule?.next?.[0]) void this.panels.load('schedule');
    if (this.item()) void Promise.all([import('./heard.js'), mediaSession()]);
  }

  /** A new track shown: told and put on the lock screen, once rendered. */
  protected override updated(): void {
    super.updated();
    if (this.#told) {
      emit(this, 'castlet-nowplaying', { nowPlaying: this.#shown ?? null });
      this.audio.claim();
    }
  }

  protected renderPlayer(): TemplateResult {
    const d = this.view;
    const now = d?.now_playing;
    const audio = this.audio;
    const { muted, volume } = audio.snapshot;
    const live = d && !this.offline;
    return html`
      <div class="row">
        ${renderArtwork(now?.artwork_url || d?.channel.artwork_url)}
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
          <p part="schedule" class="muted clip">${this.#line || NBSP}</p>
        </div>
        ${renderPlay(this.port, this.offline || !!this.status.error?.fatal)}
      </div>
      <div class="row controls">
        <button part="mute" aria-label=${this.t('Mute')} aria-pressed=${String(muted) as `${boolean}`} aria-keyshortcuts=${shortcut(this.port, 'm')} @click=${() => audio.setMuted(!muted)}>
          ${muted ? mutedIcon : volumeIcon}
        </button>
        <input
          part="volume"
          type="range"
          aria-label=${this.t('Volume')}
          .value=${String(Math.round(volume * 100))}
          @input=${(e: Event) => audio.setVolume(Number((e.target as HTMLInputElement).value) / 100)}
        />
        ${this.panels.loaded.remote?.button(this.port)}
        <span part="listeners" class="muted">${d ? this.t('{n} listeners', { n: d.listeners }) : ''}</span>
      </div>
      <details part="history" @toggle=${this.panels.opens('history')}>
        <summary class="muted">${this.t('Recent tracks')}</summary>
        ${this.panels.loaded.history?.renderHistory({ lit: LIT, history: d?.history ?? [], locale: this.locale.lang })}
      </details>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'stream-player': StreamPlayer;
  }
}
