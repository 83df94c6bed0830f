/**
 * 3. Time to audio in headless Chromium (autoplay allowed by flag): Play → `playing` for the
 * live stream (first play, and play again after a pause: a new connection at the live edge),
 * Play → `playing` for an episode, seek far ahead → `seeked` and sound moving again.
 * Each repetition is a fresh context (empty HTTP cache).
 */
import type { Page } from 'playwright-core';
import { embedPage } from '../test/support/browser-pages.ts';
import { pair, type BenchEnv } from './env.ts';
import { instrumentedPage, waitPopulated } from './instrument.ts';
import type { Part, Row } from './table.ts';
import { median, ms, sleep } from './util.ts';

const REPS = 5;
const GOAL = 300;

/** Clicks the widget's Play button; ms from the click event to the media's next `playing`. */
async function playToPlaying(page: Page, tag: string): Promise<number> {
  const n = await page.evaluate(() => ({ media: window.__bench.media.length }));
  const clickAt = page.evaluate(
    () => new Promise<number>((resolve) => addEventListener('click', (e) => resolve(e.timeStamp), { capture: true, once: true })),
  );
  await page.locator(`${tag} button[part~=play]`).click();
  const t0 = await clickAt;
  const playing = await page.waitForFunction(
    ([from, t]) => window.__bench.media.slice(from).find((m) => m.tag === t && m.type === 'playing')?.t,
    [n.media, tag] as const,
    { timeout: 15_000, polling: 10 },
  );
  return ((await playing.jsonValue()) as number) - t0;
}

interface SeekRun {
  seeked: number;
  /** A `playing` after the seek, when the element fired one (it does when it had to wait for data). */
  playing: number | null;
  /** currentTime moved past the target: sound again. */
  moving: number;
}

async function seekFar(page: Page): Promise<SeekRun> {
  const handle = await page.waitForFunction(() => {
    const el = document.querySelector('podcast-player') as HTMLElement & { media: HTMLMediaElement; seek(t: number): void };
    return el.media.duration > 0 ? el : null;
  });
  return page.evaluate(
    (el) =>
      new Promise<SeekRun>((resolve, reject) => {
        const m = (el as HTMLElement & { media: HTMLMediaElement }).media;
        const target = m.duration * 0.8;
        const t0 = performance.now();
        const out: Partial<SeekRun> = { playing: null };
        m.addEventListener('seeked', () => (out.seeked ??= performance.now() - t0));
        m.addEventListener('playing', () => (out.playing ??= performance.now() - t0));
        const tick = () => {
          if (out.seeked !== undefined && m.currentTime > target + 0.05 && !m.paused) {
            out.moving = performance.now() - t0;
            resolve(out as SeekRun);
          } else if (performance.now() - t0 > 10_000) reject(new Error(`seek: no progress (currentTime ${m.currentTime})`));
          else requestAnimationFrame(tick);
        };
        (el as unknown as { seek(t: number): void }).seek(target);
        requestAnimationFrame(tick);
      }),
    handle,
  );
}

export interface AudioRun {
  live: number;
  liveAgain: number;
  episode: number;
  seek: SeekRun;
}

async function once(env: BenchEnv): Promise<AudioRun> {
  const { context, page } = await instrumentedPage(env.browser, 2);
  try {
    await page.goto(env.pages.add(embedPage(env.mock.url, pair())));
    await waitPopulated(page);
    await sleep(300);
    const live = await playToPlaying(page, 'stream-player');
    await sleep(700);
    await page.locator('stream-player button[part~=play]').click(); // pause
    await sleep(500);
    const liveAgain = await playToPlaying(page, 'stream-player');
    await sleep(300);
    const episode = await playToPlaying(page, 'podcast-player'); // pauses the stream (one player at a time)
    await sleep(700);
    const seek = await seekFar(page);
    return { live, liveAgain, episode, seek };
  } finally {
    await context.close();
  }
}

export async function benchAudio(env: BenchEnv): Promise<Part<{ runs: AudioRun[] }>> {
  const runs: AudioRun[] = [];
  for (let i = 0; i < REPS; i++) runs.push(await once(env));
  const row = (measure: string, values: number[], reference: string, goal = true): Row => {
    const v = median(values);
    return {
      section: 'Audio',
      measure,
      value: ms(v),
      reference,
      ...(goal ? { goal: `≤ ${GOAL} ms`, met: v <= GOAL } : {}),
    };
  };
  const range = (values: number[]) => `min ${ms(Math.min(...values))}, max ${ms(Math.max(...values))} (${values.length} fresh pages)`;
  const seekPlaying = runs.map((r) => r.seek.playing).filter((v): v is number => v !== null);
  return {
    rows: [
      row(
        'live: Play → playing (first)',
        runs.map((r) => r.live),
        range(runs.map((r) => r.live)),
      ),
      row(
        'live: Play again after Pause → playing',
        runs.map((r) => r.liveAgain),
        range(runs.map((r) => r.liveAgain)),
      ),
      row(
        'episode: Play → playing',
        runs.map((r) => r.episode),
        range(runs.map((r) => r.episode)),
      ),
      row(
        'episode: seek to 80 % → seeked',
        runs.map((r) => r.seek.seeked),
        `${range(runs.map((r) => r.seek.seeked))}; \`playing\` in ${seekPlaying.length}/${runs.length}${seekPlaying.length ? ` at ${ms(median(seekPlaying))}` : ''}`,
      ),
      row(
        'episode: seek → currentTime moving past the target',
        runs.map((r) => r.seek.moving),
        'polled per frame; the media clock advances in steps',
        false,
      ),
    ],
    data: { runs },
  };
}
