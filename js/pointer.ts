// Pointer gestures on the board: click-to-move (pick a checker up, its targets light
// up at once, click one), drag and drop, and edit-mode clicks (click places a checker,
// shift-click or right-click takes one back). Gestures become intents; Python decides.

import { h, on } from "./dom";
import { type Hit, hitOf, placeOf, topChecker } from "./drawing";
import type { Intent, Place, View } from "./protocol";
import { about, format, type Words, word } from "./words";

/** A press that moves further than this (px) is a drag, not a click. */
const DRAG_THRESHOLD = 6;

export interface PointerHost {
  /** The view the drawing shows; null while it shows something else (a preview, a step ahead). */
  view(): View | null;
  move(start: Place, end: Place): void;
  /** An edit-mode `place` or `remove`. */
  edit(intent: Intent): void;
  /** A hint for the person, in the message line. */
  say(text: string): void;
  /** A click refused, in the message line as Python's refusals are (with its rule). */
  refuse(text: string, rule: string | null): void;
  /** The board's words in its language. */
  words(): Words;
  /** The picked-up checker changed: mark it and its targets. */
  selectionChanged(): void;
}

interface Press {
  pointerId: number;
  x: number;
  y: number;
  hit: Hit | null;
  shift: boolean;
  /** The place a drag would lift a checker from (play mode, a legal source). */
  source: Place | null;
  dragging: boolean;
}

export class Pointer {
  /** Follows the pointer while a checker is dragged. */
  readonly ghost: HTMLDivElement = h("div", { class: "tgw-ghost", hidden: true, "aria-hidden": "true" });
  private readonly board: HTMLElement;
  private readonly root: HTMLElement;
  private readonly host: PointerHost;
  private press: Press | null = null;
  private selected_: Place | null = null;
  /** The point under the pointer (`hover`) and what of it is lit. */
  private hovered: string | null = null;
  private lit: Element[] = [];

  constructor(board: HTMLElement, root: HTMLElement, host: PointerHost, signal: AbortSignal) {
    this.board = board;
    this.root = root;
    this.host = host;
    on(board, "pointerdown", (event) => this.down(event), signal);
    on(board, "pointermove", (event) => this.drag(event), signal);
    on(board, "pointerup", (event) => this.up(event), signal);
    on(board, "pointercancel", () => this.endDrag(), signal);
    on(board, "contextmenu", (event) => this.contextMenu(event), signal);
    on(board, "pointerover", (event) => this.hover(hitOf(board, event.target)), signal);
    on(board, "pointerleave", () => this.hover(null), signal);
  }

  /** The point under the pointer, its lane and its number lit: a checker on a slanted
   *  side of the trigammon board sits level with the next point's number (walk 8 read
   *  a blot on the wrong point). */
  private hover(hit: Hit | null): void {
    const point = hit?.area === "point" ? hit.point : null;
    if (point === this.hovered && this.lit.every((element) => element.isConnected)) return;
    for (const element of this.lit) element.classList.remove("tgw-hovered");
    this.hovered = point;
    const selector = `[data-kind="point"][data-point="${point}"], [data-kind="number"][data-point="${point}"]`;
    this.lit = point === null ? [] : [...this.board.querySelectorAll(selector)];
    for (const element of this.lit) element.classList.add("tgw-hovered");
  }

  /** The picked-up checker's place. */
  get selected(): Place | null {
    return this.selected_;
  }

  select(place: Place | null): void {
    if (place === this.selected_) return;
    this.selected_ = place;
    this.root.classList.toggle("tgw-selecting", place !== null);
    this.host.selectionChanged();
  }

  /** A new view: a picked-up checker that can no longer move is put down. */
  update(view: View): void {
    if (this.selected_ !== null && !(this.selected_ in view.targets)) this.select(null);
  }

  private down(event: PointerEvent): void {
    const view = this.host.view();
    if (event.button !== 0 || !view) return;
    this.root.focus({ preventScroll: true });
    const hit = hitOf(this.board, event.target);
    const place = view.mode === "play" ? placeOf(hit, view.turn) : null;
    const source = place !== null && place in view.targets ? place : null;
    const { pointerId, clientX: x, clientY: y, shiftKey: shift } = event;
    this.press = { pointerId, x, y, hit, shift, source, dragging: false };
    if (source !== null) {
      this.board.setPointerCapture?.(pointerId);
      event.preventDefault(); // no text selection or native drag while lifting a checker
    }
  }

