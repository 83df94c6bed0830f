/**
 * The long-lived responses (SSE, /listen) still open, so a shutdown can end them all.
 */
export class Connections {
  #closers = new Set<() => void>();

  /** Registers `close`; returns the function that unregisters it. */
  add(close: () => void): () => void {
    this.#closers.add(close);
    return () => this.#closers.delete(close);
  }

  get size(): number {
    return this.#closers.size;
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
