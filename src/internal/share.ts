/**
 * Share links: the page's URL with `#castlet-episode=<id>&castlet-t=<seconds>`. A page opened
 * with that fragment shows that episode at that time, ready to play. A soundbite's link is
 * `#castlet-episode=<id>&castlet-clip=<start>,<duration>` (seconds): the page opens ready to
 * play just that clip.
 */
const EPISODE = 'castlet-episode';
const TIME = 'castlet-t';
const CLIP = 'castlet-clip';
/** The longest clip a link may ask for (a Podcasting 2.0 soundbite's longest). */
export const MAX_CLIP = 300;

export interface SharedMoment {
  episode: string;
  t: number;
}

/** The link to `episode` at `t` seconds on `page` (its own fragment replaced). */
export function shareLink(page: string, episode: string, t: number): string {
  const url = new URL(page);
  url.hash = new URLSearchParams({ [EPISODE]: episode, [TIME]: String(Math.max(0, Math.floor(t))) }).toString();
  return url.href;
}

/** What a page's fragment asks for, or null when it is not a castlet share link. */
export function sharedMoment(hash: string): SharedMoment | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const episode = params.get(EPISODE);
  if (!episode) return null;
  const t = Number(params.get(TIME));
  return { episode, t: Number.isFinite(t) && t > 0 ? t : 0 };
}

export interface SharedClip {
  episode: string;
  /** Seconds from the start of the episode. */
  start: number;
  /** Seconds, more than 0 and at most MAX_CLIP. */
  duration: number;
}

/** Seconds as the link writes them: at most three decimals, no exponent. */
const seconds = (n: number) => String(Math.round(Math.max(0, n) * 1000) / 1000);

/** The link to the clip of `episode` from `start` lasting `duration` seconds on `page` (its own fragment replaced). */
export function clipLink(page: string, episode: string, start: number, duration: number): string {
  const url = new URL(page);
  // The comma stays a comma (URLSearchParams would write %2C).
  url.hash = `${new URLSearchParams({ [EPISODE]: episode }).toString()}&${CLIP}=${seconds(start)},${seconds(duration)}`;
  return url.href;
}

/** The clip a page's fragment asks for, or null when it asks for none (or for one that cannot be). */
export function sharedClip(hash: string): SharedClip | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const episode = params.get(EPISODE);
  const match = /^(\d+(?:\.\d+)?),(\d+(?:\.\d+)?)$/.exec(params.get(CLIP)?.trim() ?? '');
  if (!episode || !match) return null;
  const start = Number(match[1]);
  const duration = Number(match[2]);
  return duration > 0 && duration <= MAX_CLIP ? { episode, start, duration } : null;
}
