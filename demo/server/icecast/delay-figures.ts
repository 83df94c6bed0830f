/**
 * The delay probe's arithmetic (icecast/delay-probe.ts has the rounds): the master's live line
 * from a reference connection, one listener's delay against it, and a source's delay as the
 * median of its last five figures. Pure: tested on made-up chunks (test/server/sources.test.ts).
 */
import { oggHeaderBytes } from '../media/ogg-opus.ts';
import type { Chunk } from './stream-reader.ts';

/** How many of a source's last figures its delay is the median of. */
const SAMPLES = 5;

/**
 * A source's figures after a new one, and the delay they give: their median. Each connection's
 * burst ends on one of the server's source blocks (about 1 s apart), so one figure can be up
 * to a block from the next connection's: the median of several is the middle a listener can
 * expect. A figure more than 1.5 s from the median kept is a new state (a server refilling its
 * burst, a relay further behind): the figures start over from it.
 */
export function keep(samples: readonly number[], figure: number): { samples: number[]; delay: number } {
  const kept = samples.length && Math.abs(figure - median(samples)) <= 1.5 ? [...samples, figure].slice(-SAMPLES) : [figure];
  return { samples: kept, delay: Math.round(median(kept) * 1000) / 1000 };
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] ?? NaN) : ((s[mid - 1] ?? NaN) + (s[mid] ?? NaN)) / 2;
}

/** When each byte of the master's stream went live: `epoch + offset / rate`; `interval`: ms between its blocks. */
export interface LiveLine {
  rate: number;
  epoch: number;
  interval: number;
}

/**
 * From a reference connection's chunks: the byte rate and the moment each byte went live
 * (`epoch + offset / rate`), fitted on the blocks that arrived after its burst (a block: a
 * chunk after a pause of at least `gapMs`), and the usual interval between blocks (ms).
 * Undefined with fewer than two such blocks.
 */
export function liveLine(chunks: Chunk[], declaredRate: number | undefined, gapMs = 150): LiveLine | undefined {
  const first = chunks[0];
  if (!first) return undefined;
  // The burst: whatever arrived in the first moment.
  const blocks = chunks.filter((c, i) => i > 0 && c.at - first.at > gapMs && c.at - chunks[i - 1]!.at >= gapMs);
  if (blocks.length < 2) return undefined;
  const firstBlock = blocks[0]!;
  const lastBlock = blocks.at(-1)!;
  const rate = declaredRate ?? (lastBlock.offset - firstBlock.offset) / ((lastBlock.at - firstBlock.at) / 1000);
  if (!(rate > 0)) return undefined;
  const epochs = blocks.map((b) => b.at - (b.offset / rate) * 1000).sort((a, b) => a - b);
  const gaps = blocks
    .slice(1)
    .map((b, i) => b.at - blocks[i]!.at)
    .sort((a, b) => a - b);
  return { rate, epoch: epochs[Math.floor(epochs.length / 2)]!, interval: gaps[Math.floor(gaps.length / 2)]! };
}

/**
 * The delay (s) of a new listener whose first `data` arrived at `at`, against a reference
 * connection to the master: where `data`'s audio sits in the reference's bytes, and when that
 * went live. Undefined when it cannot be placed.
 */
export function measureDelay(
  reference: Chunk[],
  line: LiveLine,
  listener: { at: number; lastAt: number; data: Uint8Array; ogg: boolean },
): number | undefined {
  const skip = listener.ogg ? oggHeaderBytes(listener.data) : 0;
  const audio = listener.data.subarray(skip);
  const tail = audio.subarray(Math.max(0, audio.length - 1024));
  if (tail.length < 256) return undefined;
  // The reference as it was when the listener's last bytes arrived (a little after, for the
  // order two connections' reads come in): its stream may repeat itself (a looped tone), and
  // the listener's edge is at, or a little behind, the master's.
  const until = reference.filter((c) => c.at <= listener.lastAt + 100);
  const ref = Buffer.concat(until.map((c) => c.bytes));
  const end = ref.lastIndexOf(Buffer.from(tail));
  if (end < 0) return undefined;
  const first = end + tail.length - audio.length;
  const liveAt = line.epoch + (first / line.rate) * 1000;
  return Math.round(listener.at - line.interval / 2 - liveAt) / 1000;
}

/**
 * The delay (s) of a new listener of a source whose server's queue is still filling, or
 * undefined once it holds `full` seconds (the source's usual delay: measured, else its burst).
 * A server sends a new listener its burst from its queue, and the queue starts when the source
 * connects: `reach` seconds after that, a new listener starts that far back, and the figure
 * grows until it is the full burst. A relay's queue starts with what the master's held when the
 * relay connected (`masterStart`: when the master's source connected), so it reaches that much
 * further back. Times in ms on one clock; `start` is when this server's source connected.
 */
export function fillingDelay(full: number, now: number, start: number, masterStart?: number): number | undefined {
  const inherited = masterStart === undefined ? 0 : Math.min(full, Math.max(0, (start - masterStart) / 1000));
  const reach = Math.max(0, (now - start) / 1000 + inherited);
  return reach < full ? Math.round(reach * 1000) / 1000 : undefined;
}
