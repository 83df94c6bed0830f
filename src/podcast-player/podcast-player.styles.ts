import { css } from 'lit';

export const podcastStyles = css`
  :host {
    contain-intrinsic-size: auto 720px;
  }
  h2[part~='title'] {
    display: -webkit-box;
    -webkit-line-clamp: 2;
    -webkit-box-orient: vertical;
    overflow: hidden;
  }
  /* Fixed heights (descriptions, chapters, episodes), so the card keeps its size when the data arrives. */
  .description {
    display: -webkit-box;
    -webkit-line-clamp: 3;
    -webkit-box-orient: vertical;
    overflow: hidden;
    font-size: 0.92em;
    height: 3lh;
  }
  .seek {
    display: grid;
    gap: 2px;
  }
  [part~='seek'] {
    width: 100%;
  }
  [part~='time'] {
    justify-content: space-between;
    font-variant-numeric: tabular-nums;
  }
  .controls {
    justify-content: center;
    gap: 8px;
  }
  [part~='back'] svg,
  [part~='forward'] svg {
    width: 30px;
    height: 30px;
  }
  [part~='speed'] {
    min-height: 36px;
    padding: 0 6px;
    border: 1px solid var(--_border);
    border-radius: 999px;
    background: var(--_bg);
    cursor: pointer;
  }
  [part~='download'] {
    display: inline-grid;
    place-items: center;
    width: 40px;
    height: 40px;
    border-radius: 999px;
    fill: currentColor;
  }
  [part~='download']:hover {
    background: var(--_surface);
  }
  ol {
    list-style: none;
    padding: 0;
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: 2px;
  }
  [part~='chapters'],
  [part~='episodes'] {
    border-top: 1px solid var(--_border);
    padding-top: 8px;
  }
  [part~='chapters'] {
    height: calc(4 * 38px + 8px);
    overflow-y: auto;
    align-content: start;
  }
  [part~='episodes'] ol {
    height: calc(5 * 38px);
    overflow-y: auto;
    align-content: start;
  }
  li.muted {
    padding: 8px 10px;
  }
  summary {
    cursor: pointer;
    font-weight: 600;
    font-size: 0.9em;
    padding-bottom: 4px;
  }
  li button {
    width: 100%;
    display: flex;
    align-items: baseline;
    justify-content: space-between;
    gap: 12px;
    border-radius: 8px;
    padding: 4px 10px;
    min-height: 36px;
    text-align: left;
    font-size: 0.92em;
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
    contain-intrinsic-size: auto 36px;
  }
  .more {
    width: 100%;
    border-radius: 8px;
    color: var(--_accent);
  }
  @container (max-width: 360px) {
    .description {
      display: none;
    }
  }
`;
