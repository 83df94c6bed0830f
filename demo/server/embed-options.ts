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
  /** Podcast only: where the episode starts, in seconds (`t=`); 0 for its beginning (or the listener's resume point). */
  t: number;
  /** Podcast only: just this clip of the episode, `[start, duration]` in seconds (`clip=`); wins over `t`. */
  clip: readonly [number, number] | null;
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
  t: 0,
  clip: null,
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

/** The longest clip a page may ask for: the players' own limit (MAX_CLIP in src/internal/share.ts, a soundbite's longest). */
export const MAX_CLIP = 300;
/** Seconds as a page's URL writes them: digits, at most three decimals (`90`, `12.5`). */
const SECONDS = /^\d{1,7}(?:\.\d{1,3})?$/;

/** `t=` as seconds (`90`, `12.5`), or 0 for anything else (a negative, a word, `1e3`, `1:30`). */
export function startTime(value: string | null | undefined): number {
  const v = value?.trim() ?? '';
  return SECONDS.test(v) ? Number(v) : 0;
}

/** `clip=<start>,<duration>` as seconds, the duration more than 0 and at most MAX_CLIP; null for anything else. */
export function startClip(value: string | null | undefined): [number, number] | null {
  const [start, duration, more] = (value?.trim() ?? '').split(',');
  if (more !== undefined || !SECONDS.test(start ?? '') || !SECONDS.test(duration ?? '')) return null;
  const d = Number(duration);
  return d > 0 && d <= MAX_CLIP ? [Number(start), d] : null;
}

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
    ...start(params),
  };
}

/** Where a page starts: a clip, else a time (a valid clip wins; the other is dropped). */
function start(params: URLSearchParams): Pick<EmbedOptions, 't' | 'clip'> {
  const clip = startClip(params.get('clip'));
  return clip ? { t: 0, clip } : { t: startTime(params.get('t')), clip: null };
}

/**
 * The query string of `options` (without the `?`), only what differs from the defaults, in a
 * fixed order: `keys` picks which (a share URL carries no token or episode: its path does).
 */
export function optionsQuery(kind: PlayerKind, options: EmbedOptions, keys: readonly (keyof EmbedOptions)[] = OPTION_KEYS): string {
  const q = new URLSearchParams();
  for (const key of keys) {
    if (kind === 'stream' && (key === 'episode' || key === 'continuous' || key === 't' || key === 'clip')) continue;
    const value = options[key];
    if (key === 't' && options.t > 0) q.set('t', String(options.t));
    else if (key === 'clip' && options.clip) q.set('clip', options.clip.join(','));
    else if (value === true) q.set(key === 'noHotkeys' ? 'no-hotkeys' : key, '1');
    else if (typeof value === 'string' && value) q.set(key, key === 'accent' ? value.slice(1) : value);
  }
  return q.toString();
}

export const OPTION_KEYS = ['token', 'channel', 'episode', 'theme', 'lang', 'accent', 'continuous', 'sticky', 'noHotkeys', 't', 'clip'] as const;
/** What a share page's URL may carry besides its path: how the player looks and behaves, and where it starts. */
export const DISPLAY_KEYS = ['theme', 'lang', 'accent', 'continuous', 'sticky', 'noHotkeys', 't', 'clip'] as const;

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

/** Where the page starts its player (podcast only), for the frame's script to read: `data-t`, `data-clip` on its <main>. */
export function startAttributes(kind: PlayerKind, options: EmbedOptions): [string, string][] {
  if (kind !== 'podcast') return [];
  return options.clip ? [['data-clip', options.clip.join(',')]] : options.t > 0 ? [['data-t', String(options.t)]] : [];
}

/**
 * The heights (px) an embed frame needs for the player, as the snippet's reserving style
 * (demo/snippet.ts) measures them: wide, and in a container of 360 px or less.
 */
export const FRAME_HEIGHT: Record<PlayerKind, { wide: number; narrow: number }> = {
  stream: { wide: 218, narrow: 194 }, // (narrow: 192.6 in Chromium, 193.x in Firefox ESR)
  podcast: { wide: 816, narrow: 761 },
};

/** The width (px) an oEmbed or player-card frame is given when the consumer sets no limit. */
export const FRAME_WIDTH = 480;
/** Frames at most this wide get the players' compact layout (their container query). */
export const NARROW = 360;
