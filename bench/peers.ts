/**
 * What the bench holds castlet beside: media-chrome and Plyr, embedded as their READMEs say
 * (media-chrome: one module script and its elements around an <audio>; Plyr: its stylesheet in
 * <head>, its script at the end of <body>, then `Plyr.setup`), in the same article as castlet's
 * snippet, served by the mock from the bundle's origin and compressed the same way. Their
 * <audio> elements get `preload="none"`, as castlet's: no audio byte before Play. Also the
 * throttling both page parts use, and the in-page watch for "Play usable".
 */
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { throttling } from 'lighthouse/core/config/constants.js';
import type { BrowserContext, Page } from 'playwright-core';
import { embedSnippet } from '../demo/snippet.ts';
import { VERSION } from '../demo/server/routes/static.ts';
import { articlePage } from '../test/support/browser-pages.ts';
import { PUBLIC, type BenchEnv } from './env.ts';
import { ROOT } from './util.ts';

const FILES = {
  'media-chrome.js': 'media-chrome/dist/iife/index.js',
  'plyr.js': 'plyr/dist/plyr.min.js',
  'plyr.css': 'plyr/dist/plyr.css',
  'plyr.svg': 'plyr/dist/plyr.svg',
} as const;

const version = (pkg: string) => (JSON.parse(readFileSync(join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;
export const PEERS = { 'media-chrome': version('media-chrome'), Plyr: version('plyr') };

/** Copies the peers' files into the mock's static dir (`/peers/…`); returns their gzip -9 bytes. */
export function copyPeers(staticDir: string): Record<string, number> {
  mkdirSync(join(staticDir, 'peers'), { recursive: true });
  const sizes: Record<string, number> = {};
  for (const [name, from] of Object.entries(FILES)) {
    const bytes = readFileSync(join(ROOT, 'node_modules', from));
    copyFileSync(join(ROOT, 'node_modules', from), join(staticDir, 'peers', name));
    sizes[name] = gzipSync(bytes, { level: 9 }).length;
  }
  return sizes;
}

const sri = (file: string, algorithm = 'sha384') => `${algorithm}-${createHash(algorithm).update(readFileSync(file)).digest('base64')}`;

/** The bundle's tag as the owner console gives it: the versioned URL, SRI, crossorigin (the bundle of `env.staticDir`, served by `env.mock`). */
export function bundleTag(env: { mock: { url: string }; staticDir: string }, extra = ''): string {
  return `<script type="module" src="${env.mock.url}/castlet@${VERSION}/castlet.js" integrity="${sri(join(env.staticDir, 'castlet.js'))}" crossorigin="anonymous"${extra}></script>`;
}

/** The snippet owners get (README, owner console), its players apart in the article. */
export function castletArticle(env: BenchEnv, snippet = embedSnippet(bundleTag(env), PUBLIC), head = ''): string {
  const cut = snippet.lastIndexOf('\n');
  return articlePage({ head, first: snippet.slice(0, cut), second: snippet.slice(cut + 1) });
}

/** The peers' articles: a live stream and an episode of the mock. */
export async function peerArticles(env: BenchEnv): Promise<Record<keyof typeof PEERS, string>> {
  const m = env.mock.url;
  const stream = (await (await fetch(`${m}/public/stream?token=${PUBLIC}`)).json()) as { stream_url: string };
  const podcasts = (await (await fetch(`${m}/public/podcasts?token=${PUBLIC}`)).json()) as { episodes: { audio_url: string }[] };
  const [live, episode] = [stream.stream_url, podcasts.episodes[0]!.audio_url];
  const chrome = (src: string) =>
    `<media-controller audio><audio slot="media" src="${src}" preload="none"></audio><media-control-bar><media-play-button></media-play-button><media-time-display showduration></media-time-display><media-time-range></media-time-range><media-mute-button></media-mute-button><media-volume-range></media-volume-range></media-control-bar></media-controller>`;
  const plyr = (src: string) => `<audio controls preload="none" src="${src}"></audio>`;
  return {
    'media-chrome': articlePage({
      first: `<script type="module" src="${m}/peers/media-chrome.js"></script>\n${chrome(live)}`,
      second: chrome(episode),
    }),
    Plyr: articlePage({
      head: `<link rel="stylesheet" href="${m}/peers/plyr.css">`,
      first: plyr(live),
      second: plyr(episode),
      end: `<script src="${m}/peers/plyr.js"></script><script>Plyr.setup('audio', { iconUrl: '${m}/peers/plyr.svg' })</script>`,
    }),
  };
}

/** Lighthouse's mobile throttling as DevTools applies it (its `devtools` method): per request latency, bandwidth, CPU. */
export const MOBILE = throttling.mobileSlow4G;

export async function throttle(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: MOBILE.requestLatencyMs,
    downloadThroughput: (MOBILE.downloadThroughputKbps * 1024) / 8,
    uploadThroughput: (MOBILE.uploadThroughputKbps * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE.cpuSlowdownMultiplier });
}

export interface Usable {
  /** performance.now() when both players' Play could be pressed (enabled and wired). */
  play?: number;
  /** castlet: both elements defined; both players showing their data. */
  defined?: number;
  data?: number;
}

/**
 * Runs in the page before its scripts: each animation frame, whether both players' Play can be
 * pressed — castlet: the enabled `part=play` button; media-chrome: an upgraded
 * <media-play-button> whose controller has its media; Plyr: the play button of each `.plyr`.
 * (A string: tsx would wrap a function's inner names in a helper the page does not have.)
 */
export const WATCH = `(() => {
  const u = (window.__usable = {});
  customElements.whenDefined('podcast-player').then(() => (u.defined = performance.now()));
  const buttons = () => {
    const castlet = [...document.querySelectorAll('stream-player, podcast-player')];
    if (castlet.length) return castlet.map((el) => el.shadowRoot && el.shadowRoot.querySelector('button[part~=play]:not(:disabled)'));
    const chrome = [...document.querySelectorAll('media-play-button')];
    if (chrome.length) return chrome.map((b) => b.shadowRoot && b.closest('media-controller')?.media);
    return [...document.querySelectorAll('.plyr')].map((p) => p.querySelector('[data-plyr=play]'));
  };
  const tick = () => {
    const b = buttons();
    if (b.length === 2 && b.every(Boolean)) u.play ??= performance.now();
    const castlet = [...document.querySelectorAll('stream-player, podcast-player')];
    if (castlet.length && castlet.every((el) => el.state && el.state !== 'loading')) u.data ??= performance.now();
    if (!u.play || (castlet.length && !u.data)) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

/** Waits for the marks of WATCH: Play usable, and for castlet its data too. */
export async function usable(page: Page, castlet: boolean, timeout = 30_000): Promise<Usable> {
  const marks = await page.waitForFunction(
    (c) => {
      const u = (window as unknown as { __usable?: Usable }).__usable;
      return u?.play && (!c || u.data) ? u : null;
    },
    castlet,
    { timeout, polling: 50 },
  );
  return (await marks.jsonValue()) as Usable;
}
