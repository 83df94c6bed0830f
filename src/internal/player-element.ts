import { LitElement, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import type { PlayerState } from '../events.js';
import type { Endpoint } from './api.js';
import { DataController } from './data.js';
import { emit } from './emit.js';
import { warm } from './format.js';
import type { Valid } from './feed.js';
import { CastletError } from './errors.js';
import { renderFrame } from './frame.js';
import { hotkeysController } from './hotkeys-controller.js';
import { LocaleController } from './locale.js';
import { mediaSessionController } from './media-session-controller.js';
import { nextTask } from './next-task.js';
import { Panels, SETUP, type Chunks } from './panels.js';
import { PlaybackController } from './playback/controller.js';
import type { Item } from './playback/types.js';
import { playerStyles } from './player.styles.js';
import { remoteController } from './remote-controller.js';
import { makePort, type Kind, type PlayerPort, type Say } from './port.js';
import { Status } from './status.js';
import { stickyController } from './sticky-controller.js';

/** What every player is (its properties, state, events, script API and frame.ts), made of parts (docs/player-parts.md): the data, the status, the
 * playback, the language, the panels, and the port the hotkeys, lock screen, `sticky` and Cast see (controllers beside their chunks). */
export abstract class PlayerElement<T extends object, C extends Chunks = Chunks> extends LitElement {
  static override styles = [playerStyles];
  static override properties: PropertyDeclarations = {
    publicToken: { attribute: 'public-token' }, // (Declared here rather than with decorators: the same, in fewer bytes.)
    baseUrl: { attribute: 'base-url' },
    channel: {},
    announcement: { state: true }, // Text for the polite live region (track changes).
    lang: { reflect: true }, // The interface language (reflected: the shadow tree inherits it): see LocaleController.
    offKeys: { attribute: 'no-hotkeys' }, // '' while it is there (a string: the CDN build's Lit has no Boolean converter; `noHotkeys` reads it).
  };
  /** The account's public token (required). Never the private one. */
  publicToken = '';
  /** Where the service lives: required with the npm package; the CDN script defaults it to its own origin. */
  baseUrl = '';
  /** Channel id; the account's first channel when empty. */
  channel = '';
  private offKeys: string | null = null;
  protected announcement = '';
  #now: PlayerState = 'loading';
  #told = false; // (The state changed in this update: told once rendered.)
  protected readonly panels: Panels<C & typeof SETUP>;
  protected readonly status: Status;
  #source: DataController<T>;
  protected readonly locale: LocaleController;
  protected readonly audio: PlaybackController;
  protected readonly port: PlayerPort;

  constructor(endpoint: Endpoint, valid: Valid, chunks: C) {
    super();
    const panels = (this.panels = new Panels(this, { ...chunks, ...SETUP }));
    const [loaded, offline, setup] = [() => !!this.data && audio.ready, () => this.offline, () => void panels.load('setup')]; // (Ready: data and engine.)
    const status = (this.status = new Status(this, { playback: () => audio.snapshot, fatal: (e) => audio.fail(e), loaded, offline, setup }));
    // The first controller: the data followed changes before the audio follows what is shown. What the service says, playback decides on.
    this.#source = new DataController<T>(this, {
      ...{ endpoint, valid, status, stop: () => audio.stop() },
      changed: () => (audio.said(this.offline ? 'offline' : 'back'), this.dataChanged()),
      failed: (e) => e.code === 'network' && audio.said('unreachable'),
    });
    const locale = (this.locale = new LocaleController(this));
    const audio = (this.audio = new PlaybackController(this, { item: () => this.item(), refresh: () => this.refresh() }));
    const port = (this.port = makePort({ host: this, audio, locale, t: this.t, toggle: () => this.toggle(), loadKind: () => this.loadKind() }));
    mediaSessionController(port, audio);
    hotkeysController(port);
    audio.on('error', () => status.fail(new CastletError('media'))); // What the engine tells: the audio failed or works again; it plays or not.
    audio.on('recovered', () => status.clear(true));
    for (const type of ['play', 'pause'] as const) audio.on(type, (src) => emit(this, `castlet-${type}`, { src, ...this.told(src) }));
    stickyController(port, audio, () => panels.load('mini'));
    remoteController(port, audio, () => panels.load('remote'));
  }
  /** Turns the keyboard shortcuts off (hotkeys.ts): the `no-hotkeys` attribute. */
  get noHotkeys(): boolean {
    return this.offKeys != null;
  }
  set noHotkeys(off: boolean) {
    this.toggleAttribute('no-hotkeys', off);
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
  /** Starts playback, as the Play button does (the same events); before the data, when it comes. Resolves once sound flows; rejects when it will
   * not: paused first (`AbortError`), blocked by the browser (`NotAllowedError`), nothing to play, or the player's fatal error (its CastletError). */
  async play(): Promise<void> {
    const e = this.status.error;
    if (e?.fatal) throw e;
    return this.audio.start();
  }
  /** Pauses, as the Pause button does (the same events); a play waiting for the data is taken back. */
  async pause(): Promise<void> {
    this.audio.pause();
  }
  /** Plays or pauses, as the Play/Pause button does. */
  toggle(): Promise<void> {
    return this.audio.snapshot.on ? this.pause() : this.play();
  }
  /** The first render in a task of its own (the card's place held: player.styles.ts), then Intl's data (`warm`): docs/performance.md. */
  protected override scheduleUpdate(): void | Promise<unknown> {
    return this.hasUpdated ? super.scheduleUpdate() : new Promise<void>(nextTask).then(() => (super.scheduleUpdate(), warm(this.locale.lang)));
  }
  /** After the controllers updated (the data followed, the audio following what is shown), before rendering: the state, reflected for CSS. */
  protected override update(changed: PropertyValues): void {
    this.derive();
    this.#told = this.#now !== (this.#now = this.status.state);
    this.setAttribute('state', this.#now);
    super.update(changed);
  }
  /** A new state is told once rendered. */
  protected override updated(): void {
    if (this.#told) emit(this, 'castlet-statechange', { state: this.#now });
  }
  protected override render(): TemplateResult {
    const port = this.port;
    return renderFrame(this.renderPlayer(), port, this.status.error, this.offline, this.announcement, this.panels.loaded.remote?.line(port));
  }
  /** The English message `text` in the listener's language (bound: panels get it as it is). */
  protected readonly t: Say = (text, vars) => this.locale.t(text, vars);
  /** The public data, once it arrived. */
  protected get data(): T | null {
    return this.#source.data;
  }
  /** (What a kind of player supplies, and may override, from here on.) What the player shows, to be played: undefined before the data, null when there is nothing to play. */
  protected abstract item(): Item | null | undefined;
  /** Its content inside the frame. */
  protected abstract renderPlayer(): TemplateResult;
  /** Loads its keys and lock-screen details (its own on-demand chunk; the port asks once). */
  protected abstract loadKind(): Promise<Kind>;
  /** Works out what it shows before rendering (after the controllers updated). */
  protected derive(): void {}
  /** Something it needs when new data arrives (before rendering). */
  protected dataChanged(): void {}
  /** What castlet-play and castlet-pause add to `src` about what plays (`src`). */
  protected told = (_src: string): object => ({});
  /** A stream off air (for the players that have one). */
  protected get offline(): boolean {
    return false;
  }
}
