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
/** 16x16 icons drawn as paths, so no font needs their glyphs: `fill` ones are shapes,
 *  the others lines (drawn with the text's colour). */
const ICONS = {
  first: { fill: "M3 3h2v10H3zM13 3v10L6 8z" },
  prev: { fill: "M12 3v10L5 8z" },
  next: { fill: "M4 3v10l7-5z" },
  last: { fill: "M11 3h2v10h-2zM3 3v10l7-5z" },
  branch: { line: "M5 2.5v11M5 10.5c0-3.5 6-2.5 6-6.5V2.5" },
  promote: { line: "M8 13.5V3M4 6.5L8 2.5l4 4M3.5 13.5h9" },
  rename: { line: "M3 13l.8-3.2L10.5 3 13 5.5l-6.7 6.7zM9 4.5l2.5 2.5" },
  delete: { line: "M2.5 4h11M6 4V2.5h4V4M4 4l.7 9.5h6.6L12 4M6.7 6.5v4.5M9.3 6.5v4.5" },
  download: { line: "M8 2v8.5M4.5 7 8 10.5 11.5 7M3 13.5h10" },
  caret: { fill: "M4 6h8l-4 5z" },
} as const;

export type IconName = keyof typeof ICONS;

/** One of the `ICONS` as an inline SVG, hidden from assistive technology. */
export function icon(name: IconName): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("class", "tgw-icon");
  const path = document.createElementNS(SVG_NS, "path");
  const drawn: { fill?: string; line?: string } = ICONS[name];
  if (drawn.fill) {
    path.setAttribute("d", drawn.fill);
    path.setAttribute("fill", "currentColor");
  } else {
    path.setAttribute("d", drawn.line ?? "");
    path.setAttribute("fill", "none");
    path.setAttribute("stroke", "currentColor");
    path.setAttribute("stroke-width", "1.5");
    path.setAttribute("stroke-linecap", "round");
    path.setAttribute("stroke-linejoin", "round");
  }
  svg.appendChild(path);
  return svg;
}

/** A button showing one of the `ICONS`; give it an `aria-label`. */
export function iconButton(name: IconName, attrs: Attrs = {}): HTMLButtonElement {
  return h("button", { type: "button", class: "tgw-button tgw-icon-button", ...attrs }, icon(name));
}

/** `(value, label)` options of a select. */
export type Options = readonly (readonly [string, string])[];

/** A `<select>` of `(value, label)` options. */
export function select(options: Options, attrs: Attrs = {}): HTMLSelectElement {
  const element = h("select", { class: "tgw-select", ...attrs });
  setOptions(element, options);
  return element;
}

/** Sets a select's options, keeping its element (and focus) when they did not change. */
export function setOptions(element: HTMLSelectElement, options: Options): void {
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

/** A roll as people say it, the higher die first: "5-2" (as Python's
 *  engine.notation.dice_text writes it in every message). */
export function diceText(dice: readonly number[]): string {
  return [...dice].sort((a, b) => b - a).join("-");
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

/** What a play does (Python's `facts`: points made, blots and the rolls that hit
 *  them), on a line of its own under the play, and, where the first of its list leaves
 *  more shots, why the first still ranks above it (Python's `why`); nothing where
 *  neither is said. */
export function factsLine(facts: string | undefined, why?: string): HTMLElement | undefined {
  if (!facts) return undefined;
  return h("span", { class: "tgw-facts" }, facts, why && h("span", { class: "tgw-why", "data-role": "why" }, why));
}

/** Another player's play as this board numbers its points, after the mover's own
 *  notation and a space (Python's `seen`); nothing for the player at the bottom's. */
export function seenText(seen: string | undefined): DocumentFragment | undefined {
  if (!seen) return undefined;
  const fragment = document.createDocumentFragment();
  append(fragment, [" ", h("span", { class: "tgw-seen" }, `(${seen})`)]);
  return fragment;
}
