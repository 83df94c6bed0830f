/**
 * 2. Pages in headless Chromium: 1, 10 and 50 <stream-player>+<podcast-player> pairs of one
 * token — time to populated, requests per endpoint, JS heap per widget, layout shift — and a
 * podcast-player with a 500-episode feed beside the 3-episode one (load and click → frame);
 * the demo page's layout shift at a phone viewport and a desktop one (the embed snippet's, beside
 * the peers: snippet.ts).
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { embedPage } from '../test/support/browser-pages.ts';
import { startMock, countLog } from './children.ts';
import { countBy, pair, PRIVATE, PUBLIC, type BenchEnv } from './env.ts';
import { instrumentedPage, waitPopulated, type Shift } from './instrument.ts';
import type { Part, Row } from './table.ts';
import { median, ms, ROOT, sleep } from './util.ts';

const PAIRS = [1, 10, 50];
const REPS = 3;

export interface LoadRun {
  pairs: number;
  /** From navigation start (performance.now()). */
  bundleEnd: number;
  dataAt: number;
  sseAt: number;
  podcastsEnd: number;
  populatedAt: number;
  populatedTask: number;
  populatedFrame: number;
  /** populatedFrame − dataAt */
  afterData: number;
  /** populatedTask − dataAt */
  afterDataDom: number;
  requests: Record<string, number>;
  /** /public/* lines in the mock's log for this page. */
  mockLog: Record<string, number>;
  cls: number;
  shifts: Shift[];
}

async function heapUsed(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize;
}

async function loadPage(env: BenchEnv, pairs: number, heap = false): Promise<LoadRun & { heap?: number }> {
  const { context, page } = await instrumentedPage(env.browser, pairs * 2);
  try {
    const urls: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(env.mock.url)) urls.push(r.url());
    });
    const body = Array.from({ length: pairs }, () => pair()).join('\n');
    const since = Date.now();
    await page.goto(env.pages.add(embedPage(env.mock.url, body)));
    const b = await waitPopulated(page);
    await sleep(400); // late requests and shifts
    const timing = await page.evaluate(() => {
      const end = (part: string) =>
        (performance.getEntriesByType('resource').find((e) => e.name.includes(part)) as PerformanceResourceTiming | undefined)?.responseEnd ?? NaN;
      return { bundleEnd: end('/castlet.js'), podcastsEnd: end('/public/podcasts'), shifts: window.__bench.shifts };
    });
    const result = {
      pairs,
      bundleEnd: timing.bundleEnd,
      sseAt: b.sseAt,
      podcastsEnd: timing.podcastsEnd,
      dataAt: Math.max(b.sseAt, timing.podcastsEnd),
      populatedAt: b.populatedAt,
      populatedTask: b.populatedTask,
      populatedFrame: b.populatedFrame,
      afterData: b.populatedFrame - Math.max(b.sseAt, timing.podcastsEnd),
      afterDataDom: b.populatedTask - Math.max(b.sseAt, timing.podcastsEnd),
      requests: countBy(urls),
      mockLog: {
        '/public/stream/events': countLog(env.mock.log, 'GET', '/public/stream/events', true, since),
        '/public/stream': countLog(env.mock.log, 'GET', '/public/stream', true, since),
        '/public/podcasts': countLog(env.mock.log, 'GET', '/public/podcasts', true, since),
      },
      cls: clsOf(timing.shifts),
      shifts: timing.shifts,
    };
    return heap ? { ...result, heap: await heapUsed(page) } : result;
  } finally {
    await context.close();
  }
}

const VIEWPORTS: Record<string, BrowserContextOptions> = {
  phone: { viewport: { width: 360, height: 740 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 } },
};

/** Every shift counts: nothing is pressed (Chromium flags a navigation's first 500 ms as "recent input"). */
const clsOf = (shifts: Shift[]) => shifts.reduce((a, s) => a + s.value, 0);

/** CLS of one page load (until 400 ms after both widgets left loading), with what moved. */
async function shiftsOf(env: BenchEnv, url: string, options: BrowserContextOptions): Promise<{ cls: number; shifts: Shift[] }> {
  const { context, page } = await instrumentedPage(env.browser, 2, options);
  try {
    await page.goto(url);
    await waitPopulated(page);
    await sleep(400);
    const shifts = await page.evaluate(() => window.__bench.shifts);
    return { cls: clsOf(shifts), shifts };
  } finally {
    await context.close();
  }
}

export interface ShiftRun {
  page: 'demo';
  viewport: string;
  cls: number;
  shifts: Shift[];
}

/** The demo page (its script blocking="render" in <head>); the embed snippet: bench/snippet.ts. */
async function benchShifts(env: BenchEnv): Promise<ShiftRun[]> {
  // The demo page's own files, beside the bundle the mock serves.
  for (const f of ['console.js', 'demo.css']) cpSync(join(ROOT, 'dist', f), join(env.staticDir, f));
  const runs: ShiftRun[] = [];
  for (const [viewport, options] of Object.entries(VIEWPORTS)) {
    for (let i = 0; i < REPS; i++) runs.push({ page: 'demo', viewport, ...(await shiftsOf(env, `${env.mock.url}/`, options)) });
  }
  return runs;
}

