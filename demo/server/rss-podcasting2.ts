/**
 * The feed's Podcasting 2.0 tags for live items, soundbites and alternate files
 * (https://podcastindex.org/namespace/1.0): `podcast:liveItem` (with a `guid`, an `enclosure`
 * of the stream, `podcast:alternateEnclosure` for its other sources and `podcast:contentLink`),
 * `podcast:soundbite`, and `podcast:alternateEnclosure` with `podcast:source` for each file of
 * an episode other than its MP3 enclosure. Each only where there is something to say.
 */
import type { AudioFile, Episode, LiveItem, Source } from '../../src/api/index.ts';
import { xml } from './rss.ts';

/** `name="value"` for each given attribute, escaped. */
const attrs = (values: Record<string, string | number | null | undefined>) =>
  Object.entries(values)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => ` ${k}="${xml(String(v))}"`)
    .join('');

/** A MIME type with codecs (`audio/ogg; codecs=opus`) as the tag's `type` and `codecs` attributes. */
function typeAttrs(mime: string): { type: string; codecs?: string } {
  const [type = mime, ...params] = mime.split(';').map((p) => p.trim());
  const codecs = params
    .find((p) => /^codecs=/i.test(p))
    ?.replace(/^codecs=/i, '')
    .replace(/^"(.*)"$/, '$1');
  return codecs ? { type, codecs } : { type };
}

/**
 * One `podcast:alternateEnclosure` of `file`: an episode's (with a length; bitrate in bits per
 * second, as the tag wants it), or a stream source (without; its bitrate in kbit/s, as Icecast declares it).
 */
function alternateEnclosure(file: AudioFile | Source): string {
  const { type, codecs } = typeAttrs(file.type);
  const length = 'length' in file ? file.length : undefined;
  const bitrate = 'length' in file || file.bitrate === null ? file.bitrate : file.bitrate * 1000;
  return `<podcast:alternateEnclosure${attrs({ type, codecs, length, bitrate })}><podcast:source${attrs({ uri: file.url, contentType: file.type })}/></podcast:alternateEnclosure>`;
}

/** The episode's files other than its MP3 enclosure (`audio_url`). */
export function alternateEnclosuresXml(episode: Episode): string {
  return (episode.audio ?? [])
    .filter((f) => f.url !== episode.audio_url)
    .map(alternateEnclosure)
    .join('\n');
}

export function soundbitesXml(episode: Episode): string {
  return (episode.soundbites ?? [])
    .map((s) => `<podcast:soundbite${attrs({ startTime: s.start, duration: s.duration })}>${xml(s.title ?? '')}</podcast:soundbite>`)
    .join('\n');
}

/** Each live item: its first source is the enclosure; the others are alternate enclosures. */
export function liveItemsXml(items: LiveItem[], link?: (channel: string) => { href: string; text: string }): string {
  return items
    .map((item) => {
      const [first, ...others] = item.sources;
      const content = link?.(item.channel);
      return [
        `<podcast:liveItem${attrs({ status: item.status, start: item.start, end: item.end })}>`,
        `<title>${xml(item.title)}</title>`,
        `<description>${xml(item.description)}</description>`,
        `<guid isPermaLink="false">${xml(item.id)}</guid>`,
        content ? `<link>${xml(content.href)}</link>` : '',
        // A stream has no length: 0, as for any enclosure whose size is not known.
        first ? `<enclosure${attrs({ url: first.url, length: 0, type: typeAttrs(first.type).type })}/>` : '',
        ...others.map(alternateEnclosure),
        content ? `<podcast:contentLink${attrs({ href: content.href })}>${xml(content.text)}</podcast:contentLink>` : '',
        '</podcast:liveItem>',
      ]
        .filter(Boolean)
        .join('\n');
    })
    .join('\n');
}
