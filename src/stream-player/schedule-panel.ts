/**
 * The week's schedule of <stream-player>: an on-demand chunk, loaded when the listener first
 * presses the schedule's line (schedule.ts renders it there, with the data the line shows). A
 * modal dialog (part `schedule-panel`): the show on air and the coming ones of the data's 7 days,
 * under a heading per day, their times in the listener's time zone and language (`Intl`); titles
 * and hosts are text, each in its own direction. It takes nothing from the card's layout: it
 * opens in the top layer; Escape or Close shut it and focus goes back to the line.
 */
import type { TemplateResult } from 'lit';
import type { Show, StreamSchedule } from '../api/types.js';
import type { Lit } from '../internal/panels.js';
import type { PlayerPort } from '../internal/port.js';

/** The panel's input. */
export interface PanelInput {
  /** The player's Lit (the chunk imports nothing from the bundle). */
  lit: Lit;
  port: PlayerPort;
  /** The data's schedule, checked (schedule.ts). */
  schedule: StreamSchedule;
  /** The listener's unless given (tests). */
  timeZone?: string;
  /** The dialog closed: focus goes back to the line. */
  close(): void;
}

const CLOSE = 'M6.7 5.3 12 10.6l5.3-5.3 1.4 1.4-5.3 5.3 5.3 5.3-1.4 1.4-5.3-5.3-5.3 5.3-1.4-1.4 5.3-5.3-5.3-5.3Z';

/** The shows by day (the listener's days), in order: `[day's heading, its shows]`. */
export function days(shows: Show[], lang: string, timeZone?: string): [string, Show[]][] {
  const heading = new Intl.DateTimeFormat(lang, { timeZone, weekday: 'long', day: 'numeric', month: 'long' });
  const out = new Map<string, Show[]>();
  for (const s of shows) {
    const at = new Date(s.start);
    if (Number.isNaN(at.getTime())) continue;
    const day = heading.format(at);
    out.set(day, [...(out.get(day) ?? []), s]);
  }
  return [...out];
}

/** "18:00 – 20:00" in `lang` and the zone; "" for a time that is none. */
export function hours(show: Show, lang: string, timeZone?: string): string {
  const f = new Intl.DateTimeFormat(lang, { timeZone, timeStyle: 'short' });
  const [a, b] = [new Date(show.start), new Date(show.end)];
  return Number.isNaN(a.getTime()) ? '' : Number.isNaN(b.getTime()) ? f.format(a) : `${f.format(a)} – ${f.format(b)}`;
}

/** The dialog with the week (closed until schedule.ts opens it with `showModal()`). */
export function renderPanel({ lit: { html, nothing }, port, schedule, timeZone, close }: PanelInput): TemplateResult {
  const { t, lang } = port;
  const onAir = schedule.on_air;
  const row = (s: Show) => {
    const on = s === onAir;
    return html`<li aria-current=${on ? 'true' : nothing}>
      <time datetime=${s.start}>${hours(s, lang, timeZone)}</time>
      <span>${on ? t('On air: {show}', { show: `\u2068${s.title}\u2069` }) : html`<span dir="auto">${s.title}</span>`}${s.host ? html` <span class="muted">${t('with {host}', { host: `\u2068${s.host}\u2069` })}</span>` : nothing}</span>
    </li>`;
  };
  const shut = (e: Event) => (e.target as Element).closest('dialog')?.close();
  return html`<dialog part="schedule-panel" aria-label=${t('Schedule')} @close=${close} @keydown=${(e: KeyboardEvent) => e.key === 'Escape' && shut(e)}>
    <header>
      <h3>${t('Schedule')}</h3>
      <button part="schedule-close" aria-label=${t('Close')} @click=${shut}>
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true"><path d=${CLOSE} /></svg>
      </button>
    </header>
    ${days([...(onAir ? [onAir] : []), ...schedule.next], lang, timeZone).map(
      ([day, shows]) => html`<h4>${day}</h4>
        <ul>
          ${shows.map(row)}
        </ul>`,
    )}
  </dialog>`;
}
