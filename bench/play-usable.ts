/**
 * Play usable on a slow mobile network: Chromium's network throttled over CDP to
 * Lighthouse's mobile profile (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up), the embed
 * snippet on another origin, a fresh context (empty cache) per repetition. Measures from
 * navigation start to the Play button being enabled, and to the data shown (where Play was
 * enabled before Play became usable on upgrade).
 */
import { embedPage } from '../test/support/browser-pages.ts';
import { pair, type BenchEnv } from './env.ts';
import type { Part } from './table.ts';
import { median, ms } from './util.ts';

const REPS = 5;
const TAGS = ['stream-player', 'podcast-player'] as const;

interface Marks {
  play: Record<string, number>;
  data: Record<string, number>;
}

/**
 * Runs in the page: polls every frame for each widget's enabled Play button and its data.
 * (A string: tsx would wrap a function's inner names in a helper the page does not have.)
 */
const WATCH = `(() => {
  const tags = ${JSON.stringify(TAGS)};
  const marks = (window.__usable = { play: {}, data: {} });
  const tick = () => {
    for (const tag of tags) {
      const el = document.querySelector(tag);
      const play = el && el.shadowRoot && el.shadowRoot.querySelector('button[part~=play]');
      if (play && !play.disabled) marks.play[tag] ??= performance.now();
      if (el && el.state && el.state !== 'loading') marks.data[tag] ??= performance.now();
    }
    if (Object.keys(marks.data).length < tags.length) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

export async function benchPlayUsable(env: BenchEnv): Promise<Part> {
  const url = env.pages.add(embedPage(env.mock.url, pair(), { title: 'Play usable' }));
  const runs: Marks[] = [];
  for (let i = 0; i < REPS; i++) {
    const context = await env.browser.newContext();
    try {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
      await page.addInitScript({ content: WATCH });
      await page.goto(url);
      const marks = await page.waitForFunction(
        (n) => {
          const m = (window as unknown as { __usable?: Marks }).__usable;
          return m && Object.keys(m.data).length >= n && Object.keys(m.play).length >= n ? m : null;
        },
        TAGS.length,
        { timeout: 30_000, polling: 50 },
      );
      runs.push((await marks.jsonValue()) as Marks);
    } finally {
      await context.close();
    }
  }
  const med = (kind: keyof Marks, tag: string) => median(runs.map((r) => r[kind][tag]!));
  const pairOf = (kind: keyof Marks) => TAGS.map((t) => ms(med(kind, t))).join(' / ');
  return {
    rows: [
      {
        section: 'Page',
        measure: `Play usable on a throttled network (150 ms RTT, 1.6 Mbit/s): navigation → Play enabled, stream / podcast (median of ${REPS})`,
        value: pairOf('play'),
        reference: `data shown (where Play was enabled before): ${pairOf('data')}`,
      },
    ],
    data: { runs },
  };
}
