/**
 * castlet as integrators get it (docs/design.md §4 "consumers"): the `npm pack` tarball installed
 * into a throwaway project (outside the repo, so nothing resolves from its node_modules),
 * with a Vite + TypeScript app that also uses Lit, a React 19 + TypeScript app, and Node.
 *
 * The installed project is cached in $TMPDIR/castlet-consumers/<key>, the key being the
 * tarball's dependencies and the apps' own: a warm run only unpacks the new tarball into it.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServer, type RunningServer } from '../../demo/server/serve.ts';
import { DEMO_TOKENS } from '../../demo/server/seed.ts';
import { launchChromium } from '../../scripts/chromium.ts';

const exec = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const APPS = fileURLToPath(new URL('./apps/', import.meta.url));
const repoVersion = (name: string) =>
  (JSON.parse(readFileSync(fileURLToPath(new URL(`../../node_modules/${name}/package.json`, import.meta.url)), 'utf8')) as { version: string })
    .version;
/** What the apps install beside castlet: the repo's own Vite and TypeScript (so the npm cache has them), React 19, Preact, Solid. */
const APP_DEPS = {
  vite: repoVersion('vite'),
  typescript: repoVersion('typescript'),
  react: '^19.0.0',
  'react-dom': '^19.0.0',
  '@types/react': '^19.0.0',
  '@types/react-dom': '^19.0.0',
  // Only their JSX types are checked.
  preact: '^10.0.0',
  'solid-js': '^1.9.0',
};

const tarball = inject('castletTarball');
const listing = (await exec('tar', ['-tzf', tarball])).stdout.split('\n').filter(Boolean);
const pkg = JSON.parse((await exec('tar', ['-xzOf', tarball, 'package/package.json'])).stdout) as {
  exports: Record<string, string | { types?: string; default?: string }>;
  dependencies: Record<string, string>;
  peerDependencies?: Record<string, string>;
  sideEffects: string[];
};
const key = createHash('sha256')
  .update(JSON.stringify([pkg.dependencies, pkg.peerDependencies, APP_DEPS, process.version]))
  .digest('hex')
  .slice(0, 16);
const project = join(tmpdir(), 'castlet-consumers', key);
/** The apps' tools run as on an integrator's machine: not in vitest's NODE_ENV=test (Lit's dev build). */
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'NODE_ENV' && !k.startsWith('VITEST')));
const run = (file: string, args: string[], timeout = 120_000) => exec(file, args, { cwd: project, timeout, maxBuffer: 16 << 20, env });
const node = (script: string, args: string[]) => run(process.execPath, [join(project, 'node_modules', script), ...args]);

/** Installs (cold) or refreshes castlet in (warm) the throwaway project; copies the apps in. */
async function prepare(): Promise<string> {
  const started = Date.now();
  const installed = join(project, 'node_modules/.castlet-installed');
  let how: string;
  if (existsSync(installed)) {
    const target = join(project, 'node_modules/castlet');
    rmSync(target, { recursive: true, force: true });
    mkdirSync(target);
    await run('tar', ['-xzf', tarball, '-C', target, '--strip-components=1']);
    how = 'warm: castlet unpacked into the cached project';
  } else {
    // Projects installed for other dependencies are stale: only the current key is kept.
    rmSync(dirname(project), { recursive: true, force: true });
    mkdirSync(project, { recursive: true });
    cpSync(tarball, join(project, 'castlet.tgz'));
    const manifest = { name: 'castlet-consumer', private: true, type: 'module', dependencies: { castlet: 'file:./castlet.tgz', ...APP_DEPS } };
    writeFileSync(join(project, 'package.json'), JSON.stringify(manifest, null, 2));
    // --ignore-scripts: nothing may download a browser (or anything else) at install time.
    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], 300_000);
    writeFileSync(installed, '');
    how = 'cold: npm install';
  }
  rmSync(join(project, 'apps'), { recursive: true, force: true });
  cpSync(APPS, join(project, 'apps'), { recursive: true });
  return `${how} in ${Date.now() - started} ms`;
}