  private drag(event: PointerEvent): void {
    const press = this.press;
    const view = this.host.view();
    if (!press || press.pointerId !== event.pointerId || press.source === null || !view) return;
    if (!press.dragging) {
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < DRAG_THRESHOLD) return;
      press.dragging = true;
      this.select(press.source);
      const checker = topChecker(this.board, press.source, view.turn);
      checker?.classList.add("tgw-lifted");
      const size = checker?.getBoundingClientRect().width || 32;
      this.ghost.style.width = this.ghost.style.height = `${size}px`;
      this.ghost.style.backgroundColor = view.colors[view.turn] ?? "";
      this.ghost.hidden = false;
    }
    const box = this.root.getBoundingClientRect();
    const half = this.ghost.offsetWidth / 2;
    this.ghost.style.transform = `translate(${event.clientX - box.left - half}px, ${event.clientY - box.top - half}px)`;
  }

  private up(event: PointerEvent): void {
    const press = this.press;
    if (!press || press.pointerId !== event.pointerId) return;
    this.press = null;
    const view = this.host.view();
    if (press.dragging) this.endDrag();
    if (!view) return;
    if (press.dragging && press.source !== null) {
      const hit = hitOf(this.board, document.elementFromPoint(event.clientX, event.clientY));
      const place = placeOf(hit, view.turn);
      if (place !== null && place !== press.source) this.tryMove(press.source, place);
      return;
    }
    if (view.mode === "edit") this.editClick(view, press.hit, press.shift ? -1 : 1);
    else this.playClick(view, press.hit);
  }

  private contextMenu(event: MouseEvent): void {
    const view = this.host.view();
    if (view?.mode !== "edit") return;
    event.preventDefault();
    this.editClick(view, hitOf(this.board, event.target), -1);
  }

  private endDrag(): void {
    this.ghost.hidden = true;
    for (const element of [...this.board.getElementsByClassName("tgw-lifted")]) element.classList.remove("tgw-lifted");
    if (this.press?.dragging) this.press = null;
  }

  private playClick(view: View, hit: Hit | null): void {
    const targets = view.targets;
    const place = placeOf(hit, view.turn);
    const selected = this.selected_;
    if (selected !== null && place !== null && place !== selected) {
      // Another checker that can move is picked up instead; any other place is tried,
      // and Python explains which rule forbids it when it is not a lit target.
      if (place in targets && !(targets[selected] ?? []).includes(place)) this.select(place);
      else this.tryMove(selected, place);
      return;
    }
    if (selected !== null) {
      this.select(null); // a click on nothing, or on the picked-up checker, puts it down
      return;
    }
    if (place !== null && place in targets) {
      this.select(place);
      return;
    }
    const owner = !hit || hit.area === "tray" ? null : hit.area === "bar" ? hit.player : hit.owner;
    if (owner === null || view.win) return;
    const words = this.host.words();
    const mover = view.names[view.turn] ?? String(view.turn + 1);
    if (owner !== view.turn) {
      const whose = view.names[owner] ?? String(owner + 1);
      this.host.refuse(format(about(words, "whose_checker", view.turn, view.you), { whose, mover }), null);
    } else if (view.seats[view.turn] !== "human")
      // a bot's seat (walk 17, at an earlier turn, read "no legal move" on its checker)
      this.host.refuse(format(about(words, "seat_of_a_bot", view.turn, view.you), { mover }), null);
    else if (view.can_roll) this.host.refuse(word(words, "roll_first"), null);
    else if (view.entering && hit?.area !== "bar")
      this.host.refuse(format(about(words, "enter_first", view.turn, view.you), { mover }), "R8");
    else if (view.dice) this.host.refuse(word(words, "no_move_left"), null);
  }

  private tryMove(start: Place, end: Place): void {
    this.host.move(start, end); // first: the move's drawing and its request start sooner
    this.select(null);
  }

  private editClick(view: View, hit: Hit | null, delta: 1 | -1): void {
    if (!hit) return;
    if (hit.area === "tray") {
      this.host.say(word(this.host.words(), "tray_hint"));
      return;
    }
    // A bar belongs to one player: a click there is about that player's checkers.
    const where = hit.area === "bar" ? "bar" : hit.point;
    const player = hit.area === "bar" ? hit.player : delta > 0 ? view.edit_player : hit.owner;
    if (player === null) return;
    this.host.edit({ action: delta > 0 ? "place" : "remove", player, where, count: 1 });
  }
}
