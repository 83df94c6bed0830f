/**
 * Source maps (v3) for JavaScript that scripts write line by line, such as the React
 * wrappers (scripts/integrations.ts): each generated line may name the source line it comes
 * from, and the map holds the sources' text (the package has no src/), as tsc's maps do.
 */
import { readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';

/** A generated line, and the line (0-based) of a repo file it comes from, if any. */
export interface Line {
  text: string;
  from?: { source: string; line: number };
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** One number as a Base64 VLQ, the digits of a source map's `mappings`. */
export function vlq(n: number): string {
  let v = n < 0 ? (-n << 1) | 1 : n << 1;
  let out = '';
  do {
    const digit = v & 31;
    v >>>= 5;
    out += BASE64[digit | (v ? 32 : 0)];
  } while (v);
  return out;
}

/**
 * The text of `file` (repo-relative, e.g. `dist/npm/react/index.js`) from `lines`, ending in
 * its `//# sourceMappingURL`, and that map: each mapped line's column 0 to its source line.
 */
export function withSourceMap(root: string, file: string, lines: Line[]): { js: string; map: string } {
  const sources = [...new Set(lines.flatMap((l) => (l.from ? [l.from.source] : [])))];
  let source = 0;
  let line = 0;
  const mappings = lines
    .map(({ from }) => {
      if (!from) return '';
      const s = sources.indexOf(from.source);
      // [generated column, source index, source line, source column], each but the first relative to the last segment.
      const segment = vlq(0) + vlq(s - source) + vlq(from.line - line) + vlq(0);
      [source, line] = [s, from.line];
      return segment;
    })
    .join(';');
  const map = {
    version: 3,
    file: basename(file),
    sourceRoot: '',
    sources: sources.map((s) => relative(dirname(file), s)),
    names: [],
    mappings,
    sourcesContent: sources.map((s) => readFileSync(join(root, s), 'utf8')),
  };
  return {
    js: `${lines.map((l) => l.text).join('\n')}\n//# sourceMappingURL=${basename(file)}.map\n`,
    map: JSON.stringify(map),
  };
}
