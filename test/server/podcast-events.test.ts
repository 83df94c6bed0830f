/**
 * docs/design.md §1, GET /public/podcasts/events: the feed as event `podcasts` at once and on every
 * change (episode added or deleted), a heartbeat, closed on a token reset, the public API's
 * auth, CORS and errors.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, openEvents, postJson, PRIVATE, PUBLIC, withServer, type EventsClient } from '../support/server.ts';

const s = withServer({ heartbeatMs: 200, coalesceMs: 50 });
const u = (path: string) => `${s.url}${path}`;
const events = `/public/podcasts/events?token=${PUBLIC}`;

describe('/public/podcasts/events', () => {
  let client: EventsClient | undefined;
  afterEach(() => client?.close());

  it('sends the retry hint and the feed at once, equal to /public/podcasts, with SSE headers and CORS', async () => {
    client = await openEvents(u(events));
    expect(client.response.status).toBe(200);
    expect(client.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(client.response.headers.get('cache-control')).toBe('no-store');
    expect(client.response.headers.get('access-control-allow-origin')).toBe('*');
    const first = await vi.waitFor(() => {
      const found = client!.payloads('podcasts')[0];
      if (!found) throw new Error('still waiting for the first podcasts event');
      return found;
    }, 1000);
    expect(first).toEqual((await call(u(`/public/podcasts?token=${PUBLIC}`))).body);
    expect(client.messages[0]!.retry).toMatch(/^\d+$/);
  });

  it('pushes an added and a deleted episode at once, and nothing for stream changes', async () => {
    client = await openEvents(u(`${events}&channel=main`));
    await vi.waitFor(() => expect(client!.payloads('podcasts').length).toBe(1), 2000);
    await postJson(u('/private/setNowPlaying'), { token: PRIVATE, title: 'Not a podcast change' });
    const added = await postJson(u('/private/addPodcast'), { token: PRIVATE, title: 'Pushed episode' });
    const withNew = await vi.waitFor(() => {
      const found = client!.payloads('podcasts')[1];
      if (!found) throw new Error('still waiting for the added episode');
      return found;
    }, 1000);
    expect(withNew.episodes[0]).toEqual(added.body);
    await postJson(u('/private/deletePodcast'), { token: PRIVATE, id: added.body.id });
    const without = await vi.waitFor(() => {
      const found = client!.payloads('podcasts')[2];
      if (!found) throw new Error('still waiting for the deletion');
      return found;
    }, 1000);
    expect(without).toEqual(client.payloads('podcasts')[0]);
    expect(client.payloads('podcasts')).toHaveLength(3);
    expect(client.messages.some((m) => m.event === 'stream')).toBe(false);
  });

  it('sends a heartbeat comment', async () => {
    client = await openEvents(u(events));
    await vi.waitFor(
      () =>
        expect(
          client!.messages.find((m) => m.comment === 'heartbeat'),
          'a heartbeat',
        ).toBeTruthy(),
      1000,
    );
  });

  it('HEAD answers the headers without opening a stream', async () => {
    const r = await call(u(events), { method: 'HEAD' });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  });

  it.each([
    ['no token', '/public/podcasts/events', 401, 'missing_token'],
    ['an unknown token', '/public/podcasts/events?token=nope', 401, 'invalid_token'],
    ['the private token', `/public/podcasts/events?token=${PRIVATE}`, 401, 'private_token_exposed'],
    ['an unknown channel', `${events}&channel=x`, 404, 'not_found'],
  ])('%s → JSON error with CORS, not a stream', async (_n, path, status, error) => {
    const r = await call(u(path));
    expect(r.status).toBe(status);
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(r.body.error).toBe(error);
  });

  it('POST → 405 with Allow', async () => {
    const r = await call(u(events), { method: 'POST' });
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });

  // Last: it changes the tokens.
  it('is closed by a token reset', async () => {
    client = await openEvents(u(events));
    await vi.waitFor(() => expect(client!.payloads('podcasts').length).toBe(1), 2000);
    await postJson(u('/private/resetTokens'), { token: PRIVATE });
    await vi.waitFor(() => expect(client!.ended, 'the stream to end').toBeTruthy(), 1000);
    expect((await call(u(events))).body.error).toBe('invalid_token');
  });
});
