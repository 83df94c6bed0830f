import type { HttpBindings } from '@hono/node-server';
import type { PostBody } from './middleware/body.ts';

/** Hono environment of the mock: what the middlewares hand to the handlers, and Node's request and response. */
export interface AppEnv {
  Bindings: HttpBindings;
  Variables: {
    /** The POST body, read before authentication (EMPTY_BODY for other methods). */
    body: PostBody;
  };
}
