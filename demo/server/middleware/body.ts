/**
 * Reading a POST body before authentication (the token may be in it), docs/design.md §1 rule 5:
 * at most 1 MiB (413), JSON object / urlencoded / multipart only (415), well-formed (400).
 */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../env.ts';
import { ApiFailure } from '../respond.ts';

export const BODY_LIMIT = 1024 * 1024;

/** The fields of a POST body; every name maps to all its values, in order. */
export interface PostBody {
  /** `none`: no body; `json`: values keep their JSON types; `form`: values are strings or Files. */
  kind: 'none' | 'json' | 'form';
  fields: Map<string, unknown[]>;
}

export const EMPTY_BODY: PostBody = Object.freeze({ kind: 'none', fields: new Map() }) as PostBody;

const ACCEPTED = 'Send the POST data as application/json, application/x-www-form-urlencoded or multipart/form-data.';

const limitBody = bodyLimit({
  maxSize: BODY_LIMIT,
  onError() {
    throw tooLarge(BODY_LIMIT);
  },
});

/**
 * Middleware: a POST's body, at most BODY_LIMIT bytes, parsed into the `body` variable;
 * the body of any other method is ignored (EMPTY_BODY).
 */
export const readBody: MiddlewareHandler<AppEnv> = function readBody(c, next) {
  if (c.req.method !== 'POST') {
    c.set('body', EMPTY_BODY);
    return next();
  }
  return readPost(c, next);
};

/** readBody for a POST (the other methods take no promise of their own: a hot path). */
const readPost: MiddlewareHandler<AppEnv> = async function readPost(c, next) {
  try {
    await limitBody(c, async () => {
      c.set('body', await readPostBody(c.req.raw));
      await next();
    });
  } catch (err) {
    throw err instanceof ApiFailure ? err : new ApiFailure('invalid_request', 'The request body could not be read completely.');
  }
};

/** Parses `req`'s body (within the limit); throws ApiFailure on bad input. */
export async function readPostBody(req: Request): Promise<PostBody> {
  const bytes = new Uint8Array(await req.arrayBuffer());
  if (bytes.byteLength === 0) return EMPTY_BODY;
  return parseBody(bytes, req.headers.get('content-type'));
}

/** Parses a non-empty body by its media type. */
export async function parseBody(bytes: Uint8Array, contentType: string | null): Promise<PostBody> {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  switch (type) {
    case 'application/json':
      return { kind: 'json', fields: jsonFields(bytes) };
    case 'application/x-www-form-urlencoded':
      return { kind: 'form', fields: groupEntries(new URLSearchParams(decodeUtf8(bytes))) };
    case 'multipart/form-data':
      return { kind: 'form', fields: groupEntries(await multipartEntries(bytes, contentType!)) };
    case '':
      throw new ApiFailure('unsupported_media_type', `The request has a body but no Content-Type. ${ACCEPTED}`);
    default:
      throw new ApiFailure('unsupported_media_type', `Content-Type ${type} is not accepted. ${ACCEPTED}`);
  }
}

function jsonFields(bytes: Uint8Array): Map<string, unknown[]> {
  let value: unknown;
  try {
    value = JSON.parse(decodeUtf8(bytes));
  } catch {
    throw new ApiFailure('invalid_request', 'The request body is not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiFailure('invalid_request', 'The JSON request body must be an object, like {"title": "…"}.');
  }
  const fields = new Map(Object.entries(value).map(([name, v]) => [name, [v]]));
  // JSON.parse keeps the last of two equal keys: a key given twice keeps every value, so
  // {"token":"a","token":"b"} is two different tokens (400) as in a form body.
  for (const [name, values] of repeatedKeys(decodeUtf8(bytes))) fields.set(name, values);
  return fields;
}

/**
 * The top-level keys of a valid JSON object text that occur more than once, with all their
 * values in order. One pass over the text: strings are skipped whole, depth is counted.
 */
export function repeatedKeys(text: string): Map<string, unknown[]> {
  const seen = new Map<string, unknown[]>();
  let depth = 0;
  let key: string | undefined;
  let valueStart = -1;
  const endValue = (end: number) => {
    if (key === undefined) return;
    const list = seen.get(key) ?? [];
    list.push(JSON.parse(text.slice(valueStart, end)));
    seen.set(key, list);
    key = undefined;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') {
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      if (depth === 1 && key === undefined && valueStart < 0) {
        key = JSON.parse(text.slice(i, end + 1)) as string;
      }
      i = end;
    } else if (ch === ':' && depth === 1) {
      valueStart = i + 1;
    } else if (ch === '{' || ch === '[') {
      depth++;
    } else if ((ch === '}' || ch === ']') && --depth === 0) {
      endValue(i);
    } else if (ch === ',' && depth === 1) {
      endValue(i);
      valueStart = -1;
    }
  }
  for (const [name, values] of seen) if (values.length < 2) seen.delete(name);
  return seen;
}

async function multipartEntries(bytes: Uint8Array, contentType: string): Promise<Iterable<[string, unknown]>> {
  try {
    const form = await new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { 'Content-Type': contentType } }).formData();
    return form.entries();
  } catch {
    throw new ApiFailure('invalid_request', 'The multipart/form-data body is malformed (check the boundary).');
  }
}

function groupEntries(entries: Iterable<[string, unknown]>): Map<string, unknown[]> {
  const fields = new Map<string, unknown[]>();
  for (const [name, value] of entries) {
    const list = fields.get(name);
    if (list) list.push(value);
    else fields.set(name, [value]);
  }
  return fields;
}

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ApiFailure('invalid_request', 'The request body is not valid UTF-8 text.');
  }
}

function tooLarge(limit: number): ApiFailure {
  // The rest of the body is not read: the connection cannot be reused.
  return new ApiFailure('payload_too_large', `The request body is larger than ${limit / 1024 / 1024} MiB.`, {
    Connection: 'close',
  });
}
