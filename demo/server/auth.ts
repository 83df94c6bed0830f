/**
 * The token contract of docs/design.md §1: where a token may travel (rules 1–3) and how it is
 * verified (rules 4, 7; public API). Extraction is pure and unit-tested; the middlewares
 * only glue it to Hono and the store.
 */
import { hash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { TokenPair } from '../../src/api/index.ts';
import type { PostBody } from './middleware/body.ts';
import type { AppEnv } from './env.ts';
import { ApiFailure } from './respond.ts';

export const REALM = 'castlet';
export const CHALLENGE = `Bearer realm="${REALM}"`;
export const INVALID_TOKEN_CHALLENGE = `Bearer realm="${REALM}", error="invalid_token"`;
const INVALID_REQUEST_CHALLENGE = `Bearer realm="${REALM}", error="invalid_request"`;

/** RFC 6750 §2.1: `Bearer` (any case), one or more spaces, one b64token. */
const BEARER = /^bearer(?: +(.*))?$/i;
const B64TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

export type TokenResult = { kind: 'none' } | { kind: 'token'; token: string } | { kind: 'malformed'; description: string };

/**
 * Reads the Authorization header. Another scheme (`Basic …`) or an empty header carries no
 * bearer token and is ignored, as RFC 6750 §3.1 treats an unsupported method as "no token".
 */
export function parseAuthorization(header: string | null | undefined): TokenResult {
  const value = header?.trim() ?? '';
  const match = BEARER.exec(value);
  if (!match) return { kind: 'none' };
  const credentials = match[1]?.trim() ?? '';
  if (credentials === '') {
    return { kind: 'malformed', description: 'The Authorization header says "Bearer" but carries no token.' };
  }
  if (!B64TOKEN.test(credentials)) {
    return {
      kind: 'malformed',
      description: 'The Authorization header must be "Bearer <token>" with exactly one token.',
    };
  }
  return { kind: 'token', token: credentials };
}

export interface TokenCarriers {
  /** The Authorization header, if any. */
  authorization: string | null | undefined;
  /** Every value of the `token` query parameter. */
  query: readonly string[];
  /** Every value of the `token` body field (POST only). */
  body: readonly unknown[];
}

/**
 * Collects the token from every carrier (rules 1–3): the same token several times counts
 * once; two different tokens, a non-string token or a malformed header is `malformed`.
 */
export function extractToken(carriers: TokenCarriers): TokenResult {
  const header = parseAuthorization(carriers.authorization);
  if (header.kind === 'malformed') return header;
  // The first token seen, and whether another differs (no Set, no array copies: a hot path).
  let token = header.kind === 'token' ? header.token : undefined;
  let different = false;
  for (const values of [carriers.query, carriers.body]) {
    for (const value of values) {
      if (typeof value !== 'string') {
        return { kind: 'malformed', description: 'The token field must be a text string.' };
      }
      if (token === undefined) token = value;
      else if (token !== value) different = true;
    }
  }
  if (different) {
    return { kind: 'malformed', description: 'The request carries two different tokens; send one token once.' };
  }
  return token === undefined ? { kind: 'none' } : { kind: 'token', token };
}

// One call, no Hash object to make: cheaper than createHash().update().digest() on every request.
const sha256 = (s: string) => hash('sha256', s, 'buffer');

/** The account's secrets change only on resetTokens: hash each once (a hot path under load). */
const secretDigests = new Map<string, Buffer>();
function digestOfSecret(secret: string): Buffer {
  let digest = secretDigests.get(secret);
  if (!digest) {
    if (secretDigests.size >= 16) secretDigests.clear();
    secretDigests.set(secret, (digest = sha256(secret)));
  }
  return digest;
}

const matches = (candidateDigest: Buffer, secret: string) => timingSafeEqual(candidateDigest, digestOfSecret(secret)) && secret.length > 0;

/** Constant-time string equality: compares SHA-256 digests, so lengths never leak. */
export function safeEqual(candidate: string, secret: string): boolean {
  return matches(sha256(candidate), secret);
}

/** Which of the account's tokens `candidate` is; both are always compared. */
export function classifyToken(candidate: string, tokens: TokenPair): 'private' | 'public' | 'unknown' {
  const digest = sha256(candidate);
  const isPrivate = matches(digest, tokens.private_token);
  const isPublic = matches(digest, tokens.public_token);
  return isPrivate ? 'private' : isPublic ? 'public' : 'unknown';
}

/** The token carried by a Hono request (header, query, and the POST body already read). */
export function tokenOf(req: Request, body: PostBody): TokenResult {
  // Only the query string is parsed (a hot path: most widget requests carry the token there).
  const q = req.url.indexOf('?');
  return extractToken({
    authorization: req.headers.get('authorization'),
    query: q < 0 ? [] : new URLSearchParams(req.url.slice(q + 1)).getAll('token'),
    body: body.fields.get('token') ?? [],
  });
}

function authFailure(result: TokenResult, role: 'private' | 'public' | 'unknown' | null, audience: 'private' | 'public'): ApiFailure | null {
  if (result.kind === 'malformed') {
    return new ApiFailure('invalid_request', result.description, { 'WWW-Authenticate': INVALID_REQUEST_CHALLENGE });
  }
  if (result.kind === 'none') {
    return new ApiFailure(
      'missing_token',
      audience === 'private'
        ? 'This endpoint needs your private token: send "Authorization: Bearer <private token>", or the token query parameter (GET) or token field (POST).'
        : 'The widget API needs your public token: add ?token=<public token> to the URL.',
      { 'WWW-Authenticate': CHALLENGE },
    );
  }
  if (role === audience) return null;
  if (audience === 'public' && role === 'private') {
    return new ApiFailure(
      'private_token_exposed',
      'This is your PRIVATE token, now published on a web page. Rotate it now in the account console (resetTokens) and give widgets the public token.',
      { 'WWW-Authenticate': INVALID_TOKEN_CHALLENGE },
    );
  }
  return new ApiFailure(
    'invalid_token',
    audience === 'private'
      ? "The token is not this account's private token (the public token only works for widgets). Check it in the account console; it changes when the tokens are reset."
      : "The token is not this account's public token. Check it in the account console; it changes when the tokens are reset.",
    { 'WWW-Authenticate': INVALID_TOKEN_CHALLENGE },
  );
}

/**
 * Middleware factory: lets the request through only with `audience`'s token.
 * `tokens` is read on every request, so a reset takes effect at once.
 */
export function requireToken(audience: 'private' | 'public', tokens: () => TokenPair): MiddlewareHandler<AppEnv> {
  if (audience !== 'private' && audience !== 'public') throw new TypeError(`unknown audience ${String(audience)}`);
  // Not async: no promise of its own per request (compose catches what it throws).
  return function tokenAuth(c, next) {
    const result = tokenOf(c.req.raw, c.get('body'));
    const role = result.kind === 'token' ? classifyToken(result.token, tokens()) : null;
    const failure = authFailure(result, role, audience);
    if (failure) throw failure;
    return next();
  };
}
