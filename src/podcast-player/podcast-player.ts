import { html, nothing, type PropertyValues, type TemplateResult, type PropertyDeclarations } from 'lit';
import type { Episode, PodcastFeed } from '../internal/api-types.js';
import { isHttp } from '../internal/api.js';
import { CastletError } from '../internal/errors.js';
import { isPodcastFeed } from '../internal/validate.js';
import { clock, day, spoken } from '../internal/format.js';
import { backIcon, downloadIcon, forwardIcon } from '../internal/icons.js';
import type { SessionHandlers, SessionInfo } from '../internal/media-session.js';
import { PlayerElement } from '../internal/player-element.js';
import { loadResume, saveResume } from '../internal/resume.js';
import { currentChapter } from './chapters.js';
import { podcastStyles } from './podcast-player.styles.js';

const SPEEDS = [0.75, 1, 1.25, 1.5, 1.75, 2];
/** Keeps an empty line its height while loading. */
const NBSP = '\u00a0';
/** How many episodes the list shows before "Show all". */
const LIST = 20;
/** Slider keys: seconds to move. */
const KEYS: Record<string, number> = { ArrowLeft: -5, ArrowDown: -5, ArrowRight: 5, ArrowUp: 5, PageDown: -30, PageUp: 30 };

/**
 * A podcast player: episodes, seek, skip, speed, chapters, resume where you left off.
 *
 * @summary Podcast player for a castlet show.
 * @tagname podcast-player
 *
 * @attr public-token - The account's public token (required).
 * @attr base-url - The service's address: required with the npm package; the CDN script defaults it to its own origin.
 * @attr channel - Channel id; the account's first channel when omitted.
 * @attr episode - Pins one episode by id (no list); otherwise the newest is current.
 * @attr state - Read-only, reflected: loading | ready | playing | buffering | error.
 * @attr theme - `light` or `dark` to force a colour scheme; follows the page otherwise.
 *
 * @fires castlet-statechange - `detail: {state}` when `state` changes.
 * @fires castlet-error - `detail: {code, message, fatal}`: bad token, network down, audio failure.
 * @fires castlet-play - `detail: {src}` the listener started an episode.
 * @fires castlet-pause - `detail: {src}` playback stopped (paused, ended, or another player started).
 * @fires castlet-episodechange - `detail: {episode}` the listener chose another episode.
 * @fires castlet-chapterchange - `detail: {index, chapter}` playback entered another chapter.
 *
 * @csspart base - The card.
 * @csspart artwork - Episode or show artwork.
 * @csspart title - The episode title.
 * @csspart play - The Play/Pause button.
 * @csspart back - Back 15 seconds.
 * @csspart forward - Forward 30 seconds.
 * @csspart speed - The playback speed select.
 * @csspart seek - The seek slider.
 * @csspart time - Elapsed and remaining time.
 * @csspart chapters - The chapter list.
 * @csspart chapter - One chapter button (`aria-current` on the current one).
 * @csspart episodes - The episode list.
 * @csspart episode - One episode button.
 * @csspart download - The download link.
 * @csspart message - Error and reconnecting messages.
 *
 * @cssprop --castlet-accent - Play button, sliders and the current chapter.
 * @cssprop --castlet-on-accent - Icon colour on the accent.
 * @cssprop --castlet-bg - Card background.
 * @cssprop --castlet-fg - Text colour.
 * @cssprop --castlet-muted - Secondary text.
 * @cssprop --castlet-surface - Hover and message background.
 * @cssprop --castlet-border - Card border and dividers.
 * @cssprop --castlet-radius - Card corner radius (default 16px).
 * @cssprop --castlet-font - Font family.
 * @cssprop --castlet-focus - Focus ring colour.
 */
export class PodcastPlayer extends PlayerElement<PodcastFeed> {
  static override styles = [...PlayerElement.styles, podcastStyles];
  static override properties: PropertyDeclarations = { episode: {}, chosen: { state: true }, pos: { state: true }, rate: { state: true }, showAll: { state: true } };
  protected readonly endpoint = 'podcasts';

  /** Pins one episode by id; the newest is current otherwise. */
  episode = '';

  /** The episode the listener chose from the list. */
  private chosen = '';
  /** Position in the current episode while its audio is not loaded. */
  private pos = 0;
  /** A seek before the data arrived, for the episode that will be current (-1: none). */
  private pending = -1;
  private rate = 1;
  private showAll = false;
  /** The chapter last announced. */
  private chapter = -1;
  private resumed = '';
  /** The position last written to storage. */
  private saved = -1;

