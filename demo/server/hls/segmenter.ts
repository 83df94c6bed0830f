/**
 * One channel's segmenter (docs/hls.md): Debian's ffmpeg reading the channel's mount on the
 * Icecast master and writing AAC-LC in 2.5 s MPEG-TS segments and a rolling live playlist into a
 * directory of its own. The service watches the playlist: when each segment first appeared (the
 * date-time correction, playlist.ts `LateBy`) and whether the newest is fresh. ffmpeg is
 * started again when it dies, after a pause that doubles while runs fail (1 s up to 16 s), and
 * killed when it stops writing (a master that stalls).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync, watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import { LateBy, parsePlaylist, rewriteDateTimes, type MediaPlaylist } from './playlist.ts';

export const PLAYLIST = 'index.m3u8';

/** A file's last write (ms), or `fallback` where it cannot be read (never later than it). */
function written(path: string, fallback: number): number {
  try {
    return Math.min(fallback, statSync(path).mtimeMs);
  } catch {
    return fallback;
  }
}

export interface SegmenterOptions {
  /** ffmpeg's path (default `ffmpeg`). */
  ffmpeg?: string;
  /** Segment length, s (default 2.5: segments of 2.5 s ± an AAC frame, target duration 3). */
  segmentSeconds?: number;
  /** Segments in the playlist (default 6). */
  listSize?: number;
  /** AAC bitrate, kbit/s (default 64). */
  bitrate?: number;
}

const MIN_BACKOFF_MS = 1000;
/**
 * Paced segments the correction must rest on before the tier is offered. Each figure is late by
 * up to one of the master's blocks (about 1 s; playlist.ts): the smallest of one is 0.5 s off on
 * average, of three 0.25 s (measured: −0.75 s in a test that began as soon as the first figure was there, −0.02 to −0.19 s later).
 */
const MIN_FIGURES = 3;
const MAX_BACKOFF_MS = 16_000;

export class Segmenter {
  readonly dir: string;
  readonly segmentSeconds: number;
  readonly bitrate: number;
  #options: Required<SegmenterOptions>;
  #log: (line: string) => void;
  #input: string | undefined;
  #child: ChildProcess | undefined;
  #watcher: FSWatcher | undefined;
  #timer: ReturnType<typeof setInterval> | undefined;
  #run = 0;
  #startedAt = 0;
  #exitedAt = 0;
  #backoffMs = MIN_BACKOFF_MS;
  #late = new LateBy();
  #seen = new Map<number, number>();
  #lastSeq: number | undefined;
  #playlist: { text: string; parsed: MediaPlaylist } | undefined;
  #served: { source: string; late: number; text: string } | undefined;
  /** When the newest segment appeared (ms), 0 before one. */
  #newestAt = 0;
  #stopped = false;

  constructor(dir: string, options: SegmenterOptions, log: (line: string) => void) {
    this.dir = dir;
    this.#options = { ffmpeg: 'ffmpeg', segmentSeconds: 2.5, listSize: 6, bitrate: 64, ...options };
    this.segmentSeconds = this.#options.segmentSeconds;
    this.bitrate = this.#options.bitrate;
    this.#log = log;
  }

  /** ffmpeg's pid while it runs. */
  get pid(): number | undefined {
    return this.#running() ? this.#child?.pid : undefined;
  }

  /** Whether ffmpeg runs and has written a segment this run (it is then one of the master's listeners). */
  get connected(): boolean {
    return this.#running() && this.#newestAt >= this.#startedAt && this.#lastSeq !== undefined;
  }

