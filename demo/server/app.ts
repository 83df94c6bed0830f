/**
 * The mock service: private API, public widget API, live stream, episode files, the page
 * and the bundle, all from one origin (docs/design.md §1).
 */
import { URL as NodeURL, fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { artworkFile } from './media/artwork.ts';
import type { TokenPair } from './auth.ts';
import { Broadcast } from './media/broadcast.ts';
import { loadCatalog, type Catalog } from './media/catalog.ts';
import { capsFor, Connections, descriptorLimit } from './connections.ts';
import type { AppEnv } from './env.ts';
import { embedRoutes } from './routes/embed.ts';
import { episodeAudio, type EpisodeFormat } from './media/episode-audio.ts';
import { episodeText, type EpisodeTextKind } from './media/episode-text.ts';
import { Icecast, type IcecastConfig } from './icecast/poller.ts';
import { ICY_METAINT, icyInterleaver, icyTitle } from './media/icy.ts';
import { LiveItems, type LiveItemsOptions } from './live-items.ts';
import { followLiveLoop } from './live-loop.ts';
import { batchedStdout, requestLogger } from './middleware/log.ts';
import { privateApi } from './routes/private.ts';
import { publicApi, publicCors } from './routes/public.ts';
import { ApiFailure, conditionalGet } from './respond.ts';
import { DEMO_TOKENS, loopOf, seedStore } from './seed.ts';
import { bundleFiles, notFoundText, PAGE_CSP } from './routes/static.ts';
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
  /**
   * Icecast mode: each channel's mountpoint is a mount on this Icecast (ICECAST_URL …);
   * /listen is then not served. Default: the built-in stream.
   */
  icecast?: IcecastConfig;
}

/** How many Host headers Node's raw header list (name, value, name, value …) holds. */
function hostCount(rawHeaders: string[]): number {
  let hosts = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i]!.length === 4 && rawHeaders[i]!.toLowerCase() === 'host') hosts++;
  return hosts;
}

export interface MockApp {
  app: Hono<AppEnv>;
  store: Store;
  /** Open streams in all and per client, and sockets in all (for `server.maxConnections`). */
  caps: ReturnType<typeof capsFor>;
  /** Ends every open SSE and /listen connection and stops the timers. */
  closeConnections(): void;
}

