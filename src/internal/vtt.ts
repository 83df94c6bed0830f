/** One WebVTT cue: seconds, the speaker from `<v Name>` (or ''), the text without tags. */
export interface Cue {
  start: number;
  end: number;
  speaker: string;
  text: string;
}

const TIME = /(?:(\d+):)?(\d{1,2}):(\d{2}(?:\.\d{1,3})?)/;
const seconds = (m: RegExpExecArray) => Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]);
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', nbsp: '\u00a0', lrm: '\u200e', rlm: '\u200f' };

/**
 * Reads a WebVTT file's cues (https://www.w3.org/TR/webvtt1/): timings, `<v Speaker>`, text
 * with its tags removed and entities decoded — text only, never markup. Blocks that are not
 * cues (NOTE, STYLE, REGION) or have no valid timing are skipped; cues come back by start time.
 */
export function parseVtt(source: string): Cue[] {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!/^WEBVTT(?:[ \t]|\n|$)/.test(text)) return [];
  const cues: Cue[] = [];
  for (const block of text.split(/\n{2,}/).slice(1)) {
    const lines = block.split('\n');
    const at = lines.findIndex((l) => l.includes('-->'));
    if (at < 0 || at > 1) continue;
    // (A line with '-->' splits in two at least.)
    const [from, to] = lines[at]!.split('-->') as [string, string];
    const a = TIME.exec(from);
    const b = TIME.exec(to);
    if (!a || !b) continue;
    const body = lines.slice(at + 1).join('\n');
    const speaker = /<v(?:\.[^\s>]*)?\s+([^>]*)>/.exec(body)?.[1]?.trim() ?? '';
    const words = body
      .replace(/<[^>]*>/g, '')
      .replace(/&(amp|lt|gt|nbsp|lrm|rlm);/g, (_, e: string) => ENTITIES[e]!)
      .replace(/\s+/g, ' ')
      .trim();
    if (words) cues.push({ start: seconds(a), end: seconds(b), speaker, text: words });
  }
  return cues.sort((x, y) => x.start - y.start);
}

/** The cue playing at `t` seconds (the last one that started), or -1 before the first. */
export function cueAt(cues: Cue[], t: number): number {
  let found = -1;
  for (let i = 0; i < cues.length && cues[i]!.start <= t; i++) found = i;
  return found;
}
