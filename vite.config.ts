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

/** Index after the template literal whose content starts at `i` (nested `${…}` and templates included). */
function templateEnd(code: string, i: number): number {
  for (; i < code.length; i++) {
    if (code[i] === '\\') i++;
    else if (code[i] === '`') return i + 1;
    else if (code[i] === '$' && code[i + 1] === '{') {
      let depth = 0;
      for (i += 2; i < code.length && (code[i] !== '}' || depth-- > 0); i++) {
        if (code[i] === '{') depth++;
        else if (code[i] === '`') i = templateEnd(code, i + 1) - 1;
      }
    }
  }
  return i;
}

/**
 * Collapses each line break and its indentation inside Lit's html`…` and svg`…` templates to one space,
 * and to nothing between a tag or an expression and the next tag or expression (the same
 * rendering: HTML collapses white space, our templates hold no <pre>, and their sibling tags
 * on separate lines sit in flex or grid containers, where such white space is not laid out),
 * and drops the quotes around one-word attribute values, which the JS minifier leaves alone.
 */
const minifyLitHtml = {
  name: 'castlet-minify-lit-html',
  transform(code: string, id: string) {
    if (!/\/src\/.*\.ts$/.test(id) || /\.styles\.ts$/.test(id)) return null;
    let out = '';
    let last = 0;
    const tag = /\b(?:html|svg)`/g;
    for (let m = tag.exec(code); m; tag.lastIndex = last, m = tag.exec(code)) {
      const i = m.index;
      const end = templateEnd(code, tag.lastIndex);
      out +=
        code.slice(last, i) +
        code
          .slice(i, end)
          .replace(/([>}]?)\n[ \t]*([<$]?)/g, (_m, a: string, b: string) => (a && b ? a + b : `${a} ${b}`))
          // attr="word" → attr=word (HTML needs no quotes there; our sources quote JS with ' and `),
          // but not before "/>": an unquoted value would take the slash in.
          .replace(/([a-z])="([\w.-]+)"(?=[\s>])/g, '$1=$2');
      last = end;
    }
    return out + code.slice(last);
  },
};

/**
 * Shortens the developer-facing error messages Lit throws when it is misused (a non-`css`
 * value interpolated into css`…`, a hand-made CSSResult or template strings array), which
 * castlet's own code never triggers: ~120 B gzip of castlet.js. The errors still throw.
 */
const LIT_MESSAGES: [string, string][] = [
  ["Value passed to 'css' function must be a 'css' function result: ", 'css: '],
  [". Use 'unsafeCSS' to pass non-literal values, but take care to ensure page security.", ''],
  ['CSSResult is not constructable. Use `unsafeCSS` or `css` instead.', 'CSSResult'],
  ['invalid template strings array', 'strings'],
];
/**
 * Also drops Lit's hooks for what a CDN bundle with its own Lit never has: the polyfills of old
 * browsers without shadow DOM (`*PolyfillSupport`), SSR hydration (`litElementHydrateSupport`)
 * and the version registry that development builds of another Lit read to warn about copies
 * (`*Versions.push`): ~60 B gzip. (The npm build imports `lit` itself, all of it.)
 */
const LIT_HOOKS: [RegExp, string][] = [
  [/\(\w+\.\w+Versions\?\?=\[\]\)\.push\("[\d.]+"\)/g, '0'],
  [/\w+\.litElementHydrateSupport\?\.\(\{LitElement:\w+\}\)/g, '0'],
  [/\w+\.\w+PolyfillSupport\b/g, 'void 0'],
];
/** Every rewrite must still find its text in Lit: a Lit update that changes one fails the build. */
const LIT_REWRITES: [string | RegExp, string][] = [...LIT_MESSAGES, ...LIT_HOOKS];
const litMatched = new Set<number>();
let litSeen = false;
const shortenLitMessages = {
  name: 'castlet-shorten-lit-messages',
  buildStart() {
    litMatched.clear();
    litSeen = false;
  },
  transform(code: string, id: string) {
    if (!/node_modules\/(lit-html|lit-element|@lit\/reactive-element)\//.test(id)) return null;
    litSeen = true;
    return LIT_REWRITES.reduce((c, [from, to], i) => {
      const next = typeof from === 'string' ? c.split(from).join(to) : c.replace(from, to);
      if (next !== c) litMatched.add(i);
      return next;
    }, code);
  },
  buildEnd(error?: Error) {
    const missed = LIT_REWRITES.filter((_, i) => !litMatched.has(i)).map(([from]) => String(from));
    // (The console entry holds no Lit.)
    if (!error && litSeen && missed.length) throw new Error(`castlet-shorten-lit-messages: Lit no longer has ${missed.join(' | ')}`);
  },
};

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
  plugins: cdn ? [minifyLitCss, minifyLitHtml, shortenLitMessages] : [minifyLitCss],
  define: cdn ? { __CASTLET_CDN__: 'true' } : {},
  // The demo page's stylesheet (demo/public/demo.css) is copied into dist/ with the console.
  publicDir: 'demo/public',
  build: {
    target: 'es2022',
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
          globalSetup: ['test/support/browser-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
