/**
 * The snippet's layout shift, side by side: what owners paste (README, owner console), the ways
 * it could have reserved the players' place, and the peers, all in the same article (text
 * before, between and after the two players) on another origin. For each, FCP, LCP and CLS in
 * Chromium on a 390 px phone under Lighthouse's mobile throttling as DevTools applies it, and
 * on a 1350 × 940 desktop unthrottled (Lighthouse's desktop preset throttles nothing in
 * DevTools mode); then Lighthouse 13 itself once per page (mobile preset, simulated
 * throttling), as the issue measured it. CLS counts every shift: nothing is pressed, and
 * Chromium marks the shifts of a navigation's first 500 ms as "recent input" (Lighthouse
 * counts them too).
 */
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import type { BrowserContextOptions } from 'playwright-core';
import { RESERVE_CSS, embedSnippet } from '../demo/snippet.ts';
import { VERSION } from '../demo/server/routes/static.ts';
import { chromiumPath } from '../test/support/browser.ts';
import { PUBLIC, type BenchEnv } from './env.ts';
import { bundleTag, castletArticle, copyPeers, PEERS, peerArticles, throttle, usable, WATCH } from './peers.ts';
import type { Part, Row } from './table.ts';
import { median, ms } from './util.ts';

const REPS = 3;
const VIEWPORTS: Record<string, { options: BrowserContextOptions; throttled: boolean }> = {
  phone: { options: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true }, throttled: true },
  desktop: { options: { viewport: { width: 1350, height: 940 } }, throttled: false },
};

interface Metrics {
  fcp: number;
  lcp: number;
  cls: number;
}

/** Runs in the page: FCP, the last LCP candidate, every layout shift. */
export const OBSERVE = `(() => {
  const m = (window.__paint = { fcp: NaN, lcp: NaN, cls: 0 });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.name === 'first-contentful-paint') m.fcp = e.startTime; }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) m.lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) m.cls += e.value; }).observe({ type: 'layout-shift', buffered: true });
})();`;

/** Loads `url`, waits until both players are usable (castlet: showing their data) and a second more. */
async function measure(env: BenchEnv, url: string, castlet: boolean, { options, throttled }: (typeof VIEWPORTS)[string]): Promise<Metrics> {
  const context = await env.browser.newContext(options);
  try {
    const page = await context.newPage();
    if (throttled) await throttle(context, page);
    await page.addInitScript({ content: OBSERVE + WATCH });
    await page.goto(url, { waitUntil: 'load' });
    await usable(page, castlet);
    await page.waitForTimeout(1000); // late shifts (SSE data, a chunk's rows)
    return await page.evaluate(() => (window as unknown as { __paint: Metrics }).__paint);
  } finally {
    await context.close();
  }
}

/** Debian's Chromium for Lighthouse to drive, and its DevTools port. */
export async function lighthouseChromium() {
  const browser = await puppeteer.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  return { browser, port: Number(new URL(browser.wsEndpoint()).port) };
}

/** Lighthouse 13, mobile preset (simulated throttling), on Debian's Chromium: each page's `audits` (their numeric values). */
export async function lighthouseAudits(urls: Record<string, string>, audits: string[]): Promise<Record<string, Record<string, number>>> {
  const { browser, port } = await lighthouseChromium();
  try {
    const out: Record<string, Record<string, number>> = {};
    for (const [name, url] of Object.entries(urls)) {
      const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      const a = result!.lhr.audits;
      out[name] = Object.fromEntries(audits.map((id) => [id, a[id]!.numericValue!]));
    }
    return out;
  } finally {
    await browser.close();
  }
}

/** FCP, LCP and CLS of each page, by Lighthouse. */
async function lighthouseRuns(urls: Record<string, string>): Promise<Record<string, Metrics>> {
  const runs = await lighthouseAudits(urls, ['first-contentful-paint', 'largest-contentful-paint', 'cumulative-layout-shift']);
  return Object.fromEntries(
    Object.entries(runs).map(([name, a]) => [
      name,
      { fcp: a['first-contentful-paint']!, lcp: a['largest-contentful-paint']!, cls: a['cumulative-layout-shift']! },
    ]),
  );
}

