/**
 * The playback state machine (src/internal/playback/machine.ts) as a table: every state met
 * with every event, the next state and the effects, with no DOM, no timer and no element.
 * Then the rules the table spells out, one by one: failover, backoff, telling an error once.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { transition, wanted, type Effect, type Event, type Link, type State } from '../../src/internal/playback/machine.ts';

/** A file with two sources (Opus, then MP3), and a stream on its second source after two failures, one told. */
const file: Link = { live: false, sources: ['a.opus', 'a.mp3'], index: 0, attempt: 0 };
const live: Link = { live: true, sources: ['relay', 'master'], index: 1, attempt: 2, told: true };

const STATES: Record<string, State> = {
  idle: { name: 'idle' },
  waiting: { name: 'waiting' },
  loading: { name: 'loading', link: file },
  playing: { name: 'playing', link: { ...file, until: 40 }, flowed: 29.5 },
  buffering: { name: 'buffering', link: live, flowed: 3 },
  reconnecting: { name: 'reconnecting', link: { ...live, index: 0 } },
  held: { name: 'held', link: live },
  paused: { name: 'paused', link: file },
  ended: { name: 'ended', link: file },
  error: { name: 'error' },
};

const EVENTS: Record<string, Event> = {
  play: { type: 'play', live: false, sources: ['a.opus', 'a.mp3'] },
  'play:none': { type: 'play', live: false, sources: [] },
  'play:unknown': { type: 'play', live: false },
  'play:clip': { type: 'play', live: false, sources: ['a.opus', 'a.mp3'], until: 50 },
  pause: { type: 'pause' },
  seek: { type: 'seek' },
  stop: { type: 'stop' },
  fatal: { type: 'fatal', error: 'E' },
  shown: { type: 'shown', live: false, sources: ['a.mp3', 'a.opus'] },
  'shown:other': { type: 'shown', live: false, sources: ['b.mp3'] },
  'shown:none': { type: 'shown', live: false, sources: [] },
  'shown:unknown': { type: 'shown', live: false },
  'shown:live': { type: 'shown', live: true, sources: ['relay'] },
  offline: { type: 'offline' },
  unreachable: { type: 'unreachable' },
  back: { type: 'back', live: true, sources: ['relay', 'master'] },
  'back:other': { type: 'back', live: true, sources: ['edge'] },
  sound: { type: 'sound' },
  tick: { type: 'tick', step: 0.6, at: 10 },
  jump: { type: 'tick', step: 5, at: 15 },
  'tick:end': { type: 'tick', step: 0.5, at: 40 },
  waiting: { type: 'waiting' },
  seeked: { type: 'seeked' },
  metadata: { type: 'metadata', duration: 120, late: false },
  'metadata:late': { type: 'metadata', duration: 120, late: true },
  'metadata:short': { type: 'metadata', duration: 1, late: false },
  failed: { type: 'failed', tell: true },
  ended: { type: 'ended' },
  paused: { type: 'paused' },
  refused: { type: 'refused', error: 'R' },
  retry: { type: 'retry' },
};

/** `name[index/attempt!]` (`!`: a failure told), ` f<seconds>` of sound flowed. */
function describeState(s: State): string {
  if (!('link' in s)) return s.name;
  const { index, attempt, told, until } = s.link;
  return `${s.name}[${index}/${attempt}${told ? '!' : ''}]${until === undefined ? '' : `~${until}`}${'flowed' in s ? ` f${s.flowed}` : ''}`;
}

function describeEffect(f: Effect): string {
  switch (f.type) {
    case 'load':
      return `load:${f.url}`;
    case 'tell':
      return `tell:${f.what}`;
    case 'backoff':
      return `backoff:${f.attempt}`;
    case 'settle':
      return 'error' in f ? `settle:${typeof f.error === 'string' ? f.error : (f.error as Error).name}` : 'settle:ok';
    default:
      return f.type;
  }
}

