// The tests Stryker runs against each mutant: the components project alone (unit + component).
import { createRequire } from 'node:module';
import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.ts';

const components = (base.test!.projects as { test: { name: string } }[]).find((p) => p.test.name === 'components')!;

// The chai alias by Node's resolution, not a path into ./node_modules: Stryker's sandbox has no
// node_modules link when the checkout's node_modules is itself a symlink (a git worktree), and
// its vitest runner counts a suite that fails to import as no tests rather than a failed run.
const chai = createRequire(import.meta.url).resolve('@esm-bundle/chai/esm/chai.js');

export default mergeConfig(
  { ...base, test: { ...base.test, alias: { ...base.test!.alias, '@esm-bundle/chai': chai }, projects: undefined } },
  defineConfig({ test: { ...components.test } }),
);
