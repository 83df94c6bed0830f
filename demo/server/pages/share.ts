/**
 * Share pages (docs/embed.md): `/s/{public_token}/stream[?channel=]` and
 * `/s/{public_token}/episodes/{id}`, the public page of the station or of an episode, with the
 * tags link previews read (Open Graph, a player card, oEmbed discovery). The public token is
 * the only key: the private one is never authorized here, and an unknown token, channel or
 * episode is one and the same 404 page, which tells nothing of any account.
 */
import { PRIVATE_TOKEN_EXPOSED } from '../../../src/api/index.ts';
import { classifyToken } from '../auth.ts';
import {
  DISPLAY_KEYS,
  FRAME_HEIGHT,
  FRAME_WIDTH,
  NO_OPTIONS,
  optionsQuery,
  playerAttributes,
  readOptions,
  startAttributes,
  type EmbedOptions,
  type PlayerKind,
} from '../embed-options.ts';
import { attrs, esc, htmlPage, meta } from './html-page.ts';
import { RESERVE_CSS } from '../../snippet.ts';
import { VERSION } from '../routes/static.ts';
import type { Store } from '../store.ts';
import { artUrl, COVER, THUMB, type Urls } from '../views.ts';

/** What a share URL shows: everything its page, its card and its oEmbed answer are made of. */
export interface ShareTarget {
  kind: PlayerKind;
  /** The page's canonical URL (`og:url`): the path, and the channel for a station's other channels. */
  url: string;
  title: string;
  description: string;
  /** The show or station it belongs to, and who makes it. */
  site: string;
  author: string;
  /** Artwork path names (see views.ts `artUrl`). */
  art: string | null;
  /** The audio (`og:audio`, `twitter:player:stream`). */
  audio: string;
  audioType: string;
  /** The player's options: the token and what the path names, then how the URL asks it to look. */
  options: EmbedOptions;
}

export type ShareLookup = { found: ShareTarget } | { refused: 'private' } | { missing: true };

/** The share page (or nothing) for a path's token and resource, and the display options of its query. */
export function shareTarget(
  store: Store,
  urls: Urls,
  token: string,
  resource: { stream: true; channel: string } | { episode: string },
  query: URLSearchParams,
): ShareLookup {
  const role = classifyToken(token, store.tokens);
  if (role === 'private') return { refused: 'private' };
  if (role !== 'public') return { missing: true };
  const display = readOptions(query);
  const base = `${urls.origin}/s/${encodeURIComponent(token)}`;
  if ('stream' in resource) {
    const channel = store.channel(resource.channel);
    if (!channel) return { missing: true };
    return {
      found: {
        kind: 'stream',
        url: `${base}/stream${resource.channel ? `?channel=${encodeURIComponent(resource.channel)}` : ''}`,
        title: channel.name,
        description: channel.description,
        site: channel.name,
        author: store.name,
        art: channel.art,
        audio: urls.stream(channel),
        audioType: 'audio/mpeg',
        options: { ...NO_OPTIONS, ...pick(display), token, channel: resource.channel },
      },
    };
  }
  const episode = store.episode(resource.episode);
  if (!episode) return { missing: true };
  return {
    found: {
      kind: 'podcast',
      url: `${base}/episodes/${encodeURIComponent(episode.id)}`,
      title: episode.title,
      description: episode.description,
      site: store.podcast.title,
      author: store.podcast.author,
      art: episode.art ?? store.podcast.art,
      audio: `${urls.origin}/media/${encodeURIComponent(episode.id)}.mp3`,
      audioType: 'audio/mpeg',
      options: { ...NO_OPTIONS, ...pick(display), token, episode: episode.id },
    },
  };
}

/** Only the display options of a query (its token, channel or episode are the path's). */
function pick(options: EmbedOptions): Partial<EmbedOptions> {
  return Object.fromEntries(DISPLAY_KEYS.map((k) => [k, options[k]]));
}

/** The embed page of a share target, with its options: the player card's and oEmbed's frame. */
export function embedUrl(origin: string, target: ShareTarget): string {
  return `${origin}/embed/${target.kind}?${optionsQuery(target.kind, target.options)}`;
}

/** The share URL with the display options it was asked with (what oEmbed is asked about). */
export function shareUrlWithOptions(target: ShareTarget): string {
  const q = optionsQuery(target.kind, target.options, DISPLAY_KEYS);
  return q ? `${target.url}${target.url.includes('?') ? '&' : '?'}${q}` : target.url;
}

