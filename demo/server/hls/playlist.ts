/**
 * The HLS tier's playlist arithmetic, pure (docs/hls.md): reading the live playlist ffmpeg
 * writes, estimating how late its `EXT-X-PROGRAM-DATE-TIME`s are, and rewriting them true to
 * the live edge.
 *
 * Why they are late: ffmpeg stamps a segment with its own clock at start plus the media time
 * before it. It connects to the master as a new listener and first gets the master's burst
 * (16 s of past audio at 32 kbit/s with Icecast's default 64 KB), which it encodes at once: its
 * clock starts at the connection, but its first audio went live a burst earlier. Every date-time
 * after is late by that much (and by ffmpeg's own start-up).
 *
 * The correction (`LateBy`): once the burst is spent, ffmpeg can only close a segment when the
 * master sends the audio after it, that is when that audio goes live. So a segment that appears
 * paced (not in the burst's rush) appears at the live moment of its end, less up to one of the
 * source's blocks (the block holding the end arrived at the live moment of its first byte):
 *   appeared ≈ liveEnd − u, u ∈ [0, block)   and   ffmpegEnd = liveEnd + late
 * so `late = ffmpegEnd − appeared − u`; the smallest of several figures (u near 0) is the estimate.
 */

/** One segment of a media playlist. */
export interface Segment {
  /** Media sequence number. */
  seq: number;
  /** Seconds (EXTINF). */
  duration: number;
  /** The segment's URI as written (a file name beside the playlist). */
  uri: string;
  /** EXT-X-PROGRAM-DATE-TIME as ms since the epoch (undefined without one). */
  pdt: number | undefined;
}

export interface MediaPlaylist {
  targetDuration: number;
  segments: Segment[];
}

const PDT = '#EXT-X-PROGRAM-DATE-TIME:';

/** ffmpeg writes `2026-11-29T12:16:28.136+0000`: ISO 8601 wants the offset's colon. */
export function parseDateTime(text: string): number | undefined {
  const ms = Date.parse(text.trim().replace(/([+-]\d\d)(\d\d)$/, '$1:$2'));
  return Number.isFinite(ms) ? ms : undefined;
}

/** Reads a live media playlist; undefined when it is not one (half written, empty, garbage). */
export function parsePlaylist(text: string): MediaPlaylist | undefined {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  if (lines[0] !== '#EXTM3U') return undefined;
  let targetDuration = NaN;
  let seq = 0;
  let duration: number | undefined;
  let pdt: number | undefined;
  const segments: Segment[] = [];
  for (const line of lines) {
    if (line.startsWith('#EXT-X-TARGETDURATION:')) targetDuration = Number(line.slice(22));
    else if (line.startsWith('#EXT-X-MEDIA-SEQUENCE:')) seq = Number(line.slice(22));
    else if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8));
    else if (line.startsWith(PDT)) pdt = parseDateTime(line.slice(PDT.length));
    else if (line && !line.startsWith('#') && duration !== undefined) {
      segments.push({ seq: seq++, duration, uri: line, pdt });
      duration = pdt = undefined;
    }
  }
  if (!(targetDuration > 0) || !Number.isInteger(segments[0]?.seq ?? 0)) return undefined;
  return { targetDuration, segments };
}

/** The playlist with each date-time moved `lateMs` earlier (ISO 8601, UTC, milliseconds). */
export function rewriteDateTimes(text: string, lateMs: number): string {
  return text.replace(/^#EXT-X-PROGRAM-DATE-TIME:(.*)$/gm, (line, value: string) => {
    const at = parseDateTime(value);
    return at === undefined ? line : `${PDT}${new Date(Math.round(at - lateMs)).toISOString()}`;
  });
}

/** How many of the last paced figures `LateBy` keeps. */
const FIGURES = 12;

/**
 * How late one ffmpeg run's date-times are (ms), from when its segments appeared (see the top
 * of this file). Feed it every segment once, in order, with the moment it was first seen.
 */
export class LateBy {
  #figures: number[] = [];
  #lastSeen: number | undefined;

  /**
   * A segment seen for the first time at `seenAt` (ms). It counts when it came paced: at least
   * half its duration after the one before (the burst's segments come all at once, and only
   * at the live edge must ffmpeg wait for the audio that closes one).
   */
  seen(segment: Segment, seenAt: number): void {
    const paced = this.#lastSeen !== undefined && seenAt - this.#lastSeen >= (segment.duration * 1000) / 2;
    this.#lastSeen = seenAt;
    if (!paced || segment.pdt === undefined) return;
    this.#figures = [...this.#figures, segment.pdt + segment.duration * 1000 - seenAt].slice(-FIGURES);
  }

  /** How many paced segments the estimate rests on. */
  get figures(): number {
    return this.#figures.length;
  }

  /** The estimate (ms; undefined before a paced segment): the smallest figure (see above). */
  get ms(): number | undefined {
    return this.#figures.length ? Math.min(...this.#figures) : undefined;
  }
}
