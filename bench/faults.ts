/**
 * 6. Faults, as counts.
 * (a) The mock is SIGKILLed while <stream-player> plays in Chromium and restarted on the same
 *     port: does it play again without a reload, after how long, with how many attempts?
 * (b) A wrong (well-formed, unknown) token: requests in 30 s.
 * (c) 1,000 malformed requests (random methods, paths, headers, bodies, bad JSON, huge
 *     tokens, raw garbage on sockets): 5xx count, and checkToken still answers 200.
 * (d) A service that accepts connections and never answers: seconds until each player shows
 *     the network message, and what it shows at 12 s.
 * (e) A service that answers every request with invalid JSON, beside one that refuses every
 *     connection: requests in 10 s (the backoff).
 * (b), (d) and (e) run beside (a) and (c), each in its own server and context: they only wait.
 */
import { createServer, request, type Server } from 'node:http';
import { connect, createServer as createTcpServer, type AddressInfo, type Server as TcpServer, type Socket } from 'node:net';
import type { Page } from 'playwright-core';
import { embedPage } from '../test/support/browser-pages.ts';
import { countLog, startMock, type Child } from './children.ts';
import { countBy, PRIVATE, PUBLIC, type BenchEnv } from './env.ts';
import { instrumentedPage, waitPopulated } from './instrument.ts';
import type { Part, Row } from './table.ts';
import { prng, sleep, until } from './util.ts';

const WRONG = '0c0ffee0-1234-4abc-8def-0123456789ab';
const RESTART_GOAL = 10;

// (a) ------------------------------------------------------------------------------------

export interface RestartData {
  playedAgain: boolean;
  /** Seconds from SIGKILL to the media's `playing` on the restarted mock. */
  secondsToPlaying: number | null;
  /** Seconds the new mock took to start listening. */
  restartSeconds: number;
  /** Seconds from SIGKILL until the page noticed (first non-`playing` media event). */
  noticedAfter: number | null;
  /** Attempts the page made (its own requests after the kill, failed ones included). */
  pageRequests: Record<string, number>;
  /** What the new mock logged until playing again (+1 s). */
  newMockLog: { listen: number; events: number; stream: number };
  states: string[];
}

async function restart(env: BenchEnv): Promise<RestartData> {
  let mock: Child = await startMock({ staticDir: env.staticDir, heartbeatMs: 60_000 }, { log: 'keep' });
  const port = mock.port;
  const { context, page } = await instrumentedPage(env.browser, 1);
  try {
    const urls: { url: string; at: number }[] = [];
    page.on('request', (r) => urls.push({ url: r.url(), at: Date.now() }));
    await page.goto(env.pages.add(embedPage(mock.url, `<stream-player public-token="${PUBLIC}"></stream-player>`)));
    await waitPopulated(page);
    await page.locator('stream-player button[part~=play]').click();
    await page.waitForFunction(
      () => {
        const m = (document.querySelector('stream-player') as HTMLElement & { media: HTMLMediaElement }).media;
        return !m.paused && m.currentTime > 1.5;
      },
      undefined,
      { timeout: 15_000 },
    );

    const killedAt = Date.now();
    mock.proc.kill('SIGKILL');
    await mock.exited;
    mock = await startMock({ staticDir: env.staticDir, heartbeatMs: 60_000, port }, { log: 'keep' });
    const restartSeconds = (Date.now() - killedAt) / 1000;

    const limit = 30_000;
    const playingAt = await until(
      () =>
        page.evaluate(
          (since) => window.__bench.media.find((e) => e.wall > since && e.type === 'playing')?.wall ?? 0,
          // Only a `playing` after the new mock served /listen counts (not the old buffer).
          Math.max(killedAt, mock.log.find((l) => l.line.startsWith('GET /listen/'))?.at ?? Infinity),
        ),
      limit - (Date.now() - killedAt),
      100,
    );
    if (playingAt) await sleep(1000);
    const timeline = await page.evaluate(() => ({ media: window.__bench.media, states: window.__bench.states }));
    const afterKill = timeline.media.filter((e) => e.wall > killedAt);
    const noticed = afterKill.find((e) => e.type !== 'playing');
    return {
      playedAgain: !!playingAt,
      secondsToPlaying: playingAt ? (playingAt - killedAt) / 1000 : null,
      restartSeconds,
      noticedAfter: noticed ? (noticed.wall - killedAt) / 1000 : null,
      pageRequests: countBy(urls.filter((u) => u.at > killedAt && u.url.startsWith(mock.url)).map((u) => u.url)),
      newMockLog: {
        listen: countLog(mock.log, 'GET', '/listen/'),
        events: countLog(mock.log, 'GET', '/public/stream/events', true),
        stream: countLog(mock.log, 'GET', '/public/stream', true),
      },
      states: [
        ...afterKill.map((e) => `+${((e.wall - killedAt) / 1000).toFixed(1)}s media ${e.type}`),
        ...timeline.states.filter((s) => s.wall > killedAt).map((s) => `+${((s.wall - killedAt) / 1000).toFixed(1)}s state ${s.state}`),
      ].sort((a, b) => parseFloat(a.slice(1)) - parseFloat(b.slice(1))),
    };
  } finally {
    await context.close();
    await mock.stop();
  }
}

