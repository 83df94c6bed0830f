/**
 * The transcript panel's controller (src/podcast-player/transcript.ts) in a small host of its
 * own, against a loopback service: loading, the cue list, the current cue, seeking, search,
 * and keeping the current cue (or the match in focus) in view inside the panel.
 */
import { LitElement, css, html, nothing } from 'lit';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { format } from '../../src/internal/locale.ts';
import { Transcript, styles } from '../../src/podcast-player/transcript.ts';
import { answered } from '../support/harness.ts';
import { serve, type Service } from '../support/stub-service.ts';

const VTT = [
  'WEBVTT',
  '00:01.000 --> 00:04.000\n<v Sam>Welcome to the show.',
  '00:04.000 --> 00:08.000\n<v Sam>Today: the sea &amp; the shore.',
  '00:08.000 --> 00:12.000\n<v Ruth>The SEA is wide.',
  '00:12.000 --> 00:15.000\n<v Sam>&lt;b&gt;not bold&lt;/b&gt;',
].join('\n\n');

class TranscriptHost extends LitElement {
  static override styles = styles(css);
  url = '';
  t = 0;
  seeks: number[] = [];
  transcript!: Transcript;

  /** What the controller follows: the episode on show and its WebVTT. */
  get current() {
    return { transcript_url: this.url };
  }

  override connectedCallback() {
    const say = (key: Parameters<typeof format>[2], vars?: Record<string, string | number>) => format(null, 'en', key, vars);
    this.transcript ??= new Transcript({ lit: { html, nothing }, host: this, seek: (t) => this.seeks.push(t), say });
    super.connectedCallback();
  }

  override render() {
    return html`<div part="transcript">${this.transcript.render(this.t)}</div>`;
  }
}
customElements.define('transcript-host', TranscriptHost);

let service: Service | undefined;
afterEach(async () => {
  document.body.replaceChildren();
  await service?.close();
  service = undefined;
});

async function mountAt(url: string): Promise<TranscriptHost> {
  const el = document.createElement('transcript-host') as TranscriptHost;
  el.url = url;
  document.body.append(el);
  await el.updateComplete;
  return el;
}

async function mountVtt(body: unknown = VTT, delay = 0) {
  service = await serve({ '/ep.vtt': body }, delay);
  return mountAt(`${service.url}/ep.vtt`);
}

const $ = <E extends Element = HTMLElement>(el: TranscriptHost, sel: string) => el.shadowRoot!.querySelector<E>(sel);
const $$ = (el: TranscriptHost, sel: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(sel)];
const cues = (el: TranscriptHost) => $$(el, '[part=cue]');
const loaded = (el: TranscriptHost) => vi.waitFor(() => expect(cues(el)).toHaveLength(4), 3000);
const status = (el: TranscriptHost) => $(el, '[role=status]')!.textContent!.trim();
const marks = (el: TranscriptHost) => $$(el, 'mark').map((m) => [m.closest('li')!.dataset.i, m.textContent, m.className]);
const button = (el: TranscriptHost, label: string) => $<HTMLButtonElement>(el, `.find button[aria-label="${label}"]`)!;

async function search(el: TranscriptHost, query: string) {
  const input = $<HTMLInputElement>(el, 'input[type=search]')!;
  input.value = query;
  input.dispatchEvent(new Event('input'));
  await el.updateComplete;
}

async function key(el: TranscriptHost, k: string, shiftKey = false) {
  $(el, 'input[type=search]')!.dispatchEvent(new KeyboardEvent('keydown', { key: k, shiftKey }));
  await el.updateComplete;
}

async function at(el: TranscriptHost, t: number) {
  el.t = t;
  el.requestUpdate();
  await el.updateComplete;
}

