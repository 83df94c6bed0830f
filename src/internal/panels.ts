import { adoptStyles, css, html, nothing, render, type CSSResult, type LitElement } from 'lit';

/** Lit, for the on-demand panels: a chunk imports nothing from the bundle, so it uses the bundle's Lit (one Lit per page). */
export interface Lit {
  html: typeof html;
  nothing: typeof nothing;
}
/** (With `render`, for a chunk that renders outside the player's template: the mini-player.) */
export const LIT: Lit & { render: typeof render } = { html, nothing, render };

/** An on-demand panel's module (a chunk): its look, made with the player's `css` (and what it renders). */
export interface Panel {
  styles(c: typeof css): CSSResult;
}

/** A player's on-demand chunks, by name. */
export type Chunks = Record<string, () => Promise<Panel>>;

/** Every player's chunks: the setup errors' look and English words, loaded when the first one is shown; `sticky`'s mini-player; Cast and AirPlay. */
export const SETUP = { setup: () => import('./setup-messages.js'), mini: () => import('./mini-player.js'), remote: () => import('./remote.js') };

/** The module of each chunk loaded so far. */
export type Loaded<C extends Chunks> = { [K in keyof C]?: Awaited<ReturnType<C[K]>> };

/**
 * The panels a player loads on demand: each chunk the first time it is asked for, its styles
 * added to the shadow root; then the host renders again, with it.
 */
export class Panels<C extends Chunks> {
  /** The modules loaded so far, by name. */
  readonly loaded: Loaded<C> = {};
  #sheets: CSSResult[] = [];

  constructor(
    private readonly host: LitElement,
    private readonly chunks: C,
  ) {}

  /** The chunk `name`, loaded (and its styles added) the first time it is asked for. */
  async load<K extends keyof C>(name: K): Promise<Awaited<ReturnType<C[K]>>> {
    const load: C[K] = this.chunks[name];
    const m = (await load()) as Awaited<ReturnType<C[K]>>;
    const host = this.host;
    // An element created before it is on a page has no shadow root yet: wait for its first render.
    await host.updateComplete;
    if (!this.loaded[name]) {
      this.#sheets.push(m.styles(css));
      adoptStyles(host.renderRoot as ShadowRoot, [...(host.constructor as typeof LitElement).elementStyles, ...this.#sheets]);
      this.loaded[name] = m;
      host.requestUpdate();
    }
    return m;
  }

  /** A `<details>` toggle handler that loads the chunk `name` when it first opens. */
  opens(name: keyof C) {
    return (e: Event) => (e.target as HTMLDetailsElement).open && void this.load(name);
  }
}
