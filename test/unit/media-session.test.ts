/**
 * What each kind of player puts on the lock screen (`sessionOf`, in the media-session chunk),
 * and what `claimMediaSession` hands to the browser's Media Session: metadata and actions.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Episode, PodcastFeed, StreamInfo } from '../../src/internal/api-types.ts';
import { claimMediaSession, releaseMediaSession, sessionOf } from '../../src/internal/media-session.ts';

const channel = { id: 'c1', name: 'Castlet FM', genre: 'Jazz', description: '', artwork_url: 'https://x.test/channel.png' };
const stream = (now: StreamInfo['now_playing']): StreamInfo => ({
  channel,
  status: 'live',
  stream_url: 'https://x.test/listen',
  now_playing: now,
  listeners: 3,
  history: [],
});
const episode = (artwork: string | null): Episode => ({
  id: 'ep-1',
  title: 'Night Birds',
  description: '',
  published_at: '2026-11-15T00:00:00Z',
  duration: 120,
  audio_url: 'https://x.test/ep-1.mp3',
  artwork_url: artwork,
  chapters: [],
});
const feed = (ep: Episode): PodcastFeed => ({
  podcast: { title: 'Castlet Sessions', author: 'Sam', description: '', artwork_url: 'https://x.test/show.png' },
  episodes: [ep],
});

describe('sessionOf', () => {
  it('nothing before the data', () => {
    expect(sessionOf({ data: null })).toBeNull();
  });

  it('live: the track on air, else the channel; the channel as album; the track artwork, else the channel’s; no seek actions', () => {
    const on = { title: 'Harbor Lights', artist: 'The Trio', artwork_url: 'https://x.test/track.png', started_at: '2026-11-22T10:00:00Z' };
    expect(sessionOf({ data: stream(on) })).toEqual([
      { title: 'Harbor Lights', artist: 'The Trio', album: 'Castlet FM', artwork: 'https://x.test/track.png' },
      {},
    ]);
    expect(sessionOf({ data: stream({ ...on, artwork_url: null }) })![0].artwork).toBe('https://x.test/channel.png');
    expect(sessionOf({ data: stream(null) })).toEqual([
      { title: 'Castlet FM', artist: '', album: 'Castlet FM', artwork: 'https://x.test/channel.png' },
      {},
    ]);
  });

  it("live: the track the listener hears (the player's `view`), not the one just announced", () => {
    const heard = { title: 'Harbor Lights', artist: 'The Trio', artwork_url: null, started_at: '2026-11-22T10:00:00Z' };
    const announced = { ...heard, title: 'Morning Glass', started_at: '2026-11-22T10:03:00Z' };
    expect(sessionOf({ data: stream(announced), view: stream(heard) })![0].title).toBe('Harbor Lights');
  });

  it('podcast: the episode, the show’s author and title, the episode artwork else the show’s; skip and seek actions move the player', () => {
    const seeks: number[] = [];
    const player = {
      data: feed(episode('https://x.test/ep.png')),
      current: episode('https://x.test/ep.png'),
      position: 50,
      seek: (t: number) => void seeks.push(t),
    };
    const [info, handlers] = sessionOf(player)!;
    expect(info).toEqual({ title: 'Night Birds', artist: 'Sam', album: 'Castlet Sessions', artwork: 'https://x.test/ep.png' });
    expect(sessionOf({ ...player, current: episode(null) })![0].artwork).toBe('https://x.test/show.png');
    handlers.seekbackward!({ action: 'seekbackward' });
    handlers.seekforward!({ action: 'seekforward' });
    handlers.seekto!({ action: 'seekto', seekTime: 12 });
    handlers.seekto!({ action: 'seekto' });
    expect(seeks).toEqual([35, 80, 12, 50]);
    expect(sessionOf({ ...player, current: undefined })).toBeNull();
  });
});

describe('claimMediaSession', () => {
  const set: Record<string, unknown> = {};
  const session = { metadata: null as unknown, setActionHandler: (a: string, h: unknown) => void (set[a] = h) };
  class Metadata {
    constructor(readonly init: { title: string; artwork: { src: string }[] }) {
      for (const a of init.artwork) new URL(a.src); // throws like a browser's MediaMetadata
    }
  }
  afterEach(() => {
    delete (globalThis as { MediaMetadata?: unknown }).MediaMetadata;
    delete (navigator as { mediaSession?: unknown }).mediaSession;
  });

  it('sets the metadata and play / pause / stop with the player’s actions; a player that leaves clears them', () => {
    Object.assign(globalThis, { MediaMetadata: Metadata });
    Object.defineProperty(navigator, 'mediaSession', { configurable: true, value: session });
    const player = { data: stream(null) };
    const play = () => {};
    const pause = () => {};
    claimMediaSession(player, play, pause);
    expect((session.metadata as Metadata).init).toMatchObject({ title: 'Castlet FM', artwork: [{ src: 'https://x.test/channel.png' }] });
    expect([set.play, set.pause, set.stop, set.seekto]).toEqual([play, pause, pause, null]);
    // An artwork URL the browser cannot parse: the rest is shown.
    claimMediaSession({ data: { ...stream(null), channel: { ...channel, artwork_url: 'http://[bad' } } }, play, pause);
    expect((session.metadata as Metadata).init).toMatchObject({ title: 'Castlet FM', artwork: [] });
    releaseMediaSession({});
    expect(session.metadata).not.toBeNull(); // not the owner: nothing changes
    releaseMediaSession({ data: null });
    claimMediaSession(player, play, pause);
    releaseMediaSession(player);
    expect([session.metadata, set.play]).toEqual([null, null]);
  });

  it('does nothing where the browser has no Media Session, or no MediaMetadata, or before the data', () => {
    expect(() =>
      claimMediaSession(
        { data: stream(null) },
        () => {},
        () => {},
      ),
    ).not.toThrow();
    Object.defineProperty(navigator, 'mediaSession', { configurable: true, value: session });
    session.metadata = null;
    expect(() =>
      claimMediaSession(
        { data: stream(null) },
        () => {},
        () => {},
      ),
    ).not.toThrow();
    Object.assign(globalThis, { MediaMetadata: Metadata });
    claimMediaSession(
      { data: null },
      () => {},
      () => {},
    );
    expect(session.metadata).toBeNull();
  });
});
