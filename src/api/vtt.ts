/**
 * WebVTT as browsers read it (https://www.w3.org/TR/webvtt1/#file-parsing): the same blocks,
 * timings, voices and character references as a `<track>`, cue text as text only.
 */

/** One voice of a WebVTT cue: seconds, the speaker from `<v Name>` (or ''), the words without tags. */
export interface Cue {
  start: number;
  end: number;
  speaker: string;
  text: string;
}

/** A cue as the file gives it: its timing and its text lines, tags and references as written. */
interface Block {
  start: number;
  end: number;
  lines: string[];
}

/** "Collect a WebVTT timestamp": [hours:]mm:ss.ttt, minutes and seconds two digits up to 59, milliseconds three. */
const STAMP = '(?:(\\d+):)?([0-5]\\d):([0-5]\\d)\\.(\\d{3})(?!\\d)';
/** A cue timing line: start, `-->`, end, each with optional white space around; cue settings after are ignored. */
const TIMING = new RegExp(`^[ \\t\\f]*${STAMP}[ \\t\\f]*-->[ \\t\\f]*${STAMP}`);
const seconds = (h = '0', m: string, s: string, ms: string) => +h * 3600 + +m * 60 + +s + +ms / 1000;

/**
 * The cues of a WebVTT file as the spec's parser collects them: a cue's text runs from its
 * timing line to a blank line or the next line with `-->`; other lines (the header, ids, NOTE,
 * STYLE and REGION blocks) are no cue's. A cue whose timing line is not valid is dropped (and
 * told to `bad`, with its 0-based line index); the rest are kept. Null when the file does not
 * start with `WEBVTT` (then `bad` hears of line 0).
 */
function blocks(source: string, bad?: (line: number, text: string) => void): Block[] | null {
  const lines = source
    .replace(/^\uFEFF/, '')
    .replace(/\0/g, '\uFFFD')
    .split(/\r\n?|\n/);
  if (!/^WEBVTT(?:[ \t]|$)/.test(lines[0]!)) return (bad?.(0, lines[0]!), null);
  const found: Block[] = [];
  let cue: Block | undefined;
  lines.forEach((line, i) => {
    if (!i) return;
    // Every line with '-->' is a cue's timing line: where the spec ends a block at one (past a
    // block's id line, or in the header), it starts the next block with it.
    if (line.includes('-->')) {
      const t = TIMING.exec(line);
      cue = t ? { start: seconds(t[1], t[2]!, t[3]!, t[4]!), end: seconds(t[5], t[6]!, t[7]!, t[8]!), lines: [] } : undefined;
      if (cue) found.push(cue);
      else bad?.(i, line);
    } else if (line) cue?.lines.push(line);
    else cue = undefined;
  });
  return found;
}

/**
 * Null for a WebVTT file a browser reads whole, otherwise where it breaks, in a sentence: the
 * first line that is not what a browser reads (a missing `WEBVTT` or a cue timing it drops),
 * or that no cue has words to show.
 */
export function vttError(source: string): string | null {
  let error: string | null = null;
  blocks(source, (i, text) => {
    error ??= i
      ? `line ${i + 1}: "${text.length > 60 ? text.slice(0, 60) + '…' : text}" is not a valid cue timing (expected hh:mm:ss.ttt --> hh:mm:ss.ttt, hours optional)`
      : 'line 1: a WebVTT file starts with "WEBVTT"';
  });
  return error ?? (parseVtt(source).length ? null : 'the file has no cue with words to show');
}

/**
 * Reads a WebVTT file's cues: one `Cue` per voice (a cue with `<v Sam>…</v> <v Robin>…</v>` gives
 * two, with the same timing), text with its tags removed and character references decoded —
 * text only, never markup. Cues come back in the browser's order: by start time, then the
 * longer first. Not WebVTT: no cues.
 */
export function parseVtt(source: string): Cue[] {
  return (blocks(source) ?? [])
    .flatMap(({ start, end, lines }) => voices(lines.join('\n')).map(([speaker, text]) => ({ start, end, speaker, text })))
    .sort((a, b) => a.start - b.start || b.end - a.end);
}

/**
 * Cue text as [speaker, words] pieces, by the WebVTT cue text parser's rules: `<v Name>` opens a
 * voice (inside another, the inner one speaks), an end tag closes the element it names only if
 * it is the innermost one open, other tags (`<c>`, `<i>`, `<00:01.500>` …) are dropped.
 */
function voices(text: string): [string, string][] {
  // The open elements, each with the speaker of the text inside it.
  const open: [tag: string, speaker: string][] = [];
  const pieces: [string, string][] = [];
  // A tag runs to its `>` or the end of the text.
  for (const token of text.split(/(<[^>]*>?)/)) {
    const [top, who = ''] = open.at(-1) ?? [];
    if (token[0] !== '<') {
      const last = pieces.at(-1);
      if (last && last[0] === who) last[1] += decode(token);
      else pieces.push([who, decode(token)]);
    } else if (token[1] === '/') {
      const tag = token.slice(2).replace('>', '');
      if (tag === top) open.pop();
      else if (tag === 'ruby' && top === 'rt') open.length -= 2;
    } else {
      const [, tag, note] = /<([^\s.>]*)[^\s>]*([^>]*)/.exec(token)!;
      if (/^(c|i|b|u|v|ruby|lang)$/.test(tag!) || (tag === 'rt' && top === 'ruby'))
        open.push([tag!, tag === 'v' ? decode(note!.replace(/\s+/g, ' ').trim()) : who]);
    }
  }
  return pieces.map(([who, words]): [string, string] => [who, words.replace(/\s+/g, ' ').trim()]).filter(([, words]) => words);
}

/** Windows-1252's characters for 0x80–0x9F, which HTML gives numeric references in that range. */
const C1 = '€\x81‚ƒ„…†‡ˆ‰Š‹Œ\x8DŽ\x8F\x90‘’“”•–—˜™š›œ\x9DžŸ';

/**
 * Named references decoded so far. Beyond these, the browser's own WebVTT cue parser decodes a
 * reference (it knows HTML's 2,231 names; `VTTCue` is no HTML parser, and this text holds no `<`):
 * no table to ship, and no Trusted Types sink. Where there is no `VTTCue` (Node), it stays as written.
 */
const named: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&apos;': "'",
  '&nbsp;': '\u00a0',
  '&lrm;': '\u200e',
  '&rlm;': '\u200f',
};

/** Decodes HTML character references as HTML does in text: numeric (with or without `;`) and named. */
function decode(text: string): string {
  return text.replace(/&(?:#(?:[xX]([\da-fA-F]+)|(\d+));?|\w+;?)/g, (ref, hex?: string, dec?: string) => {
    if (!hex && !dec) return (named[ref] ??= typeof VTTCue > 'u' ? ref : new VTTCue(0, 0, ref).getCueAsHTML().textContent!);
    const n = parseInt(hex ?? dec!, hex ? 16 : 10);
    return !n || n > 0x10ffff || n >> 11 === 0x1b ? '\uFFFD' : n >> 5 === 4 ? C1[n - 128]! : String.fromCodePoint(n);
  });
}

/** The cue playing at `t` seconds (the last one that started), or -1 before the first. */
export function cueAt(cues: Cue[], t: number): number {
  let found = -1;
  for (let i = 0; i < cues.length && cues[i]!.start <= t; i++) found = i;
  return found;
}
