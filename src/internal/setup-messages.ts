import type { css as Css } from 'lit';

/**
 * What the site owner reads when the embed is set up wrong (English; other languages carry
 * these words in their own chunk), and how it looks: a listener of a working embed never sees
 * either, so they are an on-demand chunk, loaded with the first such error.
 */
export { enSetup as setupMessages } from '../i18n/en-setup.js';

/** Setup errors stand out; a private token on the page is loud. */
export const styles = (css: typeof Css) => css`
  [part~=message].fatal {
    background: #fde8ea;
    color: #7a0d18;
    border: 1px solid #f4b4bb;
  }
  [part~=message].loud {
    font-weight: 650;
    background: #b4121f;
    color: #fff;
    border-color: #b4121f;
  }
`;
