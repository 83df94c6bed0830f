/**
 * The keyboard shortcuts (an on-demand chunk, loaded when focus first enters a player): a
 * small controller that acts on a key → action map, and each kind of player's map, worked
 * out here from the player's surface.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Episode } from './api-types.js';

/**
 * What each key does, by `KeyboardEvent.key`: a letter as typed without Shift (`k`), in
 * capitals with Shift (`N` is Shift+N), `' '` for Space.
 */
export type KeyMap = Record<string, () => unknown>;

/** What the hotkeys use of a player (`audio` is protected: used here only). */
export interface KeyPlayer extends ReactiveControllerHost, HTMLElement {
  noHotkeys: boolean;
  toggle(): Promise<void>;
  audio: { muted: boolean; setMuted(muted: boolean): void };
  /** The podcast player's. */
  current?: Episode;
  position?: number;
  seek?(t: number): void;
}

/** Keys that switch something on and off: a held key's repeats do nothing. */
const TOGGLES = ['k', ' ', 'm'];

/**
 * Where Shift+N (`by` 1) or Shift+P (-1) moves from `t` in `episode`: the next listed chapter;
 * the start of this one, or within 3 s of it the one before (as a player's Previous button
 * does). Undefined: there is none.
 */
export function chapterStep(episode: Episode | undefined, t: number, by: 1 | -1): number | undefined {
  const starts = (episode?.chapters ?? []).filter((c) => c.toc !== false).map((c) => c.start);
  return by > 0 ? starts.find((s) => s > t + 1) : starts.reverse().find((s) => s < t - 3);
}

/** The keys of `player`: `k`/Space play-pause; the radio's `m` mute; the podcast's `j`/`l` −15/+30 s and Shift+N/P chapters. */
export function keysOf(player: KeyPlayer): KeyMap {
  // (As the Play button: a play given up, e.g. paused at once, is no error.)
  const toggle = () => player.toggle().catch(() => {});
  if (!player.seek) return { k: toggle, ' ': toggle, m: () => player.audio.setMuted(!player.audio.muted) };
  const move = (to: number | undefined) => to === undefined || player.seek!(to);
  const chapter = (by: 1 | -1) => () => move(chapterStep(player.current, player.position!, by));
  return {
    k: toggle,
    ' ': toggle,
    j: () => move(player.position! - 15),
    l: () => move(player.position! + 30),
    N: chapter(1),
    P: chapter(-1),
  };
}

/**
 * Acts on `keys` only while focus is inside the player (WCAG 2.1.4): the keydown is heard on
 * the host, so keys pressed elsewhere on the page never reach it. Not with Ctrl/Alt/Meta, not
 * in a field that takes typing (a slider is not one: its arrows stay its own, and no hotkey
 * is an arrow), not with the host's `no-hotkeys`. Space on a button or `<summary>` is left to
 * it: it activates what has focus, once.
 */
export class Hotkeys implements ReactiveController {
  constructor(
    private readonly host: KeyPlayer,
    private readonly keys: KeyMap,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.host.addEventListener('keydown', this.#onKey);
  }

  hostDisconnected(): void {
    this.host.removeEventListener('keydown', this.#onKey);
  }

  #onKey = (e: KeyboardEvent) => {
    const key = e.shiftKey ? e.key.toUpperCase() : e.key.toLowerCase();
    const act = this.keys[key];
    // (The focused element, inside the shadow root.)
    const el = e.composedPath()[0] as HTMLElement;
    if (!act || this.host.noHotkeys || e.ctrlKey || e.altKey || e.metaKey || e.defaultPrevented) return;
    if (el.isContentEditable || el.matches?.(`textarea,select,input:not([type=range])${key === ' ' ? ',button,summary' : ''}`)) return;
    e.preventDefault();
    if (!(e.repeat && TOGGLES.includes(key))) act();
  };
}

/** Gives `player` its keys (from its first focus on). */
export function hotkeys(player: KeyPlayer): void {
  new Hotkeys(player, keysOf(player));
}
