/**
 * Reading and validating the fields of a POST body (JSON, urlencoded or multipart), with
 * error descriptions a site owner can act on.
 */
import type { Chapter, Person, Soundbite } from '../../src/internal/api-types.ts';
import { vttError } from '../../src/internal/vtt.ts';
import type { PostBody } from './middleware/body.ts';
import { ApiFailure } from './respond.ts';

const bad = (description: string) => new ApiFailure('invalid_request', description);

/** The single value of `name`, or undefined; JSON null counts as absent. */
function single(body: PostBody, name: string): unknown {
  const values = body.fields.get(name) ?? [];
  if (values.length > 1) throw bad(`The field ${name} is given ${values.length} times; give it once.`);
  return values[0] ?? undefined;
}

export function textField(body: PostBody, name: string, opts: { required?: boolean; max: number }): string | undefined {
  const value = single(body, name);
  if (value === undefined) {
    if (opts.required) throw bad(`The field ${name} is required.`);
    return undefined;
  }
  if (typeof value !== 'string') throw bad(`The field ${name} must be text.`);
  const text = value.trim();
  if (opts.required && text === '') throw bad(`The field ${name} must not be empty.`);
  if (text.length > opts.max) throw bad(`The field ${name} is longer than ${opts.max} characters.`);
  return text;
}

/** A number: a JSON number, or a decimal string in form bodies. */
export function numberField(body: PostBody, name: string, opts: { min: number; max: number }): number | undefined {
  const value = single(body, name);
  if (value === undefined || value === '') return undefined;
  const n =
    typeof value === 'number' ? value : body.kind === 'form' && typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isFinite(n)) throw bad(`The field ${name} must be a number of seconds.`);
  if (n < opts.min || n > opts.max) throw bad(`The field ${name} must be between ${opts.min} and ${opts.max}.`);
  return n;
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
export function urlField(body: PostBody, name: string): string | null {
  const text = textField(body, name, { max: 2000 });
  if (!text) return null;
  const url = httpUrl(text);
  if (!url) throw bad(`The field ${name} must be an absolute http(s) URL.`);
  return url;
}

/**
 * A list given as JSON: an array, or (in any body, as form fields need) a string holding one;
 * undefined when absent, [] for an empty string.
 */
function listField(body: PostBody, name: string, example: string, max: number): unknown[] | undefined {
  let value = single(body, name);
  if (value === undefined) return undefined;
  if (value === '') return [];
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw bad(`The field ${name} must be a JSON array like ${example}.`);
    }
  }
  if (!Array.isArray(value)) throw bad(`The field ${name} must be an array like ${example}.`);
  if (value.length > max) throw bad(`An episode has at most ${max} ${name}.`);
  return value;
}

/** The optional URL `key` of a list item: absent, or an absolute http(s) URL. */
function itemUrl(item: Record<string, unknown>, key: string, where: string): { [k: string]: string } {
  if (item[key] === undefined) return {};
  const url = httpUrl(item[key]);
  if (!url) throw bad(`${where}: ${key} must be an absolute http(s) URL.`);
  return { [key]: url };
}

export const MAX_CHAPTERS = 100;
const CHAPTERS_EXAMPLE = '[{"start": 0, "title": "Intro"}]';

/**
 * Chapters: a JSON array (or a string holding one) of `{start, title, img?, url?, toc?}` with
 * `0 ≤ start < duration`; returned sorted by start, `toc` kept only when false (listed is the
 * default). Undefined when absent.
 */
export function chaptersField(body: PostBody, name: string, duration: number): Chapter[] | undefined {
  const list = listField(body, name, CHAPTERS_EXAMPLE, MAX_CHAPTERS);
  const chapters = list?.map((item: unknown, i): Chapter => {
    const where = `Chapter ${i + 1}`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      throw bad(`${where} must be an object {"start": seconds, "title": text}.`);
    }
    const fields = item as Record<string, unknown>;
    const { start, title, toc } = fields;
    if (typeof start !== 'number' || !Number.isFinite(start) || start < 0) {
      throw bad(`${where} needs a start: a number of seconds, 0 or more.`);
    }
    if (start >= duration) throw bad(`${where} starts at ${start} s, after the end of the ${duration} s episode.`);
    if (typeof title !== 'string' || title.trim() === '' || title.length > 200) {
      throw bad(`${where} needs a title: text of 1 to 200 characters.`);
    }
    if (toc !== undefined && typeof toc !== 'boolean') throw bad(`${where}: toc must be true or false.`);
    return { start, title: title.trim(), ...itemUrl(fields, 'img', where), ...itemUrl(fields, 'url', where), ...(toc === false ? { toc } : {}) };
  });
  return chapters?.sort((a, b) => a.start - b.start);
}

