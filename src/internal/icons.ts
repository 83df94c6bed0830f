import { svg, type SVGTemplateResult } from 'lit';

const icon = (path: SVGTemplateResult) => svg`<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">${path}</svg>`;

export const playIcon = icon(svg`<path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.2-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z"/>`);
export const pauseIcon = icon(svg`<rect x="6" y="5" width="4" height="14" rx="1.2"/><rect x="14" y="5" width="4" height="14" rx="1.2"/>`);
export const volumeIcon = icon(
  svg`<path d="M4 9h3l5-4v14l-5-4H4z"/><path d="M15.5 8.5a5 5 0 0 1 0 7M18 6a8.5 8.5 0 0 1 0 12" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>`,
);
export const mutedIcon = icon(
  svg`<path d="M4 9h3l5-4v14l-5-4H4z"/><path d="m16 9 6 6m0-6-6 6" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>`,
);
const skip = (flip: boolean, label: string) =>
  icon(
    svg`<g transform=${flip ? 'matrix(-1 0 0 1 24 0)' : ''}><path d="M12 4a8 8 0 1 1-8 8" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/><path d="M12 1v6l4-3z"/></g><text x="12" y="15.5" font-size="7.5" font-weight="700" text-anchor="middle">${label}</text>`,
  );
export const backIcon = skip(true, '15');
export const forwardIcon = skip(false, '30');
export const downloadIcon = icon(
  svg`<path d="M12 4v11m-5-5 5 5 5-5M5 20h14" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>`,
);
/** Shown on the artwork tile when there is no artwork: a broadcast mark. */
export const artIcon = icon(
  svg`<circle cx="12" cy="12" r="2.2"/><path d="M8 8a5.6 5.6 0 0 0 0 8m8-8a5.6 5.6 0 0 1 0 8" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round"/>`,
);
