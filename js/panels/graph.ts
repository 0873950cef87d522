// The review's equity graph under the board: Python's drawing (the `graph` trait) shown
// as it is. Every turn's column is an element `data-kind="turn" data-ply="N"`: the
// shown turn's column is marked here, and a click on a column goes to that turn, so
// the front end knows no geometry of the graph. A column's title (Python's words for that
// turn) is read out under the graph, for the column under the pointer, else the shown
// one's (walks 33 and 35 found only a slow tooltip).

import { h, on, setText } from "../dom";
import { type Words, word } from "../words";
import "./graph.css";

export class EquityGraph {
  readonly element = h("figure", { class: "tgw-graph", hidden: true });
  private readonly drawing = h("div", { class: "tgw-graph-drawing" });
  private readonly caption = h("figcaption", { class: "tgw-note" });
  private readonly readout = h("p", { class: "tgw-graph-readout", "data-role": "graph-readout" });
  private drawn = "";
  private shown: number | null = null;
  private hovered: SVGElement | null = null;

  /** `go` shows the turn of record `ply` (a column). */
  constructor(go: (ply: number) => void, signal: AbortSignal) {
    this.element.append(this.drawing, this.readout, this.caption);
    on(
      this.drawing,
      "pointerover",
      (event) => {
        this.hovered = (event.target as Element).closest<SVGElement>("[data-kind=turn]");
        this.readOut();
      },
      signal,
    );
    on(
      this.drawing,
      "pointerleave",
      () => {
        this.hovered = null;
        this.readOut();
      },
      signal,
    );
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
    this.readOut();
  }

  /** The words of the column under the pointer, else of the shown turn's. */
  private readOut(): void {
    const column = this.hovered ?? this.drawing.querySelector<SVGElement>(".tgw-shown");
    setText(this.readout, column?.querySelector("title")?.textContent ?? "");
  }
}
