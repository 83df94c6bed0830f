/** Unit tests of token extraction and comparison (demo/server/auth.ts). */
import { timingSafeEqual } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';

vi.mock('node:crypto', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:crypto')>();
  return { ...real, timingSafeEqual: vi.fn(real.timingSafeEqual) };
});
// The server project shares modules between files (vitest.config.ts `isolate: false`): auth.ts
// may already be loaded with the real crypto, so it is loaded again, with the mock above.
vi.resetModules();
const { classifyToken, extractToken, parseAuthorization, safeEqual } = await import('../../demo/server/auth.ts');

const T = '6b1f3c2e-8d4a-4f7b-9e21-5a0c7d9e3f48';
const U = '97824ed0-ee56-4d2c-ba29-efbcb76794c5';

describe('parseAuthorization', () => {
  it.each([
    [`Bearer ${T}`, T],
    [`bearer ${T}`, T],
    [`BEARER ${T}`, T],
    [`Bearer   ${T}  `, T],
    ['Bearer abc+/=', 'abc+/='],
  ])('%j carries a token', (header, token) => {
    expect(parseAuthorization(header)).toEqual({ kind: 'token', token });
  });

  it.each([null, undefined, '', '   ', 'Basic dXNlcjpwYXNz', 'Token abc', 'Bearerabc'])('%j carries no bearer token', (header) => {
    expect(parseAuthorization(header)).toEqual({ kind: 'none' });
  });

  it.each(['Bearer', 'Bearer ', 'Bearer a b', `Bearer ${T}, Bearer ${U}`, 'Bearer a,b', 'Bearer "abc"', 'Bearer =abc'])(
    '%j is malformed',
    (header) => {
      expect(parseAuthorization(header).kind).toBe('malformed');
    },
  );
});

describe('extractToken', () => {
  const none = { authorization: null, query: [], body: [] };

  it.each([
    ['header', { ...none, authorization: `Bearer ${T}` }],
    ['query', { ...none, query: [T] }],
    ['body', { ...none, body: [T] }],
    ['header + same query', { ...none, authorization: `Bearer ${T}`, query: [T] }],
    ['same query twice', { ...none, query: [T, T] }],
    ['all three, same token', { authorization: `bearer ${T}`, query: [T], body: [T, T] }],
  ])('%s → the token', (_name, carriers) => {
    expect(extractToken(carriers)).toEqual({ kind: 'token', token: T });
  });

  it('no carrier → none', () => {
    expect(extractToken(none)).toEqual({ kind: 'none' });
  });

  it('an empty token is still a token (and will be invalid)', () => {
    expect(extractToken({ ...none, query: [''] })).toEqual({ kind: 'token', token: '' });
  });

  it.each([
    ['header vs query', { ...none, authorization: `Bearer ${T}`, query: [U] }],
    ['query twice, different', { ...none, query: [T, U] }],
    ['query vs body', { ...none, query: [T], body: [U] }],
    ['empty vs real', { ...none, query: ['', T] }],
    ['number in body', { ...none, body: [42] }],
    ['array in body', { ...none, body: [[T]] }],
    ['null in body', { ...none, body: [null] }],
    ['object in body', { ...none, body: [{ token: T }] }],
    ['malformed header beside a good query', { ...none, authorization: 'Bearer', query: [T] }],
  ])('%s → malformed', (_name, carriers) => {
    expect(extractToken(carriers).kind).toBe('malformed');
  });
});

describe('safeEqual', () => {
  it('compares equal and different strings of any length', () => {
    expect(safeEqual(T, T)).toBe(true);
    expect(safeEqual(T, U)).toBe(false);
    expect(safeEqual('', T)).toBe(false);
    expect(safeEqual(T.slice(0, 10), T)).toBe(false);
    expect(safeEqual(T + 'x', T)).toBe(false);
    expect(safeEqual('x'.repeat(100_000), T)).toBe(false);
    expect(safeEqual('', '')).toBe(false);
  });

  it('goes through crypto.timingSafeEqual on equal-length buffers, never ===', () => {
    const spy = vi.mocked(timingSafeEqual);
    spy.mockClear();
    expect(safeEqual('short', T)).toBe(false);
    expect(spy).toHaveBeenCalledTimes(1);
    const [a, b] = spy.mock.calls[0]!;
    expect((a as Buffer).length).toBe(32);
    expect((b as Buffer).length).toBe(32);
  });
});

describe('classifyToken', () => {
  const pair = { private_token: T, public_token: U };
  it.each([
    [T, 'private'],
    [U, 'public'],
    ['', 'unknown'],
    [T.toUpperCase(), 'unknown'],
    ['nope', 'unknown'],
  ])('%j is %s', (candidate, role) => {
    expect(classifyToken(candidate, pair)).toBe(role);
  });

  it('compares against both tokens in constant time, whatever matches', () => {
    const spy = vi.mocked(timingSafeEqual);
    for (const candidate of [T, U, 'nope']) {
      spy.mockClear();
      classifyToken(candidate, pair);
      expect(spy).toHaveBeenCalledTimes(2);
    }
  });
});
