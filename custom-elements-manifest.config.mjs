// `npm run build` writes dist/custom-elements.json from the elements' JSDoc (attributes,
// events, parts, custom properties) for editors, docs and framework wrappers.
export default {
  globs: ['src/**/*.ts'],
  exclude: ['src/**/*.styles.ts'],
  outdir: 'dist',
  litelement: true,
  packagejson: false,
  plugins: [
    {
      // `emit(type, …)` dispatches a variable event name: the @fires tags list the real ones.
      name: 'castlet-drop-dynamic-event',
      packageLinkPhase({ customElementsManifest }) {
        for (const mod of customElementsManifest.modules)
          for (const d of mod.declarations ?? []) if (d.events) d.events = d.events.filter((e) => e.name !== 'type');
      },
    },
  ],
};
