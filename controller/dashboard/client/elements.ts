const SVG = "http://www.w3.org/2000/svg";

type Attributes = Record<string, string | number | undefined>;
type Child = Node | string;

/** An HTML element with attributes (undefined ones left out) and children. */
export function html<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Attributes = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  return fill(document.createElement(tag), attributes, children);
}

/** The same, in the SVG namespace. */
export function svg<K extends keyof SVGElementTagNameMap>(tag: K, attributes: Attributes = {}, ...children: Child[]): SVGElementTagNameMap[K] {
  return fill(document.createElementNS(SVG, tag), attributes, children);
}

function fill<E extends Element>(element: E, attributes: Attributes, children: Child[]): E {
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) element.setAttribute(name, String(value));
  element.append(...children);
  return element;
}

/** Makes an element act as a button for the mouse and the keyboard (Enter or Space). */
export function activatable(element: Element, label: string, activate: () => void): void {
  element.setAttribute("tabindex", "0");
  element.setAttribute("role", "button");
  element.setAttribute("aria-label", label);
  element.addEventListener("click", activate);
  element.addEventListener("keydown", (event) => {
    const key = (event as KeyboardEvent).key;
    if (key !== "Enter" && key !== " ") return;
    event.preventDefault();
    activate();
  });
}
