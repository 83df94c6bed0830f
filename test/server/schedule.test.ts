/**
 * docs/design.md "Schedule", through the real server: the owner sets a channel's weekly shows
 * (POST /private/setSchedule) and reads them (GET /private/getSchedule); each bad field is a 400
 * that names it and changes nothing; only the private token may; /public/stream shows the show on
 * air and the next ones, and its events push a change: the owner's, and a show starting or ending
 * with no owner action. The server's schedule clock is shifted (scheduleNow) so that a show
 * boundary comes within a second.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScheduleSet, StreamInfo } from '../../src/api/types.ts';
import { call, openEvents, postJson, PRIVATE, PUBLIC, withServer, type EventsClient, type Reply } from '../support/server.ts';

/** The schedule's clock: the real one, moved by `shift` ms. */
let shift = 0;
const s = withServer({ coalesceMs: 20, scheduleNow: () => Date.now() + shift });
const u = (path: string) => `${s.url}${path}`;
const set = (fields: Record<string, unknown>, token = PRIVATE) => postJson(u('/private/setSchedule'), { token, ...fields });
const get = async (query = '') => (await call(u(`/private/getSchedule?token=${PRIVATE}${query}`))).body as ScheduleSet;
const stream = async (query = '') => (await call(u(`/public/stream?token=${PUBLIC}${query}`))).body as StreamInfo;
const ALL = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const show = (fields: Record<string, unknown> = {}) => ({
  id: 'breakfast',
  title: 'Breakfast',
  host: 'Sam',
  days: ['mon'],
  start: '07:00',
  duration_min: 120,
  ...fields,
});
/** The wall time `HH:MM` in UTC at `ms`, and its day's name. */
const wall = (ms: number) => ({ hhmm: new Date(ms).toISOString().slice(11, 16), day: ALL[(new Date(ms).getUTCDay() + 6) % 7]! });

function expectInvalid(r: Reply, description: RegExp) {
  expect(r.status, r.text).toBe(400);
  expect(r.headers.get('cache-control')).toBe('no-store');
  expect(r.body).toEqual({ error: 'invalid_request', error_description: expect.stringMatching(description) });
}

