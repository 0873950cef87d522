// The toolbar: whose turn it is (status), the turn's buttons (roll, set dice, undo,
// confirm), the cube's (double, take, pass: classic, R14), the seat at the bottom, and
// the edit-mode switch.

import {
  button,
  diceText,
  dieFaces,
  h,
  numeric,
  on,
  playerOptions,
  select,
  setChildren,
  setOptions,
  swatch,
} from "../dom";
import { keptGame } from "../navigation";
import type { Intent, View } from "../protocol";
import { about, fill, format, type Word, type Words, word } from "../words";
import "./toolbar.css";

/** The dice selectors' blank: no die chosen yet. */
const NO_DIE: [string, string][] = [["", "–"]];

export interface ToolbarActions {
  send(intent: Intent): void;
  /** Enter or leave edit mode. */
  toggleEdit(): void;
}

export class Toolbar {
  readonly element: HTMLDivElement;
  private readonly status = h("div", { class: "tgw-status", "aria-live": "polite" });
  private readonly statusRow = h("div", { class: "tgw-status-row" }, this.status);
  private readonly viewGroup: HTMLDivElement;
  private readonly playBar: HTMLDivElement;
  private readonly roll = button("", { "data-action": "roll" });
  private readonly die1 = select(NO_DIE.concat(dieFaces()), { "data-role": "die1" });
  private readonly die2 = select(NO_DIE.concat(dieFaces()), { "data-role": "die2" });
  /** Whether the last view could roll: a new roll starts with no die chosen. */
  private couldRoll = false;
  private readonly setDice = button("", { "data-action": "set-dice" });
  private readonly undo = button("", { "data-action": "undo" });
  private readonly confirm = button("", { "data-action": "confirm" });
  private readonly cubeBar: HTMLDivElement;
  private readonly diceSet: HTMLSpanElement;
  private readonly double = button("", { "data-action": "double" });
  private readonly take = button("", { "data-action": "take" });
  private readonly pass = button("", { "data-action": "drop" });
  private readonly perspective = select([], { "data-role": "perspective" });
  private readonly viewAs = h("label", { class: "tgw-label" });
  private readonly edit = button("", { "data-action": "edit", "aria-pressed": "false" });
  private said: Words | null = null;

  constructor(actions: ToolbarActions, signal: AbortSignal) {
    this.diceSet = h("span", { class: "tgw-dice-set" }, this.die1, this.die2, this.setDice);
    this.playBar = h("div", { class: "tgw-group", role: "group" }, this.roll, this.diceSet, this.undo, this.confirm);
    this.cubeBar = h("div", { class: "tgw-group", role: "group" }, this.double, this.take, this.pass);
    this.viewGroup = h("div", { class: "tgw-group tgw-view-group" }, this.viewAs, this.edit);
    this.element = h("div", { class: "tgw-toolbar" }, this.statusRow, this.playBar, this.cubeBar, this.viewGroup);
    const { send } = actions;
    on(this.roll, "click", () => send({ action: "roll" }), signal);
    on(
      this.setDice,
      "click",
      () => send({ action: "set_dice", die1: numeric(this.die1), die2: numeric(this.die2) }),
      signal,
    );
    for (const die of [this.die1, this.die2]) on(die, "change", () => this.choseDice(), signal);
    on(this.undo, "click", () => send({ action: "undo_move" }), signal);
    on(this.confirm, "click", () => send({ action: "confirm" }), signal);
    on(this.double, "click", () => send({ action: "double" }), signal);
    on(this.take, "click", () => send({ action: "take" }), signal);
    on(this.pass, "click", () => send({ action: "drop" }), signal);
    on(
      this.perspective,
      "change",
      () => send({ action: "set_perspective", player: numeric(this.perspective) }),
      signal,
    );
    on(this.edit, "click", () => actions.toggleEdit(), signal);
  }

  /** A control at the end of the status row (the Export menu): it never wraps away. */
  addStatusAside(control: HTMLElement): void {
    this.statusRow.append(control);
  }

  /** A control after the view's (the tutor's toggle). */
  addView(control: HTMLElement): void {
    this.viewGroup.append(control);
  }

  /** The toolbar's words in the board's language, set again only when they change. */
  private label(words: Words): void {
    if (words === this.said) return;
    this.said = words;
    const say = (key: Word): string => word(words, key);
    const labels: [HTMLElement, Word][] = [
      [this.roll, "roll"],
      [this.setDice, "set_dice"],
      [this.undo, "undo_move"],
      [this.confirm, "confirm"],
      [this.double, "double"],
      [this.take, "take"],
      [this.pass, "pass"],
    ];
    for (const [element, key] of labels) element.textContent = say(key);
    this.die1.setAttribute("aria-label", say("first_die"));
    this.die2.setAttribute("aria-label", say("second_die"));
    this.perspective.setAttribute("aria-label", say("seat_at_bottom"));
    this.playBar.setAttribute("aria-label", say("turn"));
    this.cubeBar.setAttribute("aria-label", say("cube_group"));
    setChildren(this.viewAs, ...fill(say("view_as"), { seat: this.perspective }));
  }

