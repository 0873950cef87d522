// The review panel: "Analyse game" judges every turn of the line in the background
// (progress, Cancel), then shows the players' summaries, steps from mistake to mistake
// (buttons and the n / p keys) and, at a judged turn, what it lost against the best
// plays of its roll. The marks sit in the history, the equity graph under the board.

import {
  button,
  diceText,
  factsLine,
  h,
  iconButton,
  on,
  seenText,
  select,
  setChildren,
  setOptions,
  setText,
  swatch,
} from "../dom";
import { type Intent, MARKS, type Review, type ReviewStop, type ReviewTurn, type View } from "../protocol";
import { about, counted, fixed, format, markWord, type Word, type Words, word } from "../words";
import { asGoodAsBest, byNet, compared, equity, loss, points } from "./analysis";
import "./review.css";

/** The status line's word for each state of a review. */
const STATUS_WORDS = {
  running: "status_running",
  done: "status_done",
  cancelled: "status_cancelled",
  failed: "status_failed",
} as const satisfies Record<Review["status"], Word>;

/** The keys that step from mistake to mistake. */
const MISTAKE_KEYS: Partial<Record<string, 1 | -1>> = { n: 1, p: -1 };

/** The whose-mistakes choice meaning every player's. */
const EVERYONE = "all";

/** Where the marked decisions `whose` (a player's number, or `EVERYONE`) made are shown
 *  (Python's `marked_at` and `marked_by`: the position before each marked record). */
function markedOf(review: Review | null, whose: string): number[] {
  if (!review) return [];
  return whose === EVERYONE ? review.marked_at : (review.marked_by[Number(whose)] ?? []);
}

/** Where the marked decision after (`step` 1) or before (-1) the one shown at `ply` is
 *  shown, among `marked`: past the last, the first again (`wrapped`), and before the
 *  first, the last; none where no other is marked. A review opened at the game's end
 *  steps forward from its first mistake (walk 30 found Next greyed there, and Previous
 *  walking the game backwards). */
