/**
 * What the widgets and the service say in the same words. A private token used as a public one
 * (`private_token_exposed`): a player tells its site owner so (src/i18n/en-setup.ts), and so
 * does the service's share page for a link made with it (demo/server/share.ts).
 */
export const PRIVATE_TOKEN_EXPOSED =
  'This is your PRIVATE token and it is now public on this page. Rotate it now (Reset tokens in your account console) and use the public token here.';
