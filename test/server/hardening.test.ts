/**
 * Issue 12's attack findings, each fixed and pinned: duplicate JSON keys, URLs that follow
 * Host, two Host headers, header trickles, the cap on open streams, the public feed cached
 * once per change, percent-encoded tokens in the log.
 */
import { request } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../demo/server/log.ts';
import { feedCache } from '../../demo/server/views.ts';
import { call, openEvents, postJson, PRIVATE, PUBLIC, waitFor, withServer } from '../support/server.ts';

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
      await waitFor(() => closed, 4000, 'the server to cut the trickle');
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
    await waitFor(() => s.server.store.subscriberCount === base, 2000, 'the SSE slot to free');
    const b = await openEvents(`${s.url}/public/podcasts/events?token=${PUBLIC}`);
    expect(b.response.status).toBe(200);
    b.close();
    await listen.body!.cancel();
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
      await waitFor(() => logs.length === 2);
      for (const line of logs) expect(line.toLowerCase()).not.toContain(PRIVATE.slice(0, 8));
    } finally {
      await s2.close();
    }
  });
});
