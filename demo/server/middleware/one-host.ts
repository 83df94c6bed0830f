/** Refuses a request with more than one Host header: which one URLs would follow is ambiguous (RFC 9112 §3.2). */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env.ts';
import { ApiFailure } from '../respond.ts';

/** How many Host headers Node's raw header list (name, value, name, value …) holds. */
function hostCount(rawHeaders: string[]): number {
  let hosts = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i]!.length === 4 && rawHeaders[i]!.toLowerCase() === 'host') hosts++;
  return hosts;
}

/** Middleware factory: 400 `invalid_request` (and `Connection: close`) for two Host headers. */
export function oneHost(): MiddlewareHandler<AppEnv> {
  return function oneHost(c, next) {
    if (c.env?.incoming && hostCount(c.env.incoming.rawHeaders) > 1) {
      throw new ApiFailure('invalid_request', 'The request carries more than one Host header.', { Connection: 'close' });
    }
    return next();
  };
}
