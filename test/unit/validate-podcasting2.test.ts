/**
 * src/api/validate.ts for the Podcasting 2.0 parts of /public/podcasts: `live_items`,
 * episodes' `audio` and `soundbites`. A wrong shape is not a feed (the widget reports
 * bad_response); a feed from an older service without them stays valid.
 */
import { describe, expect, it } from 'vitest';
import type { LiveItem, PodcastFeed } from '../../src/api/types.ts';
import { isPodcastFeed } from '../../src/api/validate.ts';

const live: LiveItem = {
  id: 'live-1',
  title: 'Evening show',
  description: '',
  status: 'pending',
  start: '2099-01-01T18:00:00.000Z',
  end: '2099-01-01T19:00:00.000Z',
  channel: 'main',
  sources: [{ url: 'https://radio.example/listen/live', type: 'audio/mpeg', bitrate: 32000, delay: 2.1 }],
};
const episode = {
  id: 'ep-1',
  title: 'One',
  description: '',
  published_at: '2026-11-01T09:00:00Z',
  duration: 150,
  audio_url: 'https://radio.example/media/ep-1.mp3',
  artwork_url: null,
  chapters: [],
  audio: [
    { url: 'https://radio.example/media/ep-1.opus', type: 'audio/ogg; codecs=opus', bitrate: 24000, length: 450_000 },
    { url: 'https://radio.example/media/ep-1.mp3', type: 'audio/mpeg', bitrate: 32000, length: 600_000 },
  ],
  soundbites: [
    { start: 10, duration: 30, title: 'The keeper' },
    { start: 60, duration: 15 },
  ],
};
const feed: PodcastFeed = { podcast: { title: 'Show', author: 'A', description: '', artwork_url: null }, live_items: [live], episodes: [episode] };

describe('isPodcastFeed, Podcasting 2.0 parts', () => {
  it('takes live items, audio files and soundbites; and a feed from an older service without them', () => {
    expect(isPodcastFeed(feed)).toBe(true);
    const { audio: _a, soundbites: _s, ...olderEpisode } = episode;
    expect(isPodcastFeed({ podcast: feed.podcast, episodes: [olderEpisode] })).toBe(true);
    expect(isPodcastFeed({ ...feed, live_items: [{ ...live, sources: [] }] })).toBe(true);
    expect(isPodcastFeed({ ...feed, live_items: [{ ...live, sources: [{ ...live.sources[0], bitrate: null, delay: null }] }] })).toBe(true);
  });

  it.each<[string, unknown]>([
    ['live_items not a list', { ...feed, live_items: {} }],
    ['an unknown status', { ...feed, live_items: [{ ...live, status: 'paused' }] }],
    ['a live item without a start', { ...feed, live_items: [{ ...live, start: undefined }] }],
    ['a live item without sources', { ...feed, live_items: [{ ...live, sources: undefined }] }],
    ['a source without a url', { ...feed, live_items: [{ ...live, sources: [{ type: 'audio/mpeg' }] }] }],
    ['a title that is an object', { ...feed, live_items: [{ ...live, title: { html: '<b>' } }] }],
    ['audio not a list', { ...feed, episodes: [{ ...episode, audio: 'x' }] }],
    ['a file without a length', { ...feed, episodes: [{ ...episode, audio: [{ url: 'u', type: 'audio/mpeg', bitrate: 1 }] }] }],
    ['a soundbite with a duration as text', { ...feed, episodes: [{ ...episode, soundbites: [{ start: 1, duration: '30' }] }] }],
    ['a soundbite title that is a number', { ...feed, episodes: [{ ...episode, soundbites: [{ start: 1, duration: 3, title: 7 }] }] }],
  ])('refuses %s', (_what, value) => {
    expect(isPodcastFeed(value)).toBe(false);
  });
});
