/** CORS for what any site's page may fetch: the public widget API and the media files. */
import { cors } from 'hono/cors';

/** `Access-Control-Allow-Origin: *` on every response, and the preflight answer. */
export const publicCors = cors({ origin: '*', allowMethods: ['GET', 'HEAD', 'OPTIONS'], allowHeaders: ['Authorization'], maxAge: 600 });
