/**
 * The station's weekly shows (docs/schedule.md), the domain only and pure: a schedule, its zone
 * and a moment in, the show on air and the coming ones out, at absolute times; the overlap
 * check; the next moment either changes. No Temporal in Node 20: a zone's offset comes from
 * Intl.DateTimeFormat's parts (`offsetAt`), and a wall time becomes an instant by `instantOf`.
 *
 * Wall times: a show runs from its start's wall time to its end's (start + duration_min) in the
 * station's zone, so back-to-back shows stay back to back on a daylight-saving day (one is then
 * an hour shorter or longer). A wall time the zone skips (spring forward: 02:30 in Berlin on
 * 2026-03-29) is the first instant after the gap (03:00 CEST); one it repeats (fall back: 02:30
 * on 2026-10-25) is the earlier instant. A show wholly inside a skipped hour does not air that day.
 */
import type { Day, ScheduleShow, Show, StreamSchedule } from '../../src/api/index.ts';

export const DAYS: readonly Day[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const MINUTE = 60_000;
const DAY_MS = 24 * 3600_000;
const WEEK_MIN = 7 * 1440;
/** `next` lists the shows that start within this long from now. */
export const WINDOW_MS = 7 * DAY_MS;

/** A channel's weekly shows as kept (checked: setSchedule's input). */
export interface WeeklySchedule {
  timezone: string;
  shows: ScheduleShow[];
}

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      ...{ year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' },
    });
    formats.set(zone, f);
  }
  return f;
}

/** Whether `zone` is an IANA time zone name this runtime knows (`Europe/Berlin`, `UTC`); offsets like `+01:00` are not. */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
  try {
    formatIn(zone);
    return true;
  } catch {
    return false;
  }
}

