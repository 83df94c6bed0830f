import { html, nothing, type TemplateResult, type PropertyDeclarations } from 'lit';
import type { Chapter, Episode, LiveItem, PodcastFeed, Soundbite } from '../api/types.js';
import { isHttp, publicUrl } from '../internal/api.js';
import { CastletError } from '../internal/errors.js';
import { check } from '../internal/data.js';
import { FeedController } from '../internal/feed.js';
import { clock, day, spoken } from '../internal/format.js';
import { backIcon, downloadIcon, forwardIcon } from '../internal/icons.js';
import { SPEEDS, type Item } from '../internal/playback/types.js';
import { LIT } from '../internal/panels.js';
import type { Kind } from '../internal/port.js';
import { renderArtwork, renderPlay, shortcut } from '../internal/frame.js';
import { emit } from '../internal/emit.js';
import { PlayerElement } from '../internal/player-element.js';
import type { shared } from './sharing.js';
import type { Podcasting2 } from './podcasting2.js';
import type { Transcript } from './transcript.js';
import type { Kit } from './lists.js';
import { currentChapter } from './chapters.js';
import { podcastStyles } from './podcast-player.styles.js';

const CHUNKS = {
  /** The on-demand panels: each a chunk, loaded when the listener first opens it. */
  transcript: () => import('./transcript.js'),
  sharing: () => import('./sharing.js'),
  /** The list rows (and the hosts, guests and Support link): a chunk, asked for when a podcast player is created. */
  lists: () => import('./lists.js'),
  /** Live items and highlights (Podcasting 2.0): a chunk, asked for when the show has either, or a page opens with a clip link. */
  p20: () => import('./podcasting2.js'),
};
const KIT: Kit = { html, nothing, clock, day, isHttp };
/** Keeps an empty line its height while loading. */
const NBSP = '\u00a0';