// (b) ------------------------------------------------------------------------------------

export interface WrongTokenData {
  seconds: number;
  byEndpoint: Record<string, number>;
  total: number;
  /** Seconds after navigation of the last request. */
  lastAt: number | null;
  errors: string[];
}

async function wrongToken(env: BenchEnv, seconds = 30): Promise<WrongTokenData> {
  const mock = await startMock({ staticDir: env.staticDir }, { log: 'keep' });
  const { context, page } = await instrumentedPage(env.browser, 2);
  try {
    const errors: string[] = [];
    await page.exposeFunction('__benchError', (code: string) => errors.push(code));
    await page.addInitScript(() =>
      document.addEventListener('castlet-error', (e) =>
        (window as unknown as { __benchError(c: string): void }).__benchError((e as CustomEvent<{ code: string }>).detail.code),
      ),
    );
    const start = Date.now();
    await page.goto(
      env.pages.add(
        embedPage(mock.url, `<stream-player public-token="${WRONG}"></stream-player>\n<podcast-player public-token="${WRONG}"></podcast-player>`),
      ),
    );
    await sleep(seconds * 1000 - (Date.now() - start));
    const api = mock.log.filter((l) => l.at >= start && / \/public\//.test(l.line));
    const byEndpoint: Record<string, number> = {};
    for (const l of api) {
      const key = `${l.line.split(' ')[0]} ${l.line.split(' ')[1]!.split('?')[0]} ${l.line.split(' ')[2]}`;
      byEndpoint[key] = (byEndpoint[key] ?? 0) + 1;
    }
    return { seconds, byEndpoint, total: api.length, lastAt: api.length ? (api.at(-1)!.at - start) / 1000 : null, errors };
  } finally {
    await context.close();
    await mock.stop();
  }
}

// (d) ------------------------------------------------------------------------------------

const TAGS = ['stream-player', 'podcast-player'] as const;

export interface SilentData {
  /** Seconds after navigation until each player showed "Cannot reach the service" (null: not in the limit). */
  secondsToMessage: Record<string, number | null>;
  /** The same, counted from the page's first request to the service (the widgets' own share of it). */
  afterFirstRequest: Record<string, number | null>;
  /** Each player's state and message at 12 s. */
  at12: Record<string, { state: string; message: string }>;
  /** Connections the silent service accepted in the limit. */
  connections: number;
}

/** A loopback server: accepts, reads, never answers; `close()` ends its sockets too. */
async function silentService(): Promise<{ url: string; connections: () => number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let count = 0;
  const server: TcpServer = createTcpServer((s) => {
    count++;
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => {});
    s.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => count,
    close: () => new Promise<void>((resolve) => (sockets.forEach((s) => s.destroy()), server.close(() => resolve()))),
  };
}

/** Each player's state and message text, read from the page. */
const readPlayers = (page: Page) =>
  page.evaluate(
    (tags) =>
      Object.fromEntries(
        tags.map((t) => {
          const el = document.querySelector(t) as HTMLElement & { state: string };
          return [t, { state: el.state, message: el.shadowRoot?.querySelector('[part~=message]')?.textContent?.trim() ?? '' }];
        }),
      ),
    TAGS as unknown as string[],
  );

async function silent(env: BenchEnv, limit = 30): Promise<SilentData> {
  const service = await silentService();
  const { context, page } = await instrumentedPage(env.browser, 2);
  try {
    const body = TAGS.map((t) => `<${t} public-token="${PUBLIC}" base-url="${service.url}"></${t}>`).join('\n');
    let first = 0;
    page.on('request', (r) => r.url().startsWith(service.url) && (first ||= Date.now()));
    const start = Date.now();
    await page.goto(env.pages.add(embedPage(env.mock.url, body)));
    const secondsToMessage: Record<string, number | null> = Object.fromEntries(TAGS.map((t) => [t, null]));
    let at12: SilentData['at12'] = {};
    while (Date.now() - start < limit * 1000 && (Object.values(secondsToMessage).includes(null) || !Object.keys(at12).length)) {
      const now = await readPlayers(page);
      const t = (Date.now() - start) / 1000;
      for (const tag of TAGS) if (secondsToMessage[tag] === null && /Cannot reach the service/.test(now[tag]!.message)) secondsToMessage[tag] = t;
      if (t >= 12 && !Object.keys(at12).length) at12 = now;
      await sleep(100);
    }
    const afterFirstRequest = Object.fromEntries(
      TAGS.map((t) => [t, secondsToMessage[t] === null ? null : secondsToMessage[t]! - (first - start) / 1000]),
    );
    return { secondsToMessage, afterFirstRequest, at12, connections: service.connections() };
  } finally {
    await context.close();
    await service.close();
  }
}

// (e) ------------------------------------------------------------------------------------

export interface RetryData {
  seconds: number;
  /** Requests the page made to the service in `seconds`, by endpoint, for each kind of service. */
  invalidJson: Record<string, number>;
  refused: Record<string, number>;
}

/** Requests a page with both players makes in `seconds` to the service at `base`. */
async function requestsIn(env: BenchEnv, base: string, seconds: number): Promise<Record<string, number>> {
  const { context, page } = await instrumentedPage(env.browser, 2);
  try {
    const urls: string[] = [];
    page.on('request', (r) => r.url().startsWith(base) && urls.push(r.url()));
    const start = Date.now();
    await page.goto(env.pages.add(embedPage(env.mock.url, TAGS.map((t) => `<${t} public-token="${PUBLIC}" base-url="${base}"></${t}>`).join('\n'))));
    await sleep(seconds * 1000 - (Date.now() - start));
    return countBy(urls);
  } finally {
    await context.close();
  }
}

async function retries(env: BenchEnv, seconds = 10): Promise<RetryData> {
  // Answers everything 200 with a body that is not JSON (CORS allowed, so the page can read it).
  const bad: Server = createServer((req, res) => {
    res.writeHead(200, {
      'Content-Type': req.url?.includes('/events') ? 'text/event-stream' : 'application/json',
      'Access-Control-Allow-Origin': '*',
    });
    res.end(req.url?.includes('/events') ? 'event: stream\ndata: {oops\n\nevent: podcasts\ndata: {oops\n\n' : '{oops');
  });
  await new Promise<void>((resolve) => bad.listen(0, '127.0.0.1', resolve));
  // A port nobody listens on: every connection refused.
  const closed = createTcpServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const refusedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  try {
    const [invalidJson, refused] = await Promise.all([
      requestsIn(env, `http://127.0.0.1:${(bad.address() as AddressInfo).port}`, seconds),
      requestsIn(env, refusedUrl, seconds),
    ]);
    return { seconds, invalidJson, refused };
  } finally {
    bad.closeAllConnections();
    await new Promise<void>((resolve) => bad.close(() => resolve()));
  }
}

// (c) ------------------------------------------------------------------------------------

export interface FuzzData {
  sent: number;
  byClass: Record<string, number>;
  serverErrors: string[];
  checkTokenAfter: number;
  publicAfter: number;
  alive: boolean;
}

type Shot = { kind: 'http'; method: string; path: string; headers: Record<string, string>; body?: Buffer } | { kind: 'raw'; bytes: Buffer };

function shots(n: number): Shot[] {
  const rnd = prng(6);
  const pick = <T>(a: readonly T[]): T => a[Math.floor(rnd() * a.length)]!;
  const junk = (len: number) => Buffer.from(Array.from({ length: len }, () => Math.floor(rnd() * 256)));
  const huge = 'x'.repeat(20_000);
  const methods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'PROPFIND', 'FOO', 'G_ET'];
  const paths = [
    '/private/checkToken',
    '/private/accountInfo',
    '/private/setNowPlaying',
    '/private/addPodcast',
    '/private/deletePodcast',
    '/private/podcasts',
    '/private/nope',
    '/public/stream',
    '/public/stream/events',
    '/public/podcasts',
    '/public/zzz',
    '/listen/live',
    '/listen/none',
    '/media/ep-1.mp3',
    '/media/zz.mp3',
    '/media/%00.mp3',
    '/%',
    '/..%2f..%2fetc%2fpasswd',
    '/castlet.js',
    `/${'a/'.repeat(500)}`,
    '/public/stream?channel=%E0%A4%A',
    '/private/checkToken?token=%ZZ',
  ];
  const tokens = [PRIVATE, PUBLIC, WRONG, '', huge.slice(0, 3000), 'null', '%00', '\u00e9t\u00e9'];
  const auths = [
    'Bearer',
    'Bearer a b',
    `Bearer ${PRIVATE}`,
    `bearer ${PUBLIC}`,
    `Basic ${Buffer.from('a:b').toString('base64')}`,
    `Bearer ${huge.slice(0, 8000)}`,
    'Bearer \t',
    `Bearer ${PRIVATE}, Bearer ${PUBLIC}`,
  ];
  const types = [
    'application/json',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=zz',
    'multipart/form-data',
    'text/plain',
    'application/json; charset=utf-16',
    'image/png',
  ];
  const bodies = [
    '{',
    '[]',
    'null',
    '"str"',
    '{"token": 5}',
    `{"token": "${PRIVATE}", "title": {"x": 1}}`,
    `{"token": ["${PRIVATE}"]}`,
    `{"token":"${PRIVATE}","title":"t","chapters":"[{\\"start\\":-1}]"}`,
    `{"token":"${PRIVATE}","id":{"$gt":""}}`,
    `token=${PRIVATE}&title=%E0%A4%A&chapters=%5B`,
    'token=%ZZ',
    `--zz\r\nContent-Disposition: form-data; name="token"\r\n\r\n${PRIVATE}\r\n--zz`,
    '--zz--',
    '\u0000\u0001\u0002',
    `{"token":"${PRIVATE}","title":"${'t'.repeat(5000)}","duration":1e308}`,
  ];
  const raws = [
    () => junk(64 + Math.floor(rnd() * 400)),
    () => Buffer.from(`GET /private/checkToken HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n`),
    () =>
      Buffer.from(
        `POST /private/setNowPlaying HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${PRIVATE}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n{\r\n0\r\n\r\n`,
      ),
    () => Buffer.from(`GET / HTTP/9.9\r\n\r\n`),
    () => Buffer.from(`GET /public/stream?token=${PUBLIC} HTTP/1.1\r\nHost: x\r\nX: ${huge}${huge}\r\n\r\n`),
    () =>
      Buffer.from(
        `POST /private/addPodcast HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${PRIVATE}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"title":`,
      ),
    () => Buffer.concat([Buffer.from('GET /public/stream HTTP/1.1\r\nHost: '), junk(40), Buffer.from('\r\n\r\n')]),
  ];
  const out: Shot[] = [];
  for (let i = 0; i < n; i++) {
    if (rnd() < 0.2) {
      out.push({ kind: 'raw', bytes: pick(raws)() });
      continue;
    }
    const method = pick(methods);
    let path = pick(paths);
    if (rnd() < 0.5) path += `${path.includes('?') ? '&' : '?'}token=${encodeURIComponent(pick(tokens))}`;
    if (rnd() < 0.15) path += `&token=${encodeURIComponent(pick(tokens))}`;
    const headers: Record<string, string> = {};
    if (rnd() < 0.6) headers['Authorization'] = pick(auths);
    if (rnd() < 0.2) headers['If-None-Match'] = pick(['*', '"x"', 'W/"', huge.slice(0, 500)]);
    if (rnd() < 0.2) headers['Range'] = pick(['bytes=0-', 'bytes=99999999-', 'bytes=5-1', 'bytes=-0', 'items=1-2', 'bytes=0-1,2-3']);
    let body: Buffer | undefined;
    if (method !== 'GET' && method !== 'HEAD' && rnd() < 0.8) {
      headers['Content-Type'] = pick(types);
      body = rnd() < 0.05 ? Buffer.alloc(1024 * 1024 + 10, 0x61) : rnd() < 0.1 ? junk(300) : Buffer.from(pick(bodies));
    }
    // Never rotate the tokens: the check afterwards uses them.
    if (path.startsWith('/private/resetTokens')) path = '/private/nope';
    out.push({ kind: 'http', method, path, headers, body });
  }
  return out;
}

