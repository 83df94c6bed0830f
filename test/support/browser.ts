/**
 * Real-browser test helpers: Debian's Chromium through playwright-core (never a downloaded
 * browser), the real mock in this process on a free loopback port, and a page server on
 * another port — another origin, like a site owner's page that embeds the widgets.
 *
 * `withBrowser()` starts all three in beforeAll and closes them in afterAll; one browser
 * and one context per test file, a fresh page per test.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { DEMO_TOKENS } from '../../demo/server/seed.ts';
import { startServer, type RunningServer, type ServerOptions } from '../../demo/server/serve.ts';
import { embedPage, startPages, type PageOptions, type PagesServer } from './browser-pages.ts';
import { launchChromium } from '../../scripts/chromium.ts';

export { CHROMIUM_ARGS, chromiumPath, launchChromium } from '../../scripts/chromium.ts';

export { embedPage };
export const PRIVATE = DEMO_TOKENS.private_token;
export const PUBLIC = DEMO_TOKENS.public_token;

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

export interface BrowserEnv {
  /** The mock's origin, e.g. http://127.0.0.1:40123 */
  readonly mock: string;
  readonly server: RunningServer;
  /** The mock's request log (tokens redacted). */
  readonly logs: string[];
  readonly pages: PagesServer;
  readonly browser: Browser;
  readonly context: BrowserContext;
  /** Registers `html` on the page server (another origin) and opens it in a new page. */
  open(html: string, opts?: OpenOptions): Promise<TestPage>;
  /** Opens any URL in a new page, collecting as `open` does. */
  visit(url: string, opts?: OpenOptions): Promise<TestPage>;
  /** POST /private/{path} with the private token as a Bearer header, from Node (the owner's server). */
  owner(path: string, body?: Record<string, unknown>): Promise<any>;
  /** GET /public/{path} with the public token, from Node. */
  publicGet(path: string): Promise<any>;
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

export function withBrowser(opts: BrowserEnvOptions = {}): BrowserEnv {
  const logs: string[] = [];
  let server: RunningServer | undefined;
  let pages: PagesServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  const opened: Page[] = [];

  beforeAll(async () => {
    const dist = fileURLToPath(new URL('../../dist/castlet.js', import.meta.url));
    if (!existsSync(dist)) throw new Error('dist/castlet.js is missing: the browser project\'s globalSetup runs `npm run build`.');
    [server, pages, browser] = await Promise.all([
      startServer({ heartbeatMs: 60_000, ...opts.server, host: '127.0.0.1', port: 0, log: (l) => logs.push(l) }),
      startPages(),
      launchChromium(),
    ]);
    context = await browser.newContext({ viewport: { width: 900, height: 800 }, ...opts.context });
  });

  afterAll(async () => {
    await context?.close().catch(() => {});
    await browser?.close().catch(() => {});
    await Promise.all([server?.close(), pages?.close()]);
  });

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
    page.on('response', (r) =>
      t.responses.push({ url: r.url(), status: r.status(), range: r.request().headers()['range'] }),
    );
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

  return {
    get mock() {
      return server!.url;
    },
    get server() {
      return server!;
    },
    logs,
    get pages() {
      return pages!;
    },
    get browser() {
      return browser!;
    },
    get context() {
      return context!;
    },
    open: (html, pageOpts) => watch(pages!.add(html, pageOpts), pageOpts),
    visit: watch,
    owner: (path, body) => ownerPost(server!.url, path, body),
    publicGet: (path) => publicGet(server!.url, path),
  };
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
export async function publicGet(mock: string, path: string): Promise<any> {
  const sep = path.includes('?') ? '&' : '?';
  const res = await fetch(`${mock}/public/${path}${sep}token=${PUBLIC}`);
  expect(res.status).toBe(200);
  return json(res);
}

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
