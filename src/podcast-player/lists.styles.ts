import type { css as Css } from 'lit';
import { creditStyles } from './credits.styles.js';

/** The rows' look (a chapter's link beside its button; episodes on two lines when narrow). */
const rowStyles = (css: typeof Css) => css`
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
  /* A chapter's link: as tall as its row, beside the chapter's button. */
  [part~='chapters'] li {
    display: flex;
  }
  [part~='chapter-link'] {
    flex: none;
    min-height: 0;
    color: var(--_accent);
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

/** The look of the lists chunk: its rows' and the credits'. */
export const styles = (css: typeof Css) => css`${rowStyles(css)}${creditStyles(css)}`;
