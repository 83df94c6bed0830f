/**
 * The fields of a POST body (JSON, urlencoded or multipart) as valibot schemas, with error
 * descriptions a site owner can act on. A body's fields come as lists of values (a name may be
 * given twice): `fields({...})` takes each field's one value (given twice is an error) and
 * leaves other names alone. Messages say `{field}` for the field's name and `{n}` for a list
 * item's number; middleware/validate.ts fills them in from where the issue is.
 */
import * as v from 'valibot';
import type { Chapter, Day, Person, ScheduleShow, Soundbite } from '../../src/api/index.ts';
import { vttError } from '../../src/api/index.ts';
import type { PostBody } from './middleware/body.ts';

type AnySchema = v.GenericSchema | v.GenericSchemaAsync;

/** The one value of a field: absent, or given once (JSON null counts as absent). */
function single<S extends AnySchema>(schema: S) {
  return v.pipeAsync(
    v.optional(v.array(v.unknown()), () => []),
    v.check(
      (values) => values.length <= 1,
      (issue) => `The field {field} is given ${(issue.input as unknown[]).length} times; give it once.`,
    ),
    v.transform((values): unknown => values[0] ?? undefined),
    schema,
  );
}

/** A body's schema: each entry is one field, checked in this order; other names are ignored. */
export function fields<E extends Record<string, AnySchema>>(entries: E) {
  const singles = Object.fromEntries(Object.entries(entries).map(([name, schema]) => [name, single(schema)]));
  return v.objectAsync(singles as { [K in keyof E]: ReturnType<typeof single<E[K]>> });
}

/** Optional text, trimmed, at most `max` characters; undefined when absent. */
export function text(max: number) {
  return v.pipe(
    v.unknown(),
    v.check((value) => value === undefined || typeof value === 'string', 'The field {field} must be text.'),
    v.transform((value) => (value as string | undefined)?.trim()),
    v.check((text) => text === undefined || text.length <= max, `The field {field} is longer than ${max} characters.`),
  );
}

/** Text that must be given and not empty, trimmed, at most `max` characters. */
export function requiredText(max: number) {
  return v.pipe(
    v.unknown(),
    v.check((value) => value !== undefined, 'The field {field} is required.'),
    v.check((value) => typeof value === 'string', 'The field {field} must be text.'),
    v.transform((value) => (value as string).trim()),
    v.check((text) => text !== '', 'The field {field} must not be empty.'),
    v.check((text) => text.length <= max, `The field {field} is longer than ${max} characters.`),
  );
}

const DECIMAL = /^\s*\d+(\.\d+)?\s*$/;

/**
 * A number of seconds from `min` to `max`: a JSON number, or a decimal string in form bodies
 * (`kind`: a JSON body's "60" is refused); undefined when absent or empty.
 */
export function seconds(kind: PostBody['kind'], { min, max }: { min: number; max: number }) {
  return v.pipe(
    v.unknown(),
    v.transform((value) =>
      value === undefined || value === ''
        ? undefined
        : typeof value === 'number'
          ? value
          : kind === 'form' && typeof value === 'string' && DECIMAL.test(value)
            ? Number(value)
            : NaN,
    ),
    v.check((n) => n === undefined || Number.isFinite(n), 'The field {field} must be a number of seconds.'),
    v.check((n) => n === undefined || (n >= min && n <= max), `The field {field} must be between ${min} and ${max}.`),
  );
}

/** `value` as an absolute http(s) URL, or null if it is not one. */
function httpUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2000) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** An absolute http(s) URL, or null when absent or empty. */
export function url() {
  return v.pipe(
    text(2000),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      if (!dataset.value) return null;
      const href = httpUrl(dataset.value);
      if (href) return href;
      addIssue({ message: 'The field {field} must be an absolute http(s) URL.' });
      return NEVER;
    }),
  );
}

/** An ISO 8601 date and time with its zone: `2026-11-27T18:00Z`, `…T18:00:00.000+01:00`. */
const ISO_8601 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/i;

