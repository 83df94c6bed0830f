import type { ApiError } from '../api/types.js';
import type { CastletErrorCode } from '../events.js';
import type { MessageKey, SetupText, Text } from '../i18n/en.js';

/**
 * Every error a player reports, by code: `[fatal, message]` (tuples: the table is in the
 * bundle). Fatal: retrying cannot fix it (a setup error), so the player stops asking the
 * server. Message: the catalogue's key of the words a listener reads (in the bundle), or `''`
 * for the site owner's words, which are the catalogue's setup part under the error's code
 * (src/i18n/en-setup.ts, an on-demand chunk). tsc holds the table whole: a row for every code,
 * only catalogue keys, setup words for every `''` row.
 */
const ERRORS = {
  missing_token: [true, ''],
  malformed_token: [true, ''],
  invalid_token: [true, ''],
  private_token_exposed: [true, ''],
  not_found: [true, ''],
  invalid_base_url: [true, ''],
  missing_base_url: [true, ''],
  network: [false, 'Cannot reach the service. Retrying…'],
  media: [false, 'The audio could not be played. Retrying…'],
  server: [false, 'The service had a problem. Retrying…'],
  bad_response: [false, 'The service sent an answer the player does not understand. Retrying…'],
} as const satisfies Record<CastletErrorCode, readonly [fatal: boolean, message: MessageKey | '']>;

/** The errors whose words are the site owner's (the catalogue's setup part has words for each). */
export type SetupCode = { [C in CastletErrorCode]: (typeof ERRORS)[C][1] extends '' ? C : never }[CastletErrorCode];

export class CastletError extends Error {
  readonly fatal: boolean;
  /**
   * English, for the castlet-error event, and the catalogue's key of what the widget shows: a
   * listener's message at once; a setup error's once `withMessage()` fetched it (empty until then).
   */
  declare readonly message: Text | '';
  constructor(
    readonly code: CastletErrorCode,
    message: Text | '' = ERRORS[code][1],
  ) {
    super(message);
    this.fatal = ERRORS[code][0];
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

/** `error` with its text: a setup error's words come from an on-demand chunk (none if that cannot load). */
export async function withMessage(error: CastletError): Promise<CastletError> {
  if (error.message) return error;
  const text = await import('./setup-messages.js').then(
    ({ setupMessages }) => {
      const words: Partial<Record<CastletErrorCode, SetupText>> = setupMessages;
      return words[error.code];
    },
    () => undefined,
  );
  return new CastletError(error.code, text);
}
