/**
 * The bundle as site owners get it (built by this project's globalSetup): within the size
 * budget of docs/design.md §3, each entry one module that imports nothing up front, and each
 * on-demand chunk within its own budget.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** `castlet.js` with Lit as published, gzip -9. */
const BUDGET = 16 * 1024;
/** Each on-demand chunk (docs/design.md §3). */
const CHUNK_BUDGET = 3 * 1024;
const chunks = readdirSync(new URL('../../dist/chunks/', import.meta.url)).filter((f) => f.endsWith('.js'));
const read = (name: string) => readFileSync(new URL(`../../dist/${name}`, import.meta.url));
/**
 * The budget's own measure: GNU `gzip -9` (Debian's gzip is essential, always there), without
 * the file name in the header (`-n`, as a server's precompressed copy). Node's zlib at level 9
 * gives ~0.7 % more for the same file (castlet.js: 16,474 against 16,356 B).
 */
function gzip(bytes: Buffer): number {
  const r = spawnSync('gzip', ['-9', '-n', '-c'], { input: bytes, maxBuffer: 1 << 24 });
  if (r.status !== 0 || r.stdout.byteLength === 0) throw new Error(`gzip -9 failed: ${r.stderr}`);
  return r.stdout.byteLength;
}

describe('dist/', () => {
  it.each(['castlet.js', 'stream-player.js', 'podcast-player.js'])('%s is within 16 KiB gzip', (name) => {
    const size = gzip(read(name));
    expect(size, `${name} is ${size} B gzip`).toBeLessThanOrEqual(BUDGET);
  });

  it.each(['castlet.js', 'stream-player.js', 'podcast-player.js'])(
    '%s imports nothing up front (Lit included); on demand only its own chunks',
    (name) => {
      const code = read(name).toString();
      expect(code).not.toMatch(/(^|[;}\s])import\s*[\w{*"']/);
      const lazy = [...code.matchAll(/\bimport\s*\(([^)]*)\)/g)].map((m) => m[1]);
      for (const spec of lazy) expect(spec).toMatch(/^[`'"]\.\/chunks\/[\w-]+\.js[`'"]$/);
    },
  );

  it('has its on-demand chunks, each within 3 KiB gzip and importing only chunks', () => {
    // The lock-screen controls, the setup errors, the podcast player's list rows, transcript
    // panel, share and subscribe, live items and highlights, the recent tracks, the schedule's line and its
    // week's panel, the playback engine, its machine and its media adapter, the answers' validators,
    // Cast and AirPlay, and each language but English.
    for (const part of [
      'media-session',
      'setup-messages',
      'lists',
      'transcript',
      'sharing',
      'podcasting2',
      'history',
      'schedule',
      'schedule-panel',
      'engine',
      'machine',
      'media-adapter',
      'validate',
      'remote',
      'de',
      'fr',
      'es',
      'pt',
      'ar',
    ]) {
      expect(chunks, part).toContain(`${part}.js`);
    }
    for (const name of chunks) {
      const size = gzip(read(`chunks/${name}`));
      expect(size, `chunks/${name} is ${size} B gzip`).toBeLessThanOrEqual(CHUNK_BUDGET);
      expect(read(`chunks/${name}`).toString()).not.toMatch(/\bfrom\s*["'`](?!\.\/)/);
    }
  });

  it('has hls.js (its light build) beside the chunks, outside the budget, asked for by the media adapter alone', () => {
    const size = gzip(read('hls.js'));
    console.log(`[bundle] hls.js ${size} B gzip (loaded only for an HLS source)`);
    expect(read('hls.js').toString()).toMatch(/playingDate/);
    expect(read('chunks/media-adapter.js').toString()).toContain('../hls.js');
    for (const name of [
      'castlet.js',
      'stream-player.js',
      'podcast-player.js',
      ...chunks.filter((c) => c !== 'media-adapter.js').map((c) => `chunks/${c}`),
    ])
      expect(read(name).toString(), name).not.toContain('hls.js');
  });

  it('is the production build of Lit as published: no Lit dev mode, no eval', () => {
    const code = read('castlet.js').toString();
    expect(code).not.toContain('Lit is in dev mode');
    // Lit as published: nothing in its production build rewritten (its messages kept whole).
    expect(code).toContain("Value passed to 'css' function must be a 'css' function result: ");
    expect(code).not.toMatch(/\beval\(|new Function\(/);
  });
});
