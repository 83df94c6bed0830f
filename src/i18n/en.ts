/**
 * The message catalogue: every string the widgets show or speak, in English. English is in
 * the main bundle; every other language is a chunk with the same keys (`./de.ts`, …), loaded
 * only when a page asks for it. `{name}` is a parameter; an object is a plural by
 * `Intl.PluralRules` (`{n}` is the count).
 */
export const en = {
  play: 'Play',
  pause: 'Pause',
  seek: 'Seek',
  back: 'Back 15 seconds',
  forward: 'Forward 30 seconds',
  speed: 'Playback speed',
  download: 'Download episode',
  chapters: 'Chapters',
  noChapters: 'No chapters in this episode.',
  chapterNow: 'Chapter: {title}',
  episodes: 'Episodes',
  showAll: 'Show all {n} episodes',
  noEpisodes: 'No episodes yet.',
  positionOf: '{t} of {d}',
  live: 'Live',
  offline: 'Offline',
  mute: 'Mute',
  volume: 'Volume',
  listeners: { one: '{n} listener', other: '{n} listeners' },
  recent: 'Recent tracks',
  nowPlaying: 'Now playing: {title}',
  nowPlayingBy: 'Now playing: {title} by {artist}',
  reconnecting: 'Reconnecting…',
  transcript: 'Transcript',
  transcriptFailed: 'The transcript could not be loaded.',
  search: 'Search the transcript',
  previousMatch: 'Previous match',
  nextMatch: 'Next match',
  matches: { one: '{i} of {n} match', other: '{i} of {n} matches' },
  noMatches: 'No matches',
  share: 'Share this moment',
  linkCopied: 'Link copied',
  subscribe: 'Subscribe',
  copyFeed: 'Copy the feed address',
  feedCopied: 'Feed address copied',
  copyFailed: 'Copying was blocked: select the address and copy it.',
  // Errors: shown in the widget and sent as castlet-error.
  missing_token: 'No public token: add public-token="…" to the player tag. Copy it from your account console.',
  malformed_token:
    'This public token is malformed: it should look like 97824ed0-ee56-4d2c-ba29-efbcb76794c5. Copy it from your account console.',
  invalid_token: 'This public token is not valid (it may have been reset). Copy it from your account console.',
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

/** One plural message: a form per `Intl.PluralRules` category the language uses. */
export type Plural = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** A language's catalogue: every key of the English one. */
export type Messages = { [K in keyof typeof en]: (typeof en)[K] extends string ? string : Plural };
export type MessageKey = keyof Messages;
