/** `m:ss` or `h:mm:ss`, for clocks. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds || 0));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60));
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${mm.padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

/** The formatters made so far, by locale and kind: making one costs far more than using it. */
const made = new Map<string, { format(v: number | Date): string }>();
const formatter = (key: string, make: () => { format(v: number | Date): string }) => {
  let f = made.get(key);
  if (!f) made.set(key, (f = make()));
  return f;
};

/** `n` of `unit` spelt out in `locale` ("3 minutes", "3 Minuten"). */
const unit = (locale: string, n: number, unit: string) =>
  formatter(`${locale} ${unit}`, () => new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' })).format(n);

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
  return Number.isNaN(d.getTime()) ? '' : formatter(`${locale} day`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' })).format(d);
}

let warmed = false;

/**
 * A page's first use of `Intl` loads the browser's locale data: tens of milliseconds on a slow
 * phone, in the task that first formats a date (the one rendering the data, already the
 * longest). Called when a player is created, this does it before the data can arrive, from
 * the next task on, a piece per task (the language `lang()` gives then, its plurals, numbers,
 * and the date and unit formats the players use), each short enough not to block the page;
 * once per page.
 */
export function warmIntl(lang: () => string): void {
  if (warmed || typeof Intl !== 'object') return;
  warmed = true;
  let locale = 'en';
  const steps = [
    () => new Intl.Locale((locale = lang())).maximize(),
    () => new Intl.PluralRules(locale).select(1),
    () => (1.5).toLocaleString(locale),
    () => day('2000-01-01T00:00:00Z', locale),
    () => spoken(61, locale),
  ];
  const next = () => {
    try {
      steps.shift()?.();
    } catch {
      // (A locale Intl refuses: the render says so, as before.)
    }
    if (steps.length) setTimeout(next);
  };
  setTimeout(next);
}
