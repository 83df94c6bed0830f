/**
 * Now playing as heard (src/stream-player/heard.ts): which track a listener hears, from the
 * delay of the source in use (else the stream's) and the playback clock of the engine's
 * snapshot; the rest of the player shows what it returns.
 */
import { describe, expect, it } from 'vitest';
import type { NowPlaying, StreamInfo } from '../../src/api/types.ts';
import type { Snapshot } from '../../src/internal/playback/types.ts';
import { ear, heard } from '../../src/stream-player/heard.ts';

const track = (title: string, startedSecondsAgo: number, now = Date.now()): NowPlaying => ({
  title,
  artist: 'Tones',
  artwork_url: null,
  started_at: new Date(now - startedSecondsAgo * 1000).toISOString(),
});
const channel = { id: 'main', name: 'Castlet FM', genre: '', description: '', artwork_url: null };
const info = (delay: unknown, ...tracks: NowPlaying[]): StreamInfo =>
  ({
    channel,
    status: 'live',
    stream_url: 'http://x.test/listen/live',
    stream_delay: delay,
    now_playing: tracks[0] ?? null,
    listeners: 1,
    history: tracks.slice(1),
  }) as StreamInfo;

/**
 * What the engine says of a media element that has played `t` seconds (stalls not counted) of a
 * connection opened at `opened` (ms): loaded then (nothing loaded without a source), sounding
 * while it runs with sound to give.
 */
const media = (t: number, opened: number, over: { paused?: boolean; readyState?: number; loaded?: boolean; delay?: number } = {}): Snapshot => {
  const { paused = false, readyState = 4, loaded = true, delay } = over;
  return {
    loadedAt: loaded ? opened : 0,
    position: t,
    sounding: !paused && (t > 0 || readyState > 1),
    source: { url: 'http://x.test/listen/live', delay },
  } as Snapshot;
};

const titles = (d: StreamInfo | null) => [d?.now_playing?.title, ...(d?.history ?? []).map((h) => h.title)];

