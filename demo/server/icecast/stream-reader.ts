/**
 * An HTTP connection reading a live stream for the delay probe: every chunk that arrives,
 * when it arrived and at which byte offset. Nothing is parsed here.
 */

/** What arrived at once: when (ms since the epoch), at which byte of the stream, the bytes. */
export interface Chunk {
  at: number;
  offset: number;
  bytes: Uint8Array;
}

/** A connection reading a stream, keeping what arrives and when. */
export class StreamReader {
  chunks: Chunk[] = [];
  received = 0;
  done = false;
  #abort = new AbortController();
  /** Whether the server answered 2xx with a body within `timeoutMs`. */
  readonly started: Promise<boolean>;

  constructor(url: string, timeoutMs: number) {
    this.started = (async () => {
      const timer = setTimeout(() => this.#abort.abort(), timeoutMs);
      try {
        const res = await fetch(url, { signal: this.#abort.signal, headers: { 'User-Agent': 'castlet-delay-probe' } });
        clearTimeout(timer);
        if (!res.ok || !res.body) {
          await res.body?.cancel();
          return false;
        }
        void this.#pump(res.body.getReader());
        return true;
      } catch {
        clearTimeout(timer);
        return false;
      }
    })();
  }

  async #pump(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        this.chunks.push({ at: Date.now(), offset: this.received, bytes: value });
        this.received += value.byteLength;
      }
    } catch {
      // closed by us, or the server went away
    }
    this.done = true;
  }

  bytes(): Buffer {
    return Buffer.concat(this.chunks.map((c) => c.bytes));
  }

  close(): void {
    this.#abort.abort();
  }
}