interface SourceMap {
  file: string;
  sources: string[];
  sourcesContent?: (string | null)[];
  mappings: string;
}

/** The source position of each generated line's first segment (source maps v3: Base64 VLQ, fields relative to the previous segment). */
function decodeLines(mappings: string): ({ source: number; line: number } | undefined)[] {
  const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let source = 0;
  let line = 0;
  return mappings.split(';').map((segments) => {
    let first: { source: number; line: number } | undefined;
    for (const segment of segments.split(',').filter(Boolean)) {
      const fields: number[] = [];
      for (let i = 0, value = 0, shift = 0; i < segment.length; i++) {
        const digit = B64.indexOf(segment[i]!);
        value += (digit & 31) << shift;
        shift += 5;
        if (digit & 32) continue;
        fields.push(value & 1 ? -(value >> 1) : value >> 1);
        value = shift = 0;
      }
      if (fields.length >= 4) {
        source += fields[1]!;
        line += fields[2]!;
        first ??= { source, line };
      }
    }
    return first;
  });
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** The built app on its own origin (not the service's), as an integrator would host it. */
async function host(dir: string): Promise<{ url: string; server: Server }> {
  const server = createServer(async (req, res) => {
    const path = new URL(req.url!, 'http://x').pathname;
    try {
      const body = await readFile(join(dir, path === '/' ? 'index.html' : path));
      res.writeHead(200, { 'Content-Type': TYPES[extname(path) || '.html'] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** Builds an app with the project's Vite; returns its output dir and all its JavaScript. */
async function viteBuild(app: string): Promise<{ dir: string; js: string }> {
  const dir = join(project, 'out', app);
  await node('vite/bin/vite.js', ['build', `apps/${app}`, '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn']);
  const assets = join(dir, 'assets');
  const js = readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(join(assets, f), 'utf8'))
    .join('\n');
  return { dir, js };
}

/** Lit registers its version once per copy: `(globalThis.litElementVersions ??= []).push(…)`. */
const litCopies = (js: string) => js.match(/litElementVersions\?\?=/g)?.length ?? 0;

const state = (page: Page, selector: string) => page.$eval(selector, (el) => el.getAttribute('state'));
const waitState = (page: Page, selector: string, want: string) =>
  page.waitForFunction(([s, w]) => document.querySelector(s!)?.getAttribute('state') === w, [selector, want] as const, { timeout: 10_000 });

let mock: RunningServer;
let browser: Browser;

beforeAll(async () => {
  console.log(`[consumers] ${await prepare()}`);
  [mock, browser] = await Promise.all([startServer({ host: '127.0.0.1', port: 0, log: () => {}, heartbeatMs: 60_000 }), launchChromium()]);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await mock?.close();
});

describe('the npm package', () => {
  it('has the LICENSE and the npm build, and no demo files, CDN bundle or sources', () => {
    expect(listing).toContain('package/LICENSE');
    expect(listing).toContain('package/dist/npm/castlet.js');
    expect(listing).toContain('package/dist/npm/castlet.js.map');
    expect(listing.filter((f) => /console\.js|demo\.css|\/src\/|sri\.json|\.ts$/.test(f) && !f.endsWith('.d.ts'))).toEqual([]);
    expect(listing.filter((f) => f.startsWith('package/dist/') && !f.startsWith('package/dist/npm/'))).toEqual([]);
  });

  it('every export points at a packed file; sideEffects names exactly the defining entries', () => {
    const targets = Object.values(pkg.exports).flatMap((t) => (typeof t === 'string' ? [t] : Object.values(t)));
    expect(targets.filter((t) => !listing.includes(`package/${t.slice(2)}`))).toEqual([]);
    expect(pkg.exports['./package.json']).toBe('./package.json');
    const packed = pkg.sideEffects.filter((f) => listing.includes(`package/${f.slice(2)}`));
    expect(packed.sort()).toEqual(['./dist/npm/castlet.js', './dist/npm/podcast-player.js', './dist/npm/stream-player.js']);
  });

  it('custom-elements.json: paths in the package, the two tags, public API, typed events, property defaults', async () => {
    const manifest = JSON.parse((await exec('tar', ['-xzOf', tarball, 'package/dist/npm/custom-elements.json'])).stdout) as {
      modules: { path: string; declarations?: any[]; exports?: { kind: string; name: string; declaration: { module: string } }[] }[];
    };
    const paths = new Set<string>();
    const collect = (x: unknown): void => {
      if (Array.isArray(x)) x.forEach(collect);
      else if (x && typeof x === 'object')
        for (const [k, v] of Object.entries(x)) (k === 'path' || k === 'module') && typeof v === 'string' ? paths.add(v) : collect(v);
    };
    collect(manifest.modules);
    expect([...paths].filter((p) => !listing.includes(`package/${p}`))).toEqual([]);
    expect(manifest.modules.filter((m) => m.path.includes('/internal/'))).toEqual([]);
    const defined = manifest.modules.flatMap((m) => (m.exports ?? []).filter((e) => e.kind === 'custom-element-definition').map((e) => e.name));
    expect(defined.sort()).toEqual(['podcast-player', 'stream-player']);
    const elements = manifest.modules.flatMap((m) => m.declarations ?? []).filter((d) => d.tagName);
    for (const el of elements) {
      expect(el.members.filter((m: { privacy?: string }) => m.privacy && m.privacy !== 'public')).toEqual([]);
      expect(el.events.filter((e: { type?: { text: string } }) => !/^CustomEvent<.+>$/.test(e.type?.text ?? ''))).toEqual([]);
      expect(el.cssProperties.find((p: { name: string }) => p.name === '--castlet-radius').default).toBe('16px');
    }
    for (const file of ['vscode.html-custom-data.json', 'web-types.json']) {
      const text = (await exec('tar', ['-xzOf', tarball, `package/dist/npm/${file}`])).stdout;
      expect(text, file).toContain('"stream-player"');
      expect(text, file).toContain('"podcast-player"');
    }
  });

  it("every module has a source map: its `//# sourceMappingURL` names a packed map whose sources are the repo's, their text inlined", () => {
    const installed = join(project, 'node_modules/castlet');
    const modules = listing.filter((f) => f.startsWith('package/dist/npm/') && f.endsWith('.js')).map((f) => f.slice('package/'.length));
    expect(modules.length).toBeGreaterThan(30);
    const problems: string[] = [];
    for (const file of modules) {
      const url = /\n\/\/# sourceMappingURL=(\S+)\n?$/.exec(readFileSync(join(installed, file), 'utf8'))?.[1];
      const mapFile = url && join(dirname(file), url);
      if (!mapFile || !listing.includes(`package/${mapFile}`)) {
        problems.push(`${file}: no packed source map (${url})`);
        continue;
      }
      const map = JSON.parse(readFileSync(join(installed, mapFile), 'utf8')) as SourceMap;
      if (map.file !== basename(file) || !map.sources.length) problems.push(`${mapFile}: not a map of ${file}`);
      map.sources.forEach((source, i) => {
        // Relative to the map, as in the repo: the package has no src/, so each source's text is inlined.
        const inRepo = join(ROOT, dirname(mapFile), source);
        if (!existsSync(inRepo)) problems.push(`${mapFile}: ${source} does not exist`);
        else if (map.sourcesContent?.[i] !== readFileSync(inRepo, 'utf8')) problems.push(`${mapFile}: ${source} is not inlined as it is`);
      });
    }
    expect(problems).toEqual([]);
  });

  it("the React wrappers' map leads each event prop to its element's @fires line, each wrapper to its class", () => {
    const dir = join(project, 'node_modules/castlet/dist/npm/react');
    const js = readFileSync(join(dir, 'index.js'), 'utf8').split('\n');
    const map = JSON.parse(readFileSync(join(dir, 'index.js.map'), 'utf8')) as SourceMap;
    const origin = decodeLines(map.mappings);
    const sourceLine = (generated: number) => {
      const o = origin[generated]!;
      return `${map.sources[o.source]} ${map.sourcesContent![o.source]!.split('\n')[o.line]}`;
    };
    const stream = js.indexOf('export const StreamPlayer = createComponent({');
    expect(sourceLine(stream)).toMatch(/src\/stream-player\/stream-player\.ts export class StreamPlayer /);
    const play = js.findIndex((l, i) => i > stream && l.includes('onCastletPlay:'));
    expect(sourceLine(play)).toMatch(/src\/stream-player\/stream-player\.ts +\* @fires castlet-play /);
    const episode = js.indexOf('    onCastletEpisodechange: "castlet-episodechange",');
    expect(sourceLine(episode)).toMatch(/src\/podcast-player\/podcast-player\.ts +\* @fires castlet-episodechange /);
  });

  it('imports `lit` instead of including it, and ships source maps', async () => {
    const code = (await exec('tar', ['-xzOf', tarball, 'package/dist/npm/internal/player-element.js'])).stdout;
    expect(code).toMatch(/from 'lit'/);
    expect(code).toContain('//# sourceMappingURL=player-element.js.map');
    expect(pkg.dependencies).toHaveProperty('lit');
  });
});

describe('in Node, without a DOM (server rendering)', () => {
  const entries = Object.entries(pkg.exports)
    .filter(([, t]) => typeof t === 'object' && t.default?.endsWith('.js'))
    .map(([name]) => `castlet${name.slice(1)}`);

  it.each(entries)('import("%s") does not throw', async (entry) => {
    const script = `const m = await import(${JSON.stringify(entry)});
      console.log(JSON.stringify({ exports: Object.keys(m).sort(), document: typeof document,
        defined: ['stream-player', 'podcast-player'].filter((t) => globalThis.customElements?.get(t)) }));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], 30_000);
    const result = JSON.parse(stdout) as { exports: string[]; document: string; defined: string[] };
    expect(result.document).toBe('undefined');
    expect(result.exports.length).toBeGreaterThan(0);
    // A class module defines nothing; an entry defines its tags (in Lit's server registry).
    if (/\/(stream|podcast)-player\/(stream|podcast)-player\.js$/.test(entry)) expect(result.defined).toEqual([]);
    else expect(result.defined.length).toBeGreaterThan(0);
  });

  it('castlet/package.json is importable', async () => {
    const { stdout } = await run(process.execPath, [
      '--input-type=module',
      '-e',
      `import p from 'castlet/package.json' with { type: 'json' }; console.log(p.name)`,
    ]);
    expect(stdout.trim()).toBe('castlet');
  });
});

describe('a Vite + TypeScript app that uses Lit too', () => {
  let built: { dir: string; js: string };
  let site: { url: string; server: Server };
  afterAll(() => site?.server.close());

  it('type-checks: typed querySelector, properties and events (tsc --noEmit)', async () => {
    await expect(node('typescript/bin/tsc', ['-p', 'apps/vite-ts'])).resolves.toBeTruthy();
  });

  it('builds with vite, with one copy of Lit (its production build)', async () => {
    built = await viteBuild('vite-ts');
    expect(litCopies(built.js)).toBe(1);
    expect(built.js).not.toContain('DevMode');
  });

  it('works in Chromium against the service with base-url; without it, missing_base_url and no request', async () => {
    site = await host(built.dir);
    const page = await browser.newPage();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${site.url}/?base=${encodeURIComponent(mock.url)}&token=${DEMO_TOKENS.public_token}`);
    await waitState(page, 'body > stream-player:not([id])', 'ready');
    await waitState(page, 'podcast-player', 'ready');
    expect(await state(page, '#no-base')).toBe('error');
    expect(await page.$eval('#no-base', (el) => el.shadowRoot!.querySelector('[part=message]')!.textContent)).toContain('No base-url');
    const log = await page.evaluate(() => (window as unknown as { castletLog: string[] }).castletLog);
    expect(log).toContain('no-base missing_base_url true');
    expect(log).toContain('stream-player ready');
    expect(log.some((l) => l.startsWith('episode '))).toBe(false); // fired only for the listener's choice
    expect(await page.evaluate(() => (globalThis as unknown as { litElementVersions: string[] }).litElementVersions.length)).toBe(1);
    expect(await page.$eval('app-shell', (el) => el.shadowRoot!.textContent)).toContain('My app');
    // Nothing asked the app's own origin for the service's API.
    expect(requests.filter((u) => u.startsWith(site.url) && u.includes('/public/'))).toEqual([]);
    expect(requests.some((u) => u.startsWith(`${mock.url}/public/`))).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('a React 19 + TypeScript app', () => {
  let built: { dir: string; js: string };
  let site: { url: string; server: Server };
  afterAll(() => site?.server.close());

  it('type-checks its JSX: the wrappers and the plain tags (tsc --noEmit)', async () => {
    await expect(node('typescript/bin/tsc', ['-p', 'apps/react'])).resolves.toBeTruthy();
  });

  it('builds with vite, with one copy of Lit', async () => {
    built = await viteBuild('react');
    expect(litCopies(built.js)).toBe(1);
  });

  it('attributes, properties and events work through the wrappers and the plain tags', async () => {
    site = await host(built.dir);
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${site.url}/?base=${encodeURIComponent(mock.url)}&token=${DEMO_TOKENS.public_token}`);
    for (const id of ['#wrapper-stream', '#wrapper-podcast', '#tag-attrs', '#tag-props']) await waitState(page, id, 'ready');
    const log = () => page.evaluate(() => (window as unknown as { castletLog: string[] }).castletLog);
    expect(await log()).toEqual(expect.arrayContaining(['wrapper-stream ready', 'wrapper-podcast ready', 'tag-attrs ready', 'tag-props ready']));
    // The wrapper and React 19 set properties; attributes stay attributes.
    const seen = await page.evaluate(() => {
      const get = (id: string) => document.getElementById(id) as HTMLElement & { publicToken: string; baseUrl: string };
      return {
        wrapper: [get('wrapper-stream').publicToken, get('wrapper-stream').hasAttribute('public-token')],
        props: [get('tag-props').baseUrl, get('tag-props').hasAttribute('base-url'), get('tag-props').getAttribute('theme')],
        attrs: [get('tag-attrs').getAttribute('public-token'), get('tag-attrs').publicToken],
      };
    });
    expect(seen).toEqual({
      wrapper: [DEMO_TOKENS.public_token, false],
      props: [mock.url, false, 'dark'],
      attrs: [DEMO_TOKENS.public_token, DEMO_TOKENS.public_token],
    });
    // A prop change re-renders the element: an unknown channel is reported through onCastletError.
    await page.click('#channel');
    await waitState(page, '#wrapper-stream', 'error');
    // (A setup error is told once its words arrived: they are a chunk.)
    await expect.poll(log).toContain('wrapper-stream not_found');
    expect(await page.evaluate(() => (globalThis as unknown as { litElementVersions: string[] }).litElementVersions.length)).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('tree-shaking (sideEffects)', () => {
  it("'castlet/stream-player.js' is kept, a bare import of the podcast class module is dropped", async () => {
    const { js } = await viteBuild('one-tag');
    expect(js).toContain('stream-player');
    expect(js).not.toContain('podcast-player');
    expect(js).not.toContain('castlet-chapterchange');
  });
});

describe('JSX types for Preact and Solid', () => {
  it.each(['preact', 'solid'])('%s: the tags, attributes and typed events type-check (tsc --noEmit)', async (app) => {
    await expect(node('typescript/bin/tsc', ['-p', `apps/${app}`])).resolves.toBeTruthy();
  });
});
