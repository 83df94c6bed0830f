/**
 * Failover in the player against real servers (issue 29), in Chromium, Firefox ESR and
 * WebKitGTK: a station of Debian's icecast2 (a master fed by ezstream with `/live` MP3 and
 * `/live.opus` Ogg Opus, two relays of both by Icecast's own `<relay>`; test/icecast/station.ts),
 * one for the file, the mock in Icecast mode with the relays, and <stream-player> on a page.
 * Servers are killed with SIGKILL (Icecast then closes its listeners' connections cleanly: the
 * player sees the stream end). Times are read from the page's own record of its media clock and
 * printed; only the issue's bounds are asserted (sound again within 5 s of a kill).
 *
 * Each server admits few listeners: 3 per mount on each relay, 2 on the master beside its two
 * relays, so eight players cannot all be on one server.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { ServerOptions } from '../../demo/server/serve.ts';
import { PUBLIC, embedPage, selectedEngines, withEngine, type EngineEnv, type EnginePage } from '../support/browser.ts';
import { readPlayer, sleep, waitPlayer, type PlayerReading } from '../support/players.ts';
import { STREAM, countOnPort, pressEight, recordTicks, serverName, soundAgain, ticksOf, unplayableFirst, wholeStation } from './failover-support.ts';
import { missingStation, startStation, type Station } from './station.ts';

const missing = missingStation();
const results: string[] = [];
afterAll(() => results.forEach((r) => console.log(`[failover] ${r}`)));

const tag = (attrs = '') => `<stream-player public-token="${PUBLIC}"${attrs}></stream-player>`;
const read = (p: EnginePage, frame = -1) => p.evaluate(readPlayer, [STREAM, frame] as [string, number]);

/**
 * Waits until `ok` holds for the player (in the page, or its `frame`-th iframe). A failed read is
 * tried again until the time-out, then its error is the test's: WebKitGTK's driver once answered a
 * read right after Play with a bare "4" (in CI, 0.4 s into the test after the eight players';
 * cause not known). A page that is gone fails every read.
 */
const waitFor = (p: EnginePage, what: string, ok: (w: PlayerReading) => boolean, timeout: number, frame = -1) =>
  waitPlayer(p, STREAM, what, ok, timeout, frame);

/** Playing: the state says so and the clock moves. */
async function waitSound(p: EnginePage, what: string, timeout: number, frame = -1): Promise<PlayerReading> {
  const a = await waitFor(p, what, (w) => w.state === 'playing' && !w.paused && w.t > 0, timeout, frame);
  return waitFor(p, `${what} (its clock moving)`, (w) => w.playing === a.playing && w.t > a.t + 0.2 && w.state === 'playing', 10_000, frame);
}

/** Opens a page with one player, presses Play and waits for sound. */
async function listen(env: EngineEnv, attrs = ''): Promise<EnginePage> {
  const p = await env.open(embedPage(env.mock, tag(attrs)));
  await waitFor(p, 'ready', (w) => w.state === 'ready', 15_000);
  await p.evaluate(recordTicks, STREAM);
  await p.click(`${STREAM} >>> button[part=play]`);
  await waitSound(p, 'sound after Play', 30_000);
  return p;
}

