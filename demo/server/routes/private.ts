/**
 * The private endpoints of docs/design.md §1: the POST body is read first (the token may be in
 * it), then the private token is verified, then the request is routed (404, or 405 + Allow).
 * Each field is checked at the edge (middleware/validate.ts with fields.ts) before a handler
 * runs.
 */
import { Hono } from 'hono';
import { methodNotAllowed } from 'hono/method-not-allowed';
import { requireToken } from '../auth.ts';
import type { AppEnv } from '../env.ts';
import type { LiveItems } from '../live-items.ts';
import { readBody } from '../middleware/body.ts';
import { notAllowed } from '../respond.ts';
import type { Store } from '../store.ts';
import { accountRoutes, type AccountOptions } from './account.ts';
import { liveItemRoutes } from './live-items.ts';
import { podcastRoutes, type PodcastOptions } from './podcasts.ts';
import { scheduleRoutes } from './schedule.ts';

export interface PrivateApiOptions extends AccountOptions, PodcastOptions {
  /** The live items (addLiveItem, updateLiveItem, deleteLiveItem). */
  liveItems: LiveItems;
}

/** The /private/* endpoints (mount at /private): the account's, the episodes', the live items' and the schedule's. */
export function privateApi(store: Store, { liveItems, ...options }: PrivateApiOptions): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  api.use(
    '*',
    readBody,
    requireToken('private', () => store.tokens),
    methodNotAllowed({ app: api, onMethodNotAllowed: notAllowed() }),
  );
  api.route('/', accountRoutes(store, options));
  api.route('/', podcastRoutes(store, options));
  api.route('/', liveItemRoutes(store, liveItems));
  api.route('/', scheduleRoutes(store));
  return api;
}
