/**
 * Measures each source's `delay` (docs/design.md "Sources and relays"): how far behind the
 * master's live edge a new listener of that source starts. Nothing is assumed about a server's
 * `burst-size` or a relay's lag: the service listens.
 *
 * One round, for one mount of a channel:
 * 1. A reference connection to that mount on the master: past its burst, each block that arrives
 *    is the master's live edge at that moment (when Icecast shows a new title, too). From the
 *    blocks' arrival times and byte offsets, a line: when each byte of the master's stream went
 *    live (`epoch + offset / byteRate`).
 * 2. Each source of the mount in turn (one connection at a time): connect as a new listener,
 *    read what arrives in its first moments (its burst), and find where that audio sits in the
 *    master's stream: its last bytes are matched in the reference's bytes (relays copy the
 *    master's stream unchanged; Ogg header pages, which a server sends every new listener first,
 *    are left out). Its first byte is that many bytes earlier.
 * 3. delay = when the listener asked − when its first byte went live on the master. The player
 *    counts from when it asked (`heard.ts`: load time − delay + currentTime), and Icecast sends a
 *    new listener's burst when the source's next block comes in: one who asked at a moment
 *    picked at random got its first byte half a block's interval later, on average (from 0 to a
 *    whole interval, about 1 s with ezstream). The probe, which got its first byte on a block's
 *    arrival, counts from half an interval before: a title is then within half an interval of
 *    the sound, either way. (Counted from the first byte, titles came 0.8–1.3 s late in
 *    test/icecast/heard.test.ts; from a whole interval before, up to 0.9 s early.)
 *
 * Rounds run one at a time over every mount, then again after a pause that doubles (15 s up to
 * 5 min) while the figures hold, and comes back to 15 s when a source appears or a figure moves.
 * A source's delay is the median of its last five figures (`keep`). A source that cannot be
 * measured keeps its figures (or none: its burst at its bitrate is used); nothing is retried
 * sooner than the next round.
 *
 * A source that connected less than a burst ago is not measured: its server's queue still
 * fills, so a new listener's delay grows by the second, and the poller lists what the queue
 * holds (delay-figures.ts `fillingDelay`, from Icecast's `stream_start`). A figure that reaches
 * back to when its source connected (within 1.5 s) is a queue still filling too (an Ogg source
 * declares no bitrate, so its burst in seconds is not known beforehand): not kept. A source that
 * starts again (another `stream_start`) is another source: its figures start over.
 *
 * This file is the scheduler and the rounds; the connections are stream-reader.ts, the
 * arithmetic (live line, a listener's delay, the median) delay-figures.ts, and the Ogg header
 * pages media/ogg-opus.ts.
 */

import { keep, liveLine, measureDelay } from './delay-figures.ts';
import { StreamReader } from './stream-reader.ts';

/** A source to measure: its URL, and where it is. */
export interface ProbeTarget {
  url: string;
  server: string;
  mount: string;
  type: string;
  /** Its server's queue still fills (the source connected less than a burst ago): not measured, its figure is the queue's. */
  filling?: boolean;
  /** When its source connected (ms): another start is another source, whose figures start over. */
  since?: number | undefined;
}

