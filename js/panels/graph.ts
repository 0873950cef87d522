// The review's equity graph under the board: Python's drawing (the `graph` trait) shown
// as it is. Every turn's column is an element `data-kind="turn" data-ply="N"`: the
// shown turn's column is marked here, and a click on a column goes to that turn, so
// the front end knows no geometry of the graph.

import { h, on, setText } from "../dom";
import { type Words, word } from "../words";
import "./graph.css";

export class EquityGraph {
  readonly element = h("figure", { class: "tgw-graph", hidden: true });
  private readonly drawing = h("div", { class: "tgw-graph-drawing" });
  private readonly caption = h("figcaption", { class: "tgw-note" });
  private drawn = "";
  private shown: number | null = null;

  /** `go` shows the turn of record `ply` (a column). */
  constructor(go: (ply: number) => void, signal: AbortSignal) {
    this.element.append(this.drawing, this.caption);
    on(
      this.drawing,
      "click",
      (event) => {
        const column = (event.target as Element).closest<SVGElement>("[data-kind=turn]");
        if (column?.dataset.ply !== undefined) go(Number(column.dataset.ply));
      },
      signal,
    );
  }

  /** Python's graph (empty: no review of this line) with turn `ply` marked. */
  render(svg: string, ply: number, words: Words): void {
    setText(this.caption, word(words, "graph_caption"));
    if (svg !== this.drawn) {
      this.drawing.innerHTML = svg; // Python's drawing: every text in it is escaped
      this.drawn = svg;
      this.shown = null;
      this.element.hidden = !svg;
    }
    this.follow(ply);
  }

  /** Marks turn `ply` as the shown one (the board may show it ahead of Python). */
  follow(ply: number): void {
    if (ply === this.shown) return;
    for (const column of this.drawing.querySelectorAll(".tgw-shown")) column.classList.remove("tgw-shown");
    this.drawing.querySelector(`[data-kind=turn][data-ply="${ply}"]`)?.classList.add("tgw-shown");
    this.shown = ply;
  }
}
