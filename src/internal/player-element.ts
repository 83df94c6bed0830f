import { LitElement, html, nothing, type PropertyDeclarations, type TemplateResult } from 'lit';
import type { CastletEventMap, PlayerState } from '../events.js';
import { isHttp, type Endpoint } from './api.js';
import { AudioController, type AudioEventType, type Item } from './audio-controller.js';
import { DataController } from './data.js';
import { emit, type Detail } from './emit.js';
import { CastletError } from './errors.js';
import { LocaleController } from './locale.js';
import type { Text } from '../i18n/en.js';
import { artIcon, pauseIcon, playIcon } from './icons.js';
import { LIT, Panels, type Chunks } from './panels.js';
import type { KeyPlayer } from './hotkeys.js';
import { playerStyles } from './player.styles.js';
import { Status } from './status.js';

export type { Panel } from './panels.js';

/**
 * Every player's chunks: the setup errors' look and English words, loaded when the first one is
 * shown; `sticky`'s mini-player, loaded when a sticky player first plays.
 */
const SETUP = { setup: () => import('./setup-messages.js'), mini: () => import('./mini-player.js') };

/** The keyboard shortcuts: an on-demand chunk, loaded when focus first enters a player. */
const hotkeys = () => import('./hotkeys.js');

/**
 * The base of both players: what every player is. Its properties, the state it reflects,
 * its events and the frame it renders. Its parts: the data it follows (DataController), what
 * is wrong and what it is doing (Status), what plays (AudioController: the one owner of
 * playback), its language (LocaleController) and its panels (Panels): docs/player-parts.md.
 */
export abstract class PlayerElement<T extends object, C extends Chunks = Chunks> extends LitElement {
  static override styles = [playerStyles];
  // Declared here rather than with decorators: the same reactive properties, in fewer bytes.
  static override properties: PropertyDeclarations = {
    publicToken: { attribute: 'public-token' },
    baseUrl: { attribute: 'base-url' },
    channel: {},
    announcement: { state: true },
    // The interface language (`lang`, reflected so the shadow tree inherits it): see LocaleController.
    lang: { reflect: true },
    // (A string: the CDN build's Lit has no Boolean converter; `noHotkeys` reads it.)
    offKeys: { attribute: 'no-hotkeys' },
  };

  /** The account's public token (required). Never the private one. */
  publicToken = '';

  /** Where the service lives: required with the npm package; the CDN script defaults it to its own origin. */
  baseUrl = '';

  /** Channel id; the account's first channel when empty. */
  channel = '';

  /** The `no-hotkeys` attribute: '' while it is there. */
  private offKeys: string | null = null;

  /** Turns the keyboard shortcuts off (hotkeys.ts): the `no-hotkeys` attribute. */
  get noHotkeys(): boolean {
    return this.offKeys != null;
  }

  set noHotkeys(off: boolean) {
    this.toggleAttribute('no-hotkeys', off);
  }

  #now: PlayerState = 'loading';

  /** Text for the polite live region (track changes). */
  protected announcement = '';
  /** The on-demand panels (chunks), by name. */
  protected readonly panels: Panels<C & typeof SETUP>;

  /** What plays: the one owner of the media element, the position, the speed and the resume point. */
  protected readonly audio: AudioController;
  /** The listener's language: the `lang` attribute, else the page's, else English. */
  protected readonly locale: LocaleController;
  /** The error shown and the state. */
  protected readonly status: Status;
  #source: DataController<T>;

