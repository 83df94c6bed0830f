/**
 * Checks that a service's answer has the documented shape (./types.ts) before any widget sees
 * it: a wrong type, a missing field or a null where text belongs never reaches render. Fields
 * it does not know are left alone. A URL is only checked to be text here: one that is not
 * http(s) is dropped where it would be used (`isHttp`: no picture, no link, no Support).
 * The widgets import these; the private API's validators (./private.ts) reuse the parts and
 * stay out of the bundle.
 */
import { list, num, opt, shape, str } from './checks.js';

/** A URL (artwork, picture, link): text, or null or absent. */
const art = opt(str);
/** Now playing, or a track of the history (`NowPlaying`). */
export const track = shape({ title: str, artist: str, artwork_url: art, started_at: str });
/** A channel's name and words (`Channel`). */
export const channel = shape({ id: str, name: str, genre: str, description: str, artwork_url: art });

/**
 * GET /public/stream and its `stream` event. Its `schedule` is checked where it is used, by
 * ./validate-schedule.ts (in <stream-player>'s on-demand schedule chunk: the bundle pays nothing
 * for it, and a schedule of the wrong shape is shown as none rather than failing the stream).
 */
export const isStreamInfo = shape({
  channel,
  status: (v) => v === 'live' || v === 'offline',
  stream_url: opt(str),
  sources: opt(list(shape({ url: str, type: str, bitrate: opt(num), delay: opt(num) }))),
  now_playing: opt(track),
  listeners: num,
  history: list(track),
});

const source = shape({ url: str, type: str, bitrate: opt(num), delay: opt(num) });
/** A live show with its channel's sources (`LiveItem`). */
export const liveItem = shape({
  id: str,
  title: str,
  description: str,
  status: (v) => v === 'pending' || v === 'live' || v === 'ended',
  start: str,
  end: str,
  channel: str,
  sources: list(source),
});

/** One episode (`Episode`). */
export const episode = shape({
  id: str,
  title: str,
  description: str,
  published_at: str,
  duration: num,
  audio_url: str,
  artwork_url: art,
  transcript_url: opt(str),
  chapters: list(shape({ start: num, title: str, img: art, url: art, toc: opt((v) => v === !!v) })),
  persons: opt(list(shape({ name: str, role: str, img: art, href: art }))),
  audio: opt(list(shape({ url: str, type: str, bitrate: opt(num), length: num }))),
  soundbites: opt(list(shape({ start: num, duration: num, title: opt(str) }))),
});

/** GET /public/podcasts and its `podcasts` event. */
export const isPodcastFeed = shape({
  podcast: shape({ title: str, author: str, description: str, artwork_url: art, funding: opt(shape({ url: str, text: str })) }),
  live_items: opt(list(liveItem)),
  episodes: list(episode),
});
