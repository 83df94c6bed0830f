/**
 * What the players show at the edges of the data, on a loopback service of our own: a show
 * without episodes, a long one, a track without an artist, now playing gone, a panel opened
 * before the data, a base-url that looks like http but is no URL, a blocked clipboard.
 */
import { afterEach, describe, expect, it } from 'vitest';
import '../../src/castlet.ts';
import type { PodcastPlayer, StreamPlayer } from '../../src/castlet.ts';
import { adoptedRules, mount, openDetails, playing, ready, record, shadow, sleep, until } from './harness.ts';
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

  it('under the title: the date in the listener’s language and the length; the artwork of the episode, else of the show', async () => {
    const feed = podcastFeed(2);
    feed.podcast.artwork_url = 'http://127.0.0.1:9/show.png';
    feed.episodes[1]!.artwork_url = 'http://127.0.0.1:9/ep1.png';
    service = await serve({ '/public/podcasts': feed });
    const el = await mount<PodcastPlayer>('podcast-player', service.url, { lang: 'de' });
    await until(() => expect(q(el, '[part=title]')?.textContent).toBe('Episode 2'));
    expect(q(el, '.grow p.muted:last-child')!.textContent).toBe('10.01.2026 · 2:00');
    expect(q(el, 'img[part=artwork]')!.getAttribute('src')).toBe('http://127.0.0.1:9/show.png');
    el.episode = 'ep1';
    await el.updateComplete;
    expect(q(el, 'img[part=artwork]')!.getAttribute('src')).toBe('http://127.0.0.1:9/ep1.png');
  });

  it('a show of exactly 20 has no such button', async () => {
    service = await serve({ '/public/podcasts': podcastFeed(20) });
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    await until(() => expect(all(el, '[part=episode]')).toHaveLength(20));
    expect(q(el, '[part=episodes] button.more')).toBeNull();
  });

  it('a blocked clipboard leaves the feed address to copy by hand, and says so', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: () => Promise.reject(new DOMException('no', 'NotAllowedError')) },
    });
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

describe('<podcast-player> positions, speeds and choices', () => {
  const KEY = 'castlet:00000000-0000-4000-8000-000000000000';
  const saved = (id: string) => JSON.parse(localStorage.getItem(`${KEY}:${id}`) ?? 'null') as { t: number; rate: number } | null;
  const token = { 'public-token': '00000000-0000-4000-8000-000000000000' };

  it('an episode without chapters says so; nothing is noted before a share or copy; no sharing chunk without a share link', async () => {
    const feed = podcastFeed(1);
    feed.episodes[0]!.chapters = [];
    service = await serve({ '/public/podcasts': feed });
    const el = await mount<PodcastPlayer>('podcast-player', service.url, token);
    await ready(el);
    expect(q(el, '[part=chapters]')!.textContent!.trim()).toBe('No chapters in this episode.');
    expect(q(el, '.tools + p')).toBeNull();
    expect(Object.keys((el as unknown as { panels: { loaded: object } }).panels.loaded)).toEqual(['lists']);
    // The rows' look came with them (a chunk): its rules are in the shadow root.
    const rules = adoptedRules(el);
    expect(rules.some((r) => r.includes('li.muted'))).toBe(true);
  });

  it('the resume point is written every 5 s of playback and on a pause from outside; an episode played to its end starts over', async () => {
    service = await serve({ '/public/podcasts': podcastFeed(1) });
    const el = await mount<PodcastPlayer>('podcast-player', service.url, token);
    await ready(el);
    q(el, '[part=play]')!.click();
    await playing(el);
    el.media.currentTime = 3;
    el.media.dispatchEvent(new Event('timeupdate'));
    expect(saved('ep1')).toBeNull();
    el.media.currentTime = 4;
    el.media.dispatchEvent(new Event('timeupdate'));
    expect(saved('ep1')).toEqual({ t: 4, rate: 1 });
    el.media.currentTime = 7;
    el.media.pause(); // the system's controls, a headset unplugged
    expect(saved('ep1')).toEqual({ t: 7, rate: 1 });
    q(el, '[part=play]')!.click();
    await playing(el);
    el.media.currentTime = 120;
    el.media.dispatchEvent(new Event('ended'));
    el.remove();
    // Played to its end: the next visit starts it over.
    const next = await mount<PodcastPlayer>('podcast-player', service.url, token);
    await ready(next);
    expect(next.position).toBe(0);
  });

  it('seek(0) before the data wins over a saved position; a seek in one episode is not carried to another', async () => {
    localStorage.setItem(`${KEY}:ep2`, JSON.stringify({ t: 42, rate: 1 }));
    localStorage.setItem(`${KEY}:ep1`, JSON.stringify({ t: 10, rate: 1 }));
    service = await serve({ '/public/podcasts': podcastFeed(2) }, 200);
    const el = await mount<PodcastPlayer>('podcast-player', service.url, token);
    el.seek(0);
    await ready(el);
    expect(el.position).toBe(0);
    el.seek(30);
    el.episode = 'ep1';
    await el.updateComplete;
    expect(el.position).toBe(10);
  });

  it('choosing the episode on show again is no change: no castlet-episodechange', async () => {
    service = await serve({ '/public/podcasts': podcastFeed(2) });
    const el = await mount<PodcastPlayer>('podcast-player', service.url, token);
    await ready(el);
    const changes = record(el, 'castlet-episodechange');
    all(el, '[part=episode]')[0]!.click();
    await playing(el);
    expect(changes).toEqual([]);
  });

  it('a saved speed halfway between two menu entries becomes the slower', async () => {
    localStorage.setItem(`${KEY}:ep1`, JSON.stringify({ t: 0, rate: 1.125 }));
    service = await serve({ '/public/podcasts': podcastFeed(1) });
    const el = await mount<PodcastPlayer>('podcast-player', service.url, token);
    await ready(el);
    expect((q(el, '[part=speed]') as HTMLSelectElement).value).toBe('1');
  });

  it('the seek bar ends at the loaded file’s duration, however far from the feed’s; until the file knows it, at the feed’s', async () => {
    service = await serve({ '/public/podcasts': podcastFeed(1) });
    const el = await mount<PodcastPlayer>('podcast-player', service.url, token);
    await ready(el);
    q(el, '[part=play]')!.click();
    await playing(el);
    const max = async (d: number) => {
      Object.defineProperty(el.media, 'duration', { configurable: true, value: d });
      el.requestUpdate();
      await el.updateComplete;
      return (q(el, '[part=seek]') as HTMLInputElement).max;
    };
    expect([await max(108), await max(60), await max(132.1), await max(0), await max(NaN)]).toEqual(['108', '60', '133', '120', '120']);
  });
});

