/**
 * Icecast mode against a stand-in Icecast on loopback (its status-json.xsl quirks and admin
 * endpoints); the real Icecast runs in test/icecast/. Live/offline, listeners, titles and
 * history follow the mount; setNowPlaying and stopServer reach Icecast's admin API; an
 * unreachable Icecast means offline, one log line, and recovery.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type RunningServer } from '../../demo/server/serve.ts';
import { call, openEvents, postJson, PRIVATE, PUBLIC, type EventsClient } from '../support/server.ts';

interface FakeIcecast {
  url: string;
  /** What /status-json.xsl answers; 'down' resets the connection. */
  status: string | 'down';
  admin: { path: string; query: URLSearchParams; auth: string | undefined }[];
  /** Requests for /status-json.xsl so far (the mock polls one at a time). */
  polls: number;
  close(): Promise<void>;
}

/** Waits until the mock has asked `fake`'s status twice more: the answer of the first was read. */
const nextPolls = (fake: FakeIcecast) => {
  const until = fake.polls + 2;
  return vi.waitFor(() => expect(fake.polls, 'two more status polls').toBeGreaterThanOrEqual(until), 2000);
};

async function fakeIcecast(): Promise<FakeIcecast> {
  const fake = { status: JSON.stringify({ icestats: { host: 'x' } }), admin: [], polls: 0 } as unknown as FakeIcecast;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    if (url.pathname === '/status-json.xsl') {
      fake.polls++;
      if (fake.status === 'down') return void req.socket.destroy();
      return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(fake.status);
    }
    if (url.pathname.startsWith('/admin/')) {
      fake.admin.push({ path: url.pathname, query: url.searchParams, auth: req.headers.authorization });
      const ok = req.headers.authorization === `Basic ${Buffer.from('admin:hackme').toString('base64')}`;
      return void res.writeHead(ok ? 200 : 401, { 'Content-Type': 'text/xml' }).end('<iceresponse/>');
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
  return fake;
}

const onAir = (fake: FakeIcecast, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ icestats: { host: 'x', source: { listenurl: `${fake.url}/live`, listeners: 7, ...extra } } });

