/**
 * The "now playing as heard" scenario (issue 21), for the built-in stream and for a real
 * Icecast, in any engine: a <stream-player> on a page, its recent tracks open; Play is pressed
 * PHASE seconds into a song, so the listener first hears, from the burst, the song before it,
 * then the song announced before Play, then one announced while playing. What the browser
 * plays is heard where it can be (its private PulseAudio's output, else an analyser in the
 * page) and set against what the player shows.
 */
import { expect } from 'vitest';
import { PUBLIC, embedPage } from './browser.ts';
import type { EnginePage } from './browser-engine.ts';
import type { EngineEnv } from './browser.ts';
import { missingCommand } from './browser-processes.ts';
import { hearOutput, recordHeard, shownSince, shownVsHeard, TONE_HZ, type HeardLog, type ToneSong } from './tones.ts';

const STREAM = 'stream-player';
/** Play is pressed this far into a song: the burst holds the song before it, and the next one is announced while it plays. */
const PHASE = 8;

/** How far behind the audio (s; negative: ahead of it) each display followed each song change. */
export interface Heard {
  /** The engine and how the sound was heard. */
  how: string;
  /** When the first sound was heard, how long until the player showed the song in it. */
  first: number;
  title: number[];
  live: number[];
  recent: number[];
  /** castlet-nowplaying. */
  event: number[];
  /** The lock-screen title, where the engine has one. */
  session: number[] | null;
  /** The song announced while playing: when its title first appeared at all, against its audio. */
  ahead: number;
  /** The stream's stated delay (s). */
  delay: number;
  /** The title shown once the last song had been heard for a while (its own, or the change was undone). */
  final: string | null;
  /** The last song heard. */
  last: string;
  /** The titles of the now playing and history the service listed when Play was pressed. */
  listed: string[];
  /** Every title and first recent track the player showed while the songs were heard. */
  shown: string[];
}

