import { LitElement, html, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import type { CastletEventMap, PlayerState } from '../events.js';
import { isHttp, type Endpoint } from './api.js';
import { PlaybackController } from './playback/controller.js';
import type { Item } from './playback/types.js';
import { DataController } from './data.js';
import { emit, type Detail } from './emit.js';
import { CastletError } from './errors.js';
import { LocaleController } from './locale.js';
import type { Text } from '../i18n/en.js';
import { artIcon, pauseIcon, playIcon } from './icons.js';
import { LIT, Panels, type Chunks } from './panels.js';
import { playerStyles } from './player.styles.js';
import type { Kind, PlayerPort } from './port.js';
import { Status } from './status.js';

export type { Panel } from './panels.js';

/**
 * Every player's chunks: the setup errors' look and English words, loaded when the first one is
 * shown; `sticky`'s mini-player, loaded when a sticky player first plays.
 */
const SETUP = { setup: () => import('./setup-messages.js'), mini: () => import('./mini-player.js') };

/** The keyboard shortcuts: an on-demand chunk, loaded when focus first enters a player. */
const hotkeys = () => import('./hotkeys.js');
/** The lock-screen controls: an on-demand chunk, loaded when a player first plays. */
const mediaSession = () => import('./media-session.js');

/**
 * The base of both players: what every player is. Its properties, the state it reflects,
 * its events and the frame it renders. Its parts: the data it follows (DataController), what
 * is wrong and what it is doing (Status), what plays (PlaybackController: the state machine and
 * the one adapter of the media element), its language (LocaleController) and its panels (Panels): docs/player-parts.md.
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

  /** What plays: the playback engine (the state machine, the media element, the position, the speed, the resume point). */
  protected readonly audio: PlaybackController;
  /** What the player's parts (hotkeys, lock screen, mini-player) see of it. */
  protected readonly port: PlayerPort;
  /** Keys pressed while the hotkeys' chunk loads (with where each was pressed): acted on when it is here. */
  #keys: [KeyboardEvent, EventTarget][] | null = [];
  /** The listener's language: the `lang` attribute, else the page's, else English. */
  protected readonly locale: LocaleController;
  /** The error shown and the state. */
  protected readonly status: Status;
  #source: DataController<T>;

  constructor(endpoint: Endpoint, valid: (v: unknown) => boolean, chunks: C) {
    super();
    this.panels = new Panels(this, { ...chunks, ...SETUP });
    this.status = new Status(this, {
      playback: () => this.audio.snapshot,
      fatal: (e) => this.audio.fail(e),
      // (Ready once the data and the playback engine are here: what is shown is then where it plays from.)
      loaded: () => !!this.data && this.audio.ready,
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
      // What the service says, for the playback to decide (a stream off air or unreachable is held, and plays when back).
      changed: () => (this.audio.said(this.offline ? 'offline' : 'back'), this.dataChanged()),
      failed: (e) => e.code === 'network' && this.audio.said('unreachable'),
    });
    this.locale = new LocaleController(this);
    this.audio = new PlaybackController(this, {
      item: () => this.item(),
      refresh: () => this.refresh(),
      session: (on) =>
        void (on
          ? Promise.all([mediaSession(), this.port.kind()]).then(([m, kind]) =>
              m.claimMediaSession(
                this.port,
                kind,
                () => this.audio.play(),
                () => this.audio.pause(),
              ),
            )
          : mediaSession().then((m) => m.releaseMediaSession(this.port))),
    });
    const { audio, locale } = this;
    // What the engine tells: the audio failed or works again; playback started or stopped.
    audio.on('error', () => this.status.fail(new CastletError('media')));
    audio.on('recovered', () => this.status.clear(true));
    for (const type of ['play', 'pause'] as const)
      audio.on(type, (src) => {
        this.emit(`castlet-${type}`, { src, ...this.told(src) });
        // `sticky`: from its first play on, the mini-player's chunk watches the card (mini-player.ts).
        if (this.hasAttribute('sticky')) void Promise.all([this.panels.load('mini'), this.kind()]).then(([m, kind]) => m.stick(this.port, kind, LIT));
      });
    this.port = {
      host: this,
      get playback() {
        return audio.snapshot;
      },
      get lang() {
        return locale.lang;
      },
      get noHotkeys() {
        return this.host.hasAttribute('no-hotkeys');
      },
      t: this.t,
      toggle: () => this.toggle(),
      setMuted: (m) => audio.setMuted(m),
      kind: () => this.kind(),
    };
    // Keys pressed before the hotkeys' chunk is here wait for it (a press right after a Tab is not lost).
    const early = (e: KeyboardEvent) => this.#keys?.push([e, e.composedPath()[0] ?? this]);
    this.addEventListener('keydown', early);
    this.addEventListener(
      'focusin',
      () =>
        void Promise.all([hotkeys(), this.kind()]).then(([m, kind]) => {
          this.removeEventListener('keydown', early);
          m.hotkeys(this.port, kind.keys, this.#keys ?? []);
          this.#keys = null;
        }),
      { once: true },
    );
  }

  #kind?: Promise<Kind>;

  /** This kind of player's keys and lock-screen details, loaded once. */
  protected kind(): Promise<Kind> {
    return (this.#kind ??= this.loadKind());
  }

  /** Loads this kind of player's keys and lock-screen details (its own on-demand chunk). */
  protected abstract loadKind(): Promise<Kind>;

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
    if (!this.audio.snapshot.on) this.audio.play();
    return started;
  }

  /** Pauses, as the Pause button does (the same events); a play waiting for the data is taken back. */
  async pause(): Promise<void> {
    this.audio.pause();
  }

  /** Plays or pauses, as the Play/Pause button does. */
  toggle(): Promise<void> {
    return this.audio.snapshot.on ? this.pause() : this.play();
  }

  /** The state changed in this update: told once rendered. */
  #told = false;

  /**
   * What is shown, worked out after the controllers have updated (the data followed, the
   * audio following what is shown) and before rendering: the state, reflected for CSS.
   */
  protected override update(changed: PropertyValues): void {
    this.derive();
    const next = this.status.state;
    this.setAttribute('state', next);
    this.#told = next !== this.#now;
    this.#now = next;
    super.update(changed);
  }

  /** What a kind of player works out before rendering (after the controllers updated). */
  protected derive(): void {}

  /** A new state is told once rendered. */
  protected override updated(): void {
    if (this.#told) this.emit('castlet-statechange', { state: this.#now });
  }

  /** The English message `text` in the listener's language (bound: panels get it as it is). */
  protected readonly t = (text: Text, vars?: Record<string, string | number>): string => this.locale.t(text, vars);

  /** Fires a castlet event: bubbles, composed, typed detail. */
  protected emit<K extends keyof CastletEventMap>(type: K, detail: Detail<K>): void {
    emit(this, type, detail);
  }

  /** What castlet-play and castlet-pause add to `src` about what plays (`src`). */
  protected told(_src: string): object {
    return {};
  }

  /** Something the subclass needs when new data arrives (before rendering). */
  protected dataChanged(): void {}

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
          : this.audio.snapshot.reconnecting && !this.offline
            ? html`<p part="message" role="status">${this.t('Reconnecting…')}</p>`
            : this.audio.snapshot.state === 'waiting'
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
    const on = this.audio.snapshot.on;
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
