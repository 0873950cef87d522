// The edit panel (edit mode): whose checkers clicks place, who is to move, the set-up's
// dice, start position and clear, and the position's ID.

import { button, dieFaces, h, numeric, on, playerOptions, select, setOptions, setText } from "../dom";
import type { Intent, View } from "../protocol";
import "./edit.css";

const NO_DIE: [string, string] = ["", "–"];

export class EditPanel {
  readonly element: HTMLDivElement;
  private readonly player = select([], { "aria-label": "Place checkers of", "data-role": "edit-player" });
  private readonly turn = select([], { "aria-label": "Player to move", "data-role": "edit-turn" });
  private readonly die1 = select([NO_DIE, ...dieFaces()], {
    "aria-label": "Set-up first die",
    "data-role": "edit-die1",
  });
  private readonly die2 = select([NO_DIE, ...dieFaces()], {
    "aria-label": "Set-up second die",
    "data-role": "edit-die2",
  });
  private readonly positionId = h("code", { class: "tgw-id", title: "Position ID" });
  private shownDice = "";

  constructor(send: (intent: Intent) => void, signal: AbortSignal) {
    const reset = button("Start position", { "data-action": "reset" });
    const clear = button("Clear", { "data-action": "clear" });
    this.element = h(
      "div",
      { class: "tgw-edit", hidden: true, role: "group", "aria-label": "Edit position" },
      h("label", { class: "tgw-label" }, "Add checkers of ", this.player),
      h("label", { class: "tgw-label" }, "To move ", this.turn),
      h("label", { class: "tgw-label" }, "Dice ", this.die1, this.die2),
      reset,
      clear,
      h(
        "span",
        { class: "tgw-hint" },
        "Click a point or a bar to add a checker; shift-click or right-click takes one back.",
      ),
      h("span", { class: "tgw-hint" }, "ID ", this.positionId),
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

  render(v: View): void {
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
