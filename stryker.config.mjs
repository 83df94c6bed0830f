// Mutation testing (StrykerJS + its vitest runner): `npm run mutate`, not part of CI.
// Mutates the widgets' logic in src/ (styles, icons and entry files aside) and runs the
// unit and component tests (happy-dom, the real mock on loopback) against each mutant.
// `npm run mutate -- --mutate src/api/validate.ts` checks one file.
// `npm run mutate` runs it with TZ=America/New_York: Stryker's runner runs vitest in worker threads,
// where a test's `process.env.TZ = …` does not change the zone (it does in vitest's own forks), so
// the schedule's tests of the listener's zone need the process started in it.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutate.config.ts', related: false },
  mutate: [
    'src/**/*.ts',
    '!src/**/*.styles.ts',
    '!src/internal/icons.ts',
    '!src/castlet.ts',
    '!src/stream-player.ts',
    '!src/podcast-player.ts',
    '!src/events.ts',
    '!src/api/types.ts',
  ],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  timeoutMS: 20_000,
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
