/**
 * The station's schedule in <stream-player> (docs/schedule.md): an on-demand chunk, loaded when
 * the data first has a show coming. It checks the `schedule` part of the data (the
 * bundle does not carry that validator), writes the line the player shows ("On air: <show> with
 * <host> · Next: <show> at 18:00", in the listener's language and time zone) and says a
 * show that starts while the page is open, once; a show already on air when the data came is
 * not said. Names are bidi-isolated (FSI … PDI): a right-to-left title does not reorder the words
 * around it.
 */
import type { css, CSSResult } from 'lit';
import type { Show, StreamSchedule } from '../api/types.js';
import { isStreamSchedule } from '../api/validate-schedule.js';
import type { PlayerPort } from '../internal/port.js';

/**
 * The line's look (besides the player's own `muted clip`): it takes no height (a negative margin
 * of one line), so the title and artist above it never move when it comes, whatever the data;
 * the compact card has no room for it beside its smaller artwork.
 */
export const styles = (c: typeof css): CSSResult => c`
  [part='schedule'] {
    margin-bottom: -1lh;
  }
  @container (max-width: 360px) {
    [part='schedule'] {
      display: none;
    }
  }
`;

/** A name, isolated from the text around it. */
const isolate = (text: string) => `\u2068${text}\u2069`;

/** When `iso` is, in `locale` and `timeZone` (the listener's, unless given): "18:00" today, "Sat 18:00" (as the language writes it) on another day; "" for no time. */
export function showTime(iso: string, locale: string, now: number, timeZone?: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return ''; // (Text that is no time: none, rather than Intl's RangeError.)
  const day = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(d);
  return new Intl.DateTimeFormat(
    locale,
    day(at) === day(new Date(now)) ? { timeZone, timeStyle: 'short' } : { timeZone, weekday: 'short', hour: 'numeric', minute: '2-digit' },
  ).format(at);
}

/** "On air: <show> with <host>" (or without the host). */
const onAirWords = (port: PlayerPort, show: Show) =>
  port.t(show.host ? 'On air: {show} with {host}' : 'On air: {show}', { show: isolate(show.title), host: isolate(show.host) });

/** The show on air last seen by each player (`null`: none on air); absent until its first schedule. */
const seen = new WeakMap<PlayerPort, string | null>();

/**
 * The line for `schedule` (unchecked data: a schedule not of the documented shape is none);
 * when the show on air changed to a show since the last call for this player, `say` gets the
 * words that say it. `timeZone`: the listener's unless given (tests).
 */
export function line(port: PlayerPort, schedule: unknown, say: (words: string) => void, timeZone?: string): string {
  const s = isStreamSchedule(schedule) ? (schedule as StreamSchedule | undefined) : undefined;
  const onAir = s?.on_air;
  const key = onAir ? `${onAir.id} ${onAir.start}` : null;
  const was = seen.get(port);
  seen.set(port, key);
  if (onAir && key !== was && was !== undefined) say(onAirWords(port, onAir));
  const next = s?.next[0];
  const words = [
    onAir && onAirWords(port, onAir),
    next && port.t('Next: {show} at {time}', { show: isolate(next.title), time: showTime(next.start, port.lang, Date.now(), timeZone) }),
  ];
  return words.filter(Boolean).join(' · ');
}
