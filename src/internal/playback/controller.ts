import type { ReactiveController } from 'lit';
import { backoff } from '../backoff.js';
import type { Playback } from './engine.js';
import { SPEEDS, type EngineHost, type EngineParts, type Snapshot } from './types.js';

/**
 * The engine (the machine and what performs it) and the media adapter: on-demand chunks, asked
 * for as soon as a player is on a page, beside its data. Until they are here the player renders
 * as idle, and what it is asked to do waits for them, in order.
 */
const engine = () => Promise.all([import('./engine.js'), import('./media-adapter.js')]);

/**
 * A player's playback, from its first render on: the engine (engine.ts) once its chunk is here,
 * and until then what it will be asked (a Play pressed at once plays when it arrives). The
 * player and its parts use only this; docs/playback.md.
 */
export class PlaybackController implements ReactiveController {
  /** The player's media element: made at once (integrators may observe it), touched only by the engine's media adapter. */
  readonly media: HTMLAudioElement = new Audio();
  #engine?: Playback;
  /** What was asked before the engine was here. */
  #asked: ((engine: Playback) => void)[] = [];
  /** A play was asked before the engine was here (and not taken back). */
  #wants = false;
  /** The engine's chunks were asked for. */
  #asking = false;

  constructor(
    private readonly host: EngineHost,
    private readonly parts: EngineParts,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    if (this.#asking) return;
    this.#asking = true;
    void engine().then(([e, a]) => {
      const playback = (this.#engine = new e.Playback(this.host, this.parts, {
        media: this.media,
        Adapter: a.MediaAdapter,
        backoff,
        speeds: SPEEDS,
      }));
      for (const ask of this.#asked.splice(0)) ask(playback);
      // What is shown follows it now (the resume point, the speed), not at some later update.
      this.host.requestUpdate();
    });
  }

  /** Does `ask` now, or once the engine is here. */
  #do(ask: (engine: Playback) => void): void {
    if (this.#engine) ask(this.#engine);
    else {
      this.#asked.push(ask);
      this.host.requestUpdate();
    }
  }

  /** What plays now (see Snapshot); before the engine is here, nothing does. */
  get snapshot(): Snapshot {
    return (
      this.#engine?.snapshot ?? {
        state: this.#wants ? 'waiting' : 'idle',
        live: !!this.parts.item()?.live,
        on: this.#wants,
        playing: false,
        buffering: false,
        reconnecting: false,
        loadedAt: 0,
        sounding: false,
        position: 0,
        duration: this.parts.item()?.duration ?? 0,
        rate: 1,
        // (A new element's: nothing changes them before the engine is here.)
        volume: 1,
        muted: false,
        until: null,
      }
    );
  }

  /** Seconds into what is shown. */
  get position(): number {
    return this.snapshot.position;
  }

  /** The engine is here: the player can say it is ready. */
  get ready(): boolean {
    return !!this.#engine;
  }

  /** Waiting for the service to come back (see Playback.hold). */
  get held(): boolean {
    return !!this.#engine?.held;
  }

  play(): void {
    this.#wants = true;
    this.#do((e) => e.play());
  }

  pause(): void {
    this.#wants = false;
    this.#do((e) => e.pause());
  }

  /** Resolves when sound flows next; rejects when the play is given up first (Playback.started). */
  started(): Promise<void> {
    return new Promise((resolve, reject) => this.#do((e) => e.started().then(resolve, reject)));
  }

  stop(): void {
    this.#do((e) => e.stop());
  }

  hold(): void {
    this.#do((e) => e.hold());
  }

  fail(error: unknown): void {
    this.#wants = false;
    this.#do((e) => e.fail(error));
  }

  claim(): void {
    this.#engine?.claim();
  }

  /** Plays `duration` seconds from `start` of the item on show, and pauses there (a soundbite). */
  playClip(start: number, duration: number): void {
    this.#wants = true;
    this.#do((e) => e.playClip(start, duration));
  }

  seek(t: number, next?: boolean): void {
    this.#do((e) => e.seek(t, next));
  }

  setRate(rate: number): void {
    this.#do((e) => e.setRate(rate));
  }

  setVolume(volume: number): void {
    this.#do((e) => e.setVolume(volume));
  }

  setMuted(muted: boolean): void {
    this.#do((e) => e.setMuted(muted));
  }
}
