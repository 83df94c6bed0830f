/**
 * The long-lived responses (SSE, /listen) still open, so a shutdown can end them all, and
 * the caps on how many may be open at once: in all, and per client address. Each holds a
 * socket, so a file descriptor: the caps follow the process's descriptor limit.
 */
import { readFileSync } from 'node:fs';
import type { HttpBindings } from '@hono/node-server';
import { ApiFailure } from './respond.ts';

/** Default cap on open SSE + /listen connections, where the descriptor limit allows it. */
export const MAX_STREAMS = 1000;
/** Default cap on one client address's open SSE + /listen connections. */
export const MAX_STREAMS_PER_CLIENT = 32;
/** Seconds a client is told to wait when a cap is reached. */
export const BUSY_RETRY_AFTER = 10;
/**
 * Descriptors the process keeps for itself (stdio, its event loop, the listening socket, files it
 * reads): the mock holds 29 at idle under tsx, and a socket past the cap holds one until it is
 * closed, so 32 left a file read short of one under load (EMFILE: a 500) in a CI run.
 */
const OWN_DESCRIPTORS = 64;

/**
 * The soft limit on open files (`ulimit -n`) of this process: Node has no getrlimit, Linux
 * tells it in /proc/self/limits. Elsewhere (or unreadable): 1024, the usual default.
 */
export function descriptorLimit(limits = () => readFileSync('/proc/self/limits', 'utf8')): number {
  try {
    const soft = /^Max open files\s+(\S+)/m.exec(limits())?.[1];
    if (soft === 'unlimited') return Infinity;
    const n = Number(soft);
    if (Number.isInteger(n) && n > 0) return n;
  } catch {
    // no /proc
  }
  return 1024;
}

/**
 * The caps for a descriptor limit: streams may take half of it (the other half is for the
 * process itself and ordinary requests), `wanted` or MAX_STREAMS at most; one client
 * address `perClient` (default MAX_STREAMS_PER_CLIENT) at most; every socket together
 * (`server.maxConnections`) all but the process's own.
 */
export function capsFor(limit: number, wanted: { maxStreams?: number; maxStreamsPerClient?: number } = {}) {
  const streams = Math.max(1, Math.min(wanted.maxStreams ?? MAX_STREAMS, Math.floor(limit / 2)));
  return {
    limit,
    streams,
    perClient: Math.min(streams, wanted.maxStreamsPerClient ?? MAX_STREAMS_PER_CLIENT),
    sockets: Math.max(streams + 1, limit - OWN_DESCRIPTORS),
  };
}

/**
 * Whom a connection counts for: an IPv4 address (also IPv4-mapped), or the /64 of an IPv6
 * one, since a single host usually has a whole /64 to pick addresses from.
 */
export function clientOf(address: string | undefined): string {
  if (!address) return '';
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (v4) return v4[1]!;
  const [head = '', tail] = address.replace(/%.*$/, '').split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // `::` stands for as many zero groups as are missing.
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

export class Connections {
  #closers = new Set<() => void>();
  #open = 0;
  #byClient = new Map<string, number>();

  /**
   * @param max at most this many open at once
   * @param perClient at most this many of them for one client (see clientOf)
   */
  constructor(
    readonly max: number,
    readonly perClient: number,
  ) {}

  /** Registers `close` (for closeAll); returns the function that unregisters it. */
  add(close: () => void): () => void {
    this.#closers.add(close);
    return () => this.#closers.delete(close);
  }

  /** Open long-lived responses. */
  get size(): number {
    return this.#open;
  }

  /** Open long-lived responses of `client`. */
  of(client: string): number {
    return this.#byClient.get(client) ?? 0;
  }

  /**
   * Counts one more long-lived response of `client`, until the returned function is called
   * (once is enough; more do nothing). Past a cap it throws 503 with Retry-After instead:
   * `server_busy` for everyone's, else `too_many_connections` for the client's own.
   */
  open(client: string): () => void {
    const retry = { 'Retry-After': String(BUSY_RETRY_AFTER) };
    const mine = this.of(client);
    if (this.#open >= this.max) throw new ApiFailure('server_busy', 'Too many open streams on this server; try again shortly.', retry);
    if (mine >= this.perClient) {
      throw new ApiFailure(
        'too_many_connections',
        `Too many open streams from your address (at most ${this.perClient}); close some or try again shortly.`,
        retry,
      );
    }
    this.#open++;
    this.#byClient.set(client, mine + 1);
    let open = true;
    return () => {
      if (!open) return;
      open = false;
      this.#open--;
      const left = this.of(client) - 1;
      if (left) this.#byClient.set(client, left);
      else this.#byClient.delete(client);
    };
  }

  /** open() for the response `outgoing` to `incoming`'s client, released when it closes. */
  hold({ incoming, outgoing }: HttpBindings): void {
    const release = this.open(clientOf(incoming.socket.remoteAddress));
    if (outgoing.closed) release();
    else outgoing.once('close', release);
  }

  closeAll(): void {
    for (const close of [...this.#closers]) close();
    this.#closers.clear();
  }
}

/**
 * The error that ends a long-lived response abruptly (a client too slow to keep up):
 * @hono/node-server destroys the socket and treats it like a client abort.
 */
export function abortError(reason: string): Error {
  return Object.assign(new Error(reason), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
}
