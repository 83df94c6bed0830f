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
/**
 * And the paths no browser that runs castlet takes (~160 B gzip):
 * - the `<style>` fallback for browsers without constructable stylesheets: the styles already
 *   need `light-dark()` (Chrome 123, Firefox 120, Safari 17.5), and every such browser adopts them;
 * - standard-decorator metadata (`Symbol.metadata`, `litPropertyMetadata`): castlet declares its
 *   reactive properties in `static properties` and uses no decorators;
 * - MathML templates (mathml`…`) and compiled templates (`{_$litType$: {h, el}}`, made by Lit's
 *   template compiler), which castlet never renders;
 * - the identity function Closure Compiler's property renaming needed (`JSCompiler_renameProperty`).
 */
const LIT_DEAD: [string | RegExp, string][] = [
  [
    /\w+\.ShadowRoot&&\(void 0===\w+\.ShadyCSS\|\|\w+\.ShadyCSS\.nativeShadow\)&&"adoptedStyleSheets"in Document\.prototype&&"replace"in CSSStyleSheet\.prototype/g,
    '!0',
  ],
  ['Symbol.metadata??=Symbol("metadata"),', ''],
  [/\w+\.litPropertyMetadata\?\?=new WeakMap;/g, ''],
  [
    /const \w+=this\[Symbol\.metadata\];if\(null!==\w+\)\{const \w+=litPropertyMetadata\.get\(\w+\);if\(void 0!==\w+\)for\(const\[\w+,\w+\]of \w+\)this\.elementProperties\.set\(\w+,\w+\)\}/g,
    '',
  ],
  [/3===\w+\?"<math>":""/g, '""'],
  [/3===\w+\?"<\/math>":""/g, '""'],
  [/2===(\w+)\|\|3===\1/g, '2===$1'],
  [
    /,_\$litType\$:(\w+)\}=(\w+),(\w+)="number"==typeof \1\?this\._\$AC\(\2\):\(void 0===\1\.el&&\(\1\.el=\w+\.createElement\(\w+\(\1\.h,\1\.h\[0\]\),this\.options\)\),\1\)/g,
    '}=$2,$3=this._$AC($2)',
  ],
  [/\b\w+\("(elementProperties|finalized|properties)"\)/g, '"$1"'],
];
/**
 * And what Lit offers that no castlet template or element uses (~1,000 B gzip of castlet.js).
 * The CDN bundle's Lit is castlet's own (it exports only the two elements; chunks get `html`
 * and `nothing` from it), so these paths are dead there; the npm build imports `lit` itself,
 * all of it. A castlet template that came to need one would render wrong: the browser tests
 * run on this build. Before using a directive, an element binding or a non-string property
 * with an attribute, drop its rewrite here.
 * - directives (`directive()`, `lit/directives/*`: castlet imports none) and the async ones'
 *   connection tracking (`_$AU`, `_$AN`, `setConnected`, `renderOptions.isConnected`), with
 *   the part getters only directives read (`parentNode`, `startNode`, `endNode`, `tagName`);
 * - element bindings (`<div ${…}>`), bindings in comments, and the raw-text elements
 *   (`<script>`, `<style>`, `<textarea>`, `<title>`), which no castlet template holds;
 * - `creationScope` (scoped custom element registries) and the identity `wrap` of old ShadyDOM;
 * - listener objects (`@click=${{handleEvent, capture}}`): castlet binds functions;
 * - decorators' hooks (`addInitializer`), accessors castlet does not define (`wrapped`), the
 *   `useDefault` option, and the attribute converters of non-string types: every castlet
 *   property with an attribute is a string, which the default converter passes through as it is;
 * - `removeController` (castlet's controllers live as long as their element) and the
 *   `_$litElement$` brand that only Lit's server rendering reads.
 */
