/**
 * What <podcast-player> shows at the edges of its data, on a loopback service of our own: a
 * show without episodes, a long one, one of exactly 20, dates and artwork, a blocked clipboard.
 */
import { describe, expect, it, vi } from 'vitest';
import '../../src/castlet.ts';
import type { PodcastPlayer } from '../../src/castlet.ts';
import { all, live, mount, openDetails, q, resetAfterEach } from '../support/harness.ts';
import { podcastFeed, serve, type Service } from '../support/stub-service.ts';

let service: Service;
resetAfterEach();

describe('<podcast-player>', () => {
  it('a show without episodes says so, with no controls', async () => {
    service = await serve({ '/public/podcasts': podcastFeed(0) });
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    await vi.waitFor(() => expect(el.state).toBe('ready'), 3000);
    expect(q(el, '[part~=message]')!.textContent!.trim()).toBe('No episodes yet.');
    expect(q(el, '[part=seek]')).toBeNull();
    expect(q(el, '[part=play]')).toBeNull();
  });

  it('a long show lists its newest 20 episodes and a button for the rest', async () => {
    service = await serve({ '/public/podcasts': podcastFeed(23) });
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    await vi.waitFor(() => expect(all(el, '[part=episode]')).toHaveLength(20), 3000);
    const more = q(el, '[part=episodes] button.more')!;
    expect(more.textContent!.trim()).toBe('Show all 23 episodes');
    more.click();
    await vi.waitFor(() => expect(all(el, '[part=episode]')).toHaveLength(23), 3000);
    expect(q(el, '[part=episodes] button.more')).toBeNull();
    expect(all(el, '[part=episode]').at(-1)!.textContent).toContain('Episode 1');
  });

  it('under the title: the date in the listener’s language and the length; the artwork of the episode, else of the show', async () => {
    const feed = podcastFeed(2);
    feed.podcast.artwork_url = 'http://127.0.0.1:9/show.png';
    feed.episodes[1]!.artwork_url = 'http://127.0.0.1:9/ep1.png';
    // (At noon UTC: the same day in the listener's zone, wherever the tests run.)
    const shown = feed.episodes.find((e) => e.title === 'Episode 2')!;
    shown.published_at = shown.published_at.slice(0, 10) + 'T12:00:00Z';
    service = await serve({ '/public/podcasts': feed });
    const el = await mount<PodcastPlayer>('podcast-player', service.url, { lang: 'de' });
    await vi.waitFor(() => expect(q(el, '[part=title]')?.textContent).toBe('Episode 2'), 3000);
    // (Once the language is German: its catalogue is a chunk of its own.)
    await vi.waitFor(() => expect(q(el, '.grow p.muted:last-child')!.textContent).toBe('10.01.2026 · 2:00'), 3000);
    expect(q(el, 'img[part=artwork]')!.getAttribute('src')).toBe('http://127.0.0.1:9/show.png');
    el.episode = 'ep1';
    await el.updateComplete;
    expect(q(el, 'img[part=artwork]')!.getAttribute('src')).toBe('http://127.0.0.1:9/ep1.png');
  });

  it('a show of exactly 20 has no such button', async () => {
    service = await serve({ '/public/podcasts': podcastFeed(20) });
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    await vi.waitFor(() => expect(all(el, '[part=episode]')).toHaveLength(20), 3000);
    expect(q(el, '[part=episodes] button.more')).toBeNull();
  });

  it('a blocked clipboard leaves the feed address to copy by hand, and says so', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: () => Promise.reject(new DOMException('no', 'NotAllowedError')) },
    });
    service = await serve({ '/public/podcasts': podcastFeed(1) });
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    await vi.waitFor(() => expect(el.state).toBe('ready'), 3000);
    openDetails(el, 'subscribe');
    await vi.waitFor(() => expect(q(el, '[part=subscribe] button')).not.toBeNull(), 3000);
    q(el, '[part=subscribe] button')!.click();
    await vi.waitFor(() => expect(live(el)).toBe('Copying was blocked: select the address and copy it.'), 3000);
    expect((q(el, '[part=subscribe] input') as HTMLInputElement).value).toContain('/public/podcasts.rss?token=');
  });
});
