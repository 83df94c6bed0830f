/**
 * Conditional GETs: Hono's `etag()` middleware for responses that carry their own ETag (the
 * public JSON, the media files, the bundle, `/embed/frame.js`): 304 on a matching
 * If-None-Match (weak comparison, `*`, a list), keeping CORS so other sites' pages can
 * revalidate. The one conditional header it does not know, `If-Range` (a byte range of the
 * same file), is answered by media/episode-audio.ts itself.
 */
import { etag, RETAINED_304_HEADERS } from 'hono/etag';

export const conditionalGet = etag({ retainedHeaders: [...RETAINED_304_HEADERS, 'access-control-allow-origin'] });
