/**
 * Browsers kept for the next test file of the same vitest worker, in the projects that say so
 * (`provide: { reuseBrowsers: true }` with `isolate: false`, vitest.config.ts): launching
 * Firefox ESR or WebKitGTK's MiniBrowser takes 5–20 s on 2 cores, and the `browser`, `icecast`
 * and `heard` projects used to do it about 40 times. A file still gets what it had: Chromium a new context
 * of its own (its own cookies and storage), Firefox and WebKit a new page, on the file's own page
 * server and mock (other origins, so other storage). One Firefox and one WebKit at most per
 * worker (a file wanting other launch options, e.g. a phone's viewport, gets a new one); all of
 * them are stopped, by PID, when the worker exits (vitest stops it with SIGTERM).
 * Elsewhere (outside vitest: the bench) each caller launches its own.
 */
import type { Browser } from 'playwright-core';
import { inject } from 'vitest';
import { launchChromium } from '../../scripts/chromium.ts';
import type { Engine, EngineName, LaunchOptions } from './browser-engine.ts';
import { stopOwnedAtExit } from './browser-processes.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Keep launched browsers for the worker's next file (test/support/browser-reuse.ts). */
    reuseBrowsers: boolean;
  }
}

/** Whether this project keeps browsers across files. */
export function reusingBrowsers(): boolean {
  try {
    return inject('reuseBrowsers') === true;
  } catch {
    // (outside vitest: the bench)
    return false;
  }
}

interface Kept {
  chromium?: Promise<Browser>;
  engines: Map<EngineName, { key: string; engine: Promise<Engine> }>;
}

// On globalThis: the worker's module state does not outlive a file, its global object does.
const KEPT = Symbol.for('castlet.browser-reuse');

function kept(): Kept {
  const g = globalThis as { [KEPT]?: Kept };
  if (!g[KEPT]) {
    g[KEPT] = { engines: new Map() };
    stopOwnedAtExit();
  }
  return g[KEPT];
}

/** The worker's Chromium (playwright-core), launched once: callers close their contexts, never it. */
export function sharedChromium(): Promise<Browser> {
  const k = kept();
  if (!k.chromium) {
    const launched = launchChromium();
    k.chromium = launched;
    launched.then(
      (b) => b.on('disconnected', () => k.chromium === launched && (k.chromium = undefined)),
      () => k.chromium === launched && (k.chromium = undefined),
    );
  }
  return k.chromium;
}

/** The worker's `name` engine launched with `launch` (by `start`), launched now if it has none such. */
export async function keptEngine(name: EngineName, launch: LaunchOptions | undefined, start: () => Promise<Engine>): Promise<Engine> {
  const k = kept();
  const key = JSON.stringify(launch ?? {});
  const have = k.engines.get(name);
  if (have?.key === key) return have.engine;
  if (have) await dropEngine(name);
  const engine = start();
  k.engines.set(name, { key, engine });
  engine.catch(() => k.engines.get(name)?.engine === engine && k.engines.delete(name));
  return engine;
}

/** Closes the worker's `name` engine (it died, or other launch options are wanted). */
export async function dropEngine(name: EngineName): Promise<void> {
  const k = kept();
  const have = k.engines.get(name);
  k.engines.delete(name);
  await have?.engine.then((e) => e.close()).catch(() => {});
}
