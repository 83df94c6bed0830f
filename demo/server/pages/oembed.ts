/**
 * oEmbed 1.0 (https://oembed.com, docs/embed.md) at `/oembed?url=&maxwidth=&maxheight=&format=`:
 * for a share page of this service, a `rich` answer whose `html` is the embed page's frame,
 * sized within `maxwidth` × `maxheight`. Any other URL (another host's, a path that is no share
 * page, an unknown token or id, the private token) is 404; `format` other than json is 501.
 */
import { FRAME_HEIGHT, FRAME_WIDTH, NARROW } from '../embed-options.ts';
import { esc } from './html-page.ts';
import { jsonResponse } from '../respond.ts';
import { embedUrl, shareTarget, type ShareTarget } from './share.ts';
import type { Store } from '../store.ts';
import { artUrl, COVER, THUMB, type Urls } from '../views.ts';

const CORS = { 'Access-Control-Allow-Origin': '*' };

const fail = (status: 400 | 404 | 501, error: string, description: string) => jsonResponse({ error, error_description: description }, status, CORS);

/** A positive whole number of pixels, absent (Infinity), or null when malformed. */
function limit(value: string | undefined): number | null {
  if (value === undefined || value === '') return Infinity;
  return /^\d{1,6}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/** The share target a URL names, if it is one of this service's share pages. */
function targetOf(store: Store, urls: Urls, raw: string): ShareTarget | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.origin !== new URL(urls.origin).origin) return undefined;
  const m = /^\/s\/([^/]+)\/(?:stream|episodes\/([^/]+))\/?$/.exec(url.pathname);
  if (!m) return undefined;
  const part = (s: string) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return undefined;
    }
  };
  const token = part(m[1]!);
  const episode = m[2] === undefined ? undefined : part(m[2]);
  if (token === undefined || (m[2] !== undefined && episode === undefined)) return undefined;
  const resource = episode === undefined ? { stream: true as const, channel: url.searchParams.get('channel') ?? '' } : { episode };
  const found = shareTarget(store, urls, token, resource, url.searchParams);
  return 'found' in found ? found.found : undefined;
}

export interface OEmbedQuery {
  url?: string;
  maxwidth?: string;
  maxheight?: string;
  format?: string;
}

/** The frame's size within the consumer's limits: as wide as allowed up to FRAME_WIDTH, as tall as the player is at that width. */
export function frameSize(kind: ShareTarget['kind'], maxWidth: number, maxHeight: number): { width: number; height: number } {
  const width = Math.min(FRAME_WIDTH, maxWidth);
  const natural = width <= NARROW ? FRAME_HEIGHT[kind].narrow : FRAME_HEIGHT[kind].wide;
  return { width, height: Math.min(natural, maxHeight) };
}

export function oembed(store: Store, urls: Urls, q: OEmbedQuery): Response {
  const format = q.format ?? 'json';
  if (format !== 'json') return fail(501, 'not_implemented', 'Only format=json is served.');
  if (!q.url) return fail(400, 'invalid_request', 'Give url=, the address of a share page.');
  const maxWidth = limit(q.maxwidth);
  const maxHeight = limit(q.maxheight);
  if (maxWidth === null || maxHeight === null) return fail(400, 'invalid_request', 'maxwidth and maxheight are whole numbers of pixels.');
  const target = targetOf(store, urls, q.url);
  if (!target) return fail(404, 'not_found', 'That URL is no share page of this service.');
  const { width, height } = frameSize(target.kind, maxWidth, maxHeight);
  const title = `${target.title} · ${target.site}`;
  const html =
    `<iframe src="${esc(embedUrl(urls.origin, target))}" width="${width}" height="${height}" ` +
    `title="${esc(title)}" frameborder="0" loading="lazy"></iframe>`;
  // The thumbnail respects the limits too (oEmbed §2.3.4): the cover, or its small copy, or none.
  const side = [COVER, THUMB].find((s) => s <= maxWidth && s <= maxHeight);
  const thumbnail = side && target.art ? { thumbnail_url: artUrl(urls.origin, target.art, side), thumbnail_width: side, thumbnail_height: side } : {};
  return jsonResponse(
    {
      version: '1.0',
      type: 'rich',
      provider_name: 'castlet',
      provider_url: `${urls.origin}/`,
      title,
      author_name: target.author,
      cache_age: 3600,
      ...thumbnail,
      html,
      width,
      height,
    },
    200,
    { ...CORS, 'Cache-Control': 'public, max-age=300' },
  );
}
