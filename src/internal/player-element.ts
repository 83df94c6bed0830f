import {
  LitElement,
  adoptStyles,
  css,
  html,
  nothing,
  type CSSResult,
  type PropertyDeclarations,
  type PropertyValues,
  type TemplateResult,
} from 'lit';
import type { CastletEventMap, PlayerState } from '../events.js';
import { isHttp, publicUrl, type Endpoint } from './api.js';
import { AudioController, type AudioEventType } from './audio-controller.js';
import { CastletError, withMessage } from './errors.js';
import { FeedController } from './feed.js';
import { LocaleController } from './locale.js';
import { miniController } from './mini.js';
import type { MessageKey, SetupText } from '../i18n/en.js';
import { artIcon, pauseIcon, playIcon } from './icons.js';
import type { SessionPlayer } from './media-session.js';
import { playerStyles } from './player.styles.js';
import { checkToken } from './tokens.js';

/** The lock-screen controls: an on-demand chunk, loaded when a player first plays. */
const mediaSession = () => import('./media-session.js');

/** Lit, for the on-demand panels: a chunk imports nothing from the bundle, so it uses the bundle's Lit (one Lit per page). */
export interface Lit {
  html: typeof html;
  nothing: typeof nothing;
}
export const LIT: Lit = { html, nothing };

/** An on-demand panel's module (a chunk): what it renders, and its look, made with the player's `css`. */
export interface Panel {
  styles(c: typeof css): CSSResult;
}

type Detail<K extends keyof CastletEventMap> = CastletEventMap[K] extends CustomEvent<infer D> ? D : never;

/**
 * The base of both players: token and base-url handling, the shared data feed, loading
 * and error states, the audio controller, Media Session, typed events and styles.
 */
export abstract class PlayerElement<T extends object> extends LitElement {
  static override styles = [playerStyles];
  // Declared here rather than with decorators: the same reactive properties, in fewer bytes.
  static override properties: PropertyDeclarations = {
    publicToken: { attribute: 'public-token' },
    baseUrl: { attribute: 'base-url' },
    channel: {},
    data: { state: true },
    error: { state: true },
    announcement: { state: true },
    early: { state: true },
    panels: { state: true },
    // The interface language (`lang`, reflected so the shadow tree inherits it): see LocaleController.
    lang: { reflect: true },
    sticky: { type: Boolean },
  };

  /** The account's public token (required). Never the private one. */
  publicToken = '';

  /** Where the service lives: required with the npm package; the CDN script defaults it to its own origin. */
  baseUrl = '';

  /** Channel id; the account's first channel when empty. */
  channel = '';

  /** While it plays with its card scrolled out of view, a mini-player sits at the viewport's bottom. */
  sticky = false;

  #now: PlayerState = 'loading';

  /** The public data, once it arrived. */
  protected data: T | null = null;
  protected error: CastletError | null = null;
  /** Text for the polite live region (track changes). */
  protected announcement = '';
  /** The on-demand panels loaded so far, by name. */
  protected panels: Record<string, Panel> = {};
  #sheets: CSSResult[] = [];
  /** Play was pressed before the data arrived: play once it does. */
  private early = false;

  protected readonly audio: AudioController;
  /** The listener's language: the `lang` attribute, else the page's, else English. */
  protected readonly locale = new LocaleController(this);
  /** `sticky`'s mini-player. */
  #mini = miniController(this as never);
  #source: FeedController<T>;
  /** This player has put itself on the lock screen (so leaving the page takes it off). */
  #claimed = false;
  /** The token, base-url and channel the data was asked with. */
  #asked = '';

  /** The endpoint with the widget's data; `{endpoint}/events` pushes the same object as events named `endpoint`. */
  protected abstract readonly endpoint: Endpoint;

