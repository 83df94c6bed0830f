import type { CastletEventMap } from '../events.js';

/** The detail of the castlet event `K`. */
export type Detail<K extends keyof CastletEventMap> = CastletEventMap[K] extends CustomEvent<infer D> ? D : never;

/** Fires a castlet event on `el`: bubbles, composed, typed detail. */
export const emit = <K extends keyof CastletEventMap>(el: Element, type: K, detail: Detail<K>): boolean =>
  el.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
