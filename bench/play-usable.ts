/**
 * Play usable on a slow phone, beside the peers in the same run: castlet's snippet as owners
 * get it, media-chrome and Plyr, each in the same article on another origin, under Lighthouse's
 * mobile throttling as DevTools applies it (562.5 ms per request, 1.47 Mbit/s down, 675 kbit/s
 * up, CPU 4× slower), a 390 px phone, a fresh context (empty cache) per page, the three taken in
 * turn. Measures navigation start → both players' Play can be pressed, and for castlet where
 * that time goes: the page's HTML, the bundle's download, its evaluation, the first render
 * (and, after Play is usable, the data).
 */
import type { Page } from 'playwright-core';
import { castletArticle, MOBILE, PEERS, peerArticles, throttle, usable, WATCH, type Usable } from './peers.ts';
import type { BenchEnv } from './env.ts';
import type { Part } from './table.ts';
import { median, ms } from './util.ts';

const REPS = 7;
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

interface Run extends Usable {
  html: number;
  bundle: number;
}

async function open(env: BenchEnv, url: string, castlet: boolean): Promise<Run> {
  const context = await env.browser.newContext(PHONE);
  try {
    const page: Page = await context.newPage();
    await throttle(context, page);
    await page.addInitScript({ content: WATCH });
    await page.goto(url, { waitUntil: 'commit' });
    const marks = await usable(page, castlet);
    const timing = await page.evaluate(() => ({
      html: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).responseEnd,
      bundle:
        (
          performance.getEntriesByType('resource').find((e) => /\/castlet\.js$|\/peers\/(media-chrome|plyr)\.js$/.test(e.name)) as
            PerformanceResourceTiming | undefined
        )?.responseEnd ?? NaN,
    }));
    return { ...marks, ...timing };
  } finally {
    await context.close();
  }
}

export async function benchPlayUsable(env: BenchEnv): Promise<Part> {
  const pages = {
    castlet: env.pages.add(castletArticle(env)),
    ...Object.fromEntries(Object.entries(await peerArticles(env)).map(([k, html]) => [k, env.pages.add(html)])),
  };
  const runs: Record<string, Run[]> = Object.fromEntries(Object.keys(pages).map((k) => [k, []]));
  await open(env, pages.castlet, true); // warm-up: the mock's JIT, Chromium's first page
  for (let i = 0; i < REPS; i++) for (const [name, url] of Object.entries(pages)) runs[name]!.push(await open(env, url, name === 'castlet'));

  const med = (name: string, f: (r: Run) => number) => median(runs[name]!.map(f));
  const play = (name: string) => med(name, (r) => r.play!);
  const peers = Object.keys(PEERS);
  const best = peers.reduce((a, b) => (play(b) < play(a) ? b : a));
  const ratio = play('castlet') / play(best);
  const c = (f: (r: Run) => number) => ms(med('castlet', f));
  return {
    rows: [
      {
        section: 'Page',
        measure: `Play usable on a throttled phone (Lighthouse mobile: ${MOBILE.requestLatencyMs} ms a request, ${(MOBILE.downloadThroughputKbps / 1024).toFixed(2)} Mbit/s, CPU ${MOBILE.cpuSlowdownMultiplier}×), 390 px: navigation → both Play buttons usable (median of ${REPS})`,
        value: `${ms(play('castlet'))} (${ratio.toFixed(2)}× ${best})`,
        reference: peers.map((p) => `${p} ${PEERS[p as keyof typeof PEERS]} ${ms(play(p))}`).join('; '),
        goal: '≤ 0.9× the best peer',
        met: ratio <= 0.9,
      },
      {
        section: 'Page',
        measure: 'castlet, where that time goes: HTML arrived / castlet.js arrived / both elements defined / Play usable; data shown',
        value: `${c((r) => r.html)} / ${c((r) => r.bundle)} / ${c((r) => r.defined!)} / ${c((r) => r.play!)}; ${c((r) => r.data!)}`,
        reference: peers.map((p) => `${p}: script arrived ${ms(med(p, (r) => r.bundle))}`).join('; '),
      },
    ],
    data: { runs, throttling: MOBILE },
  };
}