describe('heard', () => {
  it('HLS: the moment heard is the program date-time of the audio playing, with no delay estimate', () => {
    const now = Date.now();
    const d = info(16.4, track('H2', 5, now), track('H1', 30, now), track('H0', 60, now));
    // The date is 7 s behind the live edge: H2 (5 s ago) is not heard yet, whatever the delay, the position or the load time say.
    const at = (date: number) => ({ ...media(100, now - 100_000, { delay: 50 }), date }) as Snapshot;
    expect(titles(heard(d, at(now - 7000)))).toEqual(['H1', 'H0']);
    // The audio playing reaches the moment H2 started: H2, at once.
    expect(titles(heard(d, at(now - 5000)))).toEqual(['H2', 'H1', 'H0']);
    expect(titles(heard(d, at(now - 31_000)))).toEqual(['H0']);
    // Not sounding: nothing is heard (the newest is shown), date or not.
    expect(titles(heard(d, { ...at(now - 31_000), sounding: false }))).toEqual(['H2', 'H1', 'H0']);
  });

  // Each test uses titles of its own: the module remembers when it first saw each track.
  it('a song announced 8 s ago, 16.4 s of burst: the one before it is heard, the announced one waits', () => {
    const now = Date.now();
    const d = info(16.4, track('A2', 8, now), track('A1', 40, now), track('A0', 80, now));
    expect(titles(heard(d, media(0.5, now)))).toEqual(['A1', 'A0']);
    // Heard once 16.4 − 8 s of it have played: the media clock counts, not the wall clock (stalls).
    expect(titles(heard(d, media(8.3, now)))).toEqual(['A1', 'A0']);
    expect(titles(heard(d, media(8.5, now)))).toEqual(['A2', 'A1', 'A0']);
    expect(heard(d, media(8.5, now))).toBe(d);
  });

  it('two announced while the first still plays: both wait; heard before every known one, the oldest', () => {
    const now = Date.now();
    const d = info(30, track('B3', 2, now), track('B2', 12, now), track('B1', 25, now));
    expect(titles(heard(d, media(1, now)))).toEqual(['B1']);
    expect(titles(heard(d, media(19, now)))).toEqual(['B2', 'B1']);
  });

  it('a stall keeps what was heard (the media clock stands still), even where the engine drops its readyState', () => {
    const now = Date.now();
    const d = info(16.4, track('S2', 8, now), track('S1', 40, now));
    expect(titles(heard(d, media(3, now - 20_000, { readyState: 1 })))).toEqual(['S1']);
  });

  it('paused, released, without audio yet, or not a live connection: the data as it is', () => {
    const d = info(16.4, track('C2', 1), track('C1', 60));
    for (const m of [
      media(3, Date.now() - 3000, { paused: true }),
      media(0, Date.now(), { readyState: 1 }),
      media(3, Date.now() - 3000, { loaded: false }),
    ]) {
      expect(heard(d, m)).toBe(d);
    }
    expect(heard(null, media(1, Date.now()))).toBeNull();
    const none = info(16.4);
    expect(heard(none, media(1, Date.now()))).toBe(none);
  });

  it('a delay that is not a number of seconds counts as none; more than two minutes counts as two', () => {
    for (const delay of [null, undefined, 'soon', -5, NaN, {}]) {
      const d = info(delay, track(`D2 ${String(delay)}`, 3), track('D1', 60));
      expect(heard(d, media(1, Date.now()))).toBe(d);
    }
    const d = info(1e9, track('E2', 100), track('E1', 200), track('E0', 400));
    expect(titles(heard(d, media(1, Date.now())))).toEqual(['E1', 'E0']);
  });

  it("a service clock ahead of the page's: a track never counts as started before the page first saw it", () => {
    // started_at 60 s in the page's future, announced now: heard one delay from now, not 60 s later.
    const now = Date.now();
    const d = info(10, track('F2', -60, now), track('F1', 120, now));
    expect(titles(heard(d, media(0.5, now)))).toEqual(['F1']);
    expect(titles(heard(d, media(10.5, now)))).toEqual(['F2', 'F1']);
    // An unreadable started_at: as first seen too.
    const odd = info(10, { ...track('G2', 0, now), started_at: 'soon' }, track('G1', 120, now));
    expect(titles(heard(odd, media(0.5, now)))).toEqual(['G1']);
    expect(titles(heard(odd, media(10.5, now)))).toEqual(['G2', 'G1']);
  });

  it("the delay of the source in use wins over the stream's (a relay with a smaller burst starts nearer the live edge)", () => {
    const now = Date.now();
    const d = info(16.4, track('R2', 8, now), track('R1', 40, now));
    // The stream's 16.4 s: the announced one waits; a relay that starts 8.8 s back: it is heard 0.8 s in.
    expect(titles(heard(d, media(0.5, now)))).toEqual(['R1']);
    expect(titles(heard(d, media(0.5, now, { delay: 8.8 })))).toEqual(['R1']);
    expect(titles(heard(d, media(1, now, { delay: 8.8 })))).toEqual(['R2', 'R1']);
  });

  it("one player's ear: between two sources it keeps the song heard last, not the live edge; paused, it forgets", () => {
    const now = Date.now();
    const d = info(15, track('L3', 4, now), track('L2', 18, now), track('L1', 30, now));
    const hear = ear();
    const on = { buffering: false, on: true };
    // On a relay 15 s back, loaded 12 s ago: 12 s played, L2 is heard (L3 waits).
    expect(titles(hear(d, { ...media(12, now - 12_000), ...on }))).toEqual(['L2', 'L1']);
    // The relay is lost; the next source is loading: nothing sounds, the listener still waits for sound.
    const gap = { ...media(0, now, { readyState: 1 }), buffering: true, on: true };
    expect(titles(hear(d, gap))).toEqual(['L2', 'L1']);
    // Without a memory (the pure function), the gap would show the live edge: L3, not yet heard.
    expect(titles(heard(d, gap))).toEqual(['L3', 'L2', 'L1']);
    // The next source (3 s back) sounds: L3, as heard there.
    expect(titles(hear(d, { ...media(0.5, now, { delay: 3 }), ...on }))).toEqual(['L3', 'L2', 'L1']);
    // Paused (the stream released): the data as it is, and the next gap has nothing to keep.
    expect(hear(d, { ...media(0, 0, { loaded: false, paused: true }), buffering: false, on: false })).toBe(d);
    const d2 = info(15, track('M2', 1, now), track('M1', 24, now));
    expect(hear(d2, gap)).toBe(d2);
    expect(hear(null, gap)).toBeNull();
  });

  it('keeps the rest of the data', () => {
    const d = info(16.4, track('H2', 5), track('H1', 60));
    expect(heard(d, media(1, Date.now()))).toMatchObject({ channel, status: 'live', listeners: 1, stream_delay: 16.4 });
  });
});
