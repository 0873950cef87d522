// Python's board drawing, read back through its data-* attributes (docs/widget-protocol.md).
// Nothing here draws: it finds what a pointer is over and marks elements with classes.

import type { Place, View } from "./protocol";

/** What a pointer is over: a point (with the owner of its stack, if any), a bar or a tray. */
export type Hit =
  | { area: "point"; point: string; owner: number | null }
  | { area: "bar"; player: number }
  | { area: "tray"; player: number };

/** The board element under `target`, or null for the frame, dice, labels or outside. */
export function hitOf(board: Element, target: EventTarget | Element | null): Hit | null {
  if (!(target instanceof Element) || !board.contains(target)) return null;
  const element = target.closest("[data-kind]");
  if (!element || !board.contains(element)) return null;
  const data = (element as SVGElement | HTMLElement).dataset;
  const player = data.player === undefined ? Number.NaN : Number(data.player);
  switch (data.kind) {
    case "checker":
      if (data.point === "bar") return { area: "bar", player };
      if (data.point === "off") return { area: "tray", player };
      return data.point ? { area: "point", point: data.point, owner: player } : null;
    case "stack":
      return data.point ? { area: "point", point: data.point, owner: player } : null;
    case "point":
      return data.point ? { area: "point", point: data.point, owner: ownerAt(board, data.point) } : null;
    case "bar":
      return { area: "bar", player };
    case "tray":
      return { area: "tray", player };
    default:
      return null;
  }
}

function ownerAt(board: Element, point: string): number | null {
  const stack = board.querySelector<SVGElement>(`[data-kind=stack][data-point="${point}"]`);
  return stack?.dataset.player === undefined ? null : Number(stack.dataset.player);
}

/** The place a hit names for `mover` in play: another player's bar or tray is no place. */
export function placeOf(hit: Hit | null, mover: number): Place | null {
  if (!hit) return null;
  if (hit.area === "point") return hit.point;
  if (hit.player !== mover) return null;
  return hit.area === "bar" ? "bar" : "off";
}

/** The drawing's elements that stand for `place` of `mover`. */
function elementsOf(board: Element, place: Place, mover: number): Element[] {
  if (place === "bar") return [...board.querySelectorAll(`[data-kind=bar][data-player="${mover}"]`)];
  if (place === "off") return [...board.querySelectorAll(`[data-kind=tray][data-player="${mover}"]`)];
  if (!/^\d+$/.test(place)) return [];
  return [
    ...board.querySelectorAll(`[data-kind=point][data-point="${place}"], [data-kind=stack][data-point="${place}"]`),
  ];
}

/** The top checker of `place`, which a drag lifts. */
export function topChecker(board: Element, place: Place, mover: number): Element | null {
  const group =
    place === "bar"
      ? board.querySelector(`[data-kind=bar][data-player="${mover}"]`)
      : board.querySelector(`[data-kind=stack][data-point="${place}"]`);
  const checkers = group?.querySelectorAll("[data-kind=checker]");
  return checkers?.length ? checkers[checkers.length - 1] : null;
}

const MARKS = ["tgw-from", "tgw-target", "tgw-movable", "tgw-lifted"] as const;
const SVG_NS = "http://www.w3.org/2000/svg";

/** Marks the checkers that can move (`view.targets`), the picked-up one and its
 *  targets; `view` null (the drawing is not the view's) marks nothing. Over the
 *  checkers, an overlay outlines each target's lane and rings the picked-up checker,
 *  with copies of Python's own shapes (the front end knows no geometry). */
export function markMoves(board: Element, view: View | null, selected: Place | null): void {
  for (const mark of MARKS) {
    for (const element of [...board.getElementsByClassName(mark)]) element.classList.remove(mark);
  }
  for (const overlay of [...board.getElementsByClassName("tgw-overlay")]) overlay.remove();
  if (view?.mode !== "play") return;
  const mark = (place: Place, name: (typeof MARKS)[number]): void => {
    for (const element of elementsOf(board, place, view.turn)) element.classList.add(name);
  };
  for (const source of Object.keys(view.targets)) mark(source, "tgw-movable");
  if (selected === null) return;
  mark(selected, "tgw-from");
  const targets = view.targets[selected] ?? [];
  for (const target of targets) mark(target, "tgw-target");
  const drawing = board.querySelector("svg");
  if (!drawing) return;
  const overlay = document.createElementNS(SVG_NS, "g");
  overlay.setAttribute("class", "tgw-overlay");
  overlay.setAttribute("aria-hidden", "true");
  const outline = (shape: Element | null | undefined, kind: string): void => {
    if (!shape) return;
    for (const tone of [`${kind} tgw-casing`, kind]) {
      const copy = shape.cloneNode(false) as Element;
      copy.removeAttribute("pointer-events");
      copy.setAttribute("class", tone);
      overlay.appendChild(copy);
    }
  };
  for (const target of targets) outline(areaOf(board, target, view.turn), "tgw-lit");
  outline(topChecker(board, selected, view.turn)?.querySelector("circle"), "tgw-picked");
  drawing.appendChild(overlay);
}

/** The shape a target's outline follows: a point's lane, the mover's bar lane or tray. */
function areaOf(board: Element, place: Place, mover: number): Element | null {
  const kind = place === "bar" ? "bar" : place === "off" ? "tray" : "point";
  const owner = kind === "point" ? `[data-point="${place}"]` : `[data-player="${mover}"]`;
  return board.querySelector(`[data-kind=${kind}]${owner} > polygon`);
}