/** `text` as milliseconds since the epoch, or NaN when it is no ISO 8601 time a calendar has. */
export function parseIsoTime(text: string): number {
  const m = ISO_8601.exec(text);
  if (!m) return NaN;
  const [year, month, day, hour, minute, second = 0, zh = 0, zm = 0] = m.slice(1).map((n) => (n === undefined ? undefined : Number(n))) as number[];
  // Date.parse rolls 30 February over into March and takes 24:00: a calendar does not.
  const days = new Date(Date.UTC(year!, month!, 0)).getUTCDate();
  if (month! < 1 || month! > 12 || day! < 1 || day! > days || hour! > 23 || minute! > 59 || second > 59 || zh > 23 || zm > 59) return NaN;
  return Date.parse(text);
}

/** A date and time in ISO 8601 with its zone, as milliseconds since the epoch; undefined when absent or empty. */
export function isoTime() {
  return v.pipe(
    text(40),
    v.transform((text) => (text ? parseIsoTime(text) : undefined)),
    v.check(
      (ms) => ms === undefined || Number.isFinite(ms),
      'The field {field} must be a date and time in ISO 8601 with its time zone, like 2026-11-27T18:00:00Z.',
    ),
  );
}

/**
 * A list given as JSON: an array, or (in any body, as form fields need) a string holding one;
 * undefined when absent, [] for an empty string; at most `max` items.
 */
function list(example: string, max: number) {
  return v.pipe(
    v.unknown(),
    v.rawTransform(({ dataset, addIssue, NEVER }): unknown => {
      const value = dataset.value;
      if (value === '') return [];
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        addIssue({ message: `The field {field} must be a JSON array like ${example}.` });
        return NEVER;
      }
    }),
    v.check((value) => value === undefined || Array.isArray(value), `The field {field} must be an array like ${example}.`),
    v.transform((value) => value as unknown[] | undefined),
    v.check((list) => list === undefined || list.length <= max, `${max === MAX_SHOWS ? 'A schedule' : 'An episode'} has at most ${max} {field}.`),
  );
}

/** A list item: an object (not null, not an array). */
const item = (message: string) => v.custom<Record<string, unknown>>((x) => typeof x === 'object' && x !== null && !Array.isArray(x), message);

const isStart = (start: unknown): start is number => typeof start === 'number' && Number.isFinite(start) && start >= 0;

/** The optional URL `key` of a list item: absent, or an absolute http(s) URL. */
const itemUrl = (key: string, where: string) =>
  v.check(
    (fields: Record<string, unknown>) => fields[key] === undefined || httpUrl(fields[key]) !== null,
    `${where}: ${key} must be an absolute http(s) URL.`,
  );
const urlOf = (fields: Record<string, unknown>, key: string): { [k: string]: string } =>
  fields[key] === undefined ? {} : { [key]: httpUrl(fields[key])! };

/** Sorted by start, as the players list them. */
const byStart = <T extends { start: number }>(list: T[] | undefined) => list?.sort((a, b) => a.start - b.start);

export const MAX_CHAPTERS = 100;
const CHAPTERS_EXAMPLE = '[{"start": 0, "title": "Intro"}]';

/**
 * Chapters: a JSON array (or a string holding one) of `{start, title, img?, url?, toc?}` with
 * `0 ≤ start < duration`; sorted by start, `toc` kept only when false (listed is the default).
 * Undefined when absent.
 */
export function chapters(duration: number) {
  const chapter = v.pipe(
    item('Chapter {n} must be an object {"start": seconds, "title": text}.'),
    v.check(({ start }) => isStart(start), 'Chapter {n} needs a start: a number of seconds, 0 or more.'),
    v.check(
      ({ start }) => (start as number) < duration,
      (issue) => `Chapter {n} starts at ${(issue.input as { start: number }).start} s, after the end of the ${duration} s episode.`,
    ),
    v.check(
      ({ title }) => typeof title === 'string' && title.trim() !== '' && title.length <= 200,
      'Chapter {n} needs a title: text of 1 to 200 characters.',
    ),
    v.check(({ toc }) => toc === undefined || typeof toc === 'boolean', 'Chapter {n}: toc must be true or false.'),
    itemUrl('img', 'Chapter {n}'),
    itemUrl('url', 'Chapter {n}'),
    v.transform((fields): Chapter => ({
      start: fields.start as number,
      title: (fields.title as string).trim(),
      ...urlOf(fields, 'img'),
      ...urlOf(fields, 'url'),
      ...(fields.toc === false ? { toc: false } : {}),
    })),
  );
  return v.pipe(list(CHAPTERS_EXAMPLE, MAX_CHAPTERS), v.optional(v.array(chapter)), v.transform(byStart));
}

