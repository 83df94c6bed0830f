/**
 * The embed snippet the owner console gives and the README shows (test/browser/snippet.test.ts
 * keeps the two identical and holds it to CLS ≤ 0.01).
 *
 * Before the bundle defines the elements, a browser lays them out as empty inline boxes: the
 * page paints with no room for the players and moves when they appear. The snippet's <style>
 * gives each undefined player the height it has once loaded (the same in every state it settles
 * in), per layout: the players turn compact in a container of 360 px or less (their own
 * container query), so the placeholder asks the element's own width the same question. It is
 * inline: nothing waits for a request (a stylesheet in the body holds back everything after it
 * until it arrives), and it works in every engine (`blocking="render"` is Chromium's only, and
 * only in <head>). `:where()` leaves it no specificity: any rule of the page wins, `hidden` too.
 */
export const RESERVE_CSS = `
:where(stream-player:not(:defined,[hidden]),podcast-player:not(:defined,[hidden])){display:block;container-type:inline-size}
:where(stream-player,podcast-player):not(:defined)::before{content:"";display:block;height:217.3px}
podcast-player:not(:defined)::before{height:815.7px}
@container (max-width:360px){stream-player:not(:defined)::before{height:192.6px}podcast-player:not(:defined)::before{height:761px}}
`;

/** The `script` tag (the bundle's versioned URL and its SRI hash), the style above and both players. */
export function embedSnippet(script: string, publicToken: string): string {
  return [
    script,
    `<style>${RESERVE_CSS}</style>`,
    `<stream-player public-token="${publicToken}"></stream-player>`,
    `<podcast-player public-token="${publicToken}"></podcast-player>`,
  ].join('\n');
}
