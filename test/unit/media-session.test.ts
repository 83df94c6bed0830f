/**
 * What each kind of player puts on the lock screen (`kind().session()`, in each player's kind
 * chunk: src/stream-player/stream-kind.ts, src/podcast-player/podcast-kind.ts), and what `claimMediaSession`
 * hands to the browser's Media Session: metadata (with chapters) and actions.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Chapter, Episode, Podcast, StreamInfo } from '../../src/api/types.ts';
import { claimMediaSession, releaseMediaSession } from '../../src/internal/media-session.ts';
import type { Snapshot } from '../../src/internal/playback/types.ts';
import type { Kind, PlayerPort } from '../../src/internal/port.ts';
import { kind as podcastKind, type PodcastParts } from '../../src/podcast-player/podcast-kind.ts';
import { kind as streamKind } from '../../src/stream-player/stream-kind.ts';

const channel = { id: 'c1', name: 'Castlet FM', genre: 'Jazz', description: '', artwork_url: 'https://x.test/channel.png' };
const stream = (now: StreamInfo['now_playing']): StreamInfo => ({
  channel,
  status: 'live',
  stream_url: 'https://x.test/listen',
  now_playing: now,
  listeners: 3,
  history: [],
});
const episode = (artwork: string | null, chapters: Chapter[] = []): Episode => ({
  id: 'ep-1',
  title: 'Night Birds',
  description: '',
  published_at: '2026-11-15T00:00:00Z',
  duration: 120,
  audio_url: 'https://x.test/ep-1.mp3',
  artwork_url: artwork,
  chapters,
});
const show: Podcast = { title: 'Castlet Sessions', author: 'Sam', description: '', artwork_url: 'https://x.test/show.png' };

/** A player's port, as its kind sees it: the playback snapshot (at `position`) and its commands. */
function portAt(position = 0): PlayerPort {
  return { playback: { position, muted: false } as Snapshot, toggle: vi.fn(async () => {}), setMuted: vi.fn() } as unknown as PlayerPort;
}

/** The podcast kind over `ep` of the show (none: no episode), at `position`; `seeks` records where it moved. */
function podcast(ep: Episode | undefined, position = 50, following?: Episode) {
  const seeks: number[] = [];
  const parts: PodcastParts = {
    show: () => show,
    current: () => ep,
    following: () => following,
    seek: (t) => void seeks.push(t),
    playNext: vi.fn(),
    extra: () => undefined,
  };
  return { kind: podcastKind(portAt(position), parts), seeks, parts };
}

describe('stream player: kind().session()', () => {
  it('nothing before the data', () => {
    expect(streamKind(portAt(), () => undefined).session()).toBeNull();
    expect(streamKind(portAt(), () => null).session()).toBeNull();
  });

  it('the track on air, else the channel; the channel as album; the track artwork, else the channel’s; no seek actions', () => {
    const on = { title: 'Harbor Lights', artist: 'The Trio', artwork_url: 'https://x.test/track.png', started_at: '2026-11-22T10:00:00Z' };
    expect(streamKind(portAt(), () => stream(on)).session()).toEqual([
      { title: 'Harbor Lights', artist: 'The Trio', album: 'Castlet FM', artwork: 'https://x.test/track.png' },
      {},
    ]);
    expect(streamKind(portAt(), () => stream({ ...on, artwork_url: null })).session()![0].artwork).toBe('https://x.test/channel.png');
    expect(streamKind(portAt(), () => stream(null)).session()).toEqual([
      { title: 'Castlet FM', artist: '', album: 'Castlet FM', artwork: 'https://x.test/channel.png' },
      {},
    ]);
  });

  // (The player hands its kind only `view`, the data as the listener hears it: the track just announced never reaches it.)
  it("the track the listener hears (the player's `view`), read when the lock screen is set", () => {
    const heard = { title: 'Harbor Lights', artist: 'The Trio', artwork_url: null, started_at: '2026-11-22T10:00:00Z' };
    let view = stream(heard);
    const kind = streamKind(portAt(), () => view);
    expect(kind.session()![0].title).toBe('Harbor Lights');
    view = stream({ ...heard, title: 'Morning Glass', started_at: '2026-11-22T10:03:00Z' });
    expect(kind.session()![0].title).toBe('Morning Glass');
  });
});

