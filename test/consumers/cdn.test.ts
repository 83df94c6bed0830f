/**
 * The CDN build as the service publishes it: on-demand chunks (a fixture built with the real
 * CDN config) load from the bundle's origin under a site's strict CSP, also from the
 * versioned path; dist/sri.json holds the hash of each CDN file.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../demo/server/serve.ts';
import { VERSION } from '../../demo/server/routes/static.ts';
import { launchChromium } from '../../scripts/chromium.ts';
import { startPages, type PagesServer } from '../support/browser-pages.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'castlet-cdn-chunks-'));
let mock: RunningServer;
let pages: PagesServer;
let browser: Browser;

beforeAll(async () => {
  // The same build as scripts/build.ts, for an entry with `import('./lazy-part.ts')`.
  await promisify(execFile)(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ENTRY: 'lazy',
      CASTLET_ENTRY_FILE: join(root, 'test/consumers/fixtures/lazy-entry.ts'),
      CASTLET_OUT_DIR: out,
    },
  });
  [mock, pages, browser] = await Promise.all([
    startServer({ host: '127.0.0.1', port: 0, log: () => {}, staticDir: out }),
    startPages(),
    launchChromium(),
  ]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await pages?.close();
  await mock?.close();
  rmSync(out, { recursive: true, force: true });
});

describe('on-demand chunks', () => {
  it('are files beside the bundle, imported relative to its URL, within 3 KiB gzip', () => {
    const chunks = readdirSync(join(out, 'chunks'));
    expect(chunks).toEqual(['lazy-part.js']);
    expect(readFileSync(join(out, 'lazy.js'), 'utf8')).toContain(`import(\`./chunks/${chunks[0]}\`)`);
    expect(gzipSync(readFileSync(join(out, 'chunks', chunks[0]!))).byteLength).toBeLessThanOrEqual(3 * 1024);
  });

  it.each(['/lazy.js', `/castlet@${VERSION}/lazy.js`])('load from the origin of %s under a strict CSP on another site', async (path) => {
    const page = await browser.newPage();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    const url = pages.add(`<!doctype html><title>Site</title><script type="module" src="${mock.url}${path}"></script>`, {
      csp: `default-src 'none'; script-src ${mock.url}`,
    });
    await page.goto(url);
    await page.waitForFunction(() => document.documentElement.dataset.lazy === 'loaded on demand', null, { timeout: 5000 });
    const chunk = requests.find((r) => r.includes('/chunks/'));
    expect(chunk?.startsWith(`${mock.url}${path.replace('lazy.js', 'chunks/')}`)).toBe(true);
    await page.close();
  });
});

describe('dist/sri.json', () => {
  it('holds the version and the sha384 of every CDN file', () => {
    const sri = JSON.parse(readFileSync(join(root, 'dist/sri.json'), 'utf8')) as { version: string; files: Record<string, string> };
    expect(sri.version).toBe(VERSION);
    expect(Object.keys(sri.files)).toEqual(expect.arrayContaining(['castlet.js', 'stream-player.js', 'podcast-player.js']));
    for (const [file, hash] of Object.entries(sri.files))
      expect(hash, file).toBe(
        `sha384-${createHash('sha384')
          .update(readFileSync(join(root, 'dist', file)))
          .digest('base64')}`,
      );
  });
});
