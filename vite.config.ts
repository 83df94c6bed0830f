// The build (`npm run build`, scripts/build.ts); the tests' configuration is vitest.config.ts.
import { fileURLToPath } from 'node:url';
import { minifyTemplateLiterals } from 'rollup-plugin-minify-template-literals';
import { defineConfig } from 'vite';

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
      // A run of whitespace becomes one space, never none: in HTML one space renders as the run
      // did, none may not (a nested template's " — " lost its space before the dash). The
      // bundle's templates then render as the npm build's (unminified) do: +15 B gzip.
      conservativeCollapse: true,
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
});
