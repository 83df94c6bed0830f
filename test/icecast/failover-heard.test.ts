/**
 * Now playing as heard on a relay, before and after a failover (issue 29), in each engine: a
 * station of real servers (test/icecast/station.ts) looping four tone "songs" of 10 s on `/live`
 * (MP3); relay 1 with Icecast's default burst, relay 2 with a 32 KiB one, so the two
 * start their listeners at different distances from the live edge; the mock in Icecast mode with
 * the relays, measuring each source's delay. The player starts on a relay; after two songs heard,
 * that relay is killed and the player moves on to a source with another delay. At every change
 * of tone heard (at the player's audio output, or by an analyser in the page), the title must
 * show the song of that tone within 1 s, and every change of the title must be to a song heard
 * within 1 s of it (between two sources, the song heard last stays: heard.ts `ear`). The
 * listener's silence in the failover (no tone at the output) is printed and held to 5 s. Runs in
 * the `heard` project: after every other file, beside other heard files only (vitest.config.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ServerOptions } from '../../demo/server/serve.ts';
import { PUBLIC, embedPage, selectedEngines, withEngine, withMock } from '../support/browser.ts';
import { heardTimeline, startHearing, titleVsTone, unheardTitles } from '../support/heard.ts';
import { toneFiles, fourTones } from '../support/tones.ts';
import { readPlayer, sleep } from '../support/players.ts';
import { STREAM, serverName, wholeStation } from './failover-support.ts';
import { missingStation, startStation, type Station } from './station.ts';

const SONGS = fourTones(10);
const toneOf = (title: string | null) => SONGS.find((s) => s.title === title)?.tone;

const missing = missingStation();
const results: string[] = [];
afterAll(() => results.forEach((r) => console.log(`[heard] failover, ${r}`)));

describe.skipIf(missing)('now playing as heard through a failover, on real relays', () => {
  let station: Station;
  const dir = mkdtempSync(join(tmpdir(), 'castlet-tones-'));
  const mock: ServerOptions = { coalesceMs: 50 };
  beforeAll(async () => {
    // MP3 only: an Ogg mount fed file by file starts a new listener no earlier than the current
    // file, so its measured delay holds only for the song position it was measured at
    // (docs/sources-and-relays.md); with 10 s songs that is no ground for a 1 s bound.
    station = await startStation({ relays: [{}, { burstSize: 32 * 1024 }], mp3: toneFiles(dir, SONGS), opus: false });
    mock.icecast = { ...station.icecast, pollMs: 250, probe: { minPauseMs: 5000 } };
  }, 120_000);
  afterAll(async () => {
    await station?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  // One mock for every engine: the next engine finds the songs known and the delays measured.
  const shared = withMock(mock);

  describe.each(selectedEngines().map((e) => [e.name, e.skip] as const))('%s', (name, skip) => {
    describe.skipIf(!!skip)(skip ? `skipped: ${skip}` : 'relay, then another source', () => {
      const env = withEngine(name, shared);

      // One retry (a whole new listen): each connection's burst ends on one of Icecast's source
      // blocks (about 1 s apart here), so a connection may start up to a block away from what the
      // probe measured on its own; with the poll and the time updates, a title lands within
      // −1.04 to +1.04 s of the sound in the runs recorded in docs/sources-and-relays.md (step 3).
      test('the title changes within 1 s of the song heard, before and after a failover', { timeout: 200_000, retry: 1 }, async () => {
        await wholeStation(station);
        // Every source's delay measured, and the title known, before listening.
        let sources: { url: string; delay: number | null }[] = [];
        for (const end = Date.now() + 90_000; ; await sleep(500)) {
          const at = await env.publicGet('stream');
          sources = at.sources;
          // Three of our songs known, the newest 6 s in: the first title the service sees started
          // before it looked, so its start is not known (as in heard.test.ts); 15 s back from 6 s
          // into the third song (a new listener's burst) is the second, whose start is known.
          const known = [at.now_playing, ...at.history].slice(0, 3).filter((t) => toneOf(t?.title)).length;
          const into = Date.now() - Date.parse(at.now_playing?.started_at ?? '');
          // A server that has just started holds less than a full burst: wait until the probe sees the
          // master and relay 1 with their full default burst (14.9–16 s here: one CI run's master stayed at 14.96 s
          // for 90 s) and relay 2 with its half.
          const delays = sources.map((s) => s.delay ?? 0);
          if (delays.length === 3 && delays.filter((d) => d >= 14.5).length === 2 && delays.some((d) => d < 10) && known === 3 && into >= 6000) break;
          if (Date.now() > end)
            expect.fail(`${name}: every source's delay measured and three songs known: not within 90 s (${JSON.stringify(sources)})`);
        }
        const p = await env.open(embedPage(env.mock, `<stream-player public-token="${PUBLIC}"></stream-player>`));
        await p.waitFor((sel) => (document.querySelector(sel) as HTMLElement & { state?: string })?.state === 'ready', STREAM, {
          what: 'ready',
          timeout: 15_000,
        });
        const hearing = await startHearing(env, p);
        const waitTones = (n: number, what: string) => hearing.waitTones(n, what);
        let killedAt = 0;
        let first = '';
        let then: string;
        try {
          await p.click(`${STREAM} >>> button[part=play]`);
          // Two changes heard on the relay (three tones); the kill 3 s into the third song, so
          // that a change on the relay and the failover are each measured on their own (killed
          // as a song starts, the listener hears a blip of it before the gap).
          await waitTones(3, 'three songs heard on the relay');
          await sleep(3000);
          first = (await p.evaluate(readPlayer, [STREAM] as [string])).playing;
          const on = station.servers.find((s) => first.startsWith(`${s.url}/`))!;
          expect(serverName(station, first), `${name}: a new listener starts on a relay`).toMatch(/^relay/);
          killedAt = Date.now();
          await on.kill();
          await waitTones((await hearing.count()) + 2, 'two more songs heard after the failover');
          then = (await p.evaluate(readPlayer, [STREAM] as [string])).playing;
          await sleep(1500);
        } finally {
          await hearing.stop();
        }
        const log = await hearing.log();
        // The listener's silence in the failover: the spans without either tone that begin within
        // 5 s of the kill (the songs are unbroken tones; Chromium's analyser may hear a short one
        // where one song's file ends, seconds later).
        const gaps = log.silences
          .filter((g) => g.to > killedAt && g.from < killedAt + 5000)
          .map((g) => ({ from: Math.max(g.from, killedAt) - killedAt, to: g.to - killedAt }));
        const silent = Math.round(gaps.reduce((n, g) => n + g.to - g.from, 0));
        const spans = gaps.map((g) => `${Math.round(g.from)}–${Math.round(g.to)} ms`).join(', ');
        const lags = titleVsTone(log, SONGS);
        const delayOf = (url: string) => sources.find((s) => s.url === url.replace(/[?&]t=\d+$/, ''))?.delay;
        const fmt = (xs: number[]) => xs.map((x) => `${x >= 0 ? '+' : ''}${x.toFixed(2)} s`).join(', ');
        const before = log.tones
          .slice(1)
          .map((t, i) => [t, lags[i]!] as const)
          .filter(([t]) => t.at < killedAt);
        const after = log.tones
          .slice(1)
          .map((t, i) => [t, lags[i]!] as const)
          .filter(([t]) => t.at >= killedAt);
        // What was heard and shown, in ms from the kill: the failure says it.
        const timeline = heardTimeline(log, killedAt);
        results.push(
          `${name}, heard ${hearing.how}: on ${serverName(station, first)}${new URL(first).pathname} (delay ${delayOf(first)} s) ` +
            `title − audio ${fmt(before.map(([, l]) => l))}; killed it, then on ${serverName(station, then)}${new URL(then).pathname} (delay ${delayOf(then)} s) title − audio ${fmt(after.map(([, l]) => l))}; ` +
            `silent ${silent} ms (${spans || 'no gap'} after the kill)`,
        );
        expect(before.length, `${name}: changes heard before the failover`).toBeGreaterThanOrEqual(2);
        expect(after.length, `${name}: changes heard after the failover`).toBeGreaterThanOrEqual(2);
        expect(then, `${name}: another source after the kill`).not.toBe(first);
        expect(silent, `${name}: the listener's silence in the failover, at the output (ms; ${spans} after the kill)`).toBeLessThanOrEqual(5000);
        expect(unheardTitles(log, SONGS, killedAt), `${name}: titles shown that were not heard (${timeline})`).toEqual([]);
        for (const [t, lag] of [...before, ...after]) {
          expect(
            Math.abs(lag),
            `${name}: the title ${lag.toFixed(2)} s from the ${t.tone} tone heard at ${t.at - killedAt} ms from the kill (${timeline})`,
          ).toBeLessThanOrEqual(1);
        }
      });
    });
  });
});
