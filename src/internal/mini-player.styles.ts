import type { css as Css } from 'lit';

/**
 * The mini-player's look, made with the player's own css tag (it is a chunk: see
 * mini-player.ts). `--castlet-mini-*` custom properties fall back to the card's. Fixed to the
 * viewport's bottom, clear of the safe-area insets (notches, home indicator); it slides in,
 * except with prefers-reduced-motion (player.styles.ts stops every animation then).
 */
export const miniStyles = (css: typeof Css) => css`
  [part=mini] {
    --_m-accent: var(--castlet-mini-accent, var(--_accent));
    --_m-radius: var(--castlet-mini-radius, var(--_radius));
    position: fixed;
    z-index: var(--castlet-mini-z, 1030);
    left: max(8px, env(safe-area-inset-left));
    right: max(8px, env(safe-area-inset-right));
    bottom: max(8px, env(safe-area-inset-bottom));
    max-width: 560px;
    margin: 0 auto;
    display: flex;
    align-items: center;
    gap: 10px;
    padding: 8px;
    color: var(--castlet-mini-fg, var(--_fg));
    background: var(--castlet-mini-bg, var(--_bg));
    border: 1px solid var(--castlet-mini-border, var(--_border));
    border-radius: var(--_m-radius);
    box-shadow: 0 10px 30px -8px #0000005c, 0 1px 3px #0000001f;
    overflow: hidden;
    animation: mini-in .25s ease-out;
  }
  @keyframes mini-in {
    from {
      transform: translateY(calc(100% + 16px));
    }
  }
  /* Progress along the top edge, left to right as the card's seek slider. */
  [part=mini] progress {
    position: absolute;
    inset: 0 0 auto;
    width: 100%;
    height: 3px;
    direction: ltr;
    appearance: none;
    border: 0;
    background: var(--_surface);
  }
  [part=mini] ::-webkit-progress-bar {
    background: var(--_surface);
  }
  [part=mini] ::-webkit-progress-value {
    background: var(--_m-accent);
  }
  [part=mini] ::-moz-progress-bar {
    background: var(--_m-accent);
  }
  [part=mini] img,
  [part=mini] .art {
    width: 44px;
    height: 44px;
    flex: none;
    border-radius: calc(var(--_m-radius) - 8px);
    object-fit: cover;
    background: linear-gradient(135deg, var(--_accent), var(--_live));
  }
  [part=mini-title] {
    display: block;
    width: 100%;
    min-height: 24px;
    padding: 0;
    border-radius: 4px;
    text-align: start;
    font-weight: 650;
    unicode-bidi: plaintext;
  }
  [part=mini] [part=badge] {
    margin-inline-end: 4px;
  }
  [part=mini-play] {
    width: 44px;
    height: 44px;
    flex: none;
    background: var(--_m-accent);
    color: var(--castlet-mini-on-accent, var(--_on-accent));
  }
  [part=mini-play]:hover:not(:disabled) {
    background: var(--_m-accent);
    filter: brightness(1.08);
  }
  [part=mini-close] {
    flex: none;
    color: var(--_muted);
  }
  [part=mini-close] svg {
    width: 20px;
  }
`;
