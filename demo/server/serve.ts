/**
 * Runs the mock on a real socket (@hono/node-server). `close()` ends the open SSE and
 * /listen connections too, so it returns promptly.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp, type AppOptions, type MockApp } from './app.ts';
import type { Store } from './store.ts';

export interface ServerOptions extends Omit<AppOptions, 'tokens' | 'publicUrl'> {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  privateToken?: string;
  publicToken?: string;
  /** PUBLIC_URL: the origin of absolute URLs in responses (default: the listen address). */
  publicUrl?: string;
  /** A client must send its request headers within this time (default 10 000 ms). */
  headersTimeoutMs?: number;
  /** … and its whole request within this time (default 30 000 ms). */
  requestTimeoutMs?: number;
}

export interface RunningServer {
  /** e.g. http://127.0.0.1:40123 */
  url: string;
  port: number;
  store: Store;
  /** The descriptor limit, and the caps on open streams and sockets that follow from it. */
  caps: MockApp['caps'];
  /** The HLS tier (Icecast mode with `icecast.hls`), else undefined. */
  hls: MockApp['hls'];
  probeConnections: MockApp['probeConnections'];
  close(): Promise<void>;
}

export async function startServer(opts: ServerOptions = {}): Promise<RunningServer> {
  const {
    port = 0,
    host = '127.0.0.1',
    privateToken,
    publicToken,
    publicUrl,
    headersTimeoutMs = 10_000,
    requestTimeoutMs = 30_000,
    ...appOptions
  } = opts;
  let url = '';
  const mock = createApp({
    ...appOptions,
    publicUrl: publicUrl ? publicUrl.replace(/\/+$/, '') : () => url,
    tokens: {
      ...(privateToken ? { private_token: privateToken } : {}),
      ...(publicToken ? { public_token: publicToken } : {}),
    },
  });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = serve(
      {
        fetch: mock.app.fetch,
        port,
        hostname: host,
        // A slow or silent client must not hold a socket forever: Node checks these
        // time-outs every connectionsCheckingInterval (30 s by default, far too coarse).
        serverOptions: {
          headersTimeout: headersTimeoutMs,
          requestTimeout: requestTimeoutMs,
          connectionsCheckingInterval: Math.min(1000, headersTimeoutMs / 2),
        },
      },
      () => resolve(s as Server),
    ) as Server;
    // Every socket together stays within the descriptor limit (a new one past it is closed at once).
    s.maxConnections = mock.caps.sockets;
    s.once('error', reject);
  });
  const actual = (server.address() as AddressInfo).port;
  const hostInUrl = host.includes(':') ? `[${host}]` : host;
  url = `http://${hostInUrl}:${actual}`;
  return {
    url,
    port: actual,
    store: mock.store,
    caps: mock.caps,
    hls: mock.hls,
    probeConnections: mock.probeConnections,
    close: () =>
      new Promise<void>((resolve) => {
        mock.closeConnections();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
