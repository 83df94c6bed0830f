/**
 * "Songs" a page can hear change: the test tones of test/fixtures/tones (500 Hz and 2000 Hz)
 * repeated into tracks, as the mock's live loop (a catalog) or as files for ezstream; and, in
 * the page, a recorder that hears which tone sounds through the Web Audio API (an analyser on
 * the player's own media element, i.e. the audio on its way to the speakers) beside what the
 * player shows.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCatalog, type Catalog } from '../../demo/server/media/catalog.ts';
import { parseMp3 } from '../../demo/server/media/mp3.ts';

export type Tone = 'low' | 'high';
export const TONE_HZ: Record<Tone, number> = { low: 500, high: 2000 };

export interface ToneSong {
  title: string;
  artist: string;
  tone: Tone;
  /** Seconds (whole frames: a little more). */
  seconds: number;
}

/** The real-station songs: "Low One", "High Two", "Low Three", "High Four" by Tones, tones in turn, `seconds` each. */
export const fourTones = (seconds: number): ToneSong[] =>
  ['Low One', 'High Two', 'Low Three', 'High Four'].map((title, i) => ({ title, artist: 'Tones', tone: i % 2 ? 'high' : 'low', seconds }));

const FIXTURES = fileURLToPath(new URL('../fixtures/tones/', import.meta.url));

/** `seconds` of `tone`: its steady frames (not lame's quiet first and last ones) repeated. */
export function toneAudio(tone: Tone, seconds: number): { bytes: Uint8Array; seconds: number } {
  const file = new Uint8Array(readFileSync(join(FIXTURES, `${tone}.mp3`)));
  const { frameOffsets, frameDuration } = parseMp3(file);
  const frames = frameOffsets.slice(2, -2).map((at, i) => file.subarray(at, frameOffsets[i + 3]));
  const count = Math.ceil(seconds / frameDuration);
  return { bytes: Buffer.concat(Array.from({ length: count }, (_, i) => frames[i % frames.length]!)), seconds: count * frameDuration };
}

/** The demo catalog with `songs` as its live loop. */
export function toneCatalog(songs: ToneSong[]): Catalog {
  const catalog = loadCatalog();
  let start = 0;
  const parts = songs.map((s) => {
    const audio = toneAudio(s.tone, s.seconds);
    const track = { title: s.title, artist: s.artist, start, duration: audio.seconds };
    start += audio.seconds;
    return { track, bytes: audio.bytes };
  });
  const bytes = new Uint8Array(Buffer.concat(parts.map((p) => p.bytes)));
  return { ...catalog, live: { bytes, info: parseMp3(bytes), tracks: parts.map((p) => p.track) } };
}

/** Writes each song as "Artist - Title.mp3" in `dir` (ezstream takes the title from the name); returns the paths. */
export function toneFiles(dir: string, songs: ToneSong[]): string[] {
  return songs.map((s) => {
    const path = join(dir, `${s.artist} - ${s.title}.mp3`);
    writeFileSync(path, toneAudio(s.tone, s.seconds).bytes);
    return path;
  });
}

/** When each tone began to sound, and each change of what the player shows. */
export interface HeardLog {
  /** Times are Date.now() (ms): the page and the test run on one machine, so one clock. */
  tones: { at: number; tone: Tone }[];
  /**
   * Spans of 100 ms or more in which neither tone sounded, from the first tone heard on; a span is
   * written when sound comes back (one still open when the log is read is not in it).
   */
  silences: { from: number; to: number }[];
  /** `event`: the title of the last castlet-nowplaying. */
  shown: { at: number; title: string | null; live: string | null; session: string | null; recent: string | null; event: string | null }[];
  /** The audio context: its state and output latency (s), for the report. */
  context: { state: string; latency: number } | null;
}

