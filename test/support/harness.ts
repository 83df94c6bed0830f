/**
 * Component-test harness: the real mock on a loopback port, widgets in happy-dom talking to
 * it with real HTTP and SSE, and small helpers to wait for what a listener would see.
 */
import { fixture, html } from '@open-wc/testing';
import { afterEach, beforeAll, expect, vi } from 'vitest';
import { NodeEventSource } from './event-source.ts';
import { request } from 'node:http';
import { DEMO_TOKENS } from '../../demo/server/seed.ts';
import { withMockProcess } from './mock-process.ts';
import type { PlayerElement } from '../../src/internal/player-element.ts';
import type { CastletEventMap } from '../../src/events.ts';
import type { PodcastFeed } from '../../src/api/types.ts';
import { flush } from './flush.ts';
import { closeServices, serviceChanges } from './stub-service.ts';
// Real time when a test fakes the widgets' clock (fakeClock fakes the globals only).
import { clearTimeout, setTimeout } from 'node:timers';

export const PRIVATE = DEMO_TOKENS.private_token;
export const PUBLIC = DEMO_TOKENS.public_token;
export { NodeEventSource, flush };

/** A widget's shadow root, for queries. */
export const shadow = (el: HTMLElement) => el.shadowRoot!;
/** The first element of `el`'s shadow tree matching `sel` (typed as found: check with toBeNull where it may not be). */
export const q = <E extends Element = HTMLElement>(el: HTMLElement, sel: string) => shadow(el).querySelector<E>(sel)!;
/** Every element of `el`'s shadow tree matching `sel`. */
export const all = <E extends Element = HTMLElement>(el: HTMLElement, sel: string) => [...shadow(el).querySelectorAll<E>(sel)];
/** What the player's polite live region says. */
export const live = (el: HTMLElement) => q(el, '[aria-live=polite]').textContent;
/** The trimmed text of the first match of `sel` in `el`'s shadow tree, '' when there is none. */
export const text = (el: HTMLElement, sel: string) => q(el, sel)?.textContent?.trim() ?? '';

/**
 * Fakes the widgets' timers and clock (setTimeout, clearTimeout, Date) for the rest of the test,
 * so a test of a backoff or a time-out moves time on (`advance`, `vi.advanceTimersByTimeAsync`)
 * instead of sleeping; HTTP, SSE and the harness's own waits stay real (a `vi.waitFor` in
 * a test moves the fake clock on by its interval at each try). Undone by
 * `vi.useRealTimers()` (the files that use it call it after each test).
 */
export function fakeClock(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
}

// Requests the widgets started whose answer they have not had yet, and answers being read: `advance`
// and `answered` let each be answered (real HTTP) before the test moves on. (A reaction to an
// answer starts in the same microtask run, e.g. a body read right after the headers: never missed.)
// They wait for the answers themselves, not on a clock: vi.waitFor would move a faked clock on.
let reading = 0;
let fetches = 0;
const pageFetch = globalThis.fetch;
const counted = <T>(p: Promise<T>) => (reading++, p.finally(() => (reading--, changed())));
globalThis.fetch = async (...args) => {
  fetches++;
  const res = await counted(pageFetch(...args));
  const [json, read] = [res.json.bind(res), res.text.bind(res)];
  return Object.assign(res, { json: () => counted(json()), text: () => counted(read()) });
};
/** Requests the widgets started so far (fetches and event streams), counted as they start. */
export const started = () => fetches + NodeEventSource.opened;
const unanswered = () => reading + [...NodeEventSource.instances].filter((s) => s.readyState === 0).length;

/** Those waiting in `settled`, told whenever a request starts, is answered, or a silent path holds one. */
const waiting = new Set<() => void>();
const changed = () => waiting.forEach((check) => check());
NodeEventSource.changes.addEventListener('change', changed);
serviceChanges.addEventListener('change', changed);

/** Resolves once at most `held()` requests are unanswered, on real time: rejects after `timeout` ms saying how many are left. */
function settled(held: () => number, timeout = 5000): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => (waiting.delete(check), clearTimeout(timer));
    const check = () => unanswered() <= held() && (done(), resolve());
    const timer = setTimeout(() => {
      done();
      reject(new Error(`${unanswered()} request(s) of the widgets still unanswered after ${timeout} ms (${held()} held by the service)`));
    }, timeout);
    waiting.add(check);
    check();
  });
}

/** Waits until every request the widgets started was answered and read (or failed), then lets what follows run. */
export async function answered(): Promise<void> {
  await settled(() => 0);
  await flush();
}

/**
 * Moves the fake clock (`fakeClock`) on by `ms` in steps of `step` ms; after each, waits until
 * every request the widgets started was answered and read, but those `held()` says the service
 * keeps unanswered (stub-service.ts: its 'silent' paths).
 */
