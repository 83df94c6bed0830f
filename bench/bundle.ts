/**
 * 1. Bundle: gzip -9 and brotli (q11) bytes of each dist entry, beside a bare Lit element
 * built the same way (Vite library mode with the project's own target and rolldownOptions).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { build, type UserConfig } from 'vite';
import projectConfig from '../vite.config.ts';
import type { Part, Row } from './table.ts';
import { ROOT, kib } from './util.ts';

export const ENTRIES = ['castlet', 'stream-player', 'podcast-player'] as const;
const BUDGET = 16 * 1024;

export interface Size {
  raw: number;
  gzip: number;
  brotli: number;
}

/** GNU `gzip -9 -n`, the budget's measure, as the size test (test/browser/bundle.test.ts). */
function gzip9(code: Buffer): number {
  const r = spawnSync('gzip', ['-9', '-n', '-c'], { input: code, maxBuffer: 1 << 24 });
  if (r.status !== 0) throw new Error(`gzip -9 failed: ${r.stderr}`);
  return r.stdout.length;
}

export function sizes(code: Buffer): Size {
  return {
    raw: code.length,
    gzip: gzip9(code),
    brotli: brotliCompressSync(code, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: code.length },
    }).length,
  };
}

function newest(dir: string): number {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

/** Runs `npm run build` when a dist entry is missing or older than src/, the config or the build script. */
export function ensureBuilt(): { built: boolean; ms: number } {
  const dist = ENTRIES.map((e) => join(ROOT, 'dist', `${e}.js`));
  const sources = Math.max(
    newest(join(ROOT, 'src')),
    ...['vite.config.ts', 'scripts/build.ts', 'package-lock.json'].map((f) => statSync(join(ROOT, f)).mtimeMs),
  );
  let oldest: number;
  try {
    oldest = Math.min(...dist.map((f) => statSync(f).mtimeMs));
  } catch {
    oldest = 0;
  }
  if (oldest > sources) return { built: false, ms: 0 };
  const started = Date.now();
  const r = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'production' } });
  if (r.status !== 0) throw new Error(`npm run build failed:\n${r.stdout}${r.stderr}`);
  return { built: true, ms: Date.now() - started };
}

/** Builds bench/fixtures/bare-lit.ts with the project's build options into a temp dir. */
async function buildBareLit(): Promise<Buffer> {
  const out = mkdtempSync(join(tmpdir(), 'castlet-bench-lit-'));
  try {
    const project = (projectConfig as UserConfig).build!;
    await build({
      configFile: false,
      root: ROOT,
      logLevel: 'warn',
      publicDir: false,
      // Lit's production build under any NODE_ENV, as the CDN build (vite.config.ts).
      resolve: { conditions: ['module', 'browser', 'production'] },
      build: {
        target: project.target,
        outDir: out,
        emptyOutDir: true,
        lib: { entry: join(ROOT, 'bench/fixtures/bare-lit.ts'), formats: ['es'], fileName: () => 'bare-lit.js' },
        rolldownOptions: project.rolldownOptions,
      },
    });
    return readFileSync(join(out, 'bare-lit.js'));
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

export interface BundleData {
  build: { built: boolean; ms: number };
  entries: Record<string, Size>;
  bareLit: Size;
}

export async function benchBundle(): Promise<Part<BundleData>> {
  const buildInfo = ensureBuilt();
  const entries = Object.fromEntries(ENTRIES.map((e) => [e, sizes(readFileSync(join(ROOT, 'dist', `${e}.js`)))])) as Record<string, Size>;
  const bareLit = sizes(await buildBareLit());
  const ref = `bare Lit ${kib(bareLit.gzip)} gz / ${kib(bareLit.brotli)} br`;
  const rows: Row[] = ENTRIES.map((e) => {
    const s = entries[e]!;
    return {
      section: 'Bundle',
      measure: `dist/${e}.js gzip -9 / brotli (raw)`,
      value: `${kib(s.gzip)} / ${kib(s.brotli)} (${kib(s.raw)})`,
      reference: `${ref}; +${kib(s.gzip - bareLit.gzip)} gz over Lit`,
      ...(e === 'castlet' ? { goal: '≤ 16 KiB gzip', met: s.gzip <= BUDGET } : {}),
    };
  });
  return { rows, data: { build: buildInfo, entries, bareLit } };
}
