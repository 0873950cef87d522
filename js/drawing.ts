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

/** Marks the checkers that can move (`view.targets`), the picked-up one and its
 *  targets; `view` null (the drawing is not the view's) marks nothing. */
export function markMoves(board: Element, view: View | null, selected: Place | null): void {
  for (const mark of MARKS) {
    for (const element of [...board.getElementsByClassName(mark)]) element.classList.remove(mark);
  }
  if (view?.mode !== "play") return;
  const mark = (place: Place, name: (typeof MARKS)[number]): void => {
    for (const element of elementsOf(board, place, view.turn)) element.classList.add(name);
  };
  for (const source of Object.keys(view.targets)) mark(source, "tgw-movable");
  if (selected === null) return;
  mark(selected, "tgw-from");
  for (const target of view.targets[selected] ?? []) mark(target, "tgw-target");
}
