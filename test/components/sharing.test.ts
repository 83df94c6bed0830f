/**
 * <podcast-player>'s share and subscribe (the sharing chunk) against the real mock: a link to
 * this moment by the share sheet or the clipboard, a page opened with such a link, the feed
 * address and the links podcast apps open.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../src/castlet.ts';
import type { PodcastPlayer } from '../../src/castlet.ts';
import { PUBLIC, all, flush, mount, openDetails, q, ready, shadow, useMock, useFeed, resetAfterEach } from '../support/harness.ts';

const mock = useMock();
const feed = useFeed(mock);
resetAfterEach();

describe('<podcast-player> share', () => {
  let copied: string[];
  const clipboard = (writeText: (t: string) => Promise<void>) =>
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  afterEach(() => {
    delete (navigator as { share?: unknown }).share;
  });

  it('copies a link to this moment of this episode where there is no share sheet', async () => {
    copied = [];
    clipboard(async (t) => void copied.push(t));
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    el.seek(42.7);
    q(el, '[part=share]').click();
    await vi.waitFor(() => expect(copied).toHaveLength(1), 3000);
    const link = new URL(copied[0]!);
    expect(link.origin + link.pathname).toBe(location.origin + location.pathname);
    expect(link.hash).toBe(`#castlet-episode=${feed.episodes[0]!.id}&castlet-t=42`);
    await vi.waitFor(() => expect(shadow(el).textContent).toContain('Link copied'), 3000);
    expect(q(el, '[aria-live=polite]').textContent).toBe('Link copied');
  });

  it('gives the link to the Web Share sheet where the browser has one', async () => {
    const shared: ShareData[] = [];
    Object.assign(navigator, { share: async (d: ShareData) => void shared.push(d) });
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    q(el, '[part=share]').click();
    await vi.waitFor(() => expect(shared).toHaveLength(1), 3000);
    expect(shared[0]).toEqual({ title: feed.episodes[0]!.title, url: `${location.origin}/#castlet-episode=${feed.episodes[0]!.id}&castlet-t=0` });
    // The sheet says what happened; the player adds nothing. A sheet the listener closed is no failure either.
    await flush();
    await el.updateComplete;
    expect(q(el, '[aria-live=polite]').textContent).toBe('');
    Object.assign(navigator, { share: (d: ShareData) => (shared.push(d), Promise.reject(new DOMException('closed', 'AbortError'))) });
    q(el, '[part=share]').click();
    await vi.waitFor(() => expect(shared).toHaveLength(2), 3000);
    await flush();
    await el.updateComplete;
    expect(q(el, '[aria-live=polite]').textContent).toBe('');
  });

  it('a blocked clipboard shows the link to copy by hand', async () => {
    clipboard(() => Promise.reject(new DOMException('Denied', 'NotAllowedError')));
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    q(el, '[part=share]').click();
    await vi.waitFor(
      () => expect(shadow(el).textContent).toContain(`Copying was blocked: select the address and copy it. ${location.origin}/#castlet-episode=`),
      3000,
    );
  });

  it('a page opened with a share link shows that episode at that time, ready to play (no autoplay)', async () => {
    const ep = feed.episodes[2]!;
    history.replaceState(null, '', `/page#castlet-episode=${ep.id}&castlet-t=61`);
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await vi.waitFor(() => expect(el.current?.id).toBe(ep.id), 3000);
    await vi.waitFor(() => expect(el.position).toBe(61), 3000);
    expect(el.state).toBe('ready');
    expect(el.media.getAttribute('src')).toBeNull();
    expect(q<HTMLInputElement>(el, '[part=seek]').value).toBe('61');
    expect(q(el, '[part=title]').textContent).toBe(ep.title);
  });

  it('a share link for another episode than the pinned one, or for none that exists, changes nothing', async () => {
    history.replaceState(null, '', `/page#castlet-episode=${feed.episodes[2]!.id}&castlet-t=61`);
    const pinned = await mount<PodcastPlayer>('podcast-player', mock.url, { episode: feed.episodes[1]!.id });
    await ready(pinned);
    history.replaceState(null, '', '/page#castlet-episode=gone&castlet-t=61');
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    // (Each read the link with a chunk, which has arrived once the same import here has.)
    await import('../../src/podcast-player/sharing.ts');
    await flush();
    await el.updateComplete;
    expect([pinned.current?.id, pinned.position]).toEqual([feed.episodes[1]!.id, 0]);
    expect([el.current?.id, el.position]).toEqual([feed.episodes[0]!.id, 0]);
  });
});

describe('<podcast-player> subscribe', () => {
  it('offers the RSS feed address to copy and links that podcast apps open', async () => {
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (t: string) => void copied.push(t) } });
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    openDetails(el, 'subscribe');
    const feedUrl = `${mock.url}/public/podcasts.rss?token=${PUBLIC}`;
    await vi.waitFor(() => expect(q<HTMLInputElement>(el, '[part=subscribe] input').value).toBe(feedUrl), 3000);
    const links = Object.fromEntries(all(el, '[part=subscribe] a').map((a) => [a.textContent, a.getAttribute('href')]));
    const bare = feedUrl.replace(/^http:\/\//, '');
    expect(links).toEqual({
      'Apple Podcasts': `podcast://${bare}`,
      'Pocket Casts': `pktc://subscribe/${bare}`,
      Overcast: `overcast://x-callback-url/add?url=${encodeURIComponent(feedUrl)}`,
      AntennaPod: `antennapod-subscribe://${bare}`,
      'Podcast Addict': `podcastaddict://${bare}`,
      RSS: feedUrl,
    });
    q(el, '[part=subscribe] button').click();
    await vi.waitFor(() => expect(copied).toEqual([feedUrl]), 3000);
    await vi.waitFor(() => expect(shadow(el).textContent).toContain('Feed address copied'), 3000);
    // The feed itself is the show as RSS.
    const rss = await fetch(feedUrl);
    expect(rss.headers.get('content-type')).toContain('xml');
  });
});
