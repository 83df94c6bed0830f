/**
 * The real-browser test harness: the real mock in this process on a free loopback port, a
 * page server on another port (another origin, like a site owner's page that embeds the
 * widgets) and a browser, all started in beforeAll and stopped in afterAll (every process by
 * its PID); a fresh page per test. Never a downloaded browser: each engine is what Debian installed.
 *
 * - `withBrowser()`: Debian's Chromium through playwright-core, with Playwright's whole page
 *   API (`TestPage`), for what only needs one engine (layout, axe, CSP, network).
 * - `withEngine(name)`: one of chromium, firefox, webkit behind one small engine-neutral page
 *   (`EnginePage`, test/support/browser-engine.ts), for the flows every engine must pass;
 *   `selectedEngines()` says which (`ENGINES=firefox`, a comma list; all three by default).
 *   An engine this machine lacks is skipped with the reason in the suite's name; with CI=true
 *   it fails instead.
 *
 * Both give the same environment: `mock`, `server`, `logs`, `pages`, `owner()`, `publicGet()`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { DEMO_TOKENS } from '../../demo/server/seed.ts';
import { startServer, type RunningServer, type ServerOptions } from '../../demo/server/serve.ts';
import { embedPage, startPages, type PageOptions, type PagesServer } from './browser-pages.ts';
import { chromiumPath, launchChromium } from '../../scripts/chromium.ts';
import { ENGINE_NAMES, type Engine, type EngineName, type EnginePage, type LaunchOptions } from './browser-engine.ts';
import { launchChromiumEngine } from './browser-engine-chromium.ts';
import { FIREFOX_PATH, launchFirefoxEngine } from './browser-engine-firefox.ts';
import { MINIBROWSER, WEBKIT_DRIVER, launchWebKitEngine } from './browser-engine-webkit.ts';
import { missingCommand } from './browser-processes.ts';
import { dropEngine, keptEngine, reusingBrowsers, sharedChromium } from './browser-reuse.ts';

export { CHROMIUM_ARGS, chromiumPath, launchChromium } from '../../scripts/chromium.ts';
export type { EngineName, EnginePage, Key, Target } from './browser-engine.ts';

export { embedPage };
export const PRIVATE = DEMO_TOKENS.private_token;
export const PUBLIC = DEMO_TOKENS.public_token;

/** What every harness gives a test file: the mock, the page server and the owner's calls. */
export interface MockEnv {
  /** The mock's origin, e.g. http://127.0.0.1:40123 */
  readonly mock: string;
  readonly server: RunningServer;
  /** The mock's request log (tokens redacted). */
  readonly logs: string[];
  readonly pages: PagesServer;
  /** POST /private/{path} with the private token as a Bearer header, from Node (the owner's server). */
  owner(path: string, body?: Record<string, unknown>): Promise<any>;
  /** GET /public/{path} with the public token, from Node. */
  publicGet(path: string): Promise<any>;
}

/** A mock and a page server started in beforeAll and stopped in afterAll (`withMock`). */
export interface SharedMock {
  readonly s: { server: RunningServer | undefined; pages: PagesServer | undefined };
  readonly env: MockEnv;
}

/**
 * One mock (`mockOptions`) and one page server for the whole file, shared by several engines'
 * suites (`withEngine(name, shared)`): where a mock takes a while to get where a test needs it
 * (songs known, delays measured), each engine after the first finds it there.
 */
