/**
 * Now playing as heard on HLS, and the segmenter killed (issue 34), in each engine: a station of
 * real servers (test/icecast/station.ts: a master looping four tone "songs" of 6 s on `/live`,
 * one relay with Icecast's default burst), the service in Icecast mode with its HLS tier listed
 * first (`HLS_FIRST`: the real segmenter, Debian's ffmpeg, on the master's mount) behind Debian's
 * nginx as the CDN (test/support/nginx.ts), measuring each Icecast source's delay. One station,
 * service and nginx for the file.
 *
 * A player plays HLS (natively or through hls.js, reported); two songs heard there, the
 * segmenter is killed (SIGKILL, by the pid the service's tier gives). The service restarts it
 * (1 s later, then the master's burst and three paced segments before the tier is offered again,
 * about 11 s: docs/hls.md), so no knob is needed to see the player without HLS: the source
 * leaves the list at once and the player must be on an Icecast source within 5 s of the last
 * segment ffmpeg wrote. When the tier is listed again the player must go back to HLS by itself:
 * the test sends it nothing. At every change of tone heard (at the player's audio output, or by
 * an analyser in the page: test/support/heard.ts), on HLS, on Icecast and on HLS again, the title
 * must show the song of that tone within 1 s, and every change of the title must be to a song
 * heard within 1 s of it. Runs in the `heard` project: after every other file, alone.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HLS_TYPE, type HlsConfig } from '../../demo/server/hls/tier.ts';
import type { ServerOptions } from '../../demo/server/serve.ts';
import { PUBLIC, embedPage, selectedEngines, withEngine, withMock } from '../support/browser.ts';
import { fmt, heardTimeline, startHearing, titleVsTone, unheardTitles } from '../support/heard.ts';
import { missingNginx, startNginx, type RealNginx } from '../support/nginx.ts';
import { sleep, until, waitPlayer } from '../support/players.ts';
import { openEvents } from '../support/server.ts';
import { toneFiles, fourTones } from '../support/tones.ts';
import { STREAM, recordTicks, serverName, soundAgain, ticksOf, type Tick } from './failover-support.ts';
import { missingStation, startStation, type Station } from './station.ts';

const SONGS = fourTones(6);

const missing =
  missingStation() ??
  missingNginx() ??
  (spawnSync('sh', ['-c', 'command -v ffmpeg']).status === 0 ? undefined : 'ffmpeg is not installed (apt-get install ffmpeg)');
const results: string[] = [];
afterAll(() => results.forEach((r) => console.log(`[heard] HLS, ${r}`)));

interface Listed {
  sources: { url: string; type: string; delay: number | null }[];
  now_playing: { title: string; started_at: string } | null;
  history: { title: string }[];
}
/** hls.js plays from a `blob:` URL, a native HLS player from the playlist's. */
const onHls = (src: string) => src.startsWith('blob:') || /\.m3u8/.test(src);
/** Ticks since `from` (ms) on HLS, or on anything else. */
const ticksOn = (ticks: Tick[], hls: boolean) => ticks.filter((k) => k.src && onHls(k.src) === hls);

