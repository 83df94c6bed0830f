/**
 * Press → first sound on HLS (issue 34, docs/hls-player.md), in each engine this machine has (or
 * those of `ENGINES=`), measured, never asserted. A live HLS stream made by Debian's ffmpeg
 * (test/support/hls-fixture.ts: AAC-LC, 2 s segments) and the mock's own MP3 stream, the mock in
 * this process (the channel's sources set in its store: the playlist first, then the MP3). Per
 * round, each a fresh page (tab) of one browser, a real click to the media clock moving (0.05 s
 * of it, jumps left out: hls.js seeks to its live start):
 *
 * - castlet on the playlist: through hls.js wherever the element tells no program date-time
 *   (every engine here), hls.js fetched at the press as a new listener's is;
 * - castlet natively, forced by a page script that claims what Safari has (`getStartDate`), where
 *   the engine says it plays HLS (`canPlayType`): Chromium;
 * - a plain hls.js (the same file, loaded with the page) on the same playlist, where the engine
 *   has Media Source Extensions; a plain `<audio>` on the playlist where it plays HLS natively;
 *   a plain `<audio>` on the MP3 stream.
 *
 * And hls.js's transfer size: dist/hls.js as the mock sends it (gzip or brotli, as a browser
 * asks) and at gzip -9. Every step of a round gives up after its time-out (a round that gets no
 * sound counts as n/a and the bench goes on): a page that stops answering costs one round,
 * never the run. `BENCH_ROUNDS=n` sets the rounds (5).
 */
import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startServer } from '../demo/server/serve.ts';
import { embedPage, startPages } from '../test/support/browser-pages.ts';
import { launchEngine, PUBLIC, selectedEngines } from '../test/support/browser.ts';
import type { Engine, EngineName } from '../test/support/browser-engine.ts';
import { startHls } from '../test/support/hls-fixture.ts';
import { readPlayer } from '../test/support/players.ts';
import type { Part, Row } from './table.ts';
import { median, ms, nameShim, ROOT, until } from './util.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS) || 5;
/** Each measure gives up after this (from the click to the clock moving). */
const SOUND_MS = 20_000;
/** Any other step (a page opened, a click, an evaluation). */
const STEP_MS = 20_000;
const STREAM = 'stream-player';

/** The page script of the forced native way (the same as test/browser/hls.test.ts's). */
const CLAIMS_NATIVE = `<script>
  const can = HTMLMediaElement.prototype.canPlayType;
  HTMLMediaElement.prototype.canPlayType = function (t) { return /mpegurl/i.test(t) ? 'maybe' : can.call(this, t); };
  HTMLMediaElement.prototype.getStartDate = function () { return new Date(NaN); };
</script>`;

/** `p`'s value, or undefined once `ms` have passed (then `p` is left to settle or not). */
function within<T>(ms: number, p: Promise<T>): Promise<T | undefined> {
  let late!: (v: undefined) => void;
  const timer = setTimeout(() => late(undefined), ms);
  return Promise.race([p.catch(() => undefined), new Promise<undefined>((resolve) => (late = resolve))]).finally(() => clearTimeout(timer));
}

/** A plain <audio> played from a click: on `url` natively, or through hls.js (loaded with the page) when `hlsJs` is its URL. */
const plainPage = (url: string, hlsJs?: string) =>
  `<!doctype html><title>plain</title><audio preload=none></audio><button>Play</button>
<script type=module>
  const a = document.querySelector('audio');
  const Hls = ${hlsJs ? `(await import(${JSON.stringify(hlsJs)})).default` : 'null'};
  document.querySelector('button').onclick = () => {
    if (Hls) {
      const hls = new Hls({ enableWorker: false });
      hls.loadSource(${JSON.stringify(url)});
      hls.attachMedia(a);
    } else a.src = ${JSON.stringify(url)};
    a.play().catch(() => {});
  };
  window.ready = true;
</script>`;

/**
 * In the page: from the next click to the clock of the player's media (or the page's <audio>)
 * moving by 0.05 s in steps under 0.5 s (a seek to the live start is no sound), in ms, and
 * what it played (`blob:` for hls.js); NaN after `limit` ms.
 */
