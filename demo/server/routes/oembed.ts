/** `/oembed`: oEmbed 1.0 for the share pages (docs/embed.md, pages/oembed.ts). */
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { oembed } from '../pages/oembed.ts';
import type { Store } from '../store.ts';
import type { Urls } from '../views.ts';

/** Mount at /oembed. */
export function oembedRoutes(store: Store, urls: Urls): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/', (c) =>
    oembed(store, urls, {
      url: c.req.query('url'),
      maxwidth: c.req.query('maxwidth'),
      maxheight: c.req.query('maxheight'),
      format: c.req.query('format'),
    }),
  );
  return app;
}