describe('Icecast mode, with admin credentials', () => {
  let fake: FakeIcecast;
  let server: RunningServer;
  let sse: EventsClient;
  const logs: string[] = [];
  const last = () => sse.streams().at(-1);

  beforeAll(async () => {
    fake = await fakeIcecast();
    server = await startServer({
      log: (l) => logs.push(l),
      coalesceMs: 20,
      icecast: { url: `${fake.url}/`, adminUser: 'admin', adminPassword: 'hackme', pollMs: 100 },
    });
    sse = await openEvents(`${server.url}/public/stream/events?token=${PUBLIC}`);
  });
  afterAll(async () => {
    sse?.close();
    await server?.close();
    await fake?.close();
  });

  it('no source → offline with stream_url null; /listen is not served', async () => {
    await vi.waitFor(() => expect(last()?.status, 'offline').toBe('offline'), 2000);
    expect(last().stream_url).toBeNull();
    const r = await call(`${server.url}/listen/live`);
    expect(r.status).toBe(404);
    expect(r.body.error_description).toContain(fake.url);
  });

  it("the demo page's CSP lets its players fetch the Icecast origin", async () => {
    const page = await fetch(`${server.url}/`);
    await page.body?.cancel();
    expect(page.headers.get('content-security-policy')).toContain(`media-src 'self' ${fake.url};`);
  });

  it('a source → live pushed, stream_url the mount, listeners and now playing from the mount', async () => {
    fake.status = onAir(fake, { title: 'The Band - First - Song' });
    const live = await vi.waitFor(() => {
      const found = last()?.status === 'live' ? last() : undefined;
      if (!found) throw new Error('still waiting for live');
      return found;
    }, 2000);
    expect(live.stream_url).toBe(`${fake.url}/live`);
    await vi.waitFor(() => expect(last()?.now_playing?.title, 'the title').toBe('First - Song'), 2000);
    expect(last().now_playing.artist).toBe('The Band');
    expect(last().listeners).toBe(7);
    const account = await call(`${server.url}/private/accountInfo?token=${PRIVATE}`);
    expect(account.body.channels[0]).toMatchObject({ stream_url: `${fake.url}/live`, status: 'live', listeners: 7 });
  });

  it('title absent → the last known one stays; a new title pushes the old one into the history', async () => {
    fake.status = onAir(fake, { listeners: 8 });
    await vi.waitFor(() => expect(last()?.listeners, 'listeners 8').toBe(8), 2000);
    expect(last().now_playing.title).toBe('First - Song');
    fake.status = onAir(fake, { title: 'Solo Title' });
    await vi.waitFor(() => expect(last()?.now_playing?.title, 'the new title').toBe('Solo Title'), 2000);
    expect(last().now_playing.artist).toBe('');
    expect(last().history[0]).toMatchObject({ title: 'First - Song', artist: 'The Band' });
  });

  it("stream_delay: the burst (Icecast's default 65535 B) less a source block, at the declared bitrate; null without one", async () => {
    expect(last().stream_delay).toBeNull();
    fake.status = onAir(fake, { title: 'Solo Title', bitrate: 32 });
    await vi.waitFor(() => expect(last()?.stream_delay ?? null, 'stream_delay').not.toBeNull(), 2000);
    expect(last().stream_delay).toBe(15.36);
    fake.status = onAir(fake, { title: 'Solo Title' });
    await vi.waitFor(() => expect(last()?.stream_delay, 'no stream_delay').toBe(null), 2000);
  });

  it('half-written JSON (Icecast starting) does not flip the channel offline', async () => {
    const pushed = sse.streams().length;
    fake.status = '{"icestats":{"source":';
    await nextPolls(fake);
    expect(sse.streams().length).toBe(pushed);
    fake.status = onAir(fake, { title: 'Solo Title' });
  });

  it('setNowPlaying → /admin/metadata updinfo with the song, Basic auth; no duplicate history entry', async () => {
    fake.admin.length = 0;
    const r = await postJson(`${server.url}/private/setNowPlaying`, { token: PRIVATE, title: 'Owner Song', artist: 'Owner' });
    expect(r.status).toBe(200);
    expect(r.body.icecast_updated).toBe(true);
    expect(r.body.replaced_at).toBeNull();
    const call0 = fake.admin[0]!;
    expect(call0.path).toBe('/admin/metadata');
    expect(Object.fromEntries(call0.query)).toEqual({ mount: '/live', mode: 'updinfo', artist: 'Owner', title: 'Owner Song', charset: 'UTF-8' });
    expect(call0.auth).toBe(`Basic ${Buffer.from('admin:hackme').toString('base64')}`);
    // Icecast now reports that title: it is the current track, not a new one.
    fake.status = onAir(fake, { title: 'Owner - Owner Song' });
    await nextPolls(fake);
    const { history } = server.store.nowPlaying('main');
    expect(history.filter((h) => h.title === 'Owner Song')).toHaveLength(0);
    expect(server.store.nowPlaying('main').current!.title).toBe('Owner Song');
  });

  it('stopServer drops the source (/admin/killsource) and stops advertising; startServer advertises again', async () => {
    fake.admin.length = 0;
    const stop = await postJson(`${server.url}/private/stopServer`, { token: PRIVATE });
    expect(stop.body).toEqual({ streaming_server_ready: 0, icecast_sources_dropped: true });
    expect(fake.admin.map((a) => `${a.path}?mount=${a.query.get('mount')}`)).toEqual(['/admin/killsource?mount=/live']);
    await vi.waitFor(() => expect(last()?.status, 'offline').toBe('offline'), 1000);
    expect(last().stream_url).toBeNull();
    // The source is still there (a stand-in does not obey): the stream stays unadvertised.
    await postJson(`${server.url}/private/startServer`, { token: PRIVATE });
    await vi.waitFor(() => expect(last()?.status, 'live again').toBe('live'), 1000);
  });

  it('Icecast unreachable → offline, one log line, polling recovers by itself', async () => {
    logs.length = 0;
    fake.status = 'down';
    await vi.waitFor(() => expect(last()?.status, 'offline').toBe('offline'), 2000);
    await nextPolls(fake);
    const lines = logs.filter((l) => l.startsWith('icecast:'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/cannot read .*status-json\.xsl.*offline/);
    fake.status = onAir(fake);
    await vi.waitFor(() => expect(last()?.status, 'live after recovery').toBe('live'), 2000);
    expect(logs.filter((l) => l.startsWith('icecast:')).at(-1)).toMatch(/answers again/);
  });

  it('the source going away → offline pushed', async () => {
    fake.status = JSON.stringify({ icestats: { host: 'x' } });
    await vi.waitFor(() => expect(last()?.status, 'offline').toBe('offline'), 2000);
    expect(last().listeners).toBe(0);
  });
});

describe('Icecast mode: when a title started', () => {
  it('between the poll that missed it and the poll that saw it: the middle (here half a 1 s poll back)', async () => {
    const fake = await fakeIcecast();
    fake.status = onAir(fake, { title: 'Band - Old' });
    const server = await startServer({ log: () => {}, coalesceMs: 20, icecast: { url: fake.url, pollMs: 1000 } });
    const sse = await openEvents(`${server.url}/public/stream/events?token=${PUBLIC}`);
    try {
      await vi.waitFor(() => expect(sse.streams().at(-1)?.now_playing?.title, 'the first title').toBe('Old'), 3000);
      const before = Date.now();
      fake.status = onAir(fake, { title: 'Band - New' });
      const np = await vi.waitFor(() => {
        const found = sse.streams().at(-1)?.now_playing?.title === 'New' ? sse.streams().at(-1).now_playing : undefined;
        if (!found) throw new Error('still waiting for the new title');
        return found;
      }, 3000);
      const seen = Date.now();
      const started = Date.parse(np.started_at);
      expect(seen - started).toBeGreaterThan(400);
      expect(started).toBeGreaterThan(before - 600);
    } finally {
      sse.close();
      await server.close();
      await fake.close();
    }
  });
});

describe('Icecast mode: a source that just connected', () => {
  /** Icecast's `stream_start_iso8601`: to the second, `+0000`. */
  const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d+Z$/, '+0000');

  it('its delay is what the queue holds since stream_start (3 s ago → about 3 s, not the 15.36 s burst), growing; no seeded demo track', async () => {
    const fake = await fakeIcecast();
    fake.status = onAir(fake, { title: 'Band - Fresh', bitrate: 32, stream_start_iso8601: iso(Date.now() - 3000) });
    const server = await startServer({ log: () => {}, coalesceMs: 20, icecast: { url: fake.url, pollMs: 100 } });
    const sse = await openEvents(`${server.url}/public/stream/events?token=${PUBLIC}`);
    try {
      const live = await vi.waitFor(() => {
        const found = sse.streams().find((s) => s.now_playing?.title === 'Fresh');
        if (!found) throw new Error('still waiting for the source');
        return found;
      }, 3000);
      // The history starts with what Icecast played: none of the demo loop's tracks.
      expect(live.history).toEqual([]);
      const titles = sse.streams().flatMap((s) => [s.now_playing?.title, ...s.history.map((h: { title: string }) => h.title)]);
      expect(new Set(titles.filter(Boolean))).toEqual(new Set(['Fresh']));
      expect(live.stream_delay).toBeGreaterThan(2.4);
      expect(live.stream_delay).toBeLessThan(4.2);
      expect(live.sources[0].delay).toBe(live.stream_delay);
      // It grows with the queue, a second a second.
      const later = await vi.waitFor(() => {
        const found = sse.streams().at(-1);
        if (!(found?.stream_delay >= live.stream_delay + 0.5)) throw new Error('still waiting for the delay to grow');
        return found;
      }, 2000);
      expect(later.stream_delay).toBeLessThan(live.stream_delay + 2);
      // The source connects again (another stream_start): its queue starts over.
      const pushed = sse.streams().length;
      fake.status = onAir(fake, { title: 'Band - Fresh', bitrate: 32, stream_start_iso8601: iso(Date.now()) });
      await vi.waitFor(
        () =>
          expect(
            sse
              .streams()
              .slice(pushed)
              .some((s) => s.stream_delay < 1),
            'the delay starting over',
          ).toBe(true),
        2000,
      );
    } finally {
      sse.close();
      await server.close();
      await fake.close();
    }
  });

  it('one that connected a burst ago or more (a minute, at its first poll): the full burst', async () => {
    const fake = await fakeIcecast();
    fake.status = onAir(fake, {
      title: 'Band - Old',
      bitrate: 32,
      stream_start: new Date(Date.now() - 60_000).toUTCString().replace('GMT', '+0000'),
    });
    const server = await startServer({ log: () => {}, coalesceMs: 20, icecast: { url: fake.url, pollMs: 100 } });
    try {
      await vi.waitFor(() => expect(server.store.nowPlaying('main').current?.title, 'the source').toBe('Old'), 3000);
      const info = await call(`${server.url}/public/stream?token=${PUBLIC}`);
      expect(info.body.stream_delay).toBe(15.36);
    } finally {
      await server.close();
      await fake.close();
    }
  });

  it('one seen to appear between two polls connected between them, whatever its stream_start says (another clock)', async () => {
    const fake = await fakeIcecast();
    const server = await startServer({ log: () => {}, coalesceMs: 20, icecast: { url: fake.url, pollMs: 100 } });
    const sse = await openEvents(`${server.url}/public/stream/events?token=${PUBLIC}`);
    try {
      await nextPolls(fake);
      // Icecast's clock 10 s behind the service's.
      fake.status = onAir(fake, { title: 'Band - Fresh', bitrate: 32, stream_start_iso8601: iso(Date.now() - 10_000) });
      const live = await vi.waitFor(() => {
        const found = sse.streams().find((s) => s.status === 'live');
        if (!found) throw new Error('still waiting for the source');
        return found;
      }, 3000);
      expect(live.stream_delay).toBeLessThan(0.5);
    } finally {
      sse.close();
      await server.close();
      await fake.close();
    }
  });
});