async function emptyHeap(env: BenchEnv): Promise<number> {
  const { context, page } = await instrumentedPage(env.browser, 0);
  try {
    await page.goto(env.pages.add(embedPage(env.mock.url, '')));
    await page.waitForFunction(() => !!customElements.get('podcast-player') && !!customElements.get('stream-player'));
    await sleep(400);
    return await heapUsed(page);
  } finally {
    await context.close();
  }
}

export interface FeedRun {
  episodes: number;
  populatedFrame: number;
  afterData: number;
  /** Click on the 2nd episode → handlers+render done / next frame painted. */
  episodeClick: { handled: number; painted: number };
  showAll?: { handled: number; painted: number };
  episodeClickAll?: { handled: number; painted: number };
}

async function click(page: Page, selector: string): Promise<{ handled: number; painted: number }> {
  const n = await page.evaluate(() => window.__bench.clicks.length);
  await page.locator(selector).click();
  await page.waitForFunction((i) => window.__bench.clicks[i]?.painted !== undefined, n, { timeout: 10_000, polling: 20 });
  const c = await page.evaluate((i) => window.__bench.clicks[i]!, n);
  await sleep(150);
  return { handled: c.handled ?? NaN, painted: c.painted ?? NaN };
}

async function feedPage(env: BenchEnv, mockUrl: string, episodes: number): Promise<FeedRun> {
  const { context, page } = await instrumentedPage(env.browser, 1);
  try {
    await page.goto(env.pages.add(embedPage(mockUrl, `<podcast-player public-token="${PUBLIC}"></podcast-player>`)));
    const b = await waitPopulated(page);
    const podcastsEnd = await page.evaluate(
      () =>
        (performance.getEntriesByType('resource').find((e) => e.name.includes('/public/podcasts')) as PerformanceResourceTiming | undefined)
          ?.responseEnd ?? NaN,
    );
    await sleep(200);
    const run: FeedRun = {
      episodes,
      populatedFrame: b.populatedFrame,
      afterData: b.populatedFrame - podcastsEnd,
      episodeClick: await click(page, 'podcast-player button[part~=episode] >> nth=1'),
    };
    if (episodes > 20) {
      run.showAll = await click(page, 'podcast-player button.more');
      run.episodeClickAll = await click(page, 'podcast-player button[part~=episode] >> nth=2');
    }
    return run;
  } finally {
    await context.close();
  }
}

/** A second mock with 500 more episodes (addPodcast, private token as Bearer). */
async function bigFeed(env: BenchEnv) {
  const big = await startMock({ staticDir: env.staticDir }, { log: 'off' });
  const add = (i: number) =>
    fetch(`${big.url}/private/addPodcast`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${PRIVATE}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: `Bench episode ${i}`, description: `Episode ${i} of the 500-episode feed.`, duration: 60 }),
    }).then((r) => {
      if (r.status !== 201) throw new Error(`addPodcast → ${r.status}`);
    });
  for (let i = 0; i < 500; i += 25) await Promise.all(Array.from({ length: 25 }, (_, k) => add(i + k + 1)));
  const json = await (await fetch(`${big.url}/public/podcasts?token=${PUBLIC}`)).text();
  return { big, bytes: Buffer.byteLength(json), count: (JSON.parse(json) as { episodes: unknown[] }).episodes.length };
}

const med = <T>(runs: T[], f: (r: T) => number) => median(runs.map(f));

export interface PageData {
  loads: LoadRun[];
  shifts: ShiftRun[];
  heap: { empty: number[]; fifty: number[]; perWidget: number };
  feeds: { small: FeedRun[]; big: FeedRun[]; bigJsonBytes: number; smallJsonBytes: number };
}

