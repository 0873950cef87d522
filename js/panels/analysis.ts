// The analysis panel: hints (this roll's plays ranked) and chances (every player's odds
// from the position). Python's evaluator answers at once; a rollout of the neural bot
// then refines the answer in the background, with progress and Cancel.

import { button, h, on, setChildren, setText, swatch } from "../dom";
import type { Analysis, HintRow, Intent, View } from "../protocol";
import "./analysis.css";

function finite(x: number | undefined): x is number {
  return typeof x === "number" && Number.isFinite(x);
}

export function percent(p: number | undefined): string {
  return finite(p) ? `${(p * 100).toFixed(1)}%` : "–";
}

/** What the board calls points per game, and backgammon players equity: said once, in
 *  the tooltip of every heading and number that shows it (notebook 04 explains it). */
export const EQUITY_TIP =
  "Points per game (what backgammon players call equity): what a player can expect to win " +
  "or lose from here, each game counted at its worth (single 1, gammon 2, backgammon 3; in " +
  "trigammon every loser pays the winner). +1 is a sure single win, −1 a sure single loss.";

/** Points per game in words, as "0.198 points per game". */
export function points(p: number): string {
  return `${finite(p) ? p.toFixed(3) : "–"} points per game`;
}

/** An equity with its sign, as "+0.123". */
export function equity(e: number | undefined): string {
  return finite(e) ? `${e < 0 ? "−" : "+"}${Math.abs(e).toFixed(3)}` : "–";
}

/** Whether a loss shows as none: below what three decimals can show. */
export function asGoodAsBest(l: number): boolean {
  return l < 0.0005;
}

/** What a play loses against the best, as "−0.045" ("best" for none). */
export function loss(l: number | undefined): string {
  return !finite(l) ? "–" : asGoodAsBest(l) ? "best" : `−${l.toFixed(3)}`;
}

