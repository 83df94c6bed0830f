/**
 * JSON responses of the mock service: one content type, one error shape
 * (`{error, error_description}`), ETags for cacheable public JSON.
 */
import { createHash } from 'node:crypto';
import type { ApiErrorCode } from '../../src/internal/api-types.ts';

export const JSON_TYPE = 'application/json; charset=utf-8';
export const NO_STORE = 'no-store';
export const PUBLIC_CACHE = 'public, max-age=5';

/** The status of each error code (the widget retries on 503, whatever the code). */
export const STATUS: Record<ApiErrorCode, number> = {
  missing_token: 401,
  invalid_token: 401,
  private_token_exposed: 401,
  invalid_request: 400,
  not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  unsupported_media_type: 415,
  server_offline: 503,
  range_not_satisfiable: 416,
  server_busy: 503,
  too_many_connections: 503,
  server_error: 500,
};

/** An error the handlers can throw or return; `headers` are added to the response. */
export class ApiFailure extends Error {
  constructor(
    readonly code: ApiErrorCode,
    readonly description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
  }
}

export function jsonResponse(
  body: unknown,
  status = 200,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': JSON_TYPE, 'Cache-Control': NO_STORE, ...headers },
  });
}

export function errorResponse(failure: ApiFailure, headers: Record<string, string> = {}): Response {
  return jsonResponse(
    { error: failure.code, error_description: failure.description },
    STATUS[failure.code],
    { ...failure.headers, ...headers },
  );
}

/** A strong ETag of the exact bytes served. */
export function etagOf(data: string | Uint8Array): string {
  return `"${createHash('sha256').update(data).digest('base64url').slice(0, 27)}"`;
}

/** True when an If-None-Match header matches `etag` (weak comparison, RFC 9110 §13.1.2). */
export function matchesIfNoneMatch(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/**
 * Cacheable JSON (public API): ETag of the body, 304 on a matching If-None-Match,
 * `Cache-Control: public, max-age=5`.
 */
export function cacheableJson(body: unknown, ifNoneMatch: string | null | undefined): Response {
  return cachedJson(jsonEntity(body), ifNoneMatch);
}

/** A JSON body and its ETag, computed once where the same body is served many times. */
export interface JsonEntity {
  text: string;
  etag: string;
}

export function jsonEntity(body: unknown): JsonEntity {
  const text = JSON.stringify(body);
  return { text, etag: etagOf(text) };
}

/** cacheableJson of an entity computed before. */
export function cachedJson(
  { text, etag }: JsonEntity,
  ifNoneMatch: string | null | undefined,
  headers: Record<string, string> = {},
): Response {
  // A shared cache must not answer a request with another (or no) Bearer token from this entry.
  const common = { ETag: etag, 'Cache-Control': PUBLIC_CACHE, Vary: 'Authorization', ...headers };
  if (matchesIfNoneMatch(ifNoneMatch, etag)) return new Response(null, { status: 304, headers: common });
  return new Response(text, { status: 200, headers: { 'Content-Type': JSON_TYPE, ...common } });
}
