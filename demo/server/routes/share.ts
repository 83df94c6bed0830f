/**
 * Share pages (docs/embed.md, pages/share.ts): `/s/{public_token}/stream[?channel=]` and
 * `/s/{public_token}/episodes/{id}`; anything else under `/s/` is the same 404 page.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { shareNotFound, sharePage, sharePrivateToken, shareTarget, type ShareLookup } from '../pages/share.ts';
import type { Store } from '../store.ts';
import type { Urls } from '../views.ts';

/** Mount at /s. `mediaSrc`: more `media-src` origins for the pages' policy (Icecast mode). */
export function shareRoutes(store: Store, urls: Urls, opts: { mediaSrc?: string } = {}): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const query = (url: string) => new URL(url).searchParams;
  const answer = (found: ShareLookup) =>
    'found' in found ? sharePage(found.found, urls.origin, opts.mediaSrc) : 'refused' in found ? sharePrivateToken() : shareNotFound();
  app.get('/:token/stream', (c) =>
    answer(shareTarget(store, urls, c.req.param('token'), { stream: true, channel: c.req.query('channel') ?? '' }, query(c.req.url))),
  );
  app.get('/:token/episodes/:id', (c) => answer(shareTarget(store, urls, c.req.param('token'), { episode: c.req.param('id') }, query(c.req.url))));
  app.get('/*', () => shareNotFound());
  return app;
}
