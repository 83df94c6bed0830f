/**
 * <podcast-player>'s Podcasting 2.0 rows, an on-demand chunk (a feed without soundbites or
 * live items never loads it): the episode's highlights (its soundbites: title and length,
 * each a button that plays just that range) and the live items at the top of the list (a
 * pending one says when it goes live, in the listener's language and time zone; a live one
 * is a "Live now" button with the Live badge; an ended one is not shown). Like lists.ts it
 * renders with the player's Lit (`lit`) and imports nothing from the bundle.
 */
import type { nothing, TemplateResult } from 'lit';
import type { LiveItem, Soundbite } from '../api/types.js';
import type { Kit, Say } from './lists.js';

export { styles } from './highlights.styles.js';

/** The Share icon (a box with an arrow out of it). */
const SHARE = (lit: Kit) =>
  lit.html`<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path d="M12 3v12m0-12-4 4m4-4 4 4M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" /></svg>`;

/** The highlights' input. */
export interface HighlightsInput {
  lit: Kit;
  say: Say;
  /** The episode's soundbites (none or absent: nothing is shown). */
  soundbites: readonly Soundbite[] | undefined;
  /** The soundbite playing, marked current. */
  current: Soundbite | undefined;
  /** The listener chose soundbite `s`. */
  pick(s: Soundbite): void;
  /** The listener asked to share soundbite `s` (a link that plays just it). */
  share(s: Soundbite): void;
}

/** A soundbite's name: its title, else "Highlight 2" (its place in the list). */
export const highlightTitle = (say: Say, s: Soundbite, i: number): string => s.title || say('Highlight {n}', { n: i + 1 });

/** The episode's highlights as a list headed "Highlights", each with its Share button; nothing when it has none. */
export function highlights({ lit, say, soundbites, current, pick, share }: HighlightsInput): TemplateResult | typeof nothing {
  const { html, clock } = lit;
  if (!soundbites?.length) return lit.nothing;
  // (A group, not a region: a page with several podcast players would have landmarks of the same name.)
  return html`<div part="highlights" role="group" aria-label=${say('Highlights')}>
    <h3 class="head">${say('Highlights')}</h3>
    <ol>
      ${soundbites.map(
        (s, i) =>
          html`<li><button part="highlight" aria-current=${s === current ? 'true' : 'false'} @click=${() => pick(s)}><span class="clip"><bdi>${highlightTitle(say, s, i)}</bdi></span><span class="muted">${clock(s.duration)}</span></button><button part="highlight-share" aria-label=${say('Share: {title}', { title: highlightTitle(say, s, i) })} @click=${() => share(s)}>${SHARE(lit)}</button></li>`,
      )}
    </ol>
  </div>`;
}

/** The live rows' input. */
export interface LiveRowsInput {
  lit: Kit;
  say: Say;
  /** The show's live items (absent from older services: none). */
  items: readonly LiveItem[] | undefined;
  /** The live item playing, marked current. */
  current: LiveItem | undefined;
  /** The listener's language. */
  locale: string;
  /** Now (ms since the epoch): a start today is written as a time only. */
  now: number;
  /** The listener's time zone (default: the browser's). */
  timeZone?: string;
  /** The listener chose the live item `item` (only live ones can be chosen). */
  pick(item: LiveItem): void;
}

/**
 * When a live item starts, in `locale` and `timeZone`: "18:00" today, "Sat 28 Nov, 18:00"
 * (as the language writes it) on another day.
 */
export function liveTime(iso: string, locale: string, now: number, timeZone?: string): string {
  const at = new Date(iso);
  const dayOf = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
  const today = dayOf(at) === dayOf(new Date(now));
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    ...(today ? {} : { weekday: 'short', day: 'numeric', month: 'short' }),
  }).format(at);
}

/** The pending and live items, live ones first, then by start; each a row of the list (an `<li>`). */
export function liveRows({ lit, say, items, current, locale, now, timeZone, pick }: LiveRowsInput): TemplateResult[] {
  const { html } = lit;
  const shown = (items ?? [])
    .filter((i) => i.status === 'live' || i.status === 'pending')
    .sort((a, b) => (a.status === b.status ? Date.parse(a.start) - Date.parse(b.start) : a.status === 'live' ? -1 : 1));
  return shown.map((item) =>
    item.status === 'live'
      ? html`<li><button part="live-item" data-status="live" aria-current=${item === current ? 'true' : 'false'} @click=${() => pick(item)}><span class="clip"><span part="live-badge" class="badge">${say('Live')}</span> <bdi>${item.title}</bdi></span><span class="muted">${say('Live now')}</span></button></li>`
      : html`<li part="live-item" data-status="pending" class="pending"><span class="clip"><bdi>${item.title}</bdi></span><span class="muted">${say('Live at {time}', { time: liveTime(item.start, locale, now, timeZone) })}</span></li>`,
  );
}
