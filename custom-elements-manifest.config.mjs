// `npm run build` writes dist/npm/custom-elements.json from the elements' JSDoc (attributes,
// events, parts, custom properties) for editors, docs and the generated framework wrappers
// (scripts/integrations.ts). The castlet-* plugins make it describe the npm package as
// published: its module paths, its two tags, its public API only, typed events,
// custom-property defaults. From that, break-stuff's integration plugins write the editor data:
// VS Code's html/css custom data and JetBrains' web-types.
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { customElementJetBrainsPlugin } from 'custom-element-jet-brains-integration';
import { customElementVsCodePlugin } from 'custom-element-vs-code-integration';

const SRC = fileURLToPath(new URL('src/', import.meta.url));

/** `src/a/b.ts` → `dist/npm/a/b.js`: where the npm build puts it. */
const published = (path) => path.replace(/^\/?src\/(.*)\.[jt]s$/, 'dist/npm/$1.js');

/** `var(--castlet-x, default)` in the styles: the default of each public custom property. */
function customPropertyDefaults() {
  const defaults = new Map();
  for (const file of readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.styles.ts'))) {
    const css = readFileSync(SRC + file, 'utf8');
    for (const m of css.matchAll(/var\((--castlet-[\w-]+),\s*/g)) {
      let depth = 1;
      let i = m.index + m[0].length;
      const start = i;
      for (; i < css.length && depth; i++) depth += css[i] === '(' ? 1 : css[i] === ')' ? -1 : 0;
      // `--_x` is the private copy of `--castlet-x`.
      if (!defaults.has(m[1]))
        defaults.set(
          m[1],
          css
            .slice(start, i - 1)
            .trim()
            .replace(/var\(--_/g, 'var(--castlet-'),
        );
    }
  }
  return defaults;
}

/** `CastletEventMap` in src/events.ts: event name → its type, e.g. `CustomEvent<{ src: string }>`. */
const eventTypes = new Map();

export default {
  globs: ['src/**/*.ts'],
  exclude: ['src/**/*.styles.ts'],
  outdir: 'dist/npm',
  litelement: true,
  packagejson: false,
  plugins: [
    {
      name: 'castlet-event-types',
      analyzePhase({ ts, node }) {
        if (!ts.isInterfaceDeclaration(node) || node.name.text !== 'CastletEventMap') return;
        for (const member of node.members) if (member.type) eventTypes.set(member.name.text, member.type.getText());
      },
    },
    {
      // `define('stream-player', StreamPlayer)` in an entry defines that tag (the analyzer
      // only knows `customElements.define`, and sees a bogus tag "tag" inside define()).
      name: 'castlet-definitions',
      analyzePhase({ ts, node, moduleDoc }) {
        if (!ts.isCallExpression(node) || node.expression.getText() !== 'define') return;
        const [tag, cls] = node.arguments;
        if (!tag || !cls || !ts.isStringLiteral(tag)) return;
        const from = node
          .getSourceFile()
          .statements.find((s) => ts.isImportDeclaration(s) && s.importClause?.namedBindings?.elements?.some((e) => e.name.text === cls.getText()));
        const module = from ? new URL(from.moduleSpecifier.text, `file:///${moduleDoc.path}`).pathname.slice(1) : moduleDoc.path;
        (moduleDoc.exports ??= []).push({
          kind: 'custom-element-definition',
          name: tag.text,
          declaration: { name: cls.getText(), module },
        });
      },
    },
    {
      name: 'castlet-public-api',
      packageLinkPhase({ customElementsManifest: manifest }) {
        const defaults = customPropertyDefaults();
        const isDefinition = (e) => e.kind === 'custom-element-definition' && e.name !== 'tag';
        // The main entry and the modules that declare or define an element.
        manifest.modules = manifest.modules.filter(
          (m) => m.path === 'src/castlet.ts' || m.declarations?.some((d) => d.tagName) || m.exports?.some(isDefinition),
        );
        for (const mod of manifest.modules) {
          mod.exports = (mod.exports ?? []).filter((e) => {
            if (e.kind === 'custom-element-definition') return isDefinition(e);
            if (e.name === '*') return false; // type-only re-exports (events, API types)
            return true;
          });
          for (const e of mod.exports) {
            // `./stream-player.js` is relative to the exporting module.
            const to = e.declaration?.module;
            if (to) e.declaration.module = published(to.startsWith('.') ? new URL(to, `file:///${mod.path}`).pathname.slice(1) : to);
          }
          for (const d of mod.declarations ?? []) {
            // The public API only: no private, protected or internal members, and no attribute
            // for internal reactive state (`static properties` entries with `state: true`).
            const hidden = new Set(d.members?.filter((m) => m.privacy && m.privacy !== 'public').map((m) => m.name));
            d.members = d.members?.filter((m) => !hidden.has(m.name));
            d.attributes = d.attributes?.filter((a) => !hidden.has(a.fieldName));
            // `emit(type, …)` dispatches a variable event name: the @fires tags list the real ones.
            d.events = d.events?.filter((e) => e.name !== 'type').map((e) => ({ ...e, type: { text: eventTypes.get(e.name) ?? 'CustomEvent' } }));
            d.cssProperties = d.cssProperties?.map((p) => (defaults.has(p.name) ? { ...p, default: defaults.get(p.name) } : p));
            if (d.superclass?.module) d.superclass.module = published(d.superclass.module);
            for (const x of [...(d.members ?? []), ...(d.attributes ?? []), ...(d.events ?? [])])
              if (x.inheritedFrom?.module) x.inheritedFrom.module = published(x.inheritedFrom.module);
          }
          mod.path = published(mod.path);
        }
      },
    },
    // package.json's `web-types` and `exports` name these files.
    customElementVsCodePlugin({
      outdir: 'dist/npm',
      htmlFileName: 'vscode.html-custom-data.json',
      cssFileName: 'vscode.css-custom-data.json',
      hideLogs: true,
    }),
    customElementJetBrainsPlugin({ outdir: 'dist/npm', webTypesFileName: 'web-types.json', packageJson: false, hideLogs: true }),
  ],
};
