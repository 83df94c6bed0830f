/**
 * Server-Sent Events of the public API: one named event carrying a JSON view, at once on
 * connect and on every change (bursts coalesced), a heartbeat comment, a `retry:` hint.
 * The connection ends when the tokens are reset (it was authorized by the old pair).
 * Used by /public/stream/events (event `stream`) and /public/podcasts/events (`podcasts`).
 */
import type { StoreEvent, Store } from './store.ts';
import { abortError, type Connections } from './connections.ts';

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

export function eventStream(store: Store, source: SseFeed, connections: Connections, opts: SseOptions): Response {
  const encoder = new TextEncoder();
  let stop: (abort?: boolean) => void = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let last = '';
      let pending: ReturnType<typeof setTimeout> | undefined;
      let stopped = false;
      const send = (text: string) => {
        if (stopped) return;
        controller.enqueue(encoder.encode(text));
        if ((controller.desiredSize ?? 0) < -MAX_BACKLOG) stop(true);
      };
      const push = () => {
        pending = undefined;
        const json = source.render();
        if (json === last) return;
        last = json;
        send(`event: ${source.event}\ndata: ${json}\n\n`);
      };
      const unsubscribe = store.subscribe((event) => {
        if (event.type === 'tokens') stop();
        else if (source.affects(event)) pending ??= setTimeout(push, opts.coalesceMs);
      });
      const heartbeat = setInterval(() => send(': heartbeat\n\n'), opts.heartbeatMs);
      const unregister = connections.add(() => stop());
      stop = (abort = false) => {
        if (stopped) return;
        stopped = true;
        clearTimeout(pending);
        clearInterval(heartbeat);
        unsubscribe();
        unregister();
        try {
          if (abort) controller.error(abortError('event stream client too slow'));
          else controller.close();
        } catch {
          // already cancelled by the client
        }
      };
      send(`retry: ${opts.retryMs}\n\n`);
      push();
    },
    cancel() {
      stop();
    },
    // Count the backlog in bytes (the default counts chunks).
  }, { size: (chunk) => chunk.byteLength });
  return new Response(body, { headers: SSE_HEADERS });
}
