/**
 * HLS, the player's side (docs/hls-player.md), in headless Chromium: press → first sound (the
 * media clock moving) for castlet on a live HLS stream through hls.js, castlet playing it
 * natively (Chromium plays HLS natively but tells no program date-time, so castlet chooses
 * hls.js there: the native way is forced here by a page script that claims what Safari has), a
 * plain `<audio>` natively on the same playlist and a plain `<audio>` on the mock's MP3 stream;
 * and hls.js's transfer size (the file beside the chunks, as the mock sends it). The stream is
 * Debian's ffmpeg (test/support/hls-fixture.ts); the mock runs in this process (its sources set
 * in its store), each repetition a fresh context (empty HTTP cache).
 *
 * Not finished: on this machine (load ~15) the page evaluation after the click never settled
 * (`npm run bench -- hls-start` hung); `npm run bench` leaves it out until it does. The figures
 * measured so far come from test/browser/hls.test.ts (docs/hls-player.md).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { startServer } from '../demo/server/serve.ts';
import { embedPage, startPages } from '../test/support/browser-pages.ts';
import { startHls } from '../test/support/hls-fixture.ts';
import { PUBLIC } from './env.ts';
import type { Part, Row } from './table.ts';
import { median, ms, ROOT } from './util.ts';

const REPS = Number(process.env.BENCH_HLS_REPS) || 5;

/** The page script of the forced native way (the same as test/browser/hls.test.ts's). */
const CLAIMS_NATIVE = `<script>
  const can = HTMLMediaElement.prototype.canPlayType;
  HTMLMediaElement.prototype.canPlayType = function (t) { return /mpegurl/i.test(t) ? 'maybe' : can.call(this, t); };
  HTMLMediaElement.prototype.getStartDate = function () { return new Date(NaN); };
</script>`;

/**
 * In the page: arms `window.__moved`, which after the next click resolves to the ms from it to
 * the clock of the player's media (or the page's <audio>) moving. (A string: tsx's helpers for
 * named functions do not exist in the page.)
 */
const ARM_CLOCK = `window.__moved = new Promise((resolve, reject) => addEventListener('click', (e) => {
  const t0 = e.timeStamp;
  let first = NaN;
  const id = setInterval(() => {
    const m = document.querySelector('stream-player')?.media ?? document.querySelector('audio');
    if (!m.paused && m.readyState > 2 && m.currentTime > 0) {
      if (Number.isNaN(first)) first = m.currentTime;
      else if (m.currentTime > first + 0.05) return clearInterval(id), resolve(performance.now() - t0);
    }
    if (performance.now() - t0 > 20000) clearInterval(id), reject(new Error('no sound: ' + m.currentTime + ' ' + m.readyState));
  }, 10);
}, { capture: true, once: true }))`;

const plainAudio = (url: string) =>
  `<!doctype html><title>plain</title><audio preload=none></audio><button id=play>Play</button>
<script>document.getElementById('play').onclick = () => { const a = document.querySelector('audio'); a.src = ${JSON.stringify(url)}; a.play(); };</script>`;

async function firstSound(browser: Browser, url: string, button: string): Promise<{ ms: number; hlsJs: number }> {
  const context = await browser.newContext();
  try {
    const page: Page = await context.newPage();
    await page.goto(url);
    const ready = page.locator(button);
    await ready.waitFor({ state: 'visible' });
    await page.waitForFunction(
      (b) => !(document.querySelector('stream-player')?.shadowRoot?.querySelector(b) as HTMLButtonElement)?.disabled,
      'button[part=play]',
    );
    await page.evaluate(ARM_CLOCK);
    await ready.click({ timeout: 20_000 });
    const took = (await page.evaluate('window.__moved')) as number;
    console.error(`[bench] hls: ${url.slice(-12)} ${Math.round(took)} ms`);
    // hls.js as transferred (its resource entry: compressed bytes on the wire), 0 when not loaded.
    const hlsJs = await page.evaluate(
      () => (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((r) => /\/hls\.js$/.test(r.name))?.transferSize ?? 0,
    );
    return { ms: took, hlsJs };
  } finally {
    await context.close();
  }
}

export interface HlsBench {
  castletHlsJs: number[];
  castletNative: number[];
  plainNative: number[];
  plainMp3: number[];
  /** hls.js's transfer size (B, as the mock sends it to Chromium) and its gzip -9 size. */
  hlsJsTransfer: number;
  hlsJsGzip: number;
}

export async function benchHlsStart(browser: Browser): Promise<Part<HlsBench>> {
  const [hls, mock, pages] = await Promise.all([
    startHls(),
    startServer({ host: '127.0.0.1', port: 0, heartbeatMs: 60_000, log: () => {} }),
    startPages(),
  ]);
  const data: HlsBench = { castletHlsJs: [], castletNative: [], plainNative: [], plainMp3: [], hlsJsTransfer: 0, hlsJsGzip: 0 };
  try {
    const channel = mock.store.channels[0]!;
    const mp3 = `${mock.url}/listen/${channel.mountpoint}`;
    mock.store.setSources(channel.id, [
      { url: hls.url, type: 'application/vnd.apple.mpegurl', bitrate: 64, delay: null },
      { url: mp3, type: 'audio/mpeg', bitrate: 32, delay: null },
    ]);
    const player = `<stream-player public-token="${PUBLIC}"></stream-player>`;
    const castlet = pages.add(embedPage(mock.url, player));
    const native = pages.add(embedPage(mock.url, player, { head: CLAIMS_NATIVE }));
    const PLAY = 'stream-player button[part=play]';
    for (let i = 0; i < REPS; i++) {
      console.error(`[bench] hls: round ${i + 1} of ${REPS}`);
      const viaHlsJs = await firstSound(browser, castlet, PLAY);
      data.castletHlsJs.push(viaHlsJs.ms);
      data.hlsJsTransfer = viaHlsJs.hlsJs;
      data.castletNative.push((await firstSound(browser, native, PLAY)).ms);
      data.plainNative.push((await firstSound(browser, pages.add(plainAudio(hls.url)), '#play')).ms);
      data.plainMp3.push((await firstSound(browser, pages.add(plainAudio(mp3)), '#play')).ms);
    }
    data.hlsJsGzip = gzipSync(readFileSync(join(ROOT, 'dist/hls.js')), { level: 9 }).byteLength;
  } finally {
    await Promise.all([hls.close(), mock.close(), pages.close()]);
  }
  const m = (v: number[]) => ms(median(v));
  const rows: Row[] = [
    {
      section: 'HLS',
      measure: `Chromium: press → first sound, castlet on HLS through hls.js (median of ${REPS})`,
      value: m(data.castletHlsJs),
      reference: `plain <audio> on the same playlist (native) ${m(data.plainNative)}; on the MP3 stream ${m(data.plainMp3)}`,
    },
    {
      section: 'HLS',
      measure: `Chromium: press → first sound, castlet on HLS natively (forced; median of ${REPS})`,
      value: m(data.castletNative),
      reference: `plain <audio> on the same playlist ${m(data.plainNative)}`,
    },
    {
      section: 'HLS',
      measure: 'hls.js (light build, dist/hls.js): transfer size, loaded only for an HLS source',
      value: `${(data.hlsJsTransfer / 1024).toFixed(1)} KiB`,
      reference: `gzip -9 ${(data.hlsJsGzip / 1024).toFixed(1)} KiB; castlet.js budget 16 KiB (not counted in it)`,
    },
  ];
  return { rows, data };
}
