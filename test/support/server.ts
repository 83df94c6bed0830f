/**
 * Contract-test helpers: the real mock on a free loopback port, started before the
 * file's (or describe block's) tests and stopped after them.
 */
import { afterAll, beforeAll } from 'vitest';
import { DEMO_TOKENS } from '../../demo/server/seed.ts';
import { startServer, type RunningServer, type ServerOptions } from '../../demo/server/serve.ts';

export { DEMO_TOKENS };
export const PRIVATE = DEMO_TOKENS.private_token;
export const PUBLIC = DEMO_TOKENS.public_token;

export interface TestServer {
  readonly url: string;
  readonly server: RunningServer;
  /** Every request log line so far. */
  readonly logs: string[];
}

export function withServer(opts: ServerOptions = {}): TestServer {
  const logs: string[] = [];
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startServer({ heartbeatMs: 60_000, ...opts, host: '127.0.0.1', port: 0, log: (l) => logs.push(l) });
  });
  afterAll(async () => {
    await server?.close();
  });
  return {
    get url() {
      return server!.url;
    },
    get server() {
      return server!;
    },
    logs,
  };
}

export interface Reply {
  status: number;
  headers: Headers;
  /** The parsed JSON body (undefined when there is none or it is not JSON). */
  body: any;
  text: string;
}

/** fetch + read the whole body. */
export async function call(url: string, init?: RequestInit): Promise<Reply> {
  const res = await fetch(url, init);
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, body, text };
}

/** A JSON POST. */
export function postJson(url: string, data: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  return call(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(data) });
}

export interface SseMessage {
  event?: string;
  data?: string;
  retry?: string;
  comment?: string;
  at: number;
}

/** An open Server-Sent Events connection, parsed as it arrives. */
export interface EventsClient {
  response: Response;
  messages: SseMessage[];
  readonly ended: boolean;
  /** The `stream` events' payloads so far. */
  streams(): any[];
  /** The payloads of the events named `name` so far. */
  payloads(name: string): any[];
  close(): void;
}

export async function openEvents(url: string): Promise<EventsClient> {
  const abort = new AbortController();
  const response = await fetch(url, { signal: abort.signal });
  const messages: SseMessage[] = [];
  let ended = false;
  let buffer = '';
  void (async () => {
    try {
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const message: SseMessage = { at: Date.now() };
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) message.comment = line.slice(1).trim();
            else {
              const colon = line.indexOf(':');
              const field = line.slice(0, colon) as 'event' | 'data' | 'retry';
              message[field] = line.slice(colon + 1).trimStart();
            }
          }
          messages.push(message);
        }
      }
    } catch {
      // aborted
    }
    ended = true;
  })();
  const payloads = (name: string) => messages.filter((m) => m.event === name).map((m) => JSON.parse(m.data!));
  return {
    response,
    messages,
    get ended() {
      return ended;
    },
    streams: () => payloads('stream'),
    payloads,
    close: () => abort.abort(),
  };
}
