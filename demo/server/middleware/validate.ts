/**
 * Input checked at the edge: Hono's validator pattern (`validator(target, fn)` → typed, valid
 * data for the handler) for the POST body the private API reads before the token
 * (middleware/body.ts), with valibot schemas (fields.ts). The @hono/*-validator middlewares
 * read the body themselves by one media type ('json' or 'form'); this API takes JSON,
 * urlencoded and multipart alike on every endpoint, and the body is read once, before auth.
 *
 * The first issue is the answer: 400 `invalid_request` with its message, `{field}` replaced by
 * the field's name and `{n}` by a list item's number.
 */
import type { Context, MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../env.ts';
import { ApiFailure } from '../respond.ts';
import type { PostBody } from './body.ts';

type AnySchema = v.GenericSchema | v.GenericSchemaAsync;

/** The env of a handler after validBody: `c.var.input` is the schema's output. */
export interface WithInput<T> {
  Bindings: AppEnv['Bindings'];
  Variables: AppEnv['Variables'] & { input: T };
}

/** The owner-readable description of a schema issue. */
function describe(issue: v.BaseIssue<unknown>): string {
  const path = issue.path ?? [];
  const field = path[0]?.key;
  let index: number | undefined;
  for (const item of path) if (typeof item.key === 'number') index = item.key;
  // The placeholders come before any of the owner's text in a message: the first one is ours.
  let message = issue.message.replace('{field}', String(field));
  if (index !== undefined) message = message.replace('{n}', String(index + 1));
  return message;
}

/** `body`'s fields checked by `schema`: its output, or an ApiFailure (400) naming the field. */
export async function checkBody<S extends AnySchema>(body: PostBody, schema: S): Promise<v.InferOutput<S>> {
  const result = await v.safeParseAsync(schema, Object.fromEntries(body.fields), { abortEarly: true });
  if (result.success) return result.output;
  throw new ApiFailure('invalid_request', describe(result.issues[0]));
}

/**
 * Middleware factory: the body read first, checked by `schema` (or the schema `make` gives for
 * this request: a number in a form body is text, in JSON a number), as `c.var.input`.
 */
export function validBody<S extends AnySchema>(schema: S | ((c: Context<AppEnv>) => S)): MiddlewareHandler<WithInput<v.InferOutput<S>>> {
  return async function validBody(c, next) {
    const body = c.get('body');
    c.set('input', await checkBody(body, typeof schema === 'function' ? schema(c as unknown as Context<AppEnv>) : schema));
    await next();
  };
}
