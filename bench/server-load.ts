/**
 * 5. The mock under load, beside bare node:http answering the same JSON (both in child
 * processes; autocannon here): checkToken (GET, Bearer) and /public/stream?token=, 20
 * connections, 5 s each after a 1 s warm-up. Then SSE: 500 event-stream clients (node:http,
 * parsing `event: stream`) and one setNowPlaying — the time until each client has it.
 */
import { readFileSync } from 'node:fs';
import { Agent, get, type IncomingMessage } from 'node:http';
import autocannon, { type Result } from 'autocannon';
import { startBare, startMock, type Child } from './children.ts';
import { PRIVATE, PUBLIC } from './env.ts';
import type { Part, Row } from './table.ts';
import { int, ms, percentile, sleep, until } from './util.ts';

const CONNECTIONS = 20;
const SECONDS = 5;
const SSE_CLIENTS = 500;

interface Target {
  path: string;
  headers?: Record<string, string>;
}
const CHECK: Target = { path: '/private/checkToken', headers: { Authorization: `Bearer ${PRIVATE}` } };
const STREAM: Target = { path: `/public/stream?token=${PUBLIC}` };

/** CPU seconds (user + system) the process has used, from /proc (clock ticks of 10 ms). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export interface LoadResult {
  rps: number;
  /** Server CPU per request, µs. */
  cpuUs: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function load(child: Child, t: Target, duration = SECONDS): Promise<LoadResult> {
  const cpu0 = cpuSeconds(child.proc.pid!);
  const r: Result = await autocannon({ url: child.url + t.path, connections: CONNECTIONS, duration, headers: t.headers ?? {} });
  const cpu = cpuSeconds(child.proc.pid!) - cpu0;
  return {
    rps: r.requests.average,
    cpuUs: (cpu / Math.max(1, r.requests.total)) * 1e6,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

export interface SseResult {
  clients: number;
  connectedMs: number;
  p50: number;
  p99: number;
  max: number;
  received: number;
  coalesceMs: number;
}

/** 500 SSE clients on `base`, then one setNowPlaying; ms until each client has the new title. */
async function sseFanOut(base: string): Promise<SseResult> {
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  const title = `Bench ${Date.now()}`;
  const initial = new Array<boolean>(SSE_CLIENTS).fill(false);
  const got = new Array<number>(SSE_CLIENTS).fill(NaN);
  const responses: IncomingMessage[] = [];
  const requests: ReturnType<typeof get>[] = [];
  let t0 = 0;
  const started = performance.now();
  try {
    const open = (i: number) =>
      new Promise<void>((resolve, reject) => {
        // Each client from its own loopback address, as 500 listeners are (one address may hold 32 streams).
        const req = get(
          `${base}/public/stream/events?token=${PUBLIC}`,
          { agent, localAddress: `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}` },
          (res) => {
            responses.push(res);
            if (res.statusCode !== 200) return reject(new Error(`SSE ${res.statusCode}`));
            res.setEncoding('utf8');
            let buf = '';
            res.on('data', (chunk: string) => {
              buf += chunk;
              let end: number;
              while ((end = buf.indexOf('\n\n')) >= 0) {
                const block = buf.slice(0, end);
                buf = buf.slice(end + 2);
                if (!block.startsWith('event: stream')) continue;
                initial[i] = true;
                if (t0 && Number.isNaN(got[i]) && block.includes(title)) got[i] = performance.now() - t0;
              }
            });
            res.on('error', () => {});
            resolve();
          },
        );
        req.on('error', reject);
        requests.push(req);
      });
    for (let i = 0; i < SSE_CLIENTS; i += 50) await Promise.all(Array.from({ length: 50 }, (_, k) => open(i + k)));
    const allIn = await until(() => initial.every(Boolean), 20_000);
    if (!allIn) throw new Error(`only ${initial.filter(Boolean).length} SSE clients had their first event`);
    const connectedMs = performance.now() - started;
    await sleep(300);
    t0 = performance.now();
    const res = await fetch(`${base}/private/setNowPlaying`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${PRIVATE}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title, artist: 'castlet bench' }),
    });
    if (res.status !== 200) throw new Error(`setNowPlaying → ${res.status}`);
    await until(() => got.every((v) => !Number.isNaN(v)), 10_000, 5);
    const times = got.filter((v) => !Number.isNaN(v));
    return {
      clients: SSE_CLIENTS,
      connectedMs,
      p50: percentile(times, 50),
      p99: percentile(times, 99),
      max: Math.max(...times),
      received: times.length,
      coalesceMs: 150,
    };
  } finally {
    for (const r of requests) r.destroy();
    agent.destroy();
  }
}

