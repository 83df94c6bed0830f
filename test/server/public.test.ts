/**
 * docs/design.md §1, public widget API: tokens, CORS, caching, unknown channels, the event stream.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, openEvents, postJson, PRIVATE, PUBLIC, withServer, type EventsClient, type Reply } from '../support/server.ts';

const s = withServer({ heartbeatMs: 200, coalesceMs: 100 });
const u = (path: string) => `${s.url}${path}`;
const INVALID = 'Bearer realm="castlet", error="invalid_token"';

function expectPublicError(r: Reply, status: number, error: string) {
  expect(r.status).toBe(status);
  expect(r.headers.get('access-control-allow-origin')).toBe('*');
  expect(r.headers.get('access-control-allow-credentials')).toBeNull();
  expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(r.headers.get('cache-control')).toBe('no-store');
  expect(r.body).toEqual({ error, error_description: expect.any(String) });
}

const endpoints = ['/public/stream', '/public/podcasts'];

describe.each(endpoints)('%s', (path) => {
  it.each([
    ['query token', () => call(u(`${path}?token=${PUBLIC}`))],
    ['Bearer header', () => call(u(path), { headers: { Authorization: `Bearer ${PUBLIC}` } })],
    ['explicit channel', () => call(u(`${path}?token=${PUBLIC}&channel=main`))],
  ])('%s → 200, JSON, CORS *, ETag, public max-age=5', async (_n, request) => {
    const r = await request();
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(r.headers.get('cache-control')).toBe('public, max-age=5');
    expect(r.headers.get('etag')).toMatch(/^"[^"]+"$/);
    // A shared cache must key on the Bearer token too.
    expect(r.headers.get('vary')).toBe('Authorization');
  });

  it('If-None-Match with the ETag → 304 with CORS and no body', async () => {
    const first = await call(u(`${path}?token=${PUBLIC}`));
    const etag = first.headers.get('etag')!;
    for (const header of [etag, `W/${etag}`, `"zzz", ${etag}`, '*']) {
      const r = await call(u(`${path}?token=${PUBLIC}`), { headers: { 'If-None-Match': header } });
      expect(r.status).toBe(304);
      expect(r.text).toBe('');
      expect(r.headers.get('etag')).toBe(etag);
      expect(r.headers.get('access-control-allow-origin')).toBe('*');
      expect(r.headers.get('cache-control')).toBe('public, max-age=5');
    }
    const stale = await call(u(`${path}?token=${PUBLIC}`), { headers: { 'If-None-Match': '"stale"' } });
    expect(stale.status).toBe(200);
  });

  it('no token → 401 missing_token', async () => {
    const r = await call(u(path));
    expectPublicError(r, 401, 'missing_token');
    expect(r.headers.get('www-authenticate')).toBe('Bearer realm="castlet"');
  });

  it.each(['nope', '', '00000000-0000-0000-0000-000000000000', PUBLIC.toUpperCase()])('token %j → 401 invalid_token', async (token) => {
    const r = await call(u(`${path}?token=${token}`));
    expectPublicError(r, 401, 'invalid_token');
    expect(r.headers.get('www-authenticate')).toBe(INVALID);
  });

  it.each([
    ['query', () => call(u(`${path}?token=${PRIVATE}`))],
    ['header', () => call(u(path), { headers: { Authorization: `Bearer ${PRIVATE}` } })],
  ])('the private token (%s) → 401 private_token_exposed, telling to rotate it', async (_n, request) => {
    const r = await request();
    expectPublicError(r, 401, 'private_token_exposed');
    expect(r.body.error_description).toMatch(/rotate/i);
  });

  it('two different tokens → 400 invalid_request', async () => {
    expectPublicError(await call(u(`${path}?token=${PUBLIC}&token=x`)), 400, 'invalid_request');
  });

  it('unknown channel → 404 not_found', async () => {
    expectPublicError(await call(u(`${path}?token=${PUBLIC}&channel=nope`)), 404, 'not_found');
  });

  it('POST → 405 with Allow and CORS', async () => {
    const r = await call(u(`${path}?token=${PUBLIC}`), { method: 'POST' });
    expectPublicError(r, 405, 'method_not_allowed');
    expect(r.headers.get('allow')).toContain('GET');
  });

  it('OPTIONS preflight allows GET and the Authorization header', async () => {
    const r = await fetch(u(path), {
      method: 'OPTIONS',
      headers: { Origin: 'https://site.example', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' },
    });
    expect(r.status).toBe(204);
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(r.headers.get('access-control-allow-methods')).toContain('GET');
    expect(r.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
  });
});

describe('shapes', () => {
  it('/public/stream is a StreamInfo with an absolute stream_url', async () => {
    const r = await call(u(`/public/stream?token=${PUBLIC}`));
    expect(r.body).toEqual({
      channel: {
        id: 'main',
        name: expect.any(String),
        genre: expect.any(String),
        description: expect.any(String),
        artwork_url: `${s.url}/media/art/channel-320.png`,
      },
      status: 'live',
      stream_url: `${s.url}/listen/live`,
      stream_delay: expect.any(Number),
      // The built-in stream: one MP3 source, the stream_url's.
      sources: [{ url: `${s.url}/listen/live`, type: 'audio/mpeg', bitrate: 32, delay: r.body.stream_delay }],
      now_playing: { title: expect.any(String), artist: expect.any(String), artwork_url: null, started_at: expect.any(String) },
      listeners: expect.any(Number),
      history: expect.any(Array),
      // No weekly shows until the owner sets them (test/server/schedule.test.ts).
      schedule: { timezone: 'UTC', on_air: null, next: [] },
    });
    expect(r.body.history.length).toBeGreaterThanOrEqual(3);
  });

  it('/public/podcasts is a PodcastFeed, newest first, with artwork, funding, persons and chapter pictures', async () => {
    const r = await call(u(`/public/podcasts?token=${PUBLIC}`));
    expect(r.body.podcast).toEqual({
      title: expect.any(String),
      author: expect.any(String),
      description: expect.any(String),
      artwork_url: `${s.url}/media/art/show-320.png`,
      funding: { url: expect.stringMatching(/^https:\/\//), text: expect.any(String) },
    });
    expect(r.body.episodes.length).toBeGreaterThanOrEqual(3);
    const [newest, older] = r.body.episodes;
    expect(newest).toEqual({
      id: expect.any(String),
      title: expect.any(String),
      description: expect.any(String),
      published_at: expect.any(String),
      duration: expect.any(Number),
      audio_url: expect.stringMatching(new RegExp(`^${s.url}/media/.+\\.mp3$`)),
      audio: [
        { url: `${s.url}/media/${newest.id}.opus`, type: 'audio/ogg; codecs=opus', bitrate: expect.any(Number), length: expect.any(Number) },
        { url: newest.audio_url, type: 'audio/mpeg', bitrate: 32000, length: expect.any(Number) },
      ],
      artwork_url: `${s.url}/media/art/${newest.id}-320.png`,
      chapters: expect.any(Array),
      transcript_url: expect.stringMatching(new RegExp(`^${s.url}/media/.+\\.vtt$`)),
      soundbites: [
        { start: expect.any(Number), duration: expect.any(Number), title: expect.any(String) },
        { start: expect.any(Number), duration: expect.any(Number), title: expect.any(String) },
      ],
      persons: [
        { name: expect.any(String), role: 'host', img: `${s.url}/media/art/sam.png`, href: expect.stringMatching(/^https:\/\//) },
        { name: expect.any(String), role: 'guest' },
      ],
    });
    // A picture for every chapter, links where there are pages; `toc` only where it is false.
    for (const chapter of newest.chapters) {
      expect(chapter).toEqual({
        start: expect.any(Number),
        title: expect.any(String),
        img: expect.stringMatching(new RegExp(`^${s.url}/media/art/.+\\.png$`)),
        ...(chapter.url ? { url: expect.stringMatching(/^https:\/\//) } : {}),
      });
    }
    expect(newest.chapters.filter((c: { url?: string }) => c.url).length).toBeGreaterThanOrEqual(1);
    expect(older).toMatchObject({ artwork_url: null, persons: [] });
    const silent = r.body.episodes.flatMap((e: { chapters: { toc?: boolean }[] }) => e.chapters).filter((c: { toc?: boolean }) => 'toc' in c);
    expect(silent).toEqual([{ start: expect.any(Number), title: expect.any(String), img: expect.stringMatching(/\.png$/), toc: false }]);
  });

  it('unknown /public/ path → 404 with CORS (after the token check)', async () => {
    expectPublicError(await call(u('/public/nope')), 401, 'missing_token');
    expectPublicError(await call(u(`/public/nope?token=${PUBLIC}`)), 404, 'not_found');
  });

  it('a change gives a new ETag', async () => {
    const before = await call(u(`/public/stream?token=${PUBLIC}`));
    await postJson(u('/private/setNowPlaying'), { token: PRIVATE, title: 'ETag changer' });
    const after = await call(u(`/public/stream?token=${PUBLIC}`), { headers: { 'If-None-Match': before.headers.get('etag')! } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
  });
});

describe('/public/stream/events', () => {
  let client: EventsClient | undefined;
  afterEach(() => client?.close());
  const events = () => `/public/stream/events?token=${PUBLIC}`;

  it('sends the retry hint and the StreamInfo at once, with SSE headers and CORS', async () => {
    client = await openEvents(u(events()));
    expect(client.response.status).toBe(200);
    expect(client.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(client.response.headers.get('access-control-allow-origin')).toBe('*');
    const first = await vi.waitFor(() => {
      const found = client!.streams()[0];
      if (!found) throw new Error('still waiting for the first stream event');
      return found;
    }, 1000);
    const rest = await call(u(`/public/stream?token=${PUBLIC}`));
    expect(first).toEqual(rest.body);
    expect(client.messages[0]!.retry).toMatch(/^\d+$/);
  });

  it('HEAD answers the headers and leaves nothing subscribed behind', async () => {
    // Earlier tests' streams close asynchronously: start from none (the app itself holds one).
    await vi.waitFor(() => expect(s.server.store.subscriberCount, 'no open event stream').toBe(1), 2000);
    for (let i = 0; i < 20; i++) {
      const r = await call(u(events()), { method: 'HEAD' });
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    }
    expect(s.server.store.subscriberCount).toBe(1);
  });

  it('pushes setNowPlaying within a second', async () => {
    client = await openEvents(u(events()));
    await vi.waitFor(() => expect(client!.streams().length).toBe(1), 2000);
    const sent = Date.now();
    await postJson(u('/private/setNowPlaying'), { token: PRIVATE, title: 'Pushed Song', artist: 'SSE' });
    const pushed = await vi.waitFor(() => {
      const found = client!.streams().find((e) => e.now_playing?.title === 'Pushed Song');
      if (!found) throw new Error('still waiting for the pushed track');
      return found;
    }, 1000);
    expect(pushed.now_playing.artist).toBe('SSE');
    expect(Date.now() - sent).toBeLessThan(1000);
  });

  it('pushes status changes (stopServer / startServer)', async () => {
    client = await openEvents(u(events()));
    await vi.waitFor(() => expect(client!.streams().length).toBe(1), 2000);
    await postJson(u('/private/stopServer'), { token: PRIVATE });
    const offline = await vi.waitFor(() => {
      const found = client!.streams().find((e) => e.status === 'offline');
      if (!found) throw new Error('still waiting for offline');
      return found;
    }, 1000);
    expect(offline.stream_url).toBeNull();
    await postJson(u('/private/startServer'), { token: PRIVATE });
    await vi.waitFor(() => expect(client!.streams().at(-1)?.status, 'live again').toBe('live'), 1000);
  });

  it('pushes listener count changes, coalescing bursts', async () => {
    client = await openEvents(u(events()));
    await vi.waitFor(() => expect(client!.streams().length).toBe(1), 2000);
    const start = client.streams()[0].listeners;
    const t0 = performance.now();
    const listeners = await Promise.all(Array.from({ length: 20 }, () => fetch(u('/listen/live'))));
    const spread = performance.now() - t0;
    await vi.waitFor(() => expect(client!.streams().at(-1)?.listeners, 'listeners + 20').toBe(start + 20), 1500);
    // One event per 100 ms window at most, not one per listener: a burst within 200 ms gives at most 3 (a busy
    // machine may spread the 20 connections wider: then one more per window they spread over).
    expect(client.streams().length - 1).toBeLessThanOrEqual(Math.max(3, Math.ceil(spread / 100) + 1));
    for (const r of listeners) await r.body!.cancel();
    await vi.waitFor(() => expect(client!.streams().at(-1)?.listeners, 'listeners back').toBe(start), 1500);
  });

  it('sends a heartbeat comment (short heartbeatMs)', async () => {
    client = await openEvents(u(events()));
    await vi.waitFor(
      () =>
        expect(
          client!.messages.find((m) => m.comment === 'heartbeat'),
          'a heartbeat',
        ).toBeTruthy(),
      1000,
    );
  });

  it.each([
    ['no token', '/public/stream/events', 401, 'missing_token'],
    ['the private token', `/public/stream/events?token=${PRIVATE}`, 401, 'private_token_exposed'],
    ['an unknown channel', `/public/stream/events?token=${PUBLIC}&channel=x`, 404, 'not_found'],
  ])('%s → JSON error, not a stream', async (_n, path, status, error) => {
    expectPublicError(await call(u(path)), status, error);
  });
});
