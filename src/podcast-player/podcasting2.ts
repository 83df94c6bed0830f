/**
 * <podcast-player>'s Podcasting 2.0 side, an on-demand chunk loaded when the show has live
 * items or an episode has soundbites (or a page opens with a clip link): the live rows at the
 * top of the list and the live item playing (its title, the song heard, the lock screen), and
 * the highlights (soundbites: play one, share one, a clip link ready to play). It follows the
 * channel's `/public/stream` (through the page's shared feed) only while a live item is live,
 * and shows its now playing as heard (stream-player/heard.ts). docs/live-and-clips.md.
 * Like lists.ts it uses the player's Lit and feed (passed in): it imports nothing from the bundle.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Episode, LiveItem, PodcastFeed, Soundbite, StreamInfo } from '../api/types.js';
import type { FeedController, Valid } from '../internal/feed.js';
import type { PlaybackController } from '../internal/playback/controller.js';
import type { SessionInfo, Say } from '../internal/port.js';
import type { Snapshot } from '../internal/playback/types.js';
import { highlights, highlightTitle, liveRows } from './highlights.js';
import type { Kit } from './lists.js';

export { styles } from './highlights.styles.js';

/** What the chunk is given of the player (it imports nothing from the bundle). */
export interface Podcasting2Kit {
  host: ReactiveControllerHost & HTMLElement;
  lit: Kit;
  audio: PlaybackController;
  Feed: typeof FeedController;
  valid: Valid;
  /** The public URL of `endpoint` for `channel` (the player's token and base-url). */
  url(endpoint: 'stream' | 'stream/events', channel: string): string;
  data(): PodcastFeed | null;
  /** The episode on show (none while a live item plays). */
  episode(): Episode | undefined;
  /** The live item chosen (none: the episode plays). */
  live(): LiveItem | undefined;
  /** Plays the live item `item` (its row was pressed). */
  playLive(item: LiveItem): void;
  /** Shares the clip `s` of the episode on show. */
  share(s: Soundbite): void;
  /** Says `text` in the player's polite live region. */
  announce(text: string): void;
  say: Say;
  lang(): string;
}

/** A clip: a soundbite of the episode, or what a link asked for. */
type Clip = Soundbite & { episode: string };

/** The live rows, the highlights, the live item's title and what the lock screen says of a live item or a clip. */
export class Podcasting2 implements ReactiveController {
  #stream: FeedController<StreamInfo>;
  #info: StreamInfo | null = null;
  /** The channel followed ('' none). */
  #channel = '';
  /** The clip chosen or linked. */
  #clip?: Clip;
  /** A linked clip, ready to play: Play plays it. */
  #armed = false;
  /** The position has been at the linked clip's start. */
  #there = false;
  /** The live items live at the last update with data (undefined before it): one that goes live later is said. */
  #liveNow?: Set<string>;
  /** The song shown last (the lock screen is told when it changes). */
  #song?: string;
  /** stream-player/heard.ts (the radio's own chunk, one copy on a page), once a live item asked for it; until then what is announced. */
  #heard = (d: StreamInfo | null, _playback: Snapshot) => d;

