import { html, nothing, type PropertyValues, type TemplateResult, type PropertyDeclarations } from 'lit';
import type { Chapter, Episode, PodcastFeed } from '../internal/api-types.js';
import { isHttp, publicUrl } from '../internal/api.js';
import { CastletError } from '../internal/errors.js';
import { isPodcastFeed } from '../internal/validate.js';
import { clock, day, spoken } from '../internal/format.js';
import { backIcon, downloadIcon, forwardIcon } from '../internal/icons.js';
import { LIT, PlayerElement } from '../internal/player-element.js';
import { loadResume, saveResume } from '../internal/resume.js';
import type { SharedMoment } from '../internal/share.js';
import type { Transcript } from './transcript.js';
import type { Kit } from './lists.js';
import { currentChapter } from './chapters.js';
import { podcastStyles } from './podcast-player.styles.js';

const SPEEDS = [0.75, 1, 1.25, 1.5, 1.75, 2];
/** The on-demand panels: each a chunk, loaded when the listener first opens it. */
const transcriptPanel = () => import('./transcript.js');
const sharing = () => import('./sharing.js');
/** The list rows (and the hosts, guests and Support link): a chunk, asked for when a podcast player is created. */
const lists = () => import('./lists.js');
const KIT: Kit = { html, nothing, clock, day, isHttp };
/** Keeps an empty line its height while loading. */
const NBSP = '\u00a0';
/** Slider keys: seconds to move. */
const KEYS: Record<string, number> = { ArrowLeft: -5, ArrowDown: -5, ArrowRight: 5, ArrowUp: 5, PageDown: -30, PageUp: 30 };

/**
 * A podcast player: episodes, seek, skip, speed, chapters (with their pictures and links),
 * transcript, share a moment, subscribe, hosts and guests, a Support link, resume where you
 * left off; in the listener's language.
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
 * @attr lang - The interface language (en, de, fr, es, pt, ar); the page's `<html lang>` otherwise, else English.
 * @attr sticky - While it plays with its card scrolled out of view, a mini-player sits at the viewport's bottom.
 *
 * @fires castlet-statechange - `detail: {state}` when `state` changes.
 * @fires castlet-error - `detail: {code, message, fatal}`: bad token, network down, audio failure.
 * @fires castlet-play - `detail: {src}` the listener started an episode.
 * @fires castlet-pause - `detail: {src}` playback stopped (paused, ended, or another player started).
 * @fires castlet-episodechange - `detail: {episode}` the listener chose another episode.
 * @fires castlet-chapterchange - `detail: {index, chapter}` playback entered another chapter.
 *
 * @csspart base - The card.
 * @csspart artwork - The playing chapter's picture, else the episode's artwork, else the show's.
 * @csspart title - The episode title.
 * @csspart play - The Play/Pause button.
 * @csspart back - Back 15 seconds.
 * @csspart forward - Forward 30 seconds.
 * @csspart speed - The playback speed select.
 * @csspart seek - The seek slider.
 * @csspart time - Elapsed and remaining time.
 * @csspart chapters - The chapter list.
 * @csspart chapter - One chapter button (`aria-current` on the current one).
 * @csspart chapter-link - A chapter's link (opens in a new tab), beside its button.
 * @csspart episodes - The episode list.
 * @csspart episode - One episode button.
 * @csspart download - The download link.
 * @csspart transcript - The transcript panel (a `<details>`; loaded when opened).
 * @csspart cue - One transcript cue button (`aria-current` on the one playing).
 * @csspart share - The Share button (a link to this moment of the episode).
 * @csspart subscribe - The Subscribe panel (a `<details>`: the feed address and app links).
 * @csspart credits - Hosts, guests and the Support link (only when the episode or show has them).
 * @csspart person - One host or guest: picture, name (a link when they have a page) and role.
 * @csspart support - The show's Support link (opens in a new tab).
 * @csspart message - Error and reconnecting messages.
 * @csspart mini - The mini-player of `sticky` (a region fixed at the viewport's bottom).
 * @csspart mini-title - The mini-player's title: a button back to the card.
 * @csspart mini-play - The mini-player's Play/Pause button.
 * @csspart mini-close - The mini-player's Close button (hidden for the rest of this playback).
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
 * @cssprop --castlet-mini-bg - Mini-player background (default: the card's).
 * @cssprop --castlet-mini-fg - Mini-player text (default: the card's).
 * @cssprop --castlet-mini-accent - Mini-player Play button and progress (default: the card's accent).
 * @cssprop --castlet-mini-on-accent - Mini-player icon on the accent (default: the card's).
 * @cssprop --castlet-mini-border - Mini-player border (default: the card's).
 * @cssprop --castlet-mini-radius - Mini-player corner radius (default: the card's).
 * @cssprop --castlet-mini-z - Mini-player z-index (default 1030).
 */
