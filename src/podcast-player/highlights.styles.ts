import type { css as Css } from 'lit';

/** The highlights and live rows (rows like the episode list's: lists.styles.ts). */
export const styles = (css: typeof Css) => css`
  [part~='highlights'] ol {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  /* A highlight's Share button beside it, as tall as its row. */
  [part~='highlights'] li {
    display: flex;
  }
  [part~='highlight'] {
    flex: 1;
    min-width: 0;
  }
  li [part~='highlight-share'] {
    flex: none;
    width: auto;
    min-height: 0;
    color: var(--_accent);
  }
  [part~='highlights'] .head {
    margin: 8px 10px 4px;
    font-size: 0.85em;
    font-weight: 650;
  }
  li.pending {
    display: flex;
    align-items: baseline;
    justify-content: space-between;
    gap: 12px;
    padding: 4px 10px;
    min-height: var(--_row);
    font-size: 0.92em;
  }
  [part~='live-badge'] {
    display: inline-block;
    padding: 0 6px;
    border-radius: 4px;
    background: var(--_live, #c62828);
    color: #fff;
    font-size: 0.75em;
    font-weight: 700;
    text-transform: uppercase;
    vertical-align: 0.1em;
  }
`;
