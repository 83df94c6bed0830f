import type { Event } from './machine.js';
import type { RemoteTell, Source } from './types.js';

/** WebKit's AirPlay (Safari): not in TypeScript's DOM types. */
interface WebKitMedia extends HTMLAudioElement {
  webkitShowPlaybackTargetPicker(): void;
  readonly webkitCurrentPlaybackTargetIsWireless: boolean;
}

/** HLS (`application/vnd.apple.mpegurl`, `application/x-mpegURL`): played natively, or through hls.js (docs/hls-player.md). */
const HLS = /mpegurl/i;
/** A source's way, as the machine lists it: HLS natively (`hls:url`), through hls.js (`hls.js:url`), else the URL as it is. */
const WAY = /^(?:(hls(?:\.js)?):)?(.*)$/s;

/** The part of hls.js the adapter uses (the light build, loaded only for an HLS source: see `warm`). */
interface Hls {
  loadSource(url: string): void;
  attachMedia(media: HTMLMediaElement): void;
  on(event: string, f: (event: string, data: { fatal: boolean }) => void): void;
  destroy(): void;
  readonly playingDate: Date | null;
}
type HlsClass = (new (config: object) => Hls) & { Events: { ERROR: string } };

declare const __CASTLET_CDN__: boolean | undefined;
/**
 * hls.js's light build, loaded only for an HLS source (chosen, or the first way: `warm`): on the
 * CDN, a file beside the chunks (`hls.js`, outside the bundle's budget; scripts/build.ts copies it
 * there); from npm, the `hls.js` package, as the site's bundler resolves it.
 */
const loadHls = (): Promise<{ default: HlsClass }> =>
  (hlsJs ??= (
    typeof __CASTLET_CDN__ !== 'undefined' && __CASTLET_CDN__
      ? import(/* @vite-ignore */ new URL(/* @vite-ignore */ '../hls.js', import.meta.url).href)
      : // @ts-expect-error -- hls.js's light build has no types of its own (the part used is typed above).
        (import('hls.js/light') as Promise<{ default: HlsClass }>)
  ).catch((e: unknown) => {
    // (A failed load is tried again at the next HLS source.)
    hlsJs = undefined;
    throw e;
  }));