export const MAX_SOUNDBITES = 50;
/** Podcasting 2.0 `podcast:soundbite`: a clip of 1 to 300 seconds. */
export const SOUNDBITE_SECONDS = { min: 1, max: 300 };

/**
 * Soundbites: a JSON array (or a string holding one) of `{start, duration, title?}` in seconds,
 * each inside the episode (`start + duration ≤ episodeDuration`) and 1 to 300 s long; sorted
 * by start, `title` only where given. Undefined when absent.
 */
export function soundbites(episodeDuration: number) {
  const { min, max } = SOUNDBITE_SECONDS;
  const soundbite = v.pipe(
    item('Soundbite {n} must be an object {"start": seconds, "duration": seconds, "title": text}.'),
    v.check(({ start }) => isStart(start), 'Soundbite {n} needs a start: a number of seconds, 0 or more.'),
    v.check(
      ({ duration }) => typeof duration === 'number' && Number.isFinite(duration) && duration >= min && duration <= max,
      `Soundbite {n} needs a duration: a number of seconds from ${min} to ${max}.`,
    ),
    v.check(
      ({ start, duration }) => (start as number) + (duration as number) <= episodeDuration,
      (issue) => {
        const { start, duration } = issue.input as { start: number; duration: number };
        return `Soundbite {n} runs from ${start} s to ${start + duration} s, past the end of the ${episodeDuration} s episode.`;
      },
    ),
    v.check(
      ({ title }) => title === undefined || (typeof title === 'string' && title.trim() !== '' && title.length <= 200),
      'Soundbite {n}: title must be text of 1 to 200 characters (or left out).',
    ),
    v.transform(({ start, duration, title }): Soundbite => ({
      start: start as number,
      duration: duration as number,
      ...(typeof title === 'string' ? { title: title.trim() } : {}),
    })),
  );
  return v.pipe(
    list('[{"start": 30, "duration": 45, "title": "The best bit"}]', MAX_SOUNDBITES),
    v.optional(v.array(soundbite)),
    v.transform(byStart),
  );
}

export const MAX_PERSONS = 20;

/**
 * Persons: a JSON array (or a string holding one) of `{name, role, img?, href?}`; `role` is a
 * Podcasting 2.0 role, lowercased, "host" when absent. Undefined when absent.
 */
export function persons() {
  const person = v.pipe(
    item('Person {n} must be an object {"name": text, "role": "host"}.'),
    v.check(
      ({ name }) => typeof name === 'string' && name.trim() !== '' && name.length <= 128,
      'Person {n} needs a name: text of 1 to 128 characters.',
    ),
    v.check(
      ({ role = 'host' }) => typeof role === 'string' && /^[a-z][a-z -]{0,49}$/i.test(role.trim()),
      'Person {n}: role must be a Podcasting 2.0 role such as "host" or "guest".',
    ),
    itemUrl('img', 'Person {n}'),
    itemUrl('href', 'Person {n}'),
    v.transform((fields): Person => ({
      name: (fields.name as string).trim(),
      role: ((fields.role ?? 'host') as string).trim().toLowerCase(),
      ...urlOf(fields, 'img'),
      ...urlOf(fields, 'href'),
    })),
  );
  return v.pipe(list('[{"name": "Sam", "role": "host"}]', MAX_PERSONS), v.optional(v.array(person)));
}

/**
 * A WebVTT transcript: text, or a file in a multipart body. Null for an empty one (remove it),
 * undefined when absent; a file browsers would not read gets a 400 that says where it breaks.
 */
