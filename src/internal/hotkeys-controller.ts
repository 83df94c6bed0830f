import type { PlayerPort } from './port.js';

/** The keyboard shortcuts (hotkeys.ts): an on-demand chunk, loaded when focus first enters a player. */
const hotkeys = () => import('./hotkeys.js');

/**
 * A player's keyboard shortcuts, from its creation on: the chunk (whose `Hotkeys` is the
 * reactive controller that acts on them) is asked for when focus first enters the player, and
 * keys pressed before it is here wait for it, with where each was pressed (a press right after
 * a Tab is not lost), acted on in order when it is. (A function, not a class: it stays tiny in
 * the bundle; the chunk does the work.)
 */
export function hotkeysController(port: PlayerPort): void {
  const host = port.host;
  const keys: [KeyboardEvent, EventTarget][] = [];
  const early = (e: KeyboardEvent) => keys.push([e, e.composedPath()[0] ?? host]);
  host.addEventListener('keydown', early);
  host.addEventListener(
    'focusin',
    () =>
      void Promise.all([hotkeys(), port.kind()]).then(([m, kind]) => {
        host.removeEventListener('keydown', early);
        m.hotkeys(port, kind.keys, keys);
      }),
    { once: true },
  );
}