export const MAX_SOUNDBITES = 50;
/** Podcasting 2.0 `podcast:soundbite`: a clip of 1 to 300 seconds. */
export const SOUNDBITE_SECONDS = { min: 1, max: 300 };

/**
 * Soundbites: a JSON array (or a string holding one) of `{start, duration, title?}` in seconds,
 * each inside the episode (`start + duration ≤ episodeDuration`) and 1 to 300 s long; returned
 * sorted by start, `title` only where given. Undefined when absent.
 */
export function soundbitesField(body: PostBody, name: string, episodeDuration: number): Soundbite[] | undefined {
  const list = listField(body, name, '[{"start": 30, "duration": 45, "title": "The best bit"}]', MAX_SOUNDBITES);
  const soundbites = list?.map((item: unknown, i): Soundbite => {
    const where = `Soundbite ${i + 1}`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      throw bad(`${where} must be an object {"start": seconds, "duration": seconds, "title": text}.`);
    }
    const { start, duration, title } = item as Record<string, unknown>;
    if (typeof start !== 'number' || !Number.isFinite(start) || start < 0) {
      throw bad(`${where} needs a start: a number of seconds, 0 or more.`);
    }
    const { min, max } = SOUNDBITE_SECONDS;
    if (typeof duration !== 'number' || !Number.isFinite(duration) || duration < min || duration > max) {
      throw bad(`${where} needs a duration: a number of seconds from ${min} to ${max}.`);
    }
    if (start + duration > episodeDuration) {
      throw bad(`${where} runs from ${start} s to ${start + duration} s, past the end of the ${episodeDuration} s episode.`);
    }
    if (title !== undefined && (typeof title !== 'string' || title.trim() === '' || title.length > 200)) {
      throw bad(`${where}: title must be text of 1 to 200 characters (or left out).`);
    }
    return { start, duration, ...(typeof title === 'string' ? { title: title.trim() } : {}) };
  });
  return soundbites?.sort((a, b) => a.start - b.start);
}

export const MAX_PERSONS = 20;

/**
 * Persons: a JSON array (or a string holding one) of `{name, role, img?, href?}`; `role` is a
 * Podcasting 2.0 role, lowercased, "host" when absent. Undefined when absent.
 */
export function personsField(body: PostBody, name: string): Person[] | undefined {
  return listField(body, name, '[{"name": "Sam", "role": "host"}]', MAX_PERSONS)?.map((item: unknown, i): Person => {
    const where = `Person ${i + 1}`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      throw bad(`${where} must be an object {"name": text, "role": "host"}.`);
    }
    const fields = item as Record<string, unknown>;
    const { name: who, role = 'host' } = fields;
    if (typeof who !== 'string' || who.trim() === '' || who.length > 128) {
      throw bad(`${where} needs a name: text of 1 to 128 characters.`);
    }
    if (typeof role !== 'string' || !/^[a-z][a-z -]{0,49}$/i.test(role.trim())) {
      throw bad(`${where}: role must be a Podcasting 2.0 role such as "host" or "guest".`);
    }
    return { name: who.trim(), role: role.trim().toLowerCase(), ...itemUrl(fields, 'img', where), ...itemUrl(fields, 'href', where) };
  });
}

/**
 * A WebVTT transcript: text, or a file in a multipart body. Null for an empty one (remove it),
 * undefined when absent; a file browsers would not read gets a 400 that says where it breaks.
 */
export async function transcriptField(body: PostBody, name: string): Promise<string | null | undefined> {
  const value = single(body, name);
  if (value === undefined) return undefined;
  let text: string;
  if (typeof value === 'string') text = value;
  else if (value instanceof Blob) text = await value.text();
  else throw bad(`The field ${name} must be WebVTT text (or a file in a multipart body).`);
  if (text.trim() === '') return null;
  const error = vttError(text);
  if (error) throw bad(`The ${name} is not WebVTT a browser would read: ${error}.`);
  return text;
}