/** The wall time in `zone` at `ms`, as milliseconds of a UTC clock showing it (seconds kept, milliseconds dropped). */
function wallAt(zone: string, ms: number): number {
  const parts: Record<string, number> = {};
  for (const { type, value } of formatIn(zone).formatToParts(ms)) parts[type] = Number(value);
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** `zone`'s offset from UTC at the instant `ms`, in minutes (Berlin in summer: 120). */
export function offsetAt(zone: string, ms: number): number {
  return Math.round((wallAt(zone, ms) - Math.floor(ms / 1000) * 1000) / MINUTE);
}

/**
 * The instant (ms) of a wall time in `zone`, given as the milliseconds of a UTC clock showing it
 * (`Date.UTC(y, m, d, h, min)`): the earlier instant when the zone shows it twice (fall back),
 * the first instant after the gap when it skips it (spring forward).
 */
export function instantOf(zone: string, wall: number): number {
  const before = offsetAt(zone, wall - DAY_MS);
  const after = offsetAt(zone, wall + DAY_MS);
  const fits = [before, after].map((o) => wall - o * MINUTE).filter((t) => wallAt(zone, t) === wall);
  if (fits.length) return Math.min(...fits);
  // A gap: the change lies between the wall time read with the later offset and with the earlier one.
  let [lo, hi] = [wall - after * MINUTE, wall - before * MINUTE];
  if (lo > hi) [lo, hi] = [hi, lo];
  while (hi - lo > 1000) {
    const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
    if (offsetAt(zone, mid) === offsetAt(zone, lo)) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** `HH:MM` as minutes after midnight, or NaN. */
export function minutesOf(hhmm: string): number {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : NaN;
}

/** A weekly airing: its show and its start and end in minutes of the week (Monday 00:00 is 0; the end may pass the week's end). */
interface Slot {
  show: ScheduleShow;
  from: number;
  to: number;
}

const slotsOf = (shows: ScheduleShow[]): Slot[] =>
  shows.flatMap((show) =>
    show.days.map((day) => {
      const from = DAYS.indexOf(day) * 1440 + minutesOf(show.start);
      return { show, from, to: from + show.duration_min };
    }),
  );

/** The first two airings that overlap (also across midnight and the week's end), or undefined. */
export function overlap(shows: ScheduleShow[]): [Slot, Slot] | undefined {
  const slots = slotsOf(shows).sort((a, b) => a.from - b.from);
  for (let i = 0; i < slots.length; i++)
    for (let j = i + 1; j < slots.length; j++) {
      const [a, b] = [slots[i]!, slots[j]!];
      // b starts later in the week; it overlaps a if it starts before a ends, or a (next week) starts before b ends.
      if (b.from < a.to || a.from + WEEK_MIN < b.to) return [a, b];
    }
  return undefined;
}

/** What an overlap is called in a 400: both shows, their day and time. */
export function describeOverlap([a, b]: [Slot, Slot]): string {
  const at = ({ show, from }: Slot) => `"${show.id}" (${DAYS[Math.floor(from / 1440)]} ${show.start}, ${show.duration_min} min)`;
  return `overlapping shows: ${at(a)} and ${at(b)}`;
}

/** One airing at absolute times (ms). */
interface Airing {
  show: ScheduleShow;
  start: number;
  end: number;
}

/** Every airing that starts from the station's day before `now`'s to 8 days after it, by start; none that the zone's gap swallows. */
function airingsAround({ timezone, shows }: WeeklySchedule, now: number): Airing[] {
  const today = Math.floor(wallAt(timezone, now) / DAY_MS) * DAY_MS;
  const airings: Airing[] = [];
  for (let d = -1; d <= 8; d++) {
    const midnight = today + d * DAY_MS;
    const day = DAYS[(new Date(midnight).getUTCDay() + 6) % 7];
    for (const show of shows) {
      if (!show.days.includes(day!)) continue;
      const from = midnight + minutesOf(show.start) * MINUTE;
      const start = instantOf(timezone, from);
      const end = instantOf(timezone, from + show.duration_min * MINUTE);
      if (end > start) airings.push({ show, start, end });
    }
  }
  return airings.sort((a, b) => a.start - b.start);
}

const showView = ({ show: { id, title, host, description, artwork_url }, start, end }: Airing): Show => ({
  id,
  title,
  host,
  description,
  artwork_url,
  start: new Date(start).toISOString(),
  end: new Date(end).toISOString(),
});

/** The last view of each schedule and the moments it holds for (every /public/stream answer and event makes one). */
const made = new WeakMap<WeeklySchedule, { from: number; until: number; view: StreamSchedule }>();

/** The schedule as /public/stream shows it at `now` (ms): the show on air, and those starting in the next 7 days, in order. */
export function scheduleAt(schedule: WeeklySchedule, now: number): StreamSchedule {
  const last = made.get(schedule);
  if (last && last.from <= now && now < last.until) return last.view;
  const airings = airingsAround(schedule, now);
  const onAir = airings.find((a) => a.start <= now && now < a.end);
  const view = {
    timezone: schedule.timezone,
    on_air: onAir ? showView(onAir) : null,
    next: airings.filter((a) => a.start > now && a.start < now + WINDOW_MS).map(showView),
  };
  made.set(schedule, { from: now, until: changeAfter(airings, now) ?? Infinity, view });
  return view;
}

/** The first moment after `now` that one of `airings` starts or ends, or comes within the 7 days. */
function changeAfter(airings: Airing[], now: number): number | undefined {
  // (An airing is in `next` from the first millisecond its start is less than 7 days away.)
  const moments = airings.flatMap((a) => [a.start, a.end, a.start - WINDOW_MS + 1]).filter((t) => t > now);
  return moments.length ? Math.min(...moments) : undefined;
}

/**
 * The next moment after `now` that `scheduleAt` changes: a show starts or ends, or one comes
 * within the 7 days; undefined for a schedule with no shows.
 */
export function nextChange(schedule: WeeklySchedule, now: number): number | undefined {
  return changeAfter(airingsAround(schedule, now), now);
}
