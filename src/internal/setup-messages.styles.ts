import type { css as Css } from 'lit';

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
