/**
 * Issue 12's attack findings, each fixed and pinned: duplicate JSON keys, URLs that follow
 * Host, two Host headers, header trickles, the cap on open streams, the public feed cached
 * once per change, percent-encoded tokens in the log.
 */
import { Agent, request, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { capsFor, clientOf, descriptorLimit } from '../../demo/server/connections.ts';
import { redactUrl } from '../../demo/server/middleware/log.ts';
import { feedCache } from '../../demo/server/views.ts';
import { withMockProcess } from '../support/mock-process.ts';
import { call, openEvents, postJson, PRIVATE, PUBLIC, withServer } from '../support/server.ts';

/** Sends `raw` on a new socket; resolves with what came back once the server closes it. */
function rawHttp(url: string, raw: string): Promise<string> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(raw));
    socket.on('data', (d) => (answer += d));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

/** GET with a Host header of our choosing (fetch would send the real one). */
function getWithHost(url: string, host: string): Promise<any> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { Host: host } }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve(JSON.parse(text)));
    });
    req.on('error', reject).end();
  });
}

describe('JSON body with a key twice', () => {
  const s = withServer();
  it('two different token keys → 400 invalid_request', async () => {
    const body = `{"token":"${PRIVATE}","title":"x","token":"${PUBLIC}"}`;
    const r = await call(`${s.url}/private/setNowPlaying`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('invalid_request');
  });

  it('the same token twice counts once; another field twice is 400', async () => {
    const twice = `{"token":"${PRIVATE}","title":"Twice","token":"${PRIVATE}"}`;
    const ok = await call(`${s.url}/private/setNowPlaying`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: twice });
    expect(ok.status).toBe(200);
    expect(ok.body.now_playing.title).toBe('Twice');
    const title = `{"token":"${PRIVATE}","title":"a","nested":{"title":"n","x":[1,{"title":2}]},"title":"b"}`;
    const bad = await call(`${s.url}/private/setNowPlaying`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: title });
    expect(bad.status).toBe(400);
    expect(bad.body.error_description).toMatch(/title/);
  });

  it('keys inside nested objects or strings are not top-level keys', async () => {
    const body = `{"token":"${PRIVATE}","title":"a \\"token\\":1","artist":{"token":"x"}}`;
    const r = await call(`${s.url}/private/setNowPlaying`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    // artist is not text → 400 about artist, not about two tokens
    expect(r.status).toBe(400);
    expect(r.body.error_description).toMatch(/artist/);
  });
});

