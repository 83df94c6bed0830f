import { css } from 'lit';

/*
 * While loading, the card reserves (min-height) the size of a typical episode: a two-line
 * description, four chapters, three episodes and two lines of hosts and guests and the
 * Support link (Podcasting 2.0 shows have them: on a phone they take two); lists show at most that
 * many rows and scroll beyond; longer credits wrap further. Shorter lists, a missing description and a show
 * with no credits leave no empty band.
 */
export const podcastStyles = css`
  /* Before the first render: the snippet's reservation (player.styles.ts). */
  :host(:not([state]))::before {
    height: 815.7px;
  }
  [part=base] {
    --_rh: 781.7px;
    --_row: 36px;
  }
  h2[part=title],
  .description {
    display: -webkit-box;
    -webkit-line-clamp: 2;
    line-clamp: 2;
    -webkit-box-orient: vertical;
    overflow: hidden;
  }
  .description {
    unicode-bidi: plaintext;
    font-size: .92em;
    min-height: 2lh;
  }
  :host(:not([state=loading])) .description:empty {
    display: none;
  }
  .seek {
    display: grid;
    gap: 2px;
  }
  [part=seek] {
    width: 100%;
  }
  [part=time] {
    justify-content: space-between;
    font-variant-numeric: tabular-nums;
  }
  .controls {
    justify-content: center;
    gap: 8px;
  }
  [part=back] svg,
  [part=forward] svg {
    width: 30px;
    height: 30px;
  }
  [part=speed] {
    min-height: 36px;
    padding: 0 6px;
    border: 1px solid var(--_border);
    border-radius: 999px;
    background: var(--_bg);
    cursor: pointer;
  }
  /* A link like the buttons (player styles); an empty placeholder keeps its place. */
  [part=download] {
    width: 40px;
    height: 40px;
  }
  ol {
    list-style: none;
    padding: 0;
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: 2px;
    overflow-y: auto;
    align-content: start;
  }
  [part=chapters],
  [part=episodes] {
    border-top: 1px solid var(--_border);
    padding-top: 8px;
  }
  /* Four chapter rows (2 px apart, below 8 px padding and a border), three episode rows. */
  [part=chapters] {
    --_h: 159px;
  }
  [part=episodes] ol {
    --_h: calc(3*var(--_row) + 4px);
  }
  ol {
    max-height: var(--_h);
  }
  /*
   * The chapters and, below them in the same place, the highlights (podcasting2.ts): one box as
   * tall as four chapter rows, scrolling beyond (tabindex -1: Firefox makes a scrolling box a Tab
   * stop of its own; its rows are the stops).
   */
  .box {
    max-height: 159px;
    overflow-y: auto;
  }
  .box > ol {
    max-height: none;
  }
  /* While loading, and until the rows' chunk is here, a list keeps its place. */
  ol:empty {
    min-height: var(--_h);
  }
  /* The credits (credits.styles.ts): two lines' place, loading or loaded (on a phone a typical show's wrap to two). */
  [part=credits] {
    min-height: 89px;
  }
  summary {
    font-weight: 600;
    font-size: .9em;
  }
  @container (max-width: 360px) {
    :host(:not([state]))::before {
      height: 761px;
    }
    [part=base] {
      --_rh: 735px;
    }
    /* Room for a two-line title beside the artwork. */
    [part=artwork] {
      width: 76px;
      height: 76px;
    }
    .description {
      display: none;
    }
    /* Episodes on two lines (lists.ts): the whole width for the title, date and length below. */
    [part=episodes] {
      --_row: 46px;
    }
  }
`;