/**
 * A podcast player: episodes, seek, skip, speed, chapters (with their pictures and links),
 * transcript, share a moment, subscribe, hosts and guests, a Support link, resume where you
 * left off; Podcasting 2.0 live items (played as the channel's stream), highlights (soundbites)
 * and alternate files (the first the browser can play); in the listener's language.
 *
 * @summary Podcast player for a castlet show.
 * @tagname podcast-player
 *
 * @attr public-token - The account's public token (required).
 * @attr base-url - The service's address: required with the npm package; the CDN script defaults it to its own origin.
 * @attr channel - Channel id; the account's first channel when omitted.
 * @attr episode - Pins one episode by id (no list); otherwise the newest is current.
 * @attr continuous - When an episode ends, the next one in the list (the older one) plays, from where the listener left it; not with `episode`.
 * @attr no-hotkeys - Turns the keyboard shortcuts off (`k`/Space play-pause, `j`/`l` back 15 s/forward 30 s, Shift+N/Shift+P next/previous chapter, while focus is in the player).
 * @attr state - Read-only, reflected: loading | ready | playing | buffering | error.
 * @attr theme - `light` or `dark` to force a colour scheme; follows the page otherwise.
 * @attr lang - The interface language (en, de, fr, es, pt, ar); the page's `<html lang>` otherwise, else English.
 *
 * @fires castlet-statechange - `detail: {state}` when `state` changes.
 * @fires castlet-error - `detail: {code, message, fatal}`: bad token, network down, audio failure.
 * @fires castlet-play - `detail: {src, live?}` the listener started an episode, or a live item (`live`: the item).
 * @fires castlet-pause - `detail: {src, live?}` playback stopped (paused, ended, a live item ended, or another player started).
 * @fires castlet-episodechange - `detail: {episode}` another episode became current: the listener chose it, or `continuous` moved on to it.
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
 * @csspart live-item - A live item at the top of the episode list: a pending one's row (`data-status="pending"`, "Live at 18:00"), a live one's button (`data-status="live"`, "Live now"; `aria-current` while it plays).
 * @csspart live-badge - The Live badge of a live item (in its row, and beside the song while it plays).
 * @csspart song - While a live item plays: the song heard on its channel, beside the title.
 * @csspart highlights - The episode's highlights (soundbites): a list headed "Highlights", only when it has some.
 * @csspart highlight - One highlight button: its title (or "Highlight 2") and length; plays just that range (`aria-current` while it plays, or when a clip link opened it).
 * @csspart highlight-share - A highlight's Share button: a link that plays just that clip.
 * @csspart download - The download link.
 * @csspart transcript - The transcript panel (a `<details>`; loaded when opened).
 * @csspart cue - One transcript cue button (`aria-current` on the one playing).
 * @csspart share - The Share button (a link to this moment of the episode).
 * @csspart remote - The Cast/AirPlay button, at the end of the Share row: only while the browser sees a device (or plays on one); opens the browser's picker.
 * @csspart subscribe - The Subscribe panel (a `<details>`: the feed address and app links).
 * @csspart credits - Hosts, guests and the Support link (only when the episode or show has them).
 * @csspart person - One host or guest: picture, name (a link when they have a page) and role.
 * @csspart support - The show's Support link (opens in a new tab).
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
export class PodcastPlayer extends PlayerElement<PodcastFeed, typeof CHUNKS> {
  static override styles = [...PlayerElement.styles, podcastStyles];
  static override properties: PropertyDeclarations = {
    episode: {},
    chosen: { state: true },
    showAll: { state: true },
    note: { state: true },
    liveId: { state: true },
  };

  /** Pins one episode by id; the newest is current otherwise. */
  episode = '';

  /** At an episode's end, play the next one in the list (not with `episode`): the `continuous` attribute. */
  get continuous(): boolean {
    return this.hasAttribute('continuous');
  }

  set continuous(on: boolean) {
    this.toggleAttribute('continuous', on);
  }

  /** The episode the listener chose from the list (or played or sought in). */
  private chosen = '';
  private showAll = false;
  /** The episode and chapter last announced. */
  #chapter: [id?: string, index?: number] = [];
  /** What the page's share link asks for (`#castlet-episode=…&castlet-t=…` or `&castlet-clip=…`), until the data came. */
  #shared: ReturnType<typeof shared> = null;
  /** The live item the listener chose to play (its id). */
  private liveId = '';
  /** The live items and highlights (podcasting2.ts), once asked for, and once here. */
  #asked?: Promise<Podcasting2>;
  #x?: Podcasting2;
  /** What the last share or copy said. */
  private note = '';
  #transcript: Transcript | null = null;

  /** Connected before (what the first connection starts is started). */
  #started = false;

  constructor() {
    super('podcasts', check('isPodcastFeed'), CHUNKS);
    const audio = this.audio;
    audio.on('time', () => this.#progress());
    // Played: it stays on show (a newly published episode never replaces it).
    audio.on('play', () => (this.chosen = this.current?.id ?? this.chosen));
    audio.on('ended', () => this.playNext());
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.#started) return;
    this.#started = true;
    // The rows' chunk, asked for beside the data, once this task is over: not in the way of a usable Play.
    setTimeout(() => this.panels.load('lists'));
    if (location.hash.includes('castlet-episode='))
      void this.panels.load('sharing').then((m) => {
        this.#shared = m.shared(location.hash);
        this.#open();
      });
  }

  protected loadKind(): Promise<Kind> {
    return import('./podcast-kind.js').then((m) =>
      m.kind(this.port, {
        show: () => this.data?.podcast,
        current: () => this.current,
        following: () => this.following,
        seek: (t) => this.seek(t),
        playNext: () => this.playNext(),
        extra: () => this.#x?.session(),
      }),
    );
  }

  /**
   * The episode on show: the pinned one, else the one the listener chose, played or sought
   * in (so a newly published episode never replaces it), else the newest. None while a live
   * item plays (`liveItem`): Play, the events and the lock screen are then about it.
   */
  get current(): Episode | undefined {
    if (this.liveItem) return undefined;
    const list = this.data?.episodes ?? [];
    const id = this.episode || this.chosen;
    return list.find((e) => e.id === id) ?? (this.episode ? undefined : list[0]);
  }

  /** The episode `continuous` plays after the current one: the row below (the older one), if any. */
  protected get following(): Episode | undefined {
    const list = this.data?.episodes ?? [];
    const ep = this.current;
    return this.continuous && !this.episode && ep ? list[list.indexOf(ep) + 1] : undefined;
  }

  /** Plays the following episode, if any (at an episode's end, or the lock screen's Next). */
  protected playNext(): void {
    const ep = this.following;
    if (ep) this.#choose(ep);
  }

  /** Playback position in the current episode, in seconds. */
  get position(): number {
    return this.audio.position;
  }

  /** The live item playing (chosen from its row, and live): no episode is current meanwhile. */
  get liveItem(): LiveItem | undefined {
    return this.data?.live_items?.find((i) => i.id === this.liveId && i.status === 'live');
  }

  /**
   * What plays: the live item chosen, as a stream of its channel's sources; else the current
   * episode's first file this browser can play (its `audio`, else `audio_url`), from where this
   * listener left it (see docs/playback.md).
   */
  protected item(): Item | null | undefined {
    const l = this.liveItem;
    const ep = this.current;
    return this.data
      ? l
        ? { live: true, sources: l.sources, audio_url: l.sources[0]?.url ?? '' }
        : ep
          ? { ...ep, sources: ep.audio }
          : null
      : undefined;
  }

  protected override dataChanged(): void {
    const d = this.data;
    if (d?.live_items?.length || d?.episodes.some((e) => e.soundbites?.length)) void this.#p20();
    this.#open();
  }

  /** Play: a clip a link opened ready plays just that clip. */
  override play(): Promise<void> {
    this.#x?.start();
    return super.play();
  }

  /** The live item playing, in castlet-play and castlet-pause (`live`). */
  protected override told = (src: string): object => ({ live: this.data?.live_items?.find((i) => i.sources.some((s) => s.url === src)) });

  /** The live items and highlights' chunk (podcasting2.ts), asked for once. */
  #p20() {
    return (this.#asked ??= this.panels.load('p20').then(
      (m) =>
        (this.#x = new m.Podcasting2({
          host: this,
          lit: KIT,
          audio: this.audio,
          Feed: FeedController,
          valid: check('isStreamInfo'),
          url: (e, c) => publicUrl(this.baseUrl, e, this.publicToken, c),
          data: () => this.data,
          episode: () => this.current,
          live: () => this.liveItem,
          playLive: (i) => {
            this.liveId = i.id;
            this.updateComplete.then(() => this.audio.play());
          },
          share: (s) => this.#share(s),
          announce: (s) => (this.announcement = s),
          say: this.t,
          lang: () => this.locale.lang,
        })),
    ));
  }

  /** A share link: that episode at that time, ready to play (unless this player is pinned to another). */
  #open() {
    const moment = this.#shared;
    if (!moment || !this.data) return;
    this.#shared = null;
    if ((this.episode || moment.episode) === moment.episode && this.data.episodes.some((e) => e.id === moment.episode)) {
      this.chosen = moment.episode;
      this.audio.seek(moment.t, true);
      const d = moment.d;
      if (d) void this.#p20().then((x) => x.arm(moment.episode, moment.t, d));
    }
  }

  /** A pinned episode the data does not have: the owner's error (worked out once the data is current). */
  protected override derive(): void {
    if (this.data && this.episode && !this.current) this.status.fail(new CastletError('not_found'));
  }

  /** Shares a link to this moment (or to the clip `s`): the Web Share sheet where there is one, else the clipboard. */
  async #share(s?: Soundbite) {
    const ep = this.current;
    if (!ep) return;
    this.#tell(
      await (await this.panels.load('sharing')).share({ title: ep.title, episode: ep.id, t: s?.start ?? this.position, d: s?.duration, say: this.t }),
    );
  }

  /** Shows what a share or copy did, and says it to screen readers. */
  #tell(note: string) {
    this.note = this.announcement = note;
  }

  /** Moves to `t` seconds, before or during playback, before or after the data arrived. */
  seek(t: number): void {
    const ep = this.current;
    if (ep) this.chosen = ep.id;
    this.audio.seek(t);
  }

  #choose(ep: Episode) {
    if (ep.id !== this.current?.id) {
      this.chosen = ep.id;
      this.liveId = '';
      emit(this, 'castlet-episodechange', { episode: ep });
    }
    this.updateComplete.then(() => this.audio.play());
  }

  /** When the position moved (time updates, seeks, another episode): chapter changes (a new episode's first is not one). */
  #progress() {
    const ep = this.current;
    if (!ep) return;
    const index = currentChapter(ep.chapters, this.position);
    const [id, was] = this.#chapter;
    this.#chapter = [ep.id, index];
    const chapter = ep.chapters[index];
    if (id === ep.id && index !== was && chapter) {
      this.announcement = this.t('Chapter: {title}', { title: chapter.title });
      emit(this, 'castlet-chapterchange', { index, chapter });
    }
  }

  /** A key on the Seek slider: its seconds (lists.ts, once here; the slider's own keys before). */
  #onSeekKey(e: KeyboardEvent) {
    const to = this.#lists?.seekKey(e.key, this.position, this.audio.snapshot.duration);
    if (to == null) return;
    e.preventDefault();
    this.seek(to);
  }

  protected renderPlayer(): TemplateResult {
    const show = this.data?.podcast;
    const ep = this.current;
    if (this.data && !this.data.episodes.length) return html`<p part="message" role="status">${this.t('No episodes yet.')}</p>`;
    const t = this.position;
    const d = this.audio.snapshot.duration;
    const none = !ep;
    const lang = this.locale.lang;
    // Every region is rendered while loading too, at its loaded size: no layout shift.
    return html`
      <div class="row">
        ${renderArtwork([ep?.chapters[currentChapter(ep.chapters, t, true)]?.img, ep?.artwork_url, show?.artwork_url].find(isHttp))}
        <div class="grow">
          <p class="muted clip">${show?.title ?? NBSP}</p>
          ${
            this.#x?.header() ??
            html`${ep ? html`<h2 part="title">${ep.title}</h2>` : html`<h2 class="skeleton"></h2>`}
              <p class="muted">${ep ? `${day(ep.published_at, lang)} · ${clock(ep.duration)}` : NBSP}</p>`
          }
        </div>
      </div>
      <p class="description">${(this.liveItem ?? ep)?.description}</p>
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
        <button part="back" aria-label=${this.t('Back 15 seconds')} aria-keyshortcuts=${shortcut(this.port, 'j')} ?disabled=${none} @click=${() => this.seek(this.position - 15)}>${backIcon}</button>
        ${renderPlay(this.port, (!!this.data && !this.item()) || !!this.status.error?.fatal)}
        <button part="forward" aria-label=${this.t('Forward 30 seconds')} aria-keyshortcuts=${shortcut(this.port, 'l')} ?disabled=${none} @click=${() => this.seek(this.position + 30)}>${forwardIcon}</button>
        <select part="speed" aria-label=${this.t('Playback speed')} ?disabled=${none} @change=${(e: Event) => this.audio.setRate(Number((e.target as HTMLSelectElement).value))}>
          ${SPEEDS.map((s) => html`<option value=${s} .selected=${s === this.audio.snapshot.rate}>${none ? s : s.toLocaleString(lang)}×</option>`)}
        </select>
        ${
          ep && isHttp(ep.audio_url)
            ? html`<a part="download" href=${ep.audio_url} download aria-label=${this.t('Download episode')}>${downloadIcon}</a>`
            : html`<span part="download"></span>`
        }
      </div>
      <div class="box" tabindex="-1">${this.#renderChapters(ep, t)}${this.#x?.highlights()}</div>
      <details part="transcript" @toggle=${this.#openTranscript}>
        <summary>${this.t('Transcript')}</summary>
        ${this.#transcript?.render(t)}
      </details>
      ${this.episode ? nothing : this.#renderEpisodes(this.data?.episodes ?? [], ep, lang)}
      <div class="row tools">
        <button part="share" ?disabled=${none} @click=${() => this.#share()}>${this.t('Share this moment')}</button>
        <details part="subscribe" @toggle=${this.panels.opens('sharing')}>
          <summary>${this.t('Subscribe')}</summary>
          ${this.panels.loaded.sharing?.renderSubscribe({ lit: LIT, feed: publicUrl(this.baseUrl, 'podcasts.rss', this.publicToken, this.channel), say: this.t, copied: (k) => this.#tell(this.t(k)) })}
        </details>
        ${this.panels.loaded.remote?.button(this.port)}
      </div>
      ${this.note ? html`<p class="muted">${this.note}</p>` : nothing}
      ${this.#lists?.credits({ lit: KIT, say: this.t, episode: ep, show }) ?? html`<div part="credits"></div>`}
    `;
  }

  #renderChapters(ep: Episode | undefined, t: number) {
    const pick = (c: Chapter) => (this.seek(c.start), this.audio.snapshot.on || this.audio.play());
    // (On one line: an empty list must be :empty, with no white space, in the npm build too.)
    // prettier-ignore
    return html`<ol part="chapters" aria-label=${this.t('Chapters')} aria-keyshortcuts=${shortcut(this.port, 'Shift+N Shift+P')}>${this.#lists?.chapters({ lit: KIT, say: this.t, episode: ep, now: currentChapter(ep?.chapters ?? [], t), pick })}</ol>`;
  }

  #renderEpisodes(list: Episode[], current: Episode | undefined, lang: string) {
    return html`<details part="episodes" open>
      <summary>${this.t('Episodes')} ${list.length ? html`<span class="muted">(${list.length.toLocaleString(lang)})</span>` : nothing}</summary>
      ${this.#lists?.episodes({ lit: KIT, say: this.t, episodes: list, current, locale: lang, showAll: this.showAll, pick: (e) => this.#choose(e), all: () => (this.showAll = true), live: this.#x?.rows() }) ?? html`<ol></ol>`}
    </details>`;
  }

  /** The transcript panel opened: its chunk, and the panel (it follows the episode on show), the first time. */
  #openTranscript = (e: Event) =>
    (e.target as HTMLDetailsElement).open &&
    void this.panels.load('transcript').then((m) => {
      this.#transcript ??= new m.Transcript({ lit: LIT, host: this, seek: (to) => this.seek(to), say: this.t });
      this.requestUpdate();
    });

  /** The list rows' chunk, once here. */
  get #lists() {
    return this.panels.loaded.lists;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'podcast-player': PodcastPlayer;
  }
}
