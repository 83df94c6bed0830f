/** `m:ss` or `h:mm:ss`, for clocks. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds || 0));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60));
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${mm.padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "3 minutes 5 seconds", for screen readers. */
export function spoken(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds || 0));
  const parts: string[] = [];
  if (s >= 3600) parts.push(unit(Math.floor(s / 3600), 'hour'));
  const m = Math.floor((s % 3600) / 60);
  if (m) parts.push(unit(m, 'minute'));
  if (s % 60 || !parts.length) parts.push(unit(s % 60, 'second'));
  return parts.join(' ');
}

/** A date as the reader's locale writes it, e.g. "Nov 15, 2026". */
export function day(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' });
}

/** The local time of day, e.g. "14:05". */
export function timeOfDay(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}
