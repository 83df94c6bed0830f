// The analyzer's programmatic API ships without types for these entry points.
declare module '@custom-elements-manifest/analyzer/index.js' {
  import type ts from 'typescript';
  export const ts: typeof import('typescript');
  export function create(options: { modules: ts.SourceFile[]; plugins?: unknown[] }): {
    modules: { declarations?: any[] }[];
  };
}
declare module '@custom-elements-manifest/analyzer/src/features/framework-plugins/lit/lit.js' {
  export function litPlugin(): unknown[];
}
declare module '*/custom-elements-manifest.config.mjs' {
  const config: { plugins: { name: string }[] };
  export default config;
}
