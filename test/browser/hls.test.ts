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
const open = (e: ReturnType<typeof withEngine>, opts?: { csp?: string; head?: string }) =>
  e.open(embedPage(env.mock, `<stream-player public-token="${PUBLIC}"></stream-player>`, { head: opts?.head }), opts);

/** A page script that makes the browser claim native HLS with a program date-time (as Safari does), whether or not it can. */
const CLAIMS_NATIVE = `<script>
  const can = HTMLMediaElement.prototype.canPlayType;
  HTMLMediaElement.prototype.canPlayType = function (t) { return /mpegurl/i.test(t) ? 'maybe' : can.call(this, t); };
  HTMLMediaElement.prototype.getStartDate = function () { return new Date(NaN); };
</script>`;

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

    // One retry in WebKitGTK, on a new page: its web process crashed here once in CI, while hls.js started (the
    // driver: "session deleted because of page crash or hang"); every later test of the file passed on a new session.
    const crashes = { retry: name === 'webkit' ? 1 : 0 };
    test(
      'plays HLS (the way is reported) and the title is the one that had started by its program date-time',
      { timeout: 40_000, ...crashes },
      async () => {
        await env.owner('setNowPlaying', { title: 'Before', artist: 'HLS' });
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
        // (The audio playing went live before 'Before' was set: the title before it, or 'Before', is shown until then.)
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
        const before = seen.filter((s) => s.title !== 'After' && s.date !== null).at(-1);
        results.push(
          `${name}: title changed ${((after.date! - started) / 1000).toFixed(2)} s of stream clock after the song started (${((Date.now() - started) / 1000).toFixed(1)} s of wall clock)`,
        );
        expect(after.date).toBeGreaterThanOrEqual(started);
        // Within a second of the moment: the title changes when the song is heard.
        expect(after.date! - started).toBeLessThan(1000);
        // (Read between two time updates: the title follows the clock at each, 4 a second.)
        expect(before?.date ?? -Infinity).toBeLessThan(started + 500);
      },
    );

    test('a playlist that 404s, is garbage or whose segments are cut short moves on to the next source, untold', { timeout: 40_000 }, async () => {
      list(hlsSource(hls.missing), hlsSource(hls.garbage), hlsSource(hls.short), mp3());
      const p = await open(e);
      const t0 = Date.now();
      const r = await playOn(p, 'file', 30_000);
      results.push(`${name}: past a 404, a garbage and a cut-short playlist to MP3 in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      expect(r.message).toBeNull();
      expect(hls.requests).toEqual(expect.arrayContaining(['/missing/index.m3u8', '/garbage/index.m3u8', '/short/index.m3u8']));
    });

    test('when every source fails, it says so', async () => {
      list(hlsSource(hls.missing), hlsSource(hls.garbage));
      const p = await open(e);
      await waitPlayer(p, EL, 'ready', (w) => w.state === 'ready');
      await p.click(`${EL} >>> button[part=play]`);
      const r = await until(
        `${name}: the error said`,
        () => read(p),
        (r) => !!r.message,
        { timeout: 15_000 },
      );
      expect(r.state).not.toBe('playing');
    });

    test('a browser that claims native HLS but cannot play it does not strand the listener: hls.js plays it', { timeout: 30_000 }, async () => {
      list(hlsSource(), mp3());
      const p = await open(e, { head: CLAIMS_NATIVE });
      const t0 = Date.now();
      // (Chromium really plays it natively: with no date, the title falls back to the source's delay.)
      const way = name === 'chromium' ? 'native' : 'hls.js';
      const r = await playOn(p, way, 25_000);
      results.push(`${name}: claiming native HLS, played ${r.way} ${((Date.now() - t0) / 1000).toFixed(1)} s after Play`);
      expect(r.message).toBeNull();
    });

    test(
      'failover between HLS and MP3, either way, at once: hls.js goes when HLS is left, the title right on both sides',
      { timeout: 40_000 },
      async () => {
        const { now_playing } = await env.owner('setNowPlaying', { title: 'Either Way', artist: 'HLS' });
        const started = Date.parse(now_playing.started_at);
        list(hlsSource(), mp3());
        const p = await open(e);
        await playOn(p, 'hls.js');
        await until(
          `${name}: the title heard on HLS`,
          () => read(p),
          (r) => r.title === 'Either Way',
          { timeout: 15_000 },
        );
        list(mp3());
        const t0 = Date.now();
        const onMp3 = await until(
          `${name}: on MP3`,
          () => read(p),
          (r) => r.way === 'file' && r.state === 'playing',
          { timeout: 10_000 },
        );
        const asked = hls.requests.length;
        expect(onMp3.title).toBe('Either Way');
        list(hlsSource());
        const back = await until(
          `${name}: back on HLS`,
          () => read(p),
          (r) => r.way === 'hls.js' && r.state === 'playing' && r.date !== null,
          { timeout: 15_000 },
        );
        results.push(`${name}: HLS → MP3 → HLS, back in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
        // The title by the new instance's clock: it joins behind the live edge, so on a slow machine the audio
        // playing may have gone live before 'Either Way' was set (then the title before it is right).
        // (Within the title's quarter-second step of the moment either is right.)
        if (back.date! >= started + 500) expect(back.title).toBe('Either Way');
        else if (back.date! < started) expect(back.title).not.toBe('Either Way');
        await until(
          `${name}: the title heard on HLS again`,
          () => read(p),
          (r) => r.title === 'Either Way',
          { timeout: 15_000 },
        );
        // While on MP3, hls.js asked nothing more (it was destroyed): the next requests are the new instance's playlist first.
        expect(hls.requests[asked]).toMatch(/\/live\/index\.m3u8$/);
      },
    );

    test('under a strict Content-Security-Policy (media-src blob:, connect-src the HLS origin, no worker) it plays through hls.js', async () => {
      list(hlsSource(), mp3());
      const m = env.mock;
      const csp = `default-src 'none'; script-src ${m}; connect-src ${m} ${hls.origin}; media-src ${m} ${hls.origin} blob:; img-src ${m} data:; style-src 'self'`;
      const p = await open(e, { csp });
      await playOn(p, 'hls.js');
      // (The page origin's favicon is not the player's.)
      expect(p.problems?.filter((x) => /Content.Security|CSP/i.test(x) && !/favicon/.test(x)) ?? []).toEqual([]);
    });
  });
});
