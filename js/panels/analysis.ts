// The analysis panel: hints (this roll's plays ranked by rollout) and chances (every
// player's odds from the position), both worked out by Python in the background.

import { button, h, on, setChildren, setText, swatch } from "../dom";
import type { Analysis, HintRow, Intent, View } from "../protocol";

function percent(p: number | undefined): string {
  return typeof p === "number" && Number.isFinite(p) ? `${(p * 100).toFixed(1)}%` : "–";
}

/** A 95% interval as "[48.1–60.2]" (percent, without the sign). */
function interval(low: number | undefined, high: number | undefined): string {
  const part = (p: number | undefined): string =>
    typeof p === "number" && Number.isFinite(p) ? (p * 100).toFixed(1) : "?";
  return `[${part(low)}–${part(high)}]`;
}

export class AnalysisPanel {
  readonly element: HTMLElement;
  readonly hintsList: HTMLOListElement;
  private readonly hintsButton: HTMLButtonElement;
  private readonly chancesButton: HTMLButtonElement;
  private readonly state: HTMLSpanElement;
  private readonly running: HTMLDivElement;
  private readonly progress: HTMLProgressElement;
  private readonly progressText: HTMLSpanElement;
  private readonly note: HTMLDivElement;
  private readonly results: HTMLDivElement;
  private shownKey = "";

  /** `send` asks Python for an analysis (after any change in flight); `play` plays a
   *  ranked play by its index in the `plays` list. */
  constructor(send: (intent: Intent) => void, play: (index: number) => void, signal: AbortSignal) {
    this.hintsButton = button("Hints", { title: "Rank this roll's plays by rollout" });
    this.chancesButton = button("Chances", { title: "Every player's chances from here, by rollout" });
    const cancel = button("Cancel");
    this.state = h("span", { class: "tgw-count", "data-role": "analysis-status" });
    this.progress = h("progress", { class: "tgw-progress", max: 1, value: 0, "aria-label": "Analysis progress" });
    this.progressText = h("span", { class: "tgw-count" });
    this.running = h("div", { class: "tgw-running", hidden: true }, this.progress, this.progressText, cancel);
    this.note = h("div", { class: "tgw-note" });
    this.hintsList = h("ol", { class: "tgw-hints", "aria-label": "Plays ranked by rollout" });
    this.results = h("div", { class: "tgw-results" });
    this.element = h(
      "section",
      { class: "tgw-panel tgw-analysis-panel" },
      h("header", { class: "tgw-panel-head" }, h("h3", {}, "Analysis"), this.state),
      h("div", { class: "tgw-group" }, this.hintsButton, this.chancesButton),
      this.running,
      this.note,
      this.results,
    );
    on(this.hintsButton, "click", () => send({ action: "hints" }), signal);
    on(this.chancesButton, "click", () => send({ action: "analyse" }), signal);
    on(cancel, "click", () => send({ action: "cancel_analysis" }), signal);
    on(
      this.hintsList,
      "click",
      (event) => {
        const row = (event.target as Element).closest<HTMLButtonElement>("[data-index]");
        if (row && !row.disabled) play(Number(row.dataset.index));
      },
      signal,
    );
  }

  /** `plays` is the model's list: a hint found there can be previewed and played by index. */
  render(v: View, plays: readonly string[]): void {
    const a = v.analysis;
    const play = v.mode === "play";
    const running = a?.status === "running";
    this.hintsButton.disabled = !play || !v.dice || !!v.outcome || running;
    this.chancesButton.disabled = !play || !!v.outcome || running;
    this.element.dataset.status = a ? a.status : "none";
    this.element.dataset.kind = a ? a.kind : "none";
    setText(this.state, a ? `${a.kind === "hints" ? "hints" : "chances"} · ${a.status}` : "");

    this.running.hidden = !running;
    if (running && a) {
      this.progress.max = Math.max(1, a.total);
      this.progress.value = Math.min(a.done, this.progress.max);
      setText(this.progressText, `${a.done} / ${a.total} games`);
    }

    // Results change far less often than progress: rebuilt only when they change.
    const key = running ? "running" : JSON.stringify([a, plays.length, a?.kind === "hints" ? plays : null]);
    if (key === this.shownKey) return;
    this.shownKey = key;
    this.note.removeAttribute("data-kind");
    let note = "";
    if (!a) {
      note = play ? "Hints rank the plays of a roll; Chances plays the position out." : "";
      setChildren(this.results);
    } else if (a.status === "running") {
      note = a.kind === "hints" ? "Rolling out the best plays of this roll…" : "Rolling the position out…";
      setChildren(this.results);
    } else if (a.status === "failed") {
      note = a.error || "The analysis failed.";
      this.note.dataset.kind = "error";
      setChildren(this.results);
    } else {
      const partial = a.status === "cancelled";
      if (a.kind === "hints") {
        const hints = a.hints ?? [];
        const games = hints.length ? Math.min(...hints.map((hint) => hint.games)) : 0;
        note = partial
          ? `Cancelled after ${a.done} of ${a.total} games: partial numbers.`
          : `${games} games per play; win chances of ${v.names[v.turn] ?? "the mover"}, best first.`;
        setChildren(this.results, this.renderHints(hints, plays));
      } else {
        const games = a.games ?? a.done;
        note = partial
          ? `Cancelled after ${games} of ${a.total} games: partial numbers.`
          : `${games} games rolled out.`;
        setChildren(this.results, this.renderChances(v, a));
      }
      if (partial) this.note.dataset.kind = "partial";
    }
    this.note.textContent = note;
    this.note.hidden = !note;
  }

  private renderHints(hints: readonly HintRow[], plays: readonly string[]): HTMLElement {
    const where = new Map(plays.map((text, index) => [text, index]));
    const rows = hints.map((hint, rank) => {
      const index = where.get(hint.text);
      const known = index !== undefined;
      return h(
        "li",
        {},
        h(
          "button",
          {
            type: "button",
            class: "tgw-hint-play",
            "data-preview": known ? "" : undefined,
            "data-index": index,
            disabled: !known,
            title: `${hint.games} games · gammons ${percent(hint.gammon)}`,
          },
          // Spaces between the parts: flex layout drops them, copied text keeps them.
          h("span", { class: "tgw-ply" }, `${rank + 1}.`),
          " ",
          h("span", { class: "tgw-notation" }, hint.text),
          " ",
          h("span", { class: "tgw-win" }, percent(hint.win)),
          " ",
          h("span", { class: "tgw-interval" }, interval(hint.low, hint.high)),
        ),
      );
    });
    setChildren(this.hintsList, ...rows);
    return this.hintsList;
  }

  private renderChances(v: View, a: Analysis): HTMLElement {
    const wins = a.wins ?? [];
    const rows = wins.map((win, player) =>
      h(
        "tr",
        { "data-player": player },
        h("th", { scope: "row" }, swatch(v.colors[player]), v.names[player] ?? `Player ${player + 1}`),
        h("td", { class: "tgw-win" }, percent(win)),
        h("td", { class: "tgw-interval" }, interval(a.intervals?.[player]?.[0], a.intervals?.[player]?.[1])),
        h("td", {}, percent(a.gammons?.[player])),
      ),
    );
    return h(
      "table",
      { class: "tgw-chances" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { scope: "col" }, "Player"),
          h("th", { scope: "col" }, "Win"),
          h("th", { scope: "col" }, "95%"),
          h("th", { scope: "col" }, "Gammon"),
        ),
      ),
      h("tbody", {}, ...rows),
    );
  }
}
