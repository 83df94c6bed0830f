import type { css as Css } from 'lit';

/*
 * Below the tools, ONE line whatever the width or the number of persons (the reserved heights
 * count it): the hosts and guests, scrolling sideways when they do not fit (faded at the end,
 * no scrollbar to change the height), then the Support link at the line's end; when both do
 * not fit they share the line, the link's words cut with an ellipsis.
 */
export const creditStyles = (css: typeof Css) => css`
  [part~=credits] {
    display: flex;
    align-items: center;
    gap: 14px;
    border-top: 1px solid var(--_border);
    padding-top: 8px;
    white-space: nowrap;
  }
  [part~=credits] ul {
    display: flex;
    flex: auto;
    align-items: center;
    gap: 14px;
    min-width: 0;
    /* Room inside the scrolling box for the focus ring (3 px, 2 px off), none taken outside;
       at the end, room for the fade over the gap, so that it fades only what scrolls. */
    margin: -5px;
    margin-inline-end: -19px;
    padding: 5px;
    padding-inline-end: 24px;
    list-style: none;
    overflow: auto hidden;
    scrollbar-width: none;
    mask-image: linear-gradient(to var(--_end, right), #000 calc(100% - 24px), #0000);
  }
  [dir=rtl] [part~=credits] ul {
    --_end: left;
  }
  /* (Not skipped off screen like the list rows: its size is its own.) */
  [part~=person] {
    content-visibility: visible;
    display: flex;
    flex: none;
    align-items: center;
    gap: 6px;
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
    display: block;
    margin-inline-start: auto;
    line-height: 40px;
    /* The show's words in their own direction: English in Arabic is cut at its end, not its start. */
    unicode-bidi: plaintext;
    color: var(--_accent);
    font-weight: 600;
  }
`;
