import type { css as Css } from 'lit';

/** The transcript panel's look, made with the player's own css tag (the panel is a chunk: see transcript.ts). */
export const transcriptStyles = (css: typeof Css) => css`
  [part~='transcript'] .find {
    display: flex;
    gap: 4px;
    align-items: center;
    margin-bottom: 6px;
  }
  [part~='transcript'] input {
    flex: 1;
    min-width: 0;
    min-height: 32px;
    padding: 0 10px;
    font: inherit;
    color: inherit;
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: 999px;
  }
  [part~='transcript'] .find button {
    min-width: 32px;
    min-height: 32px;
    border-radius: 999px;
  }
  [part~='transcript'] ol {
    border-top: 1px solid var(--_border);
    padding-top: 4px;
    max-height: calc(6 * 2.6em);
    overflow-y: auto;
    position: relative;
  }
  [part~='cue'] {
    display: block;
    place-items: normal;
    /* Spoken words take their direction from themselves, in either layout. */
    unicode-bidi: plaintext;
    width: 100%;
    text-align: start;
    border-radius: 8px;
    padding: 4px 10px;
    min-height: 32px;
    font-size: 0.92em;
  }
  [part~='cue'][aria-current='true'] {
    background: var(--_surface);
    color: var(--_accent);
  }
  [part~='cue'] b {
    display: block;
    /* A block of its own: the speaker's name takes its own direction too, as the words below it. */
    unicode-bidi: plaintext;
    font-size: 0.85em;
    color: var(--_muted);
  }
  mark {
    background: #ffe066;
    color: #17151f;
  }
  mark.now {
    outline: 2px solid var(--_accent);
  }
`;