  constructor(private readonly kit: Podcasting2Kit) {
    kit.host.addController(this);
    this.#stream = new kit.Feed<StreamInfo>(kit.host, kit.valid, (d) => {
      this.#info = d;
      kit.host.requestUpdate();
    });
    // (Made once the chunk is here: the player renders again, with it.)
    kit.host.requestUpdate();
  }

  /** Follows the stream of the live item that is live (or playing), and nothing else. */
  hostUpdate(): void {
    const { kit } = this;
    // A live item that goes live while the page is open is said (a screen reader hears the row
    // appear); one already live when the data came is only shown.
    const items = kit.data()?.live_items;
    if (items) {
      const was = this.#liveNow;
      this.#liveNow = new Set(items.filter((i) => i.status === 'live').map((i) => i.id));
      const went = was && items.find((i) => i.status === 'live' && !was.has(i.id));
      if (went) kit.announce(kit.say('Live now: {title}', { title: went.title }));
    }
    const item = kit.live() ?? kit.data()?.live_items?.find((i) => i.status === 'live');
    const channel = item?.channel ?? '';
    if (channel !== this.#channel) {
      this.#channel = channel;
      this.#info = null;
      if (channel) {
        this.#stream.follow(kit.url('stream', channel), kit.url('stream/events', channel), 'stream');
        // Now playing as heard: the radio's chunk, asked for with the first live item.
        void import('../stream-player/heard.js').then((m) => {
          this.#heard = m.ear();
          kit.host.requestUpdate();
        });
      } else this.#stream.follow();
    }
    // A linked clip stays ready while its episode is on show at its start.
    // (Until the engine has sought there, and after: moved away from it, it is left.)
    const c = this.#clip;
    const at = !!c && Math.abs(kit.audio.snapshot.position - c.start) < 1;
    if (at) this.#there = true;
    if (this.#armed && (kit.episode()?.id !== c?.episode || (this.#there && !at))) this.#armed = false;
  }

  /** The lock screen follows the song heard. */
  hostUpdated(): void {
    const song = this.kit.live() && this.song();
    if (song !== this.#song) {
      this.#song = song;
      this.kit.audio.claim();
    }
  }

  /** The song heard now on the live item's channel: "Title – Artist" (as heard: by the source's delay), or ''. */
  song(): string {
    const now = this.#heard(this.#info, this.kit.audio.snapshot)?.now_playing;
    return now ? [now.title, now.artist].filter(Boolean).join(' – ') : '';
  }

  /** The clip shown: the linked one ready to play, or the one playing (the engine's `until` is its end). */
  get clip(): Clip | undefined {
    const c = this.#clip;
    const until = this.kit.audio.snapshot.until;
    return c && (this.#armed || (until !== null && Math.abs(until - c.start - c.duration) < 0.01)) ? c : undefined;
  }

  /** Plays `s` of the episode on show: that range only, paused at its end. */
  play(s: Soundbite): void {
    const ep = this.kit.episode();
    if (!ep) return;
    this.#clip = { ...s, episode: ep.id };
    this.#armed = false;
    this.kit.audio.playClip(s.start, s.duration);
    this.kit.audio.claim();
  }

  /** A link's clip of `episode`: shown, ready to play (the player sought to its start). */
  arm(episode: string, start: number, duration: number): void {
    const s = this.kit.episode()?.soundbites?.find((b) => Math.abs(b.start - start) < 0.01 && Math.abs(b.duration - duration) < 0.01);
    this.#clip = { start, duration, title: s?.title, episode };
    this.#armed = true;
    this.#there = false;
    this.kit.host.requestUpdate();
  }

  /** Play pressed: a linked clip ready to play plays (true), else nothing is done here. */
  start(): boolean {
    const c = this.#armed && this.#clip;
    if (c) this.play(c);
    return !!c;
  }

  /** The live rows (pending and live items), at the top of the episode list (in it: the list keeps its height). */
  rows() {
    const { kit } = this;
    return liveRows({
      lit: kit.lit,
      say: kit.say,
      items: kit.data()?.live_items,
      current: kit.live(),
      locale: kit.lang(),
      now: Date.now(),
      pick: kit.playLive,
    });
  }

  /** The highlights of the episode on show, each with its Share button. */
  highlights() {
    const { kit } = this;
    const ep = kit.episode();
    const c = this.clip;
    const current = ep?.soundbites?.find((s) => c && s.start === c.start && s.duration === c.duration);
    return highlights({ lit: kit.lit, say: kit.say, soundbites: ep?.soundbites, current, pick: (s) => this.play(s), share: kit.share });
  }

  /** The title block while a live item plays (its title, the Live badge and the song heard); undefined otherwise. */
  header() {
    const item = this.kit.live();
    const { html } = this.kit.lit;
    return (
      item &&
      html`<h2 part="title">${item.title}</h2><p class="muted clip"><span part="live-badge">${this.kit.say('Live')}</span> <bdi part="song">${this.song()}</bdi></p>`
    );
  }

  /** What the lock screen says beyond the episode: a live item (its title and the song heard), or a clip (its name). */
  session(): (Partial<SessionInfo> & { live?: boolean }) | undefined {
    const { kit } = this;
    const item = kit.live();
    if (item) return { title: item.title, ...(this.song() && { artist: this.song() }), chapters: [], live: true };
    const c = this.clip;
    const ep = kit.episode();
    const list = ep?.soundbites ?? [];
    const i = list.findIndex((s) => c && s.start === c.start && s.duration === c.duration);
    const s = list[i];
    return c && ep ? { title: s ? highlightTitle(kit.say, s, i) : ep.title, album: ep.title, chapters: [] } : undefined;
  }
}