/**
 * In the page (self-contained): samples every 20 ms the title, live region, lock-screen title
 * and first recent track the player shows, and the last castlet-nowplaying event. With `hz`,
 * it also hears the tones: before Play it
 * routes the player's media element through an analyser (the context starts on the pointer
 * press that presses Play) and notes which tone is the louder (the stream must allow CORS).
 * WebKitGTK's clock stops while its media element plays into Web Audio: there, and wherever
 * the output can be recorded, `hz` is null and `hearOutput` listens instead.
 */
export function recordHeard([selector, hz]: [string, Record<Tone, number> | null]) {
  const el = document.querySelector(selector) as HTMLElement & { media: HTMLMediaElement };
  const media = el.media;
  const log: HeardLog = { tones: [], silences: [], shown: [], context: null };
  let quietFrom: number | undefined;
  (window as unknown as { heardLog: HeardLog }).heardLog = log;
  let analyser: AnalyserNode | undefined;
  let bins = new Float32Array(0);
  let ctx: AudioContext | undefined;
  if (hz) media.crossOrigin = 'anonymous';
  document.addEventListener(
    'pointerdown',
    () => {
      if (ctx || !hz) return;
      ctx = new AudioContext();
      const source = ctx.createMediaElementSource(media);
      analyser = ctx.createAnalyser();
      analyser.fftSize = 2048;
      analyser.smoothingTimeConstant = 0;
      source.connect(analyser);
      analyser.connect(ctx.destination);
      bins = new Float32Array(analyser.frequencyBinCount);
    },
    true,
  );
  const level = (f: number) => {
    const bin = Math.round(f / (ctx!.sampleRate / analyser!.fftSize));
    return Math.max(...bins.subarray(bin - 2, bin + 3));
  };
  let candidate: { at: number; tone: Tone } | undefined;
  let last = '';
  let event: string | null = null;
  el.addEventListener(
    'castlet-nowplaying',
    (e) => (event = (e as CustomEvent<{ nowPlaying: { title: string } | null }>).detail.nowPlaying?.title ?? null),
  );
  setInterval(() => {
    const at = Date.now();
    if (analyser && ctx && hz) {
      log.context = { state: ctx.state, latency: (ctx.baseLatency || 0) + (ctx.outputLatency || 0) };
      analyser.getFloatFrequencyData(bins);
      const low = level(hz.low);
      const high = level(hz.high);
      // One tone clearly louder than the other (and than silence); two readings in a row.
      const loud = Math.max(low, high) > -70;
      const tone: Tone | null = loud && Math.abs(low - high) > 20 ? (low > high ? 'low' : 'high') : null;
      if (loud) {
        if (quietFrom !== undefined && at - quietFrom >= 100) log.silences.push({ from: quietFrom, to: at });
        quietFrom = undefined;
      } else if (log.tones.length) quietFrom ??= at;
      if (tone && tone !== log.tones.at(-1)?.tone) {
        if (candidate?.tone === tone) {
          log.tones.push(candidate);
          candidate = undefined;
        } else candidate = { at, tone };
      } else candidate = undefined;
    }
    const root = el.shadowRoot!;
    const text = (q: string) => root.querySelector(q)?.textContent?.trim() ?? null;
    const shown = {
      at,
      title: text('[part~=title]'),
      live: text('[aria-live=polite]'),
      session: navigator.mediaSession?.metadata?.title ?? null,
      recent: text('[part~=history] li .clip'),
      event,
    };
    const key = JSON.stringify({ ...shown, at: 0 });
    if (key !== last) log.shown.push(shown);
    last = key;
  }, 20);
}

/**
 * Hears what a browser plays into its private PulseAudio (`server`: its null sink's monitor,
 * through `parec`): the tone changes, timed by Date.now() when the sound reached the sink.
 */
