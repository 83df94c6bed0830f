/**
 * What the podcast player supplies its parts (an on-demand chunk, loaded with the first of
 * them): its keys, and what the lock screen shows and offers (the episode, its chapters, seeks
 * and, with `continuous`, the next episode; a clip playing by its name; a live item by its
 * title and the song heard, without seeks).
 */
import type { Episode, Podcast } from '../api/types.js';
import type { Kind, PlayerPort, SessionInfo } from '../internal/port.js';

/** What the podcast player's parts see of it beyond every player's port. */
export interface PodcastParts {
  show(): Podcast | undefined;
  current(): Episode | undefined;
  /** The episode `continuous` plays after this one, if any; `playNext()` plays it. */
  following(): Episode | undefined;
  seek(t: number): void;
  playNext(): void;
  /** What plays instead of the episode (a live item: `live`, no seeks) or a clip of it: named so on the lock screen. */
  extra(): (Partial<SessionInfo> & { live?: boolean }) | undefined;
}

/**
 * Where Shift+N (`by` 1) or Shift+P (-1) moves from `t` in `episode`: the next listed chapter;
 * the start of this one, or within 3 s of it the one before (as a player's Previous button
 * does). Undefined: there is none.
 */
export function chapterStep(episode: Episode | undefined, t: number, by: 1 | -1): number | undefined {
  const starts = (episode?.chapters ?? []).filter((c) => c.toc !== false).map((c) => c.start);
  return by > 0 ? starts.find((s) => s > t + 1) : starts.reverse().find((s) => s < t - 3);
}

/** `k`/Space play-pause, `j`/`l` −15/+30 s, Shift+N/P chapters; the lock screen's episode, chapters and seeks. */
export function kind(port: PlayerPort, parts: PodcastParts): Kind {
  const toggle = () => port.toggle().catch(() => {});
  const at = () => port.playback.position;
  const move = (to: number | undefined) => to === undefined || parts.seek(to);
  const chapter = (by: 1 | -1) => () => move(chapterStep(parts.current(), at(), by));
  return {
    keys: { k: toggle, ' ': toggle, j: () => move(at() - 15), l: () => move(at() + 30), N: chapter(1), P: chapter(-1) },
    session() {
      const show = parts.show();
      const ep = parts.current();
      const { live, ...extra } = parts.extra() ?? {};
      if (show && live) return [{ title: show.title, artist: show.author, album: show.title, artwork: show.artwork_url, ...extra }, {}];
      return show && ep
        ? [
            {
              title: ep.title,
              artist: show.author,
              album: show.title,
              artwork: ep.artwork_url || show.artwork_url,
              chapters: ep.chapters.filter((c) => c.toc !== false).map((c) => ({ title: c.title, startTime: c.start })),
              ...extra,
            },
            {
              seekbackward: () => move(at() - 15),
              seekforward: () => move(at() + 30),
              seekto: (e) => move(e.seekTime ?? at()),
              // Offered only with `continuous` and an episode after this one: what the end of this one would play.
              nexttrack: parts.following() && (() => parts.playNext()),
            },
          ]
        : null;
    },
  };
}
