/**
 * The recent tracks of <stream-player>: an on-demand chunk, loaded when the listener first
 * opens "Recent tracks". Each title and artist is bidi-isolated: a title's direction controls
 * never reorder the artist beside it.
 */
import type { TemplateResult } from 'lit';
import type { NowPlaying } from '../api/types.js';
import type { Lit } from '../internal/panels.js';

/** The local time of day in `locale`, e.g. "14:05". */
export function timeOfDay(iso: string, locale?: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleTimeString(locale, { timeStyle: 'short' });
}

/** The recent tracks' input. */
export interface HistoryInput {
  /** The player's Lit (the chunk imports nothing from the bundle). */
  lit: Lit;
  /** The recent tracks, newest first. */
  history: NowPlaying[];
  /** The language times are written in. */
  locale: string;
}

export function renderHistory({ lit: { html }, history, locale }: HistoryInput): TemplateResult {
  return html`<ol>
    ${history.map(
      (t) =>
        html`<li><time datetime=${t.started_at}>${timeOfDay(t.started_at, locale)}</time><span class="clip"><bdi>${t.title}</bdi>${t.artist ? html` — <bdi>${t.artist}</bdi>` : ''}</span></li>`,
    )}
  </ol>`;
}

export { styles } from './history.styles.js';
