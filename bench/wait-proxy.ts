/**
 * A TCP proxy in front of an Icecast server that times, for each connection, how long the
 * server took to send the audio (bench/first-sound.ts). Icecast answers a new listener's
 * headers at once and sends the burst when its source next reads from upstream: measured here,
 * 0.2–0.9 s after the request on a 32 kbit/s relay, whoever asks. That wait is the server's,
 * the same for every player; what a player adds is the rest (press → request, audio → sound).
 */
import { createConnection, createServer, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';

export interface Connection {
  /** The request line's path (`/live?…`). */
  path: string;
  /** When the request came (performance.now() of this process). */
  at: number;
  /**
   * When the audio began to come: past the first KiB (Icecast answers with its headers first,
   * then, at its source's next read, the burst).
   */
  audioAt?: number;
  /** Bytes answered so far. */
  bytes: number;
}

export interface WaitProxy {
  url: string;
  connections: Connection[];
  /** The first connection for `path` (a prefix of the path, query aside) that came after `since`. */
  after(since: number, path: (p: string) => boolean): Connection | undefined;
  close(): Promise<void>;
}

export function startWaitProxy(target: string): Promise<WaitProxy> {
  const { hostname, port } = new URL(target);
  const connections: Connection[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = createConnection({ host: hostname, port: Number(port) });
    sockets.add(client).add(upstream);
    let conn: Connection | undefined;
    client.on('data', (chunk: Buffer) => {
      if (!conn) {
        conn = { path: /^\w+ (\S+)/.exec(chunk.toString('latin1'))?.[1] ?? '', at: performance.now(), bytes: 0 };
        connections.push(conn);
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (conn && (conn.bytes += chunk.length) > 1024) conn.audioAt ??= performance.now();
      client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    for (const s of [client, upstream]) s.on('close', end).on('error', end);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port: own } = server.address() as { port: number };
      resolve({
        url: `http://127.0.0.1:${own}`,
        connections,
        after: (since, path) => connections.find((c) => c.at >= since && path(c.path.split('?')[0]!)),
        close: () =>
          new Promise<void>((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      });
    }),
  );
}
