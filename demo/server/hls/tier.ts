/**
 * The HLS tier (docs/design.md "HLS tier", docs/hls.md): a segmenter per channel on its master
 * mount, the HLS source each channel lists while its segmenter is fresh, and its listeners.
 *
 * Listeners: a player adds a session id of its own to the playlist URL (`?sid=…`; segments are
 * relative, so their URLs stay the same for everyone and cache as one). A listener is a session
 * id (or, without one, a client address) that fetched the playlist within the last
 * `LISTENER_WINDOW` segment lengths. Behind a CDN the origin sees only the CDN's fetches, so
 * the CDN sends the origin a beacon per playlist request it answers (nginx: `mirror`, marked
 * `X-Castlet-Beacon: 1`; the origin answers it 204): each listener is seen once, whatever the cache.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Source } from '../../../src/api/index.ts';
import { Segmenter, type SegmenterOptions } from './segmenter.ts';

export const HLS_TYPE = 'application/vnd.apple.mpegurl';

export interface HlsConfig extends SegmenterOptions {
  /** List the HLS source before the Icecast ones (HLS_FIRST=1; default after them). */
  first?: boolean;
  /** The base URL the playlists are fetched from (HLS_PUBLIC_URL, a CDN; default the service's origin). */
  publicUrl?: string;
}

/** A session is a listener this many segment lengths after its last playlist fetch. */
const LISTENER_WINDOW = 2.5;
/** Sessions counted at most per mountpoint. */
const MAX_SESSIONS = 100_000;

/** What the origin served (the bench and the cache test read it). */
export interface HlsCounts {
  playlists: number;
  segments: number;
  beacons: number;
  bytes: number;
  /** Segment name → times served. */
  perSegment: Map<string, number>;
}

export class HlsTier {
  readonly first: boolean;
  readonly counts: HlsCounts = { playlists: 0, segments: 0, beacons: 0, bytes: 0, perSegment: new Map() };
  #config: HlsConfig;
  #log: (line: string) => void;
  #root: string;
  #segmenters = new Map<string, Segmenter>();
  /** Per mountpoint: session → last playlist fetch (ms). */
  #sessions = new Map<string, Map<string, number>>();

  constructor(config: HlsConfig, log: (line: string) => void) {
    this.#config = config;
    this.first = config.first ?? false;
    this.#log = log;
    this.#root = mkdtempSync(join(tmpdir(), 'castlet-hls-'));
  }

  /** The segmenter of a mountpoint (made on first use). */
  segmenter(mountpoint: string): Segmenter {
    let s = this.#segmenters.get(mountpoint);
    if (!s) {
      s = new Segmenter(join(this.#root, encodeURIComponent(mountpoint)), this.#config, this.#log);
      this.#segmenters.set(mountpoint, s);
    }
    return s;
  }

  /** Only mountpoints the service has a segmenter for (no directory is made for a request). */
  existing(mountpoint: string): Segmenter | undefined {
    return this.#segmenters.get(mountpoint);
  }

  /** On each status poll: the master's URL of the channel's mount while it has a source, else undefined. */
  sync(mountpoint: string, input: string | undefined): void {
    this.segmenter(mountpoint).sync(input);
  }

  /** The channel's HLS source while its segmenter is fresh. */
  source(mountpoint: string, origin: string): Source | undefined {
    const s = this.#segmenters.get(mountpoint);
    if (!s?.fresh()) return undefined;
    const base = (this.#config.publicUrl ?? origin).replace(/\/+$/, '');
    // A player starts three target durations behind the playlist's end (hls.js, Safari); it shows
    // titles by the program date-time, so this is only what it can expect before it plays.
    return { url: `${base}/hls/${encodeURIComponent(mountpoint)}/index.m3u8`, type: HLS_TYPE, bitrate: s.bitrate, delay: 3 * s.segmentSeconds };
  }

  /** Whether the segmenter is one of the master's listeners of this mount now. */
  connected(mountpoint: string): boolean {
    return this.#segmenters.get(mountpoint)?.connected ?? false;
  }

  /** A playlist fetch (or a CDN's beacon for one) by `session`. */
  listened(mountpoint: string, session: string, now = Date.now()): void {
    let sessions = this.#sessions.get(mountpoint);
    if (!sessions) this.#sessions.set(mountpoint, (sessions = new Map()));
    // A bound on made-up ids (they are forgotten after the window anyway).
    if (sessions.size >= MAX_SESSIONS && !sessions.has(session)) return;
    sessions.set(session, now);
  }

  /** Listeners on the tier now (sessions seen within the window); older ones are forgotten. */
  listeners(mountpoint: string, now = Date.now()): number {
    const sessions = this.#sessions.get(mountpoint);
    if (!sessions) return 0;
    const window = LISTENER_WINDOW * (this.#segmenters.get(mountpoint)?.segmentSeconds ?? 2) * 1000;
    for (const [id, at] of sessions) if (now - at > window) sessions.delete(id);
    return sessions.size;
  }

  stop(): void {
    this.#segmenters.forEach((s) => s.stop());
    rmSync(this.#root, { recursive: true, force: true });
  }
}
