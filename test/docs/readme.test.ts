/**
 * The README documents every attribute, event, CSS part and custom property that the
 * elements declare in their JSDoc (as custom-elements.json sees them), so the two cannot drift.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { create, ts } from '@custom-elements-manifest/analyzer/index.js';
import { litPlugin } from '@custom-elements-manifest/analyzer/src/features/framework-plugins/lit/lit.js';
import { beforeAll, describe, expect, it } from 'vitest';
import config from '../../custom-elements-manifest.config.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const readme = readFileSync(join(root, 'README.md'), 'utf8');

interface Declaration {
  tagName?: string;
  members?: { kind: string; name: string; privacy?: string; static?: boolean }[];
  attributes?: { name: string }[];
  events?: { name: string }[];
  cssParts?: { name: string }[];
  cssProperties?: { name: string }[];
}
let elements: Declaration[] = [];

beforeAll(() => {
  // What `npm run build` writes to dist/npm/custom-elements.json, made in memory with the same config.
  const files = readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.styles.ts'))
    .map((f) => join('src', f));
  const modules = files.map((f) => ts.createSourceFile(f, readFileSync(join(root, f), 'utf8'), ts.ScriptTarget.ES2022, true));
  // castlet's own plugins only: the editor-data plugins after them would write files into dist/npm.
  const plugins = config.plugins.filter((p) => p.name.startsWith('castlet-'));
  const manifest = create({ modules, plugins: [...litPlugin(), ...plugins] });
  elements = manifest.modules.flatMap((m: { declarations?: Declaration[] }) => m.declarations ?? []).filter((d: Declaration) => d.tagName);
}, 30_000);

describe('custom-elements.json and the README', () => {
  it('has both elements', () => {
    expect(elements.map((e) => e.tagName).sort()).toEqual(['podcast-player', 'stream-player']);
  });

  it.each(['attributes', 'events', 'cssParts', 'cssProperties'] as const)('the README names every one of the %s', (kind) => {
    const names = new Set(elements.flatMap((e) => (e[kind] ?? []).map((x) => x.name)));
    expect(names.size).toBeGreaterThan(2);
    const missing = [...names].filter((n) => !readme.includes(`\`${n}\``));
    expect(missing).toEqual([]);
  });

  it('the script API: every public method of both players is in the manifest and the README', () => {
    for (const e of elements) {
      const methods = (e.members ?? []).filter((m) => m.kind === 'method' && !m.static && (m.privacy ?? 'public') === 'public').map((m) => m.name);
      expect(methods).toEqual(expect.arrayContaining(['play', 'pause', 'toggle', 'refresh']));
      expect(methods.filter((n) => !readme.includes(`| \`${n}(`))).toEqual([]);
    }
  });
});

describe('the README', () => {
  it('is for users: at most 30 KiB (the developer journals live in docs/)', () => {
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(30 * 1024);
  });

  it('opens with the two commands a new user needs', () => {
    const start = readme.slice(0, readme.indexOf('\n## ', readme.indexOf('## Quick start') + 1));
    expect(start).toContain('npm start');
    expect(start).toContain('npm test');
  });
});