  constructor() {
    super(false, isPodcastFeed);
    this.media.addEventListener('timeupdate', () => this.progress());
    this.media.addEventListener('pause', () => this.save());
    this.media.addEventListener('ended', () => {
      this.pos = 0;
      this.save();
    });
  }

  /**
   * The episode on show: the pinned one, else the one the listener chose, played or sought
   * in (so a newly published episode never replaces it), else the newest.
   */
  get current(): Episode | undefined {
    const list = this.data?.episodes ?? [];
    const id = this.episode || this.chosen;
    return list.find((e) => e.id === id) ?? (this.episode ? undefined : list[0]);
  }

  /** Is the current episode's audio in the media element? */
  private get loaded(): boolean {
    return !!this.current && this.audio.has(this.current.audio_url);
  }

  /** Playback position in the current episode, in seconds. */
  get position(): number {
    return this.loaded ? this.audio.currentTime : this.pos;
  }

  private get length(): number {
    const known = this.current?.duration || 0;
    const d = this.loaded ? this.audio.duration : 0;
    // WebKit may report the buffered length as the duration: trust the episode's own over an implausible one.
    return known && Math.abs(d - known) > known / 10 ? known : d || known;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    const ep = this.current;
    // Audio never plays under another episode's title: loaded audio that is not shown stops.
    if (this.media.hasAttribute('src') && !this.loaded) this.audio.stop();
    if (this.data && this.episode && !ep) {
      this.fail(new CastletError('not_found', `Episode “${this.episode}” was not found.`));
    }
    super.willUpdate(changed);
    if (ep && ep.id !== this.resumed) {
      // A new current episode: pick up where this listener left it (or where the page sought before the data).
      this.resumed = ep.id;
      const saved = loadResume(this.publicToken, ep.id, ep.duration);
      this.pos = this.pending < 0 ? saved.t : Math.min(this.pending, ep.duration);
      this.pending = -1;
      // A saved speed the menu does not offer becomes the nearest one it does.
      this.audio.rate = this.rate = SPEEDS.reduce((a, b) => (Math.abs(b - saved.rate) < Math.abs(a - saved.rate) ? b : a));
      this.chapter = currentChapter(ep.chapters, this.pos);
    }
  }

  protected play(): void {
    const ep = this.current;
    if (!ep) return;
    this.chosen = ep.id;
    this.audio.rate = this.rate;
    this.audio.play(ep.audio_url, this.pos);
  }

  /** Moves to `t` seconds, before or during playback, before or after the data arrived. */
  seek(t: number): void {
    const ep = this.current;
    const to = Math.max(0, Math.min(this.length || Infinity, t));
    if (!ep) this.pending = to;
    else this.chosen = ep.id;
    if (this.loaded) this.audio.seek(to);
    this.pos = to;
    this.progress();
    this.save();
  }

  private setRate(rate: number) {
    this.audio.rate = this.rate = rate;
    this.save();
  }

  private choose(ep: Episode) {
    if (ep.id !== this.current?.id) {
      this.save();
      this.chosen = ep.id;
      this.emit('castlet-episodechange', { episode: ep });
    }
    this.updateComplete.then(() => this.play());
  }

  private save() {
    const ep = this.current;
    if (!ep || this.resumed !== ep.id) return;
    this.saved = this.position;
    saveResume(this.publicToken, ep.id, { t: this.saved, rate: this.rate });
  }

  /** On every time update: chapter changes, and the resume point every 5 s. */
  private progress() {
    const ep = this.current;
    if (!ep) return;
    const t = this.position;
    const index = currentChapter(ep.chapters, t);
    if (index !== this.chapter) {
      this.chapter = index;
      const chapter = ep.chapters[index];
      if (chapter) {
        this.announcement = `Chapter: ${chapter.title}`;
        this.emit('castlet-chapterchange', { index, chapter });
      }
    }
    if (this.loaded && Math.abs(t - this.saved) >= 5) this.save();
  }

  protected sessionInfo(): SessionInfo | null {
    const ep = this.current;
    const show = this.data?.podcast;
    return ep && show ? { title: ep.title, artist: show.author, album: show.title, artwork: ep.artwork_url || show.artwork_url } : null;
  }

  protected override sessionHandlers(): SessionHandlers {
    return {
      seekbackward: () => this.seek(this.position - 15),
      seekforward: () => this.seek(this.position + 30),
      seekto: (d) => this.seek(d.seekTime ?? this.position),
    };
  }

