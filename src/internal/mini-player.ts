/**
 * The mini-player of a `sticky` player: an on-demand chunk, loaded when a sticky player first
 * plays (player-element.ts asks for it, then calls `stick`). From then on it watches the card
 * while the player plays, and shows while the card is out of the viewport: fixed at the
 * viewport's bottom, outside the card (the card keeps its size, the page does not move).
 */
import type { TemplateResult, render } from 'lit';
import type { Lit } from './panels.js';
import type { Kind, PlayerPort, Say } from './port.js';

/** Lit's render too: the mini-player renders into a box of its own. */
type LitRender = Lit & { render: typeof render };

export { miniStyles as styles } from './mini-player.styles.js';

/** What the mini-player shows, and what its controls do. */
export interface MiniInput {
  lit: Lit;
  /** The card's direction (`rtl` in Arabic), or Lit's `nothing` to inherit the page's. */
  dir: 'rtl' | Lit['nothing'];
  title: string;
  /** The show or channel name. */
  subtitle: string;
  /** An http(s) image; otherwise a tile is shown. */
  artwork: string | null;
  /** The listener wants sound: the button says Pause, as the card's does. */
  playing: boolean;
  /** Radio: the Live badge instead of progress. */
  live: boolean;
  /** A podcast's position and duration, in seconds (the progress bar). */
  position: number;
  duration: number;
  t: Say;
  onToggle(): void;
  onClose(): void;
  /** The title was pressed: back to the card. */
  onTitle(): void;
}

const icon = (lit: Lit, d: string) => lit.html`<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true"><path d=${d} /></svg>`;
// (The card's play and pause shapes, icons.ts.)
const PLAY = 'M8 5.5v13a1 1 0 0 0 1.5.86l10.2-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z';
const PAUSE =
  'M7.2 5h1.6A1.2 1.2 0 0 1 10 6.2v11.6A1.2 1.2 0 0 1 8.8 19H7.2A1.2 1.2 0 0 1 6 17.8V6.2A1.2 1.2 0 0 1 7.2 5Zm8 0h1.6A1.2 1.2 0 0 1 18 6.2v11.6a1.2 1.2 0 0 1-1.2 1.2h-1.6a1.2 1.2 0 0 1-1.2-1.2V6.2A1.2 1.2 0 0 1 15.2 5Z';
const CLOSE = 'M6.7 5.3 12 10.6l5.3-5.3 1.4 1.4-5.3 5.3 5.3 5.3-1.4 1.4-5.3-5.3-5.3 5.3-1.4-1.4 5.3-5.3-5.3-5.3Z';

/** The mini-player: a region named after what plays, with artwork, title, Play/Pause, progress or Live, and Close. */
export function renderMini(i: MiniInput): TemplateResult {
  const { html, nothing } = i.lit;
  const t = i.t;
  const art = i.artwork;
  return html`<section part="mini" dir=${i.dir} aria-label=${t('Now playing: {title}', { title: i.title })}>
    ${i.live ? nothing : html`<progress max=${i.duration || 1} .value=${i.position} aria-hidden="true"></progress>`}
    ${art && /^https?:\/\//i.test(art) ? html`<img src=${art} alt="" width="44" height="44" />` : html`<span class="art"></span>`}
    <div class="grow">
      <button part="mini-title" class="clip" @click=${i.onTitle}>${i.title}</button>
      <p class="muted clip">${i.live ? html`<span part="badge" class="live">${t('Live')}</span>` : nothing}${i.subtitle}</p>
    </div>
    <button part="mini-play" aria-label=${t(i.playing ? 'Pause' : 'Play')} @click=${i.onToggle}>${icon(i.lit, i.playing ? PAUSE : PLAY)}</button>
    <button part="mini-close" aria-label=${t('Close')} @click=${i.onClose}>${icon(i.lit, CLOSE)}</button>
  </section>`;
}

/** The players this chunk watches already. */
const stuck = new WeakSet<object>();

/**
 * From now on, the mini-player of the player of `port`: its card is observed while it plays
 * (and is `sticky`); the mini-player shows while the card is out of view, unless the listener
 * closed it during this playback. It renders into its own box at the end of the shadow root,
 * after the card (so it comes after the card's controls in the focus order).
 */
export function stick(port: PlayerPort, kind: Kind, lit: LitRender): void {
  const player = port.host;
  if (stuck.has(player)) return;
  stuck.add(player);
  // (The player's own template always renders the same frame, so Lit never clears past its
  // end marker: the box stays.)
  const box = player.renderRoot.appendChild(document.createElement('div'));
  let io: IntersectionObserver | undefined;
  /** The card is out of view. */
  let out = false;
  /** The listener closed it: until this playback ends (castlet-pause: paused, another player started, or stopped). */
  let closed = false;
  player.addEventListener('castlet-pause', () => (closed = false));
  const show = () => lit.render(out && !closed ? mini(lit, port, kind, () => ((closed = true), show())) : lit.nothing, box);
  player.addController({
    hostUpdated() {
      if (player.hasAttribute('sticky') && port.playback.on)
        // (Observing what is observed already does nothing. A busy page may get several changes in one report, oldest
        // first: the last is now.)
        (io ??= new IntersectionObserver((es) => ((out = !es.at(-1)?.isIntersecting), show()))).observe(player);
      else {
        io?.disconnect();
        io = undefined;
        out = false;
      }
      show();
    },
  });
  player.requestUpdate();
}

/** The mini-player of the player of `port` now. */
function mini(lit: LitRender, port: PlayerPort, kind: Kind, close: () => void): TemplateResult {
  const [info] = kind.session() ?? [{ title: '', album: '', artwork: null }];
  const playback = port.playback;
  // The card's Play/Pause button.
  const main = () => port.host.renderRoot.querySelector<HTMLElement>('[part=play]');
  return renderMini({
    lit,
    // (As the card's: right to left in Arabic, see player-element.ts.)
    dir: port.lang === 'ar' ? 'rtl' : lit.nothing,
    title: info.title,
    subtitle: info.album,
    artwork: info.artwork,
    playing: playback.on,
    live: playback.live,
    position: playback.position,
    duration: playback.duration,
    t: port.t,
    onToggle() {
      void port.toggle().catch(() => {});
      // Paused, the mini-player goes: the keyboard's focus goes to the card's button (Play now), where the page stays.
      if (!port.playback.on) main()?.focus({ preventScroll: true });
    },
    onClose: close,
    onTitle() {
      const play = main();
      play?.scrollIntoView({ block: 'center' });
      play?.focus({ preventScroll: true });
    },
  });
}
