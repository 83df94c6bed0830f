/**
 * docs/design.md §1, POST /private/addLiveItem, updateLiveItem and deleteLiveItem, and the
 * `live_items` of /public/podcasts: the owner schedules a live show of a channel; its status
 * moves by itself (pending → live at its start while the channel is live → ended at its end
 * or on stopServer) and every change is pushed; bad input is a 400 that says what is wrong
 * and changes nothing.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveItem, PodcastFeed } from '../../src/api/types.ts';
import { call, openEvents, postJson, PRIVATE, PUBLIC, withServer, type EventsClient, type Reply } from '../support/server.ts';

const s = withServer({ coalesceMs: 20 });
const u = (path: string) => `${s.url}${path}`;
const feed = async () => (await call(u(`/public/podcasts?token=${PUBLIC}`))).body as PodcastFeed;
const post = (path: string, fields: Record<string, unknown>) => postJson(u(`/private/${path}`), { token: PRIVATE, ...fields });
const add = (fields: Record<string, unknown>) => post('addLiveItem', fields);
const update = (fields: Record<string, unknown>) => post('updateLiveItem', fields);
const iso = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString();
const HOUR = 3600_000;
const shown = async (id: string) => (await feed()).live_items!.find((i) => i.id === id);

function expectInvalid(r: Reply, description: RegExp) {
  expect(r.status).toBe(400);
  expect(r.headers.get('cache-control')).toBe('no-store');
  expect(r.body).toEqual({ error: 'invalid_request', error_description: expect.stringMatching(description) });
}

describe('live items', () => {
  let client: EventsClient | undefined;
  afterEach(async () => {
    client?.close();
    client = undefined;
    await post('startServer', {});
  });

  it('addLiveItem → 201 the item; /public/podcasts lists it with the channel stream as its source', async () => {
    const start = iso(HOUR);
    const end = iso(2 * HOUR);
    const r = await add({ title: ' Evening show ', description: 'Live from the harbour', start, end, channel: 'main' });
    expect(r.status).toBe(201);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.body).toEqual({
      id: expect.stringMatching(/^live-\d+$/),
      title: 'Evening show',
      description: 'Live from the harbour',
      status: 'pending',
      start,
      end,
      channel: 'main',
    });
    const stream = (await call(u(`/public/stream?token=${PUBLIC}`))).body;
    expect(await shown(r.body.id)).toEqual({
      ...r.body,
      // The channel's own sources, as /public/stream lists them (its stream, 32 kbit/s).
      sources: stream.sources,
    });
    expect(stream.sources).toEqual([{ url: stream.stream_url, type: 'audio/mpeg', bitrate: 32, delay: stream.stream_delay }]);
  });

  it('takes a form body; times in any zone come back in UTC; no start is now, no end an hour later', async () => {
    const r = await call(u('/private/addLiveItem'), {
      method: 'POST',
      headers: { Authorization: `Bearer ${PRIVATE}` },
      body: new URLSearchParams({ title: 'Form show', start: '2099-01-01T18:00+01:00', end: '2099-01-01T19:30:00.5+01:00' }),
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ start: '2099-01-01T17:00:00.000Z', end: '2099-01-01T18:30:00.500Z', channel: 'main', description: '' });
    const before = Date.now();
    const now = await add({ title: 'Right now' });
    expect(now.status).toBe(201);
    const start = Date.parse(now.body.start);
    expect(start).toBeGreaterThanOrEqual(before - 5);
    expect(Date.parse(now.body.end) - start).toBe(HOUR);
    // Started now on a live channel: it is live at once.
    expect(now.body.status).toBe('live');
  });

  it.each<[string, Record<string, unknown>, RegExp]>([
    ['no title', { start: iso(HOUR) }, /title is required/],
    ['an empty title', { title: '  ' }, /title must not be empty/],
    ['a title that is not text', { title: 42 }, /title must be text/],
    ['a start that is not ISO 8601', { title: 'x', start: 'tomorrow at six' }, /start must be a date and time in ISO 8601/],
    ['a start without a time zone', { title: 'x', start: '2099-01-01T18:00:00' }, /start must be .*ISO 8601 with its time zone/],
    ['a day no calendar has', { title: 'x', start: '2099-02-30T18:00Z' }, /start must be .*ISO 8601/],
    ['an hour 24', { title: 'x', end: '2099-02-03T24:00Z' }, /end must be .*ISO 8601/],
    ['a date without a time', { title: 'x', end: '2099-02-03' }, /end must be .*ISO 8601/],
    ['an end before the start', { title: 'x', start: iso(2 * HOUR), end: iso(HOUR) }, /end .* must be after the start/],
    ['an end equal to the start', { title: 'x', start: '2099-01-01T18:00Z', end: '2099-01-01T19:00+01:00' }, /must be after the start/],
    ['an end that has passed', { title: 'x', start: iso(-2 * HOUR), end: iso(-HOUR) }, /has passed/],
    ['an unknown channel', { title: 'x', channel: 'nope' }, /no channel "nope".*main/],
  ])('addLiveItem with %s → 400, nothing added', async (_what, fields, description) => {
    const before = (await feed()).live_items;
    expectInvalid(await add(fields), description);
    expect((await feed()).live_items).toEqual(before);
  });

  it('updateLiveItem → 200 the item, changed; only the fields given change', async () => {
    const { body: item } = await add({ title: 'To change', description: 'Before', start: iso(HOUR), end: iso(2 * HOUR) });
    const end = iso(3 * HOUR);
    const r = await update({ id: item.id, title: 'Changed', end });
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.body).toEqual({ ...item, title: 'Changed', end });
    expect(await shown(item.id)).toMatchObject(r.body);
  });

  it.each<[string, Record<string, unknown>, RegExp]>([
    ['an unknown status', { status: 'paused' }, /status must be one of pending, live, ended, not "paused"/],
    ['an empty title', { title: '' }, /title must not be empty/],
    ['a start that is not ISO 8601', { start: '18:00' }, /start must be .*ISO 8601/],
    ['an end before the start', { end: iso(HOUR / 2) }, /must be after the start/],
    ['a start after the end', { start: iso(3 * HOUR) }, /must be after the start/],
    ['status pending with a start that has passed', { status: 'pending', start: iso(-1000) }, /starts in the future/],
    ['nothing to change', { title: undefined }, /Give what to change: title, description, start, end, status/],
  ])('updateLiveItem with %s → 400, nothing changed', async (_what, fields, description) => {
    const { body: item } = await add({ title: 'Kept', start: iso(HOUR), end: iso(2 * HOUR) });
    const before = await feed();
    expectInvalid(await update({ id: item.id, title: 'Lost', ...fields }), description);
    expect(await feed()).toEqual(before);
  });

  it('updateLiveItem and deleteLiveItem of an unknown id → 404; without an id → 400', async () => {
    for (const path of ['updateLiveItem', 'deleteLiveItem']) {
      const r = await post(path, { id: 'live-999', title: 'x' });
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ error: 'not_found', error_description: 'There is no live item "live-999".' });
      expectInvalid(await post(path, { title: 'x' }), /id is required/);
    }
  });

  it('deleteLiveItem → 200; the item leaves the public API; a second delete is 404', async () => {
    const { body: item } = await add({ title: 'Short-lived', start: iso(HOUR) });
    const r = await post('deleteLiveItem', { id: item.id });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ deleted: item.id });
    expect(await shown(item.id)).toBeUndefined();
    expect((await post('deleteLiveItem', { id: item.id })).status).toBe(404);
  });

  it('needs the private token', async () => {
    const r = await postJson(u('/private/addLiveItem'), { title: 'x' });
    expect(r.status).toBe(401);
    expect((await postJson(u('/private/addLiveItem'), { token: PUBLIC, title: 'x' })).status).toBe(401);
  });

  it('moves by itself: pending until its start, live, then ended at its end; each change is pushed', async () => {
    client = await openEvents(u(`/public/podcasts/events?token=${PUBLIC}`));
    await vi.waitFor(() => expect(client!.payloads('podcasts').length).toBe(1), 2000);
    const { body: item } = await add({ title: 'Soon', start: iso(400), end: iso(1200) });
    expect(item.status).toBe('pending');
    const statuses = () => client!.payloads('podcasts').map((f: PodcastFeed) => f.live_items!.find((i) => i.id === item.id)?.status);
    await vi.waitFor(() => expect(statuses(), 'the item to end').toContain('ended'), 3000);
    expect(statuses().filter((x, i, all) => i === 0 || x !== all[i - 1])).toEqual([undefined, 'pending', 'live', 'ended']);
    const pushed = client
      .payloads('podcasts')
      .at(-1)
      .live_items.find((i: LiveItem) => i.id === item.id);
    expect(pushed).toEqual(await shown(item.id));
  });

  // Its start passing while offline (the timer) is shown on a fake clock: live-items-clock.test.ts.
  it('a channel offline at the start keeps it pending until the channel is live', async () => {
    await post('stopServer', {});
    const { body: item } = await add({ title: 'Waiting', end: iso(HOUR) });
    expect(item.status).toBe('pending');
    expect((await shown(item.id))!.status).toBe('pending');
    await post('startServer', {});
    expect((await shown(item.id))!.status).toBe('live');
  });

  it('stopServer ends what is live (its end becomes the moment it stopped); pending ones stay pending', async () => {
    const { body: live } = await add({ title: 'On air', end: iso(HOUR) });
    const { body: later } = await add({ title: 'Later', start: iso(HOUR), end: iso(2 * HOUR) });
    expect(live.status).toBe('live');
    const before = Date.now();
    await post('stopServer', {});
    const ended = (await shown(live.id))!;
    expect(ended.status).toBe('ended');
    expect(Date.parse(ended.end)).toBeGreaterThanOrEqual(before - 5);
    expect(Date.parse(ended.end)).toBeLessThanOrEqual(Date.now());
    expect((await shown(later.id))!.status).toBe('pending');
    await post('startServer', {});
    expect((await shown(live.id))!.status).toBe('ended');
  });

  it('the owner starts and ends it: status live starts it now, ended ends it now', async () => {
    const { body: item } = await add({ title: 'Early', start: iso(HOUR), end: iso(2 * HOUR) });
    const before = Date.now();
    const started = await update({ id: item.id, status: 'live' });
    expect(started.body).toMatchObject({ status: 'live', end: item.end });
    expect(Date.parse(started.body.start)).toBeGreaterThanOrEqual(before - 5);
    const ended = await update({ id: item.id, status: 'ended' });
    expect(ended.body.status).toBe('ended');
    expect(Date.parse(ended.body.end)).toBeLessThanOrEqual(Date.now());
    expectInvalid(await update({ id: item.id, status: 'live' }), /ended at .*give a later end/);
    expect((await update({ id: item.id, status: 'live', end: iso(HOUR) })).body.status).toBe('live');
    expect((await update({ id: item.id, status: 'pending', start: iso(HOUR / 2) })).body.status).toBe('pending');
  });

  it('the owner ends one that never started: it ends now, its start and end the same moment', async () => {
    const { body: item } = await add({ title: 'Cancelled', start: iso(HOUR), end: iso(2 * HOUR) });
    const r = await update({ id: item.id, status: 'ended' });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('ended');
    expect(r.body.start).toBe(r.body.end);
    expect(Date.parse(r.body.end)).toBeLessThanOrEqual(Date.now());
    expect((await shown(item.id))!.status).toBe('ended');
  });
});

describe('ended live items', () => {
  const kept = withServer({ liveItems: { keepEndedMs: 300 } });
  it('leave the public API some time after their end (24 h by default; 300 ms here)', async () => {
    const end = Date.now() + 200;
    const r = await postJson(`${kept.url}/private/addLiveItem`, { token: PRIVATE, title: 'Brief', end: new Date(end).toISOString() });
    expect(r.status).toBe(201);
    const seen: string[] = [];
    const goneAt = await vi.waitFor(
      async () => {
        const items = ((await call(`${kept.url}/public/podcasts?token=${PUBLIC}`)).body as PodcastFeed).live_items!;
        const status = items[0]?.status ?? 'gone';
        if (status !== seen.at(-1)) seen.push(status);
        expect(items, `still listed (seen: ${seen.join(', ')})`).toEqual([]);
        return Date.now();
      },
      { timeout: 2000, interval: 20 },
    );
    expect(seen).toEqual(['live', 'ended', 'gone']);
    expect(goneAt).toBeGreaterThanOrEqual(end + 300);
  });
});