describe.skipIf(missing)('failover against a real master and two relays', () => {
  let station: Station;
  // Filled in once the station is up; each engine's withEngine beforeAll (registered after) reads it.
  const mock: ServerOptions = { coalesceMs: 50 };
  beforeAll(async () => {
    station = await startStation({ master: { maxListeners: 4 }, relays: [{ maxListeners: 3 }, { maxListeners: 3 }] });
    // No delay probe here: its connections would take listener places (failover-heard.test.ts measures with it).
    mock.icecast = { ...station.icecast, pollMs: 500, measureDelay: false };
  }, 120_000);
  afterAll(() => station?.close());

  describe.each(selectedEngines().map((e) => [e.name, e.skip] as const))('%s', (name, skip) => {
    describe.skipIf(!!skip)(skip ? `skipped: ${skip}` : 'kills, refusals and types', () => {
      const env = withEngine(name, mock);
      const whole = () => wholeStation(station);

      test(
        'the relay a listener is on killed: sound from another source within 5 s, no reload, the message clears',
        { timeout: 90_000 },
        async () => {
          await whole();
          const p = await listen(env);
          const before = await read(p);
          const on = station.servers.find((s) => before.playing.startsWith(`${s.url}/`))!;
          expect(serverName(station, before.playing), `${name}: a new listener starts on a relay`).toMatch(/^relay/);
          await sleep(1500);
          const killedAt = Date.now();
          await on.kill();
          const again = await vi.waitFor(
            async () => {
              const tick = soundAgain(await ticksOf(p), killedAt, on.url);
              expect(tick, `${name}: sound again after the kill of ${serverName(station, before.playing)}`).toBeDefined();
              return tick!;
            },
            { timeout: 8000, interval: 200 },
          );
          const ms = again!.at - killedAt;
          // When the killed source's clock last moved (its buffer playing on), to within a tick (~0.25 s).
          const last = (await ticksOf(p)).filter((k) => k.src.startsWith(`${on.url}/`) && k.at <= again!.at).pop();
          const playedOn = last && last.at > killedAt ? last.at - killedAt : 0;
          results.push(
            `${name}: killed ${serverName(station, before.playing)}: sound again from ${serverName(station, again!.src)}${new URL(again!.src).pathname} after ${ms} ms ` +
              `(its clock last moved ${playedOn} ms after the kill)`,
          );
          expect(ms, `${name}: sound again within 5 s of the kill`).toBeLessThanOrEqual(5000);
          const after = await waitSound(p, 'playing after the failover', 5000);
          expect(after.marker, `${name}: the same page (no reload)`).toBe(before.marker);
          expect(after.message, `${name}: no "Reconnecting…" while a source plays`).toBeFalsy();
          await on.restart();
        },
      );

      // One retry (a whole new listen), with the first attempt's ticks printed and the attempt in
      // the results: this failed once in CI (WebKitGTK, no sound from the master within 15 s) and
      // not in 11 runs since, started on either relay. A player that cannot reach the master fails
      // both attempts.
      let attempt = 0;
      test('both relays killed: the master takes the listener', { timeout: 90_000, retry: 1 }, async () => {
        attempt++;
        await whole();
        const p = await listen(env);
        const on = serverName(station, (await read(p)).playing);
        expect(on, `${name}: a new listener starts on a relay`).toMatch(/^relay/);
        const killedAt = Date.now();
        await Promise.all(station.relays.map((r) => r.kill()));
        // Only the master's ticks count: the relay the player was on (either of them) may play its
        // buffer on for a moment after the kill, and that is not sound from the master.
        const fromMaster = async () => (await ticksOf(p)).filter((k) => k.src.startsWith(`${station.master.url}/`));
        const again = await vi
          .waitFor(
            async () => {
              const tick = soundAgain(await fromMaster(), killedAt);
              if (!tick) throw new Error('no sound from the master yet');
              return tick;
            },
            { timeout: 15_000, interval: 200 },
          )
          .catch(() => undefined);
        const timeline = again
          ? ''
          : (await ticksOf(p))
              .filter((k) => k.at >= killedAt - 1000)
              .map((k) => `${k.at - killedAt} ms ${serverName(station, k.src)} t=${k.t.toFixed(2)}`)
              .join('; ');
        if (!again) console.log(`[failover] ${name}: no sound from the master within 15 s of the kill; ticks: ${timeline}`);
        expect(again, `${name}: sound from the master after both relays went (ticks: ${timeline})`).toBeDefined();
        results.push(
          `${name}: both relays killed (it was on ${on}): sound from the master${new URL(again!.src).pathname} after ${again!.at - killedAt} ms` +
            (attempt > 1 ? ` (attempt ${attempt})` : ''),
        );
        const w = await waitSound(p, 'playing on the master', 5000);
        expect(serverName(station, w.playing)).toBe('master');
        expect(w.message).toBeFalsy();
      });

      test(
        'master and relays killed: the player says so, asks little, and plays again by itself when they return',
        { timeout: 150_000 },
        async () => {
          await whole();
          const p = await listen(env);
          const logFrom = env.logs.length;
          await Promise.all(station.servers.map((s) => s.kill()));
          // Stand-ins on the dead ports count what asks there.
          const counters = await Promise.all(station.servers.map((s) => countOnPort(s.port)));
          let says: PlayerReading;
          try {
            says = await waitFor(p, 'says it cannot play', (w) => !!w.message || w.state === 'offline', 15_000);
            const shown = await waitFor(p, 'still not playing', (w) => w.state !== 'playing', 1000);
            await sleep(20_000);
            const asked = counters.reduce((n, c) => n + c.listeners, 0);
            const requests = env.logs.slice(logFrom);
            const json = requests.filter((l) => /^GET \/public\/stream\?/.test(l)).length;
            const events = requests.filter((l) => /^GET \/public\/stream\/events\?/.test(l)).length;
            results.push(
              `${name}: every server down: the player shows state "${shown.state}", badge "${shown.badge}", message "${shown.message}"; ` +
                `over ~22 s: ${asked} connection attempts to the servers, ${json} GET /public/stream, ${events} event-stream connections`,
            );
            // Bounded by the backoff (0.5–15 s after a round over every source, ≤ 6 sources here):
            // a storm would be hundreds.
            expect(asked, `${name}: connection attempts to dead servers in ~22 s`).toBeLessThanOrEqual(40);
            expect(json + events, `${name}: requests to the service in ~22 s`).toBeLessThanOrEqual(30);
            says = await read(p);
            expect(says.state, `${name}: not playing while every server is down`).not.toBe('playing');
          } finally {
            await Promise.all(counters.map((c) => c.close()));
          }
          const backAt = Date.now();
          await whole();
          const w = await waitSound(p, 'playing again by itself', 60_000);
          results.push(`${name}: servers back: sound again from ${serverName(station, w.playing)} ${Date.now() - backAt} ms after the restart began`);
          expect(w.message).toBeFalsy();
          expect(w.marker, `${name}: the same page`).toBe(says.marker);
        },
      );

      test(
        'eight players, more than one server admits: all play, spread over the servers; the listeners shown are Icecast’s',
        { timeout: 150_000 },
        async () => {
          await whole();
          const p = await pressEight(env, tag());
          const playing: PlayerReading[] = [];
          for (let i = 0; i < 8; i++) playing.push(await waitSound(p, `player ${i} playing`, 60_000, i));
          const spread: Record<string, number> = {};
          for (const w of playing) {
            const key = `${serverName(station, w.playing)}${new URL(w.playing).pathname}`;
            spread[key] = (spread[key] ?? 0) + 1;
          }
          const refused = station.servers.map((s) => {
            try {
              return readFileSync(`${s.dir}/access.log`, 'utf8')
                .split('\n')
                .filter((l) => /" 403 /.test(l)).length;
            } catch {
              return NaN;
            }
          });
          results.push(`${name}: eight players: ${JSON.stringify(spread)}; Icecast's 403s (master, relay1, relay2): ${refused.join(', ')}`);
          expect(Object.keys(spread).length, `${name}: spread over more than one server`).toBeGreaterThan(1);
          for (const w of playing) expect(w.message).toBeFalsy();

          // The count shown: the sum of Icecast's own counts, less each relay's place on the master.
          const counts = await station.listeners();
          const relayPlaces = station.mounts.length * station.relays.length;
          const sum = Object.values(counts).reduce((n, m) => n + Object.values(m).reduce((a, b) => a + b, 0), 0) - relayPlaces;
          expect(sum, `${name}: Icecast counts eight listeners`).toBe(8);
          const shown = await waitFor(p, `${sum} listeners shown`, (w) => w.listeners === `${sum} listeners`, 10_000, 0);
          results.push(
            `${name}: Icecast's counts ${JSON.stringify(counts)} (less ${relayPlaces} relay connections) = ${sum}; shown "${shown.listeners}"`,
          );
          // Let the next test start on empty servers.
          await env.open('<!doctype html><title>empty</title>');
        },
      );

      test('a source type the browser cannot play is skipped without a request', { timeout: 60_000 }, async () => {
        await whole();
        // A port of our own that counts: the unplayable source points there.
        let asked = 0;
        const trap = createServer((s) => (asked++, s.destroy()));
        await new Promise<void>((r) => trap.listen(0, '127.0.0.1', r));
        const trapUrl = `http://127.0.0.1:${(trap.address() as { port: number }).port}/live.never`;
        const proxy = await unplayableFirst(env.mock, trapUrl);
        try {
          const p = await listen(env, ` base-url="${proxy.url}"`);
          // (Playing from a server of the station: a relay, or the master if a relay is not back yet from an earlier kill.)
          const w = await vi.waitFor(
            async () => {
              const now = await read(p);
              expect(serverName(station, now.playing), `${name}: plays a source it can`).toMatch(/^(relay|master)/);
              return now;
            },
            { timeout: 15_000, interval: 200 },
          );
          await sleep(2000);
          expect(asked, `${name}: requests for the unplayable source`).toBe(0);
          results.push(
            `${name}: a source of type audio/x-castlet-none listed first: ${asked} requests for it; played ${serverName(station, w.playing)}${new URL(w.playing).pathname}`,
          );
        } finally {
          await proxy.close();
          await new Promise((r) => trap.close(r));
        }
      });
    });
  });
});
