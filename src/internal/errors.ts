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

const WHERE = 'Copy it from your account console.';

const MESSAGES: Record<ErrorCode, string> = {
  missing_token: `No public token: add public-token="…" to the player tag. ${WHERE}`,
  malformed_token: `This public token is malformed: it should look like 97824ed0-ee56-4d2c-ba29-efbcb76794c5. ${WHERE}`,
  invalid_token: `This public token is not valid (it may have been reset). ${WHERE}`,
  private_token_exposed:
    'This is your PRIVATE token and it is now public on this page. Rotate it now (Reset tokens in your account console) and use the public token here.',
  not_found: 'This channel or episode does not exist.',
  invalid_base_url: 'base-url is not a valid http(s) address of the service.',
  missing_base_url: 'No base-url: add base-url="https://…", the service\'s address.',
  network: 'Cannot reach the service. Retrying…',
  media: 'The audio could not be played. Retrying…',
  server: 'The service had a problem. Retrying…',
  bad_response: 'The service sent an answer the player does not understand. Retrying…',
};

/** Retrying cannot fix these: stop asking the server. */
const FATAL = new Set<ErrorCode>(['missing_token', 'malformed_token', 'invalid_token', 'private_token_exposed', 'not_found', 'invalid_base_url', 'missing_base_url']);

export class CastletError extends Error {
  readonly fatal: boolean;
  constructor(
    readonly code: ErrorCode,
    message = MESSAGES[code],
  ) {
    super(message);
    this.fatal = FATAL.has(code);
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
