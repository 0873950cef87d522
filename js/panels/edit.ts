// The edit panel (edit mode): whose checkers clicks place, who is to move, the set-up's
// dice, start position and clear, and the position's ID.

import { button, dieFaces, h, numeric, on, playerOptions, select, setChildren, setOptions, setText } from "../dom";
import type { Intent, View } from "../protocol";
import { fill, type Word, type Words, word } from "../words";
import "./edit.css";

const NO_DIE: [string, string] = ["", "–"];

export class EditPanel {
  readonly element: HTMLDivElement;
  private readonly player = select([], { "data-role": "edit-player" });
  private readonly turn = select([], { "data-role": "edit-turn" });
  private readonly die1 = select([NO_DIE, ...dieFaces()], { "data-role": "edit-die1" });
  private readonly die2 = select([NO_DIE, ...dieFaces()], { "data-role": "edit-die2" });
  private readonly positionId = h("code", { class: "tgw-id" });
  private readonly reset = button("", { "data-action": "reset" });
  private readonly clear = button("", { "data-action": "clear" });
  private readonly addLabel = h("label", { class: "tgw-label" });
  private readonly turnLabel = h("label", { class: "tgw-label" });
  private readonly diceLabel = h("label", { class: "tgw-label" });
  private readonly hint = h("span", { class: "tgw-hint" });
  private readonly idLabel = h("span", { class: "tgw-hint" });
  private shownDice = "";
  private said: Words | null = null;

  constructor(send: (intent: Intent) => void, signal: AbortSignal) {
    const { reset, clear } = this;
    this.element = h(
      "div",
      { class: "tgw-edit", hidden: true, role: "group" },
      this.addLabel,
      this.turnLabel,
      this.diceLabel,
      reset,
      clear,
      this.hint,
      this.idLabel,
    );
    on(this.player, "change", () => send({ action: "set_edit_player", player: numeric(this.player) }), signal);
    on(this.turn, "change", () => send({ action: "set_turn", player: numeric(this.turn) }), signal);
    const dice = (): void => {
      const both = this.die1.value && this.die2.value;
      // One die picked alone waits for the other; clearing one clears the set-up's dice.
      if (both) send({ action: "set_setup_dice", die1: numeric(this.die1), die2: numeric(this.die2) });
      else if (this.shownDice !== "none") send({ action: "set_setup_dice", die1: null, die2: null });
    };
    on(this.die1, "change", dice, signal);
    on(this.die2, "change", dice, signal);
    on(reset, "click", () => send({ action: "reset" }), signal);
    on(clear, "click", () => send({ action: "clear" }), signal);
  }

  /** The panel's words in the board's language, set again only when they change. */
  private label(words: Words): void {
    if (words === this.said) return;
    this.said = words;
    const say = (key: Word): string => word(words, key);
    this.element.setAttribute("aria-label", say("edit_position"));
    this.player.setAttribute("aria-label", say("place_checkers_of"));
    this.turn.setAttribute("aria-label", say("player_to_move"));
    this.die1.setAttribute("aria-label", say("setup_first_die"));
    this.die2.setAttribute("aria-label", say("setup_second_die"));
    this.positionId.title = say("position_id");
    this.reset.textContent = say("start_position");
    this.clear.textContent = say("clear");
    this.hint.textContent = say("edit_hint");
    setChildren(this.addLabel, ...fill(say("add_checkers_of"), { player: this.player }));
    setChildren(this.turnLabel, ...fill(say("to_move_of"), { player: this.turn }));
    setChildren(this.diceLabel, ...fill(say("setup_dice"), { die1: this.die1, die2: this.die2 }));
    setChildren(this.idLabel, ...fill(say("id_of"), { id: this.positionId }));
  }

  render(v: View, words: Words): void {
    this.label(words);
    const editing = v.mode === "edit";

    this.element.hidden = !editing;
    if (!editing) {
      this.shownDice = "";
      return;
    }
    setOptions(this.player, playerOptions(v.names));
    this.player.value = String(v.edit_player);
    setOptions(this.turn, playerOptions(v.names));
    this.turn.value = String(v.turn);
    const dice = v.dice ? v.dice.join(",") : "none";
    if (dice !== this.shownDice) {
      // Follows Python's dice only when they change, so one die picked stays picked.
      this.shownDice = dice;
      this.die1.value = v.dice ? String(v.dice[0]) : "";
      this.die2.value = v.dice ? String(v.dice[1]) : "";
    }
    setText(this.positionId, v.position_id);
  }
}
