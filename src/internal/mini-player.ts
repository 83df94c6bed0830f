/**
 * The mini-player of a `sticky` player: an on-demand chunk, loaded the first time it shows
 * (mini.ts decides when: while the player plays and its card is out of the viewport). Fixed
 * at the viewport's bottom, outside the card: the card keeps its size, the page does not move.
 */
import type { TemplateResult } from 'lit';
import type { MessageKey } from '../i18n/en.js';
import { sessionOf, type SessionPlayer } from './media-session.js';
import type { Lit } from './player-element.js';

export { miniStyles as styles } from './mini-player.styles.js';

type Say = (key: MessageKey, vars?: Record<string, string>) => string;

/** What the mini-player shows, and what its controls do. */
export interface MiniInput {
  lit: Lit;
  /** The card's direction (`rtl` in Arabic), or Lit's `nothing` to inherit the page's. */
  dir: unknown;
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
  return html`<section part="mini" dir=${i.dir} aria-label=${t('Now playing: {title}', { title: i.title })}>
    ${i.live ? nothing : html`<progress max=${i.duration || 1} .value=${i.position} aria-hidden="true"></progress>`}
    ${/^https?:\/\//i.test(i.artwork ?? '') ? html`<img src=${i.artwork} alt="" width="44" height="44" />` : html`<span class="art"></span>`}
    <div class="grow">
      <button part="mini-title" class="clip" @click=${i.onTitle}>${i.title}</button>
      <p class="muted clip">${i.live ? html`<span part="badge" class="live">${t('Live')}</span>` : nothing}${i.subtitle}</p>
    </div>
    <button part="mini-play" aria-label=${t(i.playing ? 'Pause' : 'Play')} @click=${i.onToggle}>${icon(i.lit, i.playing ? PAUSE : PLAY)}</button>
    <button part="mini-close" aria-label=${t('Close')} @click=${i.onClose}>${icon(i.lit, CLOSE)}</button>
  </section>`;
}

/** What the chunk reads of its player (protected there: read here only). */
interface MiniPlayer extends SessionPlayer, HTMLElement {
  audio: { wanted: boolean };
  media: HTMLMediaElement;
  t: Say;
  toggle(): unknown;
  renderRoot: ShadowRoot;
  requestUpdate(): void;
  locale: { lang: string };
}

/** The players whose listener closed the mini-player, until this playback ends. */
const closed = new WeakSet<MiniPlayer>();

/** The mini-player of `player` (none if the listener closed it during this playback). */
export function mini(lit: Lit, player: MiniPlayer): TemplateResult | typeof lit.nothing {
  if (closed.has(player)) return lit.nothing;
  const [info] = sessionOf(player) ?? [{ title: '', album: '', artwork: null }];
  // The card's Play/Pause button.
  const main = () => player.renderRoot.querySelector<HTMLElement>('[part=play]')!;
  return renderMini({
    lit,
    // (As the card's: right to left in Arabic, see player-element.ts.)
    dir: player.locale.lang === 'ar' ? 'rtl' : lit.nothing,
    title: info.title,
    subtitle: info.album,
    artwork: info.artwork,
    playing: player.audio.wanted,
    live: !!player.data && 'channel' in player.data,
    position: player.position ?? 0,
    duration: player.media.duration || player.current?.duration || 0,
    t: player.t,
    onToggle() {
      player.toggle();
      // Paused, the mini-player goes: the keyboard's focus goes to the card's button (Play now), where the page stays.
      if (!player.audio.wanted) main().focus({ preventScroll: true });
    },
    onClose() {
      closed.add(player);
      // (castlet-pause: the listener paused, another player started, or the audio was stopped.)
      player.addEventListener('castlet-pause', () => closed.delete(player), { once: true });
      player.requestUpdate();
    },
    onTitle() {
      const play = main();
      play.scrollIntoView({ block: 'center' });
      play.focus({ preventScroll: true });
    },
  });
}