// state, event → next state, effects ('·': none). Read down a state to see what it accepts.
const TABLE = `
idle play → loading[0/0] | load:a.opus play watch tell:play
idle play:none → idle | settle:Error
idle play:unknown → waiting | ·
idle play:clip → loading[0/0]~50 | load:a.opus play watch tell:play
idle pause → idle | settle:AbortError
idle stop → idle | release
idle fatal → error | settle:E
idle shown → idle | follow
idle shown:other → idle | follow
idle shown:none → idle | follow
idle shown:unknown → idle | follow
idle shown:live → idle | follow
idle paused → idle | save
idle refused → idle | settle:R settle:AbortError
waiting play → loading[0/0] | load:a.opus play watch tell:play
waiting play:none → idle | settle:Error
waiting play:clip → loading[0/0]~50 | load:a.opus play watch tell:play
waiting pause → idle | settle:AbortError
waiting fatal → error | settle:E
waiting shown → loading[0/0] | follow load:a.mp3 play watch tell:play
waiting shown:other → loading[0/0] | follow load:b.mp3 play watch tell:play
waiting shown:none → idle | follow settle:Error
waiting shown:unknown → waiting | follow
waiting shown:live → loading[0/0] | follow load:relay play watch tell:play
waiting paused → waiting | save
waiting refused → idle | settle:R settle:AbortError
loading play:none → loading[0/0] | settle:Error
loading play:clip → loading[0/0]~50 | ·
loading pause → paused[0/0] | settle:AbortError unwatch pause save tell:pause
loading stop → idle | settle:AbortError unwatch pause save tell:pause release
loading fatal → error | unwatch pause save tell:pause settle:E
loading shown → loading[0/0] | follow
loading shown:other → idle | settle:AbortError unwatch pause save tell:pause release follow
loading shown:none → idle | settle:AbortError unwatch pause save tell:pause release follow
loading shown:unknown → idle | settle:AbortError unwatch pause save tell:pause release follow
loading shown:live → idle | settle:AbortError unwatch pause save tell:pause release follow
loading sound → playing[0/0] f0 | settle:ok flowing
loading tick → playing[0/0] f0.6 | unwatch settle:ok flowing
loading tick:end → playing[0/0] f0.5 | unwatch settle:ok flowing
loading waiting → loading[0/0] | watch
loading seeked → loading[0/0] | watch
loading metadata:late → loading[0/0] | start
loading metadata:short → loading[1/0] | release load:a.mp3 play watch
loading failed → loading[1/0] | load:a.mp3 play watch
loading ended → ended[0/0] | settle:AbortError unwatch pause save tell:pause tell:ended
loading paused → loading[0/0] | save
loading refused → paused[0/0] | settle:R settle:AbortError unwatch pause save tell:pause
playing play → playing[0/0] f29.5 | ·
playing play:none → playing[0/0]~40 f29.5 | settle:Error
playing play:clip → playing[0/0]~50 f29.5 | ·
playing pause → paused[0/0] | settle:AbortError unwatch pause save tell:pause
playing seek → playing[0/0] f29.5 | ·
playing stop → idle | settle:AbortError unwatch pause save tell:pause release
playing fatal → error | unwatch pause save tell:pause settle:E
playing shown → playing[0/0]~40 f29.5 | follow
playing shown:other → idle | settle:AbortError unwatch pause save tell:pause release follow
playing shown:none → idle | settle:AbortError unwatch pause save tell:pause release follow
playing shown:unknown → idle | settle:AbortError unwatch pause save tell:pause release follow
playing shown:live → idle | settle:AbortError unwatch pause save tell:pause release follow
playing sound → playing[0/0]~40 f29.5 | settle:ok flowing
playing tick → playing[0/0]~40 f0 | unwatch settle:ok flowing
playing tick:end → paused[0/0] | settle:AbortError unwatch pause save tell:pause
playing waiting → buffering[0/0]~40 f29.5 | watch
playing seeked → playing[0/0]~40 f29.5 | watch
playing metadata:late → playing[0/0]~40 f29.5 | start
playing metadata:short → loading[1/0]~40 | release load:a.mp3 play watch
playing failed → loading[1/0]~40 | load:a.mp3 play watch
playing ended → ended[0/0] | settle:AbortError unwatch pause save tell:pause tell:ended
playing paused → paused[0/0] | settle:AbortError unwatch pause save tell:pause
playing refused → paused[0/0] | settle:R settle:AbortError unwatch pause save tell:pause
buffering play → loading[0/0] | load:a.opus play watch tell:play
buffering play:none → buffering[1/2!] f3 | settle:Error
buffering play:clip → loading[0/0]~50 | load:a.opus play watch tell:play
buffering pause → idle | settle:AbortError unwatch pause save release tell:pause
buffering stop → idle | settle:AbortError unwatch pause save release tell:pause
buffering fatal → error | unwatch pause save release tell:pause settle:E
buffering shown → idle | settle:AbortError unwatch pause save release tell:pause follow
buffering shown:other → idle | settle:AbortError unwatch pause save release tell:pause follow
buffering shown:none → idle | settle:AbortError unwatch pause save release tell:pause follow
buffering shown:unknown → idle | settle:AbortError unwatch pause save release tell:pause follow
buffering shown:live → loading[0/2!] | load:relay play watch follow
buffering offline → held[1/2!] | unwatch pause release
buffering unreachable → held[1/2!] | unwatch pause release
buffering sound → playing[1/2] f3 | tell:recovered settle:ok flowing
buffering tick → playing[1/2] f3.6 | unwatch tell:recovered settle:ok flowing
buffering tick:end → playing[1/2] f3.5 | unwatch tell:recovered settle:ok flowing
buffering waiting → buffering[1/2!] f3 | watch
buffering seeked → buffering[1/2!] f3 | watch
buffering metadata:late → buffering[1/2!] f3 | ·
buffering failed → reconnecting[1/3!] | unwatch backoff:2 refresh
buffering ended → reconnecting[1/3!] | unwatch backoff:2 refresh
buffering paused → buffering[1/2!] f3 | save
buffering refused → idle | settle:R settle:AbortError unwatch pause save release tell:pause
reconnecting play → loading[0/0] | load:a.opus play watch tell:play
reconnecting play:none → reconnecting[0/2!] | settle:Error
reconnecting play:clip → loading[0/0]~50 | load:a.opus play watch tell:play
reconnecting pause → idle | settle:AbortError unwatch pause save release tell:pause
reconnecting stop → idle | settle:AbortError unwatch pause save release tell:pause
reconnecting fatal → error | unwatch pause save release tell:pause settle:E
reconnecting shown → idle | settle:AbortError unwatch pause save release tell:pause follow
reconnecting shown:other → idle | settle:AbortError unwatch pause save release tell:pause follow
reconnecting shown:none → idle | settle:AbortError unwatch pause save release tell:pause follow
reconnecting shown:unknown → idle | settle:AbortError unwatch pause save release tell:pause follow
reconnecting shown:live → reconnecting[0/2!] | follow
reconnecting offline → held[0/2!] | unwatch pause release
reconnecting unreachable → held[0/2!] | unwatch pause release
reconnecting sound → playing[0/2] f0 | unwatch tell:recovered settle:ok flowing
reconnecting tick → playing[0/2] f0.6 | unwatch tell:recovered settle:ok flowing
reconnecting tick:end → playing[0/2] f0.5 | unwatch tell:recovered settle:ok flowing
reconnecting paused → reconnecting[0/2!] | save
reconnecting refused → idle | settle:R settle:AbortError unwatch pause save release tell:pause
reconnecting retry → loading[0/2!] | load:relay play watch
held play → loading[0/0] | load:a.opus play watch tell:play
held play:none → held[1/2!] | settle:Error
held play:clip → loading[0/0]~50 | load:a.opus play watch tell:play
held pause → idle | settle:AbortError unwatch pause save release tell:pause
held stop → idle | settle:AbortError unwatch pause save release tell:pause
held fatal → error | unwatch pause save release tell:pause settle:E
held shown → held[1/2!] | follow
held shown:other → held[1/2!] | follow
held shown:none → held[1/2!] | follow
held shown:unknown → held[1/2!] | follow
held shown:live → held[1/2!] | follow
held offline → held[1/2!] | unwatch pause release
held unreachable → held[1/2!] | unwatch pause release
held back → loading[0/2!] | load:relay play watch tell:play
held back:other → loading[0/0] | load:edge play watch tell:play
held paused → held[1/2!] | save
held refused → idle | settle:R settle:AbortError unwatch pause save release tell:pause
paused play → loading[0/0] | play watch tell:play
paused play:none → paused[0/0] | settle:Error
paused play:unknown → waiting | ·
paused play:clip → loading[0/0]~50 | play watch tell:play
paused pause → paused[0/0] | settle:AbortError
paused stop → idle | release
paused fatal → error | settle:E
paused shown → paused[0/0] | follow
paused shown:other → idle | release follow
paused shown:none → idle | release follow
paused shown:unknown → idle | release follow
paused shown:live → idle | release follow
paused paused → paused[0/0] | save
paused refused → paused[0/0] | settle:R settle:AbortError
ended play → loading[0/0] | play watch tell:play
ended play:none → ended[0/0] | settle:Error
ended play:unknown → waiting | ·
ended play:clip → loading[0/0]~50 | play watch tell:play
ended pause → ended[0/0] | settle:AbortError
ended stop → idle | release
ended fatal → error | settle:E
ended shown → ended[0/0] | follow
ended shown:other → idle | release follow
ended shown:none → idle | release follow
ended shown:unknown → idle | release follow
ended shown:live → idle | release follow
ended paused → ended[0/0] | save
ended refused → ended[0/0] | settle:R settle:AbortError
error play → loading[0/0] | load:a.opus play watch tell:play
error play:none → error | settle:Error
error play:unknown → waiting | ·
error play:clip → loading[0/0]~50 | load:a.opus play watch tell:play
error pause → error | settle:AbortError
error stop → idle | release
error fatal → error | settle:E
error shown → error | follow
error shown:other → error | follow
error shown:none → error | follow
error shown:unknown → error | follow
error shown:live → error | follow
error paused → error | save
error refused → error | settle:R settle:AbortError
`;

