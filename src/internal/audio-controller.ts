import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { backoff } from './backoff.js';

/** Fired on window when a castlet player starts, so every other one pauses. */
const EXCLUSIVE = 'castlet-exclusive-play';
/** Without `playing` this long after a load or a stall, the connection is retried. */
const STALL_MS = 8000;

const MEDIA_EVENTS = [
  'play', 'playing', 'pause', 'waiting', 'timeupdate', 'durationchange',
  'loadedmetadata', 'ended', 'error', 'volumechange', 'ratechange', 'seeking', 'seeked',
] as const;

export type AudioEventType = 'play' | 'pause' | 'error' | 'recovered';

export interface AudioHost extends ReactiveControllerHost {
  /** Playback started or stopped; the audio failed (it is being retried) or works again. */
  audioEvent(type: AudioEventType, src: string): void;
}

/**
 * Owns the player's <audio> element. State is read from the element's own events, never
 * guessed; a failed or stalled connection is retried with capped exponential backoff while
 * the listener still wants sound.
 *
 * `live` streams are released on pause (the connection closes) and reloaded on play, so
 * playback always starts at the live edge, never from a stale buffer.
 */
export class AudioController implements ReactiveController {
  readonly media: HTMLAudioElement;
  /** The listener pressed play and has not paused since. */
  wanted = false;
  /** Attempts to reconnect since sound last flowed. */
  retries = 0;
  private src = '';
  private waiting = false;
  private timer?: ReturnType<typeof setTimeout>;

  constructor(
    private readonly host: AudioHost,
    private readonly live: boolean,
  ) {
    host.addController(this);
    const media = (this.media = document.createElement('audio'));
    media.preload = 'none';
    for (const type of MEDIA_EVENTS) media.addEventListener(type, this.onMedia);
  }

  /** The URL the listener last asked to play. */
  get source(): string {
    return this.src;
  }

  /** Sound is flowing. */
  get playing(): boolean {
    return this.wanted && !this.media.paused && !this.waiting;
  }

  /** The listener wants sound but it is held up (loading, stalled or reconnecting). */
  get buffering(): boolean {
    return this.wanted && !this.playing;
  }

  hostConnected(): void {
    addEventListener(EXCLUSIVE, this.onExclusive);
  }

  hostDisconnected(): void {
    removeEventListener(EXCLUSIVE, this.onExclusive);
    if (this.wanted) this.pause();
  }

  /** Starts `src` (from `at` seconds for files); a live stream always reconnects. */
  play(src: string, at?: number): void {
    const fresh = this.live || src !== this.src || !this.media.src;
    this.wanted = true;
    this.waiting = true;
    this.src = src;
    if (fresh) this.load(at);
    this.start();
    dispatchEvent(new CustomEvent(EXCLUSIVE, { detail: this }));
    this.host.audioEvent('play', src);
    this.host.requestUpdate();
  }

  pause(): void {
    this.wanted = false;
    this.waiting = false;
    this.retries = 0;
    clearTimeout(this.timer);
    this.media.pause();
    // Close the connection: a live stream must not keep downloading while paused.
    if (this.live) this.release();
    this.host.audioEvent('pause', this.src);
    this.host.requestUpdate();
  }

  /**
   * The service is unreachable: stop loading (the browser would retry on its own, several
   * times a second) but keep the listener's wish and show it as reconnecting; `play()`
   * resumes when the service answers again.
   */
  hold(): void {
    if (!this.wanted || !this.media.getAttribute('src')) return;
    clearTimeout(this.timer);
    this.waiting = true;
    this.retries ||= 1;
    this.release();
    this.host.requestUpdate();
  }

  /** Waiting in `hold()` for the service to come back. */
  get held(): boolean {
    return this.wanted && !this.media.getAttribute('src');
  }

  /** Moves playback to `t` seconds (clamped to the file). */
  seek(t: number): void {
    const end = this.duration || Infinity;
    this.media.currentTime = Math.max(0, Math.min(end, t));
    this.host.requestUpdate();
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

  get currentTime(): number {
    return this.media.currentTime || 0;
  }

  get duration(): number {
    const d = this.media.duration;
    return Number.isFinite(d) ? d : 0;
  }

  /** Drops the source: the browser closes its connection and forgets the buffer. */
  private release() {
    this.media.removeAttribute('src');
    this.media.load();
  }

  private load(at = 0) {
    // A new URL for a live stream, so no cache or old buffer can answer.
    this.media.src = this.live ? `${this.src}${this.src.includes('?') ? '&' : '?'}t=${Date.now()}` : this.src;
    if (at > 0) this.media.currentTime = at;
  }

  private start() {
    this.media.play().catch((e: unknown) => {
      // Blocked by the browser's autoplay policy: give control back to the listener.
      if ((e as DOMException)?.name === 'NotAllowedError') this.pause();
    });
    this.watch();
  }

  /** Retries when sound does not (re)start within STALL_MS. */
  private watch() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.reconnect(), STALL_MS);
  }

  private reconnect() {
    if (!this.wanted) return;
    clearTimeout(this.timer);
    this.waiting = true;
    this.host.requestUpdate();
    this.timer = setTimeout(() => {
      if (!this.wanted) return;
      this.load(this.live ? 0 : this.currentTime);
      this.start();
    }, backoff(this.retries++, 500, 15_000));
  }

  private readonly onMedia = (e: Event) => {
    switch (e.type) {
      case 'playing':
        if (this.retries) this.host.audioEvent('recovered', this.src);
        this.waiting = false;
        this.retries = 0;
        clearTimeout(this.timer);
        break;
      case 'waiting':
        // (`stalled` only says the download is slow; with a full buffer sound still flows.)
        if (this.wanted) {
          this.waiting = true;
          this.watch();
        }
        break;
      case 'error':
        if (this.wanted) this.host.audioEvent('error', this.src);
        this.reconnect();
        break;
      case 'ended':
        // A live stream never ends: the connection dropped. A file is simply done.
        if (this.live) this.reconnect();
        else this.pause();
        break;
      case 'pause':
        // Paused from outside (system controls, headphones unplugged): follow the element.
        if (this.wanted && !this.waiting && !this.media.ended) this.pause();
        break;
    }
    this.host.requestUpdate();
  };

  private readonly onExclusive = (e: Event) => {
    if ((e as CustomEvent).detail !== this && this.wanted) this.pause();
  };
}