  #running(): boolean {
    return !!this.#child && this.#child.exitCode === null && this.#child.signalCode === null;
  }

  /**
   * Where ffmpeg should read (the master's mount), or undefined while the mount has no source.
   * Called on every status poll: starts ffmpeg when it should run and its pause is over.
   */
  sync(input: string | undefined): void {
    if (this.#stopped) return;
    if (input !== this.#input && this.#running()) this.#kill();
    this.#input = input;
    if (!input || this.#running() || Date.now() - this.#exitedAt < this.#backoffMs) return;
    this.#start(input);
  }

  #start(input: string): void {
    const run = ++this.#run;
    const dir = join(this.dir, String(run));
    rmSync(this.dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    this.#late = new LateBy();
    this.#seen.clear();
    this.#lastSeq = undefined;
    this.#startedAt = Date.now();
    const { ffmpeg, segmentSeconds, listSize, bitrate } = this.#options;
    const child = spawn(
      ffmpeg,
      [
        ...['-nostdin', '-hide_banner', '-loglevel', 'error'],
        // A master that stops sending ends the run (10 s), and the service starts another.
        ...['-rw_timeout', '10000000', '-user_agent', 'castlet-segmenter', '-i', input],
        ...['-map', '0:a:0', '-c:a', 'aac', '-b:a', `${bitrate}k`],
        ...['-f', 'hls', '-hls_time', String(segmentSeconds), '-hls_list_size', String(listSize)],
        ...['-hls_flags', 'delete_segments+program_date_time+independent_segments+temp_file'],
        // Names never repeat across runs: segments are cached as immutable.
        ...['-hls_start_number_source', 'epoch', '-hls_segment_filename', join(dir, `${run}-${Date.now().toString(36)}-%d.ts`)],
        join(dir, PLAYLIST),
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    this.#child = child;
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-400)));
    child.once('exit', (code, signal) => {
      if (this.#child !== child) return;
      this.#exitedAt = Date.now();
      // A run that served for a while starts the pauses over.
      const served = this.#newestAt - this.#startedAt > 10_000;
      this.#backoffMs = served ? MIN_BACKOFF_MS : Math.min(MAX_BACKOFF_MS, this.#backoffMs * 2);
      if (!this.#stopped) {
        const why = signal ?? `exit ${code}`;
        this.#log(
          `hls: ffmpeg for ${input} ended (${why}${stderr.trim() ? `: ${stderr.trim().split('\n').at(-1)}` : ''}); again in ${this.#backoffMs / 1000} s`,
        );
      }
      this.#watcher?.close();
      this.#watcher = undefined;
    });
    child.once('error', (err) => this.#log(`hls: cannot start ${ffmpeg}: ${err.message}`));
    try {
      this.#watcher = watch(dir, (_event, name) => {
        if (name === PLAYLIST) this.#read(dir);
      });
    } catch {
      // The timer below reads it too.
    }
    clearInterval(this.#timer);
    this.#timer = setInterval(() => this.#tick(dir), 250);
    this.#timer.unref?.();
  }

  #tick(dir: string): void {
    this.#read(dir);
    // Writing nothing for 5 segments (or no first segment after 15 s): stuck; start again.
    const since = Math.max(this.#newestAt, this.#startedAt);
    const limit = this.#lastSeq === undefined ? 15_000 : 5 * this.segmentSeconds * 1000;
    if (this.#running() && Date.now() - since > limit) {
      this.#log(`hls: ffmpeg for ${this.#input} wrote nothing for ${Math.round((Date.now() - since) / 1000)} s; killed`);
      this.#kill();
    }
  }

  #read(dir: string): void {
    let text: string;
    try {
      text = readFileSync(join(dir, PLAYLIST), 'utf8');
    } catch {
      return;
    }
    if (text === this.#playlist?.text) return;
    const parsed = parsePlaylist(text);
    if (!parsed) return;
    const now = Date.now();
    for (const segment of parsed.segments) {
      if (this.#lastSeq !== undefined && segment.seq <= this.#lastSeq) continue;
      this.#lastSeq = segment.seq;
      this.#seen.set(segment.seq, now);
      // When ffmpeg closed it (its file's last write), not when this process got round to reading
      // the list: on a busy machine that came seconds late at times, and the smallest figure kept it.
      this.#late.seen(segment, written(join(dir, segment.uri), now));
      this.#newestAt = now;
    }
    this.#playlist = { text, parsed };
  }

  #kill(): void {
    try {
      if (this.#child?.pid) process.kill(this.#child.pid, 'SIGKILL');
    } catch {
      // It ended just now.
    }
  }

  /** How late ffmpeg's date-times are, ms (undefined until measured). */
  get lateMs(): number | undefined {
    return this.#late.ms;
  }

  /**
   * Whether the tier can be offered: ffmpeg runs, its newest segment appeared within two
   * segments' time (and a second: the master's blocks come about a second apart), and its
   * date-times' correction rests on `MIN_FIGURES` paced segments.
   */
  fresh(now = Date.now()): boolean {
    return this.#running() && this.#late.figures >= MIN_FIGURES && now - this.#newestAt <= 2 * this.segmentSeconds * 1000 + 1000;
  }

  /** The playlist to serve: ffmpeg's, its date-times true to the live edge; undefined while not fresh. */
  playlist(): { text: string; targetDuration: number } | undefined {
    const late = this.#late.ms;
    const current = this.#playlist;
    if (!current || late === undefined || !this.fresh()) return undefined;
    if (this.#served?.source !== current.text || this.#served.late !== late) {
      this.#served = { source: current.text, late, text: rewriteDateTimes(current.text, late) };
    }
    return { text: this.#served.text, targetDuration: current.parsed.targetDuration };
  }

  /** The directory of the current run (segments are read from here). */
  get runDir(): string {
    return join(this.dir, String(this.#run));
  }

  stop(): void {
    this.#stopped = true;
    clearInterval(this.#timer);
    this.#watcher?.close();
    this.#kill();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
