import type { ReactiveControllerHost } from 'lit';
import type { PlayerState } from '../events.js';
import type { Snapshot } from './playback/types.js';
import { emit } from './emit.js';
import { CastletError, withMessage } from './errors.js';

/** What the status reads of its player. */
export interface StatusParts {
  /** What plays now (asked when needed: the engine is made after the status). */
  playback(): Snapshot;
  /** A fatal error was told: playback gives up (a play waiting for the data too, rejected with it). */
  fatal(error: CastletError): void;
  /** The data arrived. */
  loaded(): boolean;
  /** The player has nothing live to play (a stream off air). */
  offline(): boolean;
  /** Loads the setup errors' look (an on-demand chunk). */
  setup(): void;
}

/**
 * What is wrong and what the player is doing: the error shown (told by castlet-error, once per
 * code in a row) and the state the player reflects (docs/player-parts.md).
 */
export class Status {
  #error: CastletError | null = null;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly parts: StatusParts,
  ) {}

  /** The error shown, if any. */
  get error(): CastletError | null {
    return this.#error;
  }

  set error(error: CastletError | null) {
    if (error !== this.#error) this.host.requestUpdate();
    this.#error = error;
  }

  /** Shows `error` and fires castlet-error (once per code in a row); a fatal one gives up playback, once told. */
  fail(error: CastletError): void {
    if (error.code === this.#error?.code) return;
    this.error = error;
    const told = (e: CastletError) => {
      emit(this.host, 'castlet-error', { code: e.code, message: e.message || e.code, fatal: e.fatal });
      if (e.fatal) this.parts.fatal(e);
    };
    if (error.message) return told(error);
    // A setup error: its look and (English) words come from chunks; shown and told once they
    // arrive (unless replaced).
    this.parts.setup();
    void withMessage(error).then((e) => {
      if (this.#error === error) told((this.error = e));
    });
  }

  /**
   * Things work again: the audio (`audio`: sound flows) or the data (an answer came). Each
   * clears only its own error: the audio's stays until sound flows, whatever the data says.
   */
  clear(audio: boolean): void {
    if ((this.#error?.code === 'media') === audio) this.error = null;
  }

  /** What the player is doing, from its error, data and audio. */
  get state(): PlayerState {
    const { loaded } = this.parts;
    const audio = this.parts.playback();
    const error = this.#error;
    if (error?.fatal || (error && !loaded())) return 'error';
    if (!loaded()) return 'loading';
    if (this.parts.offline()) return 'offline';
    if (audio.buffering) return 'buffering';
    return audio.playing ? 'playing' : 'ready';
  }
}
