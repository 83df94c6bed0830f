/**
 * What the embed configurator gives the owner to paste (docs/embed.md), made from one set of
 * choices: the script snippet (the bundle with SRI, the reserving style of demo/snippet.ts, the
 * accent as a rule of its own, and the element), the iframe of the embed page, and the share
 * link. The element's attributes and the pages' query parameters come from the service's own
 * option rules (demo/server/embed-options.ts), so the three always describe the same player.
 */
import {
  DISPLAY_KEYS,
  FRAME_HEIGHT,
  NO_OPTIONS,
  optionsQuery,
  playerAttributes,
  type EmbedOptions,
  type PlayerKind,
} from './server/embed-options.ts';
import { RESERVE_CSS } from './snippet.ts';

export interface EmbedChoice {
  kind: PlayerKind;
  /** '' = the account's first channel. */
  channel: string;
  /** '' = the newest episode. */
  episode: string;
  theme: '' | 'light' | 'dark';
  /** `#rrggbb` or '' (the players' default). */
  accent: string;
  lang: string;
  sticky: boolean;
  continuous: boolean;
  noHotkeys: boolean;
  /** Podcast: where the iframe and the share link start, in whole seconds (`t=`); 0 for the beginning. */
  start: number;
}

export const DEFAULT_CHOICE: EmbedChoice = {
  kind: 'stream',
  channel: '',
  episode: '',
  theme: '',
  accent: '',
  lang: '',
  sticky: false,
  continuous: false,
  noHotkeys: false,
  start: 0,
};

export interface EmbedContext {
  /** The service's origin (the console is served by it). */
  origin: string;
  publicToken: string;
  /** The bundle's `<script>` tag (versioned URL, `integrity`, `crossorigin`). */
  script: string;
  /** The id of the newest episode, for the share link of "the newest episode". */
  newestEpisode?: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escAttr = (text: string) => text.replace(/[&<>"]/g, (ch) => ESCAPES[ch]!);

/** The options the pages understand, for a choice (a pinned episode only for the podcast). */
export function choiceOptions(choice: EmbedChoice, publicToken: string): EmbedOptions {
  return {
    ...NO_OPTIONS,
    token: publicToken,
    channel: choice.channel,
    episode: choice.kind === 'podcast' ? choice.episode : '',
    theme: choice.theme,
    lang: choice.lang,
    accent: choice.accent,
    continuous: choice.kind === 'podcast' && choice.continuous,
    sticky: choice.sticky,
    noHotkeys: choice.noHotkeys,
    t: choice.kind === 'podcast' ? choice.start : 0,
  };
}

/** The element's attributes: the same on the preview, in the snippet, in the embed page. */
export const elementAttributes = (choice: EmbedChoice, publicToken: string): [string, string][] =>
  playerAttributes(choice.kind, choiceOptions(choice, publicToken));

/** The accent as a rule of its own (a `<style>`: a page with a strict policy refuses `style=""`). */
export const accentCss = (choice: EmbedChoice): string => (choice.accent ? `${choice.kind}-player{--castlet-accent:${choice.accent}}` : '');

export function scriptSnippet(choice: EmbedChoice, ctx: EmbedContext): string {
  const tag = `${choice.kind}-player`;
  const attributes = elementAttributes(choice, ctx.publicToken)
    .map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escAttr(value)}"`))
    .join('');
  const accent = accentCss(choice);
  return [ctx.script, `<style>${RESERVE_CSS}</style>`, ...(accent ? [`<style>${accent}</style>`] : []), `<${tag}${attributes}></${tag}>`].join('\n');
}

export function embedPageUrl(choice: EmbedChoice, ctx: EmbedContext): string {
  return `${ctx.origin}/embed/${choice.kind}?${optionsQuery(choice.kind, choiceOptions(choice, ctx.publicToken))}`;
}

export function iframeCode(choice: EmbedChoice, ctx: EmbedContext): string {
  const title = choice.kind === 'stream' ? 'Live radio player' : 'Podcast player';
  return `<iframe src="${escAttr(embedPageUrl(choice, ctx))}" title="${title}" width="100%" height="${FRAME_HEIGHT[choice.kind].wide}" frameborder="0" loading="lazy"></iframe>`;
}

/** The share page of the choice: the station's, or the chosen (else the newest) episode's; '' with no episode yet. */
export function shareLink(choice: EmbedChoice, ctx: EmbedContext): string {
  const base = `${ctx.origin}/s/${encodeURIComponent(ctx.publicToken)}`;
  const display = optionsQuery(choice.kind, choiceOptions(choice, ctx.publicToken), DISPLAY_KEYS);
  if (choice.kind === 'stream') {
    const q = [choice.channel ? `channel=${encodeURIComponent(choice.channel)}` : '', display].filter(Boolean).join('&');
    return `${base}/stream${q ? `?${q}` : ''}`;
  }
  const episode = choice.episode || ctx.newestEpisode;
  return episode ? `${base}/episodes/${encodeURIComponent(episode)}${display ? `?${display}` : ''}` : '';
}