export async function benchPage(env: BenchEnv): Promise<Part<PageData>> {
  await loadPage(env, 1); // warm-up: Chromium's first page and the mock's JIT
  const loads: LoadRun[] = [];
  for (const n of PAIRS) for (let i = 0; i < REPS; i++) loads.push(await loadPage(env, n));
  const shifts = await benchShifts(env);

  const empty: number[] = [];
  const fifty: number[] = [];
  for (let i = 0; i < 2; i++) {
    empty.push(await emptyHeap(env));
    fifty.push((await loadPage(env, 50, true)).heap!);
  }
  const perWidget = (median(fifty) - median(empty)) / 100;

  const small: FeedRun[] = [];
  const bigRuns: FeedRun[] = [];
  const smallJson = await (await fetch(`${env.mock.url}/public/podcasts?token=${PUBLIC}`)).text();
  const { big, bytes, count } = await bigFeed(env);
  try {
    await feedPage(env, big.url, count); // warm-up of the new mock
    for (let i = 0; i < REPS; i++) {
      small.push(await feedPage(env, env.mock.url, 3));
      bigRuns.push(await feedPage(env, big.url, count));
    }
  } finally {
    await big.stop();
  }

  const rows: Row[] = [];
  for (const n of PAIRS) {
    const runs = loads.filter((r) => r.pairs === n);
    const w = n * 2;
    rows.push({
      section: 'Page',
      measure: `${n} pair${n > 1 ? 's' : ''} (${w} widgets): navigation → all populated`,
      value: ms(med(runs, (r) => r.populatedFrame)),
      reference: `data arrived ${ms(med(runs, (r) => r.dataAt))}; bundle loaded ${ms(med(runs, (r) => r.bundleEnd))}`,
    });
    rows.push({
      section: 'Page',
      measure: `${n} pair${n > 1 ? 's' : ''}: data arrived → populated, frame painted`,
      value: ms(med(runs, (r) => r.afterData)),
      reference: `Lit render done ${ms(med(runs, (r) => r.afterDataDom))} after; median of ${runs.length} cold pages`,
      ...(n === 50 ? { goal: '≤ 150 ms', met: med(runs, (r) => r.afterData) <= 150 } : {}),
    });
    const req = (k: string) => Math.max(...runs.map((r) => r.requests[k] ?? 0));
    const events = req('/public/stream/events');
    const pods = req('/public/podcasts');
    const stream = req('/public/stream');
    const logged = runs.map((r) => `${r.mockLog['/public/stream/events']}/${r.mockLog['/public/podcasts']}/${r.mockLog['/public/stream']}`);
    rows.push({
      section: 'Page',
      measure: `${n} pair${n > 1 ? 's' : ''}: requests events / podcasts / stream`,
      value: `${events} / ${pods} / ${stream} (max of ${runs.length})`,
      reference: `mock log per page: ${[...new Set(logged)].join(', ')}`,
      goal: '1 / 1 / 0',
      met: events === 1 && pods === 1 && stream === 0,
    });
    const cls = med(runs, (r) => r.cls);
    rows.push({
      section: 'Page',
      measure: `${n} pair${n > 1 ? 's' : ''}: layout shift when data arrives (CLS)`,
      value: cls.toFixed(4),
      reference: `${med(runs, (r) => r.shifts.length)} shift entries`,
      goal: '0 (size reserved)',
      met: cls < 0.001,
    });
  }
  const cls = (viewport: string) =>
    med(
      shifts.filter((r) => r.viewport === viewport),
      (r) => r.cls,
    );
  rows.push({
    section: 'Page',
    measure: 'layout shift (CLS), phone 360×740 @3x / desktop 1280×800: the demo page',
    value: `${cls('phone').toFixed(4)} / ${cls('desktop').toFixed(4)}`,
    reference: `median of ${REPS} cold pages each; the embed snippet: Snippet rows`,
    goal: '0',
    met: cls('phone') < 0.001 && cls('desktop') < 0.001,
  });
  rows.push({
    section: 'Page',
    measure: 'JS heap per widget (50 pairs − empty page with bundle) / 100',
    value: `${(perWidget / 1024).toFixed(1)} KiB`,
    reference: `empty page ${(median(empty) / 1048576).toFixed(2)} MiB; 50 pairs ${(median(fifty) / 1048576).toFixed(2)} MiB`,
  });
  const feedRow = (measure: string, f: (r: FeedRun) => number, bigOnly = false) =>
    rows.push({
      section: 'Page',
      measure,
      value: `${ms(med(bigRuns, f), 1)} (${count} episodes)`,
      reference: bigOnly
        ? `${ms(
            med(bigRuns, (r) => r.episodeClick.painted),
            1,
          )}: click with 20 shown`
        : `${ms(med(small, f), 1)} (3 episodes)`,
    });
  feedRow('podcast-player: navigation → populated', (r) => r.populatedFrame);
  feedRow('podcast-player: feed JSON arrived → populated', (r) => r.afterData);
  feedRow('podcast-player: click episode → rendered', (r) => r.episodeClick.handled);
  feedRow('podcast-player: click episode → next frame painted', (r) => r.episodeClick.painted);
  feedRow('podcast-player: click "Show all" → painted', (r) => r.showAll?.painted ?? NaN, true);
  feedRow('podcast-player: click episode, all shown → painted', (r) => r.episodeClickAll?.painted ?? NaN, true);
  rows.push({
    section: 'Page',
    measure: 'podcast feed JSON size',
    value: `${(bytes / 1024).toFixed(1)} KiB (${count} episodes)`,
    reference: `${(Buffer.byteLength(smallJson) / 1024).toFixed(1)} KiB (3 episodes)`,
  });
  return {
    rows,
    data: {
      loads,
      shifts,
      heap: { empty, fifty, perWidget },
      feeds: { small, big: bigRuns, bigJsonBytes: bytes, smallJsonBytes: Buffer.byteLength(smallJson) },
    },
  };
}
