/** The live broadcast clock (demo/server/media/broadcast.ts) with fake timers. */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Broadcast } from '../../demo/server/media/broadcast.ts';
import { parseMp3 } from '../../demo/server/media/mp3.ts';

const bytes = new Uint8Array(readFileSync(new URL('../../demo/media/live.mp3', import.meta.url)));
const audio = { bytes, info: parseMp3(bytes) };
const frameStarts = new Set(audio.info.frameOffsets);

describe('Broadcast', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const make = (counts: number[] = []) =>
    new Broadcast(audio, { burstBytes: 64 * 1024, tickMs: 250, maxBacklog: 256 * 1024, onListeners: (n) => counts.push(n), now: () => Date.now() });

  it('bursts whole frames, then sends exactly the clock’s frames, shared by all listeners', async () => {
    const counts: number[] = [];
    const b = make(counts);
    vi.advanceTimersByTime(10_000);
    const a = b.listen().getReader();
    const burst = (await a.read()).value!;
    expect(burst.byteLength).toBeGreaterThanOrEqual(64 * 1024);
    expect(burst.byteLength).toBeLessThan(64 * 1024 + 2000);
    expect([burst[0], burst[1]! & 0xe0]).toEqual([0xff, 0xe0]);
    const c = b.listen().getReader();
    await c.read();
    expect(counts).toEqual([1, 2]);

    vi.advanceTimersByTime(10_000);
    let got = 0;
    for (let i = 0; i < 40; i++) got += (await a.read()).value!.byteLength;
    expect(got / 10).toBeGreaterThan(audio.info.byteRate * 0.9);
    expect(got / 10).toBeLessThan(audio.info.byteRate * 1.1);

    await a.cancel();
    await c.cancel();
    expect(counts).toEqual([1, 2, 1, 0]);
    expect(b.listeners).toBe(0);
  });

  it('delay: how far behind the clock a new listener starts (the burst and, on average, half a tick)', async () => {
    const b = make();
    const t0 = Date.now();
    const { frameOffsets, frameDuration, duration } = audio.info;
    /** The loop frame a burst starts with. */
    const startOf = (burst: Uint8Array) =>
      frameOffsets.findIndex((o) => Buffer.from(bytes.subarray(o, o + 300)).equals(Buffer.from(burst.subarray(0, 300))));
    // One listener keeps the clock ticking; the others arrive between its ticks.
    const keep = b.listen().getReader();
    await keep.read();
    const behind: number[] = [];
    for (let i = 0; i < 8; i++) {
      vi.advanceTimersByTime(2_000 + i * 37);
      const r = b.listen().getReader();
      const start = startOf((await r.read()).value!);
      expect(start).toBeGreaterThanOrEqual(0);
      behind.push(((((Date.now() - t0) / 1000 - start * frameDuration) % duration) + duration) % duration);
      await r.cancel();
    }
    await keep.cancel();
    const mean = behind.reduce((sum, x) => sum + x, 0) / behind.length;
    expect(b.delay).toBeGreaterThan(16);
    expect(Math.abs(mean - b.delay)).toBeLessThan(0.06);
    for (const x of behind) expect(Math.abs(x - b.delay)).toBeLessThan(0.16);
  });

  it('the burst ends where the live position is (frame-aligned in the loop)', async () => {
    const b = make();
    vi.advanceTimersByTime(7_000);
    const r = b.listen().getReader();
    const burst = (await r.read()).value!;
    // find the burst's last frame in the file: the bytes right after it are a frame start
    const position = Math.floor(7_000 / (audio.info.frameDuration * 1000)) % audio.info.frameOffsets.length;
    expect(frameStarts.has(audio.info.frameOffsets[position]!)).toBe(true);
    const tail = burst.subarray(burst.byteLength - 200);
    const end = audio.info.frameOffsets[position]!;
    expect(Buffer.from(bytes.subarray(end - 200, end)).equals(Buffer.from(tail))).toBe(true);
    await r.cancel();
  });

  it('drops a listener that stops reading instead of buffering without bound', async () => {
    const counts: number[] = [];
    const b = make(counts);
    const r = b.listen().getReader();
    vi.advanceTimersByTime(5 * 60_000);
    expect(b.listeners).toBe(0);
    expect(counts.at(-1)).toBe(0);
    await expect(r.read()).rejects.toThrow(/too slow/); // the queue is dropped with it
  });

  it('closeAll ends every listener', async () => {
    const b = make();
    const r = b.listen().getReader();
    await r.read();
    b.closeAll();
    expect((await r.read()).done).toBe(true);
    expect(b.listeners).toBe(0);
  });
});
