/**
 * Server-Sent Events of the public API: one named event carrying a JSON view, at once on
 * connect and on every change (bursts coalesced), a heartbeat comment, a `retry:` hint.
 * The connection ends when the tokens are reset (it was authorized by the old pair).
 * Used by /public/stream/events (event `stream`) and /public/podcasts/events (`podcasts`).
 */
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { Connections } from './connections.ts';
import type { AppEnv } from './env.ts';
import type { StoreEvent, Store } from './store.ts';

export interface SseOptions {
  heartbeatMs: number;
  /** Changes within this window are sent as one event. */
  coalesceMs: number;
  /** The reconnection delay suggested to EventSource. */
  retryMs: number;
}

/** What one event stream sends. */
export interface SseFeed {
  /** The SSE event name. */
  event: string;
  /** The current view as JSON text (sent when it differs from the last one sent). */
  render(): string;
  /** Whether a store event may change the view. */
  affects(event: StoreEvent): boolean;
}

/** A client this far behind (bytes queued) is disconnected rather than buffered for. */
const MAX_BACKLOG = 256 * 1024;

export const SSE_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Accel-Buffering': 'no',
};

/**
 * The event stream of `source` for the request `c` (whose connection is already counted).
 * A client more than MAX_BACKLOG bytes behind loses its connection rather than being buffered for.
 */
export function eventStream(c: Context<AppEnv>, store: Store, source: SseFeed, connections: Connections, opts: SseOptions): Response {
  const res = streamSSE(c, (stream) => {
    let last = '';
    let pending: ReturnType<typeof setTimeout> | undefined;
    let backlog = 0;
    let stopped = false;
    /** Writes one frame; its bytes count as backlog until the client has taken them. */
    const send = (write: Promise<unknown>, text: string) => {
      const bytes = Buffer.byteLength(text);
      backlog += bytes;
      void write.then(() => (backlog -= bytes));
      if (backlog > MAX_BACKLOG) stop(true);
    };
    const comment = (text: string) => !stopped && send(stream.write(text), text);
    const push = () => {
      pending = undefined;
      const data = source.render();
      if (stopped || data === last) return;
      last = data;
      send(stream.writeSSE({ event: source.event, data }), `event: ${source.event}\ndata: ${data}\n\n`);
    };
    const unsubscribe = store.subscribe((event) => {
      if (event.type === 'tokens') stop();
      else if (source.affects(event)) pending ??= setTimeout(push, opts.coalesceMs);
    });
    const heartbeat = setInterval(() => comment(': heartbeat\n\n'), opts.heartbeatMs);
    const unregister = connections.add(() => stop());
    let ended: () => void = () => {};
    const stop = (tooSlow = false) => {
      if (stopped) return;
      stopped = true;
      clearTimeout(pending);
      clearInterval(heartbeat);
      unsubscribe();
      unregister();
      // Too slow: drop the connection and what is queued for it; else end the stream.
      if (tooSlow) c.env.outgoing.destroy();
      ended();
    };
    stream.onAbort(() => stop());
    comment(`retry: ${opts.retryMs}\n\n`);
    push();
    return new Promise<void>((resolve) => (ended = resolve));
  });
  // Ours over streamSSE's defaults, on the response and on what Hono merges into it.
  for (const [name, value] of Object.entries(SSE_HEADERS)) {
    res.headers.set(name, value);
    c.header(name, value);
  }
  return res;
}
