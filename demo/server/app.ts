/**
 * The mock service: private API, public widget API, live stream, episode files, the page
 * and the bundle, all from one origin (docs/design.md §1). Its parts are made in services.ts;
 * here the middlewares and the small Hono sub-apps of routes/ are mounted on them.
 */
import { Hono } from 'hono';
import type { AppOptions, MockApp } from './app-options.ts';
import type { AppEnv } from './env.ts';
import { errorHandler, notFound } from './middleware/errors.ts';
import { requestLogger } from './middleware/log.ts';
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
import { DEMO_TOKENS } from './seed.ts';
import { createServices, REPO } from './services.ts';

export type { AppOptions, MockApp } from './app-options.ts';

export function createApp(options: AppOptions = {}): MockApp {
  const s = createServices(options);
  const { store, urls, icecast, followers, connections, mediaSrc } = s;
  const nowPlayingUntil = followers.size ? { nowPlayingUntil: (channel: string) => followers.get(channel)?.nextChange() ?? null } : {};

  const app = new Hono<AppEnv>();
  app.use('*', requestLogger(s.log), oneHost());
  app.route(
    '/private',
    privateApi(store, { tone: s.catalog.tone, urls, ...(icecast ? { icecast } : {}), ...nowPlayingUntil, liveItems: s.liveItems }),
  );
  icecast?.start();
  const sse = { heartbeatMs: options.heartbeatMs ?? 15_000, coalesceMs: options.coalesceMs ?? 150, retryMs: 3000 };
  app.route('/public', publicApi(store, urls, connections, sse));
  app.route('/listen', listenRoutes(store, { broadcasts: s.broadcasts, connections, ...(icecast ? { icecastUrl: icecast.url } : {}) }));
  app.route('/media', mediaRoutes(store, s.catalog, urls));
  // The HLS tier's origin (Icecast mode with HLS on).
  if (icecast?.hls) app.route('/hls', hlsRoutes(icecast.hls));
  // Embed pages, share pages and oEmbed: pages of their own, before the static files.
  app.route('/embed', embedRoutes(mediaSrc));
  app.route('/s', shareRoutes(store, urls, mediaSrc));
  app.route('/oembed', oembedRoutes(store, urls));
  // The page embeds the documented demo public token; serve the account's current one.
  const page = (html: string) => html.replaceAll(DEMO_TOKENS.public_token, store.tokens.public_token);
  app.route('/', staticRoutes({ indexFile: options.indexFile ?? `${REPO}index.html`, page, dir: options.staticDir ?? `${REPO}dist`, ...mediaSrc }));
  app.notFound(notFound);
  app.onError(errorHandler(s.log));

  const probeConnections = () => icecast?.probe?.connections ?? 0;
  return { app, store, caps: s.caps, hls: icecast?.hls, probeConnections, closeConnections: s.close };
}
