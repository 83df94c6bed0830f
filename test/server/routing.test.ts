/**
 * How the mock routes: every request goes through Hono's RegExpRouter (one regular expression
 * for all routes). A route it cannot take (`/media/art/:file` beside `/media/:file` was one)
 * silently makes Hono fall back to TrieRouter, ~2 µs more on every request: a tenth of what a
 * checkToken costs (docs/performance.md).
 */
import { describe, expect, it } from 'vitest';
import { createApp } from '../../demo/server/app.ts';
import { call, withServer } from '../support/server.ts';

const s = withServer();

describe('routing', () => {
  it('is done by RegExpRouter', async () => {
    const mock = createApp({ log: () => {} });
    try {
      expect((await mock.app.request('/private/checkToken')).status).toBe(401);
      expect((mock.app.router as { name: string }).name).toBe('SmartRouter + RegExpRouter');
    } finally {
      mock.closeConnections();
    }
  });

  it('/media/<dir>/<file> is artwork under art/ only; another folder is a path like any other, not found', async () => {
    expect((await call(`${s.url}/media/art/show-1400.png`)).status).toBe(200);
    for (const path of ['/media/arts/show-1400.png', '/media/x/ep-1.mp3']) {
      const r = await call(`${s.url}${path}`);
      expect(r.status, path).toBe(404);
      expect(r.headers.get('content-type'), path).toMatch(/^text\/plain/);
    }
  });
});
