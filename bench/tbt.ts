/**
 * The page's cost to the main thread: Lighthouse 13 (mobile preset, simulated throttling: CPU
 * 4×) on the snippet as owners paste it (README, owner console) with only the podcast player,
 * and with only the live player, in the same article; media-chrome and Plyr with one episode
 * in the same article. Total Blocking Time is a median of ROUNDS runs per page, the pages taken
 * in turn (A, B, C, A, B, C …), so a busy moment of this shared machine falls on all of them.
 * `BENCH_BASE=/path/to/other/dist` adds the same two castlet pages with that build, served by a
 * second mock (A against B, interleaved); `BENCH_TBT_ROUNDS=n` sets the rounds.
 * `npm run bench -- tbt` runs only this part. It first traces each page (trace.ts,
 * `BENCH_TBT_TRACES` loads each, 5 by default), prints castlet's tasks of 5 ms CPU or more with
 * what ran in them, and estimates TBT from their CPU time (`BENCH_TBT_ROUNDS=0`: only that).
 * Lighthouse's long tasks of each run (`long-tasks`, simulated at 4×) and script costs
 * (`bootup-time`) are in bench/results.json.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { embedSnippet } from '../demo/snippet.ts';
import { articlePage } from '../test/support/browser-pages.ts';
import { startMock, type Child } from './children.ts';
import { PUBLIC, type BenchEnv } from './env.ts';
import { bundleTag, PEERS } from './peers.ts';
import type { Part, Row } from './table.ts';
import { lighthouseChromium } from './snippet.ts';
import { blocking, describe, traceTasks, type Trace } from './trace.ts';
import { median, ms } from './util.ts';

const ROUNDS = Number(process.env.BENCH_TBT_ROUNDS ?? 5);
/** Traced loads of each page (castlet's tasks of ≥ 5 ms CPU printed, all of them in results.json). */
const TRACES = Number(process.env.BENCH_TBT_TRACES ?? 5);

/** A long task as Lighthouse's `long-tasks` audit gives it (simulated: 4× CPU). */
export interface LongTask {
  url: string;
  duration: number;
  startTime: number;
}

export interface TbtRun {
  tbt: number;
  fcp: number;
  tti: number;
  cls: number;
  longTasks: LongTask[];
  /** bootup-time: scripting / parse+compile ms per script URL (simulated). */
  scripts: Record<string, { scripting: number; parse: number }>;
  /** mainthread-work-breakdown: ms per group (simulated). */
  work: Record<string, number>;
}

export interface TbtData {
  rounds: number;
  runs: Record<string, TbtRun[]>;
  /** Each page's traced loads (unthrottled): its main thread's tasks. */
  traces: Record<string, Trace[]>;
  base?: string;
}

/** castlet's snippet with one of its players in the owner's article (the bundle from `mock`, the dist in `dir`). */
function castletPage(mock: string, dir: string, player: 'podcast-player' | 'stream-player'): string {
  const other = player === 'podcast-player' ? 'stream-player' : 'podcast-player';
  const snippet = embedSnippet(bundleTag({ mock: { url: mock }, staticDir: dir }), PUBLIC).replace(new RegExp(`\n<${other} [^\n]*`), '');
  return articlePage({ first: snippet, second: '' });
}

