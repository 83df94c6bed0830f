import { PRIVATE_TOKEN_EXPOSED } from '../api/words.js';
import type { SetupCode } from '../internal/errors.js';

/**
 * The English catalogue's setup part (exported by ./en.ts): what the site owner reads when the
 * embed is set up wrong, by error code (every setup error of src/internal/errors.ts has its
 * words). Listeners of a working embed never see these, so they are an on-demand chunk (other
 * languages carry them in their own chunk), and a module of their own.
 */
export const enSetup = {
  missing_token: 'No public token: add public-token="…" to the player tag. Copy it from your account console.',
  malformed_token: 'This public token is malformed: it should look like 97824ed0-ee56-4d2c-ba29-efbcb76794c5. Copy it from your account console.',
  invalid_token: 'This public token is not valid (it may have been reset). Copy it from your account console.',
  private_token_exposed: PRIVATE_TOKEN_EXPOSED,
  not_found: 'This channel or episode does not exist.',
  invalid_base_url: 'base-url is not a valid http(s) address of the service.',
  missing_base_url: 'No base-url: add base-url="https://…", the service\'s address.',
} as const satisfies Record<SetupCode, string>;
