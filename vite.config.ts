import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const entry = process.env.ENTRY ?? 'castlet';
/** The demo page's console is built beside the bundle (it is not part of it). */
const source = entry === 'console' ? 'demo/console.ts' : `src/${entry}.ts`;

/**
 * Minifies the CSS inside Lit's css`…` templates (comments, white space), which the JS
 * minifier leaves alone. Our styles hold no `${}` interpolations.
 */
const minifyLitCss = {
  name: 'castlet-minify-lit-css',
  transform(code: string, id: string) {
    if (!/\.styles\.ts$/.test(id)) return null;
    return code.replace(/css`([^`]*)`/g, (_m, body: string) =>
      'css`' +
      body
        .replace(/\/\*[^]*?\*\//g, '')
        .replace(/\s+/g, ' ')
        .replace(/\s*([{};,>])\s*/g, '$1')
        .replace(/: /g, ':')
        .replace(/;}/g, '}')
        .trim() +
      '`',
    );
  },
};

export default defineConfig({
  plugins: [minifyLitCss],
  // The demo page's stylesheet (demo/public/demo.css) is copied into dist/ with the console.
  publicDir: 'demo/public',
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: entry === 'castlet',
    copyPublicDir: entry === 'console',
    // One self-contained file per entry: scripts/build.ts runs this once for each of
    // castlet, stream-player and podcast-player (`ENTRY`), so no file imports a shared chunk.
    lib: {
      entry: here(source),
      formats: ['es'],
      fileName: () => `${entry}.js`,
    },
    rolldownOptions: {
      output: {
        minify: true,
        comments: { legal: false },
      },
    },
  },
  test: {
    // @esm-bundle/chai points `main` at a file it does not ship (TOOLCHAIN.md).
    alias: { '@esm-bundle/chai': here('node_modules/@esm-bundle/chai/esm/chai.js') },
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
          // Builds dist/castlet.js once: the mock serves it to the pages under test.
          globalSetup: ['test/support/browser-global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          // A real Icecast (Debian icecast2 + ezstream) behind the mock; skipped where absent.
          name: 'icecast',
          environment: 'node',
          include: ['test/icecast/**/*.test.ts'],
          globalSetup: ['test/support/browser-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