/** Every pair the table does not list leaves the state as it is and does nothing. */
const rows = new Map(
  TABLE.trim()
    .split('\n')
    .map((line) => {
      const [from, to] = line.split(' → ');
      return [from!, to!];
    }),
);

describe('the transition table', () => {
  const pairs = Object.keys(STATES).flatMap((s) => Object.keys(EVENTS).map((e) => [s, e] as const));
  it.each(pairs)('%s, %s', (s, e) => {
    const state = STATES[s]!;
    const [next, effects] = transition(state, EVENTS[e]!);
    const got = `${describeState(next)} | ${effects.map(describeEffect).join(' ') || '·'}`;
    expect(got).toBe(rows.get(`${s} ${e}`) ?? `${describeState(state)} | ·`);
  });

  it('lists only pairs that exist', () => {
    for (const key of rows.keys()) {
      const [s, e] = key.split(' ');
      expect(STATES[s!] && EVENTS[e!], key).toBeTruthy();
    }
  });

  it('every state name has its row (a new state needs its place in the table)', () => {
    const names: Record<State['name'], true> = {
      idle: true,
      waiting: true,
      loading: true,
      playing: true,
      buffering: true,
      reconnecting: true,
      held: true,
      paused: true,
      ended: true,
      error: true,
    };
    expect(Object.keys(STATES).sort()).toEqual(Object.keys(names).sort());
  });
});