const LIT_UNUSED: [string | RegExp, string][] = [
  // lit-html: resolveDirective is the identity when no value is a directive.
  [
    'function M(t,i,s=t,e){if(i===E)return i;let h=void 0!==e?s._$Co?.[e]:s._$Cl;const o=a(i)?void 0:i._$litDirective$;return h?.constructor!==o&&(h?._$AO?.(!1),void 0===o?h=void 0:(h=new o(t),h._$AT(t,s,e)),void 0!==e?(s._$Co??=[])[e]=h:s._$Cl=h),void 0!==h&&(i=M(t,h._$AS(t,i.values),h,e)),i}',
    'function M(t,i){return i}',
  ],
  ['t=M(this,t,i),', ''],
  ['t=M(this,t,i,0),', ''],
  ['r=M(this,e[s+n],i,n)', 'r=e[s+n]'],
  ['(t=M(this,t,i,0)??A)', '(t??=A)'],
  ['get parentNode(){return this._$AM.parentNode}get _$AU(){return this._$AM._$AU}', ''],
  ['this._$AN=void 0,', ''],
  ['get _$AU(){return this._$AM?._$AU??this._$Cv}', ''],
  [',this._$Cv=e?.isConnected??!0', ''],
  [
    'get parentNode(){let t=this._$AA.parentNode;const i=this._$AM;return void 0!==i&&11===t?.nodeType&&(t=i.parentNode),t}get startNode(){return this._$AA}get endNode(){return this._$AB}',
    '',
  ],
  ['for(this._$AP?.(!1,!0,s);', 'for(;'],
  ['const s=i(t).nextSibling;i(t).remove()', 'const s=t.nextSibling;t.remove()'],
  ['setConnected(t){void 0===this._$AM&&(this._$Cv=t,this._$AP?.(t))}', ''],
  ['get tagName(){return this.element.tagName}get _$AU(){return this._$AM._$AU}', ''],
  ['else t.startsWith(o)&&(d.push({type:6,index:l}),r.removeAttribute(t))', ''],
  [':6===r.type&&(i=new Z(h,this,t))', ':0'],
  [
    'if(y.test(r.tagName)){const t=r.textContent.split(o),i=t.length-1;if(i>0){r.textContent=s?s.emptyScript:"";for(let s=0;s<i;s++)r.append(t[s],c()),P.nextNode(),d.push({type:2,index:++l});r.append(t[i],c())}}',
    '',
  ],
  ['(y.test(u[2])&&(n=RegExp("</"+u[2],"g")),c=p)', 'c=p'],
  [
    'if(r.data===n)d.push({type:2,index:l});else{let t=-1;for(;-1!==(t=r.data.indexOf(o,t+1));)d.push({type:7,index:l}),t+=o.length-1}',
    'r.data===n&&d.push({type:2,index:l});',
  ],
  ['(t?.creationScope??l).importNode', 'l.importNode'],
  ['||t.capture!==s.capture||t.once!==s.once||t.passive!==s.passive', ''],
  [
    '"function"==typeof this._$AH?this._$AH.call(this.options?.host??this.element,t):this._$AH.handleEvent(t)',
    'this._$AH.call(this.options?.host??this.element,t)',
  ],
  // lit-element: the async directives' connection.
  ['this.hasUpdated||(this.renderOptions.isConnected=this.isConnected),', ''],
  ['this._$Do=e(r,this.renderRoot,this.renderOptions)', 'e(r,this.renderRoot,this.renderOptions)'],
  [',this._$Do=void 0', ''],
  [
    'connectedCallback(){super.connectedCallback(),this._$Do?.setConnected(!0)}disconnectedCallback(){super.disconnectedCallback(),this._$Do?.setConnected(!1)}',
    '',
  ],
  // reactive-element: initializers, wrapped accessors, useDefault, converters.
  ['static addInitializer(t){this._$Ei(),(this.l??=[]).push(t)}', ''],
  ['removeController(t){this._$EO?.delete(t)}', ''],
  ['i._$litElement$=!0,', ''],
  ['void 0!==t.l&&(this.l=[...t.l]),', ''],
  [',this.constructor.l?.forEach(t=>t(this))', ''],
  ['this.prototype.hasOwnProperty(t)&&((s=Object.create(s)).wrapped=!0),', ''],
  ['||i.useDefault&&i.reflect&&h===this._$Ej?.get(t)&&!this.hasAttribute(r._$Eu(t,i))', ''],
  [
    'C(t,s,{useDefault:i,reflect:e,wrapped:h},r){i&&!(this._$Ej??=new Map).has(t)&&(this._$Ej.set(t,r??s??this[t]),!0!==h||void 0!==r)||(this._$AL.has(t)||(this.hasUpdated||i||(s=void 0),this._$AL.set(t,s)),',
    'C(t,s,{reflect:e}){(this._$AL.has(t)||(this.hasUpdated||(s=void 0),this._$AL.set(t,s)),',
  ],
  [
    'const t=this.constructor.elementProperties;if(t.size>0)for(const[s,i]of t){const{wrapped:t}=i,e=this[s];!0!==t||this._$AL.has(s)||void 0===e||this.C(s,void 0,i,e)}',
    '',
  ],
  [
    'const t=i.getPropertyOptions(e),h="function"==typeof t.converter?{fromAttribute:t.converter}:void 0!==t.converter?.fromAttribute?t.converter:u;this._$Em=e;const r=h.fromAttribute(s,t.type);this[e]=r??this._$Ej?.get(e)??r,this._$Em=null',
    'this._$Em=e,this[e]=s,this._$Em=null',
  ],
  ['const h=(void 0!==i.converter?.toAttribute?i.converter:u).toAttribute(s,i.type);', 'const h=s;'],
  ['type:String,converter:u,reflect:!1,useDefault:!1,', 'reflect:!1,'],
  ['c=a.trustedTypes,l=c?c.emptyScript:"",', ''],
  // css-tag: getCompatibleStyle is the identity where stylesheets are adopted (LIT_DEAD).
  ['i.unshift(t(s))', 'i.unshift(s)'],
  ['i.push(t(s))', 'i.push(s)'],
];
/** Every rewrite must still find its text in Lit: a Lit update that changes one fails the build. */
const LIT_REWRITES: [string | RegExp, string][] = [...LIT_MESSAGES, ...LIT_HOOKS, ...LIT_DEAD, ...LIT_UNUSED];
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

/** The timing-sensitive real-browser files: the `heard` project runs them after all the others. */
const HEARD = ['test/browser/heard.test.ts', 'test/icecast/heard.test.ts'];

export default defineConfig({
  plugins: cdn ? [minifyLit, shortenLitMessages] : [],
  define: cdn ? { __CASTLET_CDN__: 'true' } : {},
  // The demo page's stylesheet (demo/public/demo.css) is copied into dist/ with the console.
  publicDir: 'demo/public',
  build: {
    target: 'es2022',
    // Terser's compressor first (renderChunk), then Rolldown's own minifier (Oxc) on its output:
    // each finds what the other leaves (measured: castlet.js 15,046 → 14,973 B gzip).
    // Terser does not mangle: Oxc does, after it.
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
