/**
 * What the real-browser tests share to read the players and to wait on them: `readPlayer` and
 * `focusIn` run in the page (self-contained, any engine); `waitFor`, `until` and `waitPlayer` poll
 * from Node with vitest's `vi.waitFor`, their failure saying what was awaited and the last reading; plus
 * `freePort` and `sleep` (a measured window or a pause the test itself is about, never a wait for
 * something that can be awaited).
 */
import { createServer } from 'node:net';
import { vi } from 'vitest';
import type { EnginePage } from './browser-engine.ts';

/**
 * In the page: the player `sel` (in the page, or in the `frame`-th iframe) once Lit has rendered,
 * its media element and what its shadow tree shows. Text parts are null where the player has none.
 */
export async function readPlayer([sel, frame = -1]: [string, number?]) {
  const doc = frame < 0 ? document : (document.querySelectorAll('iframe')[frame] as HTMLIFrameElement | undefined)?.contentDocument;
  const el = doc?.querySelector(sel) as
    (HTMLElement & { state?: string; media?: HTMLMediaElement; updateComplete?: Promise<unknown> }) | null | undefined;
  await el?.updateComplete;
  const m = el?.media;
  const root = el?.shadowRoot;
  const text = (part: string) => root?.querySelector(`[part~="${part}"]`)?.textContent?.trim() ?? null;
  const seek = root?.querySelector<HTMLInputElement>('input[part=seek]');
  const speed = root?.querySelector<HTMLSelectElement>('select[part=speed]');
  const live = root?.querySelector<HTMLElement>('[part~=live-item]');
  const w = (doc?.defaultView ?? window) as unknown as { marker?: number; seen?: Record<string, string> };
  return {
    state: el?.state ?? '(not defined yet)',
    t: m?.currentTime ?? 0,
    /** The file's duration (null while unknown or infinite). */
    duration: m && Number.isFinite(m.duration) ? m.duration : null,
    paused: m?.paused ?? true,
    rate: m?.playbackRate ?? 1,
    readyState: m?.readyState ?? 0,
    error: m?.error?.code ?? null,
    /** The media element's `src` attribute (null: nothing loaded). */
    src: m?.getAttribute('src') ?? null,
    /** What it plays: `currentSrc`, else the `src` attribute, else ''. */
    playing: m?.currentSrc || m?.getAttribute('src') || '',
    /** `canPlayType` of Ogg Opus. */
    opus: m?.canPlayType('audio/ogg; codecs=opus') ?? '',
    /** Page time (ms, performance.now()) of this reading. */
    now: performance.now(),
    title: text('title'),
    artist: text('artist'),
    song: text('song'),
    badge: text('badge'),
    message: text('message'),
    listeners: text('listeners'),
    /** The channel name beside the badge. */
    channel: root?.querySelector('[part=badge] + span')?.textContent?.trim() ?? null,
    seekValue: seek ? Number(seek.value) : null,
    valuetext: seek?.getAttribute('aria-valuetext') ?? null,
    seekDisabled: seek?.disabled ?? null,
    speed: speed?.value ?? null,
    speedDisabled: speed?.disabled ?? null,
    /** Chapter and episode rows (they come with a chunk, beside the data). */
    rows: root?.querySelectorAll('[part=chapter], [part=episode]').length ?? 0,
    live: live ? { status: live.dataset.status ?? '', text: live.textContent?.replace(/\s+/g, ' ').trim() ?? '' } : null,
    highlights: [...(root?.querySelectorAll('[part=highlight]') ?? [])].map((b) => `${b.getAttribute('aria-current')}:${b.textContent?.trim()}`),
    /** A mark a test left on the window (a reload loses it). */
    marker: w.marker ?? null,
    /** What a page script watching the element saw last (`window.seen[sel]`). */
    seen: w.seen?.[sel] ?? null,
  };
}
export type PlayerReading = Awaited<ReturnType<typeof readPlayer>>;

/** In the page: focus on `inner` inside the player `host` (as a Tab or a click there gives it). */
export function focusIn([host, inner]: [string, string]) {
  document.querySelector(host)!.shadowRoot!.querySelector<HTMLElement>(inner)!.focus();
}

export interface UntilOptions<T> {
  /** ms (default 10 s). */
  timeout?: number;
  /** ms between reads (default 50). */
  interval?: number;
  /** The reading as the failure shows it (default: JSON). */
  show?: (value: T) => string;
}

/**
 * Calls `callback` until it returns without throwing (or its promise resolves), and returns that;
 * on time-out, its last error. This is `vi.waitFor`; outside vitest (the bench drives the same
 * browsers and servers with tsx, where `vi` cannot run) the same contract, by hand.
 */
export async function waitFor<T>(
  callback: () => T | Promise<T>,
  { timeout = 1000, interval = 50 }: { timeout?: number; interval?: number } = {},
): Promise<T> {
  if (process.env.VITEST) return vi.waitFor(callback, { timeout, interval });
  const end = Date.now() + timeout;
  for (;;) {
    try {
      return await callback();
    } catch (e) {
      if (Date.now() > end) throw e;
    }
    await sleep(interval);
  }
}

/**
 * Reads until `ok(reading)` holds and returns that reading (`waitFor`). A read that throws is
 * tried again until the time-out, and then its error is the one thrown; a reading that does not
 * satisfy `ok` fails with `what` and the reading.
 */
export function until<T>(
  what: string,
  read: () => Promise<T>,
  ok: (value: T) => unknown,
  { timeout = 10_000, interval = 50, show = (v) => JSON.stringify(v) }: UntilOptions<T> = {},
): Promise<T> {
  return waitFor(
    async () => {
      const value = await read();
      if (!ok(value)) throw new Error(`${what}: not within ${timeout} ms; it shows ${show(value)}`);
      return value;
    },
    { timeout, interval },
  );
}

/**
 * Waits until `ok` holds for the player `sel` (in the `frame`-th iframe, or the page); the failure
 * names the engine, what was awaited, the last reading and what the page reported.
 */
export function waitPlayer(
  p: EnginePage,
  sel: string,
  what: string,
  ok: (w: PlayerReading) => unknown,
  timeout = 10_000,
  frame = -1,
): Promise<PlayerReading> {
  const problems = () => (p.problems?.length ? `; the page reported:\n  ${p.problems.join('\n  ')}` : '');
  return until(`${p.engine}: ${sel}: ${what}`, () => p.evaluate(readPlayer, [sel, frame] as [string, number]), ok, {
    timeout,
    show: (w) => JSON.stringify(w) + problems(),
  });
}

/** A free loopback port (for servers that take no port 0, or must keep theirs across a restart). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Lets `ms` pass: for a window the test measures (what happens, or does not, in that time), or a
 * pause that is part of the scenario. Never to wait for something: that is `until`.
 */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
