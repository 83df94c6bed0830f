/**
 * The message catalogue's source: every string the widgets show or speak, in English. As in
 * gettext, the English text is also the message's key: the code says `t('Play')` (typed: only
 * these), and each other language (`./de.ts`, …, an on-demand chunk) maps it to its words. A
 * plural is keyed by its English `other` form; its `one` form is in `EN_ONE` below. `{name}` is
 * a parameter. The error table (src/internal/errors.ts) names each error's message by its key.
 * Of this file only `EN_ONE` is in the bundle: the words are where they are used, so English
 * costs no lookup table. The site owner's setup errors are the catalogue's setup part,
 * `enSetup`, exported here from a module of its own (./en-setup.ts): the bundle never holds
 * them, they reach the page in the on-demand `setup-messages` chunk (a module's exports cannot
 * be split between the bundle and a chunk).
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
  // A podcast's highlights (soundbites) and live items (podcast-player/highlights.ts).
  'Highlights',
  'Highlight {n}',
  'Live now',
  'Live now: {title}',
  // A highlight's Share button ({title}: the highlight's name).
  'Share: {title}',
  // {time}: when it starts, in the listener's time zone ("18:00", or with the day when it is not today).
  'Live at {time}',
  // The station's schedule (stream-player/schedule.ts): the show on air ({show}: its title, {host}: who presents it) and the next one ({time}: its start in the listener's time zone).
  'On air: {show} with {host}',
  'On air: {show}',
  'Next: {show} at {time}',
  // Cast and AirPlay (src/internal/remote.ts): the button, and the message line while the player plays on a device.
  'Play on a Cast or AirPlay device',
  'Connecting to a Cast or AirPlay device…',
  'Playing on a Cast or AirPlay device',
  // The week's panel (stream-player/schedule-panel.ts): its name, and who presents a show ({host}).
  'Schedule',
  'with {host}',
  // Errors the listener may read (src/internal/errors.ts): shown in the widget.
  'Cannot reach the service. Retrying…',
  'The audio could not be played. Retrying…',
  'The service had a problem. Retrying…',
  'The service sent an answer the player does not understand. Retrying…',
] as const;

export type MessageKey = (typeof en)[number];

/** English's `one` forms of its plurals (keyed by the `other` form, as every language's plurals are). */
export const EN_ONE: Partial<Record<Text, string>> = { '{n} listeners': '{n} listener', '{i} of {n} matches': '{i} of {n} match' };

export { enSetup } from './en-setup.js';

/** The site owner's setup errors' words (the catalogue's setup part: an on-demand chunk), keyed by their English text like every message. */
export type SetupText = (typeof import('./en-setup.js').enSetup)[keyof typeof import('./en-setup.js').enSetup];

/** Every key of the catalogue: the widgets' messages and the setup errors'. */
export type Text = MessageKey | SetupText;

/** One plural message: a form per `Intl.PluralRules` category the language uses. */
export type Plural = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** A language's catalogue: its words for every English message and setup message. */
export type Messages = Record<Text, string | Plural>;