function send(port: number, s: Shot): Promise<string> {
  return new Promise((resolve) => {
    const done = (c: string) => {
      clearTimeout(timer);
      resolve(c);
    };
    const timer = setTimeout(() => {
      sock?.destroy();
      req?.destroy();
      done('timeout');
    }, 3000);
    let sock: ReturnType<typeof connect> | undefined;
    // eslint-disable-next-line prefer-const -- assigned below; the timer above, declared first, reads it
    let req: ReturnType<typeof request> | undefined;
    if (s.kind === 'raw') {
      let text = '';
      sock = connect(port, '127.0.0.1', () => sock!.end(s.bytes));
      sock.setEncoding('latin1');
      sock.on('data', (d: string) => {
        text += d;
        const m = /^HTTP\/1\.[01] (\d)\d\d/.exec(text);
        if (m) {
          sock!.destroy();
          done(`${m[1]}xx`);
        }
      });
      sock.on('error', () => done('reset'));
      sock.on('close', () => done(text ? 'other' : 'closed'));
      return;
    }
    req = request({ host: '127.0.0.1', port, method: s.method, path: s.path, headers: s.headers, agent: false }, (res) => {
      done(`${String(res.statusCode)[0]}xx`);
      res.destroy(); // SSE and /listen never end
    });
    req.on('error', () => done('reset'));
    req.end(s.body);
  });
}

