/**
 * A small service of our own on a loopback port, for what the mock never does: hostile or
 * malformed data, silence, slow answers, pushes on demand. Real HTTP and SSE, no fetch mock.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
// The service keeps real time when a test fakes the widgets' clock (the harness's fakeClock).
import { setTimeout } from 'node:timers';

/** What a path answers: a JSON body (200), [status, body], 'silent' (never answers) or 'sse'. */
export type Answer = unknown | [number, unknown] | 'silent' | 'sse';

export interface Service {
  readonly url: string;
  /** The answer of each path (without the query); change it between requests. */
  readonly routes: Record<string, Answer>;
  /** GET requests seen per path. */
  hits(path: string): number;
  /** SSE connections of `path` open now. */
  listeners(path: string): number;
  /** Requests to 'silent' paths held open now (never answered). */
  held(): number;
  /** Sends an event to every open SSE connection of `path`. */
  push(path: string, event: string, data: unknown): void;
  /** Ends every open SSE connection of `path`. */
  end(path: string): void;
  close(): Promise<void>;
}

/** Fires 'change' whenever a 'silent' path starts or stops holding a request (the harness's `advance` waits on it). */
export const serviceChanges = new EventTarget();
const changed = () => serviceChanges.dispatchEvent(new Event('change'));

/** The services started and not closed yet. */
const open = new Set<Service>();

/** Closes every service a test started and left open (the harness's resetAfterEach). */
export const closeServices = () => Promise.all([...open].map((s) => s.close()));

export async function serve(routes: Record<string, Answer>, delay = 0): Promise<Service> {
  const seen = new Map<string, number>();
  const streams = new Map<string, Set<ServerResponse>>();
  const held = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const path = new URL(req.url!, 'http://x').pathname;
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.method !== 'GET') return res.end();
    seen.set(path, (seen.get(path) ?? 0) + 1);
    const answer = path in routes ? routes[path] : [404, { error: 'not_found', error_description: 'no' }];
    if (answer === 'silent') {
      held.add(res);
      changed();
      res.on('close', () => (held.delete(res), changed()));
      return;
    }
    if (answer === 'sse') {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
      res.write(': hello\n\n');
      const set = streams.get(path) ?? new Set();
      streams.set(path, set.add(res));
      res.on('close', () => set.delete(res));
      return;
    }
    const [status, body] = Array.isArray(answer) && typeof answer[0] === 'number' && answer.length === 2 ? answer : [200, answer];
    setTimeout(() => {
      res.writeHead(status as number, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    }, delay);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const service: Service = {
    url,
    routes,
    hits: (path) => seen.get(path) ?? 0,
    listeners: (path) => streams.get(path)?.size ?? 0,
    held: () => held.size,
    push: (path, event, data) => {
      for (const res of streams.get(path) ?? []) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end: (path) => {
      for (const res of streams.get(path) ?? []) res.end();
    },
    close: () =>
      new Promise<void>((r) => {
        open.delete(service);
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
  open.add(service);
  return service;
}

/** Well-formed data to start from: the service's own views of a small seeded store (test/support/fixtures.ts). */
export { feedWithLiveItem, podcastFeed, streamInfo } from './fixtures.ts';
