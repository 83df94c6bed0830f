/**
 * The long-lived responses (SSE, /listen) still open, so a shutdown can end them all, and
 * the cap on how many may be open at once.
 */
import { ApiFailure } from './respond.ts';

/**
 * Default cap on open SSE + /listen connections (each holds a socket and a file descriptor):
 * keep it below the process's descriptor limit (`ulimit -n`) with room for short requests.
 * `npm run mock` takes MAX_STREAMS from the environment.
 */
export const MAX_STREAMS = 1000;
/** Seconds a client is told to wait when the cap is reached. */
export const BUSY_RETRY_AFTER = 10;

export class Connections {
  #closers = new Set<() => void>();

  /**
   * @param max at most this many open at once, counting `others()` (the /listen listeners)
   */
  constructor(
    readonly max = MAX_STREAMS,
    private readonly others: () => number = () => 0,
  ) {}

  /** Registers `close`; returns the function that unregisters it. */
  add(close: () => void): () => void {
    this.#closers.add(close);
    return () => this.#closers.delete(close);
  }

  get size(): number {
    return this.#closers.size + this.others();
  }

  /** Throws 503 `server_busy` (with Retry-After) when no other stream may open. */
  reserve(): void {
    if (this.size >= this.max) {
      throw new ApiFailure('server_busy', 'Too many open streams on this server; try again shortly.', {
        'Retry-After': String(BUSY_RETRY_AFTER),
      });
    }
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
