// The analysis panel: hints (this roll's plays ranked) and chances (every player's odds
// from the position). The net's figures come at once, labelled as the net's; a rollout
// runs in the background (progress, Cancel) and, once done, its figures replace them
// whole, labelled as the rollout's: a list never mixes sources.

import { button, diceText, factsLine, h, on, seenText, setChildren, setText, swatch } from "../dom";
import type { Analysis, CubeAdvice, CubeRow, HintRow, Intent, Source, View } from "../protocol";
import { about, counted, fill, fixed, format, type Word, type Words, word } from "../words";
import "./analysis.css";

/** The status line's word for each kind and state of an analysis. */
const KIND_WORDS = { hints: "kind_hints", chances: "kind_chances", cube: "kind_cube" } as const satisfies Record<
  Analysis["kind"],
  Word
>;
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
  if (!finite(e)) return "–";
  const shown = fixed(Math.abs(e), 3, words);
  // What rounds to nought has no sign: walk 28 read "−0.000".
  return Math.abs(e) < 0.0005 ? shown : `${e < 0 ? "−" : "+"}${shown}`;
}

/** Whether a loss shows as none: below what three decimals can show. */
export function asGoodAsBest(l: number): boolean {
  return l < 0.0005;
}

/** What a play loses against the best, as "−0.045" ("best" for none). */
export function loss(l: number | undefined, words: Words): string {
  return !finite(l) ? "–" : asGoodAsBest(l) ? word(words, "best") : `−${fixed(l, 3, words)}`;
}

/** A 95% interval's half-width beneath a figure of a rollout: "±0.013" (`digits`
 *  decimals of `scale` times the standard error times `z95`, the source's multiple). */
function plusMinus(error: number, z95: number, scale: number, digits: number, words: Words): HTMLElement {
  const half = finite(error) ? fixed(z95 * error * scale, digits, words) : "?";
  // A win chance's interval in percentage points, as its figure: ±0.8%.
  return h("span", { class: "tgw-pm", title: word(words, "plus_minus_tip") }, `±${half}${scale === 100 ? "%" : ""}`);
}

/** A player's name as the board shows it. */
function name(v: View, player: number): string {
  return v.names[player] ?? String(player + 1);
}

/** Who the figures' net is, as the note names it. */
export function byNet(source: Source, words: Words): string {
  return source.net === "gnubg" ? word(words, "gnubg_net") : format(word(words, "the_net_named"), { net: source.net });
}

/** How far the net looked: "looking 1 roll ahead", or the position as it stands. */
function ahead(source: Source, words: Words): string {
  return source.ply ? counted(words, "plies_ahead", source.ply) : word(words, "ply_none");
}

/** Where the figures come from: the net at its ply, or a rollout of so many games. */
function sourceText(source: Source, words: Words, plays: boolean): string {
  const by = byNet(source, words);
  if (source.kind === "net") {
    return format(word(words, "source_net"), { by, ply: String(source.ply), ahead: ahead(source, words) });
  }
  const cut = source.truncate
    ? format(word(words, "cut_after"), { turns: String(source.truncate), by })
    : format(word(words, "whole_games"), { by });
  return format(word(words, plays ? "source_rollout" : "source_rollout_one"), {
    games: String(source.games),
    cut,
    plain: percent(source.plain, words),
  });
}

