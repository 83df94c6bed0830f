import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { backoff } from './backoff.js';
import type { SessionPlayer } from './media-session.js';
import { loadResume, saveResume } from './resume.js';

/** The lock-screen controls: an on-demand chunk, loaded when a player first plays. */
const mediaSession = () => import('./media-session.js');

/** Fired on window when a castlet player starts, so every other one pauses. */
const EXCLUSIVE = 'castlet-exclusive-play';
/** Without sound this long after a load or a stall, the connection is retried. */
const STALL_MS = 8000;
/** Seconds of sound that must flow before a failure counts as new (the backoff starts over). */
const HEALTHY_S = 30;

// (One string: fewer bytes than an array of them.)
const MEDIA_EVENTS = 'play playing pause waiting timeupdate durationchange loadedmetadata ended error volumechange ratechange seeking seeked'.split(
  ' ',
);

/**
 * Playback started or stopped; the audio failed (it is being retried) or works again; the
 * position moved (time updates, seeks, another item); a file played to its end (after its `pause`).
 */
export type AudioEventType = 'play' | 'pause' | 'error' | 'recovered' | 'time' | 'ended';

/** The playback speeds offered; a saved speed becomes the nearest of them. */
export const SPEEDS = [0.75, 1, 1.25, 1.5, 1.75, 2];

/**
 * What the player shows, to be played (an episode is one): its audio, and for a file, its id
 * (the resume point is kept per host token and id) and its length as known before the file.
 */
export interface Item {
  audio_url: string;
  id?: string;
  duration?: number;
}

/**
 * The one owner of what plays: the player's <audio> element, the position (with a seek asked
 * before there was anything to seek in), the speed, the resume point and the lock-screen
 * controls. Elements render from it and ask it to play, pause, seek or change speed or volume.
 *
 * It follows what the host shows (`item`, read at every host update): audio never plays under
 * another item's title, a new item starts where this listener left it, and a play asked
 * before there was anything to play (`early`) starts when there is.
 *
 * State is read from the element's own
 * events and its clock, never guessed; a failed or stalled connection is retried with capped
 * exponential backoff while the listener still wants sound, and the backoff starts over
 * only after sound has flowed for a while, so an output that fails right after `playing`
 * (or a stream that dies every second) gets growing delays, never a storm.
 *
 * `live` streams are released on pause (the connection closes) and reloaded on play, so
 * playback always starts at the live edge, never from a stale buffer.
 */
export class AudioController implements ReactiveController {
  readonly media: HTMLAudioElement;
  /** The listener pressed play and has not paused since. */
  wanted = false;
  /** Play was asked before there was anything to play: it starts when there is. */
  early = false;
  /** Attempts to reconnect since sound last flowed for a while. */
  retries = 0;
  #src = '';
  #waiting?: boolean;
  #failed?: boolean;
  #timer?: ReturnType<typeof setTimeout>;
  /** The speed to play at, applied once playback runs. */
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
  /** This player has put itself on the lock screen (so leaving the page takes it off). */
  #claimed = false;
  /** The media clock at the last time update, and seconds of sound since the last failure. */
  #last = 0;
  #flowed = 0;