/** The peers with one episode each, as their READMEs embed them. */
async function peerPages(m: string): Promise<Record<string, string>> {
  const podcasts = (await (await fetch(`${m}/public/podcasts?token=${PUBLIC}`)).json()) as { episodes: { audio_url: string }[] };
  const src = podcasts.episodes[0]!.audio_url;
  return {
    'media-chrome': articlePage({
      first: `<script type="module" src="${m}/peers/media-chrome.js"></script>\n<media-controller audio><audio slot="media" src="${src}" preload="none"></audio><media-control-bar><media-play-button></media-play-button><media-time-display showduration></media-time-display><media-time-range></media-time-range><media-mute-button></media-mute-button><media-volume-range></media-volume-range></media-control-bar></media-controller>`,
      second: '',
    }),
    Plyr: articlePage({
      head: `<link rel="stylesheet" href="${m}/peers/plyr.css">`,
      first: `<audio controls preload="none" src="${src}"></audio>`,
      second: '',
      end: `<script src="${m}/peers/plyr.js"></script><script>Plyr.setup('audio', { iconUrl: '${m}/peers/plyr.svg' })</script>`,
    }),
  };
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
interface Items<T> {
  items?: T[];
}

function runOf(lhr: Lhr): TbtRun {
  const a = lhr.audits;
  const value = (id: string) => a[id]?.numericValue ?? NaN;
  const items = <T>(id: string) => (a[id]?.details as Items<T> | undefined)?.items ?? [];
  return {
    tbt: value('total-blocking-time'),
    fcp: value('first-contentful-paint'),
    tti: value('interactive'),
    cls: value('cumulative-layout-shift'),
    longTasks: items<LongTask>('long-tasks').map(({ url, duration, startTime }) => ({ url, duration, startTime })),
    scripts: Object.fromEntries(
      items<{ url: string; scripting: number; scriptParseCompile: number }>('bootup-time').map((i) => [
        i.url,
        { scripting: i.scripting, parse: i.scriptParseCompile },
      ]),
    ),
    work: Object.fromEntries(items<{ group: string; duration: number }>('mainthread-work-breakdown').map((i) => [i.group, i.duration])),
  };
}

/** `rounds` Lighthouse runs of each page, in turn, in one Chromium (each run with a fresh cache). */
async function lighthouseRounds(urls: Record<string, string>, rounds: number): Promise<Record<string, TbtRun[]>> {
  const { browser, port } = await lighthouseChromium();
  try {
    const out: Record<string, TbtRun[]> = Object.fromEntries(Object.keys(urls).map((k) => [k, []]));
    for (let i = 0; i < rounds; i++)
      for (const [name, url] of Object.entries(urls)) {
        const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
        const run = runOf(result!.lhr);
        out[name]!.push(run);
        // Lighthouse's FCP decides which tasks count (it came at 0.6 s or at 1.3 s in runs of the same page: the
        // player's first task then before it or after it), so each run's FCP and long tasks are printed.
        const tasks = run.longTasks.map((t) => `${t.url.split('/').pop()}@${t.startTime.toFixed(0)}:${t.duration.toFixed(0)}`).join(' ');
        console.error(
          `[bench] tbt round ${i + 1}/${rounds} ${name}: ${ms(run.tbt)} (FCP @${run.fcp.toFixed(0)} ms; long tasks, simulated: ${tasks})`,
        );
      }
    return out;
  } finally {
    await browser.close();
  }
}

const spread = (v: number[]) => `${ms(median(v))} (${ms(Math.min(...v))}–${ms(Math.max(...v))})`;

export async function benchTbt(env: BenchEnv): Promise<Part<TbtData>> {
  const base = process.env.BENCH_BASE;
  let other: Child | undefined;
  let otherDir: string | undefined;
  try {
    const urls: Record<string, string> = {
      'castlet, podcast page': env.pages.add(castletPage(env.mock.url, env.staticDir, 'podcast-player')),
      'castlet, radio page': env.pages.add(castletPage(env.mock.url, env.staticDir, 'stream-player')),
    };
    if (base) {
      // The other build, from its own copy, by a second mock (the same seed).
      otherDir = mkdtempSync(join(tmpdir(), 'castlet-bench-base-'));
      cpSync(base, otherDir, { recursive: true });
      other = await startMock({ staticDir: otherDir, heartbeatMs: 60_000 });
      urls['base, podcast page'] = env.pages.add(castletPage(other.url, otherDir, 'podcast-player'));
      urls['base, radio page'] = env.pages.add(castletPage(other.url, otherDir, 'stream-player'));
    }
    for (const [name, html] of Object.entries(await peerPages(env.mock.url))) urls[name] = env.pages.add(html);
    const traces: Record<string, Trace[]> = {};
    for (let i = 0; i < TRACES; i++) for (const [name, url] of Object.entries(urls)) (traces[name] ??= []).push(await traceTasks(env.browser, url));
    for (const [name, loads] of Object.entries(traces)) {
      if (name in PEERS) continue;
      console.error(`[bench] tbt ${name}: tasks of ≥ 5 ms CPU in ${TRACES} loads, unthrottled (× 4 in Lighthouse's simulation)`);
      for (const [i, { tasks, fcp }] of loads.entries()) {
        console.error(`  load ${i + 1}: first contentful paint @${fcp.toFixed(0)} ms; estimated TBT ${ms(blocking(loads[i]!))}`);
        for (const t of tasks.filter((t) => t.cpu >= 5)) console.error(`    ${describe(t)}`);
      }
    }
    const estimate = (name: string) => spread(traces[name]!.map((t) => blocking(t)));
    if (!ROUNDS) {
      for (const name of Object.keys(traces)) console.error(`[bench] tbt ${name}: estimated from CPU time ${estimate(name)}`);
      return { rows: [], data: { rounds: 0, runs: {}, traces, base } };
    }
    const runs = await lighthouseRounds(urls, ROUNDS);

    const tbt = (name: string) => runs[name]!.map((r) => r.tbt);
    const peers = Object.keys(PEERS);
    const best = peers.reduce((a, b) => (median(tbt(b)) < median(tbt(a)) ? b : a));
    const podcast = median(tbt('castlet, podcast page'));
    const goal = median(tbt(best)) / 2;
    const peerCells = peers.map((p) => `${p} ${PEERS[p as keyof typeof PEERS]} ${spread(tbt(p))}`).join('; ');
    const rows: Row[] = [
      {
        section: 'Page',
        measure: `Total Blocking Time, Lighthouse 13 mobile (simulated, CPU 4×), median (min–max) of ${ROUNDS} in turn: the snippet with <podcast-player> in an article`,
        value: spread(tbt('castlet, podcast page')),
        reference: `${peerCells} (one episode each)${base ? `; base build: ${spread(tbt('base, podcast page'))}` : ''}`,
        goal: '≤ ½ the best peer',
        met: podcast <= goal,
      },
      {
        section: 'Page',
        measure: '… the snippet with <stream-player>',
        value: spread(tbt('castlet, radio page')),
        reference: base ? `base build: ${spread(tbt('base, radio page'))}` : '',
      },
      {
        section: 'Page',
        measure: `… estimated from CPU time (Chromium traces, ${TRACES} loads each: Σ max(0, 4 × a task's thread time − 50 ms) after FCP; a busy machine hardly moves it): the podcast page / the radio page`,
        value: `${estimate('castlet, podcast page')} / ${estimate('castlet, radio page')}`,
        reference: `${peers.map((p) => `${p} ${estimate(p)}`).join('; ')}${base ? `; base build: ${estimate('base, podcast page')} / ${estimate('base, radio page')}` : ''}`,
      },
      {
        section: 'Page',
        measure: '… the podcast page: FCP / TTI / CLS (median)',
        value: `${ms(median(runs['castlet, podcast page']!.map((r) => r.fcp)))} / ${ms(median(runs['castlet, podcast page']!.map((r) => r.tti)))} / ${median(runs['castlet, podcast page']!.map((r) => r.cls)).toFixed(3)}`,
        reference: peers
          .map(
            (p) =>
              `${p} ${ms(median(runs[p]!.map((r) => r.fcp)))} / ${ms(median(runs[p]!.map((r) => r.tti)))} / ${median(runs[p]!.map((r) => r.cls)).toFixed(3)}`,
          )
          .join('; '),
        goal: 'CLS ≤ 0.01',
        met: median(runs['castlet, podcast page']!.map((r) => r.cls)) <= 0.01,
      },
    ];
    return { rows, data: { rounds: ROUNDS, runs, traces, base } };
  } finally {
    await other?.stop();
    if (otherDir) rmSync(otherDir, { recursive: true, force: true });
  }
}