export interface SnippetData {
  runs: Record<string, Record<string, Metrics[]>>;
  lighthouse: Record<string, Metrics>;
  peerBytes: Record<string, number>;
  cssBytes: number;
}

export async function benchSnippet(env: BenchEnv): Promise<Part<SnippetData>> {
  const peerBytes = copyPeers(env.staticDir);
  // The stylesheet a <link> would load: the same rules, at the versioned path, with SRI.
  writeFileSync(join(env.staticDir, 'castlet.css'), RESERVE_CSS);
  const css = `<link rel="stylesheet" href="${env.mock.url}/castlet@${VERSION}/castlet.css" integrity="sha384-${createHash('sha384').update(RESERVE_CSS).digest('base64')}" crossorigin="anonymous">`;
  const players = `<stream-player public-token="${PUBLIC}"></stream-player>\n<podcast-player public-token="${PUBLIC}"></podcast-player>`;
  const html: Record<string, string> = {
    'the snippet as given (inline <style>)': castletArticle(env),
    'plain script (the snippet before)': castletArticle(env, `${bundleTag(env)}\n${players}`),
    'blocking="render" on the script': castletArticle(env, `${bundleTag(env, ' blocking="render"')}\n${players}`),
    'blocking="render", script moved to <head>': castletArticle(env, players, bundleTag(env, ' blocking="render"')),
    'castlet.css (<link>, SRI) instead of the <style>': castletArticle(
      env,
      embedSnippet(bundleTag(env), PUBLIC).replace(/<style>[^]*<\/style>/, css),
    ),
    ...(await peerArticles(env)),
  };
  const urls = Object.fromEntries(Object.entries(html).map(([k, v]) => [k, env.pages.add(v)]));
  const isCastlet = (name: string) => !(name in PEERS);

  const runs: SnippetData['runs'] = {};
  for (let i = 0; i < REPS; i++)
    for (const [viewport, how] of Object.entries(VIEWPORTS))
      for (const [name, url] of Object.entries(urls)) ((runs[name] ??= {})[viewport] ??= []).push(await measure(env, url, isCastlet(name), how));
  const lh = await lighthouseRuns(urls);

  const cell = (m: Metrics[]) =>
    `${ms(median(m.map((r) => r.fcp)))} / ${ms(median(m.map((r) => r.lcp)))} / ${median(m.map((r) => r.cls)).toFixed(3)}`;
  const given = Object.keys(html)[0]!;
  const rows: Row[] = Object.keys(html).map((name) => {
    const cls = Math.max(...Object.values(runs[name]!).map((m) => median(m.map((r) => r.cls))));
    const l = lh[name]!;
    return {
      section: 'Snippet',
      measure: `FCP / LCP / CLS, phone 390 px throttled; desktop 1350 px: ${name}${isCastlet(name) ? '' : ` ${PEERS[name as keyof typeof PEERS]}`}`,
      value: `${cell(runs[name]!.phone!)}; ${cell(runs[name]!.desktop!)}`,
      reference: `Lighthouse 13 mobile (simulated): ${ms(l.fcp)} / ${ms(l.lcp)} / ${l.cls.toFixed(3)}`,
      ...(name === given ? { goal: 'CLS ≤ 0.01', met: cls <= 0.01 && l.cls <= 0.01 } : {}),
    };
  });
  const cssBytes = Buffer.byteLength(RESERVE_CSS);
  rows.push({
    section: 'Snippet',
    measure: 'the snippet’s <style> (the reservation)',
    value: `${cssBytes} B`,
    reference: `peers (gzip): ${Object.entries(peerBytes)
      .filter(([f]) => !f.endsWith('.svg'))
      .map(([f, b]) => `${f} ${(b / 1024).toFixed(1)} KiB`)
      .join(', ')}`,
  });
  return { rows, data: { runs, lighthouse: lh, peerBytes, cssBytes } };
}
