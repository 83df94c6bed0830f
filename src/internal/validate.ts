/**
 * Checks that a service's answer has the documented shape (api-types.ts) before any widget
 * sees it: a wrong type, a missing field or a null where text belongs never reaches render.
 * Fields it does not know are left alone. A URL is only checked to be text here: one that is
 * not http(s) is dropped where it would be used (`isHttp`: no picture, no link, no Support).
 */
type Check = (v: unknown) => boolean;

const str: Check = (v) => typeof v === 'string';
const num: Check = (v) => Number.isFinite(v);
/** null or absent is allowed too. */
const opt =
  (c: Check): Check =>
  (v) =>
    v == null || c(v);
const list =
  (c: Check): Check =>
  (v) =>
    Array.isArray(v) && v.every(c);
const shape =
  (fields: Record<string, Check>): Check =>
  (v) =>
    !!v && typeof v === 'object' && Object.keys(fields).every((k) => fields[k]((v as Record<string, unknown>)[k]));

/** A URL (artwork, picture, link): text, or null or absent. */
const art = opt(str);
const track = shape({ title: str, artist: str, artwork_url: art, started_at: str });

/** GET /public/stream and its `stream` event. */
export const isStreamInfo = shape({
  channel: shape({ id: str, name: str, genre: str, description: str, artwork_url: art }),
  status: (v) => v === 'live' || v === 'offline',
  stream_url: opt(str),
  sources: opt(list(shape({ url: str, type: str, bitrate: opt(num), delay: opt(num) }))),
  now_playing: opt(track),
  listeners: num,
  history: list(track),
});

const source = shape({ url: str, type: str, bitrate: opt(num), delay: opt(num) });
const liveItem = shape({
  id: str,
  title: str,
  description: str,
  status: (v) => v === 'pending' || v === 'live' || v === 'ended',
  start: str,
  end: str,
  channel: str,
  sources: list(source),
});

/** GET /public/podcasts and its `podcasts` event. */
export const isPodcastFeed = shape({
  podcast: shape({ title: str, author: str, description: str, artwork_url: art, funding: opt(shape({ url: str, text: str })) }),
  live_items: opt(list(liveItem)),
  episodes: list(
    shape({
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
    }),
  ),
});