describe('transcript: loading', () => {
  it('shows a placeholder until the WebVTT arrives, then one button per cue, the speaker when it changes, text as text', async () => {
    const el = await mountVtt(VTT, 150);
    expect($(el, '[part=transcript] p.skeleton')).not.toBeNull();
    expect(cues(el)).toHaveLength(0);
    await loaded(el);
    expect($(el, 'p.skeleton')).toBeNull();
    expect(cues(el).map((c) => c.querySelector('b')?.textContent ?? null)).toEqual(['Sam', null, 'Ruth', 'Sam']);
    expect(cues(el).map((c) => c.querySelector(':scope > bdi')!.textContent)).toEqual([
      'Welcome to the show.',
      'Today: the sea & the shore.',
      'The SEA is wide.',
      '<b>not bold</b>',
    ]);
    // The last cue's tags are words, not markup: its only element is the speaker's name.
    expect(cues(el)[3]!.querySelectorAll('b')).toHaveLength(1);
    expect(service!.hits('/ep.vtt')).toBe(1);
  });

  it.each([
    ['a 404 (whatever its body)', [404, VTT]],
    ['a file that is not WebVTT', 'hello'],
    ['WebVTT without cues', 'WEBVTT\n\nNOTE nothing yet'],
  ])('says the transcript could not be loaded on %s', async (_, body) => {
    const el = await mountVtt(body);
    await vi.waitFor(() => expect($(el, 'p.muted')?.textContent).toBe('The transcript could not be loaded.'), 3000);
    expect(el.transcript.failed).toBe(true);
    expect($(el, 'ol')).toBeNull();
  });

  it('says so when the service cannot be reached', async () => {
    service = await serve({});
    const url = `${service.url}/ep.vtt`;
    await service.close();
    service = undefined;
    const el = await mountAt(url);
    await vi.waitFor(() => expect($(el, 'p.muted')?.textContent).toBe('The transcript could not be loaded.'), 3000);
  });

  it('stops loading when its host leaves the page (no cues, no failure)', async () => {
    const el = await mountVtt(VTT, 200);
    await vi.waitFor(() => expect(service!.hits('/ep.vtt')).toBe(1), 3000);
    el.remove();
    // (Its request ends, aborted; one left running would be answered after 200 ms and read.)
    await answered();
    expect(el.transcript.cues).toBeNull();
    expect(el.transcript.failed).toBe(false);
  });
});

describe('transcript: playback', () => {
  it('marks the cue playing at the time given, none before the first', async () => {
    const el = await mountVtt();
    await loaded(el);
    const current = () => cues(el).map((c) => c.getAttribute('aria-current'));
    expect(current()).toEqual(['false', 'false', 'false', 'false']);
    await at(el, 4);
    expect(current()).toEqual(['false', 'true', 'false', 'false']);
    await at(el, 99);
    expect(current()).toEqual(['false', 'false', 'false', 'true']);
  });

  it('shows each voice of a cue under its own speaker, all of them current while the cue plays', async () => {
    const el = await mountVtt(
      "WEBVTT\n\n00:01.000 --> 00:04.000\n<v Sam>Are you there?</v>\n<v Robin>I'm here.</v>\n\n00:04.000 --> 00:06.000\n<v Sam>Good.",
    );
    await vi.waitFor(() => expect(cues(el)).toHaveLength(3), 3000);
    expect(cues(el).map((c) => [c.querySelector('b')?.textContent ?? null, c.querySelector(':scope > bdi')!.textContent])).toEqual([
      ['Sam', 'Are you there?'],
      ['Robin', "I'm here."],
      ['Sam', 'Good.'],
    ]);
    const current = () => cues(el).map((c) => c.getAttribute('aria-current'));
    await at(el, 2);
    expect(current()).toEqual(['true', 'true', 'false']);
    await at(el, 5);
    expect(current()).toEqual(['false', 'false', 'true']);
    cues(el)[1]!.click();
    expect(el.seeks).toEqual([1]);
    await search(el, "i'm");
    expect(marks(el)).toEqual([['1', "I'm", 'now']]);
  });

  it("seeks to a cue's start when it is clicked", async () => {
    const el = await mountVtt();
    await loaded(el);
    cues(el)[2]!.click();
    cues(el)[0]!.click();
    expect(el.seeks).toEqual([8, 1]);
  });
});

