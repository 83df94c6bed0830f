/**
 * <podcast-player>'s positions, speeds and choices on a loopback service of our own: the resume
 * point saved and restored, seeks before the data, a saved speed between menu entries, the
 * seek bar's end, choosing the episode on show again.
 */
import { describe, expect, it } from 'vitest';
import '../../src/castlet.ts';
import type { PodcastPlayer } from '../../src/castlet.ts';
import { adoptedRules, all, mount, playing, q, ready, record, resetAfterEach } from '../support/harness.ts';
import { podcastFeed, serve, type Service } from '../support/stub-service.ts';

let service: Service;
resetAfterEach();

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