describe('Icecast mode without admin credentials; Icecast never reachable', () => {
  let server: RunningServer;
  const logs: string[] = [];
  beforeAll(async () => {
    // A port nothing listens on.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    server = await startServer({ log: (l) => logs.push(l), icecast: { url: `http://127.0.0.1:${port}`, pollMs: 50 } });
  });
  afterAll(() => server?.close());

  it('stays up, offline, with one log line; setNowPlaying works without touching Icecast', async () => {
    await vi.waitFor(
      () =>
        expect(
          logs.some((l) => l.startsWith('icecast:')),
          'the log line',
        ).toBeTruthy(),
      2000,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(logs.filter((l) => l.startsWith('icecast:'))).toHaveLength(1);
    const stream = await call(`${server.url}/public/stream?token=${PUBLIC}`);
    expect(stream.body).toMatchObject({ status: 'offline', stream_url: null, listeners: 0 });
    const r = await postJson(`${server.url}/private/setNowPlaying`, { token: PRIVATE, title: 'T' });
    expect(r.status).toBe(200);
    expect(r.body.icecast_updated).toBe(false);
    const stop = await postJson(`${server.url}/private/stopServer`, { token: PRIVATE });
    expect(stop.body).toEqual({ streaming_server_ready: 0, icecast_sources_dropped: false });
  });
});

describe('Icecast mode with the HLS tier: the pages let their players play it', () => {
  it('through hls.js (media from blob:) and from the CDN (HLS_PUBLIC_URL) that serves its playlists', async () => {
    const fake = await fakeIcecast();
    const server = await startServer({
      log: () => {},
      icecast: { url: fake.url, pollMs: 1000, hls: { first: false, publicUrl: 'https://cdn.example' } },
    });
    try {
      for (const path of ['/', `/embed/stream?token=${PUBLIC}`]) {
        const page = await fetch(`${server.url}${path}`);
        await page.body?.cancel();
        const csp = page.headers.get('content-security-policy') ?? '';
        expect(csp, path).toMatch(new RegExp(`media-src 'self' ${fake.url} https://cdn\\.example blob:;`));
        expect(csp, path).toContain(`connect-src 'self' ${fake.url} https://cdn.example;`);
      }
    } finally {
      await server.close();
      await fake.close();
    }
  });
});
