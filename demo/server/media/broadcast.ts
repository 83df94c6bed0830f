/**
 * The live stream of one mount, Icecast-style: a broadcast clock loops over the MP3's
 * frames; a new listener gets a burst of the frames just before the live position, then
 * every listener gets the same frames, paced at the bitrate by one timer per mount.
 */
import type { AudioFile, Catalog } from './catalog.ts';
import { abortError } from '../connections.ts';
import { loopOf } from '../seed.ts';
import type { ChannelRecord, Store } from '../store.ts';

export interface BroadcastOptions {
  /** Bytes sent at once on connect (whole frames, at least this many). */
  burstBytes: number;
  /** How often the clock writes the new frames to all listeners. */
  tickMs: number;
  /** A listener this many bytes behind is disconnected rather than buffered for. */
  maxBacklog: number;
  /** Called with the number of open listener connections whenever it changes. */
  onListeners(count: number): void;
  now?: () => number;
}

interface Listener {
  controller: ReadableStreamDefaultController<Uint8Array>;
  /** What this listener gets instead of the plain frames (ICY metadata interleaved). */
  map: (chunk: Uint8Array) => Uint8Array;
  close(abort: boolean): void;
}

export class Broadcast {
  readonly byteRate: number;
  /**
   * Seconds behind the clock a new listener starts: the burst, plus half a tick on average
   * (the burst ends where the last tick did). Players show now playing this much later.
   */
  readonly delay: number;
  #frames: Uint8Array[];
  #frameMs: number;
  #epoch: number;
  #next = 0;
  #timer: ReturnType<typeof setInterval> | undefined;
  #listeners = new Set<Listener>();
  #opts: BroadcastOptions;
  #now: () => number;

  constructor(audio: AudioFile, opts: BroadcastOptions) {
    const { frameOffsets } = audio.info;
    if (frameOffsets.length === 0) throw new Error('the live MP3 has no frames');
    this.#frames = frameOffsets.map((start, i) => audio.bytes.subarray(start, frameOffsets[i + 1] ?? audio.bytes.length));
    this.#frameMs = audio.info.frameDuration * 1000;
    this.byteRate = audio.info.byteRate;
    const frameBytes = (audio.bytes.length - frameOffsets[0]!) / frameOffsets.length;
    this.delay = Math.round(Math.ceil(opts.burstBytes / frameBytes) * this.#frameMs + opts.tickMs / 2) / 1000;
    this.#opts = opts;
    this.#now = opts.now ?? Date.now;
    this.#epoch = this.#now();
  }

  get listeners(): number {
    return this.#listeners.size;
  }

  /** The absolute index of the frame the clock is at. */
  #position(): number {
    return Math.floor((this.#now() - this.#epoch) / this.#frameMs);
  }

  /** Frames [from, to) of the endless loop, concatenated. */
  #bytes(from: number, to: number): Uint8Array {
    const n = this.#frames.length;
    const parts: Uint8Array[] = [];
    for (let i = from; i < to; i++) parts.push(this.#frames[((i % n) + n) % n]!);
    return Buffer.concat(parts);
  }

  /** A new listener: the body of its response; `map` rewrites its chunks (default: none). */
  listen(map: (chunk: Uint8Array) => Uint8Array = (chunk) => chunk): ReadableStream<Uint8Array> {
    let listener: Listener | undefined;
    return new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          if (!this.#timer) {
            this.#next = this.#position();
            this.#timer = setInterval(() => this.#tick(), this.#opts.tickMs);
          }
          let from = this.#next;
          const n = this.#frames.length;
          for (let bytes = 0; bytes < this.#opts.burstBytes;) bytes += this.#frames[((--from % n) + n) % n]!.length;
          controller.enqueue(map(this.#bytes(from, this.#next)));
          listener = {
            controller,
            map,
            close: (abort) => {
              if (!this.#listeners.delete(listener!)) return;
              this.#changed();
              try {
                if (abort) controller.error(abortError('listener too slow'));
                else controller.close();
              } catch {
                // already cancelled by the client
              }
            },
          };
          this.#listeners.add(listener);
          this.#changed();
        },
        cancel: () => listener?.close(false),
      },
      { highWaterMark: this.#opts.burstBytes, size: (chunk) => chunk.byteLength },
    );
  }

  /** Ends every listener's connection (the server stopped, or shuts down). */
  closeAll(): void {
    for (const listener of [...this.#listeners]) listener.close(false);
  }

  #tick(): void {
    const to = this.#position();
    if (to <= this.#next) return;
    const chunk = this.#bytes(this.#next, to);
    this.#next = to;
    for (const listener of [...this.#listeners]) {
      listener.controller.enqueue(listener.map(chunk));
      if ((listener.controller.desiredSize ?? 0) < -this.#opts.maxBacklog) listener.close(true);
    }
  }

  #changed(): void {
    if (this.#listeners.size === 0 && this.#timer) {
      clearInterval(this.#timer);
      this.#timer = undefined;
    }
    this.#opts.onListeners(this.#listeners.size);
  }
}

/** Each channel's broadcast, by mountpoint. */
export type ChannelBroadcasts = Map<string, { channel: ChannelRecord; broadcast: Broadcast }>;

/**
 * A broadcast of its loop for each of `channels`; each one's listener count goes to the store,
 * and its delay is the channel's `stream_delay`.
 */
export function channelBroadcasts(
  store: Store,
  channels: readonly ChannelRecord[],
  catalog: Catalog,
  opts: { burstBytes: number; tickMs: number },
): ChannelBroadcasts {
  const broadcasts: ChannelBroadcasts = new Map(
    channels.map((channel) => [
      channel.mountpoint,
      {
        channel,
        broadcast: new Broadcast(loopOf(catalog, channel), {
          ...opts,
          maxBacklog: 256 * 1024,
          onListeners: (count) => store.setListeners(channel.id, count),
        }),
      },
    ]),
  );
  for (const { channel, broadcast } of broadcasts.values()) store.setStreamDelay(channel.id, broadcast.delay);
  return broadcasts;
}
