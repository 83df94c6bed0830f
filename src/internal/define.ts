/** Registers a tag unless it already is (including the script twice is harmless). */
export function define(tag: string, element: CustomElementConstructor): void {
  if (!customElements.get(tag)) customElements.define(tag, element);
}