  constructor(
    private readonly host: ReactiveControllerHost & { publicToken?: string },
    private readonly live: boolean,
    private readonly on: (type: AudioEventType, src: string) => void,
    private readonly item?: () => Item | null | undefined,
  ) {
    host.addController(this);
    const media = (this.media = new Audio());
    media.preload = 'none';
    // WebKitGTK takes a file for a live stream when its `seekable` is read before it knows the file's size: for that
    // whole load its duration follows the clock, seeks stay put, the speed stays 1 (docs/webkit.md). The page may
    // read it (`media` is public): until there is a duration it gets a spare element's empty ranges, as the spec says.
    const none = new Audio();
    Object.defineProperty(media, 'seekable', { get: () => Reflect.get(none, 'seekable', media.duration ? media : none) });
    for (const type of MEDIA_EVENTS) media.addEventListener(type, this.#onMedia);
  }

  /** Is `src` (if any) in the media element now? */
  has(src?: string): boolean {
    return src === this.#src && this.media.hasAttribute('src');
  }

  /** Sound is flowing. */
  get playing(): boolean {
    return this.wanted && !this.media.paused && !this.#waiting;
  }

  /** The listener wants sound but it is held up (loading, stalled or reconnecting). */
  get buffering(): boolean {
    return this.wanted && !this.playing;
  }

  hostConnected(): void {
    addEventListener(EXCLUSIVE, this.#onExclusive);
  }

  hostDisconnected(): void {
    removeEventListener(EXCLUSIVE, this.#onExclusive);
    this.pause();
    if (this.#claimed) void mediaSession().then((m) => m.releaseMediaSession(this.host));
  }

  /** Follows what the host shows (see the class comment). */
  hostUpdate(): void {
    const item = this.item?.();
    const other = item?.audio_url !== this.#item?.audio_url;
    // Audio never plays under another item's title: loaded audio that is not shown stops (saving where it was).
    if (!this.live && this.media.hasAttribute('src') && !this.has(item?.audio_url)) this.stop();
    this.#item = item;
    if (other && item?.id) {
      // A new item: where this listener left it, at their speed.
      const { t, rate } = loadResume(this.host.publicToken!, item.id, item.duration!);
      this.#at = t;
      this.#speed = SPEEDS.reduce((a, b) => (Math.abs(b - rate) < Math.abs(a - rate) ? b : a));
    }
    const next = item && this.#next >= 0;
    if (next) {
      this.#at = Math.min(this.#next, item.duration || Infinity);
      this.#next = -1;
    }
    if (other || next) this.on('time', this.#src);
    if (this.early && item !== undefined) this.play();
  }

  /**
   * Starts `src` (default: the item on show, from its position; a file loaded already goes on
   * where it is); a live stream always reconnects. With nothing known to play yet, the play
   * waits for it (`early`).
   */
  play(src = this.#item?.audio_url, at = this.#at): void {
    this.early = !src && this.#item === undefined;
    if (!src) {
      if (!this.early) this.settle(Error('nothing to play'));
      return this.host.requestUpdate();
    }
    const fresh = this.live || !this.has(src);
    this.wanted = this.#waiting = true;
    this.#src = src;
    if (fresh) this.#load(at);
    this.#start();
    dispatchEvent(new CustomEvent(EXCLUSIVE, { detail: this }));
    this.on('play', src);
    this.claim();
    this.host.requestUpdate();
  }

  /**
   * Resolves when sound flows next; rejects when the play is given up first: paused
   * (`AbortError`), refused by the browser (its `NotAllowedError`), nothing to play, or a
   * fatal error of the player (`settle(error)`).
   */
  started(): Promise<void> {
    return new Promise((resolve, reject) => (this.playing ? resolve() : this.#starts.push([resolve, reject])));
  }

  /** Settles every `started()` promise: resolved (sound flows), or rejected with `error` (e.g. the player's fatal error). */
  settle(error?: unknown): void {
    for (const [resolve, reject] of this.#starts.splice(0)) error ? reject(error) : resolve();
  }

  pause(): void {
    this.settle(new DOMException('paused', 'AbortError'));
    // Nothing plays (a play waiting for the data is taken back): nothing to stop, nothing to tell.
    this.early = false;
    if (!this.wanted) return this.host.requestUpdate();
    this.wanted = this.#waiting = false;
    this.retries = 0;
    clearTimeout(this.#timer);
    this.media.pause();
    this.#save();
    // Close the connection: a live stream must not keep downloading while paused.
    if (this.live) this.#release();
    this.on('pause', this.#src);
    this.host.requestUpdate();
  }

  /** Pauses and drops the file: what is loaded is no longer what the player shows. */
  stop(): void {
    // (A play waiting for the data keeps waiting: the data may come yet.)
    if (this.wanted) this.pause();
    this.#release();
  }

  /** Puts the host on the lock screen (again, when what plays changed), while it plays. */
  claim(): void {
    if (!this.wanted) return;
    this.#claimed = true;
    void mediaSession().then((m) =>
      m.claimMediaSession(
        this.host as unknown as SessionPlayer,
        () => this.play(),
        () => this.pause(),
      ),
    );
  }

  /**
   * The stream cannot be had now (the service is unreachable or says it is offline): stop
   * loading (the browser would retry on its own, several times a second) but keep the
   * listener's wish; `play()` resumes when the service says it can.
   */
  hold(): void {
    if (!this.wanted) return;
    clearTimeout(this.#timer);
    this.#waiting = true;
    this.retries ||= 1;
    this.media.pause();
    this.#release();
    this.host.requestUpdate();
  }

  /** Waiting in `hold()` for the service to come back. */
  get held(): boolean {
    return this.wanted && !this.media.hasAttribute('src');
  }

  /**
   * Moves the item on show to `t` seconds, clamped to its length; with nothing on show yet, or
   * `next`, it is where the next item shown starts.
   */
  seek(t: number, next = !this.#item): void {
    t = Math.max(0, t);
    if (next) this.#next = t;
    else {
      t = Math.min(this.duration || Infinity, t);
      if (this.#loaded) this.media.currentTime = t;
      this.#at = t;
      this.#save();
    }
    this.on('time', this.#src);
    this.host.requestUpdate();
  }

  /** The playback speed; applied once sound flows, never while a seek is pending (see #sound). */
  set rate(rate: number) {
    this.#speed = rate;
    if (this.playing) this.#sound();
    this.#save();
    this.host.requestUpdate();
  }

  get rate(): number {
    return this.#speed;
  }

  get muted(): boolean {
    return this.media.muted;
  }

  get volume(): number {
    return this.media.volume;
  }

  /** Volume from 0 to 1; moving it unmutes. */
  setVolume(volume: number): void {
    this.media.volume = Math.max(0, Math.min(1, volume));
    this.media.muted = false;
    this.host.requestUpdate();
  }

  setMuted(muted: boolean): void {
    this.media.muted = muted;
    this.host.requestUpdate();
  }

  /** The position in the item on show, in seconds: the media clock while it is loaded (the start position while the clock reads 0, before the metadata). */
  get position(): number {
    return (this.#loaded && this.media.currentTime) || this.#at;
  }

  /** The loaded file's duration (it is what seeks move in), else the item's. */
  get duration(): number {
    const d = this.media.duration;
    return (this.#loaded && Number.isFinite(d) && d) || this.#item?.duration || 0;
  }

  /** Is the item on show (before there is one: what was played) in the media element? */
  get #loaded(): boolean {
    return this.has(this.#item ? this.#item.audio_url : this.#src);
  }

  /** Writes the resume point of the item on show. */
  #save() {
    const id = this.#item?.id;
    if (id) saveResume(this.host.publicToken!, id, { t: (this.#saved = this.position), rate: this.#speed });
  }

  /** Drops the source: the browser closes its connection and forgets the buffer. */
  #release() {
    this.media.removeAttribute('src');
    this.media.load();
  }

  #load(at: number) {
    // A new URL for a live stream, so no cache or old buffer can answer.
    // A file starts at `at` by a media fragment alone: WebKitGTK makes a currentTime set before
    // the metadata a second seek, which could stall its clock or land at 0 (duration not yet known).
    this.media.src = this.live ? `${this.#src}${this.#src.includes('?') ? '&' : '?'}t=${Date.now()}` : at ? `${this.#src}#t=${at}` : this.#src;
    this.#last = 0;
    this.#at = at;
  }

  #start() {
    this.media.play().catch((e: unknown) => {
      // Blocked by the browser's autoplay policy: give control back to the listener.
      if ((e as DOMException)?.name === 'NotAllowedError') {
        this.settle(e);
        this.pause();
      }
    });
    this.#watch();
  }

  /** Retries when sound does not (re)start within STALL_MS. */
  #watch() {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#reconnect(), STALL_MS);
  }

  #reconnect() {
    if (!this.wanted) return;
    clearTimeout(this.#timer);
    this.#waiting = true;
    this.#flowed = 0;
    this.host.requestUpdate();
    // (pause() and hold() clear this timer: it fires only while the listener still wants sound.)
    this.#timer = setTimeout(
      () => {
        this.#load(this.live ? 0 : this.position);
        this.#start();
      },
      backoff(this.retries++, 500, 15_000),
    );
  }

  /** Sound flows: by a `playing` event or by the clock advancing. */
  #sound() {
    if (!this.wanted) return;
    if (this.#failed) this.on('recovered', this.#src);
    this.#waiting = this.#failed = false;
    this.settle();
    // Set only now, and not while a seek is pending: a rate other than 1 right after play(), or
    // on a `playing` that comes before the resume seek is done, crashes WebKitGTK's web process.
    // (The default too: Chromium's deferred load resets the rate to it.)
    const media = this.media;
    if (!media.seeking && media.playbackRate !== this.#speed) media.defaultPlaybackRate = media.playbackRate = this.#speed;
  }

  #onMedia = (e: Event) => {
    const media = this.media;
    // Events still queued from a dropped source (release()) say nothing about the next one.
    switch (media.src && e.type) {
      case 'loadedmetadata':
        // WebKitGTK may take a file for a stream (its duration ~0 s, then following the clock) and then no seek or
        // speed takes: load it again (released: from `at`). An engine that did not start at the fragment: seek now.
        if (!this.live && !(media.duration > 1)) {
          this.#release();
          this.#reconnect();
        } else if (Math.abs(media.currentTime - this.#at) > 0.5) media.currentTime = this.#at;
        break;
      case 'playing':
        this.#sound();
        break;
      case 'seeked':
        // WebKitGTK may go on reporting playing after a seek while its clock stands still: watch it.
        if (this.wanted) this.#watch();
        break;
      case 'timeupdate': {
        const step = media.currentTime - this.#last;
        this.#last = media.currentTime;
        // WebKit may sit at readyState 2 without `playing` after a seek or rate change while time advances.
        if (step > 0 && step < 1 && !media.paused) {
          // Only a moving clock stops the stall watchdog (a `playing` event alone does not).
          clearTimeout(this.#timer);
          this.#sound();
          if ((this.#flowed += step) >= HEALTHY_S) this.retries = 0;
        }
        // The resume point, every 5 s of playback.
        if (this.#loaded && Math.abs(this.position - this.#saved) >= 5) this.#save();
        this.on('time', this.#src);
        break;
      }
      case 'waiting':
        // (`stalled` only says the download is slow; with a full buffer sound still flows.)
        if (this.wanted) {
          this.#waiting = true;
          this.#watch();
        }
        break;
      case 'error':
        if (this.wanted) {
          this.#failed = true;
          this.on('error', this.#src);
        }
        this.#reconnect();
        break;
      case 'ended':
        // A live stream never ends: the connection dropped. A file is simply done: the one place an end is handled.
        // (Only one that played to its end: a paused file sought to its end fires `ended` too.)
        if (this.live) this.#reconnect();
        else if (this.wanted) {
          this.pause();
          this.on('ended', this.#src);
        }
        break;
      case 'pause':
        // Paused from outside (system controls, headphones unplugged): follow the element. (A pause
        // event that arrives after a new play() already runs again is stale: the element plays.)
        if (this.wanted && media.paused && !this.#waiting && !media.ended) this.pause();
        // (At the end too: browsers pause before `ended`; a finished episode starts over next time, see loadResume.)
        else this.#save();
        break;
    }
    this.host.requestUpdate();
  };

  #onExclusive = (e: Event) => {
    if ((e as CustomEvent).detail !== this && this.wanted) this.pause();
  };
}
