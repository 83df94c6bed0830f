/**
 * Share a moment and Subscribe, for <podcast-player>: an on-demand chunk, loaded when the
 * listener first uses either (or a page opens with a share link). Sharing gives the page's
 * URL with `#castlet-episode=<id>&castlet-t=<seconds>` to the Web Share sheet, else to the
 * clipboard. Subscribing offers the show's RSS feed address (to copy) and links that podcast
 * apps open: each app takes the feed address in its own URL scheme.
 */
import type { TemplateResult, css as Css } from 'lit';
import type { MessageKey } from '../i18n/en.js';
import { shareLink } from '../internal/share.js';
import type { Lit } from '../internal/player-element.js';

export { sharedMoment } from '../internal/share.js';

/**
 * Shares `episode` at `t` seconds of this page; says how it went (nothing when the share sheet
 * took it or the listener closed it; when the clipboard is blocked, the link to copy by hand).
 */
export async function share(title: string, episode: string, t: number, say: Say): Promise<string> {
  const url = shareLink(location.href, episode, t);
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

type Say = (key: MessageKey) => string;

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

/** The panel: the feed address (selectable, with a Copy button) and the app links; `copied(text)` tells the player how the copy went. */
export function renderSubscribe({ html }: Lit, feed: string, say: Say, copied: (text: MessageKey) => void): TemplateResult {
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

export const styles = (css: typeof Css) => css`
  /* Open, the panel takes the whole width, below the Share button. */
  .tools {
    flex-wrap: wrap;
  }
  [part~=subscribe][open] {
    flex-basis: 100%;
  }
  .feed {
    display: flex;
    gap: 6px;
    margin: 6px 0;
  }
  .feed input {
    flex: 1;
    min-width: 0;
    min-height: 32px;
    padding: 0 10px;
    font: inherit;
    color: inherit;
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: 8px;
  }
  [part~=subscribe] ul {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 14px;
    padding: 0;
    list-style: none;
  }
  [part~=subscribe] a {
    display: inline-block;
    padding: 4px 0;
    color: var(--_accent);
  }
`;
