/**
 * The bundle as site owners get it (built by this project's globalSetup): within the size
 * budget of DESIGN §3, and each entry one self-contained module.
 */
import { readFileSync } from 'node:fs';
import { gzipSync, constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const BUDGET = 15 * 1024;
const read = (name: string) => readFileSync(new URL(`../../dist/${name}`, import.meta.url));
const gzip = (bytes: Buffer) => gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }).byteLength;

describe('dist/', () => {
  it.each(['castlet.js', 'stream-player.js', 'podcast-player.js'])('%s is within 15 KiB gzip', (name) => {
    const size = gzip(read(name));
    expect(size, `${name} is ${size} B gzip`).toBeLessThanOrEqual(BUDGET);
  });

  it.each(['castlet.js', 'stream-player.js', 'podcast-player.js'])('%s imports nothing (Lit included, no shared chunk)', (name) => {
    const code = read(name).toString();
    expect(code).not.toMatch(/(^|[;}\s])import\s*[\w{*"']/);
    expect(code).not.toMatch(/\bimport\s*\(/);
  });

  it('is the production build: no Lit dev mode, no eval', () => {
    const code = read('castlet.js').toString();
    expect(code).not.toContain('Lit is in dev mode');
    expect(code).not.toMatch(/\beval\(|new Function\(/);
  });
});
