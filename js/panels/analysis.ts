// The analysis panel: hints (this roll's plays ranked) and chances (every player's odds
// from the position). Python's evaluator answers at once; a rollout of the neural bot
// then refines the answer in the background, with progress and Cancel.

import { button, h, on, setChildren, setText, swatch } from "../dom";
import type { Analysis, HintRow, Intent, View } from "../protocol";
import { fixed, format, type Word, type Words, word } from "../words";
import "./analysis.css";

/** The status line's word for each kind and state of an analysis. */
const KIND_WORDS = { hints: "kind_hints", chances: "kind_chances" } as const satisfies Record<Analysis["kind"], Word>;
const STATUS_WORDS = {
  running: "status_refining",
  done: "status_done",
  cancelled: "status_cancelled",
  failed: "status_failed",
} as const satisfies Record<Analysis["status"], Word>;

function finite(x: number | undefined): x is number {
  return typeof x === "number" && Number.isFinite(x);
}

export function percent(p: number | undefined, words: Words): string {
  return finite(p) ? `${fixed(p * 100, 1, words)}%` : "–";
}

/** Points per game in words, as "0.198 points per game" (`equity_tip`, the tooltip of
 *  every heading and number that shows it, says what they are; notebook 04 explains it). */
export function points(p: number, words: Words): string {
  return format(word(words, "points_per_game_of"), { points: finite(p) ? fixed(p, 3, words) : "–" });
}

/** An equity with its sign, as "+0.123". */
export function equity(e: number | undefined, words: Words): string {
  return finite(e) ? `${e < 0 ? "−" : "+"}${fixed(Math.abs(e), 3, words)}` : "–";
}

/** Whether a loss shows as none: below what three decimals can show. */
export function asGoodAsBest(l: number): boolean {
  return l < 0.0005;
}

/** What a play loses against the best, as "−0.045" ("best" for none). */
export function loss(l: number | undefined, words: Words): string {
  return !finite(l) ? "–" : asGoodAsBest(l) ? word(words, "best") : `−${fixed(l, 3, words)}`;
}

