/**
 * The transcript panel of <podcast-player>: an on-demand chunk, loaded (with the WebVTT) only
 * when the listener opens the panel. Each cue (each voice of a cue with several) is a button
 * (click → seek to its start), under its speaker's name when the speaker changes; the
 * current cue has `aria-current="true"` and is kept in view inside the panel — the panel
 * scrolls, never the page, and focus stays where it is; search marks matches and steps
 * through them. Cue text is rendered as text, never as markup.
 */
import type { ReactiveController, ReactiveControllerHost, TemplateResult } from 'lit';
import type { Lit } from '../internal/panels.js';
import type { MessageKey } from '../i18n/en.js';
import { cueAt, parseVtt, type Cue } from '../api/vtt.js';

type Say = (key: MessageKey, vars?: Record<string, string | number>) => string;

/** The transcript panel's input. */
export interface TranscriptInput {
  /** The player's Lit (the chunk imports nothing from the bundle). */
  lit: Lit;
  /** The player: the panel follows its episode on show and scrolls in its shadow root. */
  host: ReactiveControllerHost & { renderRoot: HTMLElement | DocumentFragment; current?: { transcript_url?: string | null } };
  /** Plays from `t` seconds (a cue was pressed). */
  seek(t: number): void;
  say: Say;
}

/** Splits `text` around case-insensitive matches of `query`: text parts and <mark>s. */
function marked({ html }: Lit, text: string, query: string, now: boolean) {
  if (!query) return text;
  const lower = text.toLocaleLowerCase();
  const parts: (string | TemplateResult)[] = [];
  let from = 0;
  for (let at = lower.indexOf(query); at >= 0; at = lower.indexOf(query, from)) {
    parts.push(text.slice(from, at), html`<mark class=${now ? 'now' : ''}>${text.slice(at, at + query.length)}</mark>`);
    from = at + query.length;
  }
  parts.push(text.slice(from));
  return parts;
}

export class Transcript implements ReactiveController {
  cues: Cue[] | null = null;
  failed = false;
  private query = '';
  /** Index into `matches()` of the match in focus. */
  private match = 0;
  /** The cue last scrolled into view, so the panel moves only when playback moves on. */
  private shown = -1;
  private abort?: AbortController;

  /** The WebVTT shown: the current episode's ('' when it has none; undefined before a look). */
  url?: string;

  private readonly lit: Lit;
  private readonly host: TranscriptInput['host'];
  private readonly seek: (t: number) => void;
  private readonly say: Say;

  constructor({ lit, host, seek, say }: TranscriptInput) {
    this.lit = lit;
    this.host = host;
    this.seek = seek;
    this.say = say;
    host.addController(this);
    this.hostUpdate();
  }

  /** Follows the episode on show: another episode's transcript loads in its place. */
  hostUpdate(): void {
    const url = this.host.current?.transcript_url ?? '';
    if (url === this.url) return;
    this.abort?.abort();
    this.url = url;
    this.cues = null;
    this.failed = false;
    this.shown = -1;
    if (url) void this.load(url);
  }

  hostDisconnected(): void {
    // A load cut short is made again if the player comes back.
    this.abort?.abort();
    if (!this.cues) this.url = undefined;
  }

  /** Keeps the current cue (or the match in focus) in view inside the panel. */
  hostUpdated(): void {
    const list = this.host.renderRoot.querySelector<HTMLElement>('[part~="transcript"] ol');
    const target = list?.querySelector<HTMLElement>(this.query ? 'mark.now' : '[aria-current="true"]');
    if (!list || !target) return;
    const key = this.query ? -2 - this.match : Number(target.closest('li')?.dataset.i);
    if (key === this.shown) return;
    this.shown = key;
    // Scroll the panel itself: scrollIntoView() would scroll the page (and steal the view).
    const top = target.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;
    list.scrollTop = top - list.clientHeight / 3;
  }

  private async load(url: string) {
    const abort = (this.abort = new AbortController());
    try {
      const res = await fetch(url, { signal: abort.signal });
      if (!res.ok) throw new Error(String(res.status));
      this.cues = parseVtt(await res.text());
      this.failed = !this.cues.length;
    } catch {
      if (abort.signal.aborted) return;
      this.failed = true;
    }
    this.host.requestUpdate();
  }

  /** Indexes of the cues that contain the search text. */
  private matches(): number[] {
    const q = this.query;
    return q ? (this.cues ?? []).flatMap((c, i) => (c.text.toLocaleLowerCase().includes(q) ? [i] : [])) : [];
  }

  private step(by: number) {
    const n = this.matches().length;
    if (n) this.match = (this.match + by + n) % n;
    this.host.requestUpdate();
  }

  /** The panel at `t` seconds of the episode. */
  render(t: number): TemplateResult {
    const { html, nothing } = this.lit;
    const { seek, say } = this;
    if (!this.url || this.failed)
      return html`<p class="muted">${say(this.url ? 'The transcript could not be loaded.' : 'This episode has no transcript.')}</p>`;
    const cues = this.cues;
    if (!cues) return html`<p class="skeleton muted"></p>`;
    // Every voice of the cue playing is current (they share its timing).
    const now = cues[cueAt(cues, t)]?.start;
    const found = this.matches();
    const focus = found[this.match];
    return html`<div class="find">
        <input
          type="search"
          aria-label=${say('Search the transcript')}
          .value=${this.query}
          @input=${(e: Event) => {
            this.query = (e.target as HTMLInputElement).value.trim().toLocaleLowerCase();
            this.match = 0;
            this.host.requestUpdate();
          }}
          @keydown=${(e: KeyboardEvent) => e.key === 'Enter' && this.step(e.shiftKey ? -1 : 1)}
        />
        <button aria-label=${say('Previous match')} ?disabled=${found.length < 2} @click=${() => this.step(-1)}>↑</button>
        <button aria-label=${say('Next match')} ?disabled=${found.length < 2} @click=${() => this.step(1)}>↓</button>
        <span class="muted" role="status">${this.query ? (found.length ? say('{i} of {n} matches', { i: this.match + 1, n: found.length }) : say('No matches')) : nothing}</span>
      </div>
      <ol>
        ${cues.map(
          (c, i) => html`<li data-i=${i}>
            <button part="cue" aria-current=${c.start === now ? 'true' : 'false'} @click=${() => seek(c.start)}>
              ${c.speaker && c.speaker !== cues[i - 1]?.speaker ? html`<b><bdi>${c.speaker}</bdi></b>` : nothing}<bdi>${marked(this.lit, c.text, this.query, i === focus)}</bdi>
            </button>
          </li>`,
        )}
      </ol>`;
  }
}

export { transcriptStyles as styles } from './transcript.styles.js';