describe('absolute URLs', () => {
  const configured = withServer({ publicUrl: 'https://radio.example/' });
  const plain = withServer();

  it('come from PUBLIC_URL, whatever the Host header says', async () => {
    const stream = await getWithHost(`${configured.url}/public/stream?token=${PUBLIC}`, 'evil.example');
    expect(stream.stream_url).toBe('https://radio.example/listen/live');
    const feed = await getWithHost(`${configured.url}/public/podcasts?token=${PUBLIC}`, 'evil.example');
    for (const episode of feed.episodes) expect(episode.audio_url).toMatch(/^https:\/\/radio\.example\/media\//);
    const account = await getWithHost(`${configured.url}/private/accountInfo?token=${PRIVATE}`, 'evil.example');
    expect(account.channels[0].stream_url).toBe('https://radio.example/listen/live');
  });

  it('default to the listen address, not the Host header', async () => {
    const stream = await getWithHost(`${plain.url}/public/stream?token=${PUBLIC}`, 'evil.example:81');
    expect(stream.stream_url).toBe(`${plain.url}/listen/live`);
  });
});

describe('the socket', () => {
  const s = withServer({ headersTimeoutMs: 400 });

  it('two Host headers → 400 invalid_request', async () => {
    const answer = await rawHttp(s.url, `GET /public/stream?token=${PUBLIC} HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('"error":"invalid_request"');
  });

  it('a header trickle is cut at the headers time-out', async () => {
    const { port } = new URL(s.url);
    const socket = connect(Number(port), '127.0.0.1');
    let closed = false;
    socket.on('close', () => (closed = true)).on('error', () => {});
    socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    // One byte every 100 ms: never idle long enough for an idle time-out.
    const drip = setInterval(() => socket.writable && socket.write('a'), 100);
    try {
      await vi.waitFor(() => expect(closed, 'the server to cut the trickle').toBe(true), 4000);
    } finally {
      clearInterval(drip);
      socket.destroy();
    }
  });
});

describe('cap on open streams', () => {
  const s = withServer({ maxStreams: 2 });

  it('over the cap SSE and /listen answer 503 with Retry-After; a freed slot is reusable', async () => {
    const base = s.server.store.subscriberCount;
    const a = await openEvents(`${s.url}/public/stream/events?token=${PUBLIC}`);
    const listen = await fetch(`${s.url}/listen/live`);
    expect(listen.status).toBe(200);
    for (const path of [`/public/podcasts/events?token=${PUBLIC}`, `/public/stream/events?token=${PUBLIC}`, '/listen/live']) {
      const r = await call(`${s.url}${path}`);
      expect(r.status, path).toBe(503);
      expect(r.headers.get('retry-after')).toBe('10');
      expect(r.headers.get('access-control-allow-origin')).toBe('*');
      expect(r.body.error).toBe('server_busy');
    }
    // JSON endpoints are not streams: still served.
    expect((await call(`${s.url}/public/stream?token=${PUBLIC}`)).status).toBe(200);
    a.close();
    await vi.waitFor(() => expect(s.server.store.subscriberCount, 'the SSE slot to free').toBe(base), 2000);
    const b = await openEvents(`${s.url}/public/podcasts/events?token=${PUBLIC}`);
    expect(b.response.status).toBe(200);
    b.close();
    await listen.body!.cancel();
  });
});

describe('what the caps follow', () => {
  const limits = (soft: string) => () =>
    `Limit                     Soft Limit           Hard Limit           Units\nMax cpu time              unlimited            unlimited            seconds\nMax open files            ${soft}                 4096                 files\n`;

  it("the descriptor limit is /proc/self/limits' soft one; 1024 where it cannot be read", () => {
    expect(descriptorLimit(limits('256'))).toBe(256);
    expect(descriptorLimit(limits('unlimited'))).toBe(Infinity);
    expect(descriptorLimit(() => 'nothing useful')).toBe(1024);
    expect(
      descriptorLimit(() => {
        throw new Error('ENOENT');
      }),
    ).toBe(1024);
    expect(descriptorLimit()).toBeGreaterThan(0); // this machine's
  });

  it('streams get half the descriptors (at most MAX_STREAMS or the wanted number), one client 32 of them, sockets all but 64', () => {
    expect(capsFor(256)).toEqual({ limit: 256, streams: 128, perClient: 32, sockets: 192 });
    expect(capsFor(1_048_576)).toMatchObject({ streams: 1000, perClient: 32 });
    expect(capsFor(256, { maxStreams: 5000, maxStreamsPerClient: 500 })).toMatchObject({ streams: 128, perClient: 128 });
    expect(capsFor(4096, { maxStreams: 2, maxStreamsPerClient: 8 })).toMatchObject({ streams: 2, perClient: 2 });
  });

  it('a client is its IPv4 address, or the /64 of its IPv6 one', () => {
    expect(clientOf('203.0.113.9')).toBe('203.0.113.9');
    expect(clientOf('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientOf('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(clientOf('2001:DB8::1')).toBe('2001:db8:0:0::/64');
    expect(clientOf('::1')).toBe('0:0:0:0::/64');
    expect(clientOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientOf(undefined)).toBe('');
  });
});

/** A GET from the loopback address `from`, on a socket of its own: the response once its headers arrived (and its JSON body when it is not 200). */
function getFrom(url: string, from: string): Promise<{ res: IncomingMessage; body?: any }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { localAddress: from, agent: false }, (res) => {
      if (res.statusCode === 200) return resolve({ res });
      let text = '';
      res.setEncoding('utf8').on('data', (d) => (text += d));
      res.on('end', () => resolve({ res, body: JSON.parse(text) }));
    });
    req.on('error', reject).end();
  });
}

describe('caps from the descriptor limit (the mock under ulimit -n 256)', () => {
  const mock = withMockProcess({ heartbeatMs: 60_000 }, { ulimit: 256 });
  const events = (n: number) => `${mock.url}/public/${n % 2 ? 'podcasts' : 'stream'}/events?token=${PUBLIC}`;

  /** Opens event streams from `from` until one is refused: the open ones, and the refusal. */
  async function fill(from: string, limit = 256) {
    const open: IncomingMessage[] = [];
    for (let i = 0; i < limit; i++) {
      const r = await getFrom(events(i), from);
      if (r.res.statusCode !== 200) return { open, refused: r };
      open.push(r.res);
    }
    return { open, refused: undefined };
  }
  const shut = (list: IncomingMessage[]) => list.forEach((res) => res.destroy());

  it('one address holds at most its share: then 503 with Retry-After for its streams and /listen; others and ordinary requests are served', async () => {
    const one = await fill('127.0.0.1');
    try {
      // 32 by default, far below the 256 descriptors (the same client took all of them before).
      expect(one.open).toHaveLength(32);
      expect(one.refused!.res.statusCode).toBe(503);
      expect(one.refused!.res.headers['retry-after']).toBe('10');
      expect(one.refused!.res.headers['access-control-allow-origin']).toBe('*');
      expect(one.refused!.body).toEqual({ error: 'too_many_connections', error_description: expect.stringMatching(/address/) });
      expect((await getFrom(`${mock.url}/listen/live`, '127.0.0.1')).res.statusCode).toBe(503);
      // The same client's ordinary requests, and another address's streams, are served.
      expect((await call(`${mock.url}/public/stream?token=${PUBLIC}`)).status).toBe(200);
      const other = await getFrom(events(0), '127.0.0.2');
      const listen = await getFrom(`${mock.url}/listen/live`, '127.0.0.2');
      expect([other.res.statusCode, listen.res.statusCode]).toEqual([200, 200]);
      shut([other.res, listen.res]);
    } finally {
      shut(one.open);
    }
  });

  it('all addresses together hold at most half the descriptors: then 503 server_busy, and ordinary requests are still served', async () => {
    const held: IncomingMessage[] = [];
    let refused: Awaited<ReturnType<typeof getFrom>> | undefined;
    try {
      for (let a = 2; a < 20 && !refused; a++) {
        const r = await fill(`127.0.0.${a}`);
        held.push(...r.open);
        if (r.refused?.body?.error !== 'too_many_connections') refused = r.refused;
      }
      expect(held).toHaveLength(128);
      expect(refused!.res.statusCode).toBe(503);
      expect(refused!.res.headers['retry-after']).toBe('10');
      expect(refused!.body.error).toBe('server_busy');
      for (let i = 0; i < 20; i++) expect((await call(`${mock.url}/public/podcasts?token=${PUBLIC}`)).status).toBe(200);
    } finally {
      shut(held);
    }
  });

  it('a flood of idle sockets is turned away before the descriptors run out: a connection already open is still served from disk', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const page = () =>
      new Promise<number>((resolve, reject) => {
        request(`${mock.url}/`, { agent }, (res) => resolve(res.resume().statusCode!))
          .on('error', reject)
          .end();
      });
    const flood: Socket[] = [];
    try {
      expect(await page()).toBe(200);
      const { port } = new URL(mock.url);
      // More sockets than the process has descriptors, from several addresses, sending nothing.
      let refused = 0;
      await Promise.all(
        Array.from(
          { length: 300 },
          (_, i) =>
            new Promise<void>((resolve) => {
              const socket = connect({ port: Number(port), host: '127.0.0.1', localAddress: `127.0.1.${1 + (i % 200)}` }, resolve);
              flood.push(socket);
              socket.on('close', () => (refused++, resolve())).on('error', () => {});
            }),
        ),
      );
      await vi.waitFor(() => expect(refused, 'sockets past the cap to be closed').toBeGreaterThan(0), 3000);
      // The page is read from disk: the process kept descriptors of its own.
      expect(await page()).toBe(200);
    } finally {
      flood.forEach((s) => s.destroy());
      agent.destroy();
    }
  });
});

describe('/public/podcasts', () => {
  const s = withServer();

  it('JSON and ETag are made once per change of the episodes', async () => {
    const { store } = s.server;
    const feed = feedCache(store, { origin: s.url, stream: () => '' });
    const first = feed();
    expect(feed()).toBe(first);
    const added = await postJson(`${s.url}/private/addPodcast`, { token: PRIVATE, title: 'New' });
    const second = feed();
    expect(second).not.toBe(first);
    expect(second.etag).not.toBe(first.etag);
    expect(feed()).toBe(second);
    // The endpoint serves what the cache holds.
    const r = await call(`${s.url}/public/podcasts?token=${PUBLIC}`);
    expect(r.headers.get('etag')).toBe(second.etag);
    await postJson(`${s.url}/private/deletePodcast`, { token: PRIVATE, id: added.body.id });
    expect(feed().etag).toBe(first.etag);
  });
});

describe('log redaction', () => {
  const hide = (uuid: string, hyphen: string) => uuid.replaceAll('-', hyphen);

  it.each(['%2D', '%2d'])('catches a token with %s for its hyphens, in the path and in any parameter', (hyphen) => {
    const token = hide(PRIVATE, hyphen);
    for (const url of [`/media/${token}.mp3`, `/x?channel=${token}`, `/x?${token}=1`, `/x?token=${token}`, `/x?a=b%26token%3D${token}`]) {
      const line = redactUrl(url);
      expect(line).not.toMatch(/[0-9a-f]{8}(?:-|%2d)[0-9a-f]{4}/i);
      expect(line).toContain('…');
    }
  });

  it('catches a token with every character percent-encoded, and keeps other text', () => {
    const encoded = [...PUBLIC].map((ch) => `%${ch.charCodeAt(0).toString(16)}`).join('');
    expect(redactUrl(`/listen/${encoded}?channel=${encoded}`)).toBe('/listen/…?channel=…');
    expect(redactUrl('/public/stream?channel=main%20room&x=%2D')).toBe('/public/stream?channel=main%20room&x=%2D');
  });

  it('a real request with a %2D token leaves no trace in the log', async () => {
    const logs: string[] = [];
    const s2 = await (await import('../../demo/server/serve.ts')).startServer({ log: (l) => logs.push(l) });
    try {
      await call(`${s2.url}/public/podcasts?channel=${hide(PRIVATE, '%2D')}&token=${PUBLIC}`);
      await call(`${s2.url}/listen/${hide(PRIVATE, '%2d')}`);
      await vi.waitFor(() => expect(logs.length).toBe(2), 2000);
      for (const line of logs) expect(line.toLowerCase()).not.toContain(PRIVATE.slice(0, 8));
    } finally {
      await s2.close();
    }
  });
});