export class AnalysisPanel {
  readonly element: HTMLElement;
  /** The lists of plays (ranked, and the others): a hint previews and plays from here. */
  readonly hintsList: HTMLDivElement;
  private readonly hintsButton: HTMLButtonElement;
  private readonly chancesButton: HTMLButtonElement;
  private readonly state: HTMLSpanElement;
  private readonly running: HTMLDivElement;
  private readonly progress: HTMLProgressElement;
  private readonly progressText: HTMLSpanElement;
  /** The answer's lines; Chances counted after a play name it there, previewed on
   *  hover (walk 38 read chances of a position the board did not show). */
  readonly note: HTMLDivElement;
  /** Under a list of plays, how its figures were made: the answer comes first (walks 33
   *  and 34 met the rollout's method before the ranked list, low in the window). */
  private readonly method: HTMLDivElement;
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
    this.note = h("div", { class: "tgw-note", "data-role": "summary" });
    this.method = h("div", { class: "tgw-note", "data-role": "method" });
    this.hintsList = h("div", { class: "tgw-hints-lists" });
    this.results = h("div", { class: "tgw-results" });
    this.element = h(
      "section",
      { class: "tgw-panel tgw-analysis-panel" },
      h("header", { class: "tgw-panel-head" }, this.heading, this.state),
      h("div", { class: "tgw-group" }, this.hintsButton, this.chancesButton),
      this.note,
      this.running,
      this.results,
      this.method,
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
    setText(this.chancesButton, say("chances"));
    this.chancesButton.title = say("chances_tip");
    setText(this.cancel, say("cancel"));
    this.progress.setAttribute("aria-label", say("rollout_progress"));
    const a = v.analysis;
    const play = v.mode === "play";
    const running = a?.status === "running";
    // Hints before the roll are the cube's advice, at a cube decision (R14), a kept
    // game's too: a look changes nothing.
    const cubeDecision = !v.dice && !!v.cube?.decision;
    // Before a roll with no cube decision, the panel says why Hints wait (walk 11 met a
    // greyed Hints in the Crawford game and after its double was taken).
    const waiting = play && !v.dice && !cubeDecision && !v.win;
    const wait = v.cube ? "hints_wait_cube" : "hints_wait";
    this.hintsButton.disabled = !play || !(v.dice || cubeDecision) || !!v.win || running;
    this.hintsButton.title = say(waiting ? wait : "hints_tip");
    this.chancesButton.disabled = !play || !!v.win || running;
    this.element.dataset.status = a ? a.status : "none";
    this.element.dataset.kind = a ? a.kind : "none";
    this.element.dataset.source = a ? a.source.kind : "none";
    setText(this.state, a ? `${say(KIND_WORDS[a.kind])} · ${say(STATUS_WORDS[a.status])}` : "");

    this.running.hidden = !running;
    if (running && a) {
      this.progress.max = Math.max(1, a.total);
      this.progress.value = Math.min(a.done, this.progress.max);
      const done = a.kind === "chances" ? "games_done_chances" : "games_done";
      setText(this.progressText, format(say(done), { done: String(a.done), total: String(a.total) }));
    }

    // The figures change far less often than the progress: rebuilt only when they change
    // (a row rebuilt under the pointer would lose its hover preview), and never while a
    // rollout runs, whose figures replace the net's whole once it is done.
    const { done: _done, total: _total, ...figures } = a ?? { done: 0, total: 0 };
    const key = JSON.stringify([
      figures,
      v.names,
      v.colors,
      v.turn,
      v.you,
      a?.kind === "cube" ? null : plays,
      waiting && wait,
      words,
      !!v.tutor.warning, // the play made's tag: held while the tutor holds it
      v.tutor.on && v.tutor.threshold,
    ]);
    if (key === this.shownKey) return;
    this.shownKey = key;
    this.note.removeAttribute("data-kind");
    const lines: (string | (Node | string)[])[] = [];
    const method: string[] = [];
    if (!a) {
      if (waiting && wait === "hints_wait") lines.push(say("hints_wait_chances"));
      else {
        if (play) lines.push(say("analysis_note"));
        if (waiting) lines.push(say(wait));
      }
      setChildren(this.results);
    } else if (a.status === "failed") {
      lines.push(a.error || say("analysis_failed"));
      this.note.dataset.kind = "error";
      setChildren(this.results);
    } else if (a.kind === "cube" && a.cube) {
      const cube = a.cube;
      lines.push(format(about(words, "for_player", cube.decider, v.you), { name: name(v, cube.decider) }));
      lines.push(sourceText(a.source, words, false));
      lines.push(say(cube.question === "take" ? "cube_question_take" : "cube_question_double"));
      setChildren(this.results, this.renderCube(v, cube, a.source));
    } else {
      const hints = a.kind === "hints";
      const rolled = a.source.kind === "rollout";
      if (hints) lines.push(format(about(words, "for_player", v.turn, v.you), { name: name(v, v.turn) }));
      else {
        // What the chances count: the roll under way, played as Hints' or the net's best
        // play (Python's `counted`), or none.
        const dice = a.rolled ?? [];
        const key = !dice.length
          ? "chances_before_roll"
          : a.counted_by === "rollout"
            ? "chances_after_rolled_play"
            : "chances_after_play";
        const said = { name: name(v, v.turn), dice: diceText(dice), play: countedPlay(a, plays, words) };
        lines.push(fill(about(words, key, v.turn, v.you), said));
      }
      method.push(sourceText(a.source, words, hints));
      if (hints && v.cube) method.push(say("hints_cubeless"));
      if (!hints && rolled && a.counted_by === "rollout") lines.push(say("chances_same_dice"));
      if (running) lines.push(say(hints ? "rolling_out" : "rolling_out_chances"));
      if (a.status === "cancelled") {
        lines.push(
          rolled ? format(say("rollout_cancelled"), { games: String(a.source.games) }) : say("rollout_cancelled_none"),
        );
        this.note.dataset.kind = "partial";
      }
      const rows = a.hints ?? [];
      if (hints && rolled && rows.length > 1) {
        lines.push(verdict(a, rows, words));
        method.push(verdictMethod(a, rows[1], words));
      }
      const held = !!v.tutor.warning;
      // The play made (or held, or taken back) where the rollout ranks it below the first.
      const made = hints && rolled ? rows.find((row, rank) => rank > 0 && row.text === a.played) : undefined;
      if (made) {
        lines.push(playedVerdict(a, rows[0], made, words, v.tutor.on ? v.tutor.threshold : null, held));
        lines.push(compared(rows[0], made, words));
      }
      if (hints && a.wins_differ) lines.push(say("ranked_by_points"));
      setChildren(this.results, hints ? this.renderHints(a, plays, v, held) : this.renderChances(v, a));
    }
    setChildren(this.note, ...lines.map((line) => h("p", {}, ...(typeof line === "string" ? [line] : line))));
    this.note.hidden = !lines.length;
    // A rollout's method folds away under its one-line source (walk 35 counted five
    // paragraphs of method around the list); the net's is one line.
    const paragraphs = method.map((line) => h("p", {}, line));
    const folded = a?.source.kind === "rollout";
    const games = { games: String(a?.source.games ?? 0) };
    const fold = a?.kind === "hints" ? "method_rollout" : "method_rollout_one";
    const summary = h("summary", {}, format(word(words, fold), games));
    setChildren(this.method, ...(folded ? [h("details", {}, summary, ...paragraphs)] : paragraphs));
    this.method.hidden = !method.length;
  }

