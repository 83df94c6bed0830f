/**
 * The rows of <podcast-player>'s chapter and episode lists: a chunk the player asks for when
 * it is created, beside its data (a page with only the live player never loads it). Until it
 * arrives, each list keeps its place (an empty list is as tall as while loading). Each row is
 * a button: a title (in a <bdi>: its own direction, apart from what stands beside it) and,
 * after it, its time; the current one has `aria-current="true"`.
 */
import type { TemplateResult, css as Css } from 'lit';
import type { Chapter, Episode } from '../internal/api-types.js';
import type { MessageKey } from '../i18n/en.js';
import type { Lit } from '../internal/player-element.js';

type Say = (text: MessageKey, vars?: Record<string, string | number>) => string;

/** What the rows need of the player: Lit, and its formats (the chunk imports nothing from the bundle). */
export interface Kit extends Lit {
  clock(seconds: number): string;
  day(iso: string, locale: string): string;
}

const row = ({ html }: Kit, part: string, current: boolean, pick: () => void, title: string, time: string) =>
  html`<li><button part=${part} aria-current=${current ? 'true' : 'false'} @click=${pick}><span class="clip"><bdi>${title}</bdi></span><span class="muted">${time}</span></button></li>`;

/** The chapters of `ep`, chapter `now` current; `pick(c)` when one is chosen. */
export function chapters(kit: Kit, ep: Episode | undefined, now: number, say: Say, pick: (c: Chapter) => void): TemplateResult[] | TemplateResult | undefined {
  const list = ep?.chapters;
  if (ep && !list?.length) return kit.html`<li class="muted">${say('No chapters in this episode.')}</li>`;
  return list?.map((c, i) => row(kit, 'chapter', i === now, () => pick(c), c.title, kit.clock(c.start)));
}

/** How many episodes the list shows before "Show all". */
const LIST = 20;

/**
 * The episode list, `current` marked, dates in `locale`; `pick(e)` when one is chosen. Long
 * feeds show the first LIST unless `whole`, and a "Show all" button that calls `all()`.
 */
export function episodes(kit: Kit, list: Episode[], current: Episode | undefined, locale: string, pick: (e: Episode) => void, say: Say, whole: boolean, all: () => void): TemplateResult {
  const { html } = kit;
  const shown = whole ? list : list.slice(0, LIST);
  return html`<ol>${shown.map((e) => row(kit, 'episode', e === current, () => pick(e), e.title, `${kit.day(e.published_at, locale)} · ${kit.clock(e.duration)}`))}</ol>${shown.length < list.length ? html`<button class="more" @click=${all}>${say('Show all {n} episodes', { n: list.length })}</button>` : ''}`;
}

export const styles = (css: typeof Css) => css`
  li.muted {
    padding: 8px 10px;
  }
  li button {
    width: 100%;
    display: flex;
    align-items: baseline;
    justify-content: space-between;
    gap: 12px;
    border-radius: 8px;
    padding: 4px 10px;
    min-height: var(--_row);
    text-align: start;
    font-size: 0.92em;
  }
  li button .muted {
    flex: none;
    white-space: nowrap;
  }
  li button[aria-current='true'] {
    color: var(--_accent);
    font-weight: 650;
    background: var(--_surface);
  }
  li {
    content-visibility: auto;
    contain-intrinsic-size: auto var(--_row);
  }
  .more {
    width: 100%;
    border-radius: 8px;
    color: var(--_accent);
  }
  @container (max-width: 360px) {
    /* Episodes on two lines: the whole width for the title, date and length below. */
    [part~='episode'] {
      flex-flow: column;
      align-items: normal;
      gap: 0;
    }
  }
`;