function mistakeFrom(marked: readonly number[], ply: number, step: 1 | -1): { ply: number; wrapped: boolean } | null {
  const found = step > 0 ? marked.find((m) => m > ply) : [...marked].reverse().find((m) => m < ply);
  if (found !== undefined) return { ply: found, wrapped: false };
  const around = step > 0 ? marked[0] : marked[marked.length - 1];
  return around === undefined || around === ply ? null : { ply: around, wrapped: true };
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
  private readonly analyse = button("", { "data-action": "analyse" });
  private readonly previous = iconButton("prev", { "data-action": "previous-mistake" });
  private readonly next = iconButton("next", { "data-action": "next-mistake" });
  private readonly mistakes = h("span", { class: "tgw-count", "data-role": "mistakes" });
  /** Whose mistakes the buttons step through: everyone's, or one player's (by default
   *  the person in front of the board's, where the board has one). */
  private readonly whose = select([], { "data-role": "whose-mistakes" });
  private chosen: string | null = null;
  /** What the panel last showed (a new choice of whose mistakes shows it again). */
  private rendered: [View, number, Words] | null = null;
  private readonly nav = h("span", { class: "tgw-mistake-nav" }, this.whose, this.previous, this.mistakes, this.next);
  private readonly running: HTMLDivElement;
  private readonly progress = h("progress", { class: "tgw-progress", max: 1, value: 0 });
  private readonly progressText = h("span", { class: "tgw-count" });
  private readonly note = h("div", { class: "tgw-note", "data-role": "review-note" });
  /** Where the mistake buttons went round, while that turn is shown: a note under them. */
  private readonly roundNote = h("div", { class: "tgw-round-note", "data-role": "mistakes-round", hidden: true });
  private round: { ply: number; key: Word } | null = null;
  private readonly summary = h("div", { class: "tgw-results", "data-role": "review-summary" });
  private readonly stops = h("div", { class: "tgw-results", "data-role": "tutor-stops" });
  private readonly turn = h("div", { class: "tgw-results", "data-role": "review-turn" });
  private summaryKey = "";
  private turnKey = "";
  private review: Review | null = null;
  private readonly actions: ReviewActions;
  private readonly heading = h("h3", {});
  private readonly group: HTMLDivElement;
  private readonly cancel: HTMLButtonElement;
  private words: Words = {};
  private said: Words | null = null;

  constructor(actions: ReviewActions, signal: AbortSignal) {
    this.actions = actions;
    const cancel = button("", { "data-action": "cancel-review" });
    this.cancel = cancel;
    this.running = h("div", { class: "tgw-running", hidden: true }, this.progress, this.progressText, cancel);
    this.group = h("div", { class: "tgw-group", role: "group" }, this.analyse, this.nav);
    this.element = h(
      "section",
      { class: "tgw-panel tgw-review-panel" },
      h("header", { class: "tgw-panel-head" }, this.heading, this.state),
      this.group,
      this.roundNote,
      this.running,
      // The shown decision's judgement right under the buttons that step to it (the
      // eighth walk missed it under the players' table), then the game's summary.
      this.turn,
      this.note,
      this.summary,
      this.stops,
    );
    on(this.analyse, "click", () => actions.send({ action: "analyse" }), signal);
    on(cancel, "click", () => actions.send({ action: "cancel_analysis" }), signal);
    on(this.previous, "click", () => this.mistake(-1), signal);
    on(this.next, "click", () => this.mistake(1), signal);
    on(
      this.whose,
      "change",
      () => {
        this.choose(this.whose.value);
        // The keys n and p work from here on: a select keeps its letters (walk 41).
        if (!this.next.disabled) this.next.focus({ preventScroll: true });
      },
      signal,
    );
  }

  /** The plays the tutor stopped, each with a button to its turn (walk 21: a play
   *  taken back left no trace in the review). */
  private stopsList(stops: ReviewStop[], words: Words): HTMLElement {
    const items = stops.map((stop) => {
      const go = button(format(word(words, "stop_turn"), { ply: String(stop.ply) }), { "data-action": "show-stop" });
      go.addEventListener("click", () => this.actions.go(stop.ply - 1));
      return h(
        "li",
        { "data-ply": stop.ply, "data-answer": stop.taken_back ? "taken-back" : "played-on" },
        go,
        " ",
        stopText(stop, words),
      );
    });
    return h(
      "div",
      { class: "tgw-stops" },
      h("p", { class: "tgw-caption" }, counted(words, "stops_listed", stops.length)),
      h("ul", { class: "tgw-stops-list" }, ...items),
    );
  }

  /** Steps through the mistakes of `whose` from now on, and says how many. */
  private choose(whose: string): void {
    this.chosen = whose;
    if (this.rendered) this.render(...this.rendered);
  }

  /** The marked decisions the buttons step through. */
  private marked(): number[] {
    return markedOf(this.review, this.whose.value || EVERYONE);
  }

  /** Goes to the marked turn after (1) or before (-1) the one asked for last. */
  mistake(step: 1 | -1): void {
    const found = mistakeFrom(this.marked(), this.actions.wanted(), step);
    if (found === null) {
      this.actions.say(word(this.words, "no_other_mark"));
      return;
    }
    // From the game's end, Next to the first mistake is no going round (walk 32 read
    // "the first again" at its first press).
    const atEnd = step > 0 && this.actions.wanted() >= (this.rendered?.[0].plies ?? Number.POSITIVE_INFINITY);
    const round = found.wrapped && !atEnd;
    this.round = round ? { ply: found.ply, key: step > 0 ? "first_mark_again" : "last_mark_again" } : null;
    this.actions.go(found.ply);
  }

  /** The n / p keys; false for any other key, or without a review. */
  key(key: string): boolean {
    const step = MISTAKE_KEYS[key];
    if (!step || !this.review) return false;
    this.mistake(step);
    return true;
  }

  /** The panel's fixed words in the board's language, set again only when they change. */
  private label(words: Words): void {
    if (words === this.said) return;
    this.said = this.words = words;
    const say = (key: Word): string => word(words, key);
    this.heading.textContent = say("review");
    this.group.setAttribute("aria-label", say("game_review"));
    this.analyse.title = say("analyse_tip");
    this.previous.setAttribute("aria-label", say("previous_mistake"));
    this.previous.title = say("previous_mistake_tip");
    this.next.setAttribute("aria-label", say("next_mistake"));
    this.next.title = say("next_mistake_tip");
    this.whose.setAttribute("aria-label", say("whose_mistakes"));
    this.whose.title = say("whose_mistakes");
    this.progress.setAttribute("aria-label", say("review_progress"));
    this.cancel.textContent = say("cancel");
  }

  /** `shown`: the turn on the board (it may be ahead of Python's `view.ply`). */
  render(v: View, shown: number, words: Words): void {
    this.rendered = [v, shown, words];
    this.label(words);
    const say = (key: Word): string => word(words, key);
    const r = v.review;
    this.review = r;
    const play = v.mode === "play";
    const running = r?.status === "running";
    this.element.hidden = !play;
    this.element.dataset.status = r ? r.status : "none";
    this.analyse.disabled = !play || v.plies === 0 || running;
    setText(this.analyse, say(r && !running ? "analyse_again" : "analyse_game"));
    setText(this.state, r ? say(STATUS_WORDS[r.status]) : "");

    this.running.hidden = !running;
    if (r && running) {
      this.progress.max = Math.max(1, r.total);
      this.progress.value = Math.min(r.done, this.progress.max);
      setText(this.progressText, format(say("turns_done"), { done: String(r.done), total: String(r.total) }));
    }
    this.nav.hidden = !r;
    const players = r?.players ?? [];
    setOptions(this.whose, [
      [EVERYONE, say("everyones_mistakes")],
      ...players.map((p): [string, string] => [
        String(p.player),
        format(about(words, "mistakes_of", p.player, v.you), { name: v.names[p.player] ?? String(p.player + 1) }),
      ]),
    ]);
    // The person's own mistakes first, where they made any: walk 43 met "0 in this game"
    // with Next greyed out and thought the review had shown nothing.
    const yours = v.you !== null && players.some((p) => p.player === v.you) ? String(v.you) : EVERYONE;
    const mine = markedOf(r, yours).length ? yours : EVERYONE;
    const spotless = yours !== EVERYONE && mine === EVERYONE ? players.find((p) => p.player === v.you) : undefined;
    this.whose.value = this.chosen ?? mine;
    const marked = this.marked();
    const count = marked.length;
    this.previous.disabled = mistakeFrom(marked, shown, -1) === null;
    this.next.disabled = mistakeFrom(marked, shown, 1) === null;
    const round = r && this.round?.ply === shown ? word(words, this.round.key) : "";
    setText(this.roundNote, round);
    this.roundNote.hidden = !round;
    // At a marked decision, which of them it is ("mistake 3 of 19"), else how many.
    const at = marked.indexOf(shown);
    const which = format(say("mistake_of"), { number: String(at + 1), count: String(count) });
    setText(this.mistakes, r && !running ? (at >= 0 ? which : counted(words, "mistakes", count)) : "");

    let note = "";
    this.note.removeAttribute("data-kind");
    if (!r) note = play && v.plies ? say("review_note") : "";
    else if (r.status === "failed") {
      note = r.error || say("review_failed");
      this.note.dataset.kind = "error";
    } else if (r.status === "cancelled") {
      note = format(say("review_cancelled"), { done: String(r.done), total: String(r.total) });
      this.note.dataset.kind = "partial";
    } else {
      // Where the marks come from: the tutor's judge, not a rollout (Hints may differ).
      const by = byNet(r.source, words);
      const ply = String(r.source.ply);
      note = r.cube_source
        ? format(say("review_source_cube"), { by, ply, cube_ply: String(r.cube_source.ply) })
        : format(say("review_source"), { by, ply });
      if (r.status === "done" && !r.marked_at.length) note += ` ${say("no_marked_turn")}`;
      else if (r.status === "done" && spotless?.decisions)
        note += ` ${counted(words, "none_of_yours", spotless.decisions)}`;
      if (r.left_out && this.whose.value === String(v.you)) note += ` ${counted(words, "left_out", r.left_out)}`;
    }
    setText(this.note, note);
    this.note.hidden = !note;

    const summaryKey = JSON.stringify([r?.players, r?.self_judged, v.names, v.colors, words]);
    if (summaryKey !== this.summaryKey) {
      this.summaryKey = summaryKey;
      setChildren(this.summary, r?.players.length ? summaryTable(v, r, words) : null);
    }
    const stops = r?.stops ?? [];
    const turnKey = JSON.stringify([r?.turn, stops, v.names, v.colors, words]);
    if (turnKey !== this.turnKey) {
      this.turnKey = turnKey;
      const stopped = stops.filter((stop) => stop.ply === r?.turn?.ply);
      setChildren(this.turn, r?.turn ? turnView(v, r.turn, words, stopped) : null);
      setChildren(this.stops, stops.length ? this.stopsList(stops, words) : null);
    }
  }
}

