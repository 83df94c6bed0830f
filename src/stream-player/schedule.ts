/**
 * The station's schedule in <stream-player> (docs/schedule.md): an on-demand chunk, loaded when
 * the data first has a show coming. It checks the `schedule` part of the data (the
 * bundle does not carry that validator), writes the line the player shows ("On air: <show> with
 * <host> · Next: <show> at 18:00", in the listener's language and time zone) and says a
 * show that starts while the page is open, once; a show already on air when the data came is
 * not said. Names are bidi-isolated (FSI … PDI): a right-to-left title does not reorder the words
 * around it.
 */
import type { css, CSSResult, TemplateResult } from 'lit';
import type { Show, StreamSchedule } from '../api/types.js';
import { isStreamSchedule } from '../api/validate-schedule.js';
import type { Lit } from '../internal/panels.js';
import type { PlayerPort } from '../internal/port.js';

/**
 * The line's look (besides the player's own `muted clip`): in the wide card it takes no height (a
 * negative margin of one line), so the title and artist above it never move when it comes; the
 * compact card (360 px or less) keeps a line for it in its loading height (the bundle's `&nbsp;`).
 * The line is a button (it opens the week): its pieces in a row, each name cut at its own end
 * (in its own direction: an English title in Arabic loses its end, not its start), the other
 * words never. The week's panel (schedule-panel.ts) is a modal dialog: it moves nothing.
 */
export const styles = (c: typeof css): CSSResult => c`
  [part='schedule'] {
    margin-bottom: -1lh;
  }
  @container (max-width: 360px) {
    [part='schedule'] {
      margin-bottom: 0;
    }
  }
  [part~='schedule-button'] {
    display: inline-flex;
    flex-wrap: wrap;
    max-height: 1lh;
    overflow: hidden;
    vertical-align: top;
    max-width: 100%;
    min-height: 0;
    padding: 0;
    border-radius: 4px;
    white-space: pre;
    font-size: inherit;
  }
  [part~='schedule-button']:hover {
    text-decoration: underline;
  }
  /* Each part (on air, next) a row of its words. The next is shown whole or not at all (the show on
     air matters more, and a next cut to its separator read as a stray dot): where both do not fit
     on the line, it wraps to a second line that is not shown, and the on-air names are cut. */
  [part~='schedule-button'] > span {
    display: flex;
    min-width: 0;
    overflow: hidden;
  }
  [part~='schedule-button'] > span + span {
    flex-shrink: 0;
  }
  [part~='schedule-button'] [dir] {
    overflow: hidden;
    text-overflow: ellipsis;
    min-width: 1.5em;
  }
  [part~='schedule'] {
    padding-inline: 5px;
    margin-inline: -5px;
  }
  [part~='schedule-panel'] {
    /* (It sits in the line, as its text: its own size and wrapping.) */
    font-size: 15px;
    white-space: normal;
    width: min(28rem, 100% - 2rem);
    max-height: min(36rem, 100% - 2rem);
    padding: 0 16px 16px;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_bg);
    color: var(--_fg);
  }
  [part~='schedule-panel']::backdrop {
    background: #0007;
  }
  [part~='schedule-panel'] header {
    position: sticky;
    top: 0;
    display: flex;
    align-items: center;
    justify-content: space-between;
    padding-top: 8px;
    background: var(--_bg);
  }
  [part~='schedule-panel'] ul {
    list-style: none;
    margin: 0 0 8px;
    padding: 0;
  }
  [part~='schedule-panel'] h4 {
    margin: 12px 0 4px;
    font-size: .87em;
    color: var(--_muted);
  }
  [part~='schedule-panel'] li {
    display: flex;
    gap: 12px;
    padding: 4px 0;
  }
  [part~='schedule-panel'] li > span {
    min-width: 0;
    overflow-wrap: anywhere;
  }
  [part~='schedule-panel'] li[aria-current] {
    font-weight: 650;
  }
  [part~='schedule-panel'] time {
    flex: none;
    font-variant-numeric: tabular-nums;
    color: var(--_muted);
  }
`;

/** A name, isolated from the text around it. */
const isolate = (text: string) => `\u2068${text}\u2069`;

