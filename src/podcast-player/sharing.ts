/**
 * Share a moment and Subscribe, for <podcast-player>: an on-demand chunk, loaded when the
 * listener first uses either (or a page opens with a share link). Sharing gives the page's
 * URL with `#castlet-episode=<id>&castlet-t=<seconds>` (a highlight's: `&castlet-clip=<start>,<duration>`) to the Web Share sheet, else to the
 * clipboard. Subscribing offers the show's RSS feed address (to copy) and links that podcast
 * apps open: each app takes the feed address in its own URL scheme.
 */
import type { TemplateResult } from 'lit';
import type { MessageKey } from '../i18n/en.js';
import { clipLink, shareLink, sharedClip, sharedMoment } from '../internal/share.js';
import type { Lit } from '../internal/panels.js';

/** What a page's share link asks for: an episode at `t` s, or (with `d`) the clip of `d` s from `t`; null when it is none. */
export function shared(hash: string): { episode: string; t: number; d?: number } | null {
  const clip = sharedClip(hash);
  return clip ? { episode: clip.episode, t: clip.start, d: clip.duration } : sharedMoment(hash);
}

type Say = (key: MessageKey) => string;

/** What to share. */
export interface ShareInput {
  /** The episode's title (for the share sheet). */
  title: string;
  /** The episode's id. */
  episode: string;
  /** The moment, in seconds (a clip's start). */
  t: number;
  /** A clip's length in seconds: the link plays just that clip. */
  d?: number | undefined;
  say: Say;
}

/**
 * Shares `episode` at `t` seconds of this page; says how it went (nothing when the share sheet
 * took it or the listener closed it; when the clipboard is blocked, the link to copy by hand).
 */
export async function share({ title, episode, t, d, say }: ShareInput): Promise<string> {
  const url = d ? clipLink(location.href, episode, t, d) : shareLink(location.href, episode, t);
  try {
    if (navigator.share) await navigator.share({ title, url });
    else {
      await navigator.clipboard.writeText(url);
      return say('Link copied');
    }
  } catch (e) {
    if ((e as Error).name !== 'AbortError') return `${say('Copying was blocked: select the address and copy it.')} ${url}`;
  }
  return '';
}

/** App name → its subscribe link for a feed at `u` (`rest` is the address without `https://`). */
const APPS: [string, (u: string, rest: string) => string][] = [
  ['Apple Podcasts', (_, rest) => `podcast://${rest}`],
  ['Pocket Casts', (_, rest) => `pktc://subscribe/${rest}`],
  ['Overcast', (u) => `overcast://x-callback-url/add?url=${encodeURIComponent(u)}`],
  ['AntennaPod', (_, rest) => `antennapod-subscribe://${rest}`],
  ['Podcast Addict', (_, rest) => `podcastaddict://${rest}`],
];

/** The subscribe links for the feed at `feed` (an http(s) URL), by app. */
export const subscribeLinks = (feed: string): [string, string][] => APPS.map(([name, link]) => [name, link(feed, feed.replace(/^https?:\/\//, ''))]);

/** The Subscribe panel's input. */
export interface SubscribeInput {
  /** The player's Lit (the chunk imports nothing from the bundle). */
  lit: Lit;
  /** The show's RSS feed address (http(s)). */
  feed: string;
  say: Say;
  /** Tells the player how the copy went. */
  copied(text: MessageKey): void;
}

/** The panel: the feed address (selectable, with a Copy button) and the app links. */
export function renderSubscribe({ lit: { html }, feed, say, copied }: SubscribeInput): TemplateResult {
  const copy = () =>
    navigator.clipboard.writeText(feed).then(
      () => copied('Feed address copied'),
      () => copied('Copying was blocked: select the address and copy it.'),
    );
  return html`<div class="feed">
      <input readonly dir="ltr" aria-label="RSS" .value=${feed} @focus=${(e: Event) => (e.target as HTMLInputElement).select()} />
      <button @click=${copy}>${say('Copy the feed address')}</button>
    </div>
    <ul>
      ${subscribeLinks(feed).map(([name, href]) => html`<li><a href=${href}>${name}</a></li>`)}
      <li><a href=${feed}>RSS</a></li>
    </ul>`;
}

export { styles } from './sharing.styles.js';