  private onSeekKey(e: KeyboardEvent) {
    const by = KEYS[e.key];
    const to = e.key === 'Home' ? 0 : e.key === 'End' ? this.length : by === undefined ? null : this.position + by;
    if (to === null) return;
    e.preventDefault();
    this.seek(to);
  }

  protected renderPlayer(): TemplateResult {
    const show = this.data?.podcast;
    const ep = this.current;
    if (this.data && !this.data.episodes.length) return html`<p part="message" role="status">No episodes yet.</p>`;
    const t = this.position;
    const d = this.length;
    const none = !ep;
    // Every region is rendered while loading too, at its loaded size: no layout shift.
    return html`
      <div class="row">
        ${this.renderArtwork(ep?.artwork_url || show?.artwork_url)}
        <div class="grow">
          <p class="muted clip">${show?.title ?? NBSP}</p>
          ${ep ? html`<h2 part="title">${ep.title}</h2>` : html`<h2 class="skeleton"></h2>`}
          <p class="muted">${ep ? `${day(ep.published_at)} · ${spoken(ep.duration).replace(/ \d+ seconds?$/, '')}` : NBSP}</p>
        </div>
      </div>
      <p class="description">${ep?.description}</p>
      <div class="seek">
        <input
          part="seek"
          type="range"
          aria-label="Seek"
          min="0"
          max=${Math.ceil(d)}
          step="1"
          .value=${String(Math.floor(t))}
          aria-valuetext=${`${spoken(t)} of ${spoken(d)}`}
          ?disabled=${none}
          @input=${(e: Event) => this.seek(Number((e.target as HTMLInputElement).value))}
          @keydown=${this.onSeekKey}
        />
        <div part="time" class="row muted"><span>${clock(t)}</span><span>-${clock(Math.floor(d) - Math.floor(t))}</span></div>
      </div>
      <div class="row controls">
        <button part="back" aria-label="Back 15 seconds" ?disabled=${none} @click=${() => this.seek(this.position - 15)}>${backIcon}</button>
        ${this.renderPlay((!!this.data && none) || !!this.error?.fatal)}
        <button part="forward" aria-label="Forward 30 seconds" ?disabled=${none} @click=${() => this.seek(this.position + 30)}>${forwardIcon}</button>
        <select part="speed" aria-label="Playback speed" ?disabled=${none} @change=${(e: Event) => this.setRate(Number((e.target as HTMLSelectElement).value))}>
          ${SPEEDS.map((s) => html`<option value=${s} .selected=${s === this.rate}>${s}×</option>`)}
        </select>
        ${isHttp(ep?.audio_url)
          ? html`<a part="download" href=${ep!.audio_url} download aria-label="Download episode">${downloadIcon}</a>`
          : html`<span part="download"></span>`}
      </div>
      ${this.renderChapters(ep, t)}
      ${this.episode ? nothing : this.renderEpisodes(this.data?.episodes ?? [], ep)}
    `;
  }

  private renderChapters(ep: Episode | undefined, t: number) {
    const chapters = ep?.chapters ?? [];
    const now = currentChapter(chapters, t);
    return html`<ol part="chapters" aria-label="Chapters">
      ${ep && !chapters.length ? html`<li class="muted">No chapters in this episode.</li>` : nothing}
      ${chapters.map(
        (c, i) => html`<li>
          <button part="chapter" aria-current=${i === now ? 'true' : 'false'} @click=${() => (this.seek(c.start), this.audio.wanted || this.play())}>
            <span class="clip">${c.title}</span><span class="muted">${clock(c.start)}</span>
          </button>
        </li>`,
      )}
    </ol>`;
  }

  private renderEpisodes(list: Episode[], current: Episode | undefined) {
    const shown = this.showAll ? list : list.slice(0, LIST);
    return html`<details part="episodes" open>
      <summary>Episodes ${list.length ? html`<span class="muted">(${list.length})</span>` : nothing}</summary>
      <ol>
        ${shown.map(
          (e) => html`<li>
            <button part="episode" aria-current=${e === current ? 'true' : 'false'} @click=${() => this.choose(e)}>
              <span class="clip">${e.title}</span><span class="muted">${day(e.published_at)} · ${clock(e.duration)}</span>
            </button>
          </li>`,
        )}
      </ol>
      ${shown.length < list.length ? html`<button class="more" @click=${() => (this.showAll = true)}>Show all ${list.length} episodes</button>` : nothing}
    </details>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'podcast-player': PodcastPlayer;
  }
}
