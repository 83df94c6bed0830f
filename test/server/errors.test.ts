/**
 * One error path: every error answer, whatever raised it (body reader, auth, routing, a
 * handler, a cap, a bug), is `{error, error_description}` JSON whose `error` is an
 * ApiErrorCode with that code's status.
 */
import { describe, expect, it } from 'vitest';
import type { ApiErrorCode } from '../../src/api/types.ts';
import { createApp } from '../../demo/server/app.ts';
import { STATUS } from '../../demo/server/respond.ts';
import { call, openEvents, PRIVATE, PUBLIC, withServer, type Reply } from '../support/server.ts';

const CODES = Object.keys(STATUS) as ApiErrorCode[];

function expectError(r: Reply, code: ApiErrorCode) {
  expect(CODES).toContain(r.body?.error);
  expect(r.body).toEqual({ error: code, error_description: expect.any(String) });
  expect(r.status).toBe(STATUS[code]);
  expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(r.headers.get('cache-control')).toBe('no-store');
}

describe('every error response carries an ApiErrorCode', () => {
  const s = withServer({ maxStreams: 1 });
  const u = (path: string) => `${s.url}${path}`;
  const bearer = { Authorization: `Bearer ${PRIVATE}` };

  it.each<[ApiErrorCode, string, () => Promise<Reply>]>([
    ['missing_token', 'auth', () => call(u('/private/checkToken'))],
    ['invalid_token', 'auth', () => call(u('/private/checkToken?token=nope'))],
    ['private_token_exposed', 'auth', () => call(u(`/public/stream?token=${PRIVATE}`))],
    ['invalid_request', 'auth', () => call(u('/private/checkToken'), { headers: { Authorization: 'Bearer' } })],
    [
      'invalid_request',
      'body reader',
      () => call(u('/private/startServer'), { method: 'POST', body: '{', headers: { 'Content-Type': 'application/json' } }),
    ],
    ['invalid_request', 'field check', () => call(u('/private/addPodcast'), { method: 'POST', body: new URLSearchParams({ token: PRIVATE }) })],
    [
      'payload_too_large',
      'body limit',
      () => call(u('/private/startServer'), { method: 'POST', body: 'x'.repeat(1024 * 1024 + 1), headers: { 'Content-Type': 'text/plain' } }),
    ],
    [
      'unsupported_media_type',
      'body reader',
      () => call(u('/private/startServer'), { method: 'POST', body: 'x', headers: { 'Content-Type': 'text/plain' } }),
    ],
    ['not_found', 'private routing', () => call(u('/private/nope'), { headers: bearer })],
    ['not_found', 'public routing', () => call(u(`/public/nope?token=${PUBLIC}`))],
    ['not_found', 'handler', () => call(u(`/public/stream?token=${PUBLIC}&channel=nope`))],
    ['not_found', '/media', () => call(u('/media/nope.mp3'))],
    ['not_found', '/listen', () => call(u('/listen/nope'))],
    ['method_not_allowed', 'private routing', () => call(u('/private/checkToken'), { method: 'POST', headers: bearer })],
    ['method_not_allowed', 'public routing', () => call(u(`/public/stream?token=${PUBLIC}`), { method: 'DELETE' })],
    ['range_not_satisfiable', '/media', () => call(u('/media/ep-1.mp3'), { headers: { Range: 'bytes=999999999-' } })],
  ])('%s from the %s', async (code, _where, request) => {
    expectError(await request(), code);
  });

  it('server_offline from /listen while stopped', async () => {
    s.server.store.setReady(false);
    try {
      expectError(await call(u('/listen/live')), 'server_offline');
    } finally {
      s.server.store.setReady(true);
    }
  });

  it('server_busy from the cap on open streams', async () => {
    const held = await openEvents(u(`/public/stream/events?token=${PUBLIC}`));
    try {
      expectError(await call(u(`/public/podcasts/events?token=${PUBLIC}`)), 'server_busy');
    } finally {
      held.close();
    }
  });
});

describe('a bug', () => {
  it('is 500 server_error JSON, and the log says what failed (never the token)', async () => {
    const logs: string[] = [];
    const { app, closeConnections } = createApp({ log: (line) => logs.push(line), staticDir: '/nonexistent' });
    app.get('/boom', () => {
      throw new Error('the disk is on fire');
    });
    try {
      const res = await app.request(`/boom?token=${PRIVATE}`);
      const r: Reply = { status: res.status, headers: res.headers, text: '', body: await res.json() };
      expectError(r, 'server_error');
      expect(logs).toContain('error: the disk is on fire');
      expect(logs.join('\n')).not.toContain(PRIVATE);
    } finally {
      closeConnections();
    }
  });
});