  private renderHints(
    a: Analysis,
    plays: readonly string[],
    v: Pick<View, "seen" | "facts" | "why">,
    held: boolean,
  ): HTMLElement {
    const { seen, facts, why } = v;
    const words = this.words;
    const where = new Map(plays.map((text, index) => [text, index]));
    const rolled = a.source.kind === "rollout";
    const [tag, tip] = playedTag(a, held);
    const z = a.source.z95;
    // A play not rolled out (`netOnly`) shows only its loss against the net's own best:
    // the eighth walk read its net equity above the rollout's best as a better play.
    const row = (hint: HintRow, rank: number | null, errors: boolean, netOnly = false): HTMLElement => {
      const index = where.get(hint.text);
      const known = index !== undefined;
      const played = hint.text === a.played;
      return h(
        "li",
        { class: played ? "tgw-played" : undefined },
        h(
          "button",
          {
            type: "button",
            class: "tgw-row tgw-hint-play",
            "data-preview": known ? "" : undefined,
            "data-index": index,
            disabled: !known,
            title: netOnly ? word(words, "net_scale_tip") : undefined,
          },
          // Spaces between the parts: grid layout drops them, copied text keeps them.
          h("span", { class: "tgw-ply" }, rank === null ? "" : `${rank}.`),
          " ",
          h(
            "span",
            { class: "tgw-notation" },
            hint.text,
            seenText(seen[hint.text]),
            played && " ", // copied text reads "19/22 held", not "19/22held" (walk 39)
            played && h("span", { class: "tgw-tag", title: word(words, tip) }, word(words, tag)),
          ),
          " ",
          h(
            "span",
            { class: "tgw-equity" },
            netOnly ? "" : equity(hint.equity, words),
            errors && plusMinus(hint.equity_error, z, 1, 3, words),
          ),
          " ",
          // Too close to call, the first is not named best (walk 32 read "best" under
          // the verdict that no best is named).
          rank === 1 && a.separated === false
            ? h("span", { class: "tgw-loss", title: word(words, "first_close_tip") }, word(words, "first_close"))
            : h(
                "span",
                { class: "tgw-loss" },
                // Only the first row is the best: a later one level with it reads 0.000
                // (walk 37 read "first" on row 1 and "best" on row 2).
                rank !== null && rank > 1 && asGoodAsBest(hint.loss) ? fixed(0, 3, words) : loss(hint.loss, words),
                errors && (rank ?? 0) > 1 && plusMinus(hint.loss_error, z, 1, 3, words),
              ),
          " ",
          h(
            "span",
            { class: "tgw-win" },
            netOnly ? "" : percent(hint.win, words),
            errors && plusMinus(hint.win_error, z, 100, 1, words),
          ),
          factsLine(facts[hint.text], why[hint.text]),
        ),
      );
    };
    const ranked = h(
      "ol",
      { class: "tgw-list tgw-hints", "aria-label": word(words, "plays_ranked") },
      ...(a.hints ?? []).map((hint, rank) => row(hint, rank + 1, rolled)),
    );
    const others = a.others ?? [];
    const more =
      others.length > 0 &&
      h(
        "details",
        { class: "tgw-others" },
        h(
          "summary",
          {},
          format(word(words, "other_plays"), { by: byNet(a.source, words), count: String(others.length) }),
        ),
        h("ol", { class: "tgw-list tgw-hints" }, ...others.map((hint) => row(hint, null, false, true))),
      );
    const explained =
      (a.hints ?? []).some((hint) => facts[hint.text]) &&
      h("p", { class: "tgw-note", "data-role": "facts-note" }, word(words, "facts_note"));
    setChildren(this.hintsList, hintsHead(words), ranked, explained, more);
    return h("div", { class: "tgw-hints-table" }, this.hintsList);
  }

