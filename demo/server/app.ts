/**
 * The mock service: private API, public widget API, live stream, episode files, the page
 * and the bundle, all from one origin (DESIGN §1).
 */
import { URL as NodeURL, fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { requireToken, type TokenPair } from './auth.ts';
import { EMPTY_BODY, readPostBody } from './body.ts';
import { Broadcast } from './broadcast.ts';
import { loadCatalog, type Catalog } from './catalog.ts';
import { Connections } from './connections.ts';
import type { AppEnv } from './env.ts';
import { episodeAudio } from './episode-audio.ts';
import { episodeText, type EpisodeTextKind } from './episode-text.ts';
import { followLiveLoop } from './live-loop.ts';
import { batchedStdout, requestLogger } from './log.ts';
import { privateApi } from './private-api.ts';
import { publicApi } from './public-api.ts';
import { ApiFailure, errorResponse } from './respond.ts';
import { DEMO_TOKENS, seedStore } from './seed.ts';
import { serveStatic } from './static-files.ts';
import type { Store } from './store.ts';

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
}

export interface MockApp {
  app: Hono<AppEnv>;
  store: Store;
  /** Ends every open SSE and /listen connection and stops the timers. */
  closeConnections(): void;
}

export function createApp(options: AppOptions = {}): MockApp {
  const catalog = options.catalog ?? loadCatalog(options.mediaDir);
  const store = seedStore(catalog, { ...DEMO_TOKENS, ...options.tokens });
  const connections = new Connections();
  const log = options.log ?? batchedStdout();
  const stopFollowing = options.followLiveLoop ? followLiveLoop(store, catalog.live) : () => {};

  const broadcasts = new Map(
    store.channels.map((channel) => [
      channel.mountpoint,
      {
        channel,
        broadcast: new Broadcast(catalog.live, {
          burstBytes: options.burstBytes ?? 64 * 1024,
          tickMs: options.listenTickMs ?? 250,
          maxBacklog: 256 * 1024,
          onListeners: (count) => store.setListeners(channel.id, count),
        }),
      },
    ]),
  );
  const closeListeners = () => broadcasts.forEach(({ broadcast }) => broadcast.closeAll());
  store.subscribe((event) => {
    if (event.type === 'ready' && !event.ready) closeListeners();
  });

  const app = new Hono<AppEnv>();
  app.use('*', requestLogger(log));

  app.use('/private/*', async function readBody(c, next) {
    try {
      c.set('body', c.req.method === 'POST' ? await readPostBody(c.req.raw) : EMPTY_BODY);
    } catch (err) {
      if (err instanceof ApiFailure) return errorResponse(err);
      throw err;
    }
    await next();
  });
  app.use('/private/*', requireToken('private', () => store.tokens));
  app.all('/private/*', privateApi(store, catalog.tone));

  app.route('/public', publicApi(store, connections, {
    heartbeatMs: options.heartbeatMs ?? 15_000,
    coalesceMs: options.coalesceMs ?? 150,
    retryMs: 3000,
  }));

  app.get('/listen/:mount', (c) => {
    const cors = { 'Access-Control-Allow-Origin': '*' };
    const entry = broadcasts.get(c.req.param('mount'));
    if (!entry) return errorResponse(new ApiFailure('not_found', 'There is no such mountpoint.'), cors);
    if (!store.ready) {
      return errorResponse(new ApiFailure('server_offline', 'The stream is offline; the owner has stopped the server.'), {
        ...cors,
        'Retry-After': '10',
      });
    }
    const { channel, broadcast } = entry;
    return new Response(c.req.method === 'HEAD' ? null : broadcast.listen(), {
      headers: {
        ...cors,
        'Content-Type': 'audio/mpeg',
        'Cache-Control': 'no-cache, no-store',
        'icy-name': channel.name,
        'icy-genre': channel.genre,
        'icy-br': String(Math.round((broadcast.byteRate * 8) / 1000)),
        'icy-pub': '0',
      },
    });
  });

  app.get('/media/:file', (c) => {
    const [, id = '', kind = 'mp3'] = /^(.+)\.(mp3|vtt|chapters\.json)$/.exec(c.req.param('file')) ?? [];
    const episode = id ? store.episode(id) : undefined;
    return kind === 'mp3' ? episodeAudio(episode, c.req.raw) : episodeText(episode, kind as EpisodeTextKind, c.req.raw);
  });

  const staticOpts = {
    indexFile: options.indexFile ?? `${REPO}index.html`,
    // The page embeds the documented demo public token; serve the account's current one.
    page: (html: string) => html.replaceAll(DEMO_TOKENS.public_token, store.tokens.public_token),
    dir: options.staticDir ?? `${REPO}dist`,
  };
  app.get('*', (c) => serveStatic(c.req.path, staticOpts, c.req.method === 'HEAD'));
  app.notFound(() => new Response('Not found.\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } }));
  app.onError((err) => {
    log(`error: ${err instanceof Error ? err.message : String(err)}`);
    return new Response(JSON.stringify({ error: 'server_error', error_description: 'The mock service failed; see its log.' }), {
      status: 500,
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  });

  return {
    app,
    store,
    closeConnections() {
      stopFollowing();
      connections.closeAll();
      closeListeners();
    },
  };
}