export async function advance(ms: number, { step = 50, held = (): number => 0 } = {}): Promise<void> {
  for (let t = 0; t < ms; t += step) {
    await vi.advanceTimersByTimeAsync(Math.min(step, ms - t));
    await settled(held);
    await vi.advanceTimersByTimeAsync(0);
  }
}

/** Ready, and a podcast player's list rows (a chunk beside the data) shown. */
export const ready = (el: HTMLElement & { state: string }) =>
  vi.waitFor(() => {
    expect(el.state).toBe('ready');
    if (el.localName === 'podcast-player') expect(shadow(el).querySelector('[part=chapters] li')).not.toBeNull();
  }, 3000);

export const playing = (el: HTMLElement & { state: string }) => vi.waitFor(() => expect(el.state).toBe('playing'), 3000);

/**
 * The playing element's clock moves a quarter second (happy-dom's never does by itself): sound
 * flows, as a real engine's time updates say. A speed is set only from then on (see MediaAdapter.rate).
 */
export function clockMoves(el: { media: HTMLMediaElement }): void {
  const m = el.media;
  m.currentTime += 0.25;
  m.dispatchEvent(new Event('timeupdate'));
}

/** The CSS rules in `el`'s shadow root (its own styles and those its chunks brought), as text. */
export const adoptedRules = (el: HTMLElement) => shadow(el).adoptedStyleSheets.flatMap((sheet) => [...sheet.cssRules].map((r) => r.cssText));

/** Opens the `<details part="…">` of `el` as a listener's click would (its panel may load a chunk). */
export function openDetails(el: HTMLElement, part: string): HTMLDetailsElement {
  const details = shadow(el).querySelector<HTMLDetailsElement>(`details[part~=${part}]`)!;
  details.open = true;
  details.dispatchEvent(new Event('toggle'));
  return details;
}

/** Collects a widget's castlet events of one type. */
export function record<K extends keyof CastletEventMap>(el: EventTarget, type: K): CastletEventMap[K]['detail'][] {
  const seen: CastletEventMap[K]['detail'][] = [];
  el.addEventListener(type, (e) => seen.push((e as CustomEvent).detail));
  return seen;
}

/**
 * A request from Node itself, as the owner's server would send it: happy-dom's fetch applies
 * the page's CORS rules, and the private API (rightly) allows no browser origin.
 */
function send(url: string, method = 'GET', body?: unknown, token = PRIVATE): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const headers = { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) };
    const req = request(url, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : undefined }));
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** The mock for this test file, plus private-API calls by the owner. */
export function useMock() {
  const mock = withMockProcess();
  return Object.assign(mock, {
    /** POST /private/{path} with the private token. */
    owner: async (path: string, body: Record<string, unknown> = {}) => {
      const r = await send(`${mock.url}/private/${path}`, 'POST', body);
      expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
      return r.body;
    },
    /** GET a path of the mock (from Node, no CORS). */
    get: (path: string) => send(`${mock.url}${path}`, 'GET', undefined, ''),
    /** GET requests the mock saw whose path starts with `prefix` (happy-dom adds CORS preflights a browser would not). */
    requests: (prefix: string) => mock.logs.filter((l) => l.startsWith('GET ') && l.split(' ')[1]?.startsWith(prefix)).length,
  });
}

/** Renders `<tag public-token base-url …attrs>` against the mock; `before` runs before it connects. */
export async function mount<E extends PlayerElement<any>>(
  tag: 'stream-player' | 'podcast-player',
  base: string,
  attrs: Record<string, string> = {},
  before?: (el: E) => void,
): Promise<E> {
  const wrapper = await fixture<HTMLDivElement>(html`<div></div>`);
  const el = document.createElement(tag) as unknown as E;
  for (const [name, value] of Object.entries({ 'public-token': PUBLIC, 'base-url': base, ...attrs })) el.setAttribute(name, value);
  before?.(el);
  wrapper.append(el);
  await el.updateComplete;
  return el;
}

/** The mock's podcast feed (GET /public/podcasts), read once before the file's tests. */
export function useFeed(mock: ReturnType<typeof useMock>): PodcastFeed {
  const feed = {} as PodcastFeed;
  beforeAll(async () => void Object.assign(feed, (await mock.get(`/public/podcasts?token=${PUBLIC}`)).body));
  return feed;
}

/**
 * After each test of the file: the page emptied (no player left), its language and address as
 * they were, localStorage cleared, and every service of our own a test started (stub-service.ts) closed.
 */
export function resetAfterEach(): void {
  afterEach(async () => {
    document.body.replaceChildren();
    document.documentElement.removeAttribute('lang');
    history.replaceState(null, '', '/');
    localStorage.clear();
    await closeServices();
  });
}
