import { fileURLToPath } from 'node:url';
import { minifyTemplateLiterals } from 'rollup-plugin-minify-template-literals';
import { configDefaults, defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const entry = process.env.ENTRY ?? 'castlet';
/** The demo page's console is built beside the bundle (it is not part of it). */
const source = entry === 'console' ? 'demo/console.ts' : `src/${entry}.ts`;

/**
 * Minifies the HTML, SVG and CSS inside Lit's html`…`, svg`…` and css`…` templates (all of src/,
 * on-demand chunks included), which the JS minifier leaves alone: html-minifier-terser and
 * clean-css through minify-literals. Attribute quotes go where HTML needs none; `/>` stays, as
 * svg`…` content is parsed as SVG, where `<path>` without it would swallow its next sibling.
 */
const minifyLit = minifyTemplateLiterals({
  include: ['src/**/*.ts'],
  failOnError: true,
  options: {
    minifyOptions: {
      caseSensitive: true,
      collapseWhitespace: true,
      removeComments: true,
      removeAttributeQuotes: true,
      keepClosingSlash: true,
      minifyCSS: {},
    },
  },
});

/**
 * The CDN build (`scripts/build.ts` sets ENTRY): one self-contained minified module per entry
 * (Lit included) and its on-demand chunks in `dist/chunks/`. A dynamic `import('./part.js')`
 * in src becomes `import("./chunks/part-<hash>.js")`, resolved against the bundle's own URL:
 * chunks load from the bundle's origin, as module scripts (no eval, nothing inline), so the
 * same `script-src` that allows the bundle allows them. `__CASTLET_CDN__` marks the service's
 * own bundle: only there does `base-url` default to the origin the script came from.
 * The npm build is `tsc -p tsconfig.build.json` (unbundled modules importing `lit`).
 */
const cdn = process.env.ENTRY !== undefined;

/** The timing-sensitive real-browser files: the `heard` project runs them after all the others. */
const HEARD = ['test/browser/heard.test.ts', 'test/icecast/heard.test.ts'];

export default defineConfig({
  plugins: cdn ? [minifyLit] : [],
  define: cdn ? { __CASTLET_CDN__: 'true' } : {},
  // Lit as published: its production build (Lit's `default` export condition, already minified
  // by Lit, without DEV_MODE's warnings) and nothing rewritten. Vite picks it by NODE_ENV
  // (`development|production`); named here, the bundle gets it under any NODE_ENV, vitest's
  // `test` included (which would give Lit's development build: 58,960 B raw instead of 46,042).
  ...(cdn ? { resolve: { conditions: ['module', 'browser', 'production'] } } : {}),
  // The demo page's stylesheet (demo/public/demo.css) is copied into dist/ with the console.
  publicDir: 'demo/public',
  build: {
    target: 'es2022',
    // Terser's compressor first (renderChunk), then Rolldown's own minifier (Oxc) on its output:
    // each finds what the other leaves (measured: castlet.js 16,420 → 16,341 B gzip -9; other
    // terser and Oxc options save nothing more: docs/toolchain.md). Terser does not mangle: Oxc
    // does, after it.
    minify: 'terser',
    terserOptions: { safari10: false, compress: { passes: 2 }, mangle: false, format: { comments: false } },
    outDir: process.env.CASTLET_OUT_DIR ?? 'dist',
    emptyOutDir: entry === 'castlet',
    copyPublicDir: entry === 'console',
    // scripts/build.ts runs this once for each of castlet, stream-player and podcast-player
    // (`ENTRY`), so no entry imports another's code; only on-demand chunks are shared files.
    lib: {
      entry: process.env.CASTLET_ENTRY_FILE ?? here(source),
      formats: ['es'],
      fileName: () => `${entry}.js`,
    },
    rolldownOptions: {
      // Terser's renderChunk takes most of the build's JavaScript time, as expected: no warning.
      checks: { pluginTimings: false },
      output: {
        minify: true,
        comments: { legal: false, annotation: false },
        // No content hash: the CDN path carries the version (`/castlet@<version>/chunks/…`), and
        // random hashes are bytes gzip cannot shrink in castlet.js.
        chunkFileNames: 'chunks/[name].js',
      },
    },
  },
  test: {
    // @esm-bundle/chai points `main` at a file it does not ship (docs/toolchain.md).
    alias: { '@esm-bundle/chai': here('node_modules/@esm-bundle/chai/esm/chai.js') },
    /**
     * Two test files at a time, on any machine. Most of the time of the browser and Icecast
     * files is real time (audio playing, streams looping), not CPU, so two overlap well even on
     * 2 cores, where vitest's default (cores − 1) would run every file one after the other.
     * More than two would put more real browsers beside the happy-dom files and the consumer
     * builds than a 2-core CI runner has cores for.
     * Projects run in `sequence.groupOrder` groups, one group after the other: first everything
     * but the two "now playing as heard" files, then those two one after the other, with nothing
     * else beside them: they assert display against audio within 1 s, so no happy-dom file,
     * build or other browser competes with them for the CPU. (Side by side, WebKit's lag behind
     * a real Icecast went from at most 0.34 s to 0.79 s in one CI run: too near the bound.)
     * A project with `fileParallelism: false` gets a group of its own after all the others:
     * that is how all the browser files used to run, 778 s of `npm test` on 2 cores.
     */
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'components',
          environment: 'happy-dom',
          include: ['test/components/**/*.test.ts', 'test/unit/**/*.test.ts'],
          setupFiles: ['test/support/dom-setup.ts'],
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // "Now playing as heard" in real browsers, on the built-in stream and a real Icecast:
          // after every other file, one after the other (see maxWorkers above).
          name: 'heard',
          environment: 'node',
          include: HEARD,
          globalSetup: ['test/support/browser-global-setup.ts'],
          sequence: { groupOrder: 1 },
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