function armClock(limit: number): void {
  const w = window as unknown as { moved?: { ms: number; src: string; seen: Record<string, number> } };
  delete w.moved;
  addEventListener(
    'click',
    () => {
      const t0 = performance.now();
      // (When each media event came first, from the click: where the time went.)
      const seen: Record<string, number> = {};
      const media = () =>
        (document.querySelector('stream-player') as (HTMLElement & { media?: HTMLMediaElement }) | null)?.media ?? document.querySelector('audio');
      for (const type of ['loadstart', 'loadedmetadata', 'canplay', 'play', 'playing', 'waiting', 'seeking', 'timeupdate'])
        media()?.addEventListener(type, () => (seen[type] ??= Math.round(performance.now() - t0)));
      let prev = -1;
      let heard = 0;
      const id = setInterval(() => {
        const m = media();
        const t = m?.currentTime ?? 0;
        const step = t - prev;
        if (prev >= 0 && !m?.paused && step > 0 && step < 0.5) heard += step;
        prev = t;
        const took = performance.now() - t0;
        if (heard < 0.05 && took < limit) return;
        clearInterval(id);
        w.moved = { ms: heard >= 0.05 ? took : NaN, src: m?.currentSrc ?? '', seen };
        m?.pause();
      }, 10);
    },
    { capture: true, once: true },
  );
}

/** One measure: a fresh page at `url`, ready (castlet's Play usable), clicked, to its clock moving; NaN when any step gives up. */
async function firstSound(browser: Engine, url: string, castlet: boolean): Promise<Sound> {
  const none = { ms: NaN, src: '', seen: {} };
  const p = await within(STEP_MS, browser.newPage());
  if (!p) return none;
  try {
    if (
      (await within(
        STEP_MS,
        p.goto(url).then(() => true),
      )) !== true
    )
      return none;
    await within(STEP_MS, nameShim(p));
    const ready = await within(
      STEP_MS,
      until(
        () =>
          castlet
            ? p.evaluate(readPlayer, [STREAM, -1] as [string, number]).then((r) => r.state === 'ready')
            : p.evaluate(() => !!(window as unknown as { ready?: boolean }).ready, null),
        STEP_MS,
        50,
      ),
    );
    if (!ready) return none;
    await within(STEP_MS, p.evaluate(armClock, SOUND_MS));
    if (
      (await within(
        STEP_MS,
        p.click(castlet ? `${STREAM} >>> button[part=play]` : 'button').then(() => true),
      )) !== true
    )
      return none;
    const got = await within(
      SOUND_MS + STEP_MS,
      until(() => p.evaluate(() => (window as unknown as { moved?: Sound }).moved, null), SOUND_MS + 5000, 50),
    );
    return got ?? none;
  } finally {
    await within(STEP_MS, p.close());
  }
}

/** The bytes of `url` as sent to a browser that accepts brotli and gzip, and the encoding. */
function transferSize(url: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'Accept-Encoding': 'br, gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (d: Buffer) => (bytes += d.length));
      res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') }));
    }).on('error', reject);
  });
}

/** One measure: ms from the click to sound (NaN: none), what played, when each media event came first. */
interface Sound {
  ms: number;
  src: string;
  seen: Record<string, number>;
}

type Way = 'castlet, hls.js' | 'castlet, native (forced)' | 'plain hls.js' | 'plain <audio>, native' | 'plain <audio>, MP3';
const WAYS: Way[] = ['castlet, hls.js', 'castlet, native (forced)', 'plain hls.js', 'plain <audio>, native', 'plain <audio>, MP3'];

interface EngineResult {
  engine: EngineName;
  /** What the engine says to HLS natively (canPlayType) and whether it has Media Source Extensions for AAC. */
  native?: string;
  mse?: boolean;
  times: Partial<Record<Way, Sound[]>>;
  skipped?: string;
}

export interface HlsStartBench {
  engines: EngineResult[];
  /** dist/hls.js as the mock sends it, and at gzip -9 (B). */
  hlsJs: { bytes: number; encoding: string; gzip: number };
}

