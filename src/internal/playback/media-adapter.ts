import type { Event } from './machine.js';

// (One string: fewer bytes than an array of them.)
const MEDIA_EVENTS = 'play playing pause waiting timeupdate durationchange loadedmetadata ended error volumechange ratechange seeking seeked'.split(
  ' ',
);

/**
 * The only code that touches a player's media element: it performs the engine's commands and
 * turns the element's events into the machine's (machine.ts). The engines' quirks live here,
 * each where it is handled (docs/webkit.md for WebKitGTK's).
 */
export class MediaAdapter {
  /** The element (read-only outside: tests and integrators observe it). */
  readonly media: HTMLAudioElement;
  /** The URL loaded last, as given (without the live stream's cache-buster or a file's fragment). */
  #src = '';
  /** The clock of what is loaded has moved while it played (a speed may be set from then on). */
  #moved = false;
  /** Where the file loaded last was to start. */
  #at = 0;
  /** When the URL loaded last was loaded (ms since the epoch), and the clock at the last time update. */
  #loadedAt = 0;
  #last = 0;

  constructor(
    media: HTMLAudioElement,
    /** Machine events, and `undefined` for every other change of the element (render again). */
    private readonly send: (event?: Event, time?: boolean) => void,
  ) {
    this.media = media;
    // No audio byte before the listener presses Play.
    media.preload = 'none';
    // WebKitGTK takes a file for a live stream when its `seekable` is read before it knows the file's size: for that
    // whole load its duration follows the clock, seeks stay put, the speed stays 1 (docs/webkit.md). The page may
    // read it (`media` is public): until there is a duration it gets a spare element's empty ranges, as the spec says.
    const none = new Audio();
    Object.defineProperty(media, 'seekable', { get: () => Reflect.get(none, 'seekable', media.duration ? media : none) });
    for (const type of MEDIA_EVENTS) media.addEventListener(type, this.#onMedia);
  }

  /** Is `src` (if any) in the element now? */
  has(src?: string): boolean {
    return src === this.#src && this.media.hasAttribute('src');
  }

  /** Can this browser play `type` (a MIME type, with codecs)? Unknown types are tried. */
  canPlay(type?: string): boolean {
    return !type || !!this.media.canPlayType(type);
  }

  /**
   * Where a source of `type` goes in this engine's order (sorted by it, the listed order kept
   * within a rank): press → first sound on a warm relay, measured per engine against a plain
   * <audio> (docs/sources-and-relays.md "The first sound"). Firefox starts Ogg Opus about 0.6 s
   * and Ogg Vorbis about 2 s after MP3: MP3 first, then Opus, then Vorbis. WebKitGTK starts Opus
   * about 2.5 s after MP3 or Vorbis: Opus last (WebKit says AppleWebKit/605, Chromium 537). Chromium
   * starts them alike: as listed.
   */
  rank(type = ''): number {
    const ua = navigator.userAgent;
    return /Firefox\//.test(ua) ? +/ogg/.test(type) + +/vorbis/.test(type) : /AppleWebKit\/6/.test(ua) ? +/opus/.test(type) : 0;
  }

  /** When what is loaded now was loaded (ms since the epoch; 0: nothing is). */
  get loadedAt(): number {
    return this.has(this.#src) ? this.#loadedAt : 0;
  }

  /**
   * Loads `src`: a live stream by a new URL, so no cache or old buffer can answer; a file from
   * `at` by a media fragment alone (WebKitGTK makes a currentTime set before the metadata a
   * second seek, which could stall its clock or land at 0, its duration not yet known).
   */
  load(src: string, at: number, live: boolean): void {
    const now = Date.now();
    this.#moved = false;
    // Every load starts at 1× (a stream always plays at it): the speed comes once the clock moves (see rate).
    if (this.media.playbackRate !== 1) this.media.defaultPlaybackRate = this.media.playbackRate = 1;
    this.media.src = live ? `${src}${src.includes('?') ? '&' : '?'}t=${now}` : at ? `${src}#t=${at}` : src;
    this.#src = src;
    this.#at = at;
    this.#last = 0;
    this.#loadedAt = now;
  }

  play(): void {
    this.media.play().catch((error: unknown) => {
      // Blocked by the browser's autoplay policy: give control back to the listener.
      if ((error as DOMException)?.name === 'NotAllowedError') this.send({ type: 'refused', error });
    });
  }

  pause(): void {
    this.media.pause();
  }

  /** Drops the source: the browser closes its connection and forgets the buffer. */
  release(): void {
    this.media.removeAttribute('src');
    this.media.load();
  }

  /** Moves the clock to where the load was to start (an engine that did not start at the media fragment). */
  start(): void {
    this.media.currentTime = this.#at;
  }

  /** The clock, in seconds (0 before the metadata). */
  get time(): number {
    return this.media.currentTime;
  }

  set time(t: number) {
    this.media.currentTime = t;
  }

  /** The loaded file's duration, when the element knows it. */
  get duration(): number {
    const d = this.media.duration;
    return Number.isFinite(d) ? d : 0;
  }

  /** The element runs and has sound to give: from the connection's first audio on (WebKitGTK may hold the clock at 0 for seconds of sound). */
  get sounding(): boolean {
    const media = this.media;
    return !media.paused && (media.currentTime > 0 || media.readyState > 1);
  }

  /**
   * Plays at `rate`, once the clock of what was loaded has moved and unless a seek is pending: a
   * rate other than 1 right after play(), or on a `playing` that comes before the resume seek is
   * done, crashes WebKitGTK's web process (its Ogg Opus pipeline, on the first `playing`). (The
   * default too: Chromium's deferred load resets the rate to it.)
   */
  rate(rate: number): void {
    const media = this.media;
    if (this.#moved && !media.seeking && media.playbackRate !== rate) media.defaultPlaybackRate = media.playbackRate = rate;
  }

  get volume(): number {
    return this.media.volume;
  }

  set volume(volume: number) {
    this.media.volume = volume;
  }

  get muted(): boolean {
    return this.media.muted;
  }

  set muted(muted: boolean) {
    this.media.muted = muted;
  }

  #onMedia = (e: globalThis.Event) => {
    const { media, send } = this;
    // Events still queued from a dropped source (release()) say nothing about the next one.
    switch (media.src && e.type) {
      case 'loadedmetadata':
        // (The machine decides: WebKitGTK may have taken a file for a stream; an engine may not have started at the fragment.)
        return send({ type: 'metadata', duration: media.duration, late: Math.abs(media.currentTime - this.#at) > 0.5 });
      case 'playing':
        return send({ type: 'sound' });
      case 'seeked':
        // WebKitGTK may go on reporting playing after a seek while its clock stands still: the watchdog watches it.
        return send({ type: 'seeked' });
      case 'timeupdate': {
        const step = media.currentTime - this.#last;
        this.#last = media.currentTime;
        if (step > 0 && !media.paused) this.#moved = true;
        // WebKit may sit at readyState 2 without `playing` after a seek or rate change while time advances.
        return send({ type: 'tick', step: media.paused ? 0 : step, at: media.currentTime }, true);
      }
      case 'waiting':
        // (`stalled` only says the download is slow; with a full buffer sound still flows.)
        return send({ type: 'waiting' });
      case 'error':
        return send({ type: 'failed', tell: true });
      case 'ended':
        return send({ type: 'ended' });
      case 'pause':
        // Paused from outside (system controls, headphones unplugged), unless at the end (browsers pause before `ended`).
        if (media.paused && !media.ended) return send({ type: 'paused' });
    }
    send();
  };
}
