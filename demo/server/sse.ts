/**
 * GET /public/stream/events: Server-Sent Events carrying the StreamInfo as event `stream`
 * at once and on every change (bursts coalesced), a heartbeat comment, a `retry:` hint.
 * The connection ends when the tokens are reset (it was authorized by the old pair).
 */
import type { ChannelRecord, Store } from './store.ts';
import { abortError, type Connections } from './connections.ts';
import { streamInfo } from './views.ts';

export interface SseOptions {
  heartbeatMs: number;
  /** Changes within this window are sent as one event. */
  coalesceMs: number;
  /** The reconnection delay suggested to EventSource. */
  retryMs: number;
}

/** A client this far behind (bytes queued) is disconnected rather than buffered for. */
const MAX_BACKLOG = 256 * 1024;

export const SSE_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Accel-Buffering': 'no',
};

export function streamEvents(
  store: Store,
  channel: ChannelRecord,
  origin: string,
  connections: Connections,
  opts: SseOptions,
): Response {
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
        const json = JSON.stringify(streamInfo(store, channel, origin));
        if (json === last) return;
        last = json;
        send(`event: stream\ndata: ${json}\n\n`);
      };
      const unsubscribe = store.subscribe((event) => {
        if (event.type === 'tokens') stop();
        else if (event.type === 'stream' && event.channel === channel.id) pending ??= setTimeout(push, opts.coalesceMs);
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
