import { CastletError } from './errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Checks a public token's shape before any request: returns the error to show, or null. */
export function checkToken(token: string | null | undefined): CastletError | null {
  const t = token?.trim() ?? '';
  if (!t) return new CastletError('missing_token');
  return UUID.test(t) ? null : new CastletError('malformed_token');
}
