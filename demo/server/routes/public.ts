/**
 * The public widget API of docs/design.md §1: CORS for every origin, the public token, cacheable
 * JSON (ETag, max-age=5) and the event stream.
 */
import { Hono, type Context } from 'hono';
import { methodNotAllowed } from 'hono/method-not-allowed';
import { requireToken } from '../auth.ts';
import { EMPTY_BODY } from '../middleware/body.ts';
import type { Connections } from '../connections.ts';
import type { AppEnv } from '../env.ts';
import { publicCors } from '../middleware/cors.ts';
import { conditionalGet } from '../middleware/etag.ts';
import { ApiFailure, cachedJson, cacheableJson, notAllowed } from '../respond.ts';
import { podcastGuid, podcastRss } from '../rss.ts';
import { eventStream, SSE_HEADERS, type SseFeed, type SseOptions } from '../sse.ts';
import type { Store } from '../store.ts';
import { artUrl, COVER, feedCache, streamInfo, type Urls } from '../views.ts';

const RSS_TYPE = 'application/rss+xml; charset=utf-8';

export function publicApi(store: Store, urls: Urls, connections: Connections, sse: SseOptions): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  const channelOf = (id: string | undefined) => {
    const channel = store.channel(id);
    if (!channel) throw new ApiFailure('not_found', `There is no channel "${id}" on this account; leave channel out for the main one.`);
    return channel;
  };
  const feed = feedCache(store, urls);
  const feedUrl = (token: string) => `${urls.origin}/public/podcasts.rss?token=${token}`;
  // The show keeps the guid of its first feed URL when the token (and so the URL) changes.
  const firstToken = store.tokens.public_token;
  const rss = feedCache(store, urls, (show) =>
    podcastRss(show, {
      self: feedUrl(store.tokens.public_token),
      origin: urls.origin,
      size: (id) => store.episode(id)?.audio.byteLength ?? 0,
      cover: (id) => artUrl(urls.origin, id === undefined ? store.podcast.art : store.episode(id)?.art, COVER),
      owner: { name: store.name, email: store.email },
      guid: store.feedGuid(() => podcastGuid(feedUrl(firstToken))),
      // The channel's share page (a live item's podcast:contentLink).
      liveLink: (channel) => ({
        href: `${urls.origin}/s/${encodeURIComponent(store.tokens.public_token)}/stream?channel=${encodeURIComponent(channel)}`,
        text: `Listen live on ${store.channel(channel)?.name ?? channel}`,
      }),
    }),
  );
  const events = (c: Context<AppEnv>, source: SseFeed) => {
    // HEAD: headers only (Hono would run the stream and drop its body without cancelling it).
    if (c.req.method === 'HEAD') return new Response(null, { headers: SSE_HEADERS });
    connections.hold(c.env);
    return eventStream(c, store, source, connections, sse);
  };

  api.use(
    '*',
    publicCors,
    async function noBody(c, next) {
      c.set('body', EMPTY_BODY);
      await next();
    },
    requireToken('public', () => store.tokens),
    methodNotAllowed({ app: api, onMethodNotAllowed: notAllowed(['OPTIONS']) }),
  );

  api.get('/stream', conditionalGet, (c) => cacheableJson(streamInfo(store, channelOf(c.req.query('channel')), urls)));
  api.get('/stream/events', (c) => {
    const channel = channelOf(c.req.query('channel'));
    return events(c, {
      event: 'stream',
      render: () => JSON.stringify(streamInfo(store, channel, urls)),
      affects: (event) => event.type === 'stream' && event.channel === channel.id,
    });
  });
  api.get('/podcasts', conditionalGet, (c) => {
    channelOf(c.req.query('channel'));
    return cachedJson(feed());
  });
  api.get('/podcasts/events', (c) => {
    channelOf(c.req.query('channel'));
    return events(c, { event: 'podcasts', render: () => feed().text, affects: (event) => event.type === 'episodes' || event.type === 'live-items' });
  });
  api.get('/podcasts.rss', conditionalGet, (c) => {
    channelOf(c.req.query('channel'));
    return cachedJson(rss(), { 'Content-Type': RSS_TYPE });
  });
  return api;
}
