/**
 * The rows of <podcast-player>'s chapter and episode lists: a chunk the player asks for when
 * it is created, beside its data (a page with only the live player never loads it). Until it
 * arrives, each list keeps its place (an empty list is as tall as while loading). Each row is
 * a button: a title (in a <bdi>: its own direction, apart from what stands beside it) and,
 * after it, its time; the current one has `aria-current="true"`. A chapter with a link
 * (http(s) only) has it beside its button, opened in a new tab; a silent chapter (`toc: false`)
 * is not listed.
 */
import type { TemplateResult } from 'lit';
import type { Chapter, Episode } from '../api/types.js';
import type { MessageKey } from '../i18n/en.js';
import type { Lit } from '../internal/panels.js';

export { credits, type CreditsInput } from './credits.js';
export { styles } from './lists.styles.js';

/** The Seek slider's keys: seconds to move. */
const KEYS: Record<string, number> = { ArrowLeft: -5, ArrowDown: -5, ArrowRight: 5, ArrowUp: 5, PageDown: -30, PageUp: 30 };

/** Where `key` pressed on the Seek slider moves to, from `t` in `d` seconds (Home, End, arrows ±5 s, Page ±30 s); null: not a seek key. */
export function seekKey(key: string, t: number, d: number): number | null {
  const by = KEYS[key];
  return key === 'Home' ? 0 : key === 'End' ? d : by === undefined ? null : t + by;
}

/** A message of the catalogue in the listener's language. */
export type Say = (text: MessageKey, vars?: Record<string, string | number>) => string;

/** What the rows need of the player: Lit, its formats and its URL check (the chunk imports nothing from the bundle). */
export interface Kit extends Lit {
  clock(seconds: number): string;
  day(iso: string, locale: string): string;
  isHttp(url: string | null | undefined): url is string;
}

/** The chapter list's input. */
export interface ChaptersInput {
  /** The player's Lit, formats and URL check. */
  lit: Kit;
  say: Say;
  /** The episode on show (none: still loading). */
  episode: Episode | undefined;
  /** The chapter playing: an index in all of the episode's chapters (silent ones included). */
  now: number;
  /** The listener chose chapter `c`. */
  pick(c: Chapter): void;
}

/** The episode list's input. */
export interface EpisodesInput {
  /** The player's Lit, formats and URL check. */
  lit: Kit;
  say: Say;
  /** The show's episodes, newest first. */
  episodes: Episode[];
  /** The episode on show, marked current. */
  current: Episode | undefined;
  /** The language dates are written in. */
  locale: string;
  /** All of a long list, not its first LIST episodes. */
  showAll: boolean;
  /** The listener chose episode `e`. */
  pick(e: Episode): void;
  /** The listener asked to see all episodes. */
  all(): void;
  /** Rows above the episodes (the live items: podcasting2.ts), in the same list. */
  live?: unknown;
}

const row = ({ html }: Kit, part: string, current: boolean, pick: () => void, title: string, time: string, link?: unknown) =>
  html`<li><button part=${part} aria-current=${current ? 'true' : 'false'} @click=${pick}><span class="clip"><bdi>${title}</bdi></span><span class="muted">${time}</span></button>${link}</li>`;

/** A chapter's link: an arrow out of a box, named for its chapter. */
const link = ({ html, nothing, isHttp }: Kit, c: Chapter, say: Say) =>
  isHttp(c.url)
    ? html`<a part="chapter-link" href=${c.url} target="_blank" rel="noopener" aria-label=${say('Chapter link: {title}', { title: c.title })}
        ><svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path d="M14 4h6v6m0-6-9 9m-1-7H6a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-4" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" /></svg
      ></a>`
    : nothing;

/** The listed chapters of the episode (not the silent ones), chapter `now` current; `pick(c)` when one is chosen. */
export function chapters({ lit: kit, say, episode: ep, now, pick }: ChaptersInput): TemplateResult[] | TemplateResult | undefined {
  const list = ep?.chapters.filter((c) => c.toc !== false);
  if (ep && !list?.length) return kit.html`<li class="muted">${say('No chapters in this episode.')}</li>`;
  return list?.map((c) => row(kit, 'chapter', c === ep?.chapters[now], () => pick(c), c.title, kit.clock(c.start), link(kit, c, say)));
}

/** How many episodes the list shows before "Show all". */
const LIST = 20;

/**
 * The list of `episodes`, `current` marked, dates in `locale`; `pick(e)` when one is chosen. Long
 * feeds show the first LIST unless `showAll`, and a "Show all" button that calls `all()`.
 */
export function episodes({ lit: kit, say, episodes: list, current, locale, showAll: whole, pick, all, live }: EpisodesInput): TemplateResult {
  const { html } = kit;
  const shown = whole ? list : list.slice(0, LIST);
  return html`<ol>${live}${shown.map((e) => row(kit, 'episode', e === current, () => pick(e), e.title, `${kit.day(e.published_at, locale)} · ${kit.clock(e.duration)}`))}</ol>${shown.length < list.length ? html`<button class="more" @click=${all}>${say('Show all {n} episodes', { n: list.length })}</button>` : ''}`;
}