/** One play the tutor stopped, in words: what it lost, and how it was answered. */
function stopText(stop: ReviewStop, words: Words): string {
  return format(word(words, stop.taken_back ? "stop_taken_back" : "stop_played_on"), {
    dice: diceText(stop.dice),
    tried: stop.tried,
    loss: fixed(stop.loss, 3, words),
    best: stop.best,
    by: stopJudge(stop, words),
    played: stop.played,
  });
}

/** What judged a stop; a stop Hints' rollout then found under the tutor's line says
 *  that the rollout clears it (walk 26 read it among plays stopped). */
function stopJudge(stop: ReviewStop, words: Words): string {
  if (stop.by === "net") return word(words, "stop_by_net");
  if (!stop.cleared) return word(words, "stop_by_rollout");
  return format(word(words, "stop_cleared"), { line: fixed(stop.line, 3, words) });
}

/** The players the review's own net plays for (neural seats, judged by the neural
 *  evaluator), said under the table: they are never faulted, by design. */
function selfJudged(v: View, r: Review, words: Words): HTMLElement | null {
  const names = (r.self_judged ?? []).map((player) => v.names[player]);
  if (!names.length) return null;
  return h("span", { class: "tgw-caption-line" }, format(word(words, "pr_self"), { names: names.join(", ") }));
}

