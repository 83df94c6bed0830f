/**
 * GET /public/podcasts.rss: the show as RSS 2.0 with the iTunes and Podcasting 2.0
 * namespaces, for podcast apps (docs/design.md §1). Built from the same view as /public/podcasts.
 */
import { createHash } from 'node:crypto';
import type { PodcastFeed } from '../../src/api/index.ts';
import { liveItemsXml, soundbitesXml, alternateEnclosuresXml } from './rss-podcasting2.ts';

const ITUNES = 'http://www.itunes.com/dtds/podcast-1.0.dtd';
const PODCAST = 'https://podcastindex.org/namespace/1.0';
const ATOM = 'http://www.w3.org/2005/Atom';

/** Characters XML 1.0 cannot carry at all (controls, lone surrogates, U+FFFE/U+FFFF). */
// eslint-disable-next-line no-control-regex -- matching control characters is its purpose
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Owner text as XML character data or attribute value: escaped, never markup. */
export const xml = (text: string): string => text.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => ENTITIES[c]!);

const tag = (name: string, text: string | number) => `<${name}>${xml(String(text))}</${name}>`;

/** The namespace of `podcast:guid` (Podcasting 2.0, tags/guid.md). */
const GUID_NAMESPACE = 'ead4c236-bf58-58c6-a2c6-a6b28d128cb6';

/**
 * A show's `podcast:guid`: the UUIDv5 (RFC 9562 §5.5) of its feed URL without the scheme and
 * trailing slashes, in the podcast namespace.
 */
export function podcastGuid(feedUrl: string): string {
  const name = feedUrl.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/\/+$/, '');
  const hash = createHash('sha1')
    .update(Buffer.from(GUID_NAMESPACE.replaceAll('-', ''), 'hex'))
    .update(name, 'utf8')
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50; // version 5
  hash[8] = (hash[8]! & 0x3f) | 0x80; // RFC variant
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface RssOptions {
  /** The feed's own URL (with the public token), for `atom:link rel="self"`. */
  self: string;
  /** The service's origin, the show's link. */
  origin: string;
  /** Sizes of the episodes' MP3 files, by id, for `enclosure length`. */
  size(id: string): number;
  /** Cover art (1400 px or more) of an episode by id, or of the show without one; null when none. */
  cover(id?: string): string | null;
  /** `itunes:owner` (directories write there to verify the show) and `podcast:locked owner`. */
  owner: { name: string; email: string };
  /** `podcast:guid`. */
  guid: string;
  /** A live item's `podcast:contentLink`: the channel's share page and the words for it. */
  liveLink?(channel: string): { href: string; text: string };
}

/** `name="value"` for each given attribute, escaped. */
const attrs = (values: Record<string, string | undefined>) =>
  Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${xml(v!)}"`)
    .join('');

export function podcastRss(feed: PodcastFeed, { self, origin, size, cover, owner, guid, liveLink }: RssOptions): string {
  const { podcast } = feed;
  const image = (url: string | null) => (url ? `<itunes:image href="${xml(url)}"/>` : '');
  const items = feed.episodes.map((e) => {
    const base = e.audio_url.replace(/\.mp3$/, '');
    return `<item>
${tag('title', e.title)}
${tag('description', e.description)}
<guid isPermaLink="false">${xml(e.id)}</guid>
${tag('pubDate', new Date(e.published_at).toUTCString())}
<enclosure url="${xml(e.audio_url)}" length="${size(e.id)}" type="audio/mpeg"/>
${alternateEnclosuresXml(e)}
${tag('itunes:duration', Math.round(e.duration))}
${image(cover(e.id))}
${e.chapters.length ? `<podcast:chapters url="${xml(`${base}.chapters.json`)}" type="application/json+chapters"/>` : ''}
${e.transcript_url ? `<podcast:transcript url="${xml(e.transcript_url)}" type="text/vtt" language="en"/>` : ''}
${soundbitesXml(e)}
${(e.persons ?? []).map((p) => `<podcast:person${attrs({ role: p.role, img: p.img, href: p.href })}>${xml(p.name)}</podcast:person>`).join('\n')}
</item>`;
  });
  const show = cover();
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="${ITUNES}" xmlns:podcast="${PODCAST}" xmlns:atom="${ATOM}">
<channel>
${tag('title', podcast.title)}
${tag('link', origin)}
${tag('description', podcast.description)}
<language>en</language>
<atom:link href="${xml(self)}" rel="self" type="application/rss+xml"/>
${tag('itunes:author', podcast.author)}
<itunes:owner>${tag('itunes:name', owner.name)}${tag('itunes:email', owner.email)}</itunes:owner>
${image(show)}
${show ? `<image>${tag('url', show)}${tag('title', podcast.title)}${tag('link', origin)}</image>` : ''}
<itunes:explicit>false</itunes:explicit>
<itunes:category text="Arts"/>
${tag('podcast:guid', guid)}
<podcast:locked owner="${xml(owner.email)}">yes</podcast:locked>
${podcast.funding ? `<podcast:funding url="${xml(podcast.funding.url)}">${xml(podcast.funding.text)}</podcast:funding>` : ''}
${liveItemsXml(feed.live_items ?? [], liveLink)}
${items.join('\n')}
</channel>
</rss>
`.replace(/\n{2,}/g, '\n');
}
