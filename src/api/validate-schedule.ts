/**
 * The validator of /public/stream's `schedule` (`StreamSchedule`, ./types.ts). A module of its
 * own that imports nothing: <stream-player> checks the schedule in its on-demand schedule chunk,
 * so the bundle does not carry it (and the chunk shares no module with the bundle: no extra
 * request on load); the service's tests run it with ./validate.ts's `isStreamInfo` (./private.ts).
 */

type Fields = Record<string, unknown>;
const isObject = (v: unknown): v is Fields => !!v && typeof v === 'object';

/** One airing of a show (`Show`): its text fields, and artwork_url text or null or absent. */
const isShow = (v: unknown): boolean =>
  isObject(v) &&
  ['id', 'title', 'host', 'description', 'start', 'end'].every((k) => typeof v[k] === 'string') &&
  (v.artwork_url == null || typeof v.artwork_url === 'string');

/** /public/stream's `schedule`: absent or null (an older service: none), or `{timezone, on_air, next}`. */
export const isStreamSchedule = (v: unknown): boolean =>
  v == null ||
  (isObject(v) && typeof v.timezone === 'string' && (v.on_air == null || isShow(v.on_air)) && Array.isArray(v.next) && v.next.every(isShow));
