/**
 * What the failover tests and the bench share (issue 29): a record kept in the page of when its
 * clock moved on which source (so the time from a kill to sound again is read from the page's own
 * clock, not from polling),
 * a stand-in that takes a dead server's port and counts what asks it, and a service proxy that
 * puts a source no browser plays first in the list.
 */
import { createServer as createHttp, request, type Server as HttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { embedPage, type EngineEnv, type EnginePage } from '../support/browser.ts';
import { waitPlayer } from '../support/players.ts';
import type { Station } from './station.ts';

export const STREAM = 'stream-player';
/** One moment the media clock moved: page time (ms since the epoch), the clock, the source. */
export interface Tick {
  at: number;
  t: number;
  src: string;
}

/**
 * In the page: marks the window (a reload would lose the mark) and records the media clock as it
 * moves, every 0.2 s of it or on a new source.
 */
export function recordTicks(sel: string) {
  const w = window as unknown as { marker: number; ticks: Tick[] };
  w.marker = Math.random();
  w.ticks = [];
  const m = (document.querySelector(sel) as HTMLElement & { media: HTMLMediaElement }).media;
  let last: Tick | undefined;
  const note = () => {
    const tick = { at: Date.now(), t: m.currentTime, src: m.currentSrc };
    if (!last || tick.src !== last.src || Math.abs(tick.t - last.t) >= 0.2) w.ticks.push((last = tick));
  };
  m.addEventListener('timeupdate', note);
  m.addEventListener('playing', note);
}
export const ticksOf = (p: EnginePage) => p.evaluate(() => (window as unknown as { ticks: Tick[] }).ticks, null);

/**
 * When sound came back after `killedAt` (ms since the epoch): the first tick on a source other
 * than `from` (a server's base URL; any source without it) whose clock has moved past that
 * source's first tick since the kill: the clock moving, not just a source loaded.
 */
export function soundAgain(ticks: Tick[], killedAt: number, from?: string): Tick | undefined {
  const after = ticks.filter((k) => k.at >= killedAt && k.src && !(from && k.src.startsWith(`${from}/`)));
  const first = new Map<string, number>();
  for (const k of after) {
    const t0 = first.get(k.src);
    if (t0 === undefined) first.set(k.src, k.t);
    else if (k.t > t0 + 0.1) return k;
  }
  return undefined;
}

/** "master", "relay1", "relay2" for a source URL of `station`. */
export function serverName(station: Station, url: string): string {
  const i = station.servers.findIndex((s) => url.startsWith(`${s.url}/`));
  return i < 0 ? `(not a station server: ${url})` : i === 0 ? 'master' : `relay${i}`;
}

/** Brings every server of `station` back (a no-op for those running) and waits for the relays' mounts. */
export async function wholeStation(station: Station): Promise<void> {
  for (const server of station.servers) if (server.pid === undefined) await server.restart();
  await station.relaysLive(station.relays, 30_000);
}

/**
 * A stand-in on a dead server's port: it counts the requests that come (by what they ask:
 * `/status-json.xsl` is the service's poll, anything else a listener) and drops each at once,
 * as a machine that is not there would.
 */
export interface PortCounter {
  listeners: number;
  polls: number;
  close(): Promise<void>;
}
export async function countOnPort(port: number): Promise<PortCounter> {
  const counter = { listeners: 0, polls: 0, close: async () => {} };
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let head = '';
    socket.on('data', (d) => {
      head += d.toString('latin1');
      if (!head.includes('\r\n')) return;
      if (/^\w+ \/status-json\.xsl/.test(head)) counter.polls++;
      else counter.listeners++;
      socket.destroy();
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  // (A browser's preconnected socket sends nothing: closed here, else `close` would wait for it.)
  counter.close = () => new Promise<void>((resolve) => (server.close(() => resolve()), sockets.forEach((s) => s.destroy())));
  return counter;
}

/**
 * A proxy of the service at `mock` whose `/public/stream` (JSON and events) lists first a source
 * of a type no browser plays (`audio/x-castlet-none`) at `never`; everything else passes as is.
 */
export async function unplayableFirst(mock: string, never: string): Promise<{ url: string; close(): Promise<void> }> {
  const target = new URL(mock);
  const rewrite = (json: string) => {
    const body = JSON.parse(json);
    if (Array.isArray(body.sources) && body.sources.length) {
      body.sources = [{ ...body.sources[0], url: never, type: 'audio/x-castlet-none' }, ...body.sources];
    }
    return JSON.stringify(body);
  };
  const server: HttpServer = createHttp((req, res) => {
    const headers = { ...req.headers, host: target.host };
    delete headers['if-none-match'];
    delete headers['accept-encoding'];
    const up = request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers }, (answer) => {
      const path = (req.url ?? '').split('?')[0];
      const out = { ...answer.headers };
      if (path === '/public/stream' || path === '/public/stream/events') {
        delete out['content-length'];
        delete out['etag'];
      }
      res.writeHead(answer.statusCode ?? 502, out);
      if (path === '/public/stream' && answer.statusCode === 200) {
        let text = '';
        answer.on('data', (d) => (text += d));
        answer.on('end', () => res.end(rewrite(text)));
      } else if (path === '/public/stream/events') {
        // One `data:` line per event here.
        let rest = '';
        answer.on('data', (d) => {
          const lines = (rest + d).split('\n');
          rest = lines.pop()!;
          res.write(lines.map((l) => (l.startsWith('data: {') ? `data: ${rewrite(l.slice(6))}` : l)).join('\n') + '\n');
        });
        answer.on('end', () => res.end(rest));
      } else answer.pipe(res);
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
    res.on('close', () => up.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2) : NaN;
};

/**
 * One page of eight `<stream-player>`s, each in a frame of its own (one castlet player plays per page), each ready, then
 * Play pressed on all eight at once (a real click in each frame). Half of them reach the service as `localhost`: each
 * player holds an event stream open, and a browser opens at most six connections to one host.
 */
export async function pressEight(env: EngineEnv, tag: string): Promise<EnginePage> {
  const other = env.mock.replace('127.0.0.1', 'localhost');
  const frames = [env.mock, other].map((mock) => env.pages.add(embedPage(mock, tag), {}));
  const cells = Array.from({ length: 8 }, (_, i) => `<iframe src="${frames[i % 2]}" style="width:440px;height:190px;border:0"></iframe>`).join('');
  const p = await env.open(`<!doctype html><html lang="en"><title>eight</title><body style="margin:0">${cells}</body></html>`);
  for (let i = 0; i < 8; i++) await waitPlayer(p, STREAM, `player ${i} ready`, (w) => w.state === 'ready', 20_000, i);
  for (let i = 0; i < 8; i++) {
    const at = await p.evaluate(
      ([i, sel]: [number, string]) => {
        const f = document.querySelectorAll('iframe')[i]!;
        const b = f.contentDocument!.querySelector(sel)!.shadowRoot!.querySelector('button[part=play]')!.getBoundingClientRect();
        const r = f.getBoundingClientRect();
        return { x: r.left + b.left + b.width / 2, y: r.top + b.top + b.height / 2 };
      },
      [i, STREAM] as [number, string],
    );
    await p.clickAt(at.x, at.y);
  }
  return p;
}
