/**
 * What the bench installs in every page before it loads (page.addInitScript): the moment
 * each widget leaves `loading`, the moment the first SSE `stream` event and the podcast JSON
 * arrive, layout shifts with the elements that moved, clicks until the next frame, and the
 * media events of every player.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';

export interface Shift {
  value: number;
  recentInput: boolean;
  t: number;
  sources: { node: string; prev: string; cur: string }[];
}

export interface Click {
  target: string;
  /** Handlers and Lit's re-render done (a bubbling listener on window runs after them). */
  handled?: number;
  /** The next animation frame after the click (rendering starts). */
  frame?: number;
  /** A task after that frame: the frame has been painted. */
  painted?: number;
}

export interface BenchState {
  expected: number;
  /** performance.now() when the last widget left `loading`, and the next frame. */
  populatedAt: number;
  /** A task after the last flip: every widget's DOM is rendered (before style, layout, paint). */
  populatedTask: number;
  /** The next frame after the last flip has been rendered (rAF + task). */
  populatedFrame: number;
  /** First SSE `stream` event. */
  sseAt: number;
  shifts: Shift[];
  clicks: Click[];
  media: { type: string; t: number; wall: number; tag: string; currentTime: number }[];
  states: { tag: string; state: string; wall: number }[];
}

declare global {
  interface Window {
    __bench: BenchState;
  }
}

/** Runs in the page before any of its scripts. */
function install(expected: number): void {
  const b: BenchState = (window.__bench = {
    expected,
    populatedAt: 0,
    populatedTask: 0,
    populatedFrame: 0,
    sseAt: 0,
    shifts: [],
    clicks: [],
    media: [],
    states: [],
  });
  const Native = window.EventSource;
  window.EventSource = class extends Native {
    constructor(url: string | URL, init?: EventSourceInit) {
      super(url, init);
      this.addEventListener('stream', () => {
        if (!b.sseAt) b.sseAt = performance.now();
      });
    }
  };
  const describe = (n: Node | null): string => {
    if (!n) return '(null)';
    if (!(n instanceof Element)) return n.nodeName;
    const root = n.getRootNode();
    const host = root instanceof ShadowRoot ? `${root.host.localName} › ` : '';
    const part = n.getAttribute('part');
    const cls = n.getAttribute('class');
    return `${host}${n.localName}${part ? `[part=${part}]` : ''}${cls ? `.${cls.trim().split(/\s+/).join('.')}` : ''}`;
  };
  const rect = (r: DOMRectReadOnly | undefined) => (r ? `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}` : '');
  type LayoutShift = PerformanceEntry & {
    value: number;
    hadRecentInput: boolean;
    sources?: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as LayoutShift[]) {
      b.shifts.push({
        value: e.value,
        recentInput: e.hadRecentInput,
        t: e.startTime,
        sources: (e.sources ?? []).map((s) => ({ node: describe(s.node), prev: rect(s.previousRect), cur: rect(s.currentRect) })),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });

  document.addEventListener('castlet-statechange', (e) => {
    const el = e.target as HTMLElement & { state: string };
    b.states.push({ tag: el.localName, state: (e as CustomEvent<{ state: string }>).detail.state, wall: Date.now() });
    if (b.populatedAt) return;
    const all = document.querySelectorAll<HTMLElement & { state: string }>('stream-player, podcast-player');
    // The event fires before the element itself leaves `loading` (willUpdate): count it as done.
    if (all.length >= b.expected && [...all].every((w) => w === el || w.state !== 'loading')) {
      b.populatedAt = performance.now();
      setTimeout(() => (b.populatedTask = performance.now()), 0);
      // rAF, then a task: that frame's style, layout and paint are done.
      requestAnimationFrame(() => setTimeout(() => (b.populatedFrame = performance.now()), 0));
    }
  });

  const MEDIA = ['play', 'playing', 'pause', 'waiting', 'stalled', 'seeking', 'seeked', 'error', 'ended', 'emptied', 'loadstart'];
  const watched = new WeakSet<Node>();
  const watchMedia = () => {
    for (const el of document.querySelectorAll<HTMLElement & { media?: HTMLMediaElement }>('stream-player, podcast-player')) {
      const m = el.media;
      if (!m || watched.has(m)) continue;
      watched.add(m);
      for (const type of MEDIA) {
        m.addEventListener(type, () => b.media.push({ type, t: performance.now(), wall: Date.now(), tag: el.localName, currentTime: m.currentTime }));
      }
    }
  };
  document.addEventListener('castlet-statechange', watchMedia);

  addEventListener(
    'click',
    (e) => {
      const c: Click = { target: describe(e.composedPath()[0] as Node) };
      b.clicks.push(c);
      const t0 = e.timeStamp;
      requestAnimationFrame(() => {
        c.frame = performance.now() - t0;
        setTimeout(() => (c.painted = performance.now() - t0), 0);
      });
      addEventListener('click', () => (c.handled = performance.now() - t0), { once: true });
    },
    { capture: true },
  );
}

/** A fresh context (empty HTTP cache) and page with the instrumentation; `expected` widgets. */
export async function instrumentedPage(
  browser: Browser,
  expected: number,
  options: BrowserContextOptions = { viewport: { width: 900, height: 800 } },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(options);
  // tsx (esbuild keepNames) wraps named functions in `__name(…)`; functions sent to the page
  // (init scripts, evaluate) need it there too.
  await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  const page = await context.newPage();
  await page.addInitScript(install, expected);
  return { context, page };
}

/** Waits until every widget left `loading` and a frame passed; returns the page's bench state. */
export async function waitPopulated(page: Page, timeout = 15_000): Promise<BenchState> {
  await page.waitForFunction(() => window.__bench.populatedFrame > 0 && window.__bench.populatedTask > 0, undefined, { timeout, polling: 20 });
  return page.evaluate(() => window.__bench);
}
