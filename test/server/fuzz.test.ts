/**
 * Bounded fuzz: a few hundred random and malformed requests (fetch and raw sockets) on
 * loopback; afterwards no 5xx was seen and checkToken still answers.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { call, PRIVATE, PUBLIC, withServer } from '../support/server.ts';

const s = withServer({ heartbeatMs: 100 });

/** Deterministic PRNG (mulberry32), so a failure can be replayed. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEED = 20261122;
const rand = prng(SEED);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
const junk = (n: number) => Array.from({ length: n }, () => String.fromCharCode(32 + Math.floor(rand() * 95))).join('');

const METHODS = ['GET', 'GET', 'POST', 'POST', 'HEAD', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];
const PATHS = [
  '/private/checkToken',
  '/private/accountInfo',
  '/private/startServer',
  '/private/stopServer',
  '/private/setNowPlaying',
  '/private/podcasts',
  '/private/addPodcast',
  '/private/deletePodcast',
  '/private/updatePodcast',
  '/private/nope',
  '/private/',
  '/private',
  '/private/%ff',
  '/private/checkToken/..',
  '/public/stream',
  '/public/stream/events',
  '/public/podcasts',
  '/public/x',
  '/public/',
  '/public/podcasts.rss',
  '/listen/live',
  '/listen/',
  '/listen/%00',
  '/media/ep-1.mp3',
  '/media/ep-9.mp3',
  '/media/%2e%2e',
  '/media/ep-1.chapters.json',
  '/media/art/show-320.png',
  '/media/art/%2e%2e',
  '/',
  '/castlet.js',
  '/%E0%A4%A',
  '/a/b/c/d',
  '/index.html?x',
];
const TOKENS = [PRIVATE, PUBLIC, '', 'x', 'null', '🎵', 'a'.repeat(5000), `${PRIVATE} ${PUBLIC}`, '%00', junk(40)];
const AUTH = [
  undefined,
  undefined,
  `Bearer ${PRIVATE}`,
  `bearer ${PUBLIC}`,
  'Bearer',
  'Bearer  a b',
  'Basic Zm9v',
  `Bearer ${'b'.repeat(4000)}`,
  junk(30),
  'Bearer =x',
];
const TYPES = [
  undefined,
  'application/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=zz',
  'text/plain',
  'application/json; charset=latin1',
  junk(12),
  'application/JSON',
];

function randomBody(): string | Uint8Array | undefined {
  switch (Math.floor(rand() * 10)) {
    case 0:
      return undefined;
    case 1:
      return JSON.stringify({
        token: pick(TOKENS),
        title: junk(20),
        chapters: pick([[], [{ start: 'x' }], '[{', null, [{ start: 1e308, title: '' }]]),
        duration: pick([1, 60, -5, 'x', 1e9, null]),
      });
    case 2:
      return JSON.stringify(pick([[], null, 1, '"s"', { token: [PRIVATE] }, { token: { a: 1 } }, { __proto__: { token: PRIVATE } }]));
    case 3:
      return `token=${encodeURIComponent(pick(TOKENS))}&title=${junk(10)}&chapters=${junk(8)}&id=ep-1`;
    case 4:
      return `--zz\r\nContent-Disposition: form-data; name="token"\r\n\r\n${pick(TOKENS)}\r\n--zz--\r\n`;
    case 5:
      return new Uint8Array(Array.from({ length: Math.floor(rand() * 2000) }, () => Math.floor(rand() * 256)));
    case 6:
      return '{"token": "' + junk(10);
    case 7:
      return 'x'.repeat(pick([10, 1024 * 1024 - 1, 1024 * 1024 + 1]));
    case 8:
      return JSON.stringify({
        token: PRIVATE,
        title: junk(5),
        id: pick(['ep-1', 'ep-2', 'zzz', '']),
        transcript: pick([undefined, '', junk(30), `WEBVTT\n\n00:00.000 --> ${junk(6)}\n${junk(10)}`, 5]),
        persons: pick([undefined, '', junk(8), [{ name: junk(5), img: junk(6) }], [null], 'null']),
      });
    default:
      return junk(200);
  }
}

async function randomRequest(statuses: number[]): Promise<void> {
  const method = pick(METHODS);
  const query = Array.from(
    { length: Math.floor(rand() * 3) },
    () => `${pick(['token', 'channel', 'x', 'TOKEN', '%74oken'])}=${encodeURIComponent(pick(TOKENS))}`,
  ).join('&');
  const headers: Record<string, string> = {};
  const auth = pick(AUTH);
  if (auth !== undefined) headers.Authorization = auth;
  const type = pick(TYPES);
  if (type !== undefined) headers['Content-Type'] = type;
  if (rand() < 0.2) headers.Range = pick(['bytes=0-', 'bytes=-1', 'bytes=99999999-', 'bytes=a-b', 'bytes=1-0,4-5']);
  if (rand() < 0.2) headers['If-None-Match'] = pick(['*', '"x"', 'W/"y"', junk(10)]);
  const body = method === 'GET' || method === 'HEAD' ? undefined : randomBody();
  try {
    const res = await fetch(`${s.url}${pick(PATHS)}${query ? `?${query}` : ''}`, {
      method,
      headers,
      body: body as BodyInit | undefined,
      signal: AbortSignal.timeout(3000),
    });
    statuses.push(res.status);
    const reader = res.body?.getReader();
    if (reader) {
      await reader.read().catch(() => {});
      await reader.cancel().catch(() => {});
    }
  } catch {
    // a refused or reset connection is not a 5xx; the server must just survive it
    statuses.push(0);
  }
}

const RAW = [
  'GARBAGE\r\n\r\n',
  'GET / HTTP/9.9\r\nHost: x\r\n\r\n',
  'GET /private/checkToken HTTP/1.1\r\n\r\n',
  'GET /private/checkToken HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer\r\nAuthorization: Bearer x\r\n\r\n',
  `GET /private/checkToken?token=${PRIVATE}&token=${PRIVATE} HTTP/1.1\r\nHost: x\r\n\r\n`,
  'GET /private/checkToken HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n',
  'GET /private/checkToken HTTP/1.1\r\nHost: x\r\nX: \u0000\r\n\r\n',
  `GET /${'a'.repeat(20000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
  `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'h'.repeat(70000)}\r\n\r\n`,
  'POST /private/startServer HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nzz\r\n',
  'POST /private/startServer HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\nContent-Type: application/json\r\n\r\n{"tok',
  'POST /private/startServer HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!',
  'POST /private/startServer HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n',
  `POST /private/startServer HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999\r\nContent-Type: application/json\r\n\r\n{}`,
  'GET http://evil.example/private/checkToken HTTP/1.1\r\nHost: x\r\n\r\n',
  'GET /public/stream HTTP/1.1\r\nHost: [::1\r\n\r\n',
  'GET /public/stream HTTP/1.1\r\nHost: a b\r\n\r\n',
  '\r\n\r\n\r\n',
  'GET / HTTP/1.1\r\nHost: x\r\n\r\nGET /nope HTTP/1.1\r\nHost: x\r\n\r\nGET /public/stream HTTP/1.1\r\nHost: x\r\n\r\n',
  'OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n',
  'CONNECT x:443 HTTP/1.1\r\nHost: x:443\r\n\r\n',
  'GET /listen/live HTTP/1.0\r\n\r\n',
];

/** Sends `request` verbatim; collects the status codes of every response line within 400 ms. */
function raw(request: string): Promise<number[]> {
  return new Promise((resolve) => {
    const socket = connect(s.server.port, '127.0.0.1', () => socket.write(request));
    let data = '';
    const done = () => {
      socket.destroy();
      resolve([...data.matchAll(/HTTP\/1\.[01] (\d{3})/g)].map((m) => Number(m[1])));
    };
    const timer = setTimeout(done, 400);
    socket.on('close', () => clearTimeout(timer));
    socket.on('data', (d) => {
      data += d.toString('latin1');
    });
    socket.on('close', done);
    socket.on('error', done);
  });
}

describe(`fuzz (seed ${SEED})`, () => {
  it('300 random requests and malformed raw HTTP: no 5xx, the server still answers', async () => {
    const statuses: number[] = [];
    const queue = Array.from({ length: 300 }, (_, i) => i);
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        while (queue.shift() !== undefined) await randomRequest(statuses);
      }),
    );
    const rawStatuses = (await Promise.all(RAW.map(raw))).flat();
    const all = [...statuses, ...rawStatuses];
    expect(all.filter((st) => st >= 500)).toEqual([]);
    expect(statuses.filter((st) => st >= 200 && st < 500).length).toBeGreaterThan(250);
    expect(s.logs.filter((l) => l.startsWith('error:'))).toEqual([]);

    const check = await call(`${s.url}/private/checkToken`, { headers: { Authorization: `Bearer ${s.server.store.tokens.private_token}` } });
    expect(check.status).toBe(200);
  }, 40_000);
});
