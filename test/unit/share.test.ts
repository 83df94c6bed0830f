import { describe, expect, it } from 'vitest';
import { shareLink, sharedMoment } from '../../src/internal/share.ts';

describe('share links', () => {
  it("put the episode and whole seconds in the fragment, replacing the page's own", () => {
    expect(shareLink('https://radio.example/show?x=1#top', 'ep-3', 42.9)).toBe('https://radio.example/show?x=1#castlet-episode=ep-3&castlet-t=42');
    expect(shareLink('https://radio.example/', 'a b&c', -5)).toBe('https://radio.example/#castlet-episode=a+b%26c&castlet-t=0');
  });

  it('read back what they wrote', () => {
    const link = shareLink('https://radio.example/', 'a b&c', 61);
    expect(sharedMoment(new URL(link).hash)).toEqual({ episode: 'a b&c', t: 61 });
  });

  it.each([
    ['', null],
    ['#top', null],
    ['#castlet-t=5', null],
    ['#castlet-episode=ep-1', { episode: 'ep-1', t: 0 }],
    ['#castlet-episode=ep-1&castlet-t=abc', { episode: 'ep-1', t: 0 }],
    ['#castlet-episode=ep-1&castlet-t=-3', { episode: 'ep-1', t: 0 }],
    ['#castlet-episode=ep-1&castlet-t=Infinity', { episode: 'ep-1', t: 0 }],
  ])('%j → %j', (hash, moment) => expect(sharedMoment(hash)).toEqual(moment));
});

describe('subscribe links', () => {
  it('one per podcast app, built from the feed address (the chunk loaded here: its table is this test’s)', async () => {
    const { subscribeLinks } = await import('../../src/podcast-player/sharing.ts');
    const feed = 'https://radio.example/public/podcasts.rss?token=t&channel=c';
    expect(Object.fromEntries(subscribeLinks(feed))).toEqual({
      'Apple Podcasts': 'podcast://radio.example/public/podcasts.rss?token=t&channel=c',
      'Pocket Casts': 'pktc://subscribe/radio.example/public/podcasts.rss?token=t&channel=c',
      Overcast: `overcast://x-callback-url/add?url=${encodeURIComponent(feed)}`,
      AntennaPod: 'antennapod-subscribe://radio.example/public/podcasts.rss?token=t&channel=c',
      'Podcast Addict': 'podcastaddict://radio.example/public/podcasts.rss?token=t&channel=c',
    });
    expect(subscribeLinks('http://x.test/f')[0]).toEqual(['Apple Podcasts', 'podcast://x.test/f']);
  });
});
