// The tests (`npm test`, vitest): the build's own configuration (vite.config.ts: no plugins and
// no `define` outside the CDN build, the demo's publicDir) with the test projects on top.
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import build from './vite.config.ts';
import LongestFirst from './test/support/longest-first.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The timing-sensitive real-browser files: the `heard` project runs them after all the others. */
const HEARD = ['test/browser/heard.test.ts', 'test/icecast/heard.test.ts', 'test/icecast/failover-heard.test.ts', 'test/icecast/hls-heard.test.ts'];

export default mergeConfig(
  build,
  defineConfig({
    test: {
      // @esm-bundle/chai points `main` at a file it does not ship (docs/toolchain.md).
      alias: { '@esm-bundle/chai': here('node_modules/@esm-bundle/chai/esm/chai.js') },
      /**
       * Three test files at a time, on any machine. Most of the time of the browser and Icecast
       * files is real time (audio playing, streams looping), not CPU, so three overlap well even
       * on 2 cores, where vitest's default (cores − 1) would run every file one after the other.
       * Measured with two: 650 s for the non-heard projects on a quiet 2-core machine; with three
       * they passed at a load of 15–20 (other work beside them), the one failure a 1.5× rate
       * read as 1.19 in Firefox. docs/development.md has the figures.
       * Projects run in `sequence.groupOrder` groups, one group after the other: first everything
       * but the "now playing as heard" files, then those files three at a time, with nothing else
       * beside them: they assert display against audio within 1 s, so no happy-dom file, build
       * or other browser test competes with them for the CPU. (Beside the other projects, WebKit's
       * lag behind a real Icecast went from at most 0.34 s to 0.79 s in one CI run: too near the
       * bound.) Heard files use little CPU: they wait on audio playing in real time (two together:
       * 155 CPU-seconds in 327 s, the build included). The three passed side by side, with no
       * retry, at a load of 20 from other work: 183 s, against 416 s one after the other.
       * A project with `fileParallelism: false` gets a group of its own after all the others:
       * that is how all the browser files used to run, 778 s of `npm test` on 2 cores.
       */
      maxWorkers: 3,
      // The longest files first, across projects (test/support/longest-first.ts).
      sequence: { sequencer: LongestFirst },
      projects: [
        {
          extends: true,
          test: {
            name: 'components',
            environment: 'happy-dom',
            include: ['test/components/**/*.test.ts', 'test/unit/**/*.test.ts'],
            setupFiles: ['test/support/dom-setup.ts'],
            // One module graph per worker, not per file (here and in `server`): about 40 % less CPU
            // for these ~90 files (142 → 80 CPU-seconds, 82 → 48 s alone on 2 cores). Each file
            // still gets a fresh window, but process state (process.env, module state) carries
            // over; a file that mocks a module the others load imports its subject after
            // `vi.resetModules()` (test/server/auth.test.ts).
            isolate: false,
            environmentOptions: { happyDOM: { url: 'http://localhost:5173/' } },
            server: { deps: { inline: [/@open-wc\//] } },
          },
        },
        {
          extends: true,
          test: {
            name: 'server',
            environment: 'node',
            include: ['test/server/**/*.test.ts', 'test/docs/**/*.test.ts'],
            isolate: false,
          },
        },
        {
          extends: true,
          test: {
            name: 'browser',
            environment: 'node',
            include: ['test/browser/**/*.test.ts'],
            exclude: [...configDefaults.exclude, ...HEARD],
            // Builds dist/castlet.js once: the mock serves it to the pages under test.
            globalSetup: ['test/support/browser-global-setup.ts'],
            // One worker runs file after file with the browsers it launched (test/support/browser-reuse.ts).
            isolate: false,
            provide: { reuseBrowsers: true },
            testTimeout: 60_000,
            hookTimeout: 120_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'consumers',
            environment: 'node',
            include: ['test/consumers/**/*.test.ts'],
            // Builds dist/ if stale and packs it: the apps install the tarball, not the source tree.
            globalSetup: ['test/consumers/global-setup.ts'],
            testTimeout: 120_000,
            hookTimeout: 300_000,
          },
        },
        {
          extends: true,
          test: {
            // A real Icecast (Debian icecast2 + ezstream) behind the mock; skipped where absent.
            name: 'icecast',
            environment: 'node',
            include: ['test/icecast/**/*.test.ts'],
            exclude: [...configDefaults.exclude, ...HEARD],
            globalSetup: ['test/support/browser-global-setup.ts'],
            isolate: false,
            provide: { reuseBrowsers: true },
            testTimeout: 30_000,
            hookTimeout: 60_000,
          },
        },
        {
          extends: true,
          test: {
            // "Now playing as heard" in real browsers, on the built-in stream and a real Icecast:
            // after every other file, three at a time (see maxWorkers above), each worker keeping
            // its browsers from one file to the next.
            name: 'heard',
            environment: 'node',
            include: HEARD,
            globalSetup: ['test/support/browser-global-setup.ts'],
            sequence: { groupOrder: 1 },
            maxWorkers: 3,
            isolate: false,
            provide: { reuseBrowsers: true },
            testTimeout: 60_000,
            hookTimeout: 120_000,
          },
        },
      ],
    },
  }),
);
