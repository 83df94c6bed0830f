/**
 * Registers a tag unless it already is (including the script twice is harmless), and only
 * where there is a registry: importing an entry on a server without a DOM defines nothing.
 */
export function define(tag: string, element: CustomElementConstructor): void {
  if (globalThis.customElements && !customElements.get(tag)) customElements.define(tag, element);
}
