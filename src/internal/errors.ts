import type { ApiError } from './api-types.js';

export type ErrorCode =
  | 'missing_token'
  | 'malformed_token'
  | 'invalid_token'
  | 'private_token_exposed'
  | 'not_found'
  | 'invalid_base_url'
  | 'missing_base_url'
  | 'network'
  | 'media'
  | 'server'
  | 'bad_response';

/**
 * What listeners may read (English: the catalogue's key; the player shows it in the listener's
 * language): the errors that retrying can fix. Every other code is fatal (a setup error): the
 * player stops asking the server.
 */
const MESSAGES: Partial<Record<ErrorCode, string>> = {
  network: 'Cannot reach the service. Retrying…',
  media: 'The audio could not be played. Retrying…',
  server: 'The service had a problem. Retrying…',
  bad_response: 'The service sent an answer the player does not understand. Retrying…',
};


export class CastletError extends Error {
  readonly fatal: boolean;
  constructor(
    readonly code: ErrorCode,
    /** English, for the castlet-error event; empty for a setup error until `withMessage()` fetched its text. */
    message = MESSAGES[code] ?? '',
  ) {
    super(message);
    this.fatal = !MESSAGES[code];
  }
}

/** Maps an HTTP error answer of the public API to the widget's error. */
export function fromResponse(status: number, body: Partial<ApiError> | null): CastletError {
  const code = body?.error;
  if (code === 'missing_token' || code === 'invalid_token' || code === 'private_token_exposed') return new CastletError(code);
  if (status === 404) return new CastletError('not_found');
  if (status === 401) return new CastletError('invalid_token');
  return new CastletError('server');
}

/** `error` with its text: a setup error's message comes from an on-demand chunk (its code if that cannot load). */
export async function withMessage(error: CastletError): Promise<CastletError> {
  if (error.message) return error;
  const text = await import('./setup-messages.js').then((m) => (m.setupMessages as Partial<Record<ErrorCode, string>>)[error.code], () => undefined);
  return new CastletError(error.code, text ?? error.code);
}
