/** `m:ss` or `h:mm:ss`, for clocks. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds || 0));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60));
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${mm.padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

/** `n` of `unit` spelt out in `locale` ("3 minutes", "3 Minuten"). */
const unit = (locale: string, n: number, unit: string) => new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(n);

/** "3 minutes 5 seconds" in the listener's language, for screen readers. */
export function spoken(seconds: number, locale = 'en'): string {
  const s = Math.max(0, Math.floor(seconds || 0));
  const parts: string[] = [];
  if (s >= 3600) parts.push(unit(locale, Math.floor(s / 3600), 'hour'));
  const m = Math.floor((s % 3600) / 60);
  if (m) parts.push(unit(locale, m, 'minute'));
  if (s % 60 || !parts.length) parts.push(unit(locale, s % 60, 'second'));
  return parts.join(' ');
}

/** A date as `locale` writes it, e.g. "Nov 15, 2026". */
export function day(iso: string, locale?: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleDateString(locale, { dateStyle: 'medium' });
}

/**
 * Intl's first use on a page loads its data: 15–25 ms in one task for the first number. Here in
 * four tasks of 3–10 ms, in an order that splits it: a comparison (the default collator), a
 * segmenter, then a number and a date in `lang` (docs/performance.md).
 */
const warmed = new Set<string>();
/** (Once per language and page: every player calls it, and a second chain of timers would warm nothing.) */
export function warm(lang: string): void {
  if (warmed.has(lang)) return;
  warmed.add(lang);
  const steps = [() => 'a'.localeCompare('b'), () => Intl.Segmenter && new Intl.Segmenter(lang), () => spoken(1, lang), () => day('1', lang)];
  const next = (step = steps.shift()): unknown => step && setTimeout(() => (step(), next()));
  next();
}