describe('transcript: search', () => {
  it('marks matches case-insensitively, counts them by cue and steps through them, both ways and around', async () => {
    const el = await mountVtt();
    await loaded(el);
    expect(status(el)).toBe('');
    await search(el, '  SEA ');
    expect(status(el)).toBe('1 of 2 matches');
    expect(marks(el)).toEqual([
      ['1', 'sea', 'now'],
      ['2', 'SEA', ''],
    ]);
    expect([button(el, 'Previous match').disabled, button(el, 'Next match').disabled]).toEqual([false, false]);
    button(el, 'Next match').click();
    await el.updateComplete;
    expect(status(el)).toBe('2 of 2 matches');
    expect(marks(el).map((m) => m[2])).toEqual(['', 'now']);
    button(el, 'Next match').click();
    await el.updateComplete;
    expect(status(el)).toBe('1 of 2 matches');
  });

  it('steps forward with Next and Enter, back with Previous and Shift+Enter, wrapping at both ends', async () => {
    const el = await mountVtt();
    await loaded(el);
    await search(el, 'the');
    const steps: string[] = [];
    for (const step of [
      () => button(el, 'Previous match').click(),
      () => button(el, 'Previous match').click(),
      () => button(el, 'Next match').click(),
      () => button(el, 'Next match').click(),
      () => key(el, 'Enter'),
      () => key(el, 'Enter', true),
      () => key(el, 'Enter', true),
      () => key(el, 'ArrowDown'),
    ]) {
      await step();
      await el.updateComplete;
      steps.push(status(el));
    }
    expect(steps).toEqual([
      '3 of 3 matches',
      '2 of 3 matches',
      '3 of 3 matches',
      '1 of 3 matches',
      '2 of 3 matches',
      '1 of 3 matches',
      '3 of 3 matches',
      '3 of 3 matches',
    ]);
  });

  it('marks every match inside a cue; a new search starts from its first match', async () => {
    const el = await mountVtt();
    await loaded(el);
    await search(el, 'sea');
    await key(el, 'Enter');
    expect(status(el)).toBe('2 of 2 matches');
    await search(el, 'the');
    expect(status(el)).toBe('1 of 3 matches');
    expect(marks(el)).toEqual([
      ['0', 'the', 'now'],
      ['1', 'the', ''],
      ['1', 'the', ''],
      ['2', 'The', ''],
    ]);
    expect(cues(el)[1]!.querySelector(':scope > bdi')!.textContent).toBe('Today: the sea & the shore.');
  });

  it('says one match or none, and offers no stepping then; an empty search marks nothing', async () => {
    const el = await mountVtt();
    await loaded(el);
    await search(el, 'wide');
    expect(status(el)).toBe('1 of 1 match');
    expect([button(el, 'Previous match').disabled, button(el, 'Next match').disabled]).toEqual([true, true]);
    await search(el, 'whale');
    expect(status(el)).toBe('No matches');
    expect(marks(el)).toEqual([]);
    expect([button(el, 'Previous match').disabled, button(el, 'Next match').disabled]).toEqual([true, true]);
    await search(el, '   ');
    expect(status(el)).toBe('');
    expect(marks(el)).toEqual([]);
  });
});

describe('transcript: keeping the current cue in view', () => {
  /**
   * Lays the panel out as a browser would (happy-dom has no layout): cues 30 px apart in a
   * list 90 px high that scrolls, so the list's scrollTop shows where the panel was moved.
   */
  function layout(el: TranscriptHost) {
    const list = $(el, '[part=transcript] ol')!;
    Object.defineProperty(list, 'clientHeight', { value: 60 });
    // The list 100 px down the viewport; cue i's top 30 × (i + 1) px into the list's content.
    const top = (node: Element) => (node === list ? 100 : 100 + 30 * (Number(node.closest('li')!.dataset.i) + 1) - list.scrollTop);
    const rect = Element.prototype.getBoundingClientRect;
    Element.prototype.getBoundingClientRect = function (this: Element) {
      return list.contains(this) ? ({ top: top(this) } as DOMRect) : rect.call(this);
    };
    onTestFinished(() => void (Element.prototype.getBoundingClientRect = rect));
    return list;
  }

  // Cue i sits a third (20 px) down the 60 px panel at scrollTop 30 × (i + 1) − 20.
  const third = (i: number) => 30 * (i + 1) - 20;

  it('scrolls the panel (not the page) to put the current cue a third down, and only when the cue changes', async () => {
    const el = await mountVtt();
    await loaded(el);
    const list = layout(el);
    await at(el, 5);
    expect(list.scrollTop).toBe(third(1));
    list.scrollTop = 0; // the listener scrolls the panel to read
    await at(el, 6);
    expect(list.scrollTop).toBe(0);
    await at(el, 9);
    expect(list.scrollTop).toBe(third(2));
    await at(el, 13);
    expect(list.scrollTop).toBe(third(3));
    expect(document.documentElement.scrollTop).toBe(0);
  });

  it('follows the match in focus while searching, and the playing cue again once the search is cleared', async () => {
    const el = await mountVtt();
    await loaded(el);
    const list = layout(el);
    await at(el, 9);
    expect(list.scrollTop).toBe(third(2));
    await search(el, 'the');
    expect(list.scrollTop).toBe(third(0));
    list.scrollTop = 5;
    await at(el, 10);
    expect(list.scrollTop).toBe(5);
    await key(el, 'Enter');
    expect(list.scrollTop).toBe(third(1));
    await key(el, 'Enter');
    expect(list.scrollTop).toBe(third(2));
    await at(el, 2);
    await search(el, '');
    expect(list.scrollTop).toBe(third(0));
  });
});
