import type { css as Css } from 'lit';

/*
 * Below the tools, the hosts and guests, then the Support link at the end: on one line where they
 * fit; where they do not (a phone's card), the line wraps, so that every name, role and the whole
 * link show (nothing scrolls, fades or is cut). The reserved heights count two lines (the bundle's
 * min-height: one line sits in the middle of them); a card whose credits take more grows at its end.
 * Also Share and Subscribe, side by side above: one style (a bold text button as tall as the
 * controls; Subscribe keeps its disclosure triangle). This chunk comes right after the player's
 * first render; the row is as tall before (the Share button's 40 px) and after.
 */
export const creditStyles = (css: typeof Css) => css`
  [part~=credits] {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    align-content: center;
    gap: 0 14px;
    border-top: 1px solid var(--_border);
    padding-top: 8px;
  }
  [part~=credits] ul {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0 14px;
    min-width: 0;
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
    min-height: 40px;
    max-width: 100%;
  }
  [part~=person] img {
    flex: none;
    border-radius: 50%;
    object-fit: cover;
  }
  [part~=person] a {
    padding: 0 4px;
    color: var(--_accent);
  }
  [part~=support] {
    display: block;
    margin-inline-start: auto;
    max-width: 100%;
    line-height: 40px;
    overflow-wrap: anywhere;
    /* The show's words in their own direction: English in Arabic keeps its own order. */
    unicode-bidi: plaintext;
    color: var(--_accent);
    font-weight: 600;
  }
  [part~=share],
  [part~=subscribe] > summary {
    font-weight: 600;
    font-size: .9em;
  }
  [part~=subscribe] > summary {
    padding: 0 8px;
    line-height: 40px;
    border-radius: 999px;
    white-space: nowrap;
  }
  [part~=subscribe] > summary:hover {
    background: var(--_surface);
  }
`;
