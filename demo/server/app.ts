/**
 * The mock service: private API, public widget API, live stream, episode files, the page
 * and the bundle, all from one origin (docs/design.md §1).
 */
import { URL as NodeURL, fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import type { TokenPair } from '../../src/api/index.ts';
import { capsFor, Connections, descriptorLimit } from './connections.ts';
import type { AppEnv } from './env.ts';
import type { HlsTier } from './hls/tier.ts';
import { Icecast, type IcecastConfig } from './icecast/poller.ts';
import { LiveItems, type LiveItemsOptions } from './live-items.ts';
import { followLiveLoop } from './live-loop.ts';
import { ScheduleClock } from './schedule-clock.ts';
import { channelBroadcasts } from './media/broadcast.ts';
import { loadCatalog, type Catalog } from './media/catalog.ts';
import { errorHandler, notFound } from './middleware/errors.ts';
import { batchedStdout, requestLogger } from './middleware/log.ts';
import { oneHost } from './middleware/one-host.ts';
import { embedRoutes } from './routes/embed.ts';
import { hlsRoutes } from './routes/hls.ts';
import { listenRoutes } from './routes/listen.ts';
import { mediaRoutes } from './routes/media.ts';
import { oembedRoutes } from './routes/oembed.ts';
import { privateApi } from './routes/private.ts';
import { publicApi } from './routes/public.ts';
import { shareRoutes } from './routes/share.ts';
import { staticRoutes } from './routes/static.ts';
import { DEMO_TOKENS, loopOf, seedStore } from './seed.ts';
import type { Store } from './store.ts';
import { listenUrl, type Urls } from './views.ts';

// node:url's URL, so this also works where a test environment (happy-dom) replaces URL.
const REPO = fileURLToPath(new NodeURL('../../', import.meta.url));

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

export function createApp(options: AppOptions = {}): MockApp {
  const catalog = options.catalog ?? loadCatalog(options.mediaDir);
  // In Icecast mode the demo loop's tracks never played there: the history starts with Icecast's.
  const store = seedStore(catalog, { ...DEMO_TOKENS, ...options.tokens }, new Date(), !options.icecast);
  const publicUrl = options.publicUrl ?? 'http://127.0.0.1:8080';
  const urls: Urls = {
    get origin() {
      return typeof publicUrl === 'function' ? publicUrl() : publicUrl;
    },
    stream: (channel) => (icecast ? icecast.mountUrl(channel) : listenUrl(urls.origin, channel)),
    // Every loop is encoded alike (scripts/make-audio.sh): the first one's bitrate is the stream's.
    bitrate: Math.round(catalog.live.info.bitrate / 1000),
  };
  const log = options.log ?? batchedStdout();
  const icecast = options.icecast ? new Icecast(store, options.icecast, log, () => urls.origin) : undefined;
  // The demo loop plays on the built-in stream only; in Icecast mode titles come from the source.
  const followers = new Map(
    (options.followLiveLoop && !icecast ? store.channels : []).map((ch) => [ch.id, followLiveLoop(store, loopOf(catalog, ch), Date.now(), ch.id)]),
  );

  const broadcasts = channelBroadcasts(store, icecast ? [] : store.channels, catalog, {
    burstBytes: options.burstBytes ?? 64 * 1024,
    tickMs: options.listenTickMs ?? 250,
  });
  const liveItems = new LiveItems(store, urls, options.liveItems);
  if (options.scheduleNow) store.now = options.scheduleNow;
  const scheduleClock = new ScheduleClock(store);
  const caps = capsFor(options.descriptorLimit ?? descriptorLimit(), options);
  const connections = new Connections(caps.streams, caps.perClient);
  const closeListeners = () => broadcasts.forEach(({ broadcast }) => broadcast.closeAll());
  store.subscribe((event) => {
    if (event.type === 'ready' && !event.ready) closeListeners();
    liveItems.storeChanged(event);
    scheduleClock.storeChanged(event);
  });

  // Icecast mode: the pages' policies let their players fetch the Icecast mounts and, with the HLS
  // tier, its playlists from where they are served (HLS_PUBLIC_URL) and hls.js's media from `blob:`.
  const hlsUrl = options.icecast?.hls?.publicUrl;
  const hlsFrom = hlsUrl ? ` ${new URL(hlsUrl).origin}` : '';
  const mediaSrc = icecast ? { mediaSrc: `${new URL(icecast.url).origin}${icecast.hls ? `${hlsFrom} blob:` : ''}` } : {};

  const app = new Hono<AppEnv>();
  app.use('*', requestLogger(log), oneHost());
  app.route(
    '/private',
    privateApi(store, {
      tone: catalog.tone,
      urls,
      ...(icecast ? { icecast } : {}),
      ...(followers.size ? { nowPlayingUntil: (channel: string) => followers.get(channel)?.nextChange() ?? null } : {}),
      liveItems,
    }),
  );
  icecast?.start();
  app.route(
    '/public',
    publicApi(store, urls, connections, {
      heartbeatMs: options.heartbeatMs ?? 15_000,
      coalesceMs: options.coalesceMs ?? 150,
      retryMs: 3000,
    }),
  );
  app.route('/listen', listenRoutes(store, { broadcasts, connections, ...(icecast ? { icecastUrl: icecast.url } : {}) }));
  app.route('/media', mediaRoutes(store, catalog, urls));
  // The HLS tier's origin (Icecast mode with HLS on).
  if (icecast?.hls) app.route('/hls', hlsRoutes(icecast.hls));
  // Embed pages, share pages and oEmbed: pages of their own, before the static files.
  app.route('/embed', embedRoutes(mediaSrc));
  app.route('/s', shareRoutes(store, urls, mediaSrc));
  app.route('/oembed', oembedRoutes(store, urls));
  app.route(
    '/',
    staticRoutes({
      indexFile: options.indexFile ?? `${REPO}index.html`,
      // The page embeds the documented demo public token; serve the account's current one.
      page: (html: string) => html.replaceAll(DEMO_TOKENS.public_token, store.tokens.public_token),
      dir: options.staticDir ?? `${REPO}dist`,
      ...mediaSrc,
    }),
  );
  app.notFound(notFound);
  app.onError(errorHandler(log));

  return {
    app,
    store,
    caps,
    hls: icecast?.hls,
    probeConnections: () => icecast?.probe?.connections ?? 0,
    closeConnections() {
      followers.forEach((stop) => stop());
      liveItems.stop();
      scheduleClock.stop();
      icecast?.stop();
      connections.closeAll();
      closeListeners();
    },
  };
}
