/**
 * The keyboard shortcuts (src/internal/hotkeys.ts, a chunk loaded when focus first enters a
 * player): which keys act, where, and which are left alone. Keys here are dispatched as the
 * browser dispatches them (from the focused element, composed); the real key presses, in
 * three engines, are in test/browser/keep-listening.test.ts.
 */
import { LitElement, html } from 'lit';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../src/castlet.ts';
import type { PodcastPlayer, StreamPlayer } from '../../src/castlet.ts';
import { Hotkeys, hotkeys } from '../../src/internal/hotkeys.ts';
import type { Episode } from '../../src/api/types.ts';
import type { PlayerPort } from '../../src/internal/port.ts';
import { chapterStep } from '../../src/podcast-player/podcast-kind.ts';
import { mount, playing, ready, record, shadow, resetAfterEach } from '../support/harness.ts';
import { podcastFeed, serve, streamInfo, type Service } from '../support/stub-service.ts';

let service: Service;
const q = <E extends HTMLElement = HTMLElement>(el: HTMLElement, sel: string) => shadow(el).querySelector<E>(sel)!;

beforeEach(async () => {
  service = await serve({ '/public/podcasts': podcastFeed(2), '/public/stream': streamInfo() });
});
resetAfterEach();

/** Focus enters `el` at `sel` (as a Tab or click there does), and its keys' chunk is in place. */
async function focusIn(el: HTMLElement, sel: string): Promise<HTMLElement> {
  const target = q(el, sel);
  target.focus();
  target.dispatchEvent(new FocusEvent('focusin', { bubbles: true, composed: true }));
  // The chunks' modules (the hotkeys, and the player kind's keys), as the player imported them, then the player's
  // `.then` (a task later: every microtask ran).
  await Promise.all([
    import('../../src/internal/hotkeys.ts'),
    import('../../src/podcast-player/podcast-kind.ts'),
    import('../../src/stream-player/stream-kind.ts'),
  ]);
  await new Promise((r) => setTimeout(r));
  return target;
}

/** A keydown from `target`, as the browser sends it; returns whether something prevented its default. */
function press(target: EventTarget, key: string, init: KeyboardEventInit = {}): boolean {
  const e = new KeyboardEvent('keydown', { key, shiftKey: /^[A-Z]$/.test(key), bubbles: true, composed: true, cancelable: true, ...init });
  target.dispatchEvent(e);
  return e.defaultPrevented;
}

