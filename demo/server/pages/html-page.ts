/**
 * The service's own HTML pages (embed and share pages): every piece of text and every
 * attribute value is escaped here (data never reaches a page as HTML), and each page runs
 * under a strict policy of its own: scripts only from this origin, its one inline <style>
 * allowed by its hash (no `unsafe-inline`).
 */
import { createHash } from 'node:crypto';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `text` safe as element content and as a quoted attribute value. */
export const esc = (text: string): string => text.replace(/[&<>"']/g, (ch) => ENTITIES[ch]!);

/** An element's attributes, escaped (`''` makes a boolean attribute). */
export const attrs = (list: [string, string][]): string =>
  list.map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${esc(value)}"`)).join('');

/** A `<meta>` of Open Graph (`property`) or of a card (`name`). */
export const meta = (key: 'property' | 'name', name: string, content: string | number): string =>
  `<meta ${key}="${esc(name)}" content="${esc(String(content))}">`;

export interface PageParts {
  lang: string;
  title: string;
  /** More of `<head>` (already escaped). */
  head?: string;
  /** The page's one inline style: its hash goes into the policy. */
  css: string;
  /** The `<body>`'s content (already escaped). */
  body: string;
  /** Where the page may be framed: `'none'` or `*`. */
  frameAncestors: "'none'" | '*';
  /** Extra `media-src` origins (the station's Icecast). */
  mediaSrc?: string;
  status?: number;
  /** Cache-Control (default `no-cache`: revalidate, the page follows the account). */
  cache?: string;
}

/** The origins among `mediaSrc` that a player also fetches from (hls.js reads the HLS tier's playlists and segments); not `blob:`. */
export const fetched = (mediaSrc: string): string =>
  mediaSrc
    .split(' ')
    .filter((s) => /^https?:/.test(s))
    .map((s) => ` ${s}`)
    .join('');

/** The page's policy: nothing inline but its hashed style; widgets fetch and play from this origin. */
export function pagePolicy(css: string, frameAncestors: string, mediaSrc = ''): string {
  const hash = createHash('sha256').update(css).digest('base64');
  return (
    `default-src 'none'; script-src 'self'; style-src 'self' 'sha256-${hash}'; connect-src 'self'${fetched(mediaSrc)}; ` +
    `media-src 'self'${mediaSrc ? ` ${mediaSrc}` : ''}; img-src 'self' data: https:; base-uri 'none'; form-action 'none'; ` +
    `frame-ancestors ${frameAncestors}`
  );
}

export function htmlPage(p: PageParts): Response {
  const html =
    `<!doctype html>\n<html lang="${esc(p.lang)}"${/^(ar|he|fa|ur)\b/i.test(p.lang) ? ' dir="rtl"' : ''}>\n<head>\n<meta charset="utf-8">\n` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">\n<link rel="icon" href="data:,">\n<title>${esc(p.title)}</title>\n${p.head ?? ''}\n` +
    `<style>${p.css}</style>\n</head>\n<body>\n${p.body}\n</body>\n</html>\n`;
  return new Response(html, {
    status: p.status ?? 200,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': pagePolicy(p.css, p.frameAncestors, p.mediaSrc),
      'Cache-Control': p.cache ?? 'no-cache',
      // A token in the page's URL goes nowhere else.
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
