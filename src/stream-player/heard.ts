/**
 * Now playing as the listener hears it: an on-demand chunk of <stream-player>, loaded when it
 * first plays. A live stream is heard behind its live edge: a new connection starts
 * `stream_delay` seconds back (the burst of past audio the service sends at once), and every
 * stall after that adds to it. The media clock measures both: the audio heard now left the
 * live edge at (load time − stream_delay + currentTime). The newest track that had started by
 * then is the one heard; newer ones wait, older ones are the recent tracks.
 * More in docs/now-playing-as-heard.md.
 */
import type { NowPlaying, StreamInfo } from '../internal/api-types.js';

/** When this page first saw each track: no track started after it was announced, whatever the clocks say. */
const seen = new Map<string, number>();

/** When `track` started at the live edge, on this browser's clock (ms). */
function start(track: NowPlaying, now: number): number {
  const key = track.started_at + track.title;
  if (!seen.has(key)) seen.set(key, now);
  return Math.min(Date.parse(track.started_at) || Infinity, seen.get(key)!);
}

/**
 * `d` as heard from `media` now: the track heard as now playing, the ones before it as the
 * history. While the stream does not play (paused, offline, no audio yet) it is `d` as it is.
 */
export function heard(d: StreamInfo | null, media: HTMLMediaElement): StreamInfo | null {
  if (!d) return d;
  const now = Date.now();
  const tracks = d.now_playing ? [d.now_playing, ...d.history] : [];
  const starts = tracks.map((t) => start(t, now));
  // The live URL carries its load time (AudioController: `t=` + Date.now(), last).
  const loaded = /[?&]t=(\d+)$/.exec(media.src)?.[1];
  // A delay that is not a number of seconds counts as none; more than two minutes is not a burst.
  const delay = Math.min(Math.max(Number(d.stream_delay) || 0, 0), 120);
  // From the connection's first audio on (WebKitGTK may hold currentTime at 0 for seconds of sound).
  const t = media.currentTime;
  const at = loaded && !media.paused && (t || media.readyState > 1) ? +loaded + (t - delay) * 1000 : Infinity;
  // Nothing known started by then: the oldest known track is the best guess.
  const i = starts.findIndex((s) => s <= at);
  return i > 0 || (i < 0 && tracks.length > 1) ? { ...d, now_playing: tracks.at(i)!, history: i < 0 ? [] : tracks.slice(i + 1) } : d;
}
