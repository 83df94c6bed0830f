/**
 * Runs the mock on a real socket (@hono/node-server). `close()` ends the open SSE and
 * /listen connections too, so it returns promptly.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp, type AppOptions } from './app.ts';
import type { Store } from './store.ts';

export interface ServerOptions extends Omit<AppOptions, 'tokens'> {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  privateToken?: string;
  publicToken?: string;
}

export interface RunningServer {
  /** e.g. http://127.0.0.1:40123 */
  url: string;
  port: number;
  store: Store;
  close(): Promise<void>;
}

export async function startServer(opts: ServerOptions = {}): Promise<RunningServer> {
  const { port = 0, host = '127.0.0.1', privateToken, publicToken, ...appOptions } = opts;
  const mock = createApp({
    ...appOptions,
    tokens: {
      ...(privateToken ? { private_token: privateToken } : {}),
      ...(publicToken ? { public_token: publicToken } : {}),
    },
  });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = serve({ fetch: mock.app.fetch, port, hostname: host }, () => resolve(s as Server)) as Server;
    s.once('error', reject);
  });
  // A slow or silent client must not hold a socket forever.
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  const actual = (server.address() as AddressInfo).port;
  const hostInUrl = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${hostInUrl}:${actual}`,
    port: actual,
    store: mock.store,
    close: () =>
      new Promise<void>((resolve) => {
        mock.closeConnections();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