async function fuzz(env: BenchEnv, n = 1000): Promise<FuzzData> {
  const mock = await startMock({ staticDir: env.staticDir }, { log: 'keep' });
  try {
    const list = shots(n);
    const byClass: Record<string, number> = {};
    for (let i = 0; i < list.length; i += 20) {
      const got = await Promise.all(list.slice(i, i + 20).map((s) => send(mock.port, s)));
      for (const c of got) byClass[c] = (byClass[c] ?? 0) + 1;
    }
    const after = await fetch(`${mock.url}/private/checkToken`, { headers: { Authorization: `Bearer ${PRIVATE}` } });
    const pub = await fetch(`${mock.url}/public/stream?token=${PUBLIC}`);
    return {
      sent: list.length,
      byClass,
      serverErrors: mock.log
        .filter((l) => / 5\d\d /.test(l.line) || l.line.startsWith('error:'))
        .map((l) => l.line)
        .slice(0, 20),
      checkTokenAfter: after.status,
      publicAfter: pub.status,
      alive: mock.proc.exitCode === null && mock.proc.signalCode === null,
    };
  } finally {
    await mock.stop();
  }
}

// ----------------------------------------------------------------------------------------

export interface FaultsData {
  restart: RestartData;
  wrongToken: WrongTokenData;
  fuzz: FuzzData;
  silent: SilentData;
  retries: RetryData;
}

