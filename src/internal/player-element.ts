import { LitElement, html, nothing, render, type PropertyDeclarations, type TemplateResult } from 'lit';
import type { CastletEventMap, PlayerState } from '../events.js';
import { isHttp, publicUrl, type Endpoint } from './api.js';
import { AudioController, type AudioEventType, type Item } from './audio-controller.js';
import { CastletError, withMessage } from './errors.js';
import { FeedController } from './feed.js';
import { LocaleController } from './locale.js';
import type { Text } from '../i18n/en.js';
import { artIcon, pauseIcon, playIcon } from './icons.js';
import { Panels, type Chunks } from './panels.js';
import type { KeyPlayer } from './hotkeys.js';
import { playerStyles } from './player.styles.js';
import { checkToken } from './tokens.js';

export type { Panel } from './panels.js';

/**
 * Every player's chunks: the setup errors' look and English words, loaded when the first one is
 * shown; `sticky`'s mini-player, loaded when a sticky player first plays.
 */
const SETUP = { setup: () => import('./setup-messages.js'), mini: () => import('./mini-player.js') };

/** The keyboard shortcuts: an on-demand chunk, loaded when focus first enters a player. */
const hotkeys = () => import('./hotkeys.js');

/** Lit, for the on-demand panels: a chunk imports nothing from the bundle, so it uses the bundle's Lit (one Lit per page). */
export interface Lit {
  html: typeof html;
  nothing: typeof nothing;
}
/** (With `render`, for a chunk that renders outside the player's template: the mini-player.) */
export const LIT: Lit & { render: typeof render } = { html, nothing, render };

type Detail<K extends keyof CastletEventMap> = CastletEventMap[K] extends CustomEvent<infer D> ? D : never;

/**
 * The base of both players: what every player is. Its properties, the state it reflects,
 * its events and the frame it renders; the data it follows (FeedController), what plays
 * (AudioController: the one owner of playback) and its panels (Panels) are its parts.
 */
export abstract class PlayerElement<T extends object, C extends Chunks = Chunks> extends LitElement {
  static override styles = [playerStyles];
  // Declared here rather than with decorators: the same reactive properties, in fewer bytes.
  static override properties: PropertyDeclarations = {
    publicToken: { attribute: 'public-token' },
    baseUrl: { attribute: 'base-url' },
    channel: {},
    data: { state: true },
    error: { state: true },
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

  /** The public data, once it arrived. */
  protected data: T | null = null;
  protected error: CastletError | null = null;
  /** Text for the polite live region (track changes). */
  protected announcement = '';
  /** The on-demand panels (chunks), by name. */
  protected readonly panels: Panels<C & typeof SETUP>;

  /** What plays: the one owner of the media element, the position, the speed and the resume point. */
  protected readonly audio: AudioController;
  /** The listener's language: the `lang` attribute, else the page's, else English. */
  protected readonly locale: LocaleController;
  #source: FeedController<T>;
  /** The token, base-url and channel the data was asked with. */
  #asked = '';

  /** The endpoint with the widget's data; `{endpoint}/events` pushes the same object as events named `endpoint`. */
  protected abstract readonly endpoint: Endpoint;

  constructor(live: boolean, valid: (v: unknown) => boolean, chunks: C) {
    super();
    // First: the data is asked for before anything else starts (a language chunk), and the
    // data followed changes before the audio follows what is shown.
    this.addController({ hostUpdate: () => this.#follow() });
    this.locale = new LocaleController(this);
    this.audio = new AudioController(
      this,
      live,
      (type, src) => this.audioEvent(type, src),
      () => this.item(),
    );
    this.#source = new FeedController<T>(this, valid, (data, error) => this.#received(data, error));
    this.panels = new Panels(this, { ...chunks, ...SETUP });
    this.addEventListener('focusin', () => void hotkeys().then((m) => m.hotkeys(this as unknown as KeyPlayer)), { once: true });
  }

  /** What the player is doing (read-only; the host's `state` attribute reflects it for CSS). */
  get state(): PlayerState {
    return this.#now;
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
    if (this.error?.fatal) throw this.error;
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
    const next = this.#computeState();
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
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  /** From the audio controller: playback started or stopped, the audio failed or works again, the position moved, the file ended. */
  protected audioEvent(type: AudioEventType, src: string): void {
    if (type === 'error') this.fail(new CastletError('media'));
    else if (type === 'recovered') {
      if (this.error?.code === 'media') this.error = null;
    } else if (type === 'play' || type === 'pause') {
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

  /** Follows the token, base-url and channel: when one changed, the data is asked for again. */
  #follow() {
    const asked = [this.publicToken, this.baseUrl, this.channel].join(' ');
    if (asked === this.#asked) return;
    this.#asked = asked;
    this.audio.stop();
    this.data = this.error = null;
    try {
      // A token or base-url that cannot work is reported without asking the server.
      const invalid = checkToken(this.publicToken);
      if (invalid) throw invalid;
      const url = (e: Endpoint | `${Endpoint}/events`) => publicUrl(this.baseUrl, e, this.publicToken, this.channel);
      this.#source.follow(url(this.endpoint), url(`${this.endpoint}/events`), this.endpoint);
    } catch (e) {
      this.#source.follow();
      this.fail(e instanceof CastletError ? e : new CastletError('invalid_base_url'));
    }
  }

  #received(data: T | null, error: CastletError | null) {
    const old = this.data;
    this.data = data;
    // A bad token now (e.g. the owner reset the tokens): stop, whatever was playing.
    if (!data) this.audio.stop();
    if (error) {
      this.fail(error);
      this.feedFailed(error);
      // (The audio's own error stays until sound flows again.)
    } else if (this.error?.code !== 'media') this.error = null;
    if (data && data !== old) this.dataChanged();
  }

  /** Shows `error` and fires castlet-error (once per code in a row); a fatal one gives up a play waiting to start. */
  protected fail(error: CastletError): void {
    if (error.code === this.error?.code) return;
    this.error = error;
    if (error.fatal) this.audio.early = false;
    const told = (e: CastletError) => {
      this.emit('castlet-error', { code: e.code, message: e.message || e.code, fatal: e.fatal });
      if (e.fatal) this.audio.settle(e);
    };
    if (error.message) return told(error);
    // A setup error: its look and (English) words come from a chunk; shown and told once they
    // arrive (unless replaced).
    void this.panels.load('setup');
    void withMessage(error).then((e) => {
      if (this.error === error) told((this.error = e));
    });
  }

  #computeState(): PlayerState {
    if (this.error?.fatal || (!this.data && this.error)) return 'error';
    if (!this.data) return 'loading';
    if (this.offline) return 'offline';
    if (this.audio.buffering) return 'buffering';
    return this.audio.playing ? 'playing' : 'ready';
  }

  protected override render(): TemplateResult {
    const e = this.error;
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
  protected renderPlay(disabled = this.offline || !!this.error?.fatal): TemplateResult {
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
