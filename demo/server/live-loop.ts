/**
 * Optional demo nicety: now playing follows the live loop's track list. At each track
 * boundary of the loop the channel's now playing becomes that track, so an owner's
 * setNowPlaying holds until the next boundary.
 */
import type { Catalog } from './catalog.ts';
import type { Store } from './store.ts';

/** Starts following; returns the function that stops it. */
export function followLiveLoop(store: Store, live: Catalog['live'], epoch = Date.now()): () => void {
  const tracks = [...live.tracks].sort((a, b) => a.start - b.start);
  const loop = live.info.duration;
  if (tracks.length === 0 || !(loop > 0)) return () => {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    const at = ((Date.now() - epoch) / 1000) % loop;
    const next = tracks.find((t) => t.start > at + 0.01);
    const wait = next ? next.start - at : loop - at + tracks[0]!.start;
    const track = next ?? tracks[0]!;
    timer = setTimeout(() => {
      for (const channel of store.channels) {
        store.setNowPlaying(channel.id, { title: track.title, artist: track.artist, artwork_url: null });
      }
      schedule();
    }, Math.max(10, wait * 1000));
    timer.unref();
  };
  schedule();
  return () => clearTimeout(timer);
}
