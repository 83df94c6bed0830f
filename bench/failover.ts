/**
 * Failover against real servers (issue 29), measured, never asserted: a station of Debian's
 * icecast2 (a master fed by ezstream, `/live` MP3 and `/live.opus` Ogg Opus, two relays by
 * Icecast's own `<relay>`; test/icecast/station.ts), each server behind a counting TCP proxy of
 * the bench's own on loopback (so every byte a listener receives is seen, with when), the mock in
 * Icecast mode pointed at the proxies, and <stream-player> in each engine this machine has.
 *
 * - Kill to sound again: the server the player is on is killed (SIGKILL), KILLS times per engine;
 *   the time from the kill to the player's media clock moving on another source (the page's own
 *   record: one clock for the page and the bench).
 * - Bytes during a failover: what the player received from the kill until sound again, and how
 *   long two listening connections of the player were open at once (0: never two streams).
 * - Time to first sound: a plain <audio> on a relay's mount against the master's, play() to
 *   the clock moving (median of REPS, each on a fresh element and connection).
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { ServerOptions } from '../demo/server/serve.ts';
import { startServer } from '../demo/server/serve.ts';
import { embedPage, startPages } from '../test/support/browser-pages.ts';
import { launchEngine, PUBLIC, selectedEngines } from '../test/support/browser.ts';
import type { EngineName, EnginePage } from '../test/support/browser-engine.ts';
import { recordTicks, soundAgain, STREAM, ticksOf, type Tick } from '../test/icecast/failover-support.ts';
import { readPlayer } from '../test/support/players.ts';
import { missingStation, startStation, type Station } from '../test/icecast/station.ts';
import type { Part, Row } from './table.ts';
import { kib, median, ms, nameShim, sleep, until } from './util.ts';

const KILLS = 4;

const REPS = 3;

/** One connection through a proxy: when it opened and closed, and when each chunk came. */
export interface Conn {
  server: number;
  /** Since when it carries a listener's stream (its first request for anything but the status or the admin), if it does. */
  listening?: number;
  opened: number;
  closed?: number;
  chunks: [number, number][];
}

