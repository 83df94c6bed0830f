/** Small helpers shared by the bench files: paths, timing, statistics. */
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `check` every `every` ms until it returns a truthy value or `timeout` ms pass (then undefined). */
export async function until<T>(check: () => T | Promise<T>, timeout: number, every = 25): Promise<T | undefined> {
  const end = Date.now() + timeout;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() >= end) return undefined;
    await sleep(every);
  }
}

export function median(values: number[]): number {
  return percentile(values, 50);
}

/** Nearest-rank percentile; NaN for an empty list. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export const ms = (v: number, digits = 0) => (Number.isFinite(v) ? `${v.toFixed(digits)} ms` : 'n/a');
export const kib = (bytes: number) => `${(bytes / 1024).toFixed(2)} KiB`;
export const int = (v: number) => (Number.isFinite(v) ? Math.round(v).toLocaleString('en-US') : 'n/a');

/** A deterministic PRNG (mulberry32), so the fuzz is the same on every run. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * tsx (esbuild keepNames) wraps named functions in `__name(…)`, which a browser page lacks:
 * defined there before a page function runs (as bench/instrument.ts does). (An assignment: not
 * wrapped.)
 */
export async function nameShim(p: { evaluate(f: () => void, arg: null): Promise<unknown> }): Promise<void> {
  await p.evaluate(() => void ((globalThis as unknown as { __name: unknown }).__name = (f: unknown) => f), null);
}