describe('podcast player: kind().session()', () => {
  it('the episode, the show’s author and title, the episode artwork else the show’s; skip and seek actions move the player', () => {
    const { kind, seeks } = podcast(episode('https://x.test/ep.png'));
    const [info, handlers] = kind.session()!;
    expect(info).toEqual({ title: 'Night Birds', artist: 'Sam', album: 'Castlet Sessions', artwork: 'https://x.test/ep.png', chapters: [] });
    expect(podcast(episode(null)).kind.session()![0].artwork).toBe('https://x.test/show.png');
    handlers.seekbackward!({ action: 'seekbackward' });
    handlers.seekforward!({ action: 'seekforward' });
    handlers.seekto!({ action: 'seekto', seekTime: 12 });
    handlers.seekto!({ action: 'seekto' });
    expect(seeks).toEqual([35, 80, 12, 50]);
    expect(podcast(undefined).kind.session()).toBeNull();
  });

  it('the listed chapters (not those with `toc: false`), by title and start', () => {
    const chapters = [
      { start: 0, title: 'Intro' },
      { start: 30, title: 'Sponsor', toc: false },
      { start: 60, title: 'Interview', img: 'https://x.test/c.png' },
    ];
    expect(podcast(episode(null, chapters)).kind.session()![0].chapters).toEqual([
      { title: 'Intro', startTime: 0 },
      { title: 'Interview', startTime: 60 },
    ]);
  });

  it('a clip playing: named by its name, the episode as album, no chapters; the seeks stay', () => {
    const { kind, parts } = podcast(episode(null, [{ start: 0, title: 'Intro' }]));
    parts.extra = () => ({ title: 'Two owls talking', album: 'Night Birds', chapters: [] });
    const [info, handlers] = kind.session()!;
    expect(info).toEqual({ title: 'Two owls talking', artist: 'Sam', album: 'Night Birds', artwork: 'https://x.test/show.png', chapters: [] });
    expect(handlers.seekto).toBeTypeOf('function');
  });

  it('a live item playing (no episode current): its title and the song heard, the show as album; no seek or Next', () => {
    const { kind, parts } = podcast(undefined);
    parts.extra = () => ({ title: 'Evening show', artist: 'Harbor Lights – The Trio', chapters: [], live: true });
    expect(kind.session()).toEqual([
      { title: 'Evening show', artist: 'Harbor Lights – The Trio', album: 'Castlet Sessions', artwork: 'https://x.test/show.png', chapters: [] },
      {},
    ]);
    parts.extra = () => ({ title: 'Evening show', chapters: [], live: true });
    expect(kind.session()![0].artist).toBe('Sam');
  });

  it('Next track only with an episode to play after this one (`continuous`): it plays that one', () => {
    expect(podcast(episode(null)).kind.session()![1].nexttrack).toBeUndefined();
    const { kind, parts } = podcast(episode(null), 0, { ...episode(null), id: 'ep-2' });
    kind.session()![1].nexttrack!({ action: 'nexttrack' });
    expect(parts.playNext).toHaveBeenCalledTimes(1);
  });
});

describe('claimMediaSession', () => {
  const set: Record<string, unknown> = {};
  const session = { metadata: null as unknown, setActionHandler: (a: string, h: unknown) => void (set[a] = h) };
  class Metadata {
    constructor(readonly init: { title: string; artwork: { src: string }[]; chapterInfo?: unknown }) {
      for (const a of init.artwork) new URL(a.src); // throws like a browser's MediaMetadata
    }
  }
  const metadata = () => (session.metadata as Metadata).init;
  afterEach(() => {
    delete (globalThis as { MediaMetadata?: unknown }).MediaMetadata;
    delete (navigator as { mediaSession?: unknown }).mediaSession;
  });
  const browser = () => {
    Object.assign(globalThis, { MediaMetadata: Metadata });
    Object.defineProperty(navigator, 'mediaSession', { configurable: true, value: session });
  };

  it('sets the metadata and play / pause / stop with the player’s actions; a player that leaves clears them', () => {
    browser();
    const player = {};
    const kind = streamKind(portAt(), () => stream(null));
    const play = () => {};
    const pause = () => {};
    claimMediaSession(player, kind, play, pause);
    expect(metadata()).toMatchObject({ title: 'Castlet FM', artwork: [{ src: 'https://x.test/channel.png' }] });
    expect(metadata()).not.toHaveProperty('chapterInfo');
    expect([set.play, set.pause, set.stop, set.seekto]).toEqual([play, pause, pause, null]);
    // An artwork URL the browser cannot parse: the rest is shown.
    claimMediaSession(
      {},
      streamKind(portAt(), () => ({ ...stream(null), channel: { ...channel, artwork_url: 'http://[bad' } })),
      play,
      pause,
    );
    expect(metadata()).toMatchObject({ title: 'Castlet FM', artwork: [] });
    releaseMediaSession({});
    expect(session.metadata).not.toBeNull(); // not the owner: nothing changes
    claimMediaSession(player, kind, play, pause);
    releaseMediaSession(player);
    expect([session.metadata, set.play]).toEqual([null, null]);
  });

  it('an episode’s chapters as `chapterInfo` (each without artwork), its seeks as actions; none without chapters', () => {
    browser();
    const chapters = [
      { start: 0, title: 'Intro' },
      { start: 30, title: 'Sponsor', toc: false },
      { start: 60, title: 'Interview' },
    ];
    const { kind, seeks } = podcast(episode('https://x.test/ep.png', chapters));
    claimMediaSession({}, kind, vi.fn(), vi.fn());
    expect(metadata()).toEqual({
      title: 'Night Birds',
      artist: 'Sam',
      album: 'Castlet Sessions',
      artwork: [{ src: 'https://x.test/ep.png' }],
      chapterInfo: [
        { title: 'Intro', startTime: 0, artwork: [] },
        { title: 'Interview', startTime: 60, artwork: [] },
      ],
    });
    (set.seekto as MediaSessionActionHandler)({ action: 'seekto', seekTime: 90 });
    expect(seeks).toEqual([90]);
    expect(set.nexttrack).toBeNull();
    claimMediaSession({}, podcast(episode(null)).kind, vi.fn(), vi.fn());
    expect(metadata()).not.toHaveProperty('chapterInfo');
    expect(metadata()).not.toHaveProperty('chapters');
  });

  it('does nothing where the browser has no Media Session, or no MediaMetadata, or before the data', () => {
    const kind = streamKind(portAt(), () => stream(null));
    expect(() => claimMediaSession({}, kind, vi.fn(), vi.fn())).not.toThrow();
    Object.defineProperty(navigator, 'mediaSession', { configurable: true, value: session });
    session.metadata = null;
    expect(() => claimMediaSession({}, kind, vi.fn(), vi.fn())).not.toThrow();
    Object.assign(globalThis, { MediaMetadata: Metadata });
    const none: Kind = { keys: {}, session: () => null };
    claimMediaSession({}, none, vi.fn(), vi.fn());
    expect(session.metadata).toBeNull();
  });
});