/** How long after closing a probe it is still taken for one of Icecast's listeners. */
const CLOSE_GRACE_MS = 2500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class DelayProbe {
  #log: (line: string) => void;
  #changed: () => void;
  #delays = new Map<string, number>();
  /** Each source's last figures (see keep). */
  #samples = new Map<string, number[]>();
  /** Per channel mountpoint: the master and the sources last seen. */
  #watched = new Map<string, { master: string | undefined; targets: ProbeTarget[] }>();
  #open = new Map<string, number>();
  #running = true;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #busy = false;
  #dueAt = 0;
  #pauseMs: number;
  #lastRound = 0;
  readonly #minPauseMs: number;
  readonly #maxPauseMs: number;
  readonly #listenMs: number;
  readonly #referenceMs: number;
  /** Bytes per second by URL, as the status declares (kbit/s × 125); else estimated. */
  rates = new Map<string, number>();

  constructor(
    log: (line: string) => void,
    changed: () => void,
    options: { minPauseMs?: number; maxPauseMs?: number; listenMs?: number; referenceMs?: number } = {},
  ) {
    this.#log = log;
    this.#changed = changed;
    this.#minPauseMs = options.minPauseMs ?? 15_000;
    this.#maxPauseMs = options.maxPauseMs ?? 300_000;
    this.#listenMs = options.listenMs ?? 500;
    this.#referenceMs = options.referenceMs ?? 4000;
    this.#pauseMs = this.#minPauseMs;
  }

  /** The delay of the source at `url` (the median of its last figures), or undefined. */
  delay(url: string): number | undefined {
    return this.#delays.get(url);
  }

  /** How many of the probe's connections are open now, on every server and mount. */
  get connections(): number {
    let n = 0;
    for (const open of this.#open.values()) n += open;
    return n;
  }

  /** How many of the probe's connections are open on `mount` of `server` (they are no listeners). */
  open(server: string, mount: string): number {
    return this.#open.get(`${server} ${mount}`) ?? 0;
  }

  /**
   * The sources of a channel now. A source that has left is forgotten (a server that comes back
   * starts with a short queue: its figure is measured again); one never measured brings the next
   * round forward.
   */
  watch(channel: string, master: string | undefined, targets: ProbeTarget[]): void {
    const before = this.#watched.get(channel)?.targets ?? [];
    this.#watched.set(channel, { master, targets });
    for (const gone of before) {
      if (targets.some((t) => t.url === gone.url && t.since === gone.since)) continue;
      this.#delays.delete(gone.url);
      this.#samples.delete(gone.url);
    }
    if (!this.#running || this.#busy) return;
    const unmeasured = targets.some((t) => !t.filling && !this.#delays.has(t.url)) && master !== undefined;
    if (unmeasured && this.#pauseMs > this.#minPauseMs) this.#pauseMs = this.#minPauseMs;
    if (this.#timer === undefined || unmeasured) this.#schedule(unmeasured);
  }

  stop(): void {
    this.#running = false;
    clearTimeout(this.#timer);
  }

  #schedule(soon: boolean): void {
    // Never two rounds closer than the shortest pause, however often sources come and go.
    const wait = soon ? Math.max(1000, this.#lastRound + this.#minPauseMs - Date.now()) : this.#pauseMs;
    // A round already due sooner stays as it is.
    if (this.#timer !== undefined && this.#dueAt <= Date.now() + wait) return;
    clearTimeout(this.#timer);
    this.#dueAt = Date.now() + wait;
    this.#timer = setTimeout(() => void this.#round(), wait);
    this.#timer.unref?.();
  }

  async #round(): Promise<void> {
    this.#timer = undefined;
    if (!this.#running || this.#busy) return;
    this.#busy = true;
    this.#lastRound = Date.now();
    let moved = false;
    let measured = 0;
    try {
      for (const [channel, { master, targets }] of [...this.#watched.entries()]) {
        if (!master) continue;
        const mounts = [...new Set(targets.map((t) => t.mount))];
        for (const mount of mounts) {
          if (!this.#running) return;
          const own = targets.filter((t) => t.mount === mount && !t.filling);
          if (!own.length) continue;
          const results = await this.#measureMount(master, mount, own);
          for (const [url, { delay, at }] of results) {
            // Left (or started again) while it was measured: not kept.
            const target = own.find((t) => t.url === url);
            if (!this.#watched.get(channel)?.targets.some((t) => t.url === url && t.since === target?.since && !t.filling)) continue;
            // A listener that got everything since its source connected: the queue was still
            // filling (an Ogg source's burst in seconds is not known beforehand), not kept.
            if (target?.since !== undefined && delay > (at - target.since) / 1000 - 1.5) continue;
            const before = this.#delays.get(url);
            const now = keep(this.#samples.get(url) ?? [], delay);
            this.#samples.set(url, now.samples);
            if (before === undefined || Math.abs(before - now.delay) > 0.5) moved = true;
            this.#delays.set(url, now.delay);
            measured++;
          }
        }
      }
    } finally {
      this.#busy = false;
    }
    if (!this.#running) return;
    this.#pauseMs = moved ? this.#minPauseMs : Math.min(this.#maxPauseMs, this.#pauseMs * 2);
    if (measured) this.#changed();
    this.#schedule(false);
  }

  #hold(server: string, mount: string, by: number): void {
    const key = `${server} ${mount}`;
    const change = () => this.#open.set(key, (this.#open.get(key) ?? 0) + by);
    // Icecast counts a closed connection until its next write to it (up to a block later).
    if (by < 0) setTimeout(change, CLOSE_GRACE_MS).unref?.();
    else change();
  }

  /** One round for one mount: the reference on the master, then each source in turn. */
  async #measureMount(master: string, mount: string, targets: ProbeTarget[]): Promise<Map<string, { delay: number; at: number }>> {
    const results = new Map<string, { delay: number; at: number }>();
    const ogg = targets[0]?.type.startsWith('audio/ogg') ?? false;
    const reference = new StreamReader(`${master}/${encodeURIComponent(mount)}`, 3000);
    this.#hold(master, mount, 1);
    const listened: { target: ProbeTarget; at: number; lastAt: number; data: Uint8Array }[] = [];
    try {
      if (!(await reference.started)) {
        this.#log(`delay probe: could not listen to ${master}/${mount}; delays kept`);
        return results;
      }
      const until = Date.now() + this.#referenceMs;
      // Wait for the reference's burst before the first source.
      while (!reference.chunks.length && Date.now() < until && !reference.done) await sleep(20);
      for (const target of targets) {
        if (!this.#running || reference.done) break;
        const listener = new StreamReader(target.url, 3000);
        this.#hold(target.server, target.mount, 1);
        try {
          if (!(await listener.started)) continue;
          const deadline = Date.now() + 3000;
          while (!listener.chunks.length && !listener.done && Date.now() < deadline) await sleep(10);
          await sleep(this.#listenMs);
        } finally {
          listener.close();
          this.#hold(target.server, target.mount, -1);
        }
        const first = listener.chunks[0];
        if (first) listened.push({ target, at: first.at, lastAt: listener.chunks.at(-1)!.at, data: listener.bytes() });
      }
      // Enough of the master's live blocks to draw its line.
      while (Date.now() < until && !reference.done) await sleep(50);
    } finally {
      reference.close();
      this.#hold(master, mount, -1);
    }
    const line = liveLine(reference.chunks, this.rates.get(`${master}/${encodeURIComponent(mount)}`));
    if (!line) return results;
    for (const l of listened) {
      const delay = measureDelay(reference.chunks, line, { at: l.at, lastAt: l.lastAt, data: l.data, ogg });
      if (delay !== undefined && delay >= 0) results.set(l.target.url, { delay, at: l.at });
    }
    return results;
  }
}
