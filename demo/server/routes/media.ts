/**
 * `/media/…`: episode audio (`{id}.mp3`, `{id}.opus`, with ranges), transcripts (`{id}.vtt`),
 * chapters (`{id}.chapters.json`) and artwork (`art/{file}.png`). No token; CORS for every
 * origin, preflights answered (a page's fetch may send one); 304 from the etag middleware.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { artworkFile } from '../media/artwork.ts';
import type { Catalog } from '../media/catalog.ts';
import { episodeAudio, type EpisodeFormat } from '../media/episode-audio.ts';
import { episodeText, type EpisodeTextKind } from '../media/episode-text.ts';
import { publicCors } from '../middleware/cors.ts';
import { conditionalGet } from '../middleware/etag.ts';
import type { Store } from '../store.ts';
import type { Urls } from '../views.ts';

/** Mount at /media. */
export function mediaRoutes(store: Store, catalog: Catalog, urls: Urls): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', publicCors, conditionalGet);
  // (`/:dir/:file` rather than `/art/:file`: beside `/:file` Hono's fastest router,
  // RegExpRouter, takes it, and every request is routed by it, not only these.)
  app.get('/:dir/:file', (c, next) => (c.req.param('dir') === 'art' ? artworkFile(catalog.artwork.get(c.req.param('file')), c.req.raw) : next()));
  app.get('/:file', (c) => {
    const [, id = '', kind = 'mp3'] = /^(.+)\.(mp3|opus|vtt|chapters\.json)$/.exec(c.req.param('file')) ?? [];
    const episode = id ? store.episode(id) : undefined;
    if (kind === 'mp3' || kind === 'opus') return episodeAudio(episode, c.req.raw, kind as EpisodeFormat);
    return episodeText(episode, kind as EpisodeTextKind, c.req.raw, urls.origin);
  });
  return app;
}
