import { isUuid } from '../api/ids.js';
import { CastletError } from './errors.js';

/** Checks a public token's shape before any request: returns the error to show, or null. */
export function checkToken(token: string | null | undefined): CastletError | null {
  const t = token?.trim() ?? '';
  if (!t) return new CastletError('missing_token');
  return isUuid(t) ? null : new CastletError('malformed_token');
}
