import type { Chapter } from '../internal/api-types.js';

/** Index of the chapter playing at `t` seconds (chapters sorted by start), or -1 before the first. */
export function currentChapter(chapters: readonly Chapter[], t: number): number {
  let index = -1;
  for (let i = 0; i < chapters.length && chapters[i].start <= t; i++) index = i;
  return index;
}
