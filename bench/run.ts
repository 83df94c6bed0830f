/**
 * `npm run bench`: bundle sizes, pages in headless Chromium, the embed snippet and Play usable
 * beside media-chrome and Plyr, time to audio, bandwidth, the mock under load and under faults —
 * the podcast page's Total Blocking Time beside the peers' (tbt.ts), the HLS origin's load with
 * and without a cache (hls.ts), press → first sound per engine (first-sound.ts) and on HLS
 * (hls-start.ts), the title's error on HLS (hls-title.ts), every row beside its reference from
 * the same run. One table on stdout, everything measured in
 * bench/results.json. Loopback only; every server is a child process that is killed at the end.
 * `npm run bench -- page audio` runs only those parts.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, freemem, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { launchChromium } from '../test/support/browser.ts';
import { startPages } from '../test/support/browser-pages.ts';
import { benchAudio } from './audio.ts';
import { benchBandwidth } from './bandwidth.ts';
import { benchBundle, ENTRIES } from './bundle.ts';
import { startMock } from './children.ts';
import type { BenchEnv } from './env.ts';
import { benchFailover } from './failover.ts';
import { benchFaults } from './faults.ts';
import { benchHls } from './hls.ts';
import { benchHlsStart } from './hls-start.ts';
import { benchHlsTitle } from './hls-title.ts';
import { benchFirstSound } from './first-sound.ts';
import { benchIframe } from './iframe.ts';
import { benchPage } from './page.ts';
import { copyPeers } from './peers.ts';
import { benchPlayUsable } from './play-usable.ts';
import { benchServer } from './server-load.ts';
import { benchSnippet } from './snippet.ts';
import { benchTbt } from './tbt.ts';
import { markdownTable, textTable, type Part, type Row } from './table.ts';
import { ROOT } from './util.ts';

const PARTS = [
  'bundle',
  'page',
  'snippet',
  'usable',
  'tbt',
  'iframe',
  'audio',
  'bandwidth',
  'server',
  'faults',
  'failover',
  'hls',
  'first-sound',
  'hls-start',
  'hls-title',
] as const;
type PartName = (typeof PARTS)[number];
const wanted = new Set<PartName>(
  process.argv.slice(2).length ? process.argv.slice(2).filter((a): a is PartName => (PARTS as readonly string[]).includes(a)) : PARTS,
);

function machine() {
  const chromium = (() => {
    try {
      return execFileSync('/usr/lib/chromium/chromium', ['--version'], { encoding: 'utf8' }).trim();
    } catch {
      return 'unknown';
    }
  })();
  const cpuModel = /model name\s*:\s*(.*)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpus()[0]?.model ?? 'unknown';
  return {
    cpu: cpuModel,
    cores: cpus().length,
    memory: `${(totalmem() / 2 ** 30).toFixed(1)} GiB (${(freemem() / 2 ** 30).toFixed(1)} GiB free)`,
    node: process.version,
    chromium,
    platform: `${process.platform} ${process.arch}`,
  };
}

async function main() {
  const started = Date.now();
  const rows: Row[] = [];
  const results: Record<string, unknown> = { machine: machine(), startedAt: new Date().toISOString() };
  const record = (name: string, part: Part) => {
    rows.push(...part.rows);
    results[name] = part.data;
    console.error(`[bench] ${name} done at ${((Date.now() - started) / 1000).toFixed(0)} s`);
  };

  // Always: the bundle must be current before any page loads it.
  const bundle = await benchBundle();
  if (wanted.has('bundle')) record('bundle', bundle);

  const staticDir = mkdtempSync(join(tmpdir(), 'castlet-bench-dist-'));
  for (const e of ENTRIES) cpSync(join(ROOT, 'dist', `${e}.js`), join(staticDir, `${e}.js`));
  // The on-demand chunks (the podcast player asks for lists.js at once) and the peers' files.
  cpSync(join(ROOT, 'dist', 'chunks'), join(staticDir, 'chunks'), { recursive: true });
  copyPeers(staticDir);
  let env: BenchEnv | undefined;
  try {
    if (['page', 'snippet', 'usable', 'tbt', 'iframe', 'audio', 'bandwidth', 'faults'].some((p) => wanted.has(p as PartName))) {
      const [mock, pages, browser] = await Promise.all([
        startMock({ staticDir, heartbeatMs: 60_000 }, { log: 'keep' }),
        startPages(),
        launchChromium(),
      ]);
      env = { mock, pages, browser, staticDir };
    }
    if (wanted.has('page')) record('page', await benchPage(env!));
    if (wanted.has('snippet')) record('snippet', await benchSnippet(env!));
    if (wanted.has('usable')) record('usable', await benchPlayUsable(env!));
    if (wanted.has('tbt')) record('tbt', await benchTbt(env!));
    if (wanted.has('iframe')) record('iframe', await benchIframe(env!));
    if (wanted.has('audio')) record('audio', await benchAudio(env!));
    if (wanted.has('bandwidth')) record('bandwidth', await benchBandwidth(env!));
    if (wanted.has('server')) {
      // Chromium idles meanwhile; the load needs both cores.
      record('server', await benchServer());
    }
    if (wanted.has('faults')) record('faults', await benchFaults(env!));
    // Real Icecast servers and every engine this machine has; its own mock in this process.
    if (wanted.has('failover')) record('failover', await benchFailover());
    // A real master, the segmenter and nginx: the origin's load per HLS listener-minute.
    if (wanted.has('hls')) record('hls', await benchHls());
    // Press → first sound per engine and source type, castlet against a plain <audio> (issue 34).
    if (wanted.has('first-sound')) record('first-sound', await benchFirstSound());
    // Press → first sound on HLS (through hls.js, natively) per engine against a plain hls.js and <audio>, and hls.js's size.
    if (wanted.has('hls-start')) record('hls-start', await benchHlsStart());
    // The title's change against the song heard on HLS, per engine (real station, segmenter).
    if (wanted.has('hls-title')) record('hls-title', await benchHlsTitle());
  } finally {
    await env?.browser.close().catch(() => {});
    await env?.pages.close().catch(() => {});
    await env?.mock.stop().catch(() => {});
    rmSync(staticDir, { recursive: true, force: true });
  }

  const seconds = (Date.now() - started) / 1000;
  results.seconds = seconds;
  results.rows = rows;
  const out = join(ROOT, 'bench', 'results.json');
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  const m = results.machine as ReturnType<typeof machine>;
  console.log(textTable(rows));
  console.log(`\n${m.cpu}, ${m.cores} cores, ${m.memory}; Node ${m.node}; ${m.chromium}. ${seconds.toFixed(0)} s. Results: bench/results.json`);
  if (process.env.BENCH_MARKDOWN) console.log(`\n${markdownTable(rows)}`);
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