export async function benchHlsStart(): Promise<Part<HlsStartBench>> {
  const [hls, mock, pages] = await Promise.all([
    startHls(),
    startServer({ host: '127.0.0.1', port: 0, heartbeatMs: 60_000, log: () => {} }),
    startPages(),
  ]);
  const data: HlsStartBench = { engines: [], hlsJs: { bytes: 0, encoding: '', gzip: 0 } };
  try {
    const channel = mock.store.channels[0]!;
    const mp3 = `${mock.url}/listen/${channel.mountpoint}`;
    mock.store.setSources(channel.id, [
      { url: hls.url, type: 'application/vnd.apple.mpegurl', bitrate: 64, delay: null },
      { url: mp3, type: 'audio/mpeg', bitrate: 32, delay: null },
    ]);
    const player = `<stream-player public-token="${PUBLIC}"></stream-player>`;
    const urls: Record<Way, string> = {
      'castlet, hls.js': pages.add(embedPage(mock.url, player)),
      'castlet, native (forced)': pages.add(embedPage(mock.url, player, { head: CLAIMS_NATIVE })),
      'plain hls.js': pages.add(plainPage(hls.url, `${mock.url}/hls.js`)),
      'plain <audio>, native': pages.add(plainPage(hls.url)),
      'plain <audio>, MP3': pages.add(plainPage(mp3)),
    };
    // (First: the mock compresses a file at the first request for it, as a CDN's edge would once, brotli at its best level taking
    // seconds for hls.js on a busy machine; the rounds measure the player, as served from a warm edge.)
    const sent = await transferSize(`${mock.url}/hls.js`);
    data.hlsJs = { ...sent, gzip: gzipSync(readFileSync(join(ROOT, 'dist/hls.js')), { level: 9 }).byteLength };
    for (const { name: engine, skip } of selectedEngines()) {
      const r: EngineResult = { engine, times: {} };
      data.engines.push(r);
      if (skip) {
        r.skipped = skip;
        continue;
      }
      const browser = await launchEngine[engine]();
      try {
        // What the engine can: native HLS, and hls.js's way (MSE with AAC).
        const p = await browser.newPage();
        await p.goto(pages.add('<!doctype html><title>can</title>'));
        [r.native, r.mse] = await p.evaluate(
          () =>
            [
              new Audio().canPlayType('application/vnd.apple.mpegurl'),
              !!(self as { ManagedMediaSource?: typeof MediaSource }).ManagedMediaSource?.isTypeSupported('audio/mp4;codecs="mp4a.40.2"') ||
                !!self.MediaSource?.isTypeSupported('audio/mp4;codecs="mp4a.40.2"'),
            ] as [string, boolean],
          null,
        );
        await p.close();
        const ways = WAYS.filter((w) => (/native/.test(w) ? !!r.native : /hls\.js/.test(w) ? r.mse : true));
        for (let n = 0; n < ROUNDS; n++) {
          // (The ways in turn, each round starting one further: a busy moment falls on all of them.)
          for (const [i] of ways.entries()) {
            const way = ways[(i + n) % ways.length]!;
            const got = await firstSound(browser, urls[way], way.startsWith('castlet'));
            (r.times[way] ??= []).push(got);
            console.error(`[bench] hls-start: ${engine} round ${n + 1}, ${way}: ${ms(got.ms)} ${JSON.stringify(got.seen)}`);
          }
        }
      } finally {
        await within(STEP_MS, browser.close());
      }
    }
  } finally {
    await Promise.all([hls.close(), mock.close(), pages.close()]);
  }

  const rows: Row[] = [];
  const m = (xs?: { ms: number }[]) => (xs?.length ? ms(median(xs.map((x) => x.ms))) : 'n/a');
  const all = (xs?: { ms: number }[]) => (xs ?? []).map((x) => (Number.isFinite(x.ms) ? Math.round(x.ms) : 'n/a')).join(', ');
  for (const r of data.engines) {
    if (r.skipped) {
      rows.push({ section: 'HLS', measure: `${r.engine}: press → first sound on HLS`, value: `skipped: ${r.skipped}`, reference: '' });
      continue;
    }
    const t = r.times;
    const played = (xs?: { src: string }[]) =>
      [...new Set((xs ?? []).map((x) => (x.src.startsWith('blob:') ? 'hls.js' : x.src ? 'native' : 'n/a')))].join('/');
    rows.push({
      section: 'HLS',
      measure: `${r.engine}: press → first sound, castlet on HLS (played ${played(t['castlet, hls.js'])}; median of ${ROUNDS}: ${all(t['castlet, hls.js'])})`,
      value: m(t['castlet, hls.js']),
      reference: [
        `plain hls.js, same playlist ${r.mse ? m(t['plain hls.js']) : 'n/a (no MSE)'}`,
        `plain <audio> on it natively ${r.native ? m(t['plain <audio>, native']) : `n/a (canPlayType "")`}`,
        `plain <audio> on the MP3 stream ${m(t['plain <audio>, MP3'])}`,
      ].join('; '),
    });
    if (r.native)
      rows.push({
        section: 'HLS',
        measure: `${r.engine}: … castlet natively (forced by a page script claiming getStartDate; played ${played(t['castlet, native (forced)'])}: ${all(t['castlet, native (forced)'])})`,
        value: m(t['castlet, native (forced)']),
        reference: `plain <audio> on the same playlist (canPlayType "${r.native}") ${m(t['plain <audio>, native'])}`,
      });
  }
  rows.push({
    section: 'HLS',
    measure: 'hls.js (light build, dist/hls.js): transfer size, loaded only where HLS plays or is the first way',
    value: `${(data.hlsJs.bytes / 1024).toFixed(1)} KiB (${data.hlsJs.encoding})`,
    reference: `gzip -9 (zlib) ${(data.hlsJs.gzip / 1024).toFixed(1)} KiB (${data.hlsJs.gzip.toLocaleString('en-US')} B); castlet.js's 16 KiB budget does not count it`,
  });
  return { rows, data };
}
