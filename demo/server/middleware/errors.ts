/** Every error answer is made here: an ApiFailure's JSON, a plain-text 404 outside the API, or 500 server_error for a bug. */
import type { ErrorHandler, NotFoundHandler } from 'hono';
import { ApiFailure } from '../respond.ts';

/** The plain-text 404 of paths outside the API. */
export function notFoundText(path: string): Response {
  const hint = path === '/castlet.js' ? 'castlet.js is not built yet: run npm run build' : 'Not found.';
  return new Response(`${hint}\n`, { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

/** No route: JSON `not_found` under /private/ and /public/, plain text elsewhere. */
export const notFound: NotFoundHandler = (c) => {
  const api = /^\/(private|public)\//.exec(c.req.path)?.[1];
  return api ? new ApiFailure('not_found', `There is no ${api} endpoint ${c.req.path}.`).getResponse() : notFoundText(c.req.path);
};

/** The app's one error handler: an ApiFailure's own answer; anything else is logged and 500. */
export function errorHandler(log: (line: string) => void): ErrorHandler {
  return function onError(err) {
    if (err instanceof ApiFailure) return err.getResponse();
    log(`error: ${err instanceof Error ? err.message : String(err)}`);
    return new ApiFailure('server_error', 'The mock service failed; see its log.').getResponse();
  };
}