  constructor(live: boolean, valid: (v: unknown) => boolean) {
    super();
    this.audio = new AudioController(this, live, (type, src) => this.audioEvent(type, src));
    this.#source = new FeedController<T>(this, valid, (data, error) => this.#received(data, error));
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

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    if (this.#claimed) void mediaSession().then((m) => m.releaseMediaSession(this));
  }

  protected override willUpdate(_changed: PropertyValues<this>): void {
    const asked = [this.publicToken, this.baseUrl, this.channel].join(' ');
    if (asked !== this.#asked) {
      this.#asked = asked;
      this.#subscribe();
    }
    const next = this.#computeState();
    this.setAttribute('state', next);
    if (next !== this.#now) {
      this.#now = next;
      this.emit('castlet-statechange', { state: next });
    }
  }

  /** The English message `text` in the listener's language (bound: panels get it as it is). */
  protected readonly t = (text: MessageKey | SetupText, vars?: Record<string, string | number>): string => this.locale.t(text, vars);

  /** A panel's chunk, loaded (and its styles added) the first time it is asked for. */
  protected async panel<M extends Panel>(name: string, chunk: () => Promise<M>): Promise<M> {
    const m = await chunk();
    // An element created before it is on a page has no shadow root yet: wait for its first render.
    await this.updateComplete;
    if (!this.panels[name]) {
      this.#sheets.push(m.styles(css));
      adoptStyles(this.renderRoot as ShadowRoot, [...(this.constructor as typeof LitElement).elementStyles, ...this.#sheets]);
      this.panels = { ...this.panels, [name]: m };
    }
    return m;
  }

  /** A `<details>` toggle handler that loads the panel `name` when it first opens. */
  protected opens(name: string, chunk: () => Promise<Panel>) {
    return (e: Event) => (e.target as HTMLDetailsElement).open && void this.panel(name, chunk);
  }

  /** Fires a castlet event: bubbles, composed, typed detail. */
  protected emit<K extends keyof CastletEventMap>(type: K, detail: Detail<K>): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  /** From the audio controller: playback started or stopped, the audio failed or works again. */
  protected audioEvent(type: AudioEventType, src: string): void {
    if (type === 'error') this.fail(new CastletError('media'));
    else if (type === 'recovered') {
      if (this.error?.code === 'media') this.error = null;
    } else {
      this.emit(type === 'play' ? 'castlet-play' : 'castlet-pause', { src });
      // (Only a player that plays claims the system controls.)
      this.updateMediaSession();
    }
  }

  /** Something the subclass needs when new data arrives (before rendering). */
  protected dataChanged(): void {}

  /** The feed failed (the error is shown already); widgets may react. */
  protected feedFailed(_error: CastletError): void {}

  /** The offline state, for widgets that have one. */
  protected get offline(): boolean {
    return false;
  }

  /** Plays or pauses; subclasses say what to play. */
  protected abstract play(): void;

  protected toggle(): void {
    if (this.audio.wanted) this.audio.pause();
    else if (this.data) this.play();
    // Before the data: remember the press (a second one takes it back).
    else this.early = !this.early;
  }

  /** Re-announces the Media Session when what plays changes. */
  protected updateMediaSession(): void {
    if (!this.audio.wanted) return;
    this.#claimed = true;
    void mediaSession().then((m) =>
      m.claimMediaSession(
        this as unknown as SessionPlayer,
        () => this.play(),
        () => this.audio.pause(),
      ),
    );
  }

  #subscribe() {
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
    if (data && data !== old) this.dataChanged();
    if (error) {
      this.fail(error);
      this.feedFailed(error);
      // (The audio's own error stays until sound flows again.)
    } else if (this.error?.code !== 'media') this.error = null;
    if (this.early && (data || error?.fatal)) {
      this.early = false;
      if (data) this.play();
    }
  }

  /** Shows `error` and fires castlet-error (once per code in a row). */
  protected fail(error: CastletError): void {
    if (error.code === this.error?.code) return;
    this.error = error;
    const told = (e: CastletError) => this.emit('castlet-error', { code: e.code, message: e.message, fatal: e.fatal });
    if (error.message) return told(error);
    // A setup error: its look and (English) words come from a chunk; shown and told once they
    // arrive (unless replaced).
    void this.panel('setup', () => import('./setup-messages.js'));
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
            ${this.t(e.message as MessageKey)}
          </p>`
          : this.audio.retries && this.audio.buffering && !this.offline
            ? html`<p part="message" role="status">${this.t('Reconnecting…')}</p>`
            : this.early
              ? html`<p part="message" role="status">${this.t('Starting when loaded…')}</p>`
              : nothing
      }
      <div class="sr-only" aria-live="polite">${this.announcement}</div>
    </div>
    ${this.#mini(LIT)}`;
  }

  protected abstract renderPlayer(): TemplateResult;

  /** The big Play/Pause button: usable at once, before the data arrived. */
  protected renderPlay(disabled = this.offline || !!this.error?.fatal): TemplateResult {
    const on = this.audio.wanted || this.early;
    // Pause is never disabled: the listener can always stop the sound.
    return html`<button part="play" aria-label=${this.t(on ? 'Pause' : 'Play')} ?disabled=${disabled && !on} @click=${() => this.toggle()}>
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