/** When `iso` is, in `locale` and `timeZone` (the listener's, unless given): "18:00" today, "Sat 18:00" (as the language writes it) on another day; "" for no time. */
export function showTime(iso: string, locale: string, now: number, timeZone?: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return ''; // (Text that is no time: none, rather than Intl's RangeError.)
  const day = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(d);
  return new Intl.DateTimeFormat(
    locale,
    day(at) === day(new Date(now)) ? { timeZone, timeStyle: 'short' } : { timeZone, weekday: 'short', hour: 'numeric', minute: '2-digit' },
  ).format(at);
}

/** "On air: <show> with <host>" (or without the host). */
const onAirWords = (port: PlayerPort, show: Show, names = { show: isolate(show.title), host: isolate(show.host) }) =>
  port.t(show.host ? 'On air: {show} with {host}' : 'On air: {show}', names);

/** The show on air last seen by each player (`null`: none on air); absent until its first schedule. */
const seen = new WeakMap<PlayerPort, string | null>();

/** The week's panel, once loaded (the first press of the line), and what each player's shows. */
let panel: typeof import('./schedule-panel.js') | undefined;
const shown = new WeakMap<PlayerPort, StreamSchedule>();

/** (Each name's place in the words: a private-use character no message holds.) */
const SHOW = '\uE000';
const HOST = '\uE001';

/** `words` (after `before`) in a span, with its names (marked `SHOW`, `HOST`) as spans of their own direction (isolated: `dir` isolates), cut at their own end. */
function pieces({ html }: Lit, words: string, names: string[], before = '') {
  return html`<span>${before}${words.split(/([\uE000\uE001])/).map((w) => {
    const at = [SHOW, HOST].indexOf(w);
    // (Not FSI … PDI inside: `dir=auto` would find no letter outside the isolate and take the card's direction.)
    return at < 0 ? w : html`<span dir="auto">${names[at]}</span>`;
  })}</span>`;
}

/** Opens the week (its chunk the first time): a modal dialog, so nothing on the page moves. */
async function open(port: PlayerPort) {
  panel ??= await import('./schedule-panel.js');
  const host = port.host;
  host.requestUpdate();
  await host.updateComplete;
  host.renderRoot.querySelector<HTMLDialogElement>('[part~=schedule-panel]')?.showModal();
}

/**
 * The line for the data's `schedule` (unchecked: a schedule not of the documented shape is none), a
 * button that opens the week; when the show on air changed to a show since the last call for
 * this player, `say` gets the words that say it. `timeZone`: the listener's unless given (tests).
 */
export function line(
  port: PlayerPort,
  data: { schedule?: unknown } | null | undefined,
  say: (words: string) => void,
  lit: Lit,
  timeZone?: string,
): TemplateResult | string {
  const s = isStreamSchedule(data?.schedule) ? (data?.schedule as StreamSchedule | undefined) : undefined;
  const onAir = s?.on_air;
  const key = onAir ? `${onAir.id} ${onAir.start}` : null;
  const was = seen.get(port);
  seen.set(port, key);
  if (onAir && key !== was && was !== undefined) say(onAirWords(port, onAir));
  const next = s?.next[0];
  if (!s || !(onAir || next)) return '';
  shown.set(port, s);
  const { html, nothing } = lit;
  const words = [
    onAir && pieces(lit, onAirWords(port, onAir, { show: SHOW, host: HOST }), [onAir.title, onAir.host]),
    next &&
      pieces(
        lit,
        port.t('Next: {show} at {time}', { show: SHOW, time: showTime(next.start, port.lang, Date.now(), timeZone) }),
        [next.title],
        onAir ? ' · ' : '',
      ),
  ];
  const close = () => port.host.renderRoot.querySelector<HTMLElement>('[part~=schedule-button]')?.focus();
  const button = html`<button part="schedule-button" aria-haspopup="dialog" title=${port.t('Schedule')} @click=${() => void open(port)}>${words}</button>`;
  return html`${button}${panel ? panel.renderPanel({ lit, port, schedule: s, timeZone, close }) : nothing}`;
}