export function hearOutput(server: string, hz: Record<Tone, number> = TONE_HZ) {
  const rate = 16_000;
  /** 20 ms blocks, as in the page. */
  const block = rate / 50;
  const parec = spawn(
    'parec',
    [`--server=${server}`, '--device=null.monitor', '--raw', '--format=s16le', `--rate=${rate}`, '--channels=1', '--latency-msec=10'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let errors = '';
  parec.stderr.on('data', (d: Buffer) => (errors += d));
  const tones: HeardLog['tones'] = [];
  const silences: HeardLog['silences'] = [];
  let quietFrom: number | undefined;
  let candidate: HeardLog['tones'][number] | undefined;
  let pending = Buffer.alloc(0);
  /** Goertzel: the power of `f` in the block. */
  const power = (samples: Int16Array, f: number) => {
    const c = 2 * Math.cos((2 * Math.PI * f) / rate);
    let s1 = 0;
    let s2 = 0;
    for (const x of samples) [s1, s2] = [x / 32768 + c * s1 - s2, s1];
    return s1 * s1 + s2 * s2 - c * s1 * s2;
  };
  parec.stdout.on('data', (chunk: Buffer) => {
    const arrived = Date.now();
    pending = Buffer.concat([pending, chunk]);
    const blocks = Math.floor(pending.length / (block * 2));
    for (let i = 0; i < blocks; i++) {
      const samples = new Int16Array(pending.buffer.slice(pending.byteOffset + i * block * 2, pending.byteOffset + (i + 1) * block * 2));
      // When this block began to sound: the end of what arrived, less what follows it.
      const at = arrived - ((pending.length / 2 - i * block) / rate) * 1000;
      const low = power(samples, hz.low);
      const high = power(samples, hz.high);
      // One tone clearly louder than the other (100×: 20 dB) and than silence; two blocks in a row.
      const loud = Math.max(low, high) > 1;
      const tone: Tone | null = loud && Math.max(low, high) > 100 * Math.min(low, high) ? (low > high ? 'low' : 'high') : null;
      if (loud) {
        if (quietFrom !== undefined && at - quietFrom >= 100) silences.push({ from: quietFrom, to: at });
        quietFrom = undefined;
      } else if (tones.length) quietFrom ??= at;
      if (tone && tone !== tones.at(-1)?.tone) {
        if (candidate?.tone === tone) {
          tones.push(candidate);
          candidate = undefined;
        } else candidate = { at, tone };
      } else candidate = undefined;
    }
    pending = pending.subarray(blocks * block * 2);
  });
  return {
    tones,
    silences,
    errors: () => errors,
    stop: () =>
      new Promise<void>((resolve) => {
        if (parec.exitCode !== null || parec.signalCode !== null) return resolve();
        parec.once('exit', () => resolve());
        parec.kill('SIGTERM');
      }),
  };
}

type Shown = HeardLog['shown'][number];

/** The first time at or after `from` (ms) that the player showed something `ok`; `from` itself if it did then. */
export function shownSince(log: HeardLog, from: number, ok: (s: Shown) => boolean): number | undefined {
  const then = log.shown.filter((s) => s.at <= from).at(-1);
  if (then && ok(then)) return from;
  return log.shown.find((s) => s.at > from && ok(s))?.at;
}

/**
 * For each tone change the page heard: how long after the change (s; negative: before it)
 * the player first showed what `ok` expects of that song, `songs[i]` being the title of the
 * i-th tone heard (`before`: the one heard before it). Counted from when the player showed the
 * song before, by its title and by `ok` (or, where it never did, from that song's tone), so
 * something shown earlier and still shown counts as early. NaN: never shown.
 */
export function shownVsHeard(log: HeardLog, songs: string[], ok: (s: Shown, song: string, before: string | undefined) => boolean): number[] {
  return log.tones.slice(1).map((change, i) => {
    const since = (check: (s: Shown) => boolean) => shownSince(log, log.tones[i]!.at, check) ?? log.tones[i]!.at;
    const from = Math.max(
      since((s) => s.title === songs[i]),
      since((s) => ok(s, songs[i]!, songs[i - 1])),
    );
    const at = shownSince(log, from, (s) => ok(s, songs[i + 1]!, songs[i]!));
    return at === undefined ? NaN : (at - change.at) / 1000;
  });
}
