/**
 * The station's schedule in <stream-player> (docs/schedule.md), on a loopback service of our own
 * whose data is the service's own view of a weekly schedule (demo/server/schedule.ts
 * `scheduleAt`): the line "On air: <show> with <host> · Next: <show> at <time>" in the listener's
 * language and time zone, English and Arabic; an older service without `schedule`, an empty
 * schedule and a malformed one show nothing (and load no chunk); a show that starts while the
 * page is open is said once in the polite live region, a show already on air when the data came
 * is not.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import '../../src/castlet.ts';
import type { StreamPlayer } from '../../src/castlet.ts';
import type { Day, StreamInfo } from '../../src/api/types.ts';
import { scheduleAt } from '../../demo/server/schedule.ts';
import { showTime } from '../../src/stream-player/schedule.ts';
import ar from '../../src/i18n/ar.ts';
import { adoptedRules, live, mount, q, ready, resetAfterEach, text } from '../support/harness.ts';
import { serve, streamInfo, type Service } from '../support/stub-service.ts';

let service: Service;
resetAfterEach();

const MIN = 60_000;
/** Names are bidi-isolated in the line (FSI … PDI). */
const iso = (name: string) => `\u2068${name}\u2069`;
const DAYS: Day[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
/** `HH:MM` and the day in UTC, `minutes` from now (whole minutes). */
const wall = (minutes: number) => {
  const d = new Date(Math.floor((Date.now() + minutes * MIN) / MIN) * MIN);
  return { start: d.toISOString().slice(11, 16), days: [DAYS[(d.getUTCDay() + 6) % 7]!] };
};
const weekly = (id: string, title: string, host: string, minutes: number, duration_min: number) => ({
  id,
  title,
  host,
  description: '',
  artwork_url: null,
  duration_min,
  ...wall(minutes),
});

/** /public/stream with the service's view of `shows` (a UTC schedule) now. */
function withShows(...shows: ReturnType<typeof weekly>[]): StreamInfo {
  return { ...streamInfo(), schedule: scheduleAt({ timezone: 'UTC', shows }, Date.now()) };
}
const BREAKFAST = weekly('breakfast', 'Breakfast', 'Sam', -10, 60);
const NEWS = weekly('news', 'News', 'Ana', 50, 10);

const push = (info: unknown) => service.push('/public/stream/events', 'stream', info);
/** The player on `info`: the first event of its stream's events (which then push the changes). */
async function player(info: unknown, attrs: Record<string, string> = {}) {
  service = await serve({ '/public/stream/events': 'sse' });
  const el = await mount<StreamPlayer>('stream-player', service.url, attrs);
  await vi.waitFor(() => expect(service.listeners('/public/stream/events')).toBe(1), 3000);
  push(info);
  await ready(el);
  return el;
}
/** The schedule chunk's styles are in the player's shadow root (Panels adds them when it loads). */
const scheduleLoaded = (el: StreamPlayer) => adoptedRules(el).some((r) => r.startsWith("[part='schedule']"));

describe('<stream-player> schedule', () => {
  // The listener's time zone: not the station's (UTC) nor the machine's.
  const tz = process.env.TZ;
  beforeAll(() => void (process.env.TZ = 'America/New_York'));
  afterAll(() => void (process.env.TZ = tz));

  it('showTime: the start in the listener’s language and zone, timeStyle short; the day too when it is not today', () => {
    const now = Date.parse('2026-11-30T12:00:00Z');
    expect(showTime('2026-11-30T17:00:00Z', 'en', now, 'Europe/Berlin')).toBe('6:00 PM');
    expect(showTime('2026-11-30T17:00:00Z', 'de', now, 'Europe/Berlin')).toBe('18:00');
    expect(showTime('2026-11-30T17:00:00Z', 'en', now, 'America/New_York')).toBe('12:00 PM');
    expect(showTime('2026-11-30T17:00:00Z', 'ar', now, 'Europe/Berlin')).toBe(
      new Intl.DateTimeFormat('ar', { timeStyle: 'short', timeZone: 'Europe/Berlin' }).format(Date.parse('2026-11-30T17:00:00Z')),
    );
    expect(showTime('2026-12-01T17:00:00Z', 'en', now, 'Europe/Berlin')).toBe('Tue 6:00 PM');
    // Without a zone: the listener's (process.env.TZ here).
    expect(showTime('2026-11-30T17:00:00Z', 'en', now)).toBe('12:00 PM');
    // Text that is no time (the schedule's validator checks text only): none, never a throw.
    expect(showTime('soon', 'en', now)).toBe('');
  });

  it('English: "On air: <show> with <host> · Next: <show> at <time>" in the listener’s zone; the line is in the card', async () => {
    const el = await player(withShows(BREAKFAST, NEWS));
    const info = withShows(BREAKFAST, NEWS);
    const at = showTime(info.schedule!.next[0]!.start, 'en', Date.now());
    expect(at).toBe(
      new Intl.DateTimeFormat('en', {
        timeZone: 'America/New_York',
        ...(new Date(info.schedule!.next[0]!.start).toLocaleDateString('en', { timeZone: 'America/New_York' }) ===
        new Date().toLocaleDateString('en', { timeZone: 'America/New_York' })
          ? { timeStyle: 'short' }
          : { weekday: 'short', hour: 'numeric', minute: '2-digit' }),
      }).format(new Date(info.schedule!.next[0]!.start)),
    );
    await vi.waitFor(
      () => expect(text(el, '[part=schedule]')).toBe(`On air: ${iso('Breakfast')} with ${iso('Sam')} · Next: ${iso('News')} at ${at}`),
      3000,
    );
    expect(q(el, '[part=schedule]').closest('.grow')).not.toBeNull();
    // A show already on air when the data came is not said.
    expect(live(el)?.trim()).toBe('');
  });

  it('a show without a host, and only a next show', async () => {
    const el = await player(withShows({ ...BREAKFAST, host: '' }));
    await vi.waitFor(
      () => expect(text(el, '[part=schedule]')).toMatch(new RegExp(`^On air: ${iso('Breakfast')} · Next: ${iso('Breakfast')} at `)),
      3000,
    );
    push(withShows(NEWS));
    await vi.waitFor(() => expect(text(el, '[part=schedule]')).toMatch(new RegExp(`^Next: ${iso('News')} at \\S`)), 3000);
  });

  it('Arabic, right to left: the words of ar.ts, the time as Arabic writes it', async () => {
    const el = await player(withShows(BREAKFAST, NEWS), { lang: 'ar' });
    const next = withShows(BREAKFAST, NEWS).schedule!.next[0]!;
    await vi.waitFor(() => expect(q(el, '[part=base]').getAttribute('dir')).toBe('rtl'), 3000);
    const words = (ar['On air: {show} with {host}'] as string).replace('{show}', iso('Breakfast')).replace('{host}', iso('Sam'));
    const nextWords = (ar['Next: {show} at {time}'] as string)
      .replace('{show}', iso('News'))
      .replace('{time}', showTime(next.start, 'ar', Date.now()));
    await vi.waitFor(() => expect(text(el, '[part=schedule]')).toBe(`${words} · ${nextWords}`), 3000);
    expect(text(el, '[part=schedule]')).toMatch(/على الهواء/);
  });

  it('a show that starts while the page is open is said once, politely; the data that follows does not say it again', async () => {
    const el = await player(withShows(NEWS));
    await vi.waitFor(() => expect(text(el, '[part=schedule]')).toMatch(/^Next: /), 3000);
    expect(live(el)?.trim()).toBe('');
    // The service pushes at the show's boundary: News is on air now.
    const onAir = withShows(weekly('news', 'News', 'Ana', 0, 10));
    push(onAir);
    await vi.waitFor(() => expect(live(el)?.trim()).toBe(`On air: ${iso('News')} with ${iso('Ana')}`), 3000);
    // A new track is said; then more data with the same show on air (a listener joined) says nothing of the show.
    push({ ...onAir, now_playing: { ...onAir.now_playing!, title: 'Song', artist: 'Band' } });
    await vi.waitFor(() => expect(live(el)?.trim()).toBe('Now playing: Song by Band'), 3000);
    push({ ...onAir, now_playing: { ...onAir.now_playing!, title: 'Song', artist: 'Band' }, listeners: 9 });
    await vi.waitFor(() => expect(text(el, '[part=listeners]')).toMatch(/9/), 3000);
    expect(live(el)?.trim()).toBe('Now playing: Song by Band');
    // The show ends: nothing on air is not said either.
    push({ ...withShows(), now_playing: { ...onAir.now_playing!, title: 'Song', artist: 'Band' } });
    await vi.waitFor(() => expect(text(el, '[part=schedule]')).toBe(''), 3000);
    expect(live(el)?.trim()).toBe('Now playing: Song by Band');
  });

  it('no schedule: an older service (no field), an empty one, a malformed one: an empty line, no chunk, the player works', async () => {
    const older: Partial<StreamInfo> = streamInfo();
    delete older.schedule;
    const el = await player(older);
    expect(text(el, '[part=schedule]')).toBe('');
    push(streamInfo()); // The service's schedule with no shows: nothing coming, no chunk.
    await vi.waitFor(() => expect(text(el, '[part=listeners]')).toMatch(/3/), 3000);
    expect(scheduleLoaded(el)).toBe(false);
    // A schedule of the wrong shape (the chunk checks it: the bundle does not) is none; the stream plays on.
    const good = withShows(BREAKFAST, NEWS).schedule!;
    push({ ...streamInfo(), schedule: { ...good, on_air: { ...good.on_air, title: ['Breakfast'], host: 7 } } });
    await vi.waitFor(() => expect(scheduleLoaded(el)).toBe(true), 3000);
    expect(text(el, '[part=schedule]')).toBe('');
    expect(el.state).toBe('ready');
    expect(q(el, '[part~=message]')).toBeNull();
  });
});
