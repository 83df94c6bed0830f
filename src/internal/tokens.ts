import { CastletError } from './errors.js';

/** Both tokens are UUID-shaped (8-4-4-4-12 hex digits); the mock checks its own the same way. */
export const isUuid = (token: string) => /^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i.test(token);

/** Checks a public token's shape before any request: returns the error to show, or null. */
export function checkToken(token: string | null | undefined): CastletError | null {
  const t = token?.trim() ?? '';
  if (!t) return new CastletError('missing_token');
  return isUuid(t) ? null : new CastletError('malformed_token');
}