describe('the schedule', () => {
  let client: EventsClient | undefined;
  afterEach(async () => {
    client?.close();
    client = undefined;
    shift = 0;
    await set({ timezone: 'UTC', shows: [] });
    await set({ timezone: 'UTC', shows: [], channel: 'signal' });
  });

  it('none at first: getSchedule is UTC with no shows; /public/stream has no show on air and none next', async () => {
    expect(await get()).toEqual({ schedule: { channel: 'main', timezone: 'UTC', shows: [] } });
    expect((await stream()).schedule).toEqual({ timezone: 'UTC', on_air: null, next: [] });
  });

  it('setSchedule → 200 {schedule}, trimmed, defaults filled; getSchedule returns it; the other channel keeps its own', async () => {
    const shows = [
      show({ title: ' Breakfast ', description: 'Wake up', artwork_url: 'https://art.example/b.png', days: ['mon', 'fri'] }),
      { id: 'late', title: 'Late', days: ['sun'], start: '23:00', duration_min: 120 },
    ];
    const r = await set({ channel: 'main', timezone: 'Europe/Berlin', shows });
    expect(r.status, r.text).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    const schedule = {
      channel: 'main',
      timezone: 'Europe/Berlin',
      shows: [
        {
          id: 'breakfast',
          title: 'Breakfast',
          host: 'Sam',
          description: 'Wake up',
          artwork_url: 'https://art.example/b.png',
          days: ['mon', 'fri'],
          start: '07:00',
          duration_min: 120,
        },
        { id: 'late', title: 'Late', host: '', description: '', artwork_url: null, days: ['sun'], start: '23:00', duration_min: 120 },
      ],
    };
    expect(r.body).toEqual({ schedule });
    expect(await get()).toEqual({ schedule });
    expect(await get('&channel=main')).toEqual({ schedule });
    expect(await get('&channel=signal')).toEqual({ schedule: { channel: 'signal', timezone: 'UTC', shows: [] } });
    // The shows as a JSON string in a form body, as a form has to send them.
    const form = new URLSearchParams({ token: PRIVATE, channel: 'signal', timezone: 'America/New_York', shows: JSON.stringify([show()]) });
    expect((await call(u('/private/setSchedule'), { method: 'POST', body: form })).status).toBe(200);
    expect((await get('&channel=signal')).schedule).toMatchObject({ timezone: 'America/New_York', shows: [{ id: 'breakfast' }] });
  });

  it.each<[string, Record<string, unknown>, RegExp]>([
    ['no timezone', { shows: [] }, /timezone is required/],
    ['not an IANA zone', { timezone: 'Mars/Olympus', shows: [] }, /timezone must be an IANA time zone.*Mars\/Olympus/],
    ['an offset for a zone', { timezone: '+01:00', shows: [] }, /timezone must be an IANA time zone/],
    ['no shows', { timezone: 'UTC' }, /shows is required/],
    ['shows not a list', { timezone: 'UTC', shows: { id: 'x' } }, /shows must be an array/],
    ['a show not an object', { timezone: 'UTC', shows: ['x'] }, /Show 1 of shows must be an object/],
    ['no id', { timezone: 'UTC', shows: [show({ id: '' })] }, /Show 1 of shows: id must be text/],
    ['no title', { timezone: 'UTC', shows: [show({ title: undefined })] }, /Show 1 of shows: title must be text/],
    [
      'an unknown day',
      { timezone: 'UTC', shows: [show(), show({ id: 'b', days: ['tue', 'funday'] })] },
      /Show 2 of shows: days must .*mon, tue.*not "funday"/,
    ],
    ['no day', { timezone: 'UTC', shows: [show({ days: [] })] }, /Show 1 of shows: days must/],
    ['a day twice', { timezone: 'UTC', shows: [show({ days: ['mon', 'mon'] })] }, /Show 1 of shows: days must .*each once/],
    ['a bad HH:MM', { timezone: 'UTC', shows: [show({ start: '24:00' })] }, /Show 1 of shows: start must be a 24-hour time HH:MM.*"24:00"/],
    ['HH:MM without its zero', { timezone: 'UTC', shows: [show({ start: '7:00' })] }, /Show 1 of shows: start must be/],
    [
      'a duration of 0',
      { timezone: 'UTC', shows: [show({ duration_min: 0 })] },
      /Show 1 of shows: duration_min must be a whole number of minutes from 1 to 1440/,
    ],
    ['a duration over a day', { timezone: 'UTC', shows: [show({ duration_min: 1441 })] }, /duration_min must be .* 1 to 1440/],
    ['a duration not whole', { timezone: 'UTC', shows: [show({ duration_min: 30.5 })] }, /duration_min must be/],
    ['a duration as text', { timezone: 'UTC', shows: [show({ duration_min: '60' })] }, /duration_min must be/],
    [
      'a bad artwork_url',
      { timezone: 'UTC', shows: [show({ artwork_url: 'javascript:alert(1)' })] },
      /Show 1 of shows: artwork_url must be an absolute http\(s\) URL/,
    ],
    ['two shows, one id', { timezone: 'UTC', shows: [show(), show({ days: ['tue'] })] }, /shows has two shows with the id "breakfast"/],
    [
      'overlapping on a day',
      { timezone: 'UTC', shows: [show(), show({ id: 'b', start: '08:59' })] },
      /shows has overlapping shows: "breakfast" \(mon 07:00, 120 min\) and "b" \(mon 08:59/,
    ],
    [
      'overlapping across midnight',
      { timezone: 'UTC', shows: [show({ id: 'late', days: ['tue'], start: '23:00' }), show({ id: 'early', days: ['wed'], start: '00:30' })] },
      /shows has overlapping shows: "late".*"early"/,
    ],
    [
      'overlapping across the week’s end',
      { timezone: 'UTC', shows: [show({ id: 'sunday', days: ['sun'], start: '23:00' }), show({ id: 'monday', days: ['mon'], start: '00:30' })] },
      /shows has overlapping shows: "monday" \(mon 00:30, 120 min\) and "sunday" \(sun 23:00, 120 min\)/,
    ],
    ['an unknown channel', { channel: 'nope', timezone: 'UTC', shows: [] }, /no channel "nope".*main, signal/],
  ])('400 naming the field, nothing changed: %s', async (_name, fields, description) => {
    await set({ timezone: 'Europe/Berlin', shows: [show()] });
    const before = await get();
    const streamBefore = (await stream()).schedule;
    expectInvalid(await set(fields), description);
    expect(await get()).toEqual(before);
    expect((await stream()).schedule).toEqual(streamBefore);
  });

  it('getSchedule of an unknown channel is a 400 naming it', async () => {
    expectInvalid(await call(u(`/private/getSchedule?token=${PRIVATE}&channel=nope`)), /no channel "nope"/);
  });

  it('only the private token: 401 with none or the public one, nothing changed; 405 for the wrong method', async () => {
    await set({ timezone: 'UTC', shows: [show()] });
    const none = await postJson(u('/private/setSchedule'), { timezone: 'UTC', shows: [] });
    expect(none.status).toBe(401);
    expect(none.body.error).toBe('missing_token');
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="castlet"');
    const pub = await set({ timezone: 'UTC', shows: [] }, PUBLIC);
    expect(pub.status).toBe(401);
    expect(pub.body.error).toBe('invalid_token');
    expect((await call(u(`/private/getSchedule?token=${PUBLIC}`))).status).toBe(401);
    expect((await call(u('/private/getSchedule'))).status).toBe(401);
    expect((await get()).schedule.shows).toHaveLength(1);
    const wrong = await call(u(`/private/getSchedule?token=${PRIVATE}`), { method: 'POST' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toMatch(/^GET/);
    // A Bearer header works as for every private endpoint.
    const bearer = await postJson(u('/private/setSchedule'), { timezone: 'UTC', shows: [] }, { Authorization: `Bearer ${PRIVATE}` });
    expect(bearer.status).toBe(200);
  });

  it('/public/stream: the show on air and the next ones as absolute times; the owner’s change is pushed on the stream’s events', async () => {
    client = await openEvents(u(`/public/stream/events?token=${PUBLIC}`));
    await vi.waitFor(() => expect(client!.streams()).toHaveLength(1), 2000);
    expect(client.streams()[0].schedule).toEqual({ timezone: 'UTC', on_air: null, next: [] });
    const now = Date.now();
    const onAir = wall(now - 30 * 60_000);
    const later = wall(now + 60 * 60_000);
    // Aligned to whole minutes: on air from 30 minutes ago (rounded down), the next 60 minutes on.
    const r = await set({
      timezone: 'UTC',
      shows: [
        { id: 'now', title: 'Now', host: 'Ana', days: [onAir.day], start: onAir.hhmm, duration_min: 45 },
        { id: 'later', title: 'Later', days: [later.day], start: later.hhmm, duration_min: 10 },
      ],
    });
    expect(r.status, r.text).toBe(200);
    const { schedule } = await stream();
    const minute = (ms: number) => new Date(Math.floor(ms / 60_000) * 60_000).toISOString();
    expect(schedule!.on_air).toEqual({
      id: 'now',
      title: 'Now',
      host: 'Ana',
      description: '',
      artwork_url: null,
      start: minute(now - 30 * 60_000),
      end: new Date(Date.parse(minute(now - 30 * 60_000)) + 45 * 60_000).toISOString(),
    });
    expect(schedule!.next[0]).toMatchObject({ id: 'later', start: minute(now + 60 * 60_000) });
    // Each weekly show comes again within the 7 days (the one on air only next week).
    expect(schedule!.next.map((x) => x.id)).toEqual(['later', 'now', 'later'].slice(0, schedule!.next.length));
    expect(schedule!.next.every((x) => Date.parse(x.start) > now && Date.parse(x.start) < now + 7 * 86_400_000)).toBe(true);
    await vi.waitFor(() => expect(client!.streams().at(-1).schedule.on_air?.id).toBe('now'), 2000);
    // The second channel's stream is not the main one's.
    expect((await stream('&channel=signal')).schedule).toEqual({ timezone: 'UTC', on_air: null, next: [] });
  });

  it('a show that starts (and one that ends) with no owner action is pushed at its boundary', async () => {
    // The schedule's clock 1.5 s before a whole minute: a show starts at that minute, another ends then.
    const nextMinute = Math.ceil((Date.now() + 60_000) / 60_000) * 60_000;
    shift = nextMinute - 1500 - Date.now();
    const starts = wall(nextMinute);
    const ended = wall(nextMinute - 10 * 60_000);
    client = await openEvents(u(`/public/stream/events?token=${PUBLIC}`));
    expect(
      (
        await set({
          timezone: 'UTC',
          shows: [
            { id: 'ending', title: 'Ending', days: [ended.day], start: ended.hhmm, duration_min: 10 },
            { id: 'starting', title: 'Starting', days: [starts.day], start: starts.hhmm, duration_min: 30 },
          ],
        })
      ).status,
    ).toBe(200);
    await vi.waitFor(() => expect(client!.streams().at(-1)?.schedule.on_air?.id).toBe('ending'), 1000);
    expect(client.streams().at(-1).schedule.next[0].id).toBe('starting');
    await vi.waitFor(() => expect(client!.streams().at(-1).schedule.on_air?.id).toBe('starting'), 4000);
    expect(client.streams().at(-1).schedule.next[0]?.id).not.toBe('starting');
  });
});
