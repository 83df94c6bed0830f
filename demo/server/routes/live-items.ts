/**
 * The owner's live item endpoints (on the private API, routes/private.ts): addLiveItem,
 * updateLiveItem and deleteLiveItem. The fields are checked here (fields.ts); the schedule and
 * what depends on the clock are live-items.ts.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../env.ts';
import { fields, isoTime, requiredText, text } from '../fields.ts';
import { STATUSES, unknownChannel, type LiveItems } from '../live-items.ts';
import { checkBody, validBody } from '../middleware/validate.ts';
import { ApiFailure, jsonResponse } from '../respond.ts';
import type { Store } from '../store.ts';

const byId = fields({ id: requiredText(200) });

/** updateLiveItem's fields, checked once the item is found. */
const changesInput = fields({
  title: v.pipe(
    text(200),
    v.check((title) => title !== '', 'The field {field} must not be empty.'),
  ),
  description: text(5000),
  start: isoTime(),
  end: isoTime(),
  status: v.pipe(
    text(20),
    v.check(
      (status) => status === undefined || (STATUSES as readonly string[]).includes(status),
      (issue) => `The field {field} must be one of ${STATUSES.join(', ')}, not "${String(issue.input)}".`,
    ),
    v.transform((status) => status as (typeof STATUSES)[number] | undefined),
  ),
});

export function liveItemRoutes(store: Store, items: LiveItems): Hono<AppEnv> {
  const addInput = fields({
    title: requiredText(200),
    description: text(5000),
    channel: v.pipe(
      text(100),
      v.check(
        (id) => store.channel(id) !== undefined,
        (issue) => unknownChannel(store, issue.input as string | undefined),
      ),
    ),
    start: isoTime(),
    end: isoTime(),
  });
  const api = new Hono<AppEnv>();
  api.post('/addLiveItem', validBody(addInput), (c) => jsonResponse(items.add(c.var.input), 201));
  api.post('/updateLiveItem', validBody(byId), async (c) => {
    const { id } = c.var.input;
    if (!items.has(id)) throw new ApiFailure('not_found', `There is no live item "${id}".`);
    return jsonResponse(items.update(id, await checkBody(c.var.body, changesInput)));
  });
  api.post('/deleteLiveItem', validBody(byId), (c) => jsonResponse(items.delete(c.var.input.id)));
  return api;
}