function summaryTable(v: View, r: Review, words: Words): HTMLElement {
  const say = (key: Word): string => word(words, key);
  const rows = r.players.map((p) =>
    h(
      "tr",
      {
        "data-player": p.player,
        title: format(say("summary_tip"), {
          decisions: String(p.decisions),
          lost: points(p.equity_lost, words),
          rate: fixed(p.error_rate, 1, words),
        }),
      },
      h("th", { scope: "row" }, swatch(v.colors[p.player]), v.names[p.player] ?? String(p.player + 1)),
      h("td", {}, fixed(p.rating, 1, words)),
      ...MARKS.map(([mark]) => h("td", { "data-mark": mark }, String(p.marks[mark] ?? 0))),
      h("td", {}, equity(p.luck, words)),
    ),
  );
  const col = (label: string, title: string, spoken?: string): HTMLElement =>
    h("th", { scope: "col", title, "aria-label": spoken }, label);
  return h(
    "table",
    { class: "tgw-table tgw-summary", "aria-label": say("summaries") },
    // The one column a newcomer cannot guess, said under the table (not only on hover);
    // and why the neural bot's PR is 0 when the review's net is its own (walk 13).
    h("caption", { class: "tgw-caption" }, `${say("pr")}: ${say("pr_tip")}`, selfJudged(v, r, words)),
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        col(say("player"), say("player_col_tip")),
        col(say("pr"), say("pr_tip")),
        ...MARKS.map(([mark]) => {
          const name = say(markWord(mark));
          return col(mark, format(say("mark_plays"), { name }), name);
        }),
        col(say("luck"), `${say("luck_tip")} ${say("equity_tip")}`),
      ),
    ),
    h("tbody", {}, ...rows),
  );
}

/** One row of a list of best plays (`.tgw-best-plays`): its rank ("1.", or "…" for the
 *  play made below them), the play (and, another player's, as this board numbers it),
 *  its equity and its loss, the play made marked; a `tag` after the play. */
export function bestRow(
  rank: string,
  text: string,
  equity: string,
  loss: string,
  played: boolean,
  seen?: string,
  facts?: string,
  tag?: string,
  why?: string,
): HTMLElement {
  return h(
    "li",
    { class: played ? "tgw-played" : undefined },
    h("span", { class: "tgw-ply" }, rank),
    " ",
    // One cell: the play, and as this board numbers it, wrapping together.
    h(
      "span",
      { class: "tgw-play-cell" },
      h("span", { class: "tgw-notation" }, text),
      seenText(seen),
      tag && " ",
      tag && h("span", { class: "tgw-tag" }, tag),
    ),
    " ",
    h("span", { class: "tgw-equity" }, equity),
    " ",
    h("span", { class: "tgw-loss" }, loss),
    factsLine(facts, why),
  );
}

