import { css } from 'lit';

/**
 * Shared look of both players. Public `--castlet-*` custom properties map to private
 * `--_*` ones on :host; defaults follow the page's colour scheme (`prefers-color-scheme`,
 * or `theme="light"|"dark"` on the element), and the layout tightens in narrow containers.
 */
export const playerStyles = css`
  :host {
    --_accent: var(--castlet-accent, light-dark(#5b3df5, #a292ff));
    --_on-accent: var(--castlet-on-accent, light-dark(#fff, #120e24));
    --_bg: var(--castlet-bg, light-dark(#fff, #17161c));
    --_fg: var(--castlet-fg, light-dark(#17151f, #f1eff8));
    --_muted: var(--castlet-muted, light-dark(#5d596b, #aaa5ba));
    --_surface: var(--castlet-surface, light-dark(#f3f1f8, #24222c));
    --_border: var(--castlet-border, light-dark(#e2dfea, #33303d));
    --_live: var(--castlet-live, light-dark(#d92d3a, #ff5c67));
    --_radius: var(--castlet-radius, 16px);
    --_focus: var(--castlet-focus, var(--_accent));
    color-scheme: light dark;
    display: block;
    container-type: inline-size;
    color: var(--_fg);
    font: 400 15px/1.4 var(--castlet-font, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
  }
  :host([theme=light]) {
    color-scheme: light;
  }
  :host([theme=dark]) {
    color-scheme: dark;
  }
  :host([hidden]) {
    display: none;
  }
  /* Before the first render (a task after the element was defined): the snippet's reservation (demo/snippet.ts). */
  :host(:not([state]))::before {
    content: "";
    display: block;
    height: 217.3px;
  }
  * {
    box-sizing: border-box;
  }
  /* (The parts styled in these sheets are one word each: [part=x] says [part~=x] in fewer bytes.) */
  [part=base] {
    position: relative;
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: 12px;
    padding: 16px;
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    box-shadow: 0 1px 2px #0000000d, 0 8px 24px -12px #0000002e;
    overflow: hidden;
    /*
     * Off-screen cards skip style and layout (100 on a page render in half the time). Each
     * player sets --_rh to its loading height (inside the padding), per layout: the first
     * frame uses it before Chromium knows the card is on screen.
     */
    content-visibility: auto;
    contain-intrinsic-height: auto var(--_rh);
  }
  h2,
  p,
  ol {
    margin: 0;
  }
  /* Server text (titles, descriptions) takes its direction from its own words, in either layout. */
  h2 {
    unicode-bidi: plaintext;
    font-size: 1.05em;
    font-weight: 650;
    line-height: 1.25;
  }
  .muted {
    color: var(--_muted);
    font-size: .87em;
  }
  .clip {
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  button,
  select,
  a {
    font: inherit;
    color: inherit;
  }
  button,
  a {
    display: inline-grid;
    place-items: center;
    min-width: 40px;
    min-height: 40px;
    padding: 0 8px;
    border: 0;
    border-radius: 999px;
    background: transparent;
    cursor: pointer;
    fill: currentColor;
  }
  button:hover:not(:disabled),
  a:hover {
    background: var(--_surface);
  }
  button:disabled {
    opacity: .45;
    cursor: not-allowed;
  }
  :focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }
  [part=play] {
    width: 52px;
    height: 52px;
    background: var(--_accent);
    color: var(--_on-accent);
    flex: none;
    box-shadow: 0 6px 16px -8px var(--_accent);
  }
  [part=play]:hover:not(:disabled) {
    background: var(--_accent);
    filter: brightness(1.08);
  }
  :host([state=buffering]) [part=play] svg {
    animation: pulse 1s ease-in-out infinite alternate;
  }
  @keyframes pulse {
    to {
      opacity: .35;
    }
  }
  [part=artwork] {
    width: 88px;
    height: 88px;
    flex: none;
    border-radius: calc(var(--_radius) - 6px);
    object-fit: cover;
    background: linear-gradient(135deg, var(--_accent), var(--_live));
  }
  .no-art {
    display: grid;
    place-items: center;
    color: #ffffffd0;
    fill: currentColor;
  }
  .no-art svg {
    width: 44%;
    height: 44%;
  }
  input[type=range] {
    accent-color: var(--_accent);
    min-width: 0;
    margin: 0;
    height: 24px;
    cursor: pointer;
  }
  /* Messages stand at the top of the card; an error leaves nothing else to show. */
  [part=message] {
    order: -1;
    padding: 10px 12px;
    border-radius: 10px;
    background: var(--_surface);
    font-size: .9em;
  }
  :host([state=error]) [part=base] > :not([part=message], .sr-only) {
    display: none;
  }
  /* …in a card as tall as while loading (size containment: contain-intrinsic-height gives its
     height), so the page around it does not move. */
  :host([state=error]) [part=base] {
    contain: size;
    display: block;
  }
  summary {
    cursor: pointer;
    /* WCAG 2.5.8: at least 24 px tall. */
    padding: 4px 0;
  }
  /* Right to left (Arabic): the layout follows, but times, the seek and volume sliders and the
     playback controls stay left to right, as media players keep them. */
  .seek,
  .controls {
    direction: ltr;
  }
  .row {
    display: flex;
    align-items: center;
    gap: 12px;
    min-width: 0;
  }
  .grow {
    flex: 1;
    min-width: 0;
  }
  /* A loading line exactly as tall as the text that replaces it: no layout shift. */
  .skeleton {
    border-radius: 6px;
    background: var(--_surface);
    height: 1lh;
    width: 60%;
  }
  .sr-only {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  @container (max-width: 360px) {
    :host(:not([state]))::before {
      height: 192.6px;
    }
    [part=base] {
      padding: 12px;
      gap: 10px;
    }
    [part=artwork] {
      width: 56px;
      height: 56px;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    * {
      animation: none !important;
    }
  }
`;
