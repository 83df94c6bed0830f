// Two builds from one source (docs/design.md §3), then what is generated from them:
// 1. CDN, into dist/: castlet.js (both elements) and one file per element, each
//    self-contained (Lit included), their on-demand chunks in dist/chunks/, the demo page's
//    console (dist/console.js, dist/demo.css: served by the mock, never published), and
//    dist/sri.json (each CDN file's Subresource Integrity hash, and the embed snippet's
//    style as a CSP hash).
// 2. npm, into dist/npm/ (the package's files): unbundled ES modules importing `lit`, .d.ts,
//    source maps (tsc), custom-elements.json and the editor data made from it (the analyzer and
//    its plugins), and the React wrappers and JSX types generated from it
//    (scripts/integrations.ts; the wrappers with a source map of their own, scripts/source-map.ts).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { RESERVE_CSS } from '../demo/snippet.ts';
import { writeIntegrations } from './integrations.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const bin = (path: string) => join(root, 'node_modules', path);

// What site owners get, whatever the caller's NODE_ENV (vitest sets `test`, which would pull
// in Lit's development build).
process.env.NODE_ENV = 'production';

// castlet-embed.js: the embed API's module for the pages around the embed frames (docs/embed-api.md), no Lit in it.
for (const entry of ['castlet', 'stream-player', 'podcast-player', 'castlet-embed', 'console']) {
  process.env.ENTRY = entry;
  await build({ logLevel: 'warn', root });
}
delete process.env.ENTRY;
// hls.js's light build beside the chunks (`dist/hls.js`): the media adapter loads it only when an
// HLS source is chosen (docs/hls-player.md); outside the bundle's budget, never in castlet.js.
copyFileSync(bin('hls.js/dist/hls.light.min.mjs'), join(root, 'dist/hls.js'));

/** `sha384-…` of each CDN file (the entries and their chunks), for `integrity=""`. */
const cdnFiles = readdirSync(join(root, 'dist'), { recursive: true, encoding: 'utf8' })
  .filter((f) => /^(castlet|stream-player|podcast-player)\.js$|^chunks\/.*\.js$/.test(f))
  .sort();
const files = Object.fromEntries(
  cdnFiles.map((f) => [
    f,
    `sha384-${createHash('sha384')
      .update(readFileSync(join(root, 'dist', f)))
      .digest('base64')}`,
  ]),
);
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
// The snippet's inline <style>, as a Content-Security-Policy source (`style-src 'sha256-…'`).
const style = `sha256-${createHash('sha256').update(RESERVE_CSS).digest('base64')}`;
// The owner console reads it for the embed snippet: `{base}/castlet@{version}/{file}`.
writeFileSync(join(root, 'dist/sri.json'), `${JSON.stringify({ version, files, style }, null, 2)}\n`);

const run = (script: string, ...args: string[]) => execFileSync(process.execPath, [bin(script), ...args], { cwd: root, stdio: 'inherit' });
run('typescript/bin/tsc', '-p', 'tsconfig.build.json');
// castlet-embed.js's types beside it on the CDN (`/castlet-embed.d.ts`), as tsc wrote them for the npm build.
// (Without its declaration map's comment: the map is the npm build's.)
const embedTypes = readFileSync(join(root, 'dist/npm/castlet-embed.d.ts'), 'utf8').replace(/\n\/\/# sourceMappingURL=.*\n?$/, '\n');
writeFileSync(join(root, 'dist/castlet-embed.d.ts'), embedTypes);
run('@custom-elements-manifest/analyzer/cem.js', 'analyze', '--quiet');
writeIntegrations(root);
