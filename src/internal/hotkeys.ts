/**
 * The keyboard shortcuts (an on-demand chunk, loaded when focus first enters a player): a
 * small controller that acts on the player's key map. Each kind of player supplies its own map
 * (stream-player/stream-kind.ts, podcast-player/podcast-kind.ts).
 */
import type { ReactiveController } from 'lit';
import type { KeyMap, PlayerPort } from './port.js';

/** Keys that switch something on and off: a held key's repeats do nothing. */
const TOGGLES = ['k', ' ', 'm'];

/**
 * Acts on `keys` only while focus is inside the player (WCAG 2.1.4): the keydown is heard on
 * the host, so keys pressed elsewhere on the page never reach it. Not with Ctrl/Alt/Meta, not
 * in a field that takes typing (a slider is not one: its arrows stay its own, and no hotkey
 * is an arrow), not with the host's `no-hotkeys`. Space on a button or `<summary>` is left to
 * it: it activates what has focus, once.
 */
export class Hotkeys implements ReactiveController {
  constructor(
    private readonly port: PlayerPort,
    private readonly keys: KeyMap,
  ) {
    port.host.addController(this);
  }

  hostConnected(): void {
    this.port.host.addEventListener('keydown', this.#onKey);
  }

  hostDisconnected(): void {
    this.port.host.removeEventListener('keydown', this.#onKey);
  }

  /** A key pressed at `at` (the focused element, inside the shadow root): acted on if it is one of the player's. */
  handle(e: KeyboardEvent, at: EventTarget): void {
    const key = e.shiftKey ? e.key.toUpperCase() : e.key.toLowerCase();
    const act = this.keys[key];
    const el = at as HTMLElement;
    if (!act || this.port.noHotkeys || e.ctrlKey || e.altKey || e.metaKey || e.defaultPrevented) return;
    if (el.isContentEditable || el.matches?.(`textarea,select,input:not([type=range])${key === ' ' ? ',button,summary' : ''}`)) return;
    e.preventDefault();
    if (!(e.repeat && TOGGLES.includes(key))) act();
  }

  #onKey = (e: KeyboardEvent) => this.handle(e, e.composedPath()[0] ?? this.port.host);
}

/** Gives the player of `port` its keys (from its first focus on), and acts on the keys pressed while they loaded. */
export function hotkeys(port: PlayerPort, keys: KeyMap, pressed: [KeyboardEvent, EventTarget][]): void {
  const h = new Hotkeys(port, keys);
  for (const [e, at] of pressed) h.handle(e, at);
}
