// Small DOM helpers. Text always goes in as text nodes: names, notation and
// messages come from Python and are never parsed as HTML.

type Attrs = Record<string, string | number | boolean | undefined>;
type Child = Node | string | null | undefined | false;

/** An element with attributes (`class`, `data-*`, `aria-*`, ...) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    element.setAttribute(key, value === true ? "" : String(value));
  }
  append(element, children);
  return element;
}

/** Listens until `signal` aborts (the view is removed). */
export function on<K extends keyof HTMLElementEventMap>(
  target: HTMLElement,
  type: K,
  handler: (event: HTMLElementEventMap[K]) => void,
  signal: AbortSignal,
): void {
  target.addEventListener(type, handler as EventListener, { signal });
}

export function append(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
  }
}

/** Replaces every child of `parent`. */
export function setChildren(parent: Node, ...children: Child[]): void {
  while (parent.firstChild) parent.removeChild(parent.firstChild);
  append(parent, children);
}

/** Sets an element's text, leaving the DOM alone when it already shows it. */
export function setText(element: HTMLElement, text: string): void {
  if (element.textContent !== text) element.textContent = text;
}

export function button(label: string, attrs: Attrs = {}): HTMLButtonElement {
  return h("button", { type: "button", class: "tgw-button", ...attrs }, label);
}

const SVG_NS = "http://www.w3.org/2000/svg";
const ICONS = {
  // 16x16 paths: bar + triangle(s), drawn so no font needs the media glyphs
  first: "M3 3h2v10H3zM13 3v10L6 8z",
  prev: "M12 3v10L5 8z",
  next: "M4 3v10l7-5z",
  last: "M11 3h2v10h-2zM3 3v10l7-5z",
} as const;

/** A button showing one of the `ICONS`; give it an `aria-label`. */
export function iconButton(icon: keyof typeof ICONS, attrs: Attrs = {}): HTMLButtonElement {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("class", "tgw-icon");
  const path = document.createElementNS(SVG_NS, "path");
  path.setAttribute("d", ICONS[icon]);
  path.setAttribute("fill", "currentColor");
  svg.appendChild(path);
  return h("button", { type: "button", class: "tgw-button tgw-icon-button", ...attrs }, svg);
}

/** A `<select>` of `(value, label)` options. */
export function select(options: [string, string][], attrs: Attrs = {}): HTMLSelectElement {
  const element = h("select", { class: "tgw-select", ...attrs });
  setOptions(element, options);
  return element;
}

/** Sets a select's options, keeping its element (and focus) when they did not change. */
export function setOptions(element: HTMLSelectElement, options: [string, string][]): void {
  const same =
    element.options.length === options.length &&
    options.every(([value, label], i) => {
      const option = element.options[i];
      return option.value === value && option.text === label;
    });
  if (same) return;
  setChildren(element, ...options.map(([value, label]) => h("option", { value }, label)));
}

/** A small colour disc, like a checker of `color`. */
export function swatch(color: string | undefined): HTMLSpanElement {
  const element = h("span", { class: "tgw-swatch", "aria-hidden": "true" });
  if (color) element.style.backgroundColor = color;
  return element;
}

export function dieFaces(): [string, string][] {
  return [1, 2, 3, 4, 5, 6].map((n) => [String(n), String(n)]);
}

/** `(player, name)` options of a select of players. */
export function playerOptions(names: readonly string[]): [string, string][] {
  return names.map((name, player) => [String(player), name]);
}

/** A select's value as a number (a die, a player). */
export function numeric(element: HTMLSelectElement): number {
  return Number(element.value);
}
