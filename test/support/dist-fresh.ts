/**
 * Whether dist/ is newer than everything `npm run build` reads: the globalSetups of the
 * browser and consumer projects build only when it is not (CI builds beside its static checks,
 * .ci/run; a change to any input builds again).
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
/** What the build reads: the widgets, the demo console and page, the build scripts and their configuration. */
const INPUTS = [
  'src',
  'demo',
  'index.html',
  'scripts',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'tsconfig.json',
  'tsconfig.build.json',
  'custom-elements-manifest.config.mjs',
];
/** The build's last output (scripts/build.ts writes the React wrappers last). */
const LAST = 'dist/npm/react/index.js';

const newest = (path: string): number =>
  statSync(path).isDirectory() ? Math.max(0, ...readdirSync(path).map((f) => newest(join(path, f)))) : statSync(path).mtimeMs;

export function distUpToDate(): boolean {
  try {
    return statSync(join(root, LAST)).mtimeMs > Math.max(...INPUTS.map((p) => newest(join(root, p))));
  } catch {
    return false;
  }
}
