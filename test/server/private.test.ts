/**
 * docs/design.md §1, private endpoints: every token carrier and rule, against the real server.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { PUBLIC_EPISODE_LIMIT } from '../../demo/server/views.ts';
import { call, postJson, PRIVATE, PUBLIC, withServer, type Reply } from '../support/server.ts';

const s = withServer();
const CHALLENGE = 'Bearer realm="castlet"';
const INVALID = 'Bearer realm="castlet", error="invalid_token"';
const u = (path: string) => `${s.url}${path}`;

function multipart(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

function expectApiError(r: Reply, status: number, error: string) {
  expect(r.status).toBe(status);
  expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(r.headers.get('cache-control')).toBe('no-store');
  expect(r.body).toEqual({ error, error_description: expect.any(String) });
  expect(r.body.error_description.length).toBeGreaterThan(10);
}

const expectOk = (r: Reply) => {
  expect(r.status).toBe(200);
  expect(r.body).toEqual({ public_token: PUBLIC, private_token: PRIVATE });
};

describe('carriers (rules 1–2)', () => {
  it.each<[string, () => Promise<Reply>]>([
    ['Bearer header on GET', () => call(u('/private/checkToken'), { headers: { Authorization: `Bearer ${PRIVATE}` } })],
    ['lowercase bearer on GET', () => call(u('/private/checkToken'), { headers: { Authorization: `bearer ${PRIVATE}` } })],
    ['GET query', () => call(u(`/private/checkToken?token=${PRIVATE}`))],
    ['GET query with a Basic header beside it', () => call(u(`/private/checkToken?token=${PRIVATE}`), { headers: { Authorization: 'Basic dTpw' } })],
    ['same token in header and query', () => call(u(`/private/checkToken?token=${PRIVATE}`), { headers: { Authorization: `Bearer ${PRIVATE}` } })],
    ['same token twice in the query', () => call(u(`/private/checkToken?token=${PRIVATE}&token=${PRIVATE}`))],
    [
      'GET body is ignored',
      () => call(u(`/private/checkToken?token=${PRIVATE}`), { method: 'GET', headers: { Authorization: `Bearer ${PRIVATE}` } }),
    ],
  ])('%s → 200', async (_name, request) => expectOk(await request()));

  it.each<[string, () => Promise<Reply>]>([
    ['Bearer header on POST', () => call(u('/private/startServer'), { method: 'POST', headers: { Authorization: `Bearer ${PRIVATE}` } })],
    ['BEARER header on POST', () => call(u('/private/startServer'), { method: 'POST', headers: { Authorization: `BEARER ${PRIVATE}` } })],
    ['POST JSON field', () => postJson(u('/private/startServer'), { token: PRIVATE })],
    ['POST urlencoded field', () => call(u('/private/startServer'), { method: 'POST', body: new URLSearchParams({ token: PRIVATE }) })],
    ['POST multipart field', () => call(u('/private/startServer'), { method: 'POST', body: multipart({ token: PRIVATE }) })],
    ['POST query', () => call(u(`/private/startServer?token=${PRIVATE}`), { method: 'POST' })],
    ['POST JSON + header, same token', () => postJson(u('/private/startServer'), { token: PRIVATE }, { Authorization: `Bearer ${PRIVATE}` })],
    [
      'POST urlencoded twice, same token',
      () =>
        call(u('/private/startServer'), {
          method: 'POST',
          body: `token=${PRIVATE}&token=${PRIVATE}`,
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        }),
    ],
    [
      'POST JSON with charset',
      () =>
        call(u('/private/startServer'), {
          method: 'POST',
          body: JSON.stringify({ token: PRIVATE }),
          headers: { 'Content-Type': 'application/json; charset=utf-8' },
        }),
    ],
  ])('%s → 200', async (_name, request) => {
    const r = await request();
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ streaming_server_ready: 1 });
  });
});

describe('malformed and conflicting tokens (rules 1, 3) → 400 invalid_request', () => {
  it.each<[string, () => Promise<Reply>]>([
    ['"Bearer" alone', () => call(u('/private/checkToken'), { headers: { Authorization: 'Bearer' } })],
    ['"Bearer " with spaces only', () => call(u('/private/checkToken'), { headers: { Authorization: 'Bearer    ' } })],
    ['two tokens in the header', () => call(u('/private/checkToken'), { headers: { Authorization: `Bearer ${PRIVATE} ${PUBLIC}` } })],
    ['header and query differ', () => call(u(`/private/checkToken?token=${PUBLIC}`), { headers: { Authorization: `Bearer ${PRIVATE}` } })],
    ['query twice, different', () => call(u(`/private/checkToken?token=${PRIVATE}&token=${PUBLIC}`))],
    ['query twice, one empty', () => call(u(`/private/checkToken?token=${PRIVATE}&token=`))],
    ['JSON body vs query', () => postJson(u(`/private/startServer?token=${PRIVATE}`), { token: PUBLIC })],
    [
      'urlencoded twice, different',
      () =>
        call(u('/private/startServer'), {
          method: 'POST',
          body: `token=${PRIVATE}&token=x`,
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        }),
    ],
    [
      'multipart vs header',
      () => call(u('/private/startServer'), { method: 'POST', body: multipart({ token: 'other' }), headers: { Authorization: `Bearer ${PRIVATE}` } }),
    ],
    ['JSON number token', () => postJson(u('/private/startServer'), { token: 12345 })],
    ['JSON array token', () => postJson(u('/private/startServer'), { token: [PRIVATE] })],
    ['JSON null token', () => postJson(u('/private/startServer'), { token: null })],
    ['JSON body is an array', () => postJson(u('/private/startServer'), [{ token: PRIVATE }])],
    ['JSON body is a string', () => postJson(u('/private/startServer'), PRIVATE)],
    ['JSON body is null', () => postJson(u('/private/startServer'), null)],
    [
      'malformed JSON',
      () => call(u('/private/startServer'), { method: 'POST', body: '{"token": ', headers: { 'Content-Type': 'application/json' } }),
    ],
    [
      'JSON that is not UTF-8',
      () =>
        call(u('/private/startServer'), {
          method: 'POST',
          body: new Uint8Array([0x7b, 0xff, 0x7d]),
          headers: { 'Content-Type': 'application/json' },
        }),
    ],
    [
      'multipart without a boundary',
      () => call(u('/private/startServer'), { method: 'POST', body: 'x', headers: { 'Content-Type': 'multipart/form-data' } }),
    ],
  ])('%s', async (_name, request) => {
    expectApiError(await request(), 400, 'invalid_request');
  });

  it('a malformed header wins over a valid query token', async () => {
    expectApiError(await call(u(`/private/checkToken?token=${PRIVATE}`), { headers: { Authorization: 'Bearer' } }), 400, 'invalid_request');
  });
});

describe('missing and invalid tokens (rule 4) → 401', () => {
  it.each<[string, () => Promise<Reply>]>([
    ['no token at all (GET)', () => call(u('/private/checkToken'))],
    ['no token at all (POST)', () => call(u('/private/startServer'), { method: 'POST' })],
    ['only a Basic header', () => call(u('/private/checkToken'), { headers: { Authorization: 'Basic dXNlcjpwYXNz' } })],
    ['JSON body without token', () => postJson(u('/private/setNowPlaying'), { title: 'x' })],
    ['token only in a GET body', () => call(u('/private/checkToken?x=1'), { method: 'GET' })],
  ])('%s → missing_token with a bare challenge', async (_name, request) => {
    const r = await request();
    expectApiError(r, 401, 'missing_token');
    expect(r.headers.get('www-authenticate')).toBe(CHALLENGE);
  });

  it.each<[string, () => Promise<Reply>]>([
    [
      'unknown token in the header',
      () => call(u('/private/checkToken'), { headers: { Authorization: 'Bearer 00000000-0000-0000-0000-000000000000' } }),
    ],
    ['unknown token in the query', () => call(u('/private/checkToken?token=nope'))],
    ['empty query token', () => call(u('/private/checkToken?token='))],
    ['empty JSON token', () => postJson(u('/private/startServer'), { token: '' })],
    ['the public token (header)', () => call(u('/private/checkToken'), { headers: { Authorization: `Bearer ${PUBLIC}` } })],
    ['the public token (query)', () => call(u(`/private/accountInfo?token=${PUBLIC}`))],
    ['the public token (form)', () => call(u('/private/resetTokens'), { method: 'POST', body: new URLSearchParams({ token: PUBLIC }) })],
    ['the private token in upper case', () => call(u(`/private/checkToken?token=${PRIVATE.toUpperCase()}`))],
    ['the private token with a suffix', () => call(u(`/private/checkToken?token=${PRIVATE}0`))],
    ['a huge token', () => call(u(`/private/checkToken?token=${'a'.repeat(6000)}`))],
  ])('%s → invalid_token with error="invalid_token"', async (_name, request) => {
    const r = await request();
    expectApiError(r, 401, 'invalid_token');
    expect(r.headers.get('www-authenticate')).toBe(INVALID);
  });
});

describe('a GET body is ignored (rule 2)', () => {
  it.each([
    ['application/json', JSON.stringify({ token: PRIVATE })],
    ['application/x-www-form-urlencoded', `token=${PRIVATE}`],
  ])('a token in a %s GET body does not authenticate', async (type, body) => {
    const head = await new Promise<string>((resolve, reject) => {
      const socket = connect(s.server.port, '127.0.0.1', () =>
        socket.write(
          `GET /private/checkToken HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: ${type}\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
        ),
      );
      let data = '';
      socket.on('data', (d) => (data += d));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(head).toMatch(/^HTTP\/1\.1 401 /);
    expect(head).toContain('"missing_token"');
  });
});

describe('bodies (rule 5)', () => {
  const big = 'x'.repeat(1024 * 1024 + 10);

  it('over 1 MiB with Content-Length → 413', async () => {
    const r = await call(u('/private/addPodcast'), {
      method: 'POST',
      body: JSON.stringify({ token: PRIVATE, title: big }),
      headers: { 'Content-Type': 'application/json' },
    });
    expectApiError(r, 413, 'payload_too_large');
  });

  it('over 1 MiB streamed without Content-Length (chunked) → 413', async () => {
    const chunk = new TextEncoder().encode('y'.repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 20) return controller.close();
        sent++;
        controller.enqueue(chunk);
      },
    });
    const r = await call(u(`/private/addPodcast?token=${PRIVATE}`), {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      duplex: 'half',
    } as RequestInit);
    expectApiError(r, 413, 'payload_too_large');
  });

  it('exactly 1 MiB is accepted', async () => {
    const prefix = `token=${PRIVATE}&pad=`;
    const body = prefix + 'z'.repeat(1024 * 1024 - prefix.length);
    const r = await call(u('/private/checkToken'), { method: 'POST', body, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(r.status).toBe(405); // authenticated from the body, then routed: checkToken is GET only
  });

  it.each([
    ['text/plain', 'token=x'],
    ['application/xml', '<token/>'],
    ['', 'token=x'],
  ])('a %j body → 415', async (type, body) => {
    const r = await call(u('/private/startServer'), {
      method: 'POST',
      body: new TextEncoder().encode(body),
      headers: type ? { 'Content-Type': type } : {},
    });
    expectApiError(r, 415, 'unsupported_media_type');
  });

  it('a POST without a body is fine', async () => {
    const r = await call(u('/private/startServer'), { method: 'POST', headers: { Authorization: `Bearer ${PRIVATE}` } });
    expect(r.status).toBe(200);
  });

  it('an empty JSON body is fine', async () => {
    const r = await call(u('/private/startServer'), {
      method: 'POST',
      body: '',
      headers: { Authorization: `Bearer ${PRIVATE}`, 'Content-Type': 'application/json' },
    });
    expect(r.status).toBe(200);
  });
});

describe('authentication before routing (rule 5)', () => {
  it.each(['/private/nope', '/private/', '/private/checkToken/extra', '/private/__proto__', '/private/constructor'])(
    '%s: 401 without a token, 404 with one',
    async (path) => {
      expectApiError(await call(u(path)), 401, 'missing_token');
      expectApiError(await call(u(path), { headers: { Authorization: 'Bearer wrong' } }), 401, 'invalid_token');
      expectApiError(await call(u(path), { headers: { Authorization: `Bearer ${PRIVATE}` } }), 404, 'not_found');
    },
  );

  it.each([
    ['POST', '/private/checkToken', 'GET, HEAD'],
    ['POST', '/private/accountInfo', 'GET, HEAD'],
    ['POST', '/private/podcasts', 'GET, HEAD'],
    ['GET', '/private/startServer', 'POST'],
    ['GET', '/private/resetTokens', 'POST'],
    ['DELETE', '/private/deletePodcast', 'POST'],
    ['PUT', '/private/setNowPlaying', 'POST'],
  ])('%s %s: 401 without a token, 405 + Allow with one', async (method, path, allow) => {
    expectApiError(await call(u(path), { method }), 401, 'missing_token');
    const r = await call(u(path), { method, headers: { Authorization: `Bearer ${PRIVATE}` } });
    expectApiError(r, 405, 'method_not_allowed');
    expect(r.headers.get('allow')).toBe(allow);
  });

  it('HEAD works where GET does', async () => {
    const r = await fetch(u('/private/checkToken'), { method: 'HEAD', headers: { Authorization: `Bearer ${PRIVATE}` } });
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
  });
});

describe('endpoints', () => {
  const auth = { Authorization: `Bearer ${PRIVATE}` };

  it('every private success is JSON and no-store', async () => {
    for (const path of ['/private/checkToken', '/private/accountInfo', '/private/podcasts']) {
      const r = await call(u(path), { headers: auth });
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(r.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('accountInfo: account, server and channels', async () => {
    const r = await call(u('/private/accountInfo'), { headers: auth });
    expect(r.body).toEqual({
      name: 'Castlet Demo Radio',
      email: expect.any(String),
      public_token: PUBLIC,
      streaming_server_ready: 1,
      channels: [
        expect.objectContaining({
          id: 'main',
          name: expect.any(String),
          genre: expect.any(String),
          description: expect.any(String),
          mountpoint: 'live',
          stream_url: `${s.url}/listen/live`,
          listeners: expect.any(Number),
        }),
        // The second station (its own loop); the first stays the default.
        expect.objectContaining({ id: 'signal', mountpoint: 'signal', stream_url: `${s.url}/listen/signal` }),
      ],
    });
  });

  it('podcasts: the seeded episodes, newest first, 2+ minutes, 3+ chapters', async () => {
    const r = await call(u('/private/podcasts'), { headers: auth });
    const episodes = r.body.episodes as { id: string; published_at: string; duration: number; chapters: unknown[]; audio_url: string }[];
    expect(episodes.length).toBeGreaterThanOrEqual(3);
    const times = episodes.map((e) => Date.parse(e.published_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const e of episodes) {
      expect(e.duration).toBeGreaterThanOrEqual(120);
      expect(e.chapters.length).toBeGreaterThanOrEqual(3);
      expect(e.audio_url).toBe(`${s.url}/media/${e.id}.mp3`);
    }
  });

  it('stopServer then startServer flip streaming_server_ready', async () => {
    const stop = await call(u('/private/stopServer'), { method: 'POST', headers: auth });
    expect(stop.body).toEqual({ streaming_server_ready: 0 });
    expect((await call(u('/private/accountInfo'), { headers: auth })).body.streaming_server_ready).toBe(0);
    const start = await call(u('/private/startServer'), { method: 'POST', headers: auth });
    expect(start.body).toEqual({ streaming_server_ready: 1 });
    expect((await call(u('/private/accountInfo'), { headers: auth })).body.streaming_server_ready).toBe(1);
  });

  it('setNowPlaying: the new track is current, the previous goes into history', async () => {
    const before = (await call(u(`/public/stream?token=${PUBLIC}`))).body;
    const r = await postJson(u('/private/setNowPlaying'), {
      token: PRIVATE,
      title: 'New Song',
      artist: 'Someone',
      artwork_url: 'https://example.com/a.png',
    });
    expect(r.status).toBe(200);
    expect(r.body.now_playing).toMatchObject({ title: 'New Song', artist: 'Someone', artwork_url: 'https://example.com/a.png' });
    const after = (await call(u(`/public/stream?token=${PUBLIC}`))).body;
    expect(after.now_playing).toMatchObject({ title: 'New Song', artist: 'Someone' });
    expect(after.history[0]).toEqual(before.now_playing);
  });

  it.each<[string, Record<string, unknown>]>([
    ['title only (form)', { title: 'Form Song' }],
    ['explicit channel', { title: 'Main Song', channel: 'main' }],
  ])('setNowPlaying %s → 200', async (_n, fields) => {
    const r = await call(u('/private/setNowPlaying'), { method: 'POST', headers: auth, body: new URLSearchParams(fields as Record<string, string>) });
    expect(r.status).toBe(200);
    expect(r.body.channel).toBe('main');
  });

  it.each<[string, Record<string, unknown>, number, string]>([
    ['no title', { artist: 'x' }, 400, 'invalid_request'],
    ['empty title', { title: '  ' }, 400, 'invalid_request'],
    ['numeric title', { title: 5 }, 400, 'invalid_request'],
    ['title too long', { title: 'x'.repeat(201) }, 400, 'invalid_request'],
    ['artist not text', { title: 'a', artist: ['b'] }, 400, 'invalid_request'],
    ['artwork_url not a URL', { title: 'a', artwork_url: 'javascript:alert(1)' }, 400, 'invalid_request'],
    ['channel not text', { title: 'a', channel: 1 }, 400, 'invalid_request'],
    ['unknown channel', { title: 'a', channel: 'nope' }, 404, 'not_found'],
  ])('setNowPlaying with %s → %i', async (_n, fields, status, error) => {
    expectApiError(await postJson(u('/private/setNowPlaying'), { token: PRIVATE, ...fields }), status, error);
  });

  it('addPodcast (JSON): 201 the episode, first in the lists, audio served', async () => {
    const chapters = [
      { start: 20, title: 'Two' },
      { start: 0, title: 'One' },
    ];
    const r = await postJson(u('/private/addPodcast'), { token: PRIVATE, title: 'Fresh', description: 'New one', chapters, duration: 30 });
    expect(r.status).toBe(201);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.body).toMatchObject({
      title: 'Fresh',
      description: 'New one',
      chapters: [
        { start: 0, title: 'One' },
        { start: 20, title: 'Two' },
      ],
    });
    expect(r.body.duration).toBeGreaterThanOrEqual(30);
    expect(r.body.duration).toBeLessThan(32);
    const list = await call(u('/private/podcasts'), { headers: auth });
    expect(list.body.episodes[0].id).toBe(r.body.id);
    const feed = await call(u(`/public/podcasts?token=${PUBLIC}`));
    expect(feed.body.episodes[0].id).toBe(r.body.id);
    const audio = await fetch(r.body.audio_url);
    expect(audio.status).toBe(200);
    expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(30 * 3000);
  });

  it.each<[string, Record<string, string>]>([
    ['urlencoded', { title: 'Form ep', chapters: '[{"start":0,"title":"Only"}]' }],
    ['multipart', { title: 'Multipart ep', chapters: '[{"start":0,"title":"Only"}]', duration: '15' }],
  ])('addPodcast (%s) with chapters as a JSON string → 201', async (kind, fields) => {
    const body = kind === 'multipart' ? multipart(fields) : new URLSearchParams(fields);
    const r = await call(u('/private/addPodcast'), { method: 'POST', headers: auth, body });
    expect(r.status).toBe(201);
    expect(r.body.chapters).toEqual([{ start: 0, title: 'Only' }]);
  });

  it('addPodcast without chapters or duration: a 2-minute generated episode', async () => {
    const r = await postJson(u('/private/addPodcast'), { token: PRIVATE, title: 'Default' });
    expect(r.status).toBe(201);
    expect(r.body.chapters).toEqual([]);
    expect(Math.round(r.body.duration)).toBeGreaterThanOrEqual(120);
    await postJson(u('/private/deletePodcast'), { token: PRIVATE, id: r.body.id });
  });

  it('takes a 500-episode feed (generated audio shared per length); the public feed lists the newest PUBLIC_EPISODE_LIMIT', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 500; i += 25) {
      const batch = await Promise.all(
        Array.from({ length: 25 }, (_, j) =>
          postJson(u('/private/addPodcast'), { token: PRIVATE, title: `Bulk ${i + j}`, duration: 60 + ((i + j) % 3) }),
        ),
      );
      for (const r of batch) {
        expect(r.status).toBe(201);
        ids.push(r.body.id);
      }
    }
    const feed = await call(u(`/public/podcasts?token=${PUBLIC}`));
    expect(feed.body.episodes.length).toBe(PUBLIC_EPISODE_LIMIT);
    expect(feed.body.episodes[0].title).toBe('Bulk 499');
    const all = await call(u(`/private/podcasts?token=${PRIVATE}`));
    expect(all.body.episodes.length).toBeGreaterThanOrEqual(503);
    await Promise.all(ids.map((id) => postJson(u('/private/deletePodcast'), { token: PRIVATE, id })));
  }, 30_000);

  it.each<[string, Record<string, unknown>]>([
    ['no title', { description: 'x' }],
    ['title not text', { title: 42 }],
    ['description too long', { title: 'a', description: 'd'.repeat(5001) }],
    ['chapters not an array', { title: 'a', chapters: { start: 0 } }],
    ['chapters not JSON', { title: 'a', chapters: '[{' }],
    ['chapter without title', { title: 'a', chapters: [{ start: 0 }] }],
    ['chapter with negative start', { title: 'a', chapters: [{ start: -1, title: 'x' }] }],
    ['chapter start as a string', { title: 'a', chapters: [{ start: '5', title: 'x' }] }],
    ['chapter after the end', { title: 'a', duration: 20, chapters: [{ start: 30, title: 'x' }] }],
    ['duration too short', { title: 'a', duration: 1 }],
    ['duration too long', { title: 'a', duration: 99999 }],
    ['duration as text in JSON', { title: 'a', duration: '60' }],
    ['duration not finite', { title: 'a', duration: 'Infinity' }],
  ])('addPodcast with %s → 400 with a helpful description', async (_n, fields) => {
    const r = await postJson(u('/private/addPodcast'), { token: PRIVATE, ...fields });
    expectApiError(r, 400, 'invalid_request');
  });

  it('addPodcast with a field given twice → 400', async () => {
    const r = await call(u('/private/addPodcast'), {
      method: 'POST',
      headers: auth,
      body: new URLSearchParams([
        ['title', 'a'],
        ['title', 'b'],
      ]),
    });
    expectApiError(r, 400, 'invalid_request');
  });

  it('deletePodcast: 200, then gone (404 on the file and a second delete)', async () => {
    const added = await postJson(u('/private/addPodcast'), { token: PRIVATE, title: 'Doomed', duration: 10 });
    const r = await postJson(u('/private/deletePodcast'), { token: PRIVATE, id: added.body.id });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ deleted: added.body.id });
    expect((await fetch(added.body.audio_url)).status).toBe(404);
    expectApiError(await postJson(u('/private/deletePodcast'), { token: PRIVATE, id: added.body.id }), 404, 'not_found');
  });

  it.each<[string, Record<string, unknown>, number, string]>([
    ['unknown id', { id: 'ep-999' }, 404, 'not_found'],
    ['no id', {}, 400, 'invalid_request'],
    ['numeric id', { id: 3 }, 400, 'invalid_request'],
  ])('deletePodcast with %s → %i', async (_n, fields, status, error) => {
    expectApiError(await postJson(u('/private/deletePodcast'), { token: PRIVATE, ...fields }), status, error);
  });
});
