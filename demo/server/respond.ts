/**
 * JSON responses of the mock service: one content type, one error shape
 * (`{error, error_description}`, from ApiFailure), ETags for cacheable public JSON
 * (answered with 304 by middleware/etag.ts).
 */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorCode } from '../../src/api/index.ts';

export const JSON_TYPE = 'application/json; charset=utf-8';
export const NO_STORE = 'no-store';
export const PUBLIC_CACHE = 'public, max-age=5';

/** The status of each error code (the widget retries on 503, whatever the code). */
export const STATUS: Record<ApiErrorCode, ContentfulStatusCode> = {
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

/**
 * An API error: thrown anywhere, answered by the app's one error handler as
 * `{error, error_description}` JSON; `headers` are added to the response.
 */
export class ApiFailure extends HTTPException {
  constructor(
    readonly code: ApiErrorCode,
    readonly description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(STATUS[code], { message: description });
  }

  override getResponse(): Response {
    return jsonResponse({ error: this.code, error_description: this.description }, this.status, this.headers);
  }
}

/** methodNotAllowed's answer: 405 with `Allow`, the methods of the path's routes and `extra`. */
export function notAllowed(extra: string[] = []) {
  return (c: Context, methods: string[]): never => {
    const allow = [...methods, ...extra].join(', ');
    throw new ApiFailure('method_not_allowed', `${c.req.path} accepts ${allow} only.`, { Allow: allow });
  };
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': JSON_TYPE, 'Cache-Control': NO_STORE, ...headers },
  });
}

/** A strong ETag of the exact bytes served. */
export function etagOf(data: string | Uint8Array): string {
  return `"${createHash('sha256').update(data).digest('base64url').slice(0, 27)}"`;
}

/**
 * Cacheable JSON (public API): ETag of the body (the etag middleware answers a matching
 * If-None-Match with 304), `Cache-Control: public, max-age=5`.
 */
export function cacheableJson(body: unknown): Response {
  return cachedJson(jsonEntity(body));
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
export function cachedJson({ text, etag }: JsonEntity, headers: Record<string, string> = {}): Response {
  // A shared cache must not answer a request with another (or no) Bearer token from this entry.
  return new Response(text, {
    headers: { 'Content-Type': JSON_TYPE, ETag: etag, 'Cache-Control': PUBLIC_CACHE, Vary: 'Authorization', ...headers },
  });
}
