/**
 * The recent tracks of <stream-player>: an on-demand chunk, loaded when the listener first
 * opens "Recent tracks". Each title and artist is bidi-isolated: a title's direction controls
 * never reorder the artist beside it.
 */
import type { TemplateResult, css as Css } from 'lit';
import type { NowPlaying } from '../internal/api-types.js';
import type { Lit } from '../internal/player-element.js';

/** The local time of day in `locale`, e.g. "14:05". */
export function timeOfDay(iso: string, locale?: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleTimeString(locale, { timeStyle: 'short' });
}

export function renderHistory({ html }: Lit, tracks: NowPlaying[], locale: string): TemplateResult {
  return html`<ol>
    ${tracks.map(
      (t) =>
        html`<li><time datetime=${t.started_at}>${timeOfDay(t.started_at, locale)}</time><span class="clip"><bdi>${t.title}</bdi>${t.artist ? html` — <bdi>${t.artist}</bdi>` : ''}</span></li>`,
    )}
  </ol>`;
}

export const styles = (css: typeof Css) => css`
  [part~=history] ol {
    list-style: none;
    padding: 6px 0 0;
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: 4px;
  }
  /* A long title is cut with an ellipsis; the time never wraps. */
  [part~=history] li {
    display: flex;
    gap: 8px;
    font-size: .9em;
    white-space: nowrap;
  }
  [part~=history] time {
    color: var(--_muted);
    font-variant-numeric: tabular-nums;
  }
`;