/** A TCP proxy on a port of its own in front of `target` (a server's port), recording every connection. */
export async function proxy(server: number, target: () => number, conns: Conn[]): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const srv: Server = createServer((client) => {
    const c: Conn = { server, opened: Date.now(), chunks: [] };
    conns.push(c);
    const up = connect(target(), '127.0.0.1');
    sockets.add(client).add(up);
    // A listener's stream: a request for anything but the status or the admin (on a kept-alive
    // connection, after a status poll perhaps).
    client.on('data', (d: Buffer) => {
      if (/^[A-Z]+ \/(?!status-json\.xsl|admin)/m.test(d.toString('latin1'))) c.listening ??= Date.now();
    });
    client.pipe(up);
    up.on('data', (d: Buffer) => {
      c.chunks.push([Date.now(), d.length]);
      client.write(d);
    });
    const end = () => {
      c.closed ??= Date.now();
      client.end();
      up.destroy();
    };
    up.on('end', end).on('error', () => (client.destroy(), (c.closed ??= Date.now())));
    client.on('close', () => ((c.closed ??= Date.now()), up.destroy())).on('error', () => {});
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  return {
    port: (srv.address() as { port: number }).port,
    close: () => new Promise<void>((r) => (sockets.forEach((s) => s.destroy()), srv.close(() => r()))),
  };
}

/** Milliseconds in [from, to] during which two listening connections were open at once. */
export function overlapMs(conns: Conn[], from: number, to: number): number {
  const streams = conns.flatMap((c) => (c.listening === undefined ? [] : [[c.listening, c.closed ?? Infinity] as const]));
  let total = 0;
  for (let t = from; t < to; t += 10) if (streams.filter(([open, closed]) => open <= t && closed > t).length > 1) total += 10;
  return total;
}

export const bytesIn = (conns: Conn[], from: number, to: number) =>
  conns.reduce(
    (n, c) =>
      n + c.chunks.filter(([at]) => c.listening !== undefined && at >= Math.max(from, c.listening) && at <= to).reduce((a, [, b]) => a + b, 0),
    0,
  );

/** In the page: a plain <audio> on `url`, play() to its clock moving (ms), then released. */
async function firstSound(url: string): Promise<number> {
  const a = new Audio();
  const t0 = performance.now();
  a.src = url;
  await a.play().catch(() => {});
  return new Promise<number>((resolve) => {
    const done = (v: number) => {
      clearInterval(id);
      a.removeAttribute('src');
      a.load();
      resolve(v);
    };
    const id = setInterval(() => {
      if (a.currentTime > 0.05) done(performance.now() - t0);
      else if (performance.now() - t0 > 20_000) done(NaN);
    }, 10);
  });
}

interface EngineResult {
  engine: EngineName;
  kills: { from: string; to: string; ms: number; bytes: number; overlapMs: number }[];
  firstSound: { relay: number[]; master: number[] };
  skipped?: string;
}

export async function benchFailover(): Promise<Part> {
  const missing = missingStation();
  if (missing) {
    return {
      rows: [{ section: 'Failover', measure: 'kill to sound again', value: `skipped: ${missing}`, reference: '' }],
      data: { skipped: missing },
    };
  }
  const conns: Conn[] = [];
  const station: Station = await startStation();
  const proxies = await Promise.all(station.servers.map((s, i) => proxy(i, () => s.port, conns)));
  const base = (i: number) => `http://127.0.0.1:${proxies[i]!.port}`;
  const name = (url: string) => {
    const i = proxies.findIndex((p) => url.startsWith(`http://127.0.0.1:${p.port}/`));
    return `${i === 0 ? 'master' : `relay${i}`}${new URL(url).pathname}`;
  };
  const options: ServerOptions = {
    coalesceMs: 50,
    heartbeatMs: 60_000,
    host: '127.0.0.1',
    port: 0,
    log: () => {},
    icecast: { url: base(0), relays: [base(1), base(2)], pollMs: 500, measureDelay: false },
  };
  const [mock, pages] = await Promise.all([startServer(options), startPages()]);
  const results: EngineResult[] = [];
  try {
    // Every engine this machine has, or those of ENGINES (a comma list, as in the tests).
    for (const { name: engine, skip: why } of selectedEngines()) {
      if (why) {
        results.push({ engine, kills: [], firstSound: { relay: [], master: [] }, skipped: why });
        continue;
      }
      const browser = await launchEngine[engine]();
      const r: EngineResult = { engine, kills: [], firstSound: { relay: [], master: [] } };
      results.push(r);
      try {
        const p: EnginePage = await browser.newPage();
        await p.goto(pages.add(embedPage(mock.url, `<stream-player public-token="${PUBLIC}"></stream-player>`)));
        await nameShim(p);
        await until(async () => (await p.evaluate(readPlayer, [STREAM, -1] as [string, number])).state === 'ready', 15_000, 100);
        await p.evaluate(recordTicks, STREAM);
        await p.click(`${STREAM} >>> button[part=play]`);
        await until(async () => (await p.evaluate(readPlayer, [STREAM, -1] as [string, number])).state === 'playing', 30_000, 100);
        const state = async () => await p.evaluate(readPlayer, [STREAM, -1] as [string, number]);
        const serverOf = (src: string) => proxies.findIndex((x) => src.startsWith(`http://127.0.0.1:${x.port}/`));
        for (let k = 0; k < KILLS; k++) {
          await sleep(3000);
          // Relays only: the master killed takes every relay's mounts with it (nothing to fail
          // over to). On the master (the relays were down when it failed over): Pause, then Play
          // starts again on the first source, a relay.
          if (serverOf((await state()).playing) < 1) {
            await p.click(`${STREAM} >>> button[part=play]`);
            await until(async () => (await state()).state !== 'playing', 10_000, 100);
            await p.click(`${STREAM} >>> button[part=play]`);
            await until(
              async () => {
                const now = await state();
                return now.state === 'playing' && serverOf(now.playing) > 0;
              },
              30_000,
              100,
            );
            await sleep(3000);
          }
          const on = (await state()).playing;
          const i = serverOf(on);
          if (i < 1) break;
          const killedAt = Date.now();
          await station.servers[i]!.kill();
          let again: Tick | undefined;
          await until(async () => (again = soundAgain(await ticksOf(p), killedAt, base(i))), 30_000, 100);
          const soundAt = again?.at ?? NaN;
          r.kills.push({
            from: name(on),
            to: again ? name(again.src) : 'none',
            ms: soundAt - killedAt,
            bytes: bytesIn(conns, killedAt, soundAt),
            overlapMs: overlapMs(conns, killedAt - 2000, (soundAt || Date.now()) + 3000),
          });
          await station.servers[i]!.restart();
          await station.relaysLive(station.relays, 30_000);
        }
        await p.close();
        const q = await browser.newPage();
        await q.goto(pages.add('<!doctype html><title>first sound</title><body></body>'));
        await nameShim(q);
        for (let n = 0; n < REPS; n++) {
          r.firstSound.relay.push(await q.evaluate(firstSound, `${base(1)}/live.opus?n=${n}`));
          r.firstSound.master.push(await q.evaluate(firstSound, `${base(0)}/live.opus?n=${n}`));
        }
        await q.close();
      } finally {
        await browser.close().catch(() => {});
      }
    }
  } finally {
    await Promise.all([mock.close(), pages.close(), ...proxies.map((p) => p.close())]);
    await station.close();
  }

  const rows: Row[] = [];
  for (const r of results) {
    if (r.skipped) {
      rows.push({ section: 'Failover', measure: `${r.engine}: kill to sound again`, value: `skipped: ${r.skipped}`, reference: '' });
      continue;
    }
    const times = r.kills.map((k) => k.ms);
    rows.push(
      {
        section: 'Failover',
        measure: `${r.engine}: kill to sound again (${times.length} kills, median / worst)`,
        value: `${ms(median(times))} / ${ms(Math.max(...times))}`,
        reference: r.kills.map((k) => `${k.from}→${k.to} ${ms(k.ms)}`).join('; '),
        goal: '≤ 5000 ms (issue 29)',
        met: times.length > 0 && Math.max(...times) <= 5000,
      },
      {
        section: 'Failover',
        measure: `${r.engine}: bytes received kill → sound again (median); two streams at once`,
        value: `${kib(median(r.kills.map((k) => k.bytes)))}; ${Math.max(0, ...r.kills.map((k) => k.overlapMs))} ms`,
        reference: 'one connection at a time: 0 ms',
        goal: '0 ms overlap',
        met: r.kills.every((k) => k.overlapMs === 0),
      },
      {
        section: 'Failover',
        measure: `${r.engine}: first sound, <audio> on relay1/live.opus (median of ${REPS})`,
        value: ms(median(r.firstSound.relay)),
        reference: `master/live.opus ${ms(median(r.firstSound.master))}`,
      },
    );
  }
  return { rows, data: results };
}
