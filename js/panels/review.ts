// The review panel: "Analyse game" judges every turn of the line in the background
// (progress, Cancel), then shows the players' summaries, steps from mistake to mistake
// (buttons and the n / p keys) and, at a judged turn, what it lost against the best
// plays of its roll. The marks sit in the history, the equity graph under the board.

import { button, diceText, h, iconButton, on, setChildren, setText, swatch } from "../dom";
import { type Intent, MARKS, type Review, type ReviewTurn, type View } from "../protocol";
import { asGoodAsBest, EQUITY_TIP, equity, loss, points } from "./analysis";
import "./review.css";

/** What a mark says, in GNU Backgammon's words (Python's, generated). */
export const MARK_NAMES: Record<string, string> = Object.fromEntries(MARKS);

/** The keys that step from mistake to mistake. */
const MISTAKE_KEYS: Partial<Record<string, 1 | -1>> = { n: 1, p: -1 };

/** The marked turn after (`step` 1) or before (-1) turn `ply`, if any. */
function mistakeFrom(review: Review | null, ply: number, step: 1 | -1): number | null {
  const marked = review?.mistakes ?? [];
  const found = step > 0 ? marked.find((m) => m > ply) : [...marked].reverse().find((m) => m < ply);
  return found ?? null;
}

export interface ReviewActions {
  send(intent: Intent): void;
  /** Show turn `ply` (as a step through the game does). */
  go(ply: number): void;
  /** The turn asked for last (it may be ahead of the view's). */
  wanted(): number;
  /** Say something on the message line. */
  say(text: string): void;
}

export class ReviewPanel {
  readonly element: HTMLElement;
  private readonly state = h("span", { class: "tgw-count", role: "status", "data-role": "review-status" });
  private readonly analyse = button("Analyse game", {
    "data-action": "analyse",
    title: "Judge every turn of this line in the background: marks, mistakes, equity graph",
  });
  private readonly previous = iconButton("prev", {
    "aria-label": "Previous mistake",
    title: "Previous mistake (p)",
    "data-action": "previous-mistake",
  });
  private readonly next = iconButton("next", {
    "aria-label": "Next mistake",
    title: "Next mistake (n)",
    "data-action": "next-mistake",
  });
  private readonly mistakes = h("span", { class: "tgw-count", "data-role": "mistakes" });
  private readonly nav = h("span", { class: "tgw-mistake-nav" }, this.previous, this.mistakes, this.next);
  private readonly running: HTMLDivElement;
  private readonly progress = h("progress", {
    class: "tgw-progress",
    max: 1,
    value: 0,
    "aria-label": "Review progress",
  });
  private readonly progressText = h("span", { class: "tgw-count" });
  private readonly note = h("div", { class: "tgw-note" });
  private readonly summary = h("div", { class: "tgw-results", "data-role": "review-summary" });
  private readonly turn = h("div", { class: "tgw-results", "data-role": "review-turn" });
  private summaryKey = "";
  private turnKey = "";
  private review: Review | null = null;
  private readonly actions: ReviewActions;

  constructor(actions: ReviewActions, signal: AbortSignal) {
    this.actions = actions;
    const cancel = button("Cancel", { "data-action": "cancel-review" });
    this.running = h("div", { class: "tgw-running", hidden: true }, this.progress, this.progressText, cancel);
    this.element = h(
      "section",
      { class: "tgw-panel tgw-review-panel" },
      h("header", { class: "tgw-panel-head" }, h("h3", {}, "Review"), this.state),
      h("div", { class: "tgw-group", role: "group", "aria-label": "Game review" }, this.analyse, this.nav),
      this.running,
      this.note,
      this.summary,
      this.turn,
    );
    on(this.analyse, "click", () => actions.send({ action: "analyse" }), signal);
    on(cancel, "click", () => actions.send({ action: "cancel_analysis" }), signal);
    on(this.previous, "click", () => this.mistake(-1), signal);
    on(this.next, "click", () => this.mistake(1), signal);
  }

  /** Goes to the marked turn after (1) or before (-1) the one asked for last. */
  mistake(step: 1 | -1): void {
    const ply = mistakeFrom(this.review, this.actions.wanted(), step);
    if (ply !== null) this.actions.go(ply);
    else this.actions.say(`No marked turn ${step > 0 ? "after" : "before"} this one.`);
  }

  /** The n / p keys; false for any other key, or without a review. */
  key(key: string): boolean {
    const step = MISTAKE_KEYS[key];
    if (!step || !this.review) return false;
    this.mistake(step);
    return true;
  }