describe.skipIf(missing)('now playing as heard on HLS, and the segmenter killed, through nginx', () => {
  let station: Station;
  let cdn: RealNginx;
  const dir = mkdtempSync(join(tmpdir(), 'castlet-tones-'));
  // HLS first (HLS_FIRST); the CDN's address once nginx runs, after the mock (the tier reads it at every poll).
  const hls: HlsConfig = { first: true };
  const options: ServerOptions = { coalesceMs: 50 };
  beforeAll(async () => {
    // MP3 only, as in failover-heard.test.ts (an Ogg mount's delay holds for one song position).
    station = await startStation({ relays: [{}], mp3: toneFiles(dir, SONGS), opus: false });
    options.icecast = { ...station.icecast, pollMs: 250, probe: { minPauseMs: 5000 }, hls };
  }, 120_000);
  const shared = withMock(options);
  beforeAll(async () => {
    cdn = await startNginx(shared.env.mock);
    hls.publicUrl = cdn.url;
  }, 60_000);
  afterAll(async () => {
    await cdn?.close();
    await station?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  describe.each(selectedEngines().map((e) => [e.name, e.skip] as const))('%s', (name, skip) => {
    describe.skipIf(!!skip)(skip ? `skipped: ${skip}` : 'HLS, Icecast, HLS again', () => {
      const env = withEngine(name, shared);

      // One retry (a whole new listen), as the other heard tests: on Icecast a connection's burst
      // ends on one of Icecast's source blocks, up to a block from what the probe measured.
      test(
        'the title within 1 s of the song heard on HLS, on Icecast once the segmenter is killed, and on HLS again when the list says so',
        { timeout: 120_000, retry: 1 },
        async ({ onTestFailed, onTestFinished }) => {
          // A first attempt that fails says why in the results (the retry's pass would hide it).
          onTestFailed(({ task }) => void results.push(`${name}: an attempt failed: ${task.result?.errors?.at(-1)?.message?.split('\n')[0]}`));
          const segmenter = env.server.hls!.segmenter('live');
          // HLS listed first at the CDN (the segmenter back from the engine before), every Icecast
          // source's delay measured with its full burst (14–16 s), and three of our songs known:
          // the first title the service sees started before it looked (as in heard.test.ts).
          await until(
            `${name}: HLS listed first, the Icecast delays measured, three songs known`,
            () => env.publicGet('stream') as Promise<Listed>,
            (at) => {
              const icecast = at.sources.filter((s) => s.type !== HLS_TYPE);
              const known = [at.now_playing, ...at.history].slice(0, 3).filter((t) => SONGS.some((s) => s.title === t?.title)).length;
              return at.sources[0]?.url.startsWith(cdn.url) && icecast.length === 2 && icecast.every((s) => (s.delay ?? 0) >= 14) && known === 3;
            },
            { timeout: 90_000, interval: 250, show: (at) => JSON.stringify(at.sources) },
          );
          // What the service lists first, as its event stream says it (a player's view of the list).
          const events = await openEvents(`${env.mock}/public/stream/events?token=${PUBLIC}`);
          const firsts = () =>
            events.payloads('stream').reduce<{ at: number; first: string }[]>((out, at: Listed, i) => {
              const first = at.sources?.[0]?.type === HLS_TYPE ? 'HLS' : 'Icecast';
              if (out.at(-1)?.first !== first) out.push({ at: events.messages.filter((m) => m.event === 'stream')[i]!.at, first });
              return out;
            }, []);
          const listing = (from: number) =>
            `the list: ${firsts()
              .map((f) => `${f.first} first at ${f.at - from} ms`)
              .join(', ')}`;
          onTestFinished(() => events.close());
          const logFrom = env.logs.length;
          const p = await env.open(embedPage(env.mock, `<stream-player public-token="${PUBLIC}"></stream-player>`));
          await waitPlayer(p, STREAM, 'ready', (w) => w.state === 'ready', 15_000);
          const hearing = await startHearing(env, p);
          let killedAt = 0;
          let lastSegmentAt: number;
          let relistedAt = 0;
          let icecast: Tick | undefined;
          let back: Tick | undefined;
          let way: string;
          try {
            await p.evaluate(recordTicks, STREAM);
            await p.click(`${STREAM} >>> button[part=play]`);
            // Two changes heard on HLS (three tones), then 2 s into the third song: a change on
            // HLS and the failover are each measured on their own.
            await hearing.waitTones(3, 'three songs heard on HLS');
            const playing = await ticksOf(p);
            const hlsLog = () =>
              [
                ...env.logs.filter((l) => l.startsWith('hls:')),
                ...env.logs
                  .slice(logFrom)
                  .filter((l) => l.includes('/hls/'))
                  .slice(-12),
                ...(p.problems ?? []),
              ].join('; ');
            expect(
              playing.map((k) => k.src).filter((src) => src && !onHls(src)),
              `${name}: on HLS before the kill (${playing
                .filter((k, i) => i === 0 || k.src !== playing[i - 1]!.src)
                .map((k) => `${k.src} at ${k.at - playing[0]!.at} ms`)
                .join(', ')}; the tier said: ${hlsLog()}; ${listing(playing[0]?.at ?? 0)})`,
            ).toEqual([]);
            way = playing.find((k) => k.src)!.src.startsWith('blob:') ? 'through hls.js' : 'natively';
            await sleep(Math.max(0, (await hearing.log()).tones[2]!.at + 2000 - Date.now()));

            // The segmenter killed; the last segment it wrote is the newest file of its run.
            const pid = segmenter.pid;
            expect(pid, `${name}: the segmenter's pid`).toBeGreaterThan(0);
            const files = readdirSync(segmenter.runDir).filter((f) => f.endsWith('.ts'));
            lastSegmentAt = Math.round(Math.max(...files.map((f) => statSync(join(segmenter.runDir, f)).mtimeMs)));
            process.kill(pid!, 'SIGKILL');
            killedAt = Date.now();
            // The clock moving on an Icecast source.
            const ticks = await until(
              `${name}: sound from an Icecast source after the kill`,
              () => ticksOf(p),
              (ticks) => soundAgain(ticksOn(ticks, false), killedAt),
              { timeout: 10_000, interval: 100, show: (ticks) => JSON.stringify(ticks.slice(-5)) },
            );
            icecast = soundAgain(ticksOn(ticks, false), killedAt)!;
            // The tier listed again (read here only to time it: nothing is sent to the player) …
            const relisted = await until(
              `${name}: HLS listed again`,
              async () => firsts().find((f) => f.at > killedAt && f.first === 'HLS'),
              (f) => f,
              { timeout: 40_000, interval: 100, show: () => listing(killedAt) },
            );
            relistedAt = relisted!.at;
            // … and the player back on HLS by itself.
            const again = await until(
              `${name}: back on HLS, on the list's word`,
              () => ticksOf(p),
              (ticks) => soundAgain(ticksOn(ticks, true), relistedAt - 500),
              { timeout: 15_000, interval: 100, show: (ticks) => JSON.stringify(ticks.slice(-5)) },
            );
            back = soundAgain(ticksOn(again, true), relistedAt - 500)!;
            // A song heard on HLS again, and time for the title to follow it.
            const heardBack = (await hearing.log()).tones.filter((t) => t.at < back!.at).length;
            await hearing.waitTones(heardBack + 1, 'a song heard on HLS again');
            await sleep(1500);
          } finally {
            await hearing.stop();
          }
          const log = await hearing.log();
          const lags = titleVsTone(log, SONGS);
          const changes = log.tones.slice(1).map((t, i) => [t, lags[i]!] as const);
          const part = (from: number, to: number) => changes.filter(([t]) => t.at >= from && t.at < to);
          const [onHlsFirst, onIcecast, onHlsAgain] = [part(0, killedAt), part(killedAt, back!.at), part(back!.at, Infinity)];
          const timeline = `${heardTimeline(log, killedAt)}; ${listing(killedAt)}`;
          const failover = icecast!.at - lastSegmentAt;
          results.push(
            `${name}, heard ${hearing.how}: HLS ${way}, title − audio ${fmt(onHlsFirst.map(([, l]) => l))}; segmenter killed ${killedAt - lastSegmentAt} ms after its last segment, ` +
              `on ${serverName(station, icecast!.src)} ${failover} ms after the last segment (${icecast!.at - killedAt} ms after the kill), title − audio ${fmt(onIcecast.map(([, l]) => l))}; ` +
              `HLS listed again ${relistedAt - killedAt} ms after the kill, back on it ${back!.at - relistedAt} ms later, title − audio ${fmt(onHlsAgain.map(([, l]) => l))}`,
          );
          expect(serverName(station, icecast!.src), `${name}: an Icecast source after the kill`).toMatch(/^(master|relay)/);
          expect(failover, `${name}: on Icecast after the last segment (ms)`).toBeLessThanOrEqual(5000);
          expect(onHlsFirst.length, `${name}: changes heard on HLS`).toBeGreaterThanOrEqual(2);
          expect(onIcecast.length, `${name}: changes heard on Icecast (${timeline})`).toBeGreaterThanOrEqual(1);
          expect(onHlsAgain.length, `${name}: changes heard on HLS again (${timeline})`).toBeGreaterThanOrEqual(1);
          // (The way back to HLS is a seam: the list said so, then the player sounded on HLS for a second.)
          const seam: [number, number] = [relistedAt, back!.at + 1000];
          expect(unheardTitles(log, SONGS, killedAt, seam), `${name}: titles shown that were not heard (${timeline})`).toEqual([]);
          // At the seam the new source may open on the last moments of a song (0.14 s of it in one Firefox run): a tone
          // heard there for under half a second is too short for any title, and the song after it is held to 1 s.
          const blip = (i: number) => {
            const at = log.tones[i + 1]!.at;
            return at >= seam[0] && at <= seam[1] && (log.tones[i + 2]?.at ?? Infinity) - at < 500;
          };
          for (const [t, lag] of changes.filter((_, i) => !blip(i))) {
            expect(
              Math.abs(lag),
              `${name}: the title ${lag.toFixed(2)} s from the ${t.tone} tone heard at ${t.at - killedAt} ms from the kill (${timeline})`,
            ).toBeLessThanOrEqual(1);
          }
        },
      );
    });
  });
});
