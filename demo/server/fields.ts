/**
 * Reading and validating the fields of a POST body (JSON, urlencoded or multipart), with
 * error descriptions a site owner can act on.
 */
import type { Chapter } from '../../src/internal/api-types.ts';
import type { PostBody } from './body.ts';
import { ApiFailure } from './respond.ts';

const bad = (description: string) => new ApiFailure('invalid_request', description);

/** The single value of `name`, or undefined; JSON null counts as absent. */
function single(body: PostBody, name: string): unknown {
  const values = body.fields.get(name) ?? [];
  if (values.length > 1) throw bad(`The field ${name} is given ${values.length} times; give it once.`);
  return values[0] ?? undefined;
}

export function textField(
  body: PostBody,
  name: string,
  opts: { required?: boolean; max: number },
): string | undefined {
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
    typeof value === 'number'
      ? value
      : body.kind === 'form' && typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value)
        ? Number(value)
        : NaN;
  if (!Number.isFinite(n)) throw bad(`The field ${name} must be a number of seconds.`);
  if (n < opts.min || n > opts.max) throw bad(`The field ${name} must be between ${opts.min} and ${opts.max}.`);
  return n;
}

/** An absolute http(s) URL, or null when absent or empty. */
export function urlField(body: PostBody, name: string): string | null {
  const text = textField(body, name, { max: 2000 });
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw bad(`The field ${name} must be an absolute http(s) URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw bad(`The field ${name} must be an absolute http(s) URL.`);
  }
  return url.href;
}

export const MAX_CHAPTERS = 100;

/**
 * Chapters: a JSON array (or, in any body, a string holding one) of `{start, title}` with
 * `0 ≤ start < duration`; returned sorted by start.
 */
export function chaptersField(body: PostBody, name: string, duration: number): Chapter[] {
  let value = single(body, name);
  if (value === undefined || value === '') return [];
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw bad(`The field ${name} must be a JSON array like [{"start": 0, "title": "Intro"}].`);
    }
  }
  if (!Array.isArray(value)) throw bad(`The field ${name} must be an array like [{"start": 0, "title": "Intro"}].`);
  if (value.length > MAX_CHAPTERS) throw bad(`An episode has at most ${MAX_CHAPTERS} chapters.`);
  const chapters = value.map((item: unknown, i): Chapter => {
    const where = `Chapter ${i + 1}`;
    if (typeof item !== 'object' || item === null) throw bad(`${where} must be an object {"start": seconds, "title": text}.`);
    const { start, title } = item as Record<string, unknown>;
    if (typeof start !== 'number' || !Number.isFinite(start) || start < 0) {
      throw bad(`${where} needs a start: a number of seconds, 0 or more.`);
    }
    if (start >= duration) throw bad(`${where} starts at ${start} s, after the end of the ${duration} s episode.`);
    if (typeof title !== 'string' || title.trim() === '' || title.length > 200) {
      throw bad(`${where} needs a title: text of 1 to 200 characters.`);
    }
    return { start, title: title.trim() };
  });
  return chapters.sort((a, b) => a.start - b.start);
}