/** A 95% interval as "[48.1–60.2]" (percent, without the sign). */
function interval(low: number | undefined, high: number | undefined): string {
  const part = (p: number | undefined): string => (finite(p) ? (p * 100).toFixed(1) : "?");
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
    this.hintsButton = button("Hints", {
      title: "Rank this roll's plays by the evaluator at once, then refine the best by rollout",
    });
    this.chancesButton = button("Chances", {
      title: "Every player's chances from here: the evaluator's at once, then a rollout's",
    });
    const cancel = button("Cancel", { "data-action": "cancel-analysis" });
    this.state = h("span", { class: "tgw-count", role: "status", "data-role": "analysis-status" });
    this.progress = h("progress", { class: "tgw-progress", max: 1, value: 0, "aria-label": "Rollout progress" });
    this.progressText = h("span", { class: "tgw-count" });
    this.running = h("div", { class: "tgw-running", hidden: true }, this.progress, this.progressText, cancel);
    this.note = h("div", { class: "tgw-note" });
    this.hintsList = h("ol", { class: "tgw-list tgw-hints", "aria-label": "Plays ranked by the evaluator" });
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
    on(this.chancesButton, "click", () => send({ action: "chances" }), signal);
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
    this.hintsButton.disabled = !play || !v.dice || !!v.win || running;
    this.chancesButton.disabled = !play || !!v.win || running;
    this.element.dataset.status = a ? a.status : "none";
    this.element.dataset.kind = a ? a.kind : "none";
    setText(this.state, a ? `${a.kind} · ${a.status === "running" ? "refining" : a.status}` : "");

    this.running.hidden = !running;
    if (running && a) {
      this.progress.max = Math.max(1, a.total);
      this.progress.value = Math.min(a.done, this.progress.max);
      setText(this.progressText, `${a.done} / ${a.total} games`);
    }

    // Results change far less often than progress: rebuilt only when they change (a
    // row rebuilt under the pointer would lose its hover preview).
    const { done: _done, ...numbers } = a ?? { done: 0 };
    const key = JSON.stringify([numbers, v.names, v.colors, a?.kind === "hints" ? plays : null]);
    if (key === this.shownKey) return;
    this.shownKey = key;
    this.note.removeAttribute("data-kind");
    let note = "";
    if (!a) {
      note = play ? "Hints rank the plays of a roll; Chances gives every player's odds from here." : "";
      setChildren(this.results);
    } else if (a.status === "failed") {
      note = a.error || "The analysis failed.";
      this.note.dataset.kind = "error";
      setChildren(this.results);
    } else if (a.kind === "hints") {
      const hints = a.hints ?? [];
      const games = Math.max(0, ...hints.map((hint) => hint.games));
      const mover = v.names[v.turn] ?? "the player to move";
      const by = `For ${mover}, by ${evaluatorName(a)}`;
      if (a.status === "running") note = `${by}; rolling the best out…`;
      else if (a.status === "cancelled") note = `Rollout cancelled after ${a.done} of ${a.total} games: partial.`;
      else if (games) note = `${by}; wins by ${games} games rolled out each.`;
      else note = `${by}.`;
      setChildren(this.results, this.renderHints(hints, plays));
    } else {
      const games = a.games ?? 0;
      if (a.status === "running") note = `Chances by ${evaluatorName(a)}; rolling the position out…`;
      else if (a.status === "cancelled")
        note = `Rollout cancelled after ${a.done} of ${a.total} games: ${games ? "partial" : "the evaluator's"} wins.`;
      else note = `Wins by ${games} games rolled out; gammons and points per game by ${evaluatorName(a)}.`;
      setChildren(this.results, this.renderChances(v, a));
    }
    if (a?.status === "cancelled") this.note.dataset.kind = "partial";
    this.note.textContent = note;
    this.note.hidden = !note;
  }

  private renderHints(hints: readonly HintRow[], plays: readonly string[]): HTMLElement {
    const where = new Map(plays.map((text, index) => [text, index]));
    const rows = hints.map((hint, rank) => {
      const index = where.get(hint.text);
      const known = index !== undefined;
      const rolled = hint.games > 0;
      const how = rolled ? `${hint.games} games rolled out` : "the evaluator";
      return h(
        "li",
        {},
        h(
          "button",
          {
            type: "button",
            class: "tgw-row tgw-hint-play",
            "data-preview": known ? "" : undefined,
            "data-index": index,
            "data-games": hint.games,
            disabled: !known,
            title: `${equity(hint.equity)} points per game · wins ${percent(hint.win)} (${how})`,
          },
          // Spaces between the parts: grid layout drops them, copied text keeps them.
          h("span", { class: "tgw-ply" }, `${rank + 1}.`),
          " ",
          h("span", { class: "tgw-notation" }, hint.text),
          " ",
          h("span", { class: "tgw-equity" }, equity(hint.equity)),
          " ",
          h("span", { class: "tgw-loss" }, loss(hint.loss)),
          " ",
          h("span", { class: "tgw-win" }, percent(hint.win)),
          rolled && " ",
          rolled && h("span", { class: "tgw-interval" }, interval(hint.low, hint.high)),
        ),
      );
    });
    setChildren(this.hintsList, ...rows);
    return h("div", { class: "tgw-hints-table" }, hintsHead(), this.hintsList);
  }

  private renderChances(v: View, a: Analysis): HTMLElement {
    const wins = a.wins ?? [];
    const rolled = (a.games ?? 0) > 0;
    const rows = wins.flatMap((win, player) => {
      const gammon = a.gammons?.[player];
      const [low, high] = a.intervals?.[player] ?? [win, win];
      return [
        h(
          "tr",
          { "data-player": player },
          h("th", { scope: "row" }, swatch(v.colors[player]), v.names[player] ?? `Player ${player + 1}`),
          h(
            "td",
            { class: "tgw-win" },
            percent(win),
            rolled && h("span", { class: "tgw-interval" }, ` ${interval(low, high)}`),
          ),
          h("td", {}, percent(gammon)),
          h("td", { class: "tgw-equity" }, equity(a.equities?.[player])),
        ),
        h(
          "tr",
          { class: "tgw-bar-row", "aria-hidden": "true" },
          h("td", { colspan: 4 }, chanceBar(v.colors[player], win, gammon, rolled ? [low, high] : null)),
        ),
      ];
    });
    return h(
      "table",
      { class: "tgw-table tgw-chances" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { scope: "col" }, "Player"),
          h("th", { scope: "col", title: "Chance to win (rollout: with its 95% interval)" }, "Wins"),
          h("th", { scope: "col", title: "Chance to lose a gammon or a backgammon" }, "Gammons lost"),
          h("th", { scope: "col", title: `${EQUITY_TIP} Cubeless.` }, "Points per game"),
        ),
      ),
      h("tbody", {}, ...rows),
    );
  }
}

/** The headings of the hints list, in the columns of its rows. */
function hintsHead(): HTMLElement {
  const col = (text: string, title: string): HTMLElement => h("span", { title }, text);
  return h(
    "div",
    { class: "tgw-hints-head", "aria-hidden": "true" },
    col("#", "Rank"),
    col("Play", "The play, from the turn's start"),
    col("Points per game", EQUITY_TIP),
    col("Loss", "Points per game lost against the best play"),
    col("Wins", "Chance to win after the play (a rollout's once refined)"),
  );
}

function evaluatorName(a: Analysis): string {
  return a.evaluator === "gnubg" ? "GNU Backgammon's net" : "the net";
}

/** A player's chances as a bar: the win from the left in the player's colour, the
 *  gammon loss from the right, and a rollout's 95% interval as a bracket. */
function chanceBar(
  color: string | undefined,
  win: number,
  gammon: number | undefined,
  range: number[] | null,
): HTMLElement {
  const width = (p: number | undefined): string => `${Math.max(0, Math.min(1, finite(p) ? p : 0)) * 100}%`;
  const winPart = h("span", { class: "tgw-bar-win" });
  winPart.style.width = width(win);
  if (color) winPart.style.backgroundColor = color;
  const gammonPart = h("span", { class: "tgw-bar-gammon" });
  gammonPart.style.width = width(gammon);
  const bar = h("div", { class: "tgw-chance-bar" }, winPart, gammonPart);
  if (range && finite(range[0]) && finite(range[1])) {
    const bracket = h("span", { class: "tgw-bar-interval" });
    bracket.style.left = width(range[0]);
    bracket.style.width = width(range[1] - range[0]);
    bar.append(bracket);
  }
  return bar;
}
