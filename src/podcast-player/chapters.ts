import type { Chapter } from '../api/types.js';

/**
 * Index of the chapter playing at `t` seconds (chapters sorted by start), or -1 before the
 * first. A silent chapter (`toc: false`: not listed, it only changes the picture or link) is
 * counted only with `silent`: otherwise the listed chapter it falls in is the one playing.
 */
export function currentChapter(chapters: readonly Chapter[], t: number, silent?: boolean): number {
  let index = -1;
  for (let i = 0; i < chapters.length && chapters[i].start <= t; i++) if (silent || chapters[i].toc !== false) index = i;
  return index;
}
