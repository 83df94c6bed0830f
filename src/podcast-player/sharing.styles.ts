import type { css as Css } from 'lit';

/** Share and Subscribe's look (the sharing chunk: see sharing.ts). */
export const styles = (css: typeof Css) => css`
  /* Open, the panel takes the whole width, below the Share button. */
  .tools {
    flex-wrap: wrap;
  }
  [part~=subscribe][open] {
    flex-basis: 100%;
  }
  .feed {
    display: flex;
    gap: 6px;
    margin: 6px 0;
  }
  .feed input {
    flex: 1;
    min-width: 0;
    min-height: 32px;
    padding: 0 10px;
    font: inherit;
    color: inherit;
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: 8px;
  }
  [part~=subscribe] ul {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 14px;
    padding: 0;
    list-style: none;
  }
  [part~=subscribe] a {
    display: inline-block;
    padding: 4px 0;
    color: var(--_accent);
  }
`;