  constructor(live: boolean, endpoint: Endpoint, valid: (v: unknown) => boolean, chunks: C) {
    super();
    this.panels = new Panels(this, { ...chunks, ...SETUP });
    this.status = new Status(this, {
      audio: () => this.audio,
      loaded: () => !!this.data,
      offline: () => this.offline,
      setup: () => void this.panels.load('setup'),
    });
    // The first controller: at each update the data followed changes before the audio follows
    // what is shown, and the data is asked for before anything else starts (a language chunk).
    this.#source = new DataController<T>(this, {
      endpoint,
      valid,
      status: this.status,
      stop: () => this.audio.stop(),
      changed: () => this.dataChanged(),
      failed: (e) => this.feedFailed(e),
    });
    this.locale = new LocaleController(this);
    this.audio = new AudioController(
      this,
      live,
      (type, src) => this.audioEvent(type, src),
      () => this.item(),
    );
    this.addEventListener('focusin', () => void hotkeys().then((m) => m.hotkeys(this as unknown as KeyPlayer)), { once: true });
  }

  /** What the player is doing (read-only; the host's `state` attribute reflects it for CSS). */
  get state(): PlayerState {
    return this.#now;
  }

  /** The public data, once it arrived. */
  protected get data(): T | null {
    return this.#source.data;
  }

  /** The player's <audio> element (read-only: for tests and integrators who want to observe it). */
  get media(): HTMLAudioElement {
    return this.audio.media;
  }

  /** Asks the service again now (for example after the owner changed the episodes). */
  refresh(): void {
    this.#source.refresh();
  }

  /**
   * Starts playback, as the Play button does (the same events). Before the data arrived it
   * plays when the data comes. Resolves once sound flows; rejects when it will not: paused
   * first (`AbortError`), blocked by the browser (`NotAllowedError`), nothing to play (offline,
   * no episodes), or the player's fatal error (the CastletError that castlet-error reports).
   */
  async play(): Promise<void> {
    const e = this.status.error;
    if (e?.fatal) throw e;
    const started = this.audio.started();
    if (!this.audio.wanted) this.audio.play();
    return started;
  }

  /** Pauses, as the Pause button does (the same events); a play waiting for the data is taken back. */
  async pause(): Promise<void> {
    this.audio.pause();
  }

  /** Plays or pauses, as the Play/Pause button does. */
  toggle(): Promise<void> {
    return this.audio.wanted || this.audio.early ? this.pause() : this.play();
  }

  /** The state reflected (and announced by an event) once rendered. */
  protected override updated(): void {
    const next = this.status.state;
    this.setAttribute('state', next);
    if (next !== this.#now) {
      this.#now = next;
      this.emit('castlet-statechange', { state: next });
    }
  }

  /** The English message `text` in the listener's language (bound: panels get it as it is). */
  protected readonly t = (text: Text, vars?: Record<string, string | number>): string => this.locale.t(text, vars);

  /** Fires a castlet event: bubbles, composed, typed detail. */
  protected emit<K extends keyof CastletEventMap>(type: K, detail: Detail<K>): void {
    emit(this, type, detail);
  }

  /** From the audio controller: playback started or stopped, the audio failed or works again, the position moved, the file ended. */
  protected audioEvent(type: AudioEventType, src: string): void {
    if (type === 'error') this.status.fail(new CastletError('media'));
    else if (type === 'recovered') this.status.clear(true);
    else if (type === 'play' || type === 'pause') {
      this.emit(`castlet-${type}`, { src });
      // `sticky`: from its first play on, the mini-player's chunk watches the card (mini-player.ts).
      if (this.hasAttribute('sticky')) void this.panels.load('mini').then((m) => m.stick(this as never, LIT));
    }
  }

  /** Something the subclass needs when new data arrives (before rendering). */
  protected dataChanged(): void {}

  /** The feed failed (the error is shown already); widgets may react. */
  protected feedFailed(_error: CastletError): void {}

  /** What the player shows, to be played: undefined before the data, null when there is nothing to play. */
  protected abstract item(): Item | null | undefined;

  /** The offline state, for widgets that have one. */
  protected get offline(): boolean {
    return false;
  }

  protected override render(): TemplateResult {
    const e = this.status.error;
    // Right to left for Arabic (the only such language here); otherwise the direction is inherited.
    return html`<div part="base" dir=${this.locale.lang === 'ar' ? 'rtl' : nothing}>
      ${this.renderPlayer()}
      ${
        e
          ? html`<p part="message" class=${e.fatal ? `fatal ${e.code === 'private_token_exposed' ? 'loud' : ''}` : ''} role=${e.fatal ? 'alert' : 'status'}>
            ${e.message && this.t(e.message)}
          </p>`
          : this.audio.retries && this.audio.buffering && !this.offline
            ? html`<p part="message" role="status">${this.t('Reconnecting…')}</p>`
            : this.audio.early
              ? html`<p part="message" role="status">${this.t('Starting when loaded…')}</p>`
              : nothing
      }
      <div class="sr-only" aria-live="polite">${this.announcement}</div>
    </div>`;
  }

  protected abstract renderPlayer(): TemplateResult;

  /** `aria-keyshortcuts` for a control: its hotkeys, unless they are off. */
  protected shortcut(keys: string): string | typeof nothing {
    return this.noHotkeys ? nothing : keys;
  }

  /** The big Play/Pause button: usable at once, before the data arrived. */
  protected renderPlay(disabled = this.offline || !!this.status.error?.fatal): TemplateResult {
    const on = this.audio.wanted || this.audio.early;
    // Pause is never disabled: the listener can always stop the sound.
    return html`<button part="play" aria-label=${this.t(on ? 'Pause' : 'Play')} aria-keyshortcuts=${this.shortcut('k Space')} ?disabled=${disabled && !on} @click=${() => this.toggle().catch(() => {})}>
      ${on ? pauseIcon : playIcon}
    </button>`;
  }

  /** Artwork, or a gradient tile of the same size when there is none (no layout shift). */
  protected renderArtwork(src: string | null | undefined): TemplateResult {
    return isHttp(src)
      ? html`<img part="artwork" src=${src} alt="" width="88" height="88" />`
      : html`<div part="artwork" class="no-art" aria-hidden="true">${artIcon}</div>`;
  }
}