  /** A cube decision as GNU Backgammon shows it: the decider's choices in points per
   *  cube, each against the proper action; the proper action, the take point and the
   *  cubeless chances beneath. */
  private renderCube(v: View, cube: CubeAdvice, source: Source): HTMLElement {
    const words = this.words;
    const say = (key: Word): string => word(words, key);
    const rows = cube.rows.map((row) =>
      h(
        "tr",
        { "data-action": row.action, "data-best": row.action === cube.best ? "" : undefined },
        h("th", { scope: "row" }, row.text),
        h("td", { class: "tgw-equity" }, equity(row.equity, words)),
        h(
          "td",
          { class: "tgw-loss", title: row.unanswered ? say("they_would_tip") : undefined },
          versusProper(cube, row, words),
        ),
      ),
    );
    const taker = 1 - cube.doubler;
    const chances = cube.wins
      .map((wins, player) =>
        format(about(words, "player_wins", player, v.you), {
          name: name(v, player),
          wins: percent(wins, words),
          // the gammons a player wins are those the other loses (cube.gammons: lost)
          gammons: percent(cube.gammons[1 - player], words),
        }),
      )
      .join(", ");
    return h(
      "div",
      { class: "tgw-cube-advice" },
      h(
        "table",
        { class: "tgw-table tgw-cube-actions", "aria-label": say("cube_actions_ranked") },
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            h("th", { scope: "col" }, say("cube_action")),
            h("th", { scope: "col", title: say("points_per_cube_tip") }, say("points_per_cube")),
            h("th", { scope: "col", title: say("versus_proper_tip") }, say("versus_proper")),
          ),
        ),
        h("tbody", {}, ...rows),
      ),
      // At a take or pass, the answer first: "Double, take" alone read as advice to double.
      cube.question === "take" &&
        h(
          "p",
          { "data-role": "proper-answer" },
          format(say("proper_answer"), { action: cube.rows.find((row) => row.action === cube.best)?.text ?? "" }),
        ),
      // At a take, the proper action is both sides': it also judges the double itself.
      h(
        "p",
        { "data-role": "proper" },
        format(say(cube.question === "take" ? "proper_action_both" : "proper_action"), { action: cube.proper }),
        " ",
        h("span", { class: "tgw-partial", "data-role": "proper-meaning" }, cube.proper_meaning),
      ),
      // Why a taken double scores below playing on, right under the answer (walk 47
      // read the figures as a sign error with the reason four notes down).
      givesAway(v, cube, words),
      aboveProper(cube, words),
      cubeUnit(v, cube, words),
      h(
        "p",
        { "data-role": "take-point" },
        // A take point of 0: passing loses the match (the match panel's score says why).
        format(about(words, cube.take_point > 0 ? "take_point" : "take_point_any", taker, v.you), {
          point: percent(cube.take_point, words),
          name: name(v, taker),
        }),
        cube.take_point > 0 && " ",
        cube.take_point > 0 &&
          h("span", { class: "tgw-partial", "data-role": "take-point-own" }, say("take_point_own")),
      ),
      cube.take_point_note &&
        h(
          "p",
          { "data-role": "take-point-why", "data-note": cube.take_point_note },
          say(cube.take_point_note === "close" ? "take_point_close" : "take_point_differs"),
        ),
      h(
        "p",
        { "data-role": "cubeless" },
        format(say("cubeless_chances"), { by: byNet(source, words), ahead: ahead(source, words), chances }),
      ),
      gammonsNote(v, cube, words),
    );
  }

  private renderChances(v: View, a: Analysis): HTMLElement {
    const words = this.words;
    const say = (key: Word): string => word(words, key);
    const wins = a.wins ?? [];
    const rolled = a.source.kind === "rollout";
    const rows = wins.flatMap((win, player) => {
      const gammon = a.gammons?.[player];
      const winError = a.win_errors?.[player] ?? 0;
      const half = a.source.z95 * winError;
      return [
        h(
          "tr",
          { "data-player": player },
          h("th", { scope: "row" }, swatch(v.colors[player]), v.names[player] ?? String(player + 1)),
          h(
            "td",
            { class: "tgw-win" },
            percent(win, words),
            rolled && plusMinus(winError, a.source.z95, 100, 1, words),
          ),
          h("td", {}, percent(gammon, words)),
          h(
            "td",
            { class: "tgw-equity" },
            equity(a.equities?.[player], words),
            rolled && plusMinus(a.equity_errors?.[player] ?? 0, a.source.z95, 1, 3, words),
          ),
        ),
        h(
          "tr",
          { class: "tgw-bar-row", "aria-hidden": "true" },
          h("td", { colspan: 4 }, chanceBar(v.colors[player], win, gammon, rolled ? [win - half, win + half] : null)),
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
      h("caption", { class: "tgw-caption" }, say("chances_bars")),
    );
  }
}

/** The rollout's verdict on its two best plays, in plain words: the best by so much, or
 *  too close to call (walk 47 found its test, in standard errors, too technical). */
function verdict(a: Analysis, rows: readonly HintRow[], words: Words): string {
  const [best, second] = rows;
  const fields = {
    play: best.text,
    second: second.text,
    gap: fixed(second.loss, 3, words),
    error: fixed(a.source.z95 * second.loss_error, 3, words),
  };
  return format(word(words, a.separated ? "verdict_best" : "verdict_close"), fields);
}

/** The verdict's test, in the method's fold: the gap the rollout needs, this gap's own. */
function verdictMethod(a: Analysis, second: HintRow, words: Words): string {
  return format(word(words, "verdict_method"), {
    needed: fixed((a.separation ?? 0) * second.loss_error, 3, words),
    times: fixed(a.separation ?? 0, 0, words),
  });
}

/** Where a play's loss comes from: the chances after the better play and after it, by
 *  the same judge (walk 32 read the same blot and hit count under both plays). */
export function compared(best: HintRow, made: Pick<HintRow, "text" | "win" | "gammon">, words: Words): string {
  return format(word(words, "compared"), {
    best: best.text,
    best_win: percent(best.win, words),
    best_gammon: percent(best.gammon, words),
    play: made.text,
    win: percent(made.win, words),
    gammon: percent(made.gammon, words),
  });
}

/** The tag of the play made (and its tip): held by the tutor while it waits for an
 *  answer (walk 33 read "(played)" beside "the tutor holds this play"), taken back, or
 *  played. */
function playedTag(a: Analysis, held: boolean): [Word, Word] {
  if (held) return ["held", "held_tip"];
  return a.taken_back ? ["taken_back", "taken_back_tip"] : ["played", "played_tip"];
}

/** What the rollout says of the play made or taken back, when it is not the best:
 *  lesson 06 sends a learner to Hints to see why the tutor held it (walk 15). */
function playedVerdict(
  a: Analysis,
  best: HintRow,
  row: HintRow,
  words: Words,
  threshold: number | null,
  held: boolean,
): string {
  const error = a.source.z95 * row.loss_error;
  const fields = {
    play: row.text,
    tag: word(words, playedTag(a, held)[0]),
    best: best.text,
    loss: fixed(row.loss, 3, words),
    error: fixed(error, 3, words),
  };
  const said = format(word(words, row.loss > error ? "verdict_played" : "verdict_played_even"), fields);
  // A play the tutor stopped that the rollout puts clearly under the tutor's line: say
  // so, or the learner is left between "bad" and a small loss (walk 21).
  const cleared = a.taken_back && threshold !== null && row.loss + error < threshold;
  if (!cleared) return said;
  return `${said} ${format(word(words, "verdict_tutor_cleared"), { threshold: fixed(threshold, 2, words) })}`;
}

/** Where the decider's points without a double and their win chance point different
 *  ways (Python's `gammons_differ`), the gammons are why. */
function gammonsNote(v: View, cube: CubeAdvice, words: Words): HTMLElement | null {
  if (!cube.gammons_differ) return null;
  const decider = cube.decider;
  const other = 1 - decider;
  return h(
    "p",
    { "data-role": "gammons" },
    format(about(words, "cube_gammons", decider, v.you), {
      name: name(v, decider),
      lost: percent(cube.gammons[decider], words),
      won: percent(cube.gammons[other], words),
    }),
  );
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

/** Why a row scores more than the proper action yet is not it: the taker's answer
 *  decides (the double passed, or taken, when it should not be); none where no row is
 *  above the proper one. */
function aboveProper(cube: CubeAdvice, words: Words): HTMLElement | null {
  const above = cube.rows.find((row) => row.action !== cube.best && row.diff > 0);
  if (!above) return null;
  const key = above.action === "double, pass" ? "above_proper" : "above_proper_take";
  const taken = cube.rows.find((row) => row.action === "double, take")?.text ?? "";
  return h(
    "p",
    { class: "tgw-note", "data-role": "above-proper" },
    format(word(words, key), { row: above.text, taken }),
  );
}

/** The play Chances were counted after, as a previewable play of the roll (the board
 *  shows the position before it). */
function countedPlay(a: Analysis, plays: readonly string[], words: Words): HTMLElement {
  const index = plays.indexOf(a.counted ?? "");
  const known = index >= 0;
  return h(
    "span",
    {
      class: "tgw-counted",
      "data-preview": known ? "" : undefined,
      "data-index": known ? index : undefined,
      tabindex: known ? 0 : undefined,
      title: known ? word(words, "counted_tip") : undefined,
    },
    a.counted ?? "",
  );
}

/** The table's unit made concrete: the rows of a taken and a passed double, each the
 *  game's points with the double counted in, per point of the cube now (walks 39 and 40
 *  read the unit two ways). */
function cubeUnit(v: View, cube: CubeAdvice, words: Words): HTMLElement | null {
  const taken = cube.rows.find((row) => row.action === "double, take" || row.action === "take");
  const passed = cube.rows.find((row) => row.action === "double, pass" || row.action === "pass");
  const value = v.cube?.value;
  if (!taken || !passed || !value) return null;
  return h(
    "p",
    { class: "tgw-note", "data-role": "cube-unit" },
    format(word(words, value === 1 ? "cube_unit_one" : "cube_unit"), {
      value: String(value),
      taken: taken.text,
      points: equity(value * taken.equity, words),
      doubled: String(2 * value),
      passed: passed.text,
      passed_points: equity(value * passed.equity, words),
    }),
  );
}

/** Why a double the taker should take scores below playing on: it comes early, and the
 *  cube changes hands (walk 38 read "Double, take −0.245" at 53% to win as a fault; walk
 *  48 read "although you are the favourite (50.0%)", so it is said at any chance). */
function givesAway(v: View, cube: CubeAdvice, words: Words): HTMLElement | null {
  if (cube.question !== "double") return null;
  const kept = cube.rows.find((row) => row.action === "no double");
  const taken = cube.rows.find((row) => row.action === "double, take");
  const doubler = cube.doubler;
  if (!kept || !taken || taken.unanswered || taken.equity >= kept.equity) return null;
  return h(
    "p",
    { class: "tgw-note", "data-role": "gives-away" },
    format(about(words, "cube_gives_away", doubler, v.you), {
      taken: taken.text,
      taken_points: equity(taken.equity, words),
      kept: kept.text,
      kept_points: equity(kept.equity, words),
      name: name(v, doubler),
      wins: percent(cube.wins[doubler] ?? 0, words),
      taker: name(v, 1 - doubler),
      doubled: String(2 * (v.cube?.value ?? 1)),
      take_point: percent(cube.take_point, words),
      their_wins: percent(cube.wins[1 - doubler] ?? 0, words),
    }),
  );
}

/** A row's "Vs proper" cell: "best", its distance from the proper action, or, for the
 *  row the taker's answer rules out, no figure (a pass the taker would not give is no
 *  gain for the doubler). */
function versusProper(cube: CubeAdvice, row: CubeRow, words: Words): string {
  if (row.action === cube.best) return word(words, "best");
  if (row.unanswered) return word(words, row.action === "double, pass" ? "they_would_take" : "they_would_pass");
  return equity(row.diff, words);
}