export async function benchFaults(env: BenchEnv): Promise<Part<FaultsData>> {
  const wrong = wrongToken(env);
  const quiet = silent(env);
  const again = retries(env);
  const r = await restart(env);
  const f = await fuzz(env);
  const [w, s, e] = await Promise.all([wrong, quiet, again]);
  const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
  const list = (counts: Record<string, number>) =>
    Object.entries(counts)
      .map(([k, v]) => `${k} ×${v}`)
      .join(', ');
  const slowest = Math.max(...Object.values(s.secondsToMessage).map((v) => v ?? Infinity));
  const fiveXX = f.byClass['5xx'] ?? 0;
  const rows: Row[] = [
    {
      section: 'Faults',
      measure: 'mock SIGKILLed + restarted while playing: plays again (no reload)',
      value: r.playedAgain ? `yes, ${r.secondsToPlaying!.toFixed(1)} s after the kill` : 'no (30 s)',
      reference: `new mock listening after ${r.restartSeconds.toFixed(1)} s; page noticed after ${r.noticedAfter === null ? '—' : `${r.noticedAfter.toFixed(1)} s`}`,
      goal: `≤ ${RESTART_GOAL} s`,
      met: r.playedAgain && r.secondsToPlaying! <= RESTART_GOAL,
    },
    {
      section: 'Faults',
      measure: 'restart: reconnect attempts (page) / served by the new mock',
      value: `/listen ${r.pageRequests['/listen'] ?? 0}, events ${r.pageRequests['/public/stream/events'] ?? 0}, stream ${r.pageRequests['/public/stream'] ?? 0}`,
      reference: `new mock log: /listen ${r.newMockLog.listen}, events ${r.newMockLog.events}, stream ${r.newMockLog.stream}`,
    },
    {
      section: 'Faults',
      measure: `wrong token (stream + podcast player): requests in ${w.seconds} s`,
      value: `${w.total} (${Object.entries(w.byEndpoint)
        .map(([k, v]) => `${k} ×${v}`)
        .join(', ')})`,
      reference: `last at ${w.lastAt === null ? '—' : `${w.lastAt.toFixed(1)} s`}, then silence; errors shown: ${[...new Set(w.errors)].join(', ') || 'none'}`,
      goal: '2 per stream-player + 1 per podcast-player, then none',
      met: w.total <= 3,
    },
    {
      section: 'Faults',
      measure: `${f.sent} malformed requests: 5xx`,
      value: String(fiveXX),
      reference: `${Object.entries(f.byClass)
        .sort()
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}; then checkToken ${f.checkTokenAfter}, /public/stream ${f.publicAfter}`,
      goal: '0, still answering',
      met: fiveXX === 0 && f.checkTokenAfter === 200 && f.alive,
    },
    {
      section: 'Faults',
      measure: 'silent service (accepts, never answers): seconds to "Cannot reach the service"',
      value: TAGS.map((t) => `${t} ${s.secondsToMessage[t]?.toFixed(1) ?? '—'} s`).join(', '),
      reference: `after the first request: ${TAGS.map((t) => `${s.afterFirstRequest[t]?.toFixed(1) ?? '—'} s`).join(', ')}; at 12 s: ${TAGS.map((t) => `${t} ${s.at12[t]?.state ?? '—'}${s.at12[t]?.message ? ' + message' : ', no message'}`).join('; ')}; ${s.connections} connections`,
      goal: '≤ 12 s each',
      met: slowest <= 12,
    },
    {
      section: 'Faults',
      measure: `invalid JSON from every endpoint (stream + podcast player): requests in ${e.seconds} s`,
      value: `${total(e.invalidJson)} (${list(e.invalidJson)})`,
      reference: `connection refused: ${total(e.refused)} (${list(e.refused)})`,
      goal: '≤ 6 per player',
      met: Math.max(...['/public/stream', '/public/podcasts'].map((p) => (e.invalidJson[p] ?? 0) + (e.invalidJson[`${p}/events`] ?? 0))) <= 6,
    },
  ];
  return { rows, data: { restart: r, wrongToken: w, fuzz: f, silent: s, retries: e } };
}
