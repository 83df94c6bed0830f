/**
 * An engine-neutral browser driver for the flow tests: one small interface, three
 * implementations (Chromium through playwright-core, Firefox ESR through puppeteer-core over
 * WebDriver BiDi, WebKitGTK through webdriverio over WebDriver classic). Never a downloaded
 * browser: each drives what Debian installed.
 */
import { waitFor } from './players.ts';
export const ENGINE_NAMES = ['chromium', 'firefox', 'webkit'] as const;
export type EngineName = (typeof ENGINE_NAMES)[number];

/** Keys the flows press (the names Playwright and Puppeteer use; `Shift+N`: N with Shift held). */
export type Key =
  | 'Tab'
  | 'Enter'
  | 'Space'
  | 'Home'
  | 'End'
  | 'PageUp'
  | 'PageDown'
  | 'ArrowLeft'
  | 'ArrowRight'
  | 'ArrowUp'
  | 'ArrowDown'
  | 'k'
  | 'j'
  | 'l'
  | 'm'
  | 'Shift+N'
  | 'Shift+P';

/**
 * A selector that may cross shadow roots: `host >>> inner` finds `inner` in the shadow root
 * of the first `host` (e.g. `podcast-player >>> input[part=seek]`).
 */
export type Target = string;

export interface LaunchOptions {
  /** The system's colour scheme is dark (a launch option in Firefox and WebKitGTK). */
  dark?: boolean;
  /** The viewport's size in CSS pixels (default 900×800; WebKitGTK sizes its window to it). */
  viewport?: { width: number; height: number };
}

export interface EnginePage {
  readonly engine: EngineName;
  /** Navigates and waits for the load event. */
  goto(url: string): Promise<void>;
  /** Runs `fn(arg)` in the page (it must be self-contained); promises are awaited. */
  evaluate<A, R>(fn: (arg: A) => R, arg: A): Promise<Awaited<R>>;
  /**
   * A real pointer click on `target` (scrolled into view), at `x` (0–1) of its width,
   * vertically centred.
   */
  click(target: Target, opts?: { x?: number }): Promise<void>;
  /** A real pointer click at viewport coordinates (e.g. inside a cross-origin frame, whose document the page cannot query). */
  clickAt(x: number, y: number): Promise<void>;
  /** A real key press, sent to whatever has focus. */
  press(key: Key): Promise<void>;
  /**
   * Polls `fn(arg)` in the page until it returns something truthy, which it returns. On
   * timeout it throws with `what`, the last value seen and what the page reported.
   */
  waitFor<A, R>(fn: (arg: A) => R, arg: A, opts: { what: string; timeout?: number }): Promise<NonNullable<Awaited<R>>>;
  screenshot(path: string): Promise<void>;
  /** Reloads; localStorage is kept. */
  reload(): Promise<void>;
  /** URLs the page requested, or null where the engine cannot observe them (WebKitGTK). */
  readonly requests: string[] | null;
  /** Console errors/warnings and uncaught exceptions, or null where not observable (WebKitGTK). */
  readonly problems: string[] | null;
  close(): Promise<void>;
}

export interface Engine {
  readonly name: EngineName;
  /** Browser name and version, e.g. "Firefox 153.0". */
  readonly version: string;
  /**
   * The private PulseAudio (a `PULSE_SERVER` value) this browser plays into, where it has one:
   * its null sink's monitor, `null.monitor`, carries the sound the browser outputs.
   */
  readonly audioOutput?: string;
  /** A new page (tab) with nothing loaded. */
  newPage(): Promise<EnginePage>;
  /** Closes the browser and stops every process it needed, by PID. */
  close(): Promise<void>;
}

/** What an implementation provides; `enginePage` adds the shared parts. */
export interface LowPage {
  goto(url: string): Promise<void>;
  evaluate<A, R>(fn: (arg: A) => R, arg: A): Promise<Awaited<R>>;
  /** A mouse click at viewport coordinates. */
  mouseClick(x: number, y: number): Promise<void>;
  press(key: Key): Promise<void>;
  screenshot(path: string): Promise<void>;
  reload(): Promise<void>;
  requests: string[] | null;
  problems: string[] | null;
  close(): Promise<void>;
}

/** In the page: the element at `target` (crossing shadow roots), centred on screen, and where to click it. */
function clickPoint([target, fx]: [string, number]) {
  let root: Document | ShadowRoot = document;
  let el: Element | null = null;
  const parts = target.split('>>>').map((s) => s.trim());
  for (const [i, part] of parts.entries()) {
    el = root.querySelector(part);
    if (!el) return `nothing matches "${part}" of "${target}"`;
    if (i < parts.length - 1) {
      if (!el.shadowRoot) return `"${part}" has no shadow root (yet)`;
      root = el.shadowRoot;
    }
  }
  el!.scrollIntoView({ block: 'center', inline: 'center' });
  const r = el!.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) return `"${target}" has no size`;
  return { x: r.left + r.width * fx, y: r.top + r.height / 2 };
}

export function enginePage(engine: EngineName, low: LowPage): EnginePage {
  const reported = () => (low.problems?.length ? `; the page reported:\n  ${low.problems.join('\n  ')}` : '');
  return {
    engine,
    goto: (url) => low.goto(url),
    evaluate: (fn, arg) => low.evaluate(fn, arg),
    async click(target, { x = 0.5 } = {}) {
      for (let again = false; ; again = true) {
        const at = await low.evaluate(clickPoint, [target, x] as [string, number]);
        if (typeof at === 'string') throw new Error(`${engine}: cannot click: ${at}`);
        try {
          return await low.mouseClick(Math.round(at.x), Math.round(at.y));
        } catch (e) {
          // The page moved between the measure and the click (WebKitGTK's driver once said
          // "move target out of bounds" for a button it had just centred): measure again, once.
          if (again || !/out of bounds/i.test(String(e))) throw e;
        }
      }
    },
    clickAt: (x, y) => low.mouseClick(Math.round(x), Math.round(y)),
    press: (key) => low.press(key),
    waitFor(fn, arg, { what, timeout = 5000 }) {
      let last: unknown;
      const fail = () => new Error(`${engine}: ${what}: not within ${timeout} ms (last: ${JSON.stringify(last)})${reported()}`);
      return waitFor(
        async () => {
          try {
            last = await low.evaluate(fn, arg);
          } catch (e) {
            last = `threw: ${e instanceof Error ? e.message.split('\n')[0] : e}`;
            throw fail();
          }
          if (!last) throw fail();
          return last as NonNullable<Awaited<ReturnType<typeof fn>>>;
        },
        { timeout, interval: 50 },
      ).catch(() => Promise.reject(fail()));
    },
    screenshot: (path) => low.screenshot(path),
    reload: () => low.reload(),
    get requests() {
      return low.requests;
    },
    get problems() {
      return low.problems;
    },
    close: () => low.close(),
  };
}

/** WebDriver's code points for the keys (WebDriver classic has no key names). */
export const WEBDRIVER_KEYS: Record<Key, string> = {
  Tab: '\uE004',
  Enter: '\uE007',
  Space: '\uE00D',
  PageUp: '\uE00E',
  PageDown: '\uE00F',
  End: '\uE010',
  Home: '\uE011',
  ArrowLeft: '\uE012',
  ArrowUp: '\uE013',
  ArrowRight: '\uE014',
  ArrowDown: '\uE015',
  k: 'k',
  j: 'j',
  l: 'l',
  m: 'm',
  'Shift+N': 'N',
  'Shift+P': 'P',
};
/** WebDriver's Shift, held around the key for `Shift+…`. */
export const WEBDRIVER_SHIFT = '\uE008';
