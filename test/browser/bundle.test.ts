/**
 * The bundle as site owners get it (built by this project's globalSetup): within the size
 * budget of docs/design.md §3, each entry one module that imports nothing up front, and each
 * on-demand chunk within its own budget.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync, constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const BUDGET = 15 * 1024;
/** Each on-demand chunk (docs/design.md §3). */
const CHUNK_BUDGET = 3 * 1024;
const chunks = readdirSync(new URL('../../dist/chunks/', import.meta.url)).filter((f) => f.endsWith('.js'));
const read = (name: string) => readFileSync(new URL(`../../dist/${name}`, import.meta.url));
const gzip = (bytes: Buffer) => gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }).byteLength;

describe('dist/', () => {
  it.each(['castlet.js', 'stream-player.js', 'podcast-player.js'])('%s is within 15 KiB gzip', (name) => {
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
    // panel, share and subscribe, the recent tracks, and each language but English.
    for (const part of ['media-session', 'setup-messages', 'lists', 'transcript', 'sharing', 'history', 'de', 'fr', 'es', 'pt', 'ar']) {
      expect(chunks, part).toContain(`${part}.js`);
    }
    for (const name of chunks) {
      const size = gzip(read(`chunks/${name}`));
      expect(size, `chunks/${name} is ${size} B gzip`).toBeLessThanOrEqual(CHUNK_BUDGET);
      expect(read(`chunks/${name}`).toString()).not.toMatch(/\bfrom\s*["'`](?!\.\/)/);
    }
  });

  it('is the production build: no Lit dev mode, no eval', () => {
    const code = read('castlet.js').toString();
    expect(code).not.toContain('Lit is in dev mode');
    expect(code).not.toMatch(/\beval\(|new Function\(/);
  });
});