export interface ServerData {
  checkToken: { bare: LoadResult; mock: LoadResult; mockNoLog: LoadResult };
  stream: { bare: LoadResult; mock: LoadResult; mockNoLog: LoadResult };
  sse: SseResult;
}

export async function benchServer(): Promise<Part<ServerData>> {
  const children: Child[] = [];
  try {
    // The mock as `npm run mock` runs it: a request log line per request on stdout (here /dev/null).
    const mock = await startMock({}, { log: 'devnull' });
    children.push(mock);
    const body = async (t: Target) => (await fetch(mock.url + t.path, { headers: t.headers })).text();
    const bare = await startBare({ '/private/checkToken': await body(CHECK), '/public/stream': await body(STREAM) });
    children.push(bare);
    const quiet = await startMock({}, { log: 'off' });
    children.push(quiet);

    const run = async (t: Target) => {
      const out: Record<string, LoadResult> = {};
      for (const [name, child] of [
        ['bare', bare],
        ['mock', mock],
        ['mockNoLog', quiet],
      ] as const) {
        await load(child, t, 1); // warm-up (JIT)
        out[name] = await load(child, t);
      }
      return out as ServerData['checkToken'];
    };
    const checkToken = await run(CHECK);
    const stream = await run(STREAM);
    await quiet.stop();
    await bare.stop();
    const sse = await sseFanOut(mock.url);

    const rows: Row[] = [];
    const loadRows = (what: string, r: ServerData['checkToken'], goal: boolean) => {
      const ratio = r.mock.rps / r.bare.rps;
      rows.push({
        section: 'Mock',
        measure: `${what}: requests/s (p99)`,
        value: `${int(r.mock.rps)} (${ms(r.mock.p99)})${r.mock.non2xx + r.mock.errors ? `, ${r.mock.non2xx} non-2xx, ${r.mock.errors} errors` : ''}`,
        reference: `bare node:http ${int(r.bare.rps)} (${ms(r.bare.p99)}); ratio ${ratio.toFixed(2)}×; server CPU/request ${r.mock.cpuUs.toFixed(0)} µs vs ${r.bare.cpuUs.toFixed(0)} µs`,
        ...(goal ? { goal: '≥ 0.5× bare', met: ratio >= 0.5 } : {}),
      });
      rows.push({
        section: 'Mock',
        measure: `${what}, request log off: requests/s (p99)`,
        value: `${int(r.mockNoLog.rps)} (${ms(r.mockNoLog.p99)})`,
        reference: `ratio ${(r.mockNoLog.rps / r.bare.rps).toFixed(2)}× bare; CPU/request ${r.mockNoLog.cpuUs.toFixed(0)} µs`,
      });
    };
    loadRows('checkToken (Bearer)', checkToken, true);
    loadRows('/public/stream?token=', stream, false);
    rows.push({
      section: 'Mock',
      measure: `SSE: setNowPlaying → ${sse.clients} clients have it, p50 / p99 / max`,
      value: `${ms(sse.p50)} / ${ms(sse.p99)} / ${ms(sse.max)} (${sse.received}/${sse.clients})`,
      reference: `coalescing window ${sse.coalesceMs} ms (the floor); ${sse.clients} connected in ${ms(sse.connectedMs)}`,
    });
    return { rows, data: { checkToken, stream, sse } };
  } finally {
    await Promise.all(children.map((c) => c.stop()));
  }
}