export class PodcastPlayer extends PlayerElement<PodcastFeed> {
  static override styles = [...PlayerElement.styles, podcastStyles];
  static override properties: PropertyDeclarations = {
    episode: {},
    chosen: { state: true },
    pos: { state: true },
    rate: { state: true },
    showAll: { state: true },
    note: { state: true },
  };
  protected readonly endpoint = 'podcasts';

  /** Pins one episode by id; the newest is current otherwise. */
  episode = '';

  /** The episode the listener chose from the list. */
  private chosen = '';
  /** Position in the current episode while its audio is not loaded. */
  private pos = 0;
  /** A seek before the data arrived, for the episode that will be current (-1: none). */
  #pending = -1;
  private rate = 1;
  private showAll = false;
  /** The chapter last announced. */
  #chapter = -1;
  #resumed = '';
  /** The position last written to storage. */
  #saved = -1;
  /** What the page's share link asks for (`#castlet-episode=…&castlet-t=…`), until the data came. */
  #shared: SharedMoment | null = null;
  /** What the last share or copy said. */
  private note = '';
  #transcript: Transcript | null = null;

  constructor() {
    super(false, isPodcastFeed);
    // The rows' chunk, asked for beside the data, once this task is over: not in the way of a usable Play.
    setTimeout(() => this.panel('lists', lists));
    if (location.hash.includes('castlet-episode='))
      void this.panel('sharing', sharing).then((m) => {
        this.#shared = m.sharedMoment(location.hash);
        this.requestUpdate();
      });
    this.media.addEventListener('timeupdate', () => this.#progress());
    // (At the end too: browsers pause before `ended`; a finished episode starts over next time, see loadResume.)
    this.media.addEventListener('pause', () => this.#save());
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
  get #loaded(): boolean {
    return this.audio.has(this.current?.audio_url);
  }

  /** Playback position in the current episode, in seconds. */
  get position(): number {
    return this.#loaded ? this.audio.currentTime : this.pos;
  }

  /** The file's duration once loaded (it is what seeks move in), else the episode's. */
  get #length(): number {
    return (this.#loaded && this.audio.duration) || this.current?.duration || 0;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    const moment = this.#shared;
    if (moment && this.data) {
      // A share link: that episode at that time, ready to play (unless this player is pinned to another).
      this.#shared = null;
      if ((this.episode || moment.episode) === moment.episode && this.data.episodes.some((e) => e.id === moment.episode)) {
        this.chosen = moment.episode;
        this.#pending = moment.t;
      }
    }
    const ep = this.current;
    // Audio never plays under another episode's title: loaded audio that is not shown stops.
    if (this.media.hasAttribute('src') && !this.#loaded) this.audio.stop();
    if (this.data && this.episode && !ep) {
      this.fail(new CastletError('not_found'));
    }
    super.willUpdate(changed);
    if (ep && ep.id !== this.#resumed) {
      // A new current episode: pick up where this listener left it (or where the page sought before the data).
      this.#resumed = ep.id;
      const saved = loadResume(this.publicToken, ep.id, ep.duration);
      this.pos = this.#pending < 0 ? saved.t : Math.min(this.#pending, ep.duration);
      this.#pending = -1;
      // A saved speed the menu does not offer becomes the nearest one it does.
      this.audio.rate = this.rate = SPEEDS.reduce((a, b) => (Math.abs(b - saved.rate) < Math.abs(a - saved.rate) ? b : a));
      this.#chapter = currentChapter(ep.chapters, this.pos);
    }
  }

  /** Shares a link to this moment: the Web Share sheet where there is one, else the clipboard. */
  async #share() {
    const ep = this.current!;
    const t = this.position;
    this.#tell(await (await this.panel('sharing', sharing)).share(ep.title, ep.id, t, this.t));
  }

  /** Shows what a share or copy did, and says it to screen readers. */
  #tell(note: string) {
    this.note = this.announcement = note;
  }

  protected play(): void {
    const ep = this.current;
    if (!ep) return;
    this.chosen = ep.id;
    this.audio.play(ep.audio_url, this.pos);
  }

  /** Moves to `t` seconds, before or during playback, before or after the data arrived. */
  seek(t: number): void {
    const ep = this.current;
    const to = Math.max(0, Math.min(this.#length || Infinity, t));
    if (!ep) this.#pending = to;
    else this.chosen = ep.id;
    if (this.#loaded) this.audio.seek(to);
    this.pos = to;
    this.#progress();
    this.#save();
  }

  #setRate(rate: number) {
    this.audio.rate = this.rate = rate;
    this.#save();
  }

  #choose(ep: Episode) {
    if (ep.id !== this.current?.id) {
      this.#save();
      this.chosen = ep.id;
      this.emit('castlet-episodechange', { episode: ep });
    }
    this.updateComplete.then(() => this.play());
  }

  #save() {
    const ep = this.current;
    if (!ep || this.#resumed !== ep.id) return;
    this.#saved = this.position;
    saveResume(this.publicToken, ep.id, { t: this.#saved, rate: this.rate });
  }

  /** On every time update: chapter changes, and the resume point every 5 s. */
  #progress() {
    const ep = this.current;
    if (!ep) return;
    const t = this.position;
    const index = currentChapter(ep.chapters, t);
    if (index !== this.#chapter) {
      this.#chapter = index;
      const chapter = ep.chapters[index];
      if (chapter) {
        this.announcement = this.t('Chapter: {title}', { title: chapter.title });
        this.emit('castlet-chapterchange', { index, chapter });
      }
    }
    if (this.#loaded && Math.abs(t - this.#saved) >= 5) this.#save();
  }

  #onSeekKey(e: KeyboardEvent) {
    const by = KEYS[e.key];
    const to = e.key === 'Home' ? 0 : e.key === 'End' ? this.#length : by === undefined ? null : this.position + by;
    if (to === null) return;
    e.preventDefault();
    this.seek(to);
  }

  protected renderPlayer(): TemplateResult {
    const show = this.data?.podcast;
    const ep = this.current;
    if (this.data && !this.data.episodes.length) return html`<p part="message" role="status">${this.t('No episodes yet.')}</p>`;
    const t = this.position;
    const d = this.#length;
    const none = !ep;
    const lang = this.locale.lang;
    // Every region is rendered while loading too, at its loaded size: no layout shift.
    return html`
      <div class="row">
        ${this.renderArtwork([ep?.chapters[currentChapter(ep.chapters, t, true)]?.img, ep?.artwork_url, show?.artwork_url].find(isHttp))}
        <div class="grow">
          <p class="muted clip">${show?.title ?? NBSP}</p>
          ${ep ? html`<h2 part="title">${ep.title}</h2>` : html`<h2 class="skeleton"></h2>`}
          <p class="muted">${ep ? `${day(ep.published_at, lang)} · ${clock(ep.duration)}` : NBSP}</p>
        </div>
      </div>
      <p class="description">${ep?.description}</p>
      <div class="seek">
        <input
          part="seek"
          type="range"
          aria-label=${this.t('Seek')}
          max=${Math.ceil(d)}
          .value=${String(Math.floor(t))}
          aria-valuetext=${none ? nothing : this.t('{t} of {d}', { t: spoken(t, lang), d: spoken(d, lang) })}
          ?disabled=${none}
          @input=${(e: Event) => this.seek(Number((e.target as HTMLInputElement).value))}
          @keydown=${this.#onSeekKey}
        />
        <div part="time" class="row muted"><span>${clock(t)}</span><span>-${clock(Math.floor(d) - Math.floor(t))}</span></div>
      </div>
      <div class="row controls">
        <button part="back" aria-label=${this.t('Back 15 seconds')} ?disabled=${none} @click=${() => this.seek(this.position - 15)}>${backIcon}</button>
        ${this.renderPlay((!!this.data && none) || !!this.error?.fatal)}
        <button part="forward" aria-label=${this.t('Forward 30 seconds')} ?disabled=${none} @click=${() => this.seek(this.position + 30)}>${forwardIcon}</button>
        <select part="speed" aria-label=${this.t('Playback speed')} ?disabled=${none} @change=${(e: Event) => this.#setRate(Number((e.target as HTMLSelectElement).value))}>
          ${SPEEDS.map((s) => html`<option value=${s} .selected=${s === this.rate}>${none ? s : s.toLocaleString(lang)}×</option>`)}
        </select>
        ${
          isHttp(ep?.audio_url)
            ? html`<a part="download" href=${ep!.audio_url} download aria-label=${this.t('Download episode')}>${downloadIcon}</a>`
            : html`<span part="download"></span>`
        }
      </div>
      ${this.#renderChapters(ep, t)}
      <details part="transcript" @toggle=${this.opens('transcript', transcriptPanel)}>
        <summary>${this.t('Transcript')}</summary>
        ${this.#panel()?.render(t, (to) => this.seek(to), this.t)}
      </details>
      ${this.episode ? nothing : this.#renderEpisodes(this.data?.episodes ?? [], ep, lang)}
      <div class="row tools">
        <button part="share" ?disabled=${none} @click=${this.#share}>${this.t('Share this moment')}</button>
        <details part="subscribe" @toggle=${this.opens('sharing', sharing)}>
          <summary>${this.t('Subscribe')}</summary>
          ${(this.panels.sharing as Awaited<ReturnType<typeof sharing>> | undefined)?.renderSubscribe(LIT, publicUrl(this.baseUrl, 'podcasts.rss', this.publicToken, this.channel), this.t, (k) => this.#tell(this.t(k)))}
        </details>
      </div>
      ${this.note ? html`<p class="muted">${this.note}</p>` : nothing}
      ${this.#lists?.credits(KIT, ep, show, this.t) ?? html`<div part="credits"></div>`}
    `;
  }

  #renderChapters(ep: Episode | undefined, t: number) {
    const pick = (c: Chapter) => (this.seek(c.start), this.audio.wanted || this.play());
    // (On one line: an empty list must be :empty, with no white space, in the npm build too.)
    // prettier-ignore
    return html`<ol part="chapters" aria-label=${this.t('Chapters')}>${this.#lists?.chapters(KIT, ep, currentChapter(ep?.chapters ?? [], t), this.t, pick)}</ol>`;
  }

  #renderEpisodes(list: Episode[], current: Episode | undefined, lang: string) {
    return html`<details part="episodes" open>
      <summary>${this.t('Episodes')} ${list.length ? html`<span class="muted">(${list.length.toLocaleString(lang)})</span>` : nothing}</summary>
      ${
        this.#lists?.episodes(
          KIT,
          list,
          current,
          lang,
          (e) => this.#choose(e),
          this.t,
          this.showAll,
          () => (this.showAll = true),
        ) ?? html`<ol></ol>`
      }
    </details>`;
  }

  /** The transcript panel, once its chunk is here (it follows the episode on show). */
  #panel() {
    const m = this.panels.transcript as Awaited<ReturnType<typeof transcriptPanel>> | undefined;
    return m && (this.#transcript ??= new m.Transcript(LIT, this));
  }

  /** The list rows' chunk, once here. */
  get #lists() {
    return this.panels.lists as Awaited<ReturnType<typeof lists>> | undefined;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'podcast-player': PodcastPlayer;
  }
}
