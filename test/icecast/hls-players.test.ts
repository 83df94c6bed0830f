/**
 * Past the relays' limit in real browsers (issue 34): a station of Debian's icecast2 (a master fed
 * by ezstream and two relays; test/icecast/station.ts) with room for 5 listeners in all, the
 * service's HLS tier (Debian's ffmpeg) behind Debian's nginx as the CDN (test/support/nginx.ts,
 * `HLS_PUBLIC_URL` its address), and eight <stream-player>s in one page, Play pressed on each: all
 * eight play, at least three on HLS through the cache. One station, mock and nginx for the file.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { HlsConfig } from '../../demo/server/hls/tier.ts';
import type { ServerOptions } from '../../demo/server/serve.ts';
import { PUBLIC, selectedEngines, withEngine, withMock, type EnginePage } from '../support/browser.ts';
import { missingNginx, startNginx, type RealNginx } from '../support/nginx.ts';
import { readPlayer, until, waitPlayer, type PlayerReading } from '../support/players.ts';
import { STREAM, pressEight, serverName } from './failover-support.ts';
import { missingStation, startStation, type Station } from './station.ts';

const missing = missingStation() ?? missingNginx();
const results: string[] = [];
afterAll(() => results.forEach((r) => console.log(`[hls-players] ${r}`)));

const tag = `<stream-player public-token="${PUBLIC}"></stream-player>`;
const waitFor = (p: EnginePage, what: string, ok: (w: PlayerReading) => boolean, timeout: number, frame = -1) =>
  waitPlayer(p, STREAM, what, ok, timeout, frame);

describe.skipIf(missing)('past the relays’ limit: eight players, room for five on Icecast, HLS through nginx', () => {
  let station: Station;
  let cdn: RealNginx;
  // The CDN's address is known once nginx runs, after the mock: the tier reads it at every poll.
  const hls: HlsConfig = {};
  const options: ServerOptions = { coalesceMs: 50 };
  beforeAll(async () => {
    // The master: its 2 relays, the segmenter and 1 listener; each relay 2 listeners.
    station = await startStation({ opus: false, master: { maxListeners: 4 }, relays: [{ maxListeners: 2 }, { maxListeners: 2 }] });
    options.icecast = { ...station.icecast, pollMs: 500, measureDelay: false, hls };
  }, 120_000);
  const shared = withMock(options);
  beforeAll(async () => {
    cdn = await startNginx(shared.env.mock);
    hls.publicUrl = cdn.url;
    await until(
      'the HLS source listed at the CDN',
      () => shared.env.publicGet('stream'),
      (i: { sources: { url: string }[] }) => i.sources.some((s) => s.url.startsWith(cdn.url)),
      { timeout: 40_000, interval: 250 },
    );
  }, 60_000);
  afterAll(async () => {
    await cdn?.close();
    await station?.close();
  });

  describe.each(selectedEngines().map((e) => [e.name, e.skip] as const))('%s', (name, skip) => {
    describe.skipIf(!!skip)(skip ? `skipped: ${skip}` : 'eight players', () => {
      const env = withEngine(name, shared);

      test('all eight play; those the relays and master turn away (403) play HLS through the cache', { timeout: 150_000 }, async () => {
        const p = await pressEight(env, tag);
        const playing: PlayerReading[] = [];
        for (let i = 0; i < 8; i++) {
          const a = await waitFor(p, `player ${i} playing`, (w) => w.state === 'playing' && !w.paused && w.t > 0, 60_000, i);
          playing.push(await waitFor(p, `player ${i}: its clock moving`, (w) => w.t > a.t + 0.2 && w.state === 'playing', 15_000, i));
        }
        // hls.js plays from a blob: URL; a native HLS player from the playlist's.
        const where = (w: PlayerReading) => (w.playing.startsWith('blob:') || /\.m3u8/.test(w.playing) ? 'hls' : serverName(station, w.playing));
        const ways = playing.filter((w) => where(w) === 'hls').map((w) => (w.playing.startsWith('blob:') ? 'hls.js' : 'native'));
        const spread: Record<string, number> = {};
        for (const w of playing) spread[where(w)] = (spread[where(w)] ?? 0) + 1;
        const segments = [...shared.env.server.hls!.counts.perSegment.values()];
        results.push(
          `${name}: eight players: ${JSON.stringify(spread)} (HLS ${ways.join(', ')}); the origin served each segment at most ${Math.max(0, ...segments)} times; ` +
            `listeners shown "${(await p.evaluate(readPlayer, [STREAM, 0] as [string, number])).listeners}"`,
        );
        expect(spread.hls ?? 0, `${name}: at least three on HLS`).toBeGreaterThanOrEqual(3);
        // Listeners are people: five on Icecast and the rest on HLS (each by its session id), eight.
        await waitFor(p, `${name}: eight listeners shown`, (w) => /^\D*8\D*$/.test(w.listeners ?? ''), 15_000, 0);
        for (const w of playing) expect(w.message, `${name}: no message while playing`).toBeFalsy();
        // Let the next engine start on empty servers.
        await env.open('<!doctype html><title>empty</title>');
      });
    });
  });
});
