/** What the mock service is started with (createApp, startServer) and what it gives back. */
import type { Hono } from 'hono';
import type { TokenPair } from '../../src/api/index.ts';
import type { capsFor } from './connections.ts';
import type { AppEnv } from './env.ts';
import type { HlsTier } from './hls/tier.ts';
import type { IcecastConfig } from './icecast/poller.ts';
import type { LiveItemsOptions } from './live-items.ts';
import type { Catalog } from './media/catalog.ts';
import type { Store } from './store.ts';

export interface AppOptions {
  /** The seeded account's tokens (default: the documented demo tokens). */
  tokens?: Partial<TokenPair>;
  /** Where manifest.json and the MP3s are (default demo/media), or the catalog itself. */
  mediaDir?: string;
  catalog?: Catalog;
  /** Served at `/` (default: the repo's index.html). */
  indexFile?: string;
  /** Root of the other static paths (default: the repo's dist/). */
  staticDir?: string;
  /** One line per request (default: stdout, written once per event-loop turn). */
  log?: (line: string) => void;
  /** SSE heartbeat period (default 15 000 ms). */
  heartbeatMs?: number;
  /** SSE changes within this window go out as one event (default 150 ms). */
  coalesceMs?: number;
  /** Live stream: bytes sent on connect (default 64 KiB) and timer period (default 250 ms). */
  burstBytes?: number;
  listenTickMs?: number;
  /** Now playing follows the live loop's track list (default false). */
  followLiveLoop?: boolean;
  /**
   * The public origin absolute URLs in responses are built from (PUBLIC_URL), never the
   * request's Host header. A function is read on every use (startServer passes the listen
   * address once it is known). Default http://127.0.0.1:8080.
   */
  publicUrl?: string | (() => string);
  /**
   * At most this many SSE and /listen connections open at once (default MAX_STREAMS), and
   * never more than half the descriptor limit; over it 503 `server_busy`.
   */
  maxStreams?: number;
  /** At most this many of them from one client address (default MAX_STREAMS_PER_CLIENT); over it 503 `too_many_connections`. */
  maxStreamsPerClient?: number;
  /** The process's descriptor limit the caps follow (default: read from /proc/self/limits). */
  descriptorLimit?: number;
  /** The live items' clock and how long ended ones stay listed (default: Date.now, 24 h). */
  liveItems?: LiveItemsOptions;
  /** The clock the schedule's on air and next are worked out on (default Date.now). */
  scheduleNow?: () => number;
  /**
   * Icecast mode: each channel's mountpoint is a mount on this Icecast (ICECAST_URL …);
   * /listen is then not served. Default: the built-in stream.
   */
  icecast?: IcecastConfig;
}

export interface MockApp {
  app: Hono<AppEnv>;
  store: Store;
  /** Open streams in all and per client, and sockets in all (for `server.maxConnections`). */
  caps: ReturnType<typeof capsFor>;
  /** The HLS tier in Icecast mode with HLS on (its segmenters and what its origin served). */
  hls: HlsTier | undefined;
  /** The delay probe's connections open now (Icecast counts them; the service does not: no listeners). */
  probeConnections: () => number;
  /** Ends every open SSE and /listen connection and stops the timers. */
  closeConnections(): void;
}
