import { css } from 'lit';

export const streamStyles = css`
  [part=base] {
    --_rh: 183.3px;
  }
  [part=badge] {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    padding: 2px 8px;
    border-radius: 999px;
    font-size: .72em;
    font-weight: 700;
    letter-spacing: .06em;
    text-transform: uppercase;
    background: var(--_surface);
    color: var(--_muted);
  }
  [part=badge]::before {
    content: '';
    width: 7px;
    height: 7px;
    border-radius: 50%;
    background: currentColor;
  }
  [part=badge].live {
    background: var(--_live);
    /* White on the dark scheme's lighter red is 3:1; dark text there is 6:1 (WCAG AA). */
    color: light-dark(#fff, #1d0306);
  }
  :host([state=playing]) [part=badge].live::before {
    animation: pulse .9s ease-in-out infinite alternate;
  }
  .controls {
    padding-top: 4px;
    border-top: 1px solid var(--_border);
  }
  [part=mute] {
    margin-left: -8px;
  }
  [part=volume] {
    width: 110px;
  }
  [part=listeners] {
    margin-left: auto;
  }
  [part=history] summary {
    width: max-content;
  }
  @container (max-width: 360px) {
    [part=base] {
      --_rh: 166.6px;
    }
    [part=volume] {
      width: 72px;
    }
  }
`;
