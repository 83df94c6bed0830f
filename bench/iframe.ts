/**
 * What the iframe embed costs a page against the script embed (docs/embed.md): the same article
 * (text before, between and after the two players, on another origin), once with the script
 * snippet as the owner console gives it, once with the configurator's two iframes of the embed
 * pages. On a 390 px phone under Lighthouse's mobile throttling as DevTools applies it (as the
 * snippet and Play-usable parts), a fresh context per page: navigation → both Play buttons
 * usable (inside the frames, read in each frame against the page's time origin), every byte
 * received (the page, its frames and what they load, as Chromium counts it on the wire) and
 * requests, and the page's CLS; then Lighthouse 13 itself once per page (mobile preset,
 * simulated throttling): CLS, total byte weight, Time to Interactive.
 */
import type { Page } from 'playwright-core';
import { DEFAULT_CHOICE, iframeCode } from '../demo/embed-code.ts';
import { articlePage } from '../test/support/browser-pages.ts';
import { PUBLIC, type BenchEnv } from './env.ts';
import { castletArticle, MOBILE, throttle, usable, WATCH } from './peers.ts';
import { lighthouseAudits, OBSERVE } from './snippet.ts';
import type { Part } from './table.ts';
import { kib, median, ms } from './util.ts';

const REPS = 5;
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

/**
 * Runs in every frame before its scripts: in an embed frame, when its player's Play can be
 * pressed and when it shows its data, as absolute times (timeOrigin + now) so the page can
 * compare them with its own. A timer, not animation frames: Chromium does not run those in a
 * cross-origin frame that is off screen, and the second player is below the fold.
 */
const FRAME_WATCH = `(() => {
  if (window === window.top) return;
  const u = {};
  const at = () => performance.timeOrigin + performance.now();
  const id = setInterval(() => {
    const el = document.querySelector('stream-player, podcast-player');
    if (!el) return;
    if (!u.play && el.shadowRoot && el.shadowRoot.querySelector('button[part~=play]:not(:disabled)')) u.play = at();
    if (!u.data && el.state && el.state !== 'loading') u.data = at();
    if (u.play && u.data) { window.__frameUsable = u; clearInterval(id); }
  }, 16);
})();`;

interface Run {
  play: number;
  data: number;
  cls: number;
  bytes: number;
  requests: number;
}

async function open(env: BenchEnv, url: string, framed: boolean): Promise<Run> {
  const context = await env.browser.newContext(PHONE);
  try {
    const page: Page = await context.newPage();
    await throttle(context, page);
    await page.addInitScript({ content: OBSERVE + (framed ? FRAME_WATCH : WATCH) });
    const sizes: Promise<number>[] = [];
    page.on('requestfinished', (r) => sizes.push(r.sizes().then((s) => s.responseBodySize + s.responseHeadersSize)));
    await page.goto(url, { waitUntil: 'commit' });
    let play: number;
    let data: number;
    if (framed) {
      await page.waitForFunction(() => document.querySelectorAll('iframe').length === 2);
      const end = Date.now() + 60_000;
      let marks: { play: number; data: number }[] = [];
      while (marks.length < 2) {
        if (Date.now() > end) throw new Error('the embed frames never became usable');
        await page.waitForTimeout(50);
        const frames = page.frames().filter((f) => f !== page.mainFrame());
        marks = (
          await Promise.all(
            frames.map((f) =>
              f.evaluate(() => (window as unknown as { __frameUsable?: { play: number; data: number } }).__frameUsable).catch(() => undefined),
            ),
          )
        ).filter((m): m is { play: number; data: number } => !!m);
      }
      const origin = await page.evaluate(() => performance.timeOrigin);
      play = Math.max(...marks.map((m) => m.play)) - origin;
      data = Math.max(...marks.map((m) => m.data)) - origin;
    } else {
      const marks = await usable(page, true);
      play = marks.play!;
      data = marks.data!;
    }
    await page.waitForTimeout(1000); // late shifts, the last requests
    const cls = await page.evaluate(() => (window as unknown as { __paint: { cls: number } }).__paint.cls);
    const all = await Promise.all(sizes);
    return { play, data, cls, bytes: all.reduce((a, b) => a + b, 0), requests: all.length };
  } finally {
    await context.close();
  }
}

export async function benchIframe(env: BenchEnv): Promise<Part> {
  const ctx = { origin: env.mock.url, publicToken: PUBLIC, script: '' };
  const frames = {
    first: iframeCode({ ...DEFAULT_CHOICE, kind: 'stream' }, ctx),
    second: iframeCode({ ...DEFAULT_CHOICE, kind: 'podcast' }, ctx),
  };
  const pages = {
    script: env.pages.add(castletArticle(env)),
    iframe: env.pages.add(articlePage(frames)),
  };
  await open(env, pages.script, false); // warm-up
  const runs: Record<keyof typeof pages, Run[]> = { script: [], iframe: [] };
  for (let i = 0; i < REPS; i++) for (const k of ['script', 'iframe'] as const) runs[k].push(await open(env, pages[k], k === 'iframe'));
  const lh = await lighthouseAudits(pages, ['cumulative-layout-shift', 'total-byte-weight', 'interactive']);

  const med = (k: keyof typeof pages, f: (r: Run) => number) => median(runs[k].map(f));
  const cell = (k: keyof typeof pages) =>
    `Play usable ${ms(med(k, (r) => r.play))}, data shown ${ms(med(k, (r) => r.data))}; ${kib(med(k, (r) => r.bytes))} in ${med(k, (r) => r.requests)} requests; CLS ${med(k, (r) => r.cls).toFixed(3)}`;
  const lhCell = (k: keyof typeof pages) =>
    `Lighthouse 13 mobile (simulated): CLS ${lh[k]!['cumulative-layout-shift']!.toFixed(3)}, ${kib(lh[k]!['total-byte-weight']!)}, TTI ${ms(lh[k]!['interactive']!)}`;
  const ratio = med('iframe', (r) => r.play) / med('script', (r) => r.play);
  return {
    rows: [
      {
        section: 'Embed',
        measure: `the iframe embed (two embed pages in the article), phone 390 px, Lighthouse mobile throttling (${MOBILE.requestLatencyMs} ms a request, CPU ${MOBILE.cpuSlowdownMultiplier}×), median of ${REPS}`,
        value: `${cell('iframe')} (${ratio.toFixed(2)}× the script's Play usable)`,
        reference: `the script embed: ${cell('script')}`,
        goal: 'CLS ≤ 0.01',
        met: med('iframe', (r) => r.cls) <= 0.01 && lh.iframe!['cumulative-layout-shift']! <= 0.01,
      },
      {
        section: 'Embed',
        measure: 'the iframe embed, Lighthouse',
        value: lhCell('iframe'),
        reference: `the script embed: ${lhCell('script')}`,
      },
    ],
    data: { runs, lighthouse: lh, throttling: MOBILE },
  };
}
