/**
 * The station's schedule in <stream-player> (docs/schedule.md), on a loopback service of our own
 * whose data is the service's own view of a weekly schedule (demo/server/schedule.ts
 * `scheduleAt`): the line "On air: <show> with <host> · Next: <show> at <time>" in the listener's
 * language and time zone, English and Arabic; an older service without `schedule`, an empty
 * schedule and a malformed one show nothing (and load no chunk); a show that starts while the
 * page is open is said once in the polite live region, a show already on air when the data came
 * is not. The week's panel (schedule-panel.ts): the line opens it, it lists the shows by the
 * listener's days across the clocks' changes, Escape and Close shut it and focus goes back, Arabic.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import '../../src/castlet.ts';
import type { StreamPlayer } from '../../src/castlet.ts';
import type { Day, StreamInfo } from '../../src/api/types.ts';
import { scheduleAt } from '../../demo/server/schedule.ts';
import { showTime } from '../../src/stream-player/schedule.ts';
import ar from '../../src/i18n/ar.ts';
import { adoptedRules, all, live, mount, q, ready, resetAfterEach, text } from '../support/harness.ts';
import { serve, streamInfo, type Service } from '../support/stub-service.ts';

let service: Service;
resetAfterEach();

const MIN = 60_000;
/** Names are bidi-isolated in what is said and in running text (FSI … PDI); in the line each is a span of its own direction (`dir=auto`). */
const iso = (name: string) => `\u2068${name}\u2069`;
/** The line's names, each in a span of its own direction. */
const names = (el: StreamPlayer) => all(el, '[part~=schedule-button] span[dir=auto]').map((s) => s.textContent);
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
  // The listener's time zone: not the station's (UTC) nor the machine's. (vi.stubEnv: restoring
  // by hand set TZ to the string "undefined" for the next file of the worker.)
  beforeAll(() => void vi.stubEnv('TZ', 'America/New_York'));
  afterAll(() => void vi.unstubAllEnvs());

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
    await vi.waitFor(() => expect(text(el, '[part=schedule]')).toBe(`On air: Breakfast with Sam · Next: News at ${at}`), 3000);
    expect(names(el)).toEqual(['Breakfast', 'Sam', 'News']);
    expect(q(el, '[part=schedule]').closest('.grow')).not.toBeNull();
    // A show already on air when the data came is not said.
    expect(live(el)?.trim()).toBe('');
  });

  it('a show without a host, and only a next show', async () => {
    const el = await player(withShows({ ...BREAKFAST, host: '' }));
    await vi.waitFor(() => expect(text(el, '[part=schedule]')).toMatch(new RegExp(`^On air: Breakfast · Next: Breakfast at `)), 3000);
    push(withShows(NEWS));
    await vi.waitFor(() => expect(text(el, '[part=schedule]')).toMatch(new RegExp(`^Next: News at \\S`)), 3000);
    expect(names(el)).toEqual(['News']);
  });

  it('Arabic, right to left: the words of ar.ts, the time as Arabic writes it', async () => {
    const el = await player(withShows(BREAKFAST, NEWS), { lang: 'ar' });
    const next = withShows(BREAKFAST, NEWS).schedule!.next[0]!;
    await vi.waitFor(() => expect(q(el, '[part=base]').getAttribute('dir')).toBe('rtl'), 3000);
    const words = (ar['On air: {show} with {host}'] as string).replace('{show}', 'Breakfast').replace('{host}', 'Sam');
    const nextWords = (ar['Next: {show} at {time}'] as string).replace('{show}', 'News').replace('{time}', showTime(next.start, 'ar', Date.now()));
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

describe('<stream-player> schedule panel', () => {
  // The listener in New York; the station in Berlin. Both change their clocks within the week.
  beforeAll(() => void vi.stubEnv('TZ', 'America/New_York'));
  afterAll(() => void vi.unstubAllEnvs());
  afterEach(() => void vi.useRealTimers());

  /** Breakfast daily at 07:00 Berlin, 60 minutes; News on weekdays at 12:00, with Ana. */
  const BERLIN = {
    timezone: 'Europe/Berlin',
    shows: [
      { id: 'breakfast', title: 'Breakfast', host: '', description: '', artwork_url: null, duration_min: 60, start: '07:00', days: DAYS },
      { id: 'news', title: 'News', host: 'Ana', description: '', artwork_url: null, duration_min: 10, start: '12:00', days: DAYS.slice(0, 5) },
    ],
  };
  /** The player on Berlin's schedule at `now`, with the clock (Date only) at `now`: the data's times are absolute. */
  async function at(now: string, attrs: Record<string, string> = {}) {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(now) });
    const el = await player({ ...streamInfo(), schedule: scheduleAt(BERLIN, Date.now()) }, attrs);
    await vi.waitFor(() => expect(q(el, '[part~=schedule-button]')).not.toBeNull(), 3000);
    return el;
  }
  /** Presses the line; the dialog, once open. */
  async function open(el: StreamPlayer) {
    const button = q(el, '[part~=schedule-button]');
    button.focus();
    button.click();
    await vi.waitFor(() => expect(q<HTMLDialogElement>(el, 'dialog[part~=schedule-panel]')?.open).toBe(true), 3000);
    return q<HTMLDialogElement>(el, 'dialog[part~=schedule-panel]');
  }
  /** The panel as text: each day's heading, then its rows. */
  const week = (el: StreamPlayer) =>
    all(el, '[part~=schedule-panel] h4, [part~=schedule-panel] li').map((e) => e.textContent!.replace(/\s+/g, ' ').trim());

  it('the line is a labelled button; pressing it opens the week by the listener’s days, across Berlin’s and New York’s clock changes', async () => {
    // Friday 23 October 2026, 6:05 AM in New York (12:05 in Berlin): Berlin goes back an hour on Sunday 25 October, New York on Sunday 1 November.
    const el = await at('2026-10-23T10:05:00Z');
    const button = q(el, '[part~=schedule-button]');
    expect(button.localName).toBe('button');
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    expect(button.title).toBe('Schedule');
    expect(button.textContent).toMatch(/^On air: .*News.* with .*Ana/);
    expect(q(el, '[part~=schedule-panel]')).toBeNull(); // (Its chunk comes with the first press.)
    const dialog = await open(el);
    expect(dialog.getAttribute('aria-label')).toBe('Schedule');
    expect(text(el, '[part~=schedule-panel] h3')).toBe('Schedule');
    const w = week(el);
    // On air now (News, 12:00–12:10 Berlin = 6:00–6:10 AM New York), then the coming 7 days.
    expect(w.slice(0, 6)).toEqual([
      'Friday, October 23',
      `6:00 AM – 6:10 AM On air: ${iso('News')} with ${iso('Ana')}`,
      'Saturday, October 24',
      '1:00 AM – 2:00 AM Breakfast', // 07:00 CEST
      'Sunday, October 25',
      '2:00 AM – 3:00 AM Breakfast', // 07:00 CET: Berlin changed, New York not yet
    ]);
    expect(w.slice(6, 9)).toEqual(['Monday, October 26', '2:00 AM – 3:00 AM Breakfast', `7:00 AM – 7:10 AM News with ${iso('Ana')}`]);
    expect(w.filter((l) => /^\w+day,/.test(l))).toEqual([
      'Friday, October 23',
      'Saturday, October 24',
      'Sunday, October 25',
      'Monday, October 26',
      'Tuesday, October 27',
      'Wednesday, October 28',
      'Thursday, October 29',
      'Friday, October 30',
    ]);
    // The on-air row is marked; titles and hosts are text in their own direction.
    expect(all(el, '[part~=schedule-panel] li[aria-current=true]')).toHaveLength(1);
    expect(all(el, '[part~=schedule-panel] li span[dir=auto]').map((s) => s.textContent)).toContain('Breakfast');
    expect(all(el, '[part~=schedule-panel] time')[1]!.getAttribute('datetime')).toBe('2026-10-24T05:00:00.000Z');
  });

  it('a week later: New York has changed too', async () => {
    // Friday 30 October, 11:00 PM in New York.
    const el = await at('2026-10-31T03:00:00Z');
    await open(el);
    const w = week(el);
    expect(w.slice(0, 4)).toEqual(['Saturday, October 31', '2:00 AM – 3:00 AM Breakfast', 'Sunday, November 1', '1:00 AM – 2:00 AM Breakfast']);
    expect(w[w.indexOf('Sunday, November 1') + 1]).toBe('1:00 AM – 2:00 AM Breakfast'); // 07:00 CET = 06:00 UTC = 01:00 EST
    expect(w[w.indexOf('Monday, November 2') + 2]).toBe(`6:00 AM – 6:10 AM News with ${iso('Ana')}`);
  });

  it('Escape closes it and focus goes back to the line; so does Close; it opens again', async () => {
    const el = await at('2026-10-23T10:05:00Z');
    let dialog = await open(el);
    // (A browser's showModal() moves focus into the dialog, to its first control; happy-dom's does not.)
    q(el, '[part~=schedule-close]').focus();
    dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    await vi.waitFor(() => expect(dialog.open).toBe(false), 3000);
    expect(el.shadowRoot!.activeElement).toBe(q(el, '[part~=schedule-button]'));
    // Another key does nothing.
    dialog = await open(el);
    dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true, composed: true }));
    expect(dialog.open).toBe(true);
    q(el, '[part~=schedule-close]').focus();
    q(el, '[part~=schedule-close]').click();
    await vi.waitFor(() => expect(dialog.open).toBe(false), 3000);
    expect(q(el, '[part~=schedule-close]').getAttribute('aria-label')).toBe('Close');
    expect(el.shadowRoot!.activeElement).toBe(q(el, '[part~=schedule-button]'));
  });

  it('Arabic, right to left: its words, its days and times, names in their own direction', async () => {
    const el = await at('2026-10-23T10:05:00Z', { lang: 'ar' });
    await vi.waitFor(() => expect(q(el, '[part=base]').getAttribute('dir')).toBe('rtl'), 3000);
    await vi.waitFor(() => expect(q(el, '[part~=schedule-button]').title).toBe(ar.Schedule), 3000);
    // The line's names: each a span of its own direction (an English title is cut at its end).
    expect(names(el)).toEqual(['News', 'Ana', 'Breakfast']);
    const dialog = await open(el);
    expect(dialog.getAttribute('aria-label')).toBe(ar.Schedule);
    expect(dialog.closest('[dir=rtl]')).not.toBeNull();
    const day = new Intl.DateTimeFormat('ar', { timeZone: 'America/New_York', weekday: 'long', day: 'numeric', month: 'long' });
    const time = new Intl.DateTimeFormat('ar', { timeZone: 'America/New_York', timeStyle: 'short' });
    const w = week(el);
    expect(w[2]).toBe(day.format(Date.parse('2026-10-24T05:00:00Z')));
    expect(w[3]).toBe(`${time.format(Date.parse('2026-10-24T05:00:00Z'))} – ${time.format(Date.parse('2026-10-24T06:00:00Z'))} Breakfast`);
    expect(w[1]).toContain((ar['with {host}'] as string).replace('{host}', iso('Ana')));
    expect(w[1]).toContain((ar['On air: {show}'] as string).replace('{show}', iso('News')));
  });
});
