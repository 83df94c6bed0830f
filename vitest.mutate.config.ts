// The tests Stryker runs against each mutant: the components project alone (unit + component).
import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vite.config.ts';

const components = (base.test!.projects as { test: { name: string } }[]).find((p) => p.test.name === 'components')!;

export default mergeConfig({ ...base, test: { ...base.test, projects: undefined } }, defineConfig({ test: { ...components.test } }));
