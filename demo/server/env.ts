import type { PostBody } from './body.ts';

/** Hono environment of the mock: what the middlewares hand to the handlers. */
export interface AppEnv {
  Variables: {
    /** The POST body, read before authentication (EMPTY_BODY for other methods). */
    body: PostBody;
  };
}