/** hls.js on its way or here (one load for every player of the page, and for `warm`). */
let hlsJs: Promise<{ default: HlsClass }> | undefined;

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
  /** hls.js playing the HLS source loaded (destroyed when another source is loaded or it is released). */
  #hls?: Hls;
  /** This player's session on the HLS tier: who listens, not what (random, new for each page). */
  #sid = Math.random().toString(36).slice(2, 12).padEnd(8, '0');
  /** Play was asked (and not taken back) for what is loaded: an HLS source attached later plays then. */
  #wants = false;

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
    return src === this.#src && this.#in;
  }

  /** Does the element hold a source (its own `src`, or hls.js's)? */
  get #in(): boolean {
    return this.media.hasAttribute('src') || !!this.#hls;
  }

  /**
   * The ways this browser can play `source`, in order, as the machine lists them: none for a type
   * it cannot play (unknown types are tried). HLS natively only where the element tells the
   * program date-time (WebKit's `getStartDate()`: Safari; Chromium's "maybe" plays, but with no
   * date), then through hls.js wherever Media Source Extensions play AAC: a native attempt that
   * fails falls to it.
   */
  ways({ url, type = '' }: Source): string[] {
    const media = this.media;
    if (!HLS.test(type)) return !type || media.canPlayType(type) ? [url] : [];
    const MSE = (self as { ManagedMediaSource?: typeof MediaSource }).ManagedMediaSource ?? self.MediaSource;
    return [
      ...(media.canPlayType(type) && 'getStartDate' in media ? [`hls:${url}`] : []),
      ...(MSE?.isTypeSupported('audio/mp4;codecs="mp4a.40.2"') ? [`hls.js:${url}`] : []),
    ];
  }

  /**
   * Fetches and compiles hls.js now when `first`, the first way of what is shown, is through it (a
   * station that lists its HLS first), so the press does not wait for it (0.1–0.6 s here:
   * docs/hls-player.md "The first sound on HLS"). Never for a list that starts on Icecast.
   */
  warm(first: string | undefined): void {
    if (first?.startsWith('hls.js:')) loadHls().catch(() => {});
  }

  /** The program date-time of the audio playing (ms since the epoch), where the stream tells it (HLS); else NaN. */
  get date(): number {
    const media = this.media as HTMLAudioElement & { getStartDate?(): Date };
    return this.#hls
      ? (this.#hls.playingDate?.getTime() ?? NaN)
      : this.#src.startsWith('hls:')
        ? (media.getStartDate?.().getTime() ?? NaN) + media.currentTime * 1000
        : NaN;
  }

  /**
   * Where a source of `type` goes in this engine's order (sorted by it, the listed order kept
   * within a rank): what the engine adds to press → first sound once the server sends the audio,
   * measured per engine against a plain <audio> (docs/sources-and-relays.md "The first sound").
   * Firefox takes about 1.8 s longer on Ogg Vorbis: Vorbis last. WebKitGTK about 2.2 s longer on
   * Ogg Opus: Opus last (WebKit says AppleWebKit/605, Chromium 537). Everything else as listed
   * (Opus first: Chromium starts it soonest, Firefox as soon as MP3).
   */
  rank(type = ''): number {
    const ua = navigator.userAgent;
    return /Firefox\//.test(ua) ? +/vorbis/.test(type) : /AppleWebKit\/6/.test(ua) ? +/opus/.test(type) : 0;
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
    const media = this.media;
    const [, way, path = src] = WAY.exec(src) ?? [];
    // A playlist carries this player's session id: the origin (or the CDN's beacon) counts each listener once (docs/hls.md).
    const url = way ? `${path}${path.includes('?') ? '&' : '?'}sid=${this.#sid}` : path;
    this.#moved = false;
    this.#drop();
    // Every load starts at 1× (a stream always plays at it): the speed comes once the clock moves (see rate).
    if (media.playbackRate !== 1) media.defaultPlaybackRate = media.playbackRate = 1;
    if (way === 'hls.js') {
      // One connection at a time: the one before closes now, hls.js comes (once) and attaches.
      this.#release();
      loadHls().then(
        ({ default: Hls }) => {
          if (this.#src !== src || this.#hls) return;
          // No worker (a strict policy allows none from blob:); the playlist is loaded as it is (a CDN caches it).
          const hls = (this.#hls = new Hls({ enableWorker: false }));
          hls.on(Hls.Events.ERROR, (_, data) => data.fatal && this.#hls === hls && this.send({ type: 'failed', tell: true }));
          hls.loadSource(url);
          hls.attachMedia(media);
          if (this.#wants) this.play();
        },
        () => this.#src === src && this.send({ type: 'failed', tell: true }),
      );
    } else
      // (A playlist keeps its URL: segments and playlist are what a CDN caches; the element plays its live edge.)
      media.src = way ? url : live ? `${src}${src.includes('?') ? '&' : '?'}t=${now}` : at ? `${src}#t=${at}` : src;
    this.#src = src;
    this.#at = at;
    this.#last = 0;
    this.#loadedAt = now;
  }

  play(): void {
    this.#wants = true;
    this.media.play().catch((error: unknown) => {
      // Blocked by the browser's autoplay policy: give control back to the listener.
      if ((error as DOMException)?.name === 'NotAllowedError') this.send({ type: 'refused', error });
    });
  }

  pause(): void {
    this.#wants = false;
    this.media.pause();
  }

  /** Drops the source: the browser closes its connection (hls.js goes) and forgets the buffer. */
  release(): void {
    this.#wants = false;
    this.#drop();
    this.#release();
  }

  /** hls.js goes: its requests stop, it lets the element go. */
  #drop(): void {
    this.#hls?.destroy();
    this.#hls = undefined;
  }

  #release(): void {
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

  /**
   * The element runs and has sound to give: from the connection's first audio on (WebKitGTK may
   * hold the clock at 0 for seconds of sound), not while it seeks. (hls.js seeks to the live edge
   * once it has the first segment: WebKitGTK's clock and date tell the target 0.4–1.3 s before it
   * sounds, and a title read then came before its song. docs/hls-player.md.)
   */
  get sounding(): boolean {
    const media = this.media;
    return !media.paused && !media.seeking && (media.currentTime > 0 || media.readyState > 1);
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

  /**
   * Remote playback: tells `tell` whether the browser sees a device (Cast, AirPlay) and where
   * the element plays, now and at each change: the Remote Playback API (`remote`: Chromium,
   * Safari), else WebKit's AirPlay events. A browser that cannot watch (Chromium on some
   * systems rejects `watchAvailability`) or has neither tells nothing: the player stays as it is.
   */
  remote(tell: RemoteTell): void {
    const media = this.media as WebKitMedia;
    const remote = media.remote as RemotePlayback | undefined;
    let available = false;
    const say = (a = available) =>
      tell((available = a), remote ? remote.state : media.webkitCurrentPlaybackTargetIsWireless ? 'connected' : 'disconnected');
    if (remote) {
      remote.watchAvailability((a) => say(a)).catch(() => {});
      for (const type of ['connecting', 'connect', 'disconnect']) remote.addEventListener(type, () => say());
    } else {
      media.addEventListener('webkitplaybacktargetavailabilitychanged', (e) =>
        say((e as globalThis.Event & { availability?: string }).availability === 'available'),
      );
      media.addEventListener('webkitcurrentplaybacktargetiswirelesschanged', () => say());
    }
  }

  /** Opens the browser's device picker (Cast, AirPlay): on the listener's press. */
  pick(): void {
    const media = this.media as WebKitMedia;
    if (media.remote) media.remote.prompt().catch(() => {});
    else media.webkitShowPlaybackTargetPicker?.();
  }

  #onMedia = (e: globalThis.Event) => {
    const { media, send } = this;
    // Events still queued from a dropped source (release()) say nothing about the next one.
    switch (this.#in && e.type) {
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
