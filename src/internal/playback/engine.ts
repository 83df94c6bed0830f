import type { ReactiveController } from 'lit';
import { loadResume, saveResume } from '../resume.js';
import { IDLE, sourceOf, transition, wanted, type Effect, type Event, type State } from './machine.js';
import type { MediaAdapter } from './media-adapter.js';
import type { AudioEventType, EngineHost, EngineParts, Item, RemoteTell, Snapshot, Source } from './types.js';
import type { backoff } from '../backoff.js';

/**
 * What the engine is given rather than imports (a chunk imports nothing from the bundle: one
 * copy of each on a page): the player's media element, the adapter's class (a chunk of its own),
 * the bundle's backoff, and the speeds offered.
 */
export interface EngineKit {
  media: HTMLAudioElement;
  Adapter: typeof MediaAdapter;
  backoff: typeof backoff;
  speeds: readonly number[];
}

/** Fired on window when a castlet player starts, so every other one pauses. */
const EXCLUSIVE = 'castlet-exclusive-play';
/** Without sound this long after a load or a stall, the source has failed. */
const STALL_MS = 8000;

/**
 * The playback engine of a player: it turns requests (play, pause, seek …), what the host shows
 * (`shown`, at each host update where it changed), what the service says (`said`) and the media
 * adapter's events into the machine's events (machine.ts decides), and performs the machine's
 * effects through the adapter. It keeps what the machine does not decide on: the position (with
 * a seek asked for the next item shown), the speed, the resume point, the timers, one player at
 * a time; and tells its player what happened (`tell`). docs/playback.md.
 */
export class Playback implements ReactiveController {
  #state: State = IDLE;
  readonly #media: MediaAdapter;
  /** The speed to play at, applied once sound flows. */
  #speed = 1;
  /** The position while the media clock does not tell it (not loaded, or before the metadata). */
  #at = 0;
  /** A seek asked with nothing on show (or for the next item): applied to the next item (-1: none). */
  #next = -1;
  /** The item on show, as of the last host update (undefined: not known yet; null: nothing to play). */
  #item?: Item | null;
  /** The position last written to storage. */
  #saved = -1;
  /** Waiting for sound: the promises of `started()`. */
  #starts: [() => void, (e: unknown) => void][] = [];
  /** The watchdog or the backoff. */
  #timer?: ReturnType<typeof setTimeout>;
  /** This player put itself on the lock screen (so leaving the page takes it off). */
  #claimed = false;
  /** The source loaded last: what `play`, `pause` and the rest are told about. */
  #src = '';
  /** …as the item described it when loaded: its `delay` is this connection's (a later measurement is another's). */
  #source?: Source;
  /** What is shown, as last followed (its audio, and the sources this browser can play). */
  #key?: string;

