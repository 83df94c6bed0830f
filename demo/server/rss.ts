/**
 * GET /public/podcasts.rss: the show as RSS 2.0 with the iTunes and Podcasting 2.0
 * namespaces, for podcast apps (DESIGN §1). Built from the same view as /public/podcasts.
 */
import type { PodcastFeed } from '../../src/internal/api-types.ts';

const ITUNES = 'http://www.itunes.com/dtds/podcast-1.0.dtd';
const PODCAST = 'https://podcastindex.org/namespace/1.0';
const ATOM = 'http://www.w3.org/2005/Atom';

/** Characters XML 1.0 cannot carry at all (controls, lone surrogates, U+FFFE/U+FFFF). */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Owner text as XML character data or attribute value: escaped, never markup. */
export const xml = (text: string): string => text.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => ENTITIES[c]!);

const tag = (name: string, text: string | number) => `<${name}>${xml(String(text))}</${name}>`;

export interface RssOptions {
  /** The feed's own URL (with the public token), for `atom:link rel="self"`. */
  self: string;
  /** The service's origin, the show's link. */
  origin: string;
  /** Sizes of the episodes' MP3 files, by id, for `enclosure length`. */
  size(id: string): number;
}

export function podcastRss(feed: PodcastFeed, { self, origin, size }: RssOptions): string {
  const { podcast } = feed;
  const art = (url: string | null) => (url ? `<itunes:image href="${xml(url)}"/>` : '');
  const items = feed.episodes.map((e) => {
    const base = e.audio_url.replace(/\.mp3$/, '');
    return `<item>
${tag('title', e.title)}
${tag('description', e.description)}
<guid isPermaLink="false">${xml(e.id)}</guid>
${tag('pubDate', new Date(e.published_at).toUTCString())}
<enclosure url="${xml(e.audio_url)}" length="${size(e.id)}" type="audio/mpeg"/>
${tag('itunes:duration', Math.round(e.duration))}
${art(e.artwork_url)}
<podcast:chapters url="${xml(`${base}.chapters.json`)}" type="application/json+chapters"/>
${e.transcript_url ? `<podcast:transcript url="${xml(e.transcript_url)}" type="text/vtt" language="en"/>` : ''}
</item>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="${ITUNES}" xmlns:podcast="${PODCAST}" xmlns:atom="${ATOM}">
<channel>
${tag('title', podcast.title)}
${tag('link', origin)}
${tag('description', podcast.description)}
<language>en</language>
<atom:link href="${xml(self)}" rel="self" type="application/rss+xml"/>
${tag('itunes:author', podcast.author)}
${art(podcast.artwork_url)}
<itunes:explicit>false</itunes:explicit>
<itunes:category text="Arts"/>
${items.join('\n')}
</channel>
</rss>
`.replace(/\n{2,}/g, '\n');
}