  /** `shown`: the turn on the board (it may be ahead of Python's `view.ply`). */
  render(v: View, shown: number): void {
    const r = v.review;
    this.review = r;
    const play = v.mode === "play";
    const running = r?.status === "running";
    this.element.hidden = !play;
    this.element.dataset.status = r ? r.status : "none";
    this.analyse.disabled = !play || v.plies === 0 || running;
    setText(this.analyse, r && !running ? "Analyse again" : "Analyse game");
    setText(this.state, r ? `${r.evaluator} · ${r.status}` : "");

    this.running.hidden = !running;
    if (r && running) {
      this.progress.max = Math.max(1, r.total);
      this.progress.value = Math.min(r.done, this.progress.max);
      setText(this.progressText, `${r.done} / ${r.total} turns`);
    }
    const count = r?.mistakes.length ?? 0;
    this.nav.hidden = !r;
    this.previous.disabled = mistakeFrom(r, shown, -1) === null;
    this.next.disabled = mistakeFrom(r, shown, 1) === null;
    setText(this.mistakes, r && !running ? `${count} mistake${count === 1 ? "" : "s"}` : "");

    let note = "";
    this.note.removeAttribute("data-kind");
    if (!r) note = play && v.plies ? "Analyse game judges every turn of this line and marks the mistakes." : "";
    else if (r.status === "failed") {
      note = r.error || "The review failed.";
      this.note.dataset.kind = "error";
    } else if (r.status === "cancelled") {
      note = `Cancelled after ${r.done} of ${r.total} turns: the marks of those turns.`;
      this.note.dataset.kind = "partial";
    } else if (r.status === "done" && !count)
      note = "No marked turn: no play or cube action lost enough to be doubtful.";
    setText(this.note, note);
    this.note.hidden = !note;

    const summaryKey = JSON.stringify([r?.players, v.names, v.colors]);
    if (summaryKey !== this.summaryKey) {
      this.summaryKey = summaryKey;
      setChildren(this.summary, r?.players.length ? summaryTable(v, r) : null);
    }
    const turnKey = JSON.stringify([r?.turn, v.names, v.colors]);
    if (turnKey !== this.turnKey) {
      this.turnKey = turnKey;
      setChildren(this.turn, r?.turn ? turnView(v, r.turn) : null);
    }
  }
}

function summaryTable(v: View, r: Review): HTMLElement {
  const rows = r.players.map((p) =>
    h(
      "tr",
      {
        "data-player": p.player,
        title:
          `${p.decisions} decisions, ${points(p.equity_lost)} lost in all, ` +
          `error rate ${p.error_rate.toFixed(1)} (thousandths of a point per decision)`,
      },
      h("th", { scope: "row" }, swatch(v.colors[p.player]), v.names[p.player] ?? `Player ${p.player + 1}`),
      h("td", {}, p.rating.toFixed(1)),
      ...Object.keys(MARK_NAMES).map((mark) => h("td", { "data-mark": mark }, String(p.marks[mark] ?? 0))),
      h("td", {}, equity(p.luck)),
    ),
  );
  const col = (label: string, title: string, spoken?: string): HTMLElement =>
    h("th", { scope: "col", title, "aria-label": spoken }, label);
  return h(
    "table",
    { class: "tgw-table tgw-summary", "aria-label": "The players' summaries" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        col("Player", "Each row's tooltip: decisions, equity lost, error rate"),
        col("PR", "Performance rating: 500 × the equity lost per decision (lower is better)"),
        ...Object.entries(MARK_NAMES).map(([mark, name]) => col(mark, `${name} plays`, name)),
        col("Luck", `The rolls' worth against the average roll, summed, in points per game. ${EQUITY_TIP}`),
      ),
    ),
    h("tbody", {}, ...rows),
  );
}

function turnView(v: View, turn: ReviewTurn): HTMLElement {
  const name = v.names[turn.player] ?? `Player ${turn.player + 1}`;
  const markText = turn.mark ? `${turn.mark} ${MARK_NAMES[turn.mark] ?? ""}` : "";
  const madeAmongBest = turn.best.some((row) => row.text === turn.played);
  const rows = turn.best.map((row, rank) =>
    h(
      "li",
      { class: row.text === turn.played ? "tgw-played" : undefined },
      h("span", { class: "tgw-ply" }, `${rank + 1}.`),
      " ",
      h("span", { class: "tgw-notation" }, row.text),
      " ",
      h("span", { class: "tgw-equity" }, equity(row.equity)),
      " ",
      h("span", { class: "tgw-loss" }, loss(row.loss)),
    ),
  );
  if (!madeAmongBest) {
    rows.push(
      h(
        "li",
        { class: "tgw-played" },
        h("span", { class: "tgw-ply" }, "…"),
        " ",
        h("span", { class: "tgw-notation" }, turn.played),
        " ",
        h("span", { class: "tgw-equity" }, ""),
        " ",
        h("span", { class: "tgw-loss" }, loss(turn.loss)),
      ),
    );
  }
  const cube = turn.dice.length === 0; // a cube decision: its choices, no roll
  const what = cube ? "cube action" : "play";
  return h(
    "div",
    { class: "tgw-review-turn", "data-ply": turn.ply, "data-mark": turn.mark ?? undefined },
    h(
      "div",
      { class: "tgw-review-head" },
      swatch(v.colors[turn.player]),
      h("strong", {}, `${turn.ply}. ${name}`),
      h("span", { class: "tgw-dice" }, turn.dice.length ? ` ${diceText(turn.dice)}: ` : " "),
      h("span", { class: "tgw-notation" }, turn.played),
      markText && " ",
      markText && h("span", { class: "tgw-mark tgw-judged", "data-mark": turn.mark ?? undefined }, markText),
    ),
    h(
      "div",
      { class: "tgw-note" },
      asGoodAsBest(turn.loss) ? `The best ${what} (or as good)` : `Lost ${points(turn.loss)} against the best ${what}`,
      cube ? "" : ` · luck ${equity(turn.luck)}`,
    ),
    h(
      "div",
      { class: "tgw-best-head", "aria-hidden": "true" },
      h("span", {}, "#"),
      h("span", {}, cube ? "Cube action" : "Play"),
      h("span", { title: EQUITY_TIP }, "Points per game"),
      h("span", { title: "Points per game lost against the best" }, "Loss"),
    ),
    h("ol", { class: "tgw-best-plays", "aria-label": `The best ${what}s of turn ${turn.ply}` }, ...rows),
  );
}
