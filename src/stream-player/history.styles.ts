import type { css as Css } from 'lit';

/** Recent tracks' look (the history chunk: see history.ts). */
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
