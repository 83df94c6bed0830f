/**
 * The pieces the validators (./validate.ts, ./private.ts) are made of: each checks one value and
 * says whether it has the shape. A shape checks the fields it names and leaves the others alone.
 */
export type Check = (v: unknown) => boolean;

export const str: Check = (v) => typeof v === 'string';
export const num: Check = (v) => Number.isFinite(v);
/** null or absent is allowed too. */
export const opt =
  (c: Check): Check =>
  (v) =>
    v == null || c(v);
export const list =
  (c: Check): Check =>
  (v) =>
    Array.isArray(v) && v.every(c);
export const shape =
  (fields: Record<string, Check>): Check =>
  (v) =>
    !!v && typeof v === 'object' && Object.keys(fields).every((k) => fields[k]((v as Record<string, unknown>)[k]));
/** One of the given values. */
export const oneOf =
  (...values: unknown[]): Check =>
  (v) =>
    values.includes(v);
