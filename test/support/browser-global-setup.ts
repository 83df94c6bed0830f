/**
 * globalSetup of the `browser`, `icecast` and `heard` projects: builds dist/ once before the
 * real-browser tests, so the mock serves the current bundle at /castlet.js (and `npm test`
 * works on a fresh clone), unless dist/ is newer than every input of the build
 * (test/support/dist-fresh.ts: CI builds beside its static checks). Global setups all run in
 * vitest's own process, before any test: the first of these projects builds, the others find
 * it done.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { distUpToDate } from './dist-fresh.ts';

const BUILT = Symbol.for('castlet.browser-global-setup.built');

export default function setup(): (() => void) | undefined {
  const done = globalThis as { [BUILT]?: boolean };
  if (done[BUILT]) return undefined;
  if (distUpToDate()) {
    console.log('[browser] dist/ is newer than every input of the build: not built again');
    done[BUILT] = true;
    return () => delete done[BUILT];
  }
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const tsx = fileURLToPath(new URL('../../node_modules/tsx/dist/cli.mjs', import.meta.url));
  const started = Date.now();
  try {
    execFileSync(process.execPath, [tsx, 'scripts/build.ts'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      // vitest sets NODE_ENV=test; Vite would then resolve Lit's `development` build (dev
      // mode warnings, ~14 KB bigger). Build what site owners get.
      env: { ...process.env, NODE_ENV: 'production' },
    });
  } catch (e) {
    const err = e as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`npm run build failed before the browser tests:\n${err.stdout ?? ''}${err.stderr ?? ''}`, { cause: e });
  }
  done[BUILT] = true;
  console.log(`[browser] built dist/ in ${Date.now() - started} ms`);
  // The next run (watch mode, a restart) builds again.
  return () => delete done[BUILT];
}
