/**
 * The owner's schedule endpoints (on the private API, routes/private.ts): setSchedule and
 * getSchedule. The fields are checked here (fields.ts); what a schedule means at a moment (the
 * show on air, the coming ones, overlaps) is schedule.ts. A 400 names the field and changes nothing.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../env.ts';
import { fields, requiredText, scheduleShows, text } from '../fields.ts';
import { unknownChannel } from '../live-items.ts';
import { validBody } from '../middleware/validate.ts';
import { ApiFailure, jsonResponse } from '../respond.ts';
import { describeOverlap, isTimeZone, overlap } from '../schedule.ts';
import type { Store } from '../store.ts';
import { scheduleView } from '../views.ts';

export function scheduleRoutes(store: Store): Hono<AppEnv> {
  const channel = v.pipe(
    text(100),
    v.check(
      (id) => store.channel(id) !== undefined,
      (issue) => unknownChannel(store, issue.input as string | undefined),
    ),
  );
  const setInput = fields({
    channel,
    timezone: v.pipe(
      requiredText(100),
      v.check(
        isTimeZone,
        (issue) => `The field {field} must be an IANA time zone such as Europe/Berlin or America/New_York, not "${String(issue.input)}".`,
      ),
    ),
    shows: v.pipe(
      scheduleShows(),
      v.check((shows) => shows !== undefined, 'The field {field} is required: a list of shows ([] for none).'),
      v.rawCheck(({ dataset, addIssue }) => {
        const clash = dataset.typed ? overlap(dataset.value ?? []) : undefined;
        if (clash) addIssue({ message: `The field {field} has ${describeOverlap(clash)}; a show must end before the next one starts.` });
      }),
    ),
  });
  const api = new Hono<AppEnv>();
  api.post('/setSchedule', validBody(setInput), (c) => {
    const { channel: id, timezone, shows } = c.var.input;
    const record = store.channel(id)!;
    store.setSchedule(record.id, { timezone, shows: shows! });
    return jsonResponse(scheduleView(store, record));
  });
  api.get('/getSchedule', (c) => {
    const id = c.req.query('channel');
    const record = store.channel(id);
    if (!record) throw new ApiFailure('invalid_request', unknownChannel(store, id));
    return jsonResponse(scheduleView(store, record));
  });
  return api;
}