const SHARE_CSS = `${RESERVE_CSS}
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1d1b26;background:#f6f5fb}
main{max-width:40rem;margin:0 auto;padding:1.5rem 1rem 3rem}
.head{display:flex;gap:1rem;align-items:center;margin-bottom:1rem}
.head img{width:96px;height:96px;border-radius:12px;flex:none}
h1{font-size:1.5rem;line-height:1.25;margin:0}
.site{margin:.25rem 0 0;color:#55516a}
.desc{margin:0 0 1.25rem}
@media (prefers-color-scheme:dark){body{color:#ecebf3;background:#15141b}.site{color:#b5b1c8}}`;

const ACCENT_CSS = (accent: string) => (accent ? `\nstream-player,podcast-player{--castlet-accent:${accent}}` : '');

/** The share page of a target found. */
export function sharePage(target: ShareTarget, origin: string, mediaSrc?: string): Response {
  const image = artUrl(origin, target.art, COVER);
  const embed = embedUrl(origin, target);
  const oembed = `${origin}/oembed?url=${encodeURIComponent(shareUrlWithOptions(target))}&format=json`;
  const kindWords = target.kind === 'stream' ? 'Live radio' : 'Podcast episode';
  const head = [
    `<meta name="description" content="${esc(target.description)}">`,
    `<link rel="canonical" href="${esc(target.url)}">`,
    `<link rel="alternate" type="application/json+oembed" href="${esc(oembed)}" title="${esc(target.title)}">`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', target.site),
    meta('property', 'og:title', target.title),
    meta('property', 'og:description', target.description),
    meta('property', 'og:url', target.url),
    ...(image
      ? [
          meta('property', 'og:image', image),
          meta('property', 'og:image:width', COVER),
          meta('property', 'og:image:height', COVER),
          meta('property', 'og:image:alt', `Artwork: ${target.site}`),
        ]
      : []),
    meta('property', 'og:audio', target.audio),
    meta('property', 'og:audio:type', target.audioType),
    meta('name', 'twitter:card', 'player'),
    meta('name', 'twitter:title', target.title),
    meta('name', 'twitter:description', target.description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
    meta('name', 'twitter:player', embed),
    meta('name', 'twitter:player:width', FRAME_WIDTH),
    meta('name', 'twitter:player:height', FRAME_HEIGHT[target.kind].wide),
    meta('name', 'twitter:player:stream', target.audio),
    meta('name', 'twitter:player:stream:content_type', target.audioType),
  ].join('\n');
  const tag = `${target.kind}-player`;
  const thumb = artUrl('', target.art, THUMB);
  // A start (`t=`, `clip=`): on <main>, for the embed frame's script (it starts the player there), which runs before the bundle.
  const start = startAttributes(target.kind, target.options);
  const body = `<main${attrs(start)}>
<div class="head">${thumb ? `<img src="${esc(thumb)}" alt="" width="96" height="96">` : ''}<div><h1>${esc(target.title)}</h1><p class="site">${esc(kindWords)} · ${esc(target.site)}</p></div></div>
<p class="desc">${esc(target.description)}</p>
<${tag}${attrs(playerAttributes(target.kind, target.options))}></${tag}>
</main>
${start.length ? '<script type="module" src="/embed/frame.js"></script>\n' : ''}<script type="module" src="/castlet@${esc(VERSION)}/castlet.js"></script>`;
  return htmlPage({
    lang: target.options.lang || 'en',
    title: `${target.title} · ${target.site}`,
    head,
    css: SHARE_CSS + ACCENT_CSS(target.options.accent),
    body,
    frameAncestors: "'none'",
    mediaSrc,
  });
}

const PLAIN_CSS = 'body{margin:0;font:16px/1.5 system-ui,sans-serif}main{max-width:40rem;margin:0 auto;padding:2rem 1rem}';

/** One 404 page for every share URL that shows nothing: unknown token, channel or episode alike. */
export function shareNotFound(): Response {
  return htmlPage({
    lang: 'en',
    title: 'Not found',
    css: PLAIN_CSS,
    body: '<main><h1>Not found</h1><p>There is nothing to listen to at this address. Ask whoever shared it for a new link.</p></main>',
    frameAncestors: "'none'",
    status: 404,
  });
}

/** A private token in a share URL: never authorized; the words a player shows when one is pasted into it. */
export function sharePrivateToken(): Response {
  return htmlPage({
    lang: 'en',
    title: 'Private token',
    css: PLAIN_CSS,
    body: `<main><h1>This link cannot be shared</h1><p role="alert">${esc(PRIVATE_TOKEN_EXPOSED)}</p></main>`,
    frameAncestors: "'none'",
    status: 403,
    cache: 'no-store',
  });
}
