/** The bench's one table: every measure beside its reference and its goal. */

export interface Row {
  section: string;
  measure: string;
  value: string;
  /** What the value is compared with, measured in the same run (or a fixed floor). */
  reference: string;
  goal?: string;
  /** true met, false missed, undefined when there is no goal. */
  met?: boolean;
}

export interface Part<T = unknown> {
  rows: Row[];
  data: T;
}

const HEAD = ['Section', 'Measure', 'castlet', 'Reference (same run)', 'Goal', ''] as const;

function cells(r: Row): string[] {
  return [r.section, r.measure, r.value, r.reference, r.goal ?? '', r.met === undefined ? '' : r.met ? 'ok' : 'MISSED'];
}

/** A plain-text table for the terminal. */
export function textTable(rows: Row[]): string {
  const all = [HEAD as readonly string[], ...rows.map(cells)];
  const widths = HEAD.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
  const line = (r: readonly string[]) =>
    r
      .map((c, i) => c.padEnd(widths[i]!))
      .join(' | ')
      .trimEnd();
  const sep = widths.map((w) => '-'.repeat(w)).join('-+-');
  const out: string[] = [line(HEAD), sep];
  let section = '';
  for (const r of rows) {
    if (section && r.section !== section) out.push(sep);
    section = r.section;
    out.push(line(cells(r)));
  }
  return out.join('\n');
}

/** The same rows as a GitHub markdown table (for docs/performance.md). */
export function markdownTable(rows: Row[]): string {
  const esc = (s: string) => s.replace(/\|/g, '\\|');
  const out = [`| ${HEAD.join(' | ')} |`, `|${HEAD.map(() => '---').join('|')}|`];
  for (const r of rows) out.push(`| ${cells(r).map(esc).join(' | ')} |`);
  return out.join('\n');
}