  /** `checking`: the tutor is looking at the play, which Confirm would send again. */
  render(v: View, words: Words, checking = false): void {
    const play = v.mode === "play";
    this.label(words);
    this.renderStatus(v, words);
    // One line that never wraps: cut short, it is whole in its tooltip.
    this.status.title = this.status.textContent ?? "";
    this.playBar.hidden = !play;
    // The person's next action is the one primary button (Python's `primary`): none on a
    // bot's turn, none at a cube decision (no button gives the answer away).
    this.roll.disabled = !v.can_roll;
    this.roll.classList.toggle("tgw-primary", v.primary === "roll");
    this.die1.disabled = this.die2.disabled = !v.can_roll;
    // Rolled, the (disabled) dice selectors show the dice rolled, in the order the status
    // says them ("6-4"); a new roll starts with none chosen, not the last roll's.
    if (!v.can_roll) {
      const [high, low] = [...(v.dice ?? [])].sort((a, b) => b - a);
      [this.die1.value, this.die2.value] = [String(high ?? ""), String(low ?? "")];
    } else if (!this.couldRoll) this.die1.value = this.die2.value = "";
    this.couldRoll = v.can_roll;
    this.choseDice();
    // A drilled card comes with its dice: nothing to roll or set while it is shown.
    this.roll.hidden = this.diceSet.hidden = !!v.drill?.card?.shown;
    this.undo.disabled = !v.can_undo_move;
    this.confirm.disabled = !v.can_confirm || checking;
    this.confirm.classList.toggle("tgw-primary", v.primary === "confirm");
    const cube = v.cube;
    this.cubeBar.hidden = !play || !cube;
    this.double.disabled = !cube?.can_double;
    // Greyed, Double says why (walk 13 met it greyed in the Crawford game, unexplained).
    const why = cube?.can_double
      ? "double_tip"
      : v.match?.crawford
        ? "double_crawford"
        : cube && cube.owner !== null && cube.owner !== v.turn
          ? "double_not_yours"
          : "double_tip";
    this.double.title = word(words, why);
    this.take.disabled = this.pass.disabled = !cube?.can_answer;
    setOptions(this.perspective, playerOptions(v.names));
    this.perspective.value = String(v.perspective);
    this.edit.textContent = word(words, play ? "edit_position" : "done_editing");
    this.edit.setAttribute("aria-pressed", String(!play));
  }

  /** Set dice waits for both dice. */
  private choseDice(): void {
    this.setDice.disabled = this.die1.disabled || !this.die1.value || !this.die2.value;
  }

  private renderStatus(v: View, words: Words): void {
    const say = (key: Word): string => word(words, key);
    const name = (player: number): string => v.names[player] ?? String(player + 1);
    const win = v.win;
    if (win) {
      // Python's words (session: the one wording of every ending), the winner in bold.
      const winner = name(win.winner);
      const rest = win.text.startsWith(winner) ? win.text.slice(winner.length) : ` — ${win.text}`;
      setChildren(this.status, swatch(v.colors[win.winner]), h("strong", {}, winner), rest);
      return;
    }
    const drill = v.drill;
    if (drill?.card?.shown && drill.verdict) {
      // The card is answered: the board shows the position after the answer, whose
      // player to roll is nobody's concern in a drill.
      setChildren(this.status, ...fill(say("drill_judged"), { id: h("strong", {}, String(drill.card.id)) }));
      return;
    }
    if (v.mode === "play" && v.cube?.offered) {
      const taker = 1 - v.turn;
      const key = taker === v.you ? "doubled_to_you" : "doubled";
      const doubled = fill(about(words, key, v.turn, v.you), {
        who: name(v.turn),
        value: String(2 * v.cube.value),
        other: h("strong", {}, name(1 - v.turn)),
      });
      // An old double in the history reads as one, not as a question asked now.
      const back = lookingBack(v);
      const aside = back && h("span", { class: "tgw-partial" }, ` · ${say(back)}`);
      setChildren(this.status, swatch(v.colors[v.turn]), ...doubled, aside);
      return;
    }
    const play = v.mode === "play";
    const who = h("strong", {}, name(v.turn));
    const state = !play ? "to_move_setup" : v.dice ? "to_move" : "to_roll";
    const parts: (Node | string)[] = [swatch(v.colors[v.turn]), ...fill(about(words, state, v.turn, v.you), { who })];
    if (v.dice) parts.push(" ", h("span", { class: "tgw-dice" }, diceText(v.dice)));
    const aside = (text: string) => parts.push(h("span", { class: "tgw-partial" }, ` · ${text}`));
    const back = lookingBack(v);
    if (back) aside(say(back));
    // Dice left that no move can use: said so, rather than "1 left" beside a lit Confirm,
    // by R8 when checkers on the bar cannot enter with them (walk 11), else by R9.
    const unplayable = v.entering ? "dice_unplayable_bar" : "dice_unplayable";
    if (play && v.dice && v.partial) {
      aside(format(say("played_so_far"), { play: v.partial }));
      if (v.tutor.warning) aside(say("tutor_holds"));
      else if (!v.remaining.length) aside(say("confirm_ends"));
      else aside(format(say(v.can_confirm ? unplayable : "dice_left"), { dice: diceText(v.remaining) }));
    } else if (play && v.dice && v.tutor.warning) {
      // A listed play held: said as a play made by hand is (walks 16 and 35).
      aside(format(say("played_so_far"), { play: v.tutor.warning.played }));
      aside(say("tutor_holds"));
    } else if (play && v.dice && v.can_confirm) {
      // No move at all (the ninth walk read only "Your move 5-3" with Confirm lit).
      aside(format(say(unplayable), { dice: diceText(v.remaining) }));
    }

    setChildren(this.status, ...parts);
  }
}

/** What an earlier turn is, said beside the status: a kept game's, or one where another
 *  play starts a variation; null at the line's end. */
function lookingBack(v: View): Word | null {
  if (v.mode !== "play") return null;
  if (keptGame(v)) return "played_game";
  return v.ply < v.plies ? "earlier_turn" : null;
}
