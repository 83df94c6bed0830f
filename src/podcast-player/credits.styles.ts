import type { css as Css } from 'lit';

/** Below the tools: the hosts and guests in a wrapping line, the Support link at its end. */
export const styles = (css: typeof Css) => css`
  [part~=credits] {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 4px 14px;
    border-top: 1px solid var(--_border);
    padding-top: 8px;
  }
  [part~=credits] ul {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 14px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  /* (Not skipped off screen like the list rows: its size is its own.) */
  [part~=person] {
    content-visibility: visible;
    display: flex;
    align-items: center;
    gap: 6px;
    min-width: 0;
  }
  [part~=person] img {
    border-radius: 50%;
    object-fit: cover;
  }
  [part~=person] a {
    padding: 0 4px;
    color: var(--_accent);
  }
  [part~=support] {
    margin-inline-start: auto;
    color: var(--_accent);
    font-weight: 600;
  }
`;
