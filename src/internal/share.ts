/**
 * Share links: the page's URL with `#castlet-episode=<id>&castlet-t=<seconds>`. A page opened
 * with that fragment shows that episode at that time, ready to play.
 */
const EPISODE = 'castlet-episode';
const TIME = 'castlet-t';

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
