import type { ReactiveController } from 'lit';
import { backoff } from '../backoff.js';
import { nextTask } from '../next-task.js';
import type { Playback } from './engine.js';
import { INITIAL, SPEEDS, WAITING, type AudioEventType, type EngineHost, type EngineParts, type RemoteTell, type Snapshot } from './types.js';

/**
 * The engine, the machine it performs and the media adapter: on-demand chunks (the engine
 * imports the machine), asked for together as soon as a player is on a page, beside its data:
 * in the next task (three module requests cost the task that upgraded the player 2–7 ms).
 */
const engine = () =>
  new Promise<void>(nextTask).then(() => Promise.all([import('./engine.js'), import('./media-adapter.js'), import('./machine.js')]));

/**
 * A player's playback, from its first render on: the engine (engine.ts) once its chunk is here.
 * What it is asked before then waits for it and is done then, in order (a Play pressed at once
 * plays when it arrives); until then what plays is the machine's initial snapshot, or its
 * `waiting` once a play is asked (it starts when the engine is here). What the engine tells,
 * it tells to whoever listens (`on`). The player and its parts use only this; docs/playback.md.
 */
export class PlaybackController implements ReactiveController {
  /** The player's media element: made at once (integrators may observe it), touched only by the engine's media adapter. */
  readonly media: HTMLAudioElement = new Audio();
  #engine?: Playback;
  /** What was asked before the engine was here. */
  #asked: ((engine: Playback) => void)[] = [];
  /** A play was asked before the engine was here (and not taken back): the machine's `waiting`. */
  #waits = false;
  /** The engine's chunks were asked for. */
  #asking = false;
  /** Who listens to what the engine tells. */
  #on: { [K in AudioEventType]?: ((src: string) => void)[] } = {};

  constructor(
    private readonly host: EngineHost,
    private readonly parts: Omit<EngineParts, 'tell'>,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    if (this.#asking) return;
    this.#asking = true;
    void engine().then(([e, a]) => {
      const tell = (type: AudioEventType, src: string) => this.#on[type]?.forEach((f) => f(src));
      const playback = (this.#engine = new e.Playback(
        this.host,
        { ...this.parts, tell },
        { media: this.media, Adapter: a.MediaAdapter, backoff, speeds: SPEEDS },
      ));
      for (const ask of this.#asked.splice(0)) ask(playback);
      // What is shown follows it now (the resume point, the speed), not at some later update.
      this.host.requestUpdate();
    });
  }

  /** Calls `f` with the source concerned whenever the engine tells `type` (see AudioEventType). */
  on(type: AudioEventType, f: (src: string) => void): void {
    (this.#on[type] ??= []).push(f);
  }

  /** Does `ask` now, or once the engine is here (`waits`: a play is asked, or taken back). */
  #do(ask: (engine: Playback) => void, waits = this.#waits): void {
    if (this.#engine) return ask(this.#engine);
    this.#asked.push(ask);
    if (waits !== this.#waits) this.host.requestUpdate();
    this.#waits = waits;
  }

  /** What plays now (see Snapshot); before the engine is here, the machine's initial snapshot, or `waiting` once a play is asked. */
  get snapshot(): Snapshot {
    return this.#engine?.snapshot ?? (this.#waits ? WAITING : INITIAL);
  }

  /** Seconds into what is shown. */
  get position(): number {
    return this.snapshot.position;
  }

  /** The engine is here: the player can say it is ready. */
  get ready(): boolean {
    return !!this.#engine;
  }

  play(): void {
    this.#do((e) => e.play(), true);
  }

  pause(): void {
    this.#do((e) => e.pause(), false);
  }

  /** Plays, unless the listener wants sound already; resolves when sound flows, rejects when the play is given up first (Playback.started). */
  start(): Promise<void> {
    const started = this.started();
    if (!this.snapshot.on) this.play();
    return started;
  }

  /** Resolves when sound flows next; rejects when the play is given up first (Playback.started). */
  started(): Promise<void> {
    return new Promise((resolve, reject) => this.#do((e) => e.started().then(resolve, reject)));
  }

  stop(): void {
    this.#do((e) => e.stop());
  }

  /** What the service says (see Playback.said). */
  said(what: 'offline' | 'unreachable' | 'back'): void {
    this.#do((e) => e.said(what));
  }

  fail(error: unknown): void {
    this.#do((e) => e.fail(error), false);
  }

  claim(): void {
    this.#engine?.claim();
  }

  /** Plays `duration` seconds from `start` of the item on show, and pauses there (a soundbite). */
  playClip(start: number, duration: number): void {
    this.#do((e) => e.playClip(start, duration), true);
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

  /** Remote playback (Cast, AirPlay): `tell` is told whether there is a device and where it plays (Playback.remote). */
  remote(tell: RemoteTell): void {
    this.#do((e) => e.remote(tell));
  }

  /** Opens the browser's device picker (on the listener's press: the engine is here once there is a device). */
  pick(): void {
    this.#do((e) => e.pick());
  }
}
