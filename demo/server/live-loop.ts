/**
 * Optional demo nicety: now playing follows a station's loop's track list. At each track
 * boundary of the loop the channel's now playing becomes that track, so an owner's
 * setNowPlaying holds for the rest of the loop's current track; `nextChange()` says until
 * when (the setNowPlaying response carries it as `replaced_at`).
 */
import type { LiveLoop } from './media/catalog.ts';
import type { Store } from './store.ts';

/** Stops following; `nextChange()` is when the loop next sets now playing (null: never). */
export type LoopFollower = (() => void) & { nextChange(): Date | null };

/** Starts following `live` on `channel` (default: the first); returns the function that stops it. */
export function followLiveLoop(store: Store, live: LiveLoop, epoch = Date.now(), channel = store.channels[0]!.id): LoopFollower {
  const tracks = [...live.tracks].sort((a, b) => a.start - b.start);
  const loop = live.info.duration;
  let nextAt: Date | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = Object.assign(
    () => {
      clearTimeout(timer);
      nextAt = null;
    },
    { nextChange: () => nextAt },
  );
  if (tracks.length === 0 || !(loop > 0)) return stop;
  const schedule = () => {
    const at = ((Date.now() - epoch) / 1000) % loop;
    const next = tracks.find((t) => t.start > at + 0.01);
    const wait = next ? next.start - at : loop - at + tracks[0]!.start;
    const track = next ?? tracks[0]!;
    const delay = Math.max(10, wait * 1000);
    nextAt = new Date(Date.now() + delay);
    timer = setTimeout(() => {
      store.setNowPlaying(channel, { title: track.title, artist: track.artist, artwork_url: null });
      schedule();
    }, delay);
    timer.unref();
  };
  schedule();
  return stop;
}