describe('<stream-player>', () => {
  it('offline when the service says so, or when it has no stream address for a live channel', async () => {
    service = await serve({ '/public/stream': { ...streamInfo(), status: 'offline' } });
    const a = await mount<StreamPlayer>('stream-player', service.url);
    await until(() => expect(a.state).toBe('offline'));
    service.routes['/public/stream'] = { ...streamInfo(), stream_url: null };
    a.refresh();
    await sleep(100);
    expect(a.state).toBe('offline');
    service.routes['/public/stream'] = streamInfo();
    a.refresh();
    await until(() => expect(a.state).toBe('ready'));
  });

  it('while it plays, an unreachable service holds the stream; a server error of the API alone leaves the sound alone', async () => {
    service = await serve({ '/public/stream': streamInfo() });
    const el = await mount<StreamPlayer>('stream-player', service.url);
    await until(() => expect(el.state).toBe('ready'));
    q(el, '[part=play]')!.click();
    await until(() => expect(el.state).toBe('playing'));
    service.routes['/public/stream'] = [503, { error: 'server', error_description: 'busy' }];
    el.refresh();
    await until(() => expect(q(el, '[part~=message]')?.textContent?.trim()).toBe('The service had a problem. Retrying…'));
    expect(el.media.hasAttribute('src')).toBe(true);
    await service.close();
    el.refresh();
    await until(() => expect(el.media.hasAttribute('src')).toBe(false), 5000);
    expect(el.state).toBe('buffering');
    service = await serve({ '/public/stream': streamInfo() });
  });

  it('the artwork of the track on air, else of the channel', async () => {
    const info = streamInfo();
    info.channel.artwork_url = 'http://127.0.0.1:9/channel.png';
    service = await serve({ '/public/stream': info });
    const el = await mount<StreamPlayer>('stream-player', service.url);
    await until(() => expect(q(el, 'img[part=artwork]')?.getAttribute('src')).toBe('http://127.0.0.1:9/channel.png'));
    service.routes['/public/stream'] = { ...info, now_playing: { ...info.now_playing!, title: 'Next', artwork_url: 'http://127.0.0.1:9/track.png' } };
    el.refresh();
    await until(() => expect(q(el, 'img[part=artwork]')?.getAttribute('src')).toBe('http://127.0.0.1:9/track.png'));
  });

  it('the volume slider shows the volume in percent and sets it', async () => {
    service = await serve({ '/public/stream': streamInfo() });
    const el = await mount<StreamPlayer>('stream-player', service.url);
    await until(() => expect(el.state).toBe('ready'));
    const volume = q(el, '[part=volume]') as HTMLInputElement;
    expect(volume.value).toBe('100');
    volume.value = '40';
    volume.dispatchEvent(new Event('input'));
    expect(el.media.volume).toBe(0.4);
    el.media.volume = 0.25;
    el.requestUpdate();
    await el.updateComplete;
    expect(volume.value).toBe('25');
  });

  it('a recent track without an artist is its title alone', async () => {
    const info = streamInfo();
    info.history = [{ ...info.history[0]!, title: 'Solo', artist: '' }];
    service = await serve({ '/public/stream': info });
    const el = await mount<StreamPlayer>('stream-player', service.url);
    await until(() => expect(el.state).toBe('ready'));
    openDetails(el, 'history');
    await until(() => expect(all(el, '[part=history] li')).toHaveLength(1));
    expect(q(el, '[part=history] li .clip')!.textContent).toBe('Solo');
    // The panel's look came with it (a chunk): its rules are in the shadow root.
    const rules = adoptedRules(el);
    expect(rules.some((r) => r.includes('history') && r.includes('tabular-nums'))).toBe(true);
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
