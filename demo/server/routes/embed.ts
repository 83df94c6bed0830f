/**
 * Embed anywhere (docs/embed.md): the pages a site that takes no script can still show.
 * `/embed/stream`, `/embed/podcast`: only the player, its options as query parameters, under
 * a strict policy of its own that any site may frame; `/embed/frame.js` tells the host page
 * the frame's height (`castlet:resize`) and is the embed API (docs/embed-api.md). Share pages: share.ts; oEmbed: oembed.ts.
 */
import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { playerAttributes, readOptions, startAttributes, type PlayerKind } from '../embed-options.ts';
import { attrs, esc, htmlPage } from '../pages/html-page.ts';
import { conditionalGet } from '../middleware/etag.ts';
import { etagOf } from '../respond.ts';
import { RESERVE_CSS } from '../../snippet.ts';
import { VERSION } from './static.ts';

/**
 * The frame's one script (embed-frame.js, a module): the document's height to the parent, each time it changes, and again
 * when the parent asks (`castlet:measure`); the embed API (docs/embed-api.md): commands from the parent window only, the
 * player's events to it, and the start the page's URL asked for. Only what the public API shows leaves the frame: the target
 * is `*` because any site may embed it.
 */
export const FRAME_SCRIPT = readFileSync(new URL('../embed-frame.js', import.meta.url), 'utf8');
const FRAME_ETAG = etagOf(FRAME_SCRIPT);

/** The frame's look: no margins, the player as wide as the frame, and the reserved height before it loads. */
const EMBED_CSS = `${RESERVE_CSS}html,body,main{margin:0;padding:0;background:transparent}main,stream-player,podcast-player{display:block}`;

export interface EmbedRouteOptions {
  /** More `media-src` origins for the pages' policy (Icecast mode: the mounts' origin). */
  mediaSrc?: string;
}

function embedPage(kind: PlayerKind, query: URLSearchParams, mediaSrc?: string): Response {
  const options = readOptions(query);
  const tag = `${kind}-player`;
  const css = EMBED_CSS + (options.accent ? `stream-player,podcast-player{--castlet-accent:${options.accent}}` : '');
  return htmlPage({
    lang: options.lang || 'en',
    title: kind === 'stream' ? 'castlet live radio player' : 'castlet podcast player',
    css,
    body:
      // In <main>: a screen reader's landmark, in the frame as on a page.
      // The frame's script first: a module, it runs before the bundle's (in document order), so a start it sets is read.
      `<main${attrs(startAttributes(kind, options))}><${tag}${attrs(playerAttributes(kind, options))}></${tag}></main>\n` +
      `<script type="module" src="/embed/frame.js"></script>\n<script type="module" src="/castlet@${esc(VERSION)}/castlet.js"></script>`,
    frameAncestors: '*',
    mediaSrc,
  });
}

/** `/embed/stream`, `/embed/podcast` and `/embed/frame.js` (mount at /embed). */
export function embedRoutes(opts: EmbedRouteOptions = {}): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const query = (url: string) => new URL(url).searchParams;

  app.get('/stream', (c) => embedPage('stream', query(c.req.url), opts.mediaSrc));
  app.get('/podcast', (c) => embedPage('podcast', query(c.req.url), opts.mediaSrc));
  // 304 from the etag middleware (weak comparison, CORS kept), as for the bundle.
  app.get('/frame.js', conditionalGet, (c) =>
    c.body(FRAME_SCRIPT, 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=300',
      ETag: FRAME_ETAG,
      'Access-Control-Allow-Origin': '*',
    }),
  );
  return app;
}