describe('rules', () => {
  /** Runs `events` from `state`: the states passed through and every effect. */
  function run(state: State, ...events: Event[]): [State, Effect[]] {
    const all: Effect[] = [];
    for (const e of events) {
      const [next, effects] = transition(state, e);
      state = next;
      all.push(...effects);
    }
    return [state, all];
  }
  const stream = (sources: string[]): Event => ({ type: 'play', live: true, sources });
  const loads = (effects: Effect[]) => effects.filter((f) => f.type === 'load').map((f) => f.type === 'load' && f.url);

  it('fails over through every source at once, one load at a time, then backs off, tells the error once and asks the service', () => {
    const failed: Event = { type: 'failed', tell: true };
    const [state, effects] = run({ name: 'idle' }, stream(['opus', 'vorbis', 'mp3']), failed, failed);
    expect(loads(effects)).toEqual(['opus', 'vorbis', 'mp3']);
    expect(effects.some((f) => f.type === 'backoff' || (f.type === 'tell' && f.what === 'error'))).toBe(false);
    const [after, more] = run(state, failed);
    expect(after).toMatchObject({ name: 'reconnecting', link: { attempt: 1, told: true } });
    expect(more.map(describeEffect)).toEqual(['tell:error', 'unwatch', 'backoff:0', 'refresh']);
    // The retry starts over at the first source; failing all again backs off longer, without telling again.
    const [again, told] = run(after, { type: 'retry' }, failed, failed, failed);
    expect(again).toMatchObject({ name: 'reconnecting', link: { attempt: 2 } });
    expect(told.map(describeEffect).filter((f) => f.startsWith('tell') || f.startsWith('backoff'))).toEqual(['backoff:1']);
    expect(loads(told)).toEqual(['opus', 'vorbis', 'mp3']);
  });

  it('a retry takes the sources the service lists now', () => {
    const [state] = run({ name: 'idle' }, stream(['a']), { type: 'failed', tell: false });
    expect(loads(run(state, { type: 'retry', sources: ['b', 'c'] })[1])).toEqual(['b']);
    expect(loads(run(state, { type: 'retry', sources: [] })[1])).toEqual(['a']);
  });

  it('sound after a failure tells `recovered` once; the attempt count starts over only after 30 s of sound', () => {
    const [state] = run({ name: 'idle' }, stream(['a']), { type: 'failed', tell: true }, { type: 'retry' });
    const [playing, effects] = run(state, { type: 'sound' }, { type: 'sound' });
    expect(effects.filter((f) => f.type === 'tell').map(describeEffect)).toEqual(['tell:recovered']);
    expect(playing).toMatchObject({ name: 'playing', link: { attempt: 1 } });
    const ticks = Array.from({ length: 50 }, (_, i): Event => ({ type: 'tick', step: 0.5, at: i / 2 }));
    expect(run(playing, ...ticks.slice(0, 40))[0]).toMatchObject({ link: { attempt: 1 } });
    expect(run(playing, ...ticks, ...ticks)[0]).toMatchObject({ link: { attempt: 0 } });
  });

  it('the attempt count starts over only after 30 s of sound (HEALTHY_S), counted from the last failure', () => {
    const failed: Event = { type: 'failed', tell: false };
    const retry: Event = { type: 'retry' };
    const ticks = (n: number) => Array.from({ length: n }, (_, i): Event => ({ type: 'tick', step: 0.5, at: i / 2 }));
    // Three failures in a row, then sound: attempt 3 (the next failure backs off for attempt 3).
    const [state] = run({ name: 'idle' }, stream(['a']), failed, retry, failed, retry, failed, retry, { type: 'sound' });
    expect(state).toMatchObject({ name: 'playing', link: { attempt: 3 } });
    // 29.5 s of sound: still counting; 30 s: it starts over.
    expect(run(state, ...ticks(59))[0]).toMatchObject({ link: { attempt: 3 } });
    const [healthy] = run(state, ...ticks(60));
    expect(healthy).toMatchObject({ link: { attempt: 0 } });
    expect(run(healthy, failed)[1].map(describeEffect)).toEqual(['unwatch', 'backoff:0', 'refresh']);
    // A failure before then: the sound is counted from zero again (29.5 s + 29.5 s is not 30 s of it).
    const [again, effects] = run(state, ...ticks(59), failed, retry, { type: 'sound' }, ...ticks(59), failed);
    expect(again).toMatchObject({ name: 'reconnecting', link: { attempt: 5 } });
    expect(effects.filter((f) => f.type === 'backoff').map(describeEffect)).toEqual(['backoff:3', 'backoff:4']);
  });

  it('a stream that ends has failed (the connection dropped); a file that ends is done', () => {
    const [live] = run({ name: 'idle' }, stream(['a', 'b']), { type: 'sound' }, { type: 'ended' });
    expect(live).toMatchObject({ name: 'loading', link: { index: 1 } });
    const [done, effects] = run({ name: 'idle' }, { type: 'play', live: false, sources: ['f'] }, { type: 'sound' }, { type: 'ended' });
    expect(done.name).toBe('ended');
    expect(effects.filter((f) => f.type === 'tell').map(describeEffect)).toEqual(['tell:play', 'tell:pause', 'tell:ended']);
  });

  it('pausing a stream releases it; pausing a file keeps it loaded, and Play goes on where it was', () => {
    expect(run({ name: 'idle' }, stream(['a']), { type: 'sound' }, { type: 'pause' })[0].name).toBe('idle');
    const [paused] = run({ name: 'idle' }, { type: 'play', live: false, sources: ['f'] }, { type: 'sound' }, { type: 'pause' });
    expect(paused.name).toBe('paused');
    expect(loads(run(paused, { type: 'play', live: false, sources: ['f'] })[1])).toEqual([]);
    // Another file: loaded in its place.
    expect(loads(run(paused, { type: 'play', live: false, sources: ['g'] })[1])).toEqual(['g']);
  });

  it('a live stream is never moved to a start: its clock starts at its live edge (HLS: far from 0); a file is', () => {
    const late: Event = { type: 'metadata', duration: Infinity, late: true };
    expect(run({ name: 'idle' }, stream(['hls.js:x']), late)[1].map(describeEffect)).not.toContain('start');
    expect(run({ name: 'idle' }, { type: 'play', live: false, sources: ['f'] }, { ...late, duration: 60 })[1].map(describeEffect)).toContain('start');
  });

  it('HLS: a native attempt that fails goes through hls.js, then to the next source, one at a time; told only when all failed', () => {
    const failed: Event = { type: 'failed', tell: true };
    const [state, effects] = run({ name: 'idle' }, stream(['hls:x.m3u8', 'hls.js:x.m3u8', 'mp3']), failed, failed);
    expect(loads(effects)).toEqual(['hls:x.m3u8', 'hls.js:x.m3u8', 'mp3']);
    expect(effects.map(describeEffect)).not.toContain('tell:error');
    expect(run(state, failed)[1].map(describeEffect)).toContain('tell:error');
  });

  it('HLS and Icecast: a source the service no longer lists moves on at once, either way', () => {
    const [onHls] = run({ name: 'idle' }, stream(['hls.js:x.m3u8', 'mp3']), { type: 'sound' });
    const [onMp3, toMp3] = run(onHls, { type: 'shown', live: true, sources: ['mp3'] });
    expect([onMp3.name, loads(toMp3)]).toEqual(['loading', ['mp3']]);
    const [played] = run(onMp3, { type: 'sound' });
    const [back, toHls] = run(played, { type: 'shown', live: true, sources: ['hls.js:x.m3u8'] });
    expect([back.name, loads(toHls)]).toEqual(['loading', ['hls.js:x.m3u8']]);
  });

  it('HLS listed first anew (its segmenter back, HLS_FIRST): a stream on Icecast goes back to it on the list alone', () => {
    const [onHls] = run({ name: 'idle' }, stream(['hls.js:x.m3u8', 'relay', 'mp3']), { type: 'sound' });
    const [onRelay] = run(onHls, { type: 'shown', live: true, sources: ['relay', 'mp3'] }, { type: 'sound' });
    const [back, toHls] = run(onRelay, { type: 'shown', live: true, sources: ['hls.js:x.m3u8', 'relay', 'mp3'] });
    expect([back.name, loads(toHls)]).toEqual(['loading', ['hls.js:x.m3u8']]);
    // Listed after Icecast (the default), or an Icecast source newly first (Icecast's order is by load): it stays.
    expect(loads(run(onRelay, { type: 'shown', live: true, sources: ['relay', 'mp3', 'hls.js:x.m3u8'] })[1])).toEqual([]);
    expect(loads(run(onRelay, { type: 'shown', live: true, sources: ['relay2', 'relay', 'mp3'] })[1])).toEqual([]);
    // An HLS that failed here (it is in the list the stream went through) is not tried again on the list's word.
    const [failedOver] = run({ name: 'idle' }, stream(['hls.js:x.m3u8', 'mp3']), { type: 'failed', tell: false }, { type: 'sound' });
    expect(loads(run(failedOver, { type: 'shown', live: true, sources: ['hls.js:x.m3u8', 'mp3'] })[1])).toEqual([]);
    // Paused (released), nothing loads.
    const [paused] = run(onRelay, { type: 'pause' });
    expect(loads(run(paused, { type: 'shown', live: true, sources: ['hls.js:x.m3u8', 'relay', 'mp3'] })[1])).toEqual([]);
  });

  it('wanted: the listener wants sound in every state but idle, paused, ended and error', () => {
    expect(
      Object.entries(STATES)
        .filter(([, s]) => wanted(s))
        .map(([n]) => n),
    ).toEqual(['waiting', 'loading', 'playing', 'buffering', 'reconnecting', 'held']);
  });
});

describe('docs/playback.md', () => {
  it('has the diagram the machine’s table draws (`npm run diagram` writes it)', async () => {
    const { withDiagram } = await import('../../scripts/playback-diagram.ts');
    const doc = readFileSync('docs/playback.md', 'utf8');
    expect(doc).toBe(withDiagram(doc));
  });
});