describe('podcast player', () => {
  it('k and Space on the slider play and pause, j/l skip, Shift+N/P step through chapters; each key is taken from the page', async () => {
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    await ready(el);
    const slider = await focusIn(el, '[part=seek]');
    expect(press(slider, 'k')).toBe(true);
    await playing(el);
    expect(press(slider, ' ')).toBe(true);
    await vi.waitFor(() => expect(el.state).toBe('ready'), 3000);
    expect(press(slider, 'l')).toBe(true);
    expect(el.position).toBe(30);
    press(slider, 'l');
    press(slider, 'j');
    expect(el.position).toBe(45);
    // Chapters at 0 and 60 s: Shift+N to the next; Shift+P more than 3 s in goes to the start of this one.
    expect(press(slider, 'N')).toBe(true);
    expect(el.position).toBe(60);
    press(slider, 'N'); // no chapter after the last
    expect(el.position).toBe(60);
    el.seek(70);
    press(slider, 'P');
    expect(el.position).toBe(60);
    press(slider, 'P');
    expect(el.position).toBe(0);
    // Caps Lock on: the same letters.
    press(slider, 'L');
    expect(el.position).toBe(0);
    press(slider, 'L', { shiftKey: false });
    expect(el.position).toBe(30);
  });

  it('the controls name their keys in aria-keyshortcuts; no-hotkeys removes them and turns the keys off', async () => {
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    await ready(el);
    const keys = () => ['play', 'back', 'forward', 'chapters'].map((p) => q(el, `[part=${p}]`).getAttribute('aria-keyshortcuts'));
    expect(keys()).toEqual(['k Space', 'j', 'l', 'Shift+N Shift+P']);
    el.noHotkeys = true;
    await el.updateComplete;
    expect(keys()).toEqual([null, null, null, null]);
    const slider = await focusIn(el, '[part=seek]');
    expect(press(slider, 'k')).toBe(false);
    expect(press(slider, 'l')).toBe(false);
    expect(el.media.src).toBe('');
    expect(el.position).toBe(0);
    el.noHotkeys = false;
    await el.updateComplete;
    expect(keys()[0]).toBe('k Space');
    press(slider, 'l');
    expect(el.position).toBe(30);
  });

  it('the no-hotkeys attribute, as a page writes it', async () => {
    const el = await mount<PodcastPlayer>('podcast-player', service.url, { 'no-hotkeys': '' });
    await ready(el);
    expect(el.noHotkeys).toBe(true);
    expect(q(el, '[part=play]').hasAttribute('aria-keyshortcuts')).toBe(false);
    const slider = await focusIn(el, '[part=seek]');
    expect(press(slider, 'l')).toBe(false);
    expect(el.position).toBe(0);
  });

  it('Space on a focused button is the button’s own (it clicks once); on the slider it is play/pause', async () => {
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    await ready(el);
    const plays = record(el, 'castlet-play');
    const back = await focusIn(el, '[part=back]');
    expect(press(back, ' ')).toBe(false);
    expect(press(q(el, '[part=play]'), ' ')).toBe(false);
    expect(press(q(el, '[part=episodes] summary'), ' ')).toBe(false);
    expect(plays).toEqual([]);
    // k on a button is a hotkey (a button does nothing with it).
    expect(press(back, 'k')).toBe(true);
    expect(plays).toHaveLength(1);
  });

  it('keys pressed outside the player, or with Ctrl/Alt/Meta, or in the speed menu, are left alone', async () => {
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    await ready(el);
    const slider = await focusIn(el, '[part=seek]');
    const outside = document.createElement('button');
    document.body.append(outside);
    expect(press(outside, 'k')).toBe(false);
    expect(press(outside, ' ')).toBe(false);
    expect(press(document.body, 'l')).toBe(false);
    for (const mod of ['ctrlKey', 'altKey', 'metaKey'] as const) expect(press(slider, 'l', { [mod]: true })).toBe(false);
    expect(press(q(el, '[part=speed]'), 'k')).toBe(false);
    expect(press(q(el, '[part=speed]'), ' ')).toBe(false);
    expect(el.media.src).toBe('');
    expect(el.position).toBe(0);
  });

  it('a held k does not toggle again and again; a held l keeps skipping', async () => {
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    await ready(el);
    const slider = await focusIn(el, '[part=seek]');
    press(slider, 'k');
    expect(press(slider, 'k', { repeat: true })).toBe(true);
    expect(press(slider, ' ', { repeat: true })).toBe(true);
    await playing(el);
    press(slider, 'l');
    press(slider, 'l', { repeat: true });
    expect(el.position).toBe(60);
  });
});

describe('stream player', () => {
  it('k plays and pauses, m mutes and unmutes (the Mute button says so); its controls name the keys', async () => {
    const el = await mount<StreamPlayer>('stream-player', service.url);
    await ready(el);
    expect(q(el, '[part=play]').getAttribute('aria-keyshortcuts')).toBe('k Space');
    expect(q(el, '[part=mute]').getAttribute('aria-keyshortcuts')).toBe('m');
    const volume = await focusIn(el, '[part=volume]');
    press(volume, 'm');
    await el.updateComplete;
    expect(el.media.muted).toBe(true);
    expect(q(el, '[part=mute]').getAttribute('aria-pressed')).toBe('true');
    expect(press(volume, 'm', { repeat: true })).toBe(true);
    expect(el.media.muted).toBe(true);
    press(volume, 'm');
    expect(el.media.muted).toBe(false);
    press(volume, 'k');
    await playing(el);
    // The podcast's keys are not the radio's.
    expect(press(volume, 'j')).toBe(false);
  });
});

/** A host with one field of every kind, to check where the keys act. */
class KeysHost extends LitElement {
  noHotkeys = false;
  override render() {
    return html`<input type="range" /><input type="text" /><input type="search" /><textarea></textarea><select><option>a</option></select>
      <div contenteditable="true"></div><button>b</button><details><summary>s</summary></details><a href="#x">link</a>`;
  }
}
customElements.define('keys-host', KeysHost);

