/**
 * The options of an embed page, a share page and an oEmbed answer (docs/embed.md): the
 * players' attributes as query parameters, each checked here. A value that does not pass is
 * dropped (the player keeps its default), never passed on: the accent is a hex colour or
 * nothing, the language a BCP 47 tag or nothing. Ids and the token go to the page as they came
 * (escaped there): the player itself says what is wrong with them, as on any page.
 */

export type PlayerKind = 'stream' | 'podcast';

export interface EmbedOptions {
  token: string;
  channel: string;
  /** Podcast only: the pinned episode; the newest is current when empty. */
  episode: string;
  theme: '' | 'light' | 'dark';
  lang: string;
  /** `#rrggbb`, lower case, or empty. */
  accent: string;
  continuous: boolean;
  sticky: boolean;
  noHotkeys: boolean;
}

export const NO_OPTIONS: EmbedOptions = {
  token: '',
  channel: '',
  episode: '',
  theme: '',
  lang: '',
  accent: '',
  continuous: false,
  sticky: false,
  noHotkeys: false,
};

/** Longer ids or tokens than this are cut: nothing real is longer, and the page stays small. */
const MAX_ID = 200;

/** `#abc`, `abc`, `#aabbcc` or `aabbcc` (any case) as `#aabbcc`; anything else as ''. */
export function hexColour(value: string | undefined | null): string {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value?.trim() ?? '');
  if (!m) return '';
  const hex = m[1]!.toLowerCase();
  return `#${hex.length === 3 ? [...hex].map((d) => d + d).join('') : hex}`;
}

/** A BCP 47 language tag's shape (`ar`, `pt-BR`, `zh-Hant-TW`), or ''. */
export function languageTag(value: string | undefined | null): string {
  const tag = value?.trim() ?? '';
  return /^[a-z]{2,3}(-[a-z0-9]{1,8}){0,4}$/i.test(tag) ? tag : '';
}

/** A flag: present and not `0`/`false` (`?continuous`, `?continuous=1`). */
function flag(params: URLSearchParams, name: string): boolean {
  const value = params.get(name);
  return value !== null && value !== '0' && value.toLowerCase() !== 'false';
}

const id = (value: string | null) => (value ?? '').slice(0, MAX_ID);

/** The options a query string asks for, each checked (see above). */
export function readOptions(params: URLSearchParams): EmbedOptions {
  const theme = params.get('theme');
  return {
    token: id(params.get('token')),
    channel: id(params.get('channel')),
    episode: id(params.get('episode')),
    theme: theme === 'light' || theme === 'dark' ? theme : '',
    lang: languageTag(params.get('lang')),
    accent: hexColour(params.get('accent')),
    continuous: flag(params, 'continuous'),
    sticky: flag(params, 'sticky'),
    noHotkeys: flag(params, 'no-hotkeys'),
  };
}

/**
 * The query string of `options` (without the `?`), only what differs from the defaults, in a
 * fixed order: `keys` picks which (a share URL carries no token or episode: its path does).
 */
export function optionsQuery(kind: PlayerKind, options: EmbedOptions, keys: readonly (keyof EmbedOptions)[] = OPTION_KEYS): string {
  const q = new URLSearchParams();
  for (const key of keys) {
    if (kind === 'stream' && (key === 'episode' || key === 'continuous')) continue;
    const value = options[key];
    if (value === true) q.set(key === 'noHotkeys' ? 'no-hotkeys' : key, '1');
    else if (typeof value === 'string' && value) q.set(key, key === 'accent' ? value.slice(1) : value);
  }
  return q.toString();
}

export const OPTION_KEYS = ['token', 'channel', 'episode', 'theme', 'lang', 'accent', 'continuous', 'sticky', 'noHotkeys'] as const;
/** What a share page's URL may carry besides its path: how the player looks and behaves. */
export const DISPLAY_KEYS = ['theme', 'lang', 'accent', 'continuous', 'sticky', 'noHotkeys'] as const;

/** The player element's attributes for `options` (name → value; '' for a boolean attribute). */
export function playerAttributes(kind: PlayerKind, options: EmbedOptions): [string, string][] {
  const attrs: [string, string][] = [['public-token', options.token]];
  if (options.channel) attrs.push(['channel', options.channel]);
  if (kind === 'podcast' && options.episode) attrs.push(['episode', options.episode]);
  if (options.theme) attrs.push(['theme', options.theme]);
  if (options.lang) attrs.push(['lang', options.lang]);
  if (kind === 'podcast' && options.continuous) attrs.push(['continuous', '']);
  if (options.sticky) attrs.push(['sticky', '']);
  if (options.noHotkeys) attrs.push(['no-hotkeys', '']);
  return attrs;
}

/**
 * The heights (px) an embed frame needs for the player, as the snippet's reserving style
 * (demo/snippet.ts) measures them: wide, and in a container of 360 px or less.
 */
export const FRAME_HEIGHT: Record<PlayerKind, { wide: number; narrow: number }> = {
  stream: { wide: 218, narrow: 193 },
  podcast: { wide: 816, narrow: 761 },
};

/** The width (px) an oEmbed or player-card frame is given when the consumer sets no limit. */
export const FRAME_WIDTH = 480;
/** Frames at most this wide get the players' compact layout (their container query). */
export const NARROW = 360;
