/**
 * demo/server/schedule.ts, pure, at explicit moments: the show on air and the coming ones as
 * absolute times, across daylight-saving changes (Berlin and New York, both ways), midnight and
 * the week's end, within 7 days; the zone helpers and the overlap check.
 */
import { describe, expect, it } from 'vitest';
import type { Day, ScheduleShow } from '../../src/api/types.ts';
import { instantOf, isTimeZone, nextChange, offsetAt, overlap, scheduleAt, type WeeklySchedule } from '../../demo/server/schedule.ts';

const show = (id: string, days: Day[], start: string, duration_min: number): ScheduleShow => ({
  id,
  title: id.toUpperCase(),
  host: 'Sam',
  description: '',
  artwork_url: null,
  days,
  start,
  duration_min,
});
const at = (iso: string) => Date.parse(iso);
const times = (s: WeeklySchedule, now: string) => {
  const { on_air, next } = scheduleAt(s, at(now));
  return { on_air: on_air && `${on_air.id} ${on_air.start} ${on_air.end}`, next: next.map((x) => `${x.id} ${x.start} ${x.end}`) };
};
const ALL: Day[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

describe('zone helpers', () => {
  it('offsetAt reads the zone’s offset at an instant', () => {
    expect(offsetAt('Europe/Berlin', at('2026-01-15T12:00Z'))).toBe(60);
    expect(offsetAt('Europe/Berlin', at('2026-07-15T12:00Z'))).toBe(120);
    expect(offsetAt('America/New_York', at('2026-01-15T12:00Z'))).toBe(-300);
    expect(offsetAt('America/New_York', at('2026-07-15T12:00Z'))).toBe(-240);
    expect(offsetAt('Asia/Kolkata', at('2026-07-15T12:00Z'))).toBe(330);
    expect(offsetAt('UTC', at('2026-07-15T12:00:30.500Z'))).toBe(0);
  });

  it('instantOf: a plain wall time, a skipped one (the first instant after the gap), a repeated one (the earlier)', () => {
    const iso = (zone: string, ...wall: [number, number, number, number, number]) => new Date(instantOf(zone, Date.UTC(...wall))).toISOString();
    expect(iso('Europe/Berlin', 2026, 0, 15, 18, 0)).toBe('2026-01-15T17:00:00.000Z');
    expect(iso('Europe/Berlin', 2026, 2, 29, 2, 30)).toBe('2026-03-29T01:00:00.000Z'); // 03:00 CEST
    expect(iso('Europe/Berlin', 2026, 9, 25, 2, 30)).toBe('2026-10-25T00:30:00.000Z'); // 02:30 CEST, not CET
    expect(iso('America/New_York', 2026, 2, 8, 2, 15)).toBe('2026-03-08T07:00:00.000Z'); // 03:00 EDT
    expect(iso('America/New_York', 2026, 10, 1, 1, 30)).toBe('2026-11-01T05:30:00.000Z'); // 01:30 EDT, not EST
  });

  it('isTimeZone takes IANA names, not offsets or made-up names', () => {
    for (const zone of ['Europe/Berlin', 'America/New_York', 'UTC', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5'])
      expect(isTimeZone(zone), zone).toBe(true);
    for (const zone of ['', '+01:00', 'Mars/Olympus', 'Europe/Berlin ', 'CET/../x', 'Europe//Berlin']) expect(isTimeZone(zone), zone).toBe(false);
  });
});

describe('scheduleAt', () => {
  it('on air now, and next: those that start after now, in order, not the one on air', () => {
    const s = { timezone: 'UTC', shows: [show('morning', ALL, '07:00', 120), show('evening', ['mon', 'fri'], '18:00', 60)] };
    const r = times(s, '2026-11-30T08:00Z'); // a Monday
    expect(r.on_air).toBe('morning 2026-11-30T07:00:00.000Z 2026-11-30T09:00:00.000Z');
    expect(r.next.slice(0, 3)).toEqual([
      'evening 2026-11-30T18:00:00.000Z 2026-11-30T19:00:00.000Z',
      'morning 2026-12-01T07:00:00.000Z 2026-12-01T09:00:00.000Z',
      'morning 2026-12-02T07:00:00.000Z 2026-12-02T09:00:00.000Z',
    ]);
    // A show is on air from its start (inclusive) to its end (exclusive).
    expect(times(s, '2026-11-30T07:00Z').on_air).toMatch(/^morning/);
    expect(times(s, '2026-11-30T09:00Z').on_air).toBeNull();
    expect(times(s, '2026-11-30T09:00Z').next[0]).toMatch(/^evening/);
  });

  it('the 7-day window: every show starting within 7 days from now, none at or after (the same schedule asked again: its view follows)', () => {
    const s = { timezone: 'UTC', shows: [show('daily', ALL, '12:00', 30)] };
    const r = times(s, '2026-11-30T12:00Z');
    expect(r.on_air).toMatch(/^daily 2026-11-30T12:00/);
    expect(r.next).toHaveLength(6); // Tuesday … Sunday; next Monday's 12:00 is 7 days on, outside
    expect(r.next.at(-1)).toMatch(/^daily 2026-12-06T12:00/);
    expect(times(s, '2026-11-30T12:00:01Z').next).toHaveLength(7);
    expect(times(s, '2026-11-30T12:00:01Z').next.at(-1)).toMatch(/^daily 2026-12-07T12:00/);
  });

  it('across midnight: a show that started yesterday is on air today', () => {
    const s = { timezone: 'Europe/Berlin', shows: [show('late', ['tue'], '23:00', 180)] };
    // Wednesday 2026-12-02 01:00 in Berlin (00:00Z): Tuesday's show, 23:00–02:00, is on air.
    expect(times(s, '2026-12-02T00:00Z').on_air).toBe('late 2026-12-01T22:00:00.000Z 2026-12-02T01:00:00.000Z');
    expect(times(s, '2026-12-02T01:00Z').on_air).toBeNull();
  });

  it('across the week’s end: Sunday’s show is on air early on Monday, Monday’s comes after it', () => {
    const s = { timezone: 'UTC', shows: [show('sunday', ['sun'], '23:00', 90), show('monday', ['mon'], '00:30', 60)] };
    const r = times(s, '2026-11-30T00:10Z'); // Monday 00:10
    expect(r.on_air).toBe('sunday 2026-11-29T23:00:00.000Z 2026-11-30T00:30:00.000Z');
    expect(r.next.slice(0, 2)).toEqual([
      'monday 2026-11-30T00:30:00.000Z 2026-11-30T01:30:00.000Z',
      'sunday 2026-12-06T23:00:00.000Z 2026-12-07T00:30:00.000Z',
    ]);
  });

  describe('daylight saving: each airing at its wall time, in absolute time', () => {
    const s = {
      timezone: 'Europe/Berlin',
      shows: [show('night', ['sun'], '00:00', 120), show('gap', ['sun'], '02:30', 30), show('noon', ALL, '12:00', 60)],
    };

    it('Berlin springs forward on 2026-03-29: 12:00 moves from 11:00Z to 10:00Z; 02:30 starts at 03:00 CEST', () => {
      const r = times(s, '2026-03-28T12:30Z'); // Saturday 13:30 CET
      expect(r.on_air).toBeNull();
      expect(r.next.slice(0, 4)).toEqual([
        'night 2026-03-28T23:00:00.000Z 2026-03-29T01:00:00.000Z', // 00:00 CET – 02:00, which is 03:00 CEST that day
        // 02:30–03:00 does not exist that day: the show is wholly in the gap and does not air.
        'noon 2026-03-29T10:00:00.000Z 2026-03-29T11:00:00.000Z',
        'noon 2026-03-30T10:00:00.000Z 2026-03-30T11:00:00.000Z',
        'noon 2026-03-31T10:00:00.000Z 2026-03-31T11:00:00.000Z',
      ]);
      expect(times(s, '2026-03-28T11:30Z').on_air).toBe('noon 2026-03-28T11:00:00.000Z 2026-03-28T12:00:00.000Z');
    });

    it('a show starting in the skipped hour and ending after it starts at the first instant after the gap', () => {
      const s2 = { timezone: 'Europe/Berlin', shows: [show('gap', ['sun'], '02:30', 60)] };
      expect(times(s2, '2026-03-28T12:00Z').next[0]).toBe('gap 2026-03-29T01:00:00.000Z 2026-03-29T01:30:00.000Z'); // 03:00–03:30 CEST
      expect(times(s2, '2026-03-29T01:10Z').on_air).toBe('gap 2026-03-29T01:00:00.000Z 2026-03-29T01:30:00.000Z');
    });

    it('Berlin falls back on 2026-10-25: 02:00 and 02:30 are the earlier ones (CEST); 02:30–03:00 then lasts 90 minutes', () => {
      const r = times(s, '2026-10-24T12:30Z'); // Saturday 14:30 CEST
      expect(r.next.slice(0, 4)).toEqual([
        'night 2026-10-24T22:00:00.000Z 2026-10-25T00:00:00.000Z',
        'gap 2026-10-25T00:30:00.000Z 2026-10-25T02:00:00.000Z',
        'noon 2026-10-25T11:00:00.000Z 2026-10-25T12:00:00.000Z',
        'noon 2026-10-26T11:00:00.000Z 2026-10-26T12:00:00.000Z',
      ]);
      // During the repeated hour (the second 02:30, CET) the gap show is still on air.
      expect(times(s, '2026-10-25T01:30Z').on_air).toBe('gap 2026-10-25T00:30:00.000Z 2026-10-25T02:00:00.000Z');
      // 01:00–04:00 that night lasts four hours.
      const long = { timezone: 'Europe/Berlin', shows: [show('long', ['sun'], '01:00', 180)] };
      expect(times(long, '2026-10-25T00:00Z').on_air).toBe('long 2026-10-24T23:00:00.000Z 2026-10-25T03:00:00.000Z');
    });

    const ny = { timezone: 'America/New_York', shows: [show('drive', ALL, '17:00', 120), show('owl', ['sun'], '01:30', 60)] };

    it('New York springs forward on 2026-03-08: 17:00 moves from 22:00Z to 21:00Z; 01:30–02:30 ends at 03:00 EDT', () => {
      const r = times(ny, '2026-03-07T23:00Z'); // Saturday 18:00 EST: drive on air
      expect(r.on_air).toBe('drive 2026-03-07T22:00:00.000Z 2026-03-08T00:00:00.000Z');
      expect(r.next.slice(0, 3)).toEqual([
        'owl 2026-03-08T06:30:00.000Z 2026-03-08T07:00:00.000Z',
        'drive 2026-03-08T21:00:00.000Z 2026-03-08T23:00:00.000Z',
        'drive 2026-03-09T21:00:00.000Z 2026-03-09T23:00:00.000Z',
      ]);
    });

    it('New York falls back on 2026-11-01: 01:30 is the first one (EDT); 17:00 moves to 22:00Z', () => {
      const r = times(ny, '2026-10-31T23:00Z');
      expect(r.next.slice(0, 3)).toEqual([
        'owl 2026-11-01T05:30:00.000Z 2026-11-01T07:30:00.000Z', // 01:30 EDT – 02:30 EST: two hours that night
        'drive 2026-11-01T22:00:00.000Z 2026-11-02T00:00:00.000Z',
        'drive 2026-11-02T22:00:00.000Z 2026-11-03T00:00:00.000Z',
      ]);
    });

    it('the 7 days across a change are 7 × 24 hours: the week’s last airing is in or out by the absolute time', () => {
      // Saturday 2026-03-28 13:30Z (14:30 CET); 7 days on is 2026-04-04 13:30Z (15:30 CEST, not 14:30): that Saturday's 15:00 CEST show (13:00Z) is in.
      const w = { timezone: 'Europe/Berlin', shows: [show('sat', ['sat'], '15:00', 30)] };
      expect(times(w, '2026-03-28T13:30Z').next).toEqual([
        'sat 2026-03-28T14:00:00.000Z 2026-03-28T14:30:00.000Z',
        'sat 2026-04-04T13:00:00.000Z 2026-04-04T13:30:00.000Z',
      ]);
      expect(times(w, '2026-03-28T14:10Z').next).toEqual(['sat 2026-04-04T13:00:00.000Z 2026-04-04T13:30:00.000Z']);
    });
  });
});

describe('nextChange', () => {
  it('is the next start or end (or a show coming within the 7 days); none without shows', () => {
    const s = { timezone: 'UTC', shows: [show('a', ['mon'], '10:00', 60)] };
    expect(new Date(nextChange(s, at('2026-11-30T09:00Z'))!).toISOString()).toBe('2026-11-30T10:00:00.000Z');
    // At its start, next week's airing comes within the 7 days a millisecond later; then its end.
    expect(new Date(nextChange(s, at('2026-11-30T10:00Z'))!).toISOString()).toBe('2026-11-30T10:00:00.001Z');
    expect(new Date(nextChange(s, at('2026-11-30T10:00:00.001Z'))!).toISOString()).toBe('2026-11-30T11:00:00.000Z');
    expect(nextChange({ timezone: 'UTC', shows: [] }, at('2026-11-30T09:00Z'))).toBeUndefined();
  });
});

describe('overlap', () => {
  const ids = (shows: ScheduleShow[]) => overlap(shows)?.map((slot) => slot.show.id);

  it('none for back-to-back shows, nor for a 24-hour show every day', () => {
    expect(ids([show('a', ['mon'], '10:00', 60), show('b', ['mon'], '11:00', 60)])).toBeUndefined();
    expect(ids([show('all', ALL, '06:00', 1440)])).toBeUndefined();
    expect(ids([show('sun', ['sun'], '23:00', 60), show('mon', ['mon'], '00:00', 60)])).toBeUndefined();
  });

  it('on one day, across midnight and across the week’s end', () => {
    expect(ids([show('a', ['mon'], '10:00', 61), show('b', ['mon'], '11:00', 60)])).toEqual(['a', 'b']);
    expect(ids([show('late', ['tue'], '23:00', 120), show('early', ['wed'], '00:30', 30)])).toEqual(['late', 'early']);
    expect(ids([show('sun', ['sun'], '23:00', 120), show('mon', ['mon'], '00:30', 30)])?.sort()).toEqual(['mon', 'sun']);
    expect(ids([show('a', ['fri'], '12:00', 30), show('b', ['mon', 'fri'], '12:15', 30)])).toEqual(['a', 'b']);
  });
});