export function createApp(options: AppOptions = {}): MockApp {
  const catalog = options.catalog ?? loadCatalog(options.mediaDir);
  const store = seedStore(catalog, { ...DEMO_TOKENS, ...options.tokens });
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
  const icecast = options.icecast ? new Icecast(store, options.icecast, log) : undefined;
  // The demo loop plays on the built-in stream only; in Icecast mode titles come from the source.
  const followers = new Map(
    (options.followLiveLoop && !icecast ? store.channels : []).map((ch) => [ch.id, followLiveLoop(store, loopOf(catalog, ch), Date.now(), ch.id)]),
  );

  const broadcasts = new Map(
    (icecast ? [] : store.channels).map((channel) => [
      channel.mountpoint,
      {
        channel,
        broadcast: new Broadcast(loopOf(catalog, channel), {
          burstBytes: options.burstBytes ?? 64 * 1024,
          tickMs: options.listenTickMs ?? 250,
          maxBacklog: 256 * 1024,
          onListeners: (count) => store.setListeners(channel.id, count),
        }),
      },
    ]),
  );
  for (const { channel, broadcast } of broadcasts.values()) {
    store.setStreamDelay(channel.id, broadcast.delay);
  }
  const liveItems = new LiveItems(store, urls, options.liveItems);
  const caps = capsFor(options.descriptorLimit ?? descriptorLimit(), options);
  const connections = new Connections(caps.streams, caps.perClient);
  const closeListeners = () => broadcasts.forEach(({ broadcast }) => broadcast.closeAll());
  store.subscribe((event) => {
    if (event.type === 'ready' && !event.ready) closeListeners();
    liveItems.storeChanged(event);
  });

  const app = new Hono<AppEnv>();
  app.use('*', requestLogger(log), function oneHost(c, next) {
    // More than one Host header: which one the URLs would follow is ambiguous (RFC 9112 §3.2).
    if (c.env?.incoming && hostCount(c.env.incoming.rawHeaders) > 1) {
      throw new ApiFailure('invalid_request', 'The request carries more than one Host header.', { Connection: 'close' });
    }
    return next();
  });

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

  app.get('/listen/:mount', (c) => {
    const cors = { 'Access-Control-Allow-Origin': '*' };
    const entry = broadcasts.get(c.req.param('mount'));
    if (!entry) {
      const hint = icecast ? `The streams are on Icecast (${icecast.url}): use stream_url.` : 'There is no such mountpoint.';
      throw new ApiFailure('not_found', hint, cors);
    }
    if (!store.ready) {
      throw new ApiFailure('server_offline', 'The stream is offline; the owner has stopped the server.', { ...cors, 'Retry-After': '10' });
    }
    const { channel, broadcast } = entry;
    // Players such as VLC or ffplay ask for in-band titles; browsers never do.
    const icy = c.req.header('icy-metadata')?.trim() === '1';
    if (c.req.method !== 'HEAD') {
      try {
        connections.hold(c.env);
      } catch (err) {
        throw err instanceof ApiFailure ? new ApiFailure(err.code, err.description, { ...err.headers, ...cors }) : err;
      }
    }
    const title = () => icyTitle(store.nowPlaying(channel.id).current);
    return new Response(c.req.method === 'HEAD' ? null : broadcast.listen(icy ? icyInterleaver(title) : undefined), {
      headers: {
        ...cors,
        'Content-Type': 'audio/mpeg',
        'Cache-Control': 'no-cache, no-store',
        'icy-name': channel.name,
        'icy-genre': channel.genre,
        'icy-br': String(Math.round((broadcast.byteRate * 8) / 1000)),
        'icy-pub': '0',
        ...(icy ? { 'icy-metaint': String(ICY_METAINT) } : {}),
      },
    });
  });

  // Audio, transcripts, chapters and artwork: CORS for every origin, preflights answered (a page's fetch may send one).
  app.use('/media/*', publicCors, conditionalGet);
  // (`/media/:dir/:file` rather than `/media/art/:file`: beside `/media/:file` Hono's fastest
  // router, RegExpRouter, takes it, and every request is routed by it, not only these.)
  app.get('/media/:dir/:file', (c, next) =>
    c.req.param('dir') === 'art' ? artworkFile(catalog.artwork.get(c.req.param('file')), c.req.raw) : next(),
  );
  app.get('/media/:file', (c) => {
    const [, id = '', kind = 'mp3'] = /^(.+)\.(mp3|opus|vtt|chapters\.json)$/.exec(c.req.param('file')) ?? [];
    const episode = id ? store.episode(id) : undefined;
    if (kind === 'mp3' || kind === 'opus') return episodeAudio(episode, c.req.raw, kind as EpisodeFormat);
    return episodeText(episode, kind as EpisodeTextKind, c.req.raw, urls.origin);
  });

  // Embed pages, share pages and oEmbed (embed.ts): pages of their own, before the static files.
  app.route('/', embedRoutes(store, urls, icecast ? { mediaSrc: new URL(icecast.url).origin } : {}));

  // Icecast mode: the demo page's own CSP lets its players fetch the Icecast mounts.
  const pageCsp = icecast ? PAGE_CSP.replace("media-src 'self'", `media-src 'self' ${new URL(icecast.url).origin}`) : undefined;
  app.get(
    '*',
    conditionalGet,
    async function pageCspHeader(c, next) {
      await next();
      if (pageCsp && c.res.headers.has('Content-Security-Policy')) c.res.headers.set('Content-Security-Policy', pageCsp);
    },
    bundleFiles({
      indexFile: options.indexFile ?? `${REPO}index.html`,
      // The page embeds the documented demo public token; serve the account's current one.
      page: (html: string) => html.replaceAll(DEMO_TOKENS.public_token, store.tokens.public_token),
      dir: options.staticDir ?? `${REPO}dist`,
    }),
  );

  // Every error answer is made here: an ApiFailure's JSON, or 500 server_error for a bug.
  app.notFound((c) => {
    const api = /^\/(private|public)\//.exec(c.req.path)?.[1];
    return api ? new ApiFailure('not_found', `There is no ${api} endpoint ${c.req.path}.`).getResponse() : notFoundText(c.req.path);
  });
  app.onError((err) => {
    if (err instanceof ApiFailure) return err.getResponse();
    log(`error: ${err instanceof Error ? err.message : String(err)}`);
    return new ApiFailure('server_error', 'The mock service failed; see its log.').getResponse();
  });

  return {
    app,
    store,
    caps,
    closeConnections() {
      followers.forEach((stop) => stop());
      liveItems.stop();
      icecast?.stop();
      connections.closeAll();
      closeListeners();
    },
  };
}
