/**
 * Both tokens are UUID-shaped (8-4-4-4-12 hex digits): a widget checks a public token's shape
 * before any request (src/internal/tokens.ts), the service the tokens it is given (demo/server/main.ts).
 */
export const isUuid = (token: string) => /^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i.test(token);