/** The port the hotkeys see of `host` (its element and `no-hotkeys`: all they read of a player). */
const portOf = (host: KeysHost) =>
  ({
    host,
    get noHotkeys() {
      return host.noHotkeys;
    },
  }) as unknown as PlayerPort;

describe('Hotkeys', () => {
  it('acts from a slider, a button or a link; never from a field that takes typing', async () => {
    const host = document.createElement('keys-host') as KeysHost;
    const seen: string[] = [];
    new Hotkeys(portOf(host), { k: () => seen.push('k'), ' ': () => seen.push('space') });
    document.body.append(host);
    await host.updateComplete;
    const at = (sel: string) => shadow(host).querySelector(sel)!;
    // happy-dom has no isContentEditable: the browser's own answer for this div.
    Object.defineProperty(at('[contenteditable]'), 'isContentEditable', { value: true });
    for (const sel of ['input[type=text]', 'input[type=search]', 'textarea', 'select', '[contenteditable]']) {
      expect(press(at(sel), 'k'), sel).toBe(false);
      expect(press(at(sel), ' '), sel).toBe(false);
    }
    expect(seen).toEqual([]);
    expect(press(at('input[type=range]'), 'k')).toBe(true);
    expect(press(at('input[type=range]'), ' ')).toBe(true);
    expect(press(at('a'), ' ')).toBe(true);
    expect(press(at('button'), 'k')).toBe(true);
    expect(press(at('button'), ' ')).toBe(false);
    expect(press(at('summary'), ' ')).toBe(false);
    expect(seen).toEqual(['k', 'space', 'space', 'k']);
    // Something else took the key first (as the seek slider's own arrows do): left alone.
    const taken = new KeyboardEvent('keydown', { key: 'k', bubbles: true, composed: true, cancelable: true });
    taken.preventDefault();
    at('button').dispatchEvent(taken);
    expect(seen).toHaveLength(4);
    // Gone with the host: no keys while it is off the page.
    host.remove();
    press(at('button'), 'k');
    expect(seen).toHaveLength(4);
  });

  it('keys pressed while the chunk loaded are acted on where they were pressed; no-hotkeys is read at each key', async () => {
    const host = document.createElement('keys-host') as KeysHost;
    document.body.append(host);
    await host.updateComplete;
    const at = (sel: string) => shadow(host).querySelector(sel)!;
    const key = (k: string) => new KeyboardEvent('keydown', { key: k, cancelable: true });
    const seen: string[] = [];
    const early: [KeyboardEvent, EventTarget][] = [
      [key('k'), at('input[type=range]')],
      [key('k'), at('input[type=text]')],
      [key('l'), at('button')],
    ];
    hotkeys(portOf(host), { k: () => seen.push('k'), l: () => seen.push('l') }, early);
    expect(seen).toEqual(['k', 'l']);
    expect(early.map(([e]) => e.defaultPrevented)).toEqual([true, false, true]);
    // And from then on, the keys pressed in it.
    press(at('button'), 'l');
    expect(seen).toEqual(['k', 'l', 'l']);
    host.noHotkeys = true;
    expect(press(at('button'), 'l')).toBe(false);
    expect(seen).toHaveLength(3);
    host.remove();
  });

  it('chapterStep: next listed chapter; previous is this one’s start, or the one before within 3 s of it', () => {
    const ep = {
      chapters: [
        { start: 0, title: 'a' },
        { start: 30, title: 'silent', toc: false },
        { start: 60, title: 'b' },
        { start: 120, title: 'c' },
      ],
    } as Episode;
    expect(chapterStep(ep, 0, 1)).toBe(60);
    // (Within a second of a chapter's start counts as at it: a seek may land just before.)
    expect(chapterStep(ep, 59.5, 1)).toBe(120);
    expect(chapterStep(ep, 60, 1)).toBe(120);
    expect(chapterStep(ep, 130, 1)).toBeUndefined();
    expect(chapterStep(ep, 130, -1)).toBe(120);
    expect(chapterStep(ep, 122, -1)).toBe(60);
    expect(chapterStep(ep, 45, -1)).toBe(0);
    expect(chapterStep(ep, 2, -1)).toBeUndefined();
    expect(chapterStep(undefined, 10, 1)).toBeUndefined();
  });
});
