/**
 * The message catalogue's source: every string the widgets show or speak, in English. As in
 * gettext, the English text is also the message's key: the code says `t('Play')` (typed: only
 * these), and each other language (`./de.ts`, …, an on-demand chunk) maps it to its words. A
 * plural is keyed by its English `other` form (English's `one` forms: `EN_ONE` in
 * src/internal/locale.ts). `{name}` is a parameter. Nothing of this file is in the bundle: the
 * words are where they are used, so English costs no lookup table.
 */
export const en = [
  'Play',
  'Pause',
  'Seek',
  'Back 15 seconds',
  'Forward 30 seconds',
  'Playback speed',
  'Download episode',
  'Chapters',
  'No chapters in this episode.',
  'Chapter: {title}',
  'Chapter link: {title}',
  'Hosts and guests',
  'Host',
  'Co-host',
  'Guest',
  'Support',
  'Episodes',
  'Show all {n} episodes',
  'No episodes yet.',
  '{t} of {d}',
  'Live',
  'Offline',
  'Mute',
  'Volume',
  '{n} listeners',
  'Recent tracks',
  'Now playing: {title}',
  'Now playing: {title} by {artist}',
  'Reconnecting…',
  'Transcript',
  'The transcript could not be loaded.',
  'This episode has no transcript.',
  'Search the transcript',
  'Previous match',
  'Next match',
  '{i} of {n} matches',
  'No matches',
  'Share this moment',
  'Link copied',
  'Subscribe',
  'Copy the feed address',
  'Feed address copied',
  'Copying was blocked: select the address and copy it.',
  'Starting when loaded…',
  // The mini-player's (`sticky`) close button.
  'Close',
  // Errors the listener may read: shown in the widget (English in src/internal/errors.ts).
  'Cannot reach the service. Retrying…',
  'The audio could not be played. Retrying…',
  'The service had a problem. Retrying…',
  'The service sent an answer the player does not understand. Retrying…',
] as const;

export type MessageKey = (typeof en)[number];

/** One plural message: a form per `Intl.PluralRules` category the language uses. */
export type Plural = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** The site owner's setup errors: their English words are in `./en-setup.ts`, an on-demand chunk. */
export type SetupKey =
  'missing_token' | 'malformed_token' | 'invalid_token' | 'private_token_exposed' | 'not_found' | 'invalid_base_url' | 'missing_base_url';
export type SetupText = (typeof import('./en-setup.js').enSetup)[SetupKey];

/** A language's catalogue: its words for every English message and setup message. */
export type Messages = Record<MessageKey | SetupText, string | Plural>;
