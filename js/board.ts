// The board element: which drawing is on screen. Python's (the `svg` trait) unless a
// preview is hovered, or a drawing sent ahead (frames.ts) shows a step or a move that
// Python has not confirmed yet. A drawing is replaced only when its text changed, so
// Python's confirmation of what is already shown costs nothing.

import "./board.css";
import { h } from "./dom";

export class Board {
  readonly element: HTMLDivElement = h("div", { class: "tgw-board" });
  private model = "";
  private ahead: string | null = null;
  private preview: string | null = null;
  private shown: string | null = null;
  private readonly changed: () => void;

  /** `changed` runs after every change of what is shown (a new drawing has no marks;
   *  Python's confirmation makes the view's marks apply again). */
  constructor(changed: () => void) {
    this.changed = changed;
  }

  /** Python's drawing of the shown state. */
  setModel(svg: string): void {
    this.model = svg;
    this.refresh();
  }

  /** A drawing sent ahead: shown until Python answers (`confirmed`). */
  showAhead(svg: string): void {
    this.ahead = svg;
    this.refresh();
  }

  /** Python answered (or refused): its own drawing is the one to show. */
  confirmed(): void {
    this.ahead = null;
    this.refresh();
  }

  /** Shows a drawing Python has not confirmed (a step or a move ahead). */
  get isAhead(): boolean {
    return this.ahead !== null;
  }

  showPreview(svg: string): void {
    this.preview = svg;
    this.refresh();
  }

  endPreview(): void {
    this.preview = null;
    this.refresh();
  }

  get previewing(): boolean {
    return this.preview !== null;
  }

  private refresh(): void {
    const svg = this.preview ?? this.ahead ?? this.model;
    if (svg !== this.shown) {
      this.element.innerHTML = svg; // Python's renderer escapes all text
      this.shown = svg;
    }
    this.changed();
  }
}