/** A 95% interval as "[48.1–60.2]" (percent, without the sign). */
function interval(low: number | undefined, high: number | undefined, words: Words): string {
  const part = (p: number | undefined): string => (finite(p) ? fixed(p * 100, 1, words) : "?");
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
  private readonly heading = h("h3", {});
  private readonly cancel: HTMLButtonElement;
  private shownKey = "";
  private words: Words = {};

  /** `send` asks Python for an analysis (after any change in flight); `play` plays a
   *  ranked play by its index in the `plays` list. */
  constructor(send: (intent: Intent) => void, play: (index: number) => void, signal: AbortSignal) {
    this.hintsButton = button("");
    this.chancesButton = button("");
    const cancel = button("", { "data-action": "cancel-analysis" });
    this.cancel = cancel;
    this.state = h("span", { class: "tgw-count", role: "status", "data-role": "analysis-status" });
    this.progress = h("progress", { class: "tgw-progress", max: 1, value: 0 });
    this.progressText = h("span", { class: "tgw-count" });
    this.running = h("div", { class: "tgw-running", hidden: true }, this.progress, this.progressText, cancel);
    this.note = h("div", { class: "tgw-note" });
    this.hintsList = h("ol", { class: "tgw-list tgw-hints" });
    this.results = h("div", { class: "tgw-results" });
    this.element = h(
      "section",
      { class: "tgw-panel tgw-analysis-panel" },
      h("header", { class: "tgw-panel-head" }, this.heading, this.state),
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
  render(v: View, plays: readonly string[], words: Words): void {
    const say = (key: Word): string => word(words, key);
    this.words = words;
    setText(this.heading, say("analysis"));
    setText(this.hintsButton, say("hints"));
    this.hintsButton.title = say("hints_tip");
    setText(this.chancesButton, say("chances"));
    this.chancesButton.title = say("chances_tip");
    setText(this.cancel, say("cancel"));
    this.progress.setAttribute("aria-label", say("rollout_progress"));
    this.hintsList.setAttribute("aria-label", say("plays_ranked"));
    const a = v.analysis;
    const play = v.mode === "play";
    const running = a?.status === "running";
    this.hintsButton.disabled = !play || !v.dice || !!v.win || running;
    this.chancesButton.disabled = !play || !!v.win || running;
    this.element.dataset.status = a ? a.status : "none";
    this.element.dataset.kind = a ? a.kind : "none";
    setText(this.state, a ? `${say(KIND_WORDS[a.kind])} · ${say(STATUS_WORDS[a.status])}` : "");

    this.running.hidden = !running;
    if (running && a) {
      this.progress.max = Math.max(1, a.total);
      this.progress.value = Math.min(a.done, this.progress.max);
      setText(this.progressText, format(say("games_done"), { done: String(a.done), total: String(a.total) }));
    }

    // Results change far less often than progress: rebuilt only when they change (a
    // row rebuilt under the pointer would lose its hover preview).
    const { done: _done, ...numbers } = a ?? { done: 0 };
    const key = JSON.stringify([numbers, v.names, v.colors, a?.kind === "hints" ? plays : null, words]);
    if (key === this.shownKey) return;
    this.shownKey = key;
    this.note.removeAttribute("data-kind");
    let note = "";
    if (!a) {
      note = play ? say("analysis_note") : "";
      setChildren(this.results);
    } else if (a.status === "failed") {
      note = a.error || say("analysis_failed");
      this.note.dataset.kind = "error";
      setChildren(this.results);
    } else if (a.kind === "hints") {
      const hints = a.hints ?? [];
      const games = Math.max(0, ...hints.map((hint) => hint.games));
      const by = format(say("hints_for"), { name: v.names[v.turn] ?? String(v.turn + 1), by: evaluatorName(a, words) });
      const counts = { done: String(a.done), total: String(a.total), games: String(games) };
      if (a.status === "running") note = format(say("hints_rolling"), { by });
      else if (a.status === "cancelled") note = format(say("hints_cancelled"), counts);
      else if (games) note = format(say("hints_rolled"), { by, ...counts });
      else note = format(say("hints_by"), { by });
      setChildren(this.results, this.renderHints(hints, plays));
    } else {
      const games = a.games ?? 0;
      const by = evaluatorName(a, words);
      const counts = { done: String(a.done), total: String(a.total), games: String(games), by };
      if (a.status === "running") note = format(say("chances_rolling"), { by });
      else if (a.status === "cancelled")
        note = format(say(games ? "chances_cancelled_partial" : "chances_cancelled"), counts);
      else note = format(say("chances_rolled"), counts);
      setChildren(this.results, this.renderChances(v, a));
    }
    if (a?.status === "cancelled") this.note.dataset.kind = "partial";
    this.note.textContent = note;
    this.note.hidden = !note;
  }

  private renderHints(hints: readonly HintRow[], plays: readonly string[]): HTMLElement {
    const words = this.words;
    const where = new Map(plays.map((text, index) => [text, index]));
    const rows = hints.map((hint, rank) => {
      const index = where.get(hint.text);
      const known = index !== undefined;
      const rolled = hint.games > 0;
      const how = rolled
        ? format(word(words, "games_rolled_out"), { games: String(hint.games) })
        : word(words, "the_evaluator");
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
            title: format(word(words, "hint_tip"), {
              points: points(hint.equity, words),
              wins: percent(hint.win, words),
              how,
            }),
          },
          // Spaces between the parts: grid layout drops them, copied text keeps them.
          h("span", { class: "tgw-ply" }, `${rank + 1}.`),
          " ",
          h("span", { class: "tgw-notation" }, hint.text),
          " ",
          h("span", { class: "tgw-equity" }, equity(hint.equity, words)),
          " ",
          h("span", { class: "tgw-loss" }, loss(hint.loss, words)),
          " ",
          h("span", { class: "tgw-win" }, percent(hint.win, words)),
          rolled && " ",
          rolled && h("span", { class: "tgw-interval" }, interval(hint.low, hint.high, words)),
        ),
      );
    });
    setChildren(this.hintsList, ...rows);
    return h("div", { class: "tgw-hints-table" }, hintsHead(words), this.hintsList);
  }

  private renderChances(v: View, a: Analysis): HTMLElement {
    const words = this.words;
    const say = (key: Word): string => word(words, key);
    const wins = a.wins ?? [];
    const rolled = (a.games ?? 0) > 0;
    const rows = wins.flatMap((win, player) => {
      const gammon = a.gammons?.[player];
      const [low, high] = a.intervals?.[player] ?? [win, win];
      return [
        h(
          "tr",
          { "data-player": player },
          h("th", { scope: "row" }, swatch(v.colors[player]), v.names[player] ?? String(player + 1)),
          h(
            "td",
            { class: "tgw-win" },
            percent(win, words),
            rolled && h("span", { class: "tgw-interval" }, ` ${interval(low, high, words)}`),
          ),
          h("td", {}, percent(gammon, words)),
          h("td", { class: "tgw-equity" }, equity(a.equities?.[player], words)),
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
          h("th", { scope: "col" }, say("player")),
          h("th", { scope: "col", title: say("wins_tip") }, say("wins_head")),
          h("th", { scope: "col", title: say("gammons_tip") }, say("gammons_lost")),
          h("th", { scope: "col", title: `${say("equity_tip")} ${say("cubeless")}` }, say("points_per_game")),
        ),
      ),
      h("tbody", {}, ...rows),
    );
  }
}

/** The headings of the hints list, in the columns of its rows. */
function hintsHead(words: Words): HTMLElement {
  const say = (key: Word): string => word(words, key);
  const col = (text: string, title: string): HTMLElement => h("span", { title }, text);
  return h(
    "div",
    { class: "tgw-hints-head", "aria-hidden": "true" },
    col("#", say("rank")),
    col(say("play"), say("play_tip")),
    col(say("points_per_game"), say("equity_tip")),
    col(say("loss"), say("loss_tip")),
    col(say("wins_head"), say("hint_wins_tip")),
  );
}

function evaluatorName(a: Analysis, words: Words): string {
  return word(words, a.evaluator === "gnubg" ? "gnubg_net" : "the_net");
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