export function withMock(mockOptions: ServerOptions = {}): SharedMock {
  const logs: string[] = [];
  const s = { server: undefined as RunningServer | undefined, pages: undefined as PagesServer | undefined };
  beforeAll(async () => {
    [s.server, s.pages] = await Promise.all([
      startServer({ heartbeatMs: 60_000, ...mockOptions, host: '127.0.0.1', port: 0, log: (l) => logs.push(l) }),
      startPages(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([s.server?.close(), s.pages?.close()]);
  });
  const env: MockEnv = {
    get mock() {
      return s.server!.url;
    },
    get server() {
      return s.server!;
    },
    logs,
    get pages() {
      return s.pages!;
    },
    owner: (path, body) => ownerPost(s.server!.url, path, body),
    publicGet: (path) => publicGet(s.server!.url, path),
  };
  return { s, env };
}

/**
 * Starts the mock (`mockOptions`, or the file's shared one), the page server and `launch()`'s
 * browser in beforeAll, and stops them (`close`) in afterAll; `env` gets the mock's side of the
 * environment.
 */
function stack<B>(mockOptions: ServerOptions | SharedMock, launch: () => Promise<B>, close: (browser: B) => Promise<unknown>) {
  const shared = 'env' in mockOptions ? (mockOptions as SharedMock) : undefined;
  const own = shared ?? withMock(mockOptions as ServerOptions);
  const s = { ...own.s, browser: undefined as B | undefined };
  beforeAll(async () => {
    const dist = fileURLToPath(new URL('../../dist/castlet.js', import.meta.url));
    if (!existsSync(dist)) throw new Error("dist/castlet.js is missing: the browser project's globalSetup runs `npm run build`.");
    s.browser = await launch();
    [s.server, s.pages] = [own.s.server, own.s.pages];
  });
  afterAll(async () => {
    if (s.browser !== undefined) await close(s.browser).catch(() => {});
  });
  return { s, env: own.env };
}

/** A page with what it said and asked for, collected from the moment it opened. */
export interface TestPage {
  page: Page;
  /** Console errors and warnings and uncaught exceptions, as text. */
  problems: string[];
  /** Every URL the page requested. */
  requests: string[];
  /** Every response: URL, status, request Range header. */
  responses: { url: string; status: number; range: string | undefined }[];
}

export interface BrowserEnv extends MockEnv {
  readonly browser: Browser;
  readonly context: BrowserContext;
  /** Registers `html` on the page server (another origin) and opens it in a new page. */
  open(html: string, opts?: OpenOptions): Promise<TestPage>;
  /** Opens any URL in a new page, collecting as `open` does. */
  visit(url: string, opts?: OpenOptions): Promise<TestPage>;
}

export interface OpenOptions extends PageOptions {
  path?: string;
  /** Keep localStorage from earlier pages of this file (default: each new page starts empty; reloads keep it). */
  keepStorage?: boolean;
  /** Runs before the page loads (e.g. `page.addInitScript`). */
  before?: (page: Page) => Promise<unknown>;
}

export interface BrowserEnvOptions {
  server?: ServerOptions;
  context?: BrowserContextOptions;
}

/** What each open page reported, so a failed wait can say why. */
const seen = new WeakMap<Page, TestPage>();
const problemsOf = (page: Page) => {
  const p = seen.get(page)?.problems ?? [];
  return p.length ? `; the page reported:\n  ${p.join('\n  ')}` : '';
};

/** Chromium through Playwright: one browser and one context per test file, a fresh page per test. */
export function withBrowser(opts: BrowserEnvOptions = {}): BrowserEnv {
  const reusing = reusingBrowsers();
  let context: BrowserContext | undefined;
  const opened: Page[] = [];
  const { s, env } = stack(
    opts.server ?? {},
    async () => {
      // The worker's Chromium where the project keeps browsers (a context of the file's own).
      const browser = reusing ? await sharedChromium() : await launchChromium();
      context = await browser.newContext({ viewport: { width: 900, height: 800 }, ...opts.context });
      return browser;
    },
    async (browser) => {
      await context?.close().catch(() => {});
      if (!reusing) await browser.close();
    },
  );

  const watch = async (url: string, { before, keepStorage }: OpenOptions = {}): Promise<TestPage> => {
    // Close the previous test's pages: one live page at a time keeps 2 cores calm.
    await Promise.all(opened.splice(0).map((p) => p.close().catch(() => {})));
    const page = await context!.newPage();
    opened.push(page);
    const t: TestPage = { page, problems: [], requests: [], responses: [] };
    seen.set(page, t);
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') t.problems.push(`console.${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => t.problems.push(`pageerror: ${e.message}`));
    page.on('request', (r) => t.requests.push(r.url()));
    page.on('response', (r) => t.responses.push({ url: r.url(), status: r.status(), range: r.request().headers()['range'] }));
    if (!keepStorage) {
      // All test pages share one origin: start each new tab with empty storage (once per
      // tab, so a reload still finds what the page saved).
      await page.addInitScript(() => {
        if (!sessionStorage.getItem('castlet-test-fresh')) {
          localStorage.clear();
          sessionStorage.setItem('castlet-test-fresh', '1');
        }
      });
    }
    await before?.(page);
    await page.goto(url);
    return t;
  };

  return extend(env, {
    get browser() {
      return s.browser!;
    },
    get context() {
      return context!;
    },
    open: (html: string, pageOpts?: OpenOptions) => watch(s.pages!.add(html, pageOpts), pageOpts),
    visit: watch,
  });
}

/** `env` with `more` (getters kept as getters: the parts exist only once beforeAll ran). */
function extend<E extends object, M extends object>(env: E, more: M): E & M {
  return Object.defineProperties(Object.create(env), Object.getOwnPropertyDescriptors(more));
}

export const launchEngine: Record<EngineName, (opts?: LaunchOptions) => Promise<Engine>> = {
  chromium: launchChromiumEngine,
  firefox: launchFirefoxEngine,
  webkit: launchWebKitEngine,
};

const INSTALL: Record<EngineName, string> = {
  chromium: 'apt-get install -y --no-install-recommends chromium',
  firefox: 'apt-get install -y --no-install-recommends firefox-esr pulseaudio',
  webkit: 'apt-get install -y webkit2gtk-driver xvfb pulseaudio',
};

/** Why `engine` cannot start on this machine, or undefined when it has what it needs. */
export function engineUnavailable(engine: EngineName): string | undefined {
  let missing: string | undefined;
  if (engine === 'chromium') {
    try {
      chromiumPath();
    } catch {
      missing = 'chromium';
    }
  } else if (engine === 'firefox') missing = missingCommand([FIREFOX_PATH, 'pulseaudio']);
  else missing = missingCommand([WEBKIT_DRIVER, MINIBROWSER, 'Xvfb', 'pulseaudio']);
  return missing && `${missing} not found (${INSTALL[engine]})`;
}

/** The engines to test (`ENGINES`), each with the reason it is skipped here, if it is. */
export function selectedEngines(): { name: EngineName; skip?: string }[] {
  const wanted = (process.env.ENGINES ?? ENGINE_NAMES.join(','))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = wanted.filter((w) => !(ENGINE_NAMES as readonly string[]).includes(w));
  if (unknown.length) throw new Error(`ENGINES: unknown engine ${unknown.join(', ')} (known: ${ENGINE_NAMES.join(', ')})`);
  return (wanted as EngineName[]).map((name) => {
    const reason = engineUnavailable(name);
    // In CI a missing engine is a failure: the launch in beforeAll says why.
    if (!reason || process.env.CI === 'true') return { name };
    console.warn(`[browser] ${name}: skipped: ${reason}`);
    return { name, skip: reason };
  });
}

export interface EngineEnv extends MockEnv {
  readonly engine: Engine;
  /** Serves `html` on the page server (another origin) and opens it in a new page with empty localStorage. */
  open(html: string, opts?: PageOptions): Promise<EnginePage>;
  /** Opens any URL in a new page. */
  visit(url: string): Promise<EnginePage>;
}

/**
 * One engine for the file, `mockOptions` the mock's (e.g. another live loop) or a mock the file
 * shares (`withMock`), `launch` the browser's (e.g. a phone's viewport); one live page at a time.
 */
export function withEngine(name: EngineName, mockOptions: ServerOptions | SharedMock = {}, launch?: LaunchOptions): EngineEnv {
  let blank = '';
  let current: EnginePage | undefined;
  const reusing = reusingBrowsers();
  // Where the project keeps browsers (test/support/browser-reuse.ts): Chromium a context of the
  // file's own in the worker's browser, Firefox and WebKit the worker's (closed by the worker).
  const start = async () =>
    !reusing
      ? launchEngine[name](launch)
      : name === 'chromium'
        ? launchChromiumEngine(launch, await sharedChromium())
        : keptEngine(name, launch, () => launchEngine[name](launch));
  const { s, env } = stack(
    mockOptions,
    () =>
      start().catch((e: Error) => {
        const why = engineUnavailable(name);
        throw new Error(`${name} cannot start: ${e.message}${why ? `\n${why}` : ''}`, { cause: e });
      }),
    async (engine) => {
      await current?.close().catch(() => {});
      if (!reusing || name === 'chromium') await engine.close();
    },
  );
  beforeAll(() => {
    blank = s.pages!.add('<!doctype html><html lang="en"><title>blank</title></html>', { path: '/blank.html' });
    console.log(`[browser] ${name}: ${s.browser!.version}`);
  });

  const visit = async (url: string, clearStorage = false) => {
    // One live page at a time keeps 2 cores calm.
    await current?.close().catch(() => {});
    try {
      current = await s.browser!.newPage();
    } catch (e) {
      // The browser died in an earlier test (a crashed web process can take MiniBrowser with
      // it): start it again, so one crash fails one test, not every test after it.
      console.warn(`[browser] ${name}: the browser is gone (${(e as Error).message.split('\n')[0]}); starting it again`);
      await (reusing && name !== 'chromium' ? dropEngine(name) : s.browser!.close()).catch(() => {});
      s.browser = await start();
      current = await s.browser.newPage();
    }
    if (clearStorage) {
      // Every test page shares the page server's origin: start each with nothing saved.
      await current.goto(blank);
      await current.evaluate(() => localStorage.clear(), null);
    }
    await current.goto(url);
    return current;
  };

  return extend(env, {
    get engine() {
      return s.browser!;
    },
    open: (html: string, opts?: PageOptions) => visit(s.pages!.add(html, opts), true),
    visit: (url: string) => visit(url),
  });
}

const json = async (res: Response) => {
  const text = await res.text();
  return text ? JSON.parse(text) : undefined;
};

/** POST /private/{path} on the mock at `mock` with the private token as a Bearer header (the owner's server). */
export async function ownerPost(mock: string, path: string, body: Record<string, unknown> = {}): Promise<any> {
  const res = await fetch(`${mock}/private/${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${PRIVATE}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const data = await json(res);
  expect(res.status, `${path}: ${JSON.stringify(data)}`).toBeLessThan(300);
  return data;
}

/** GET /public/{path} on the mock at `mock` with the public token. */
/** Checks the private token in the owner console (the demo page), once its module has run (WebKitGTK's load can come first). */
export async function signInConsole(p: EnginePage): Promise<void> {
  await p.waitFor(() => document.getElementById('configurator')!.childElementCount > 0, null, { what: 'the console module run' });
  await p.evaluate((token) => {
    (document.querySelector('#check [name=token]') as HTMLInputElement).value = token;
    (document.getElementById('check') as HTMLFormElement).requestSubmit();
  }, PRIVATE);
}

export async function publicGet(mock: string, path: string): Promise<any> {
  const sep = path.includes('?') ? '&' : '?';
  const res = await fetch(`${mock}/public/${path}${sep}token=${PUBLIC}`);
  expect(res.status).toBe(200);
  return json(res);
}

/** `<stream-player>` and `<podcast-player>` in an owner's <main>, each with `attrs` (e.g. ` lang="de"`). */
export const bothPlayers = (attrs = '') =>
  `<main><h1>Our shows</h1><stream-player public-token="${PUBLIC}"${attrs}></stream-player><podcast-player public-token="${PUBLIC}"${attrs}></podcast-player></main>`;

/** Opens `body` (both players) embedded; both ready, the podcast player's list rows (a chunk beside the data) shown. */
export async function openBoth(env: BrowserEnv, body = bothPlayers(), path?: string): Promise<TestPage> {
  const t = await env.open(embedPage(env.mock, body), path ? { path } : undefined);
  await waitForState(t.page, 'stream-player', 'ready');
  await waitForState(t.page, 'podcast-player', 'ready');
  await t.page.waitForFunction(() => document.querySelector('podcast-player')!.shadowRoot!.querySelector('[part=episode]'));
  return t;
}

/** Opens a player's <details part=…> by a click on its summary. */
export const openPanel = (t: TestPage, el: string, part: string) => t.page.click(`${el} >> details[part=${part}] summary`);

/** The widget's `state` property, read in the page. */
export function stateOf(page: Page, selector: string): Promise<string> {
  return page.$eval(selector, (el) => (el as HTMLElement & { state: string }).state);
}

/** Waits (in the page) until the widget's state is `state`. */
export async function waitForState(page: Page, selector: string, state: string, timeout = 5000): Promise<void> {
  try {
    await page.waitForFunction(
      ([sel, want]) => (document.querySelector(sel!) as (HTMLElement & { state?: string }) | null)?.state === want,
      [selector, state] as const,
      { timeout, polling: 50 },
    );
  } catch (e) {
    const now = await stateOf(page, selector).catch(() => '(no element)');
    throw new Error(`${selector} did not reach state "${state}" within ${timeout} ms (it is "${now}")${problemsOf(page)}`, { cause: e });
  }
}

/** Waits until the widget's media element's currentTime passes `seconds`. */
export async function waitForTime(page: Page, selector: string, seconds: number, timeout = 10_000): Promise<number> {
  try {
    const handle = await page.waitForFunction(
      ([sel, t]) => {
        const m = (document.querySelector(sel as string) as (HTMLElement & { media: HTMLMediaElement }) | null)?.media;
        return m && !m.paused && m.currentTime > (t as number) ? m.currentTime : false;
      },
      [selector, seconds] as const,
      { timeout, polling: 50 },
    );
    return (await handle.jsonValue()) as number;
  } catch (e) {
    const info = await page
      .$eval(selector, (el) => {
        const m = (el as HTMLElement & { media: HTMLMediaElement }).media;
        return `currentTime=${m.currentTime} paused=${m.paused} readyState=${m.readyState} networkState=${m.networkState} error=${m.error?.code} src=${m.currentSrc}`;
      })
      .catch(() => '(no element)');
    throw new Error(`${selector}: media did not play past ${seconds} s within ${timeout} ms (${info})${problemsOf(page)}`, { cause: e });
  }
}

const AXE = fileURLToPath(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url));

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * Runs axe-core on the whole document (it sees into open shadow roots), WCAG 2.2 AA included;
 * returns the violations.
 * axe is evaluated through the DevTools protocol, not a <script>: that works under any CSP.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(readFileSync(AXE, 'utf8'));
  return page.evaluate(async () => {
    type Axe = { run(ctx: unknown, opts?: unknown): Promise<{ violations: AxeViolation[] }>; getRules(tags: string[]): { ruleId: string }[] };
    const axe = (window as unknown as { axe: Axe }).axe;
    // Every rule axe runs by default, plus WCAG 2.2 AA (target size), which it leaves off.
    const rules = Object.fromEntries(axe.getRules(['wcag22aa']).map((r) => [r.ruleId, { enabled: true }]));
    const result = await axe.run(document, { resultTypes: ['violations'], rules });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
}

/** Readable axe output for an assertion message. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `  ${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`).join('\n')}`)
    .join('\n');
}
