/**
 * globalSetup of the `consumers` project: builds dist/ (unless it is newer than every
 * input: test/support/dist-fresh.ts) and packs it as npm would publish it. The tests install that tarball, never the
 * source tree. Runs before any test of any project, so no test sees dist/ being rebuilt.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { distUpToDate } from '../support/dist-fresh.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

declare module 'vitest' {
  export interface ProvidedContext {
    /** The `npm pack` tarball of this build. */
    castletTarball: string;
  }
}

export default function setup(project: TestProject): () => void {
  const started = Date.now();
  const run = (file: string, args: string[]) =>
    execFileSync(file, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'production' } }).toString();
  try {
    if (!distUpToDate()) run(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/build.ts']);
    const dir = mkdtempSync(join(tmpdir(), 'castlet-pack-'));
    // --ignore-scripts: `prepack` would build again.
    const [packed] = JSON.parse(run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir])) as { filename: string }[];
    project.provide('castletTarball', join(dir, packed!.filename));
    console.log(`[consumers] built and packed in ${Date.now() - started} ms`);
    return () => rmSync(dir, { recursive: true, force: true });
  } catch (e) {
    const err = e as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`build or npm pack failed before the consumer tests:\n${err.stdout ?? ''}${err.stderr ?? ''}`, { cause: e });
  }
}
