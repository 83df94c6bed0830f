import type { ReactiveControllerHost } from 'lit';
import type { Lit, Panel } from './player-element.js';

/** The mini-player's template, look and Close: an on-demand chunk, loaded the first time it must show. */
const chunk = () => import('./mini-player.js');

/** What the controller reads of its player (protected there: read here only). */
interface MiniHost extends ReactiveControllerHost, HTMLElement {
  sticky: boolean;
  audio: { wanted: boolean };
  panels: Record<string, Panel>;
  panel(name: string, chunk: () => Promise<Panel>): Promise<Panel>;
}

/**
 * `sticky`: while the player plays and its card is out of the viewport, a mini-player at the
 * viewport's bottom (mini-player.ts). A reactive controller on `host`: the card is observed
 * only while it plays. Returns what the host renders: the mini-player, while it must show and
 * once its chunk is here.
 * (A controller made of a closure rather than a class: the same, in fewer bytes of castlet.js.)
 */
export function miniController(host: MiniHost): (lit: Lit) => unknown {
  let io: IntersectionObserver | undefined;
  /** The card is out of view. */
  let out: boolean | undefined;
  host.addController({
    hostUpdate() {
      if (host.sticky && host.audio.wanted)
        // (Observing what is observed already does nothing.)
        (io ??= new IntersectionObserver(([e]) => {
          if ((out = !e!.isIntersecting)) void host.panel('mini', chunk);
          host.requestUpdate();
        })).observe(host);
      else (io?.disconnect(), (io = out = undefined));
    },
  });
  return (lit) => (out ? (host.panels.mini as Awaited<ReturnType<typeof chunk>> | undefined)?.mini(lit, host as never) : '');
}