const heardLog = (p: EnginePage) => p.evaluate(() => (window as unknown as { heardLog: HeardLog }).heardLog, null);
const s2 = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(2)} s`;
export const fmt = (xs: number[]) => xs.map(s2).join(', ');

/** One line for the report. */
export function describeHeard(h: Heard): string {
  return (
    `${h.how}: stream_delay ${h.delay} s; title − audio ${fmt(h.title)} (first sound ${s2(h.first)}; the song announced while playing first shown ${s2(h.ahead)}); ` +
    `live region ${fmt(h.live)}; recent tracks ${fmt(h.recent)}; castlet-nowplaying ${fmt(h.event)}${h.session ? `; lock screen ${fmt(h.session)}` : ''}`
  );
}

/** Every display within `bound` s of the audio, at every change. */
export function expectHeard(h: Heard, bound = 1): void {
  expect(h.first, `${h.how}: the song in the burst shown when its sound starts`).toBeLessThan(bound);
  expect(h.final, `${h.how}: the title shown while the last song heard plays`).toBe(h.last);
  for (const [what, lags] of Object.entries({ title: h.title, live: h.live, recent: h.recent, event: h.event, session: h.session ?? [] })) {
    for (const lag of lags) expect(Math.abs(lag), `${h.how}: ${what} ${s2(lag)} from the audio`).toBeLessThanOrEqual(bound);
  }
}

/** Another moment to press Play (`listenAcrossSongs`). */
export interface PressAt {
  /** Resolves at the moment to press Play, to the stream as the service lists it then. */
  when: () => Promise<any>;
  /**
   * How many songs are heard, the first being the one the service has as now playing when Play
   * is pressed (a source that just connected: its queue holds no song before it).
   */
  songs: number;
}

/**
 * Runs the scenario in `env` (its mock streams `songs` in a loop: the built-in stream's live
 * loop, or an Icecast playlist); then pauses and checks that the newest song shows at once.
 * Play waits until the service has `known` of the songs, newest first: the song before the
 * current one must have a true start (in Icecast mode the first title the service sees
 * started before it looked, so it takes three). With `press`, Play is pressed when it says
 * instead, and the songs heard are counted from the current one.
 */
export async function listenAcrossSongs(env: EngineEnv, songs: ToneSong[], known = 2, press?: PressAt): Promise<Heard> {
  const name = env.engine.name;
  const index = (title: string) => songs.findIndex((s) => s.title === title);
  const p = await env.open(embedPage(env.mock, `<stream-player public-token="${PUBLIC}"></stream-player>`));
  await p.waitFor((sel) => (document.querySelector(sel) as HTMLElement & { state?: string })?.state === 'ready', STREAM, {
    what: 'ready',
    timeout: 10_000,
  });
  // Recent tracks open (its chunk loaded) before listening.
  await p.click(`${STREAM} >>> [part~=history] summary`);
  await p.waitFor((sel) => !!document.querySelector(sel)!.shadowRoot!.querySelector('[part~=history] ol'), STREAM, { what: 'recent tracks open' });

  // The browser's own output where it has one, else the page's analyser.
  const hearing = await startHearing(env, p);
  let heard: string[];
  let delay: number;
  let listed: string[];
  try {
    // PHASE s into a song, with the songs before it known.
    let at;
    if (press) at = await press.when();
    else
      for (;;) {
        at = await env.publicGet('stream');
        const phase = (Date.now() - Date.parse(at.now_playing?.started_at)) / 1000;
        const ours = [at.now_playing, ...at.history].slice(0, known).filter((t) => index(t?.title) >= 0).length;
        if (ours === known && Math.abs(phase - PHASE) < 0.3) break;
        await new Promise((r) => setTimeout(r, phase < PHASE - 1 ? (PHASE - 1 - phase) * 1000 : 100));
      }
    delay = at.stream_delay;
    listed = [at.now_playing, ...at.history].map((t: { title: string }) => t.title);
    await p.click(`${STREAM} >>> button[part=play]`);
    const k = index(at.now_playing.title);
    heard = (press ? [...Array(press.songs).keys()] : [-1, 0, 1]).map((d) => songs[(k + d + songs.length) % songs.length]!.title);
    await hearing.waitTones(heard.length, `${heard.length} songs heard`, 45_000);
    // Time for what the player shows to follow the last change.
    await new Promise((r) => setTimeout(r, 1500));
  } finally {
    await hearing.stop();
  }
  const log = await hearing.log();
  expect(
    log.tones.map((t) => t.tone),
    `${name}: the tones heard`,
  ).toEqual(heard.map((t) => songs[index(t)]!.tone));

  const first = shownSince(log, log.tones[0]!.at, (s) => s.title === heard[0]);
  const result: Heard = {
    how: `${name}, heard ${hearing.how}${env.engine.audioOutput ? '' : ` (output latency ${((log.context?.latency ?? 0) * 1000).toFixed(0)} ms)`}`,
    delay,
    first: first === undefined ? NaN : (first - log.tones[0]!.at) / 1000,
    title: shownVsHeard(log, heard, (s, song) => s.title === song),
    live: shownVsHeard(log, heard, (s, song) => s.live === `Now playing: ${song} by ${songs[index(song)]!.artist}`),
    recent: shownVsHeard(log, heard, (s, _song, before) => !!before && !!s.recent?.startsWith(before)),
    event: shownVsHeard(log, heard, (s, song) => s.event === song),
    session: log.shown.some((s) => s.session) ? shownVsHeard(log, heard, (s, song) => s.session === song) : null,
    final: log.shown.at(-1)?.title ?? null,
    last: heard.at(-1)!,
    listed,
    shown: [...new Set(log.shown.flatMap((s) => [s.title ?? '', s.recent ?? '']).filter(Boolean))],
    ahead: ((log.shown.find((s) => s.title === heard.at(-1))?.at ?? NaN) - log.tones.at(-1)!.at) / 1000,
  };

  // Paused: the newest the service announced, at once.
  await p.click(`${STREAM} >>> button[part=play]`);
  const latest = await env.publicGet('stream');
  await p.waitFor(
    ([sel, title, recent]) => {
      const root = document.querySelector(sel)!.shadowRoot!;
      const text = (q: string) => root.querySelector(q)?.textContent?.trim() ?? '';
      return text('[part~=title]') === title && text('[part~=history] li .clip').startsWith(recent);
    },
    [STREAM, latest.now_playing.title, latest.history[0].title] as [string, string, string],
    { what: `the newest title (${latest.now_playing.title}) and recent track once paused`, timeout: 1000 },
  );
  return result;
}

/** What a page's player is heard playing (`startHearing`): tone changes counted as they come. */
export interface Hearing {
  /** How it is heard, for the report. */
  how: string;
  /** Tones heard so far (the first, then one per change). */
  count(): Promise<number>;
  /** Waits until `n` tones have been heard (`what` names them in the failure). */
  waitTones(n: number, what: string, timeoutMs?: number): Promise<void>;
  /** Stops listening at the output (a no-op in the page). */
  stop(): Promise<void>;
  /** The page's log, with the tones and silences heard at the output where it was heard there. */
  log(): Promise<HeardLog>;
}

/**
 * Starts hearing the player `sel` of page `p` before Play is pressed: at the engine's own
 * PulseAudio output where it has one (`parec`), else by an analyser in the page (`recordHeard`,
 * which also samples what the player shows, in both cases). Call `stop` in a `finally`.
 */
export async function startHearing(env: EngineEnv, p: EnginePage, sel = STREAM): Promise<Hearing> {
  const name = env.engine.name;
  // (`parec` comes with Debian's pulseaudio, which depends on pulseaudio-utils.)
  const server = env.engine.audioOutput;
  if (server && missingCommand(['parec'])) expect.fail(`${name}: parec is missing (apt-get install pulseaudio-utils)`);
  const output = server ? hearOutput(server) : undefined;
  const stop = async () => {
    await output?.stop();
  };
  try {
    await p.evaluate(recordHeard, [sel, output ? null : TONE_HZ] as [string, typeof TONE_HZ | null]);
  } catch (e) {
    await stop();
    throw e;
  }
  const count = async () => (output ? output.tones : (await heardLog(p)).tones).length;
  return {
    how: output ? 'at its PulseAudio output' : 'by an analyser in the page',
    count,
    async waitTones(n, what, timeoutMs = 50_000) {
      for (const end = Date.now() + timeoutMs; (await count()) < n; await new Promise((r) => setTimeout(r, 100))) {
        if (Date.now() > end)
          expect.fail(`${name}: ${what}: not within ${timeoutMs / 1000} s (${await count()} tones heard)${output ? ` ${output.errors()}` : ''}`);
      }
    },
    stop,
    async log() {
      const log = await heardLog(p);
      if (output) [log.tones, log.silences] = [output.tones, output.silences];
      return log;
    },
  };
}

const toneIn = (songs: ToneSong[], title: string | null) => songs.find((s) => s.title === title)?.tone;
/** Each change of the title shown (its first reading). */
const titleChanges = (log: HeardLog) => log.shown.filter((s, i) => i === 0 || s.title !== log.shown[i - 1]!.title);

/**
 * For each tone change heard: how far (s) from it the title last changed to a song of that tone
 * (`songs`; negative: before the sound). The title shown at the change's moment ± 1 s is what counts.
 */
export function titleVsTone(log: HeardLog, songs: ToneSong[]): number[] {
  const changes = titleChanges(log);
  return log.tones.slice(1).map((tone) => {
    const near = changes.filter((c) => toneIn(songs, c.title) === tone.tone).map((c) => (c.at - tone.at) / 1000);
    const best = near.reduce((a, x) => (Math.abs(x) < Math.abs(a) ? x : a), Infinity);
    return Number.isFinite(best) ? best : NaN;
  });
}

/**
 * The other way round: each change of the title, from the first tone change heard on, that no
 * change to its tone heard within 1 s explains (a song shown that is not heard: the live edge
 * shown between two sources, say), in ms from `from`.
 */
export function unheardTitles(log: HeardLog, songs: ToneSong[], from: number, seam?: [number, number]): string[] {
  const since = (log.tones[1]?.at ?? Infinity) - 1000;
  // (The first tone heard explains a title too: a listener who starts on a song's last 0.1 s hears it.)
  // A seam: from when the player was told to switch to when it has sounded on the new source for a second. The audio jumps
  // there, onto another point of the songs; a song of the tone heard just before, or one heard for less than the tone
  // detector's window, makes no change a tone can show, so a title shown then is not held against it (the next change of
  // tone is, by titleVsTone).
  const inSeam = (at: number) => !!seam && at >= seam[0] && at <= seam[1];
  return log.shown
    .filter((s, i) => i > 0 && s.title !== log.shown[i - 1]!.title && s.at >= since && !inSeam(s.at))
    .filter((c) => !log.tones.some((t) => t.tone === toneIn(songs, c.title) && Math.abs(t.at - c.at) <= 1000))
    .map((c) => `"${c.title}" at ${c.at - from} ms`);
}

/** What was heard and shown, in ms from `from`, for a failure's message. */
export function heardTimeline(log: HeardLog, from: number): string {
  return [...log.tones.map((t) => [t.at, `${t.tone} tone heard`] as const), ...titleChanges(log).map((s) => [s.at, `"${s.title}" shown`] as const)]
    .sort((a, b) => a[0] - b[0])
    .map(([at, what]) => `${at - from} ${what}`)
    .join('; ');
}