  /** Drives the kit's media element through a media adapter. */
  constructor(
    private readonly host: EngineHost,
    private readonly parts: EngineParts,
    private readonly kit: EngineKit,
  ) {
    host.addController(this);
    this.#media = new kit.Adapter(kit.media, (event, time) => {
      if (event) this.#send(event);
      if (time) this.#time();
      host.requestUpdate();
    });
  }

  /** The media element (read-only: for tests and integrators who observe it). */
  get media(): HTMLAudioElement {
    return this.#media.media;
  }

  /** What plays now, for the player and its parts. */
  get snapshot(): Snapshot {
    const state = this.#state;
    const m = this.#media;
    const on = wanted(state);
    const playing = state.name === 'playing';
    const src = sourceOf(state);
    return {
      state: state.name,
      live: !!this.#item?.live,
      on,
      playing,
      buffering: on && !playing && state.name !== 'waiting',
      reconnecting: on && !playing && 'link' in state && state.link.attempt > 0,
      source: src === undefined ? undefined : this.#source,
      loadedAt: m.loadedAt,
      sounding: m.sounding,
      date: m.date || undefined,
      position: this.position,
      duration: this.duration,
      rate: this.#speed,
      volume: m.volume,
      muted: m.muted,
      until: ('link' in state && state.link.until) || null,
    };
  }

  hostConnected(): void {
    addEventListener(EXCLUSIVE, this.#onExclusive);
  }

  hostDisconnected(): void {
    removeEventListener(EXCLUSIVE, this.#onExclusive);
    this.pause();
    if (this.#claimed) this.#tell('release');
  }

  /** What is shown changed (another item, its sources listed anew), or a seek waits for it: the machine follows (see `shown`). */
  hostUpdate(): void {
    const item = this.parts.item();
    if (this.#key !== key(item, this.#playable(item)) || (item && this.#next >= 0)) this.#send({ type: 'shown', ...this.#listing(item) });
  }

  /** What is shown, as the machine sees it. */
  #listing(item = this.parts.item()) {
    return { live: !!item?.live, sources: this.#playable(item) };
  }

  /** What the service says: the stream is off air, the service cannot be reached, or it answered again. */
  said(what: 'offline' | 'unreachable' | 'back'): void {
    this.#send(what === 'back' ? { type: what, ...this.#listing() } : { type: what });
  }

  /** Follows what is shown now (the `follow` effect): a new item starts where this listener left it, at their speed; a seek asked for it applies. Where it starts now, if that moved. */
  #follow(): number | undefined {
    const item = this.parts.item();
    const other = item?.audio_url !== this.#item?.audio_url;
    this.#item = item;
    const playable = this.#playable(item);
    this.#key = key(item, playable);
    // A press that will play through hls.js does not wait for it (MediaAdapter.warm).
    this.#media.warm(playable?.[0]);
    if (other && item?.id) {
      const { t, rate } = loadResume(this.host.publicToken, item.id, item.duration ?? 0);
      this.#at = t;
      this.#speed = this.kit.speeds.reduce((a, b) => (Math.abs(b - rate) < Math.abs(a - rate) ? b : a));
    }
    const next = item && this.#next >= 0;
    if (next) {
      this.#at = Math.min(this.#next, item.duration || Infinity);
      this.#next = -1;
    }
    if (!(other || next)) return;
    this.#tell('time');
    return this.#at;
  }

  /**
   * Plays what is shown: a file loaded already goes on where it is, a stream always reconnects
   * at the live edge; before anything is known to play, it waits for it.
   */
  play(until?: number): void {
    // (What is shown now: the data may have come since the last host update.)
    this.#send({ type: 'play', ...this.#listing(), until });
  }

  /**
   * Resolves when sound flows next; rejects when the play is given up first: paused
   * (`AbortError`), refused by the browser (its `NotAllowedError`), nothing to play, or the
   * player's fatal error.
   */
  started(): Promise<void> {
    return new Promise((resolve, reject) => (this.#state.name === 'playing' ? resolve() : this.#starts.push([resolve, reject])));
  }

  pause(): void {
    this.#send({ type: 'pause' });
  }

  /** Plays `duration` seconds of the item on show from `start`, and pauses at their end (a soundbite). */
  playClip(start: number, duration: number): void {
    this.seek(start);
    this.play(start + duration);
  }

  /** Pauses and drops what is loaded: it is no longer what the player shows. */
  stop(): void {
    this.#send({ type: 'stop' });
  }

  /** The player's fatal error: a play waiting to start is given up with it. */
  fail(error: unknown): void {
    this.#send({ type: 'fatal', error });
  }

  /** Puts the player on the lock screen again (what plays changed), while it plays. */
  claim(): void {
    if (wanted(this.#state) && this.#state.name !== 'waiting') {
      this.#claimed = true;
      this.#tell('claim');
    }
  }

  /**
   * Moves the item on show to `t` seconds, clamped to its length; with nothing on show yet, or
   * `next`, it is where the next item shown starts. A live item is not moved.
   */
  seek(t: number, next = !this.#item): void {
    // A live stream has no position to move to.
    if (this.#item?.live) return;
    this.#send({ type: 'seek' });
    t = Math.max(0, t);
    if (next) this.#next = t;
    else {
      t = Math.min(this.duration || Infinity, t);
      if (this.#loaded) this.#media.time = t;
      this.#at = t;
      this.#save();
    }
    this.#tell('time');
    this.host.requestUpdate();
  }

  /** The playback speed; applied once sound flows (see MediaAdapter.rate). A live item plays at 1×. */
  setRate(rate: number): void {
    this.#speed = rate;
    if (this.#state.name === 'playing') this.#media.rate(this.#rate);
    this.#save();
    this.host.requestUpdate();
  }

  /** Volume from 0 to 1; moving it unmutes. */
  setVolume(volume: number): void {
    this.#media.volume = Math.max(0, Math.min(1, volume));
    this.#media.muted = false;
    this.host.requestUpdate();
  }

  setMuted(muted: boolean): void {
    this.#media.muted = muted;
    this.host.requestUpdate();
  }

  /** Remote playback (Cast, AirPlay): what the adapter tells of it (MediaAdapter.remote). */
  remote(tell: RemoteTell): void {
    this.#media.remote(tell);
  }

  /** Opens the browser's device picker. */
  pick(): void {
    this.#media.pick();
  }

  /** The position in the item on show, in seconds: the media clock while it is loaded (the start position while the clock reads 0, before the metadata). */
  get position(): number {
    return (this.#loaded && this.#media.time) || this.#at;
  }

  /** The loaded file's duration (it is what seeks move in), else the item's. */
  get duration(): number {
    return (this.#loaded && this.#media.duration) || this.#item?.duration || 0;
  }

  /** The speed sound flows at: the listener's, but a live item's 1×. */
  get #rate(): number {
    return this.#item?.live ? 1 : this.#speed;
  }

  /** Is what the machine plays in the media element? */
  get #loaded(): boolean {
    return this.#media.has(sourceOf(this.#state));
  }

  /**
   * The URLs of `item` this browser can play, in the item's order but, live, for what this engine
   * starts slower (MediaAdapter.rank: last; an episode's files keep theirs: Opus where it plays);
   * a type it cannot play is never requested; each in the ways it can (HLS natively, then
   * through hls.js: MediaAdapter.ways).
   */
  #playable(item: Item | null | undefined): string[] | undefined {
    if (item === undefined) return undefined;
    const m = this.#media;
    return [...(item?.sources ?? (item ? [{ url: item.audio_url }] : []))]
      .sort((a, b) => (item?.live ? m.rank(a.type) - m.rank(b.type) : 0))
      .flatMap((s) => m.ways(s));
  }

  #send(event: Event): void {
    // Where the item on show was before the machine moved on (a source that fails or is dropped
    // takes its clock with it): where the next source starts, and the resume point to save.
    let at = this.position;
    const [state, effects] = transition(this.#state, event);
    this.#state = state;
    for (const effect of effects) at = (effect.type === 'follow' ? this.#follow() : this.#do(effect, at)) ?? at;
    this.host.requestUpdate();
  }

  #do(effect: Exclude<Effect, { type: 'follow' }>, at: number): void {
    const media = this.#media;
    switch (effect.type) {
      case 'load': {
        const live = 'link' in this.#state && this.#state.link.live;
        // (A source's way, as the adapter lists it, ends with its URL: `hls.js:` + URL.)
        this.#source = this.parts.item()?.sources?.find((s) => effect.url.endsWith(s.url)) ?? { url: effect.url };
        return media.load((this.#src = effect.url), (this.#at = live ? 0 : at), live);
      }
      case 'play':
        return media.play();
      case 'pause':
        return media.pause();
      case 'release':
        return media.release();
      case 'start':
        return media.start();
      case 'watch':
        return this.#after(STALL_MS, () => this.#send({ type: 'failed', tell: false }));
      case 'unwatch':
        return clearTimeout(this.#timer);
      case 'backoff':
        return this.#after(this.kit.backoff(effect.attempt, 500, 15_000), () =>
          this.#send({ type: 'retry', sources: this.#playable(this.parts.item()) }),
        );
      case 'refresh':
        return this.parts.refresh();
      case 'settle':
        for (const [resolve, reject] of this.#starts.splice(0)) 'error' in effect ? reject(effect.error) : resolve();
        return;
      case 'save':
        this.#at = at;
        return this.#save();
      case 'flowing':
        return media.rate(this.#rate);
      case 'tell':
        if (effect.what === 'play') {
          dispatchEvent(new CustomEvent(EXCLUSIVE, { detail: this }));
          this.#tell('play');
          return this.claim();
        }
        return this.#tell(effect.what);
    }
  }

  #after(ms: number, then: () => void) {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(then, ms);
  }

  #tell(type: AudioEventType) {
    this.parts.tell(type, this.#src);
  }

  /** A time update: the position moved (and the resume point is written every 5 s of playback). */
  #time() {
    if (this.#loaded && Math.abs(this.position - this.#saved) >= 5) this.#save();
    this.#tell('time');
  }

  /** Writes the resume point of the item on show. */
  #save() {
    const id = this.#item?.id;
    if (id) saveResume(this.host.publicToken, id, { t: (this.#saved = this.position), rate: this.#speed });
  }

  #onExclusive = (e: globalThis.Event) => {
    if ((e as CustomEvent).detail !== this && wanted(this.#state)) this.pause();
  };
}

/** What is shown, for telling a change: its audio, whether it is live, and the URLs this browser can play of it. */
const key = (item: Item | null | undefined, playable?: string[]) => JSON.stringify([item?.audio_url, item?.live, playable]);