export function transcript() {
  return v.pipeAsync(
    v.unknown(),
    v.check(
      (value) => value === undefined || typeof value === 'string' || value instanceof Blob,
      'The field {field} must be WebVTT text (or a file in a multipart body).',
    ),
    v.transformAsync(async (value) => (value instanceof Blob ? await value.text() : (value as string | undefined))),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const text = dataset.value;
      if (text === undefined) return undefined;
      if (text.trim() === '') return null;
      const error = vttError(text);
      if (!error) return text;
      addIssue({ message: `The {field} is not WebVTT a browser would read: ${error}.` });
      return NEVER;
    }),
  );
}

export const MAX_SHOWS = 100;
const DAY_NAMES = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const textOf = (value: unknown, max: number, min = 0) =>
  value == null ? min === 0 : typeof value === 'string' && value.trim().length >= min && value.length <= max;

/**
 * A schedule's weekly shows: a JSON array (or a string holding one) of `{id, title, host?,
 * description?, artwork_url?, days, start, duration_min}`; `days` from mon … sun, `start` a
 * 24-hour `HH:MM`, `duration_min` a whole number of minutes from 1 to 1440. Each message names
 * the show and its field. Undefined when absent. (Overlaps are the schedule's: schedule.ts.)
 */
export function scheduleShows() {
  const show = v.pipe(
    item('Show {n} of {field} must be an object {"id", "title", "days", "start", "duration_min"}.'),
    v.check(({ id }) => textOf(id, 100, 1), 'Show {n} of {field}: id must be text of 1 to 100 characters.'),
    v.check(({ title }) => textOf(title, 200, 1), 'Show {n} of {field}: title must be text of 1 to 200 characters.'),
    v.check(({ host }) => textOf(host, 200), 'Show {n} of {field}: host must be text of at most 200 characters (or left out).'),
    v.check(
      ({ description }) => textOf(description, 5000),
      'Show {n} of {field}: description must be text of at most 5000 characters (or left out).',
    ),
    v.check(
      ({ artwork_url: a }) => a == null || a === '' || httpUrl(a) !== null,
      'Show {n} of {field}: artwork_url must be an absolute http(s) URL (or left out).',
    ),
    v.check(
      ({ days }) =>
        Array.isArray(days) && days.length > 0 && days.every((d) => DAY_NAMES.includes(d as string)) && new Set(days).size === days.length,
      (issue) => {
        const { days } = issue.input as { days: unknown };
        const odd = Array.isArray(days) ? days.find((d) => !DAY_NAMES.includes(d as string)) : undefined;
        return `Show {n} of {field}: days must list the days it starts on, each once, from ${DAY_NAMES.join(', ')}${odd === undefined ? '' : `, not ${JSON.stringify(odd)}`}.`;
      },
    ),
    v.check(
      ({ start }) => typeof start === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(start),
      (issue) =>
        `Show {n} of {field}: start must be a 24-hour time HH:MM (00:00 to 23:59), not ${JSON.stringify((issue.input as { start: unknown }).start) ?? 'nothing'}.`,
    ),
    v.check(
      ({ duration_min: d }) => Number.isInteger(d) && (d as number) >= 1 && (d as number) <= 1440,
      'Show {n} of {field}: duration_min must be a whole number of minutes from 1 to 1440.',
    ),
    v.transform((fields): ScheduleShow => ({
      id: (fields.id as string).trim(),
      title: (fields.title as string).trim(),
      host: ((fields.host as string | undefined) ?? '').trim(),
      description: ((fields.description as string | undefined) ?? '').trim(),
      artwork_url: fields.artwork_url ? httpUrl(fields.artwork_url) : null,
      days: fields.days as Day[],
      start: fields.start as string,
      duration_min: fields.duration_min as number,
    })),
  );
  return v.pipe(
    list('[{"id": "breakfast", "title": "Breakfast", "days": ["mon"], "start": "07:00", "duration_min": 120}]', MAX_SHOWS),
    v.optional(v.array(show)),
    v.check(
      (shows) => !shows || new Set(shows.map((s) => s.id)).size === shows.length,
      (issue) => {
        const ids = (issue.input as ScheduleShow[]).map((s) => s.id);
        return `The field {field} has two shows with the id "${ids.find((id, i) => ids.indexOf(id) !== i)}"; give each show its own.`;
      },
    ),
  );
}
