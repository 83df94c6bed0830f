/**
 * Now playing as the listener hears it: an on-demand chunk of <stream-player>, loaded when it
 * first plays. A live stream is heard behind its live edge: a new connection to a source
 * starts that source's `delay` seconds back (the burst of past audio it sends at once, and how
 * far it lags the master), and every stall after that adds to it. The playback clock measures
 * both: the audio heard now left the live edge at (load time − delay + position). The newest
 * track that had started by then is the one heard; newer ones wait, older ones are the recent
 * tracks. More in docs/now-playing-as-heard.md.
 */
import type { NowPlaying, StreamInfo } from '../api/types.js';
import type { Snapshot } from '../internal/playback/types.js';

/** When this page first saw each track: no track started after it was announced, whatever the clocks say. */
const seen = new Map<string, number>();

/** When `track` started at the live edge, on this browser's clock (ms). */
function start(track: NowPlaying, now: number): number {
  const key = track.started_at + track.title;
  const first = seen.get(key) ?? now;
  seen.set(key, first);
  return Math.min(Date.parse(track.started_at) || Infinity, first);
}

/**
 * The moment of the live edge the audio heard now left it (ms), or Infinity: nothing is heard.
 * A stream that tells its own clock (HLS's program date-time) says it; else it is worked out.
 */
function moment(d: StreamInfo, playback: Snapshot): number {
  // The source in use's delay, else the stream's; not a number of seconds counts as none; more than two minutes is not a burst.
  const delay = Math.min(Math.max(Number(playback.source?.delay ?? d.stream_delay) || 0, 0), 120);
  return playback.loadedAt && playback.sounding ? (playback.date ?? playback.loadedAt + (playback.position - delay) * 1000) : Infinity;
}

/** `d` as heard at `at` (a moment of the live edge, ms): the newest track started by then, the ones before it as the history. */
function at(d: StreamInfo, at: number): StreamInfo {
  const now = Date.now();
  const tracks = d.now_playing ? [d.now_playing, ...d.history] : [];
  const starts = tracks.map((t) => start(t, now));
  // Nothing known started by then: the oldest known track is the best guess.
  const i = starts.findIndex((s) => s <= at);
  const track = tracks.at(i);
  return track && (i > 0 || (i < 0 && tracks.length > 1)) ? { ...d, now_playing: track, history: i < 0 ? [] : tracks.slice(i + 1) } : d;
}

/**
 * `d` as heard from `playback` now: the track heard as now playing, the ones before it as the
 * history. While the stream does not play (paused, offline, no audio yet) it is `d` as it is.
 */
export function heard(d: StreamInfo | null, playback: Snapshot): StreamInfo | null {
  return d && at(d, moment(d, playback));
}

/**
 * One player's ear: `heard`, and while the listener's sound is held up after it was heard (the
 * source lost and the next one loading, a stall) the moment last heard holds: the gap shows the
 * song heard last, not the live edge that no source plays yet. Paused or stopped, it forgets.
 */
export function ear(): typeof heard {
  let last = Infinity;
  return (d, playback) => {
    if (!d) return d;
    const now = moment(d, playback);
    last = Number.isFinite(now) || !playback.buffering ? now : last;
    return at(d, last);
  };
}
