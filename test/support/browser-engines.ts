/**
 * Which engines the flow tests run in, whether each can start here, and `withEngine()`: the
 * real mock and the page server (another origin) with one engine, started in beforeAll and
 * stopped in afterAll, every process by its PID.
 *
 * `ENGINES=firefox` (a comma list) picks engines; all three by default. An engine this machine
 * lacks is skipped with the reason in the suite's name; with CI=true it fails instead.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { startServer, type RunningServer, type ServerOptions } from '../../demo/server/serve.ts';
import { chromiumPath } from '../../scripts/chromium.ts';
import { ownerPost, publicGet } from './browser.ts';
import { ENGINE_NAMES, type Engine, type EngineName, type EnginePage, type LaunchOptions } from './browser-engine.ts';
import { launchChromiumEngine } from './browser-engine-chromium.ts';
import { FIREFOX_PATH, launchFirefoxEngine } from './browser-engine-firefox.ts';
import { MINIBROWSER, WEBKIT_DRIVER, launchWebKitEngine } from './browser-engine-webkit.ts';
import { missingCommand } from './browser-processes.ts';
import { startPages, type PageOptions, type PagesServer } from './browser-pages.ts';

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

export interface EngineEnv {
  readonly engine: Engine;
  /** The mock's origin, e.g. http://127.0.0.1:40123 */
  readonly mock: string;
  readonly server: RunningServer;
  /** The mock's request log (tokens redacted). */
  readonly logs: string[];
  readonly pages: PagesServer;
  /** Serves `html` on the page server (another origin) and opens it in a new page with empty localStorage. */
  open(html: string, opts?: PageOptions): Promise<EnginePage>;
  /** Opens any URL in a new page. */
  visit(url: string): Promise<EnginePage>;
  /** POST /private/{path} as the owner's server. */
  owner(path: string, body?: Record<string, unknown>): Promise<any>;
  /** GET /public/{path} with the public token. */
  publicGet(path: string): Promise<any>;
}

/** `mockOptions`: the mock's (e.g. another live loop); `launch`: the browser's (e.g. a phone's viewport). */
export function withEngine(name: EngineName, mockOptions: ServerOptions = {}, launch?: LaunchOptions): EngineEnv {
  const logs: string[] = [];
  let server: RunningServer | undefined;
  let pages: PagesServer | undefined;
  let engine: Engine | undefined;
  let blank = '';
  let current: EnginePage | undefined;

  beforeAll(async () => {
    const dist = fileURLToPath(new URL('../../dist/castlet.js', import.meta.url));
    if (!existsSync(dist)) throw new Error("dist/castlet.js is missing: the browser project's globalSetup runs `npm run build`.");
    [server, pages, engine] = await Promise.all([
      startServer({ heartbeatMs: 60_000, ...mockOptions, host: '127.0.0.1', port: 0, log: (l) => logs.push(l) }),
      startPages(),
      launchEngine[name](launch).catch((e: Error) => {
        const why = engineUnavailable(name);
        throw new Error(`${name} cannot start: ${e.message}${why ? `\n${why}` : ''}`, { cause: e });
      }),
    ]);
    blank = pages.add('<!doctype html><html lang="en"><title>blank</title></html>', { path: '/blank.html' });
    console.log(`[browser] ${name}: ${engine.version}`);
  });

  afterAll(async () => {
    await current?.close().catch(() => {});
    await engine?.close();
    await Promise.all([server?.close(), pages?.close()]);
  });

  const visit = async (url: string, clearStorage = false) => {
    // One live page at a time keeps 2 cores calm.
    await current?.close().catch(() => {});
    try {
      current = await engine!.newPage();
    } catch (e) {
      // The browser died in an earlier test (a crashed web process can take MiniBrowser with
      // it): start it again, so one crash fails one test, not every test after it.
      console.warn(`[browser] ${name}: the browser is gone (${(e as Error).message.split('\n')[0]}); starting it again`);
      await engine!.close().catch(() => {});
      engine = await launchEngine[name](launch);
      current = await engine.newPage();
    }
    if (clearStorage) {
      // Every test page shares the page server's origin: start each with nothing saved.
      await current.goto(blank);
      await current.evaluate(() => localStorage.clear(), null);
    }
    await current.goto(url);
    return current;
  };

  return {
    get engine() {
      return engine!;
    },
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
    open: (html, opts) => visit(pages!.add(html, opts), true),
    visit: (url) => visit(url),
    owner: (path, body) => ownerPost(server!.url, path, body),
    publicGet: (path) => publicGet(server!.url, path),
  };
}