function turnView(v: View, turn: ReviewTurn, words: Words, stopped: readonly ReviewStop[]): HTMLElement {
  const say = (key: Word): string => word(words, key);
  const name = v.names[turn.player] ?? String(turn.player + 1);
  const markText = turn.mark ? `${turn.mark} ${say(markWord(turn.mark))}` : "";
  const madeAmongBest = turn.best.some((row) => row.text === turn.played);
  // Another player's plays also as this board numbers its points (Python's `seen`).
  const seen = (text: string): string | undefined => turn.seen[text];
  const rows = turn.best.map((row, rank) =>
    bestRow(
      `${rank + 1}.`,
      row.text,
      equity(row.equity, words),
      loss(row.loss, words),
      row.text === turn.played,
      seen(row.text),
      v.facts[row.text],
      undefined,
      v.why[row.text],
    ),
  );
  if (!madeAmongBest) {
    // Its points per game too, as the rows above give theirs: the best's, less its loss
    // (walk 20 found the play made with one figure).
    const top = turn.best[0];
    const made = top ? equity(top.equity - turn.loss, words) : "";
    const facts = v.facts[turn.played];
    rows.push(
      bestRow(
        "…",
        turn.played,
        made,
        loss(turn.loss, words),
        true,
        seen(turn.played),
        facts,
        undefined,
        v.why[turn.played],
      ),
    );
  }
  // The play the tutor stopped and the learner took back, beside the best (walk 32 read
  // its loss in the stop's note but found it nowhere in the list).
  for (const tried of turn.taken_back) {
    const [worth, lost] = [equity(tried.equity, words), loss(tried.loss, words)];
    rows.push(bestRow("…", tried.text, worth, lost, false, seen(tried.text), v.facts[tried.text], say("taken_back")));
  }
  const cube = turn.dice.length === 0; // a cube decision: its choices, no roll

  return h(
    "div",
    { class: "tgw-review-turn", "data-ply": turn.ply, "data-mark": turn.mark ?? undefined },
    h(
      "div",
      { class: "tgw-note" },
      format(about(words, "decision_shown", turn.player, v.you), { ply: String(turn.ply), name }),
    ),
    h(
      "div",
      { class: "tgw-review-head" },
      swatch(v.colors[turn.player]),
      h("strong", {}, `${turn.ply}. ${name}`),
      h("span", { class: "tgw-dice" }, turn.dice.length ? ` ${diceText(turn.dice)}: ` : ": "),
      h("span", { class: "tgw-notation" }, turn.played),
      seenText(seen(turn.played)),
      markText && " ",
      markText && h("span", { class: "tgw-mark tgw-judged", "data-mark": turn.mark ?? undefined }, markText),
    ),
    // The board keeps the perspective's numbers: another player's plays are also
    // written as it numbers them, and the note says so.
    Object.keys(turn.seen).length > 0 &&
      h("div", { class: "tgw-note", "data-role": "seen-note" }, format(say("seen_note"), { name })),
    h(
      "div",
      { class: "tgw-note" },
      asGoodAsBest(turn.loss)
        ? say(cube ? "best_cube_action" : "best_play")
        : format(say(cube ? "lost_cube_action" : "lost_play"), {
            // A cube decision is rated per point of the cube, as Hints rates it.
            points: cube
              ? format(say("points_per_cube_of"), { points: fixed(turn.loss, 3, words) })
              : points(turn.loss, words),
          }),
      cube ? "" : ` · ${format(say("luck_of"), { luck: equity(turn.luck, words) })}`,
    ),
    cube && h("div", { class: "tgw-note", "data-role": "cube-why" }, say("cube_review_why")),
    turn.by === "rollout" && h("div", { class: "tgw-note", "data-role": "turn-by" }, say("turn_by_rollout")),
    ...stopped.map((stop) =>
      h("div", { class: "tgw-note", "data-role": "stopped-here" }, `${say("stop_here")}: ${stopText(stop, words)}`),
    ),
    h(
      "div",
      { class: "tgw-best-head", "aria-hidden": "true" },
      h("span", {}, "#"),
      h("span", {}, say(cube ? "cube_action" : "play")),
      cube
        ? h("span", { title: say("points_per_cube_tip") }, say("points_per_cube"))
        : h("span", { title: say("equity_tip") }, say("points_per_game")),
      h("span", { title: say("loss_best_tip") }, say("loss")),
    ),
    h(
      "ol",
      {
        class: "tgw-best-plays",
        "aria-label": format(say(cube ? "best_cube_actions_of" : "best_plays_of"), { turn: String(turn.ply) }),
      },
      ...rows,
    ),
    !cube &&
      turn.loss > 0 &&
      turn.chances.length === 2 &&
      h(
        "p",
        { class: "tgw-note", "data-role": "compared" },
        compared(turn.best[0], { text: turn.played, win: turn.chances[0], gammon: turn.chances[1] }, words),
      ),
    !cube && v.facts[turn.played] && h("p", { class: "tgw-note", "data-role": "facts-note" }, say("facts_note")),
  );
}
