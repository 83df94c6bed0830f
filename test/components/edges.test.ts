/**
 * What the players show at the edges of the data, on a loopback service of our own: a show
 * without episodes, a long one, a track without an artist, now playing gone, a panel opened
 * before the data, a base-url that looks like http but is no URL, a blocked clipboard.
 */
import { afterEach, describe, expect, it } from 'vitest';
import '../../src/castlet.ts';
import type { PodcastPlayer, StreamPlayer } from '../../src/castlet.ts';
import { mount, openDetails, record, shadow, sleep, until } from './harness.ts';
import { podcastFeed, serve, streamInfo, type Service } from './service.ts';

let service: Service;
const q = (el: HTMLElement, sel: string) => shadow(el).querySelector<HTMLElement>(sel);
const all = (el: HTMLElement, sel: string) => [...shadow(el).querySelectorAll<HTMLElement>(sel)];
const live = (el: HTMLElement) => q(el, '[aria-live=polite]')!.textContent;
afterEach(async () => {
  document.body.replaceChildren();
  localStorage.clear();
  await service?.close();
});

describe('<podcast-player>', () => {
  it('a show without episodes says so, with no controls', async () => {
    service = await serve({ '/public/podcasts': podcastFeed(0) });
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    await until(() => expect(el.state).toBe('ready'));
    expect(q(el, '[part~=message]')!.textContent!.trim()).toBe('No episodes yet.');
    expect(q(el, '[part=seek]')).toBeNull();
  });

  it('a long show lists its newest 20 episodes and a button for the rest', async () => {
    service = await serve({ '/public/podcasts': podcastFeed(23) });
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    await until(() => expect(all(el, '[part=episode]')).toHaveLength(20));
    const more = q(el, '[part=episodes] button.more')!;
    expect(more.textContent!.trim()).toBe('Show all 23 episodes');
    more.click();
    await until(() => expect(all(el, '[part=episode]')).toHaveLength(23));
    expect(q(el, '[part=episodes] button.more')).toBeNull();
    expect(all(el, '[part=episode]').at(-1)!.textContent).toContain('Episode 1');
  });

  it('a show of exactly 20 has no such button', async () => {
    service = await serve({ '/public/podcasts': podcastFeed(20) });
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    await until(() => expect(all(el, '[part=episode]')).toHaveLength(20));
    expect(q(el, '[part=episodes] button.more')).toBeNull();
  });

  it('a blocked clipboard leaves the feed address to copy by hand, and says so', async () => {
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: () => Promise.reject(new DOMException('no', 'NotAllowedError')) } });
    service = await serve({ '/public/podcasts': podcastFeed(1) });
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    await until(() => expect(el.state).toBe('ready'));
    openDetails(el, 'subscribe');
    await until(() => expect(q(el, '[part=subscribe] button')).not.toBeNull());
    q(el, '[part=subscribe] button')!.click();
    await until(() => expect(live(el)).toBe('Copying was blocked: select the address and copy it.'));
    expect((q(el, '[part=subscribe] input') as HTMLInputElement).value).toContain('/public/podcasts.rss?token=');
  });
});

describe('<stream-player>', () => {
  it('a recent track without an artist is its title alone', async () => {
    const info = streamInfo();
    info.history = [{ ...info.history[0]!, title: 'Solo', artist: '' }];
    service = await serve({ '/public/stream': info });
    const el = await mount<StreamPlayer>('stream-player', service.url);
    await until(() => expect(el.state).toBe('ready'));
    openDetails(el, 'history');
    await until(() => expect(all(el, '[part=history] li')).toHaveLength(1));
    expect(q(el, '[part=history] li .clip')!.textContent).toBe('Solo');
  });

  it('recent tracks opened before the data show nothing until it arrives', async () => {
    service = await serve({ '/public/stream': streamInfo() }, 400);
    const el = await mount<StreamPlayer>('stream-player', service.url);
    openDetails(el, 'history');
    await sleep(200);
    expect(el.state).toBe('loading');
    expect(all(el, '[part=history] li')).toHaveLength(0);
    await until(() => expect(all(el, '[part=history] li')).toHaveLength(1));
  });

  it('when nothing is on air any more, the live region is cleared and castlet-nowplaying says null', async () => {
    service = await serve({ '/public/stream': streamInfo() });
    const el = await mount<StreamPlayer>('stream-player', service.url);
    await until(() => expect(el.state).toBe('ready'));
    const told = record(el, 'castlet-nowplaying');
    service.routes['/public/stream'] = { ...streamInfo(), now_playing: { ...streamInfo().now_playing!, title: 'Next', artist: '' } };
    el.refresh();
    await until(() => expect(live(el)).toBe('Now playing: Next'));
    service.routes['/public/stream'] = { ...streamInfo(), now_playing: null };
    el.refresh();
    await until(() => expect(told).toHaveLength(2));
    expect(told[1]).toEqual({ nowPlaying: null });
    await el.updateComplete;
    expect(live(el)).toBe('');
  });
});

describe('a base-url that looks like http but is no URL', () => {
  it('is invalid_base_url, asked of nobody', async () => {
    const el = await mount<StreamPlayer>('stream-player', 'http://[bad');
    const errors = record(el, 'castlet-error');
    await until(() => expect(errors.map((e) => e.code)).toEqual(['invalid_base_url']));
    expect(el.state).toBe('error');
  });
});
