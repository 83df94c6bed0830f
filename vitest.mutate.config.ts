// The tests Stryker runs against each mutant: the components project alone (unit + component).
import { createRequire } from 'node:module';
import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.ts';

const components = (base.test!.projects as { test: { name: string } }[]).find((p) => p.test.name === 'components')!;

// The chai alias by Node's resolution, not a path into ./node_modules: Stryker's sandbox has no
// node_modules link when the checkout's node_modules is itself a symlink (a git worktree), and
// its vitest runner counts a suite that fails to import as no tests rather than a failed run.
const chai = createRequire(import.meta.url).resolve('@esm-bundle/chai/esm/chai.js');

// One environment for all the test files of a mutant's run (`isolate: false`): Stryker runs the
// covering tests of each mutant in one thread, where setting up happy-dom for each file was more
// than half the time. Measured on src/internal/status.ts (54 mutants, concurrency 4): 139 → 69 s (57 s at 6),
// the same score (100 %); the whole initial run 75 → 40 s (921 tests pass either way). A mutant
// is switched on at run time (Stryker's mutant schemata; static ones are ignored), so no module
// needs loading again for it.
export default mergeConfig(
  { ...base, test: { ...base.test, alias: { ...base.test!.alias, '@esm-bundle/chai': chai }, projects: undefined } },
  defineConfig({ test: { ...components.test, isolate: false } }),
);
