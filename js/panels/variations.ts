// The variations panel: the turns recorded in one place of the game tree, as chess PGN
// and lichess's study keep side lines. It lists the shown turn's place when that is a
// branch (the history marks such turns), or, where the line ends before turns recorded
// after it, those turns: which one the line takes, the main line first, their names.
// Click one (or press ↑ ↓) to take it; promote, rename or delete it (deleting asks
// first); "Back to main line" works from anywhere.

import { button, diceText, h, icon, iconButton, on, setChildren, setText, swatch } from "../dom";
import type { HistoryEntry, Intent, VariationRow, View } from "../protocol";
import { counted, fill, format, type Word, type Words, word } from "../words";
import "./variations.css";

/** The turns recorded after `ply` turns of the current line: the panel's list. */
export interface Branch {
  ply: number;
  rows: VariationRow[];
}

/** The branch the panel lists for a view, or null. */
export function branchOf(v: View): Branch | null {
  if (v.mode !== "play") return null;
  if (v.alternatives.length > 1) return { ply: v.ply - 1, rows: v.alternatives };
  // The line ends here though turns are recorded after it (other dice were set).
  if (v.variations.length && !v.variations.some((row) => row.current)) return { ply: v.ply, rows: v.variations };
  return null;
}

/** A variation being renamed or asked about before it is deleted. */
interface Pending {
  what: "rename" | "delete";
  ply: number;
  index: number;
}

export class VariationsPanel {
  readonly element: HTMLElement;
  private readonly label = h("span", { class: "tgw-count" });
  private readonly note = h("p", { class: "tgw-note" });
  private readonly list = h("ol", { class: "tgw-variations" });
  private readonly where = h("span", { class: "tgw-note", "data-role": "line" });
  private readonly mainLine = button("", { "data-action": "main-line" });
  private readonly heading = h("h3", {});
  private words: Words = {};
  private readonly send: (intent: Intent) => void;
  private view: View | null = null;
  private branch: Branch | null = null;
  private pending: Pending | null = null;
  private drawn = "";
  private noted = -1;

  constructor(send: (intent: Intent) => void, signal: AbortSignal) {
    this.send = send;
    this.element = h(
      "section",
      { class: "tgw-panel tgw-variations-panel" },
      h("header", { class: "tgw-panel-head" }, this.heading, this.label),
      this.note,
      this.list,
      h("div", { class: "tgw-variations-foot" }, this.where, this.mainLine),
    );
    on(this.mainLine, "click", () => send({ action: "main_line" }), signal);
    on(this.list, "click", (event) => this.onClick(event), signal);
    on(this.list, "keydown", (event) => this.onKey(event), signal);
  }

  /** Shown while the game has variations or the line is not the main line. */
  render(v: View, history: readonly HistoryEntry[], words: Words): void {
    const say = (key: Word): string => word(words, key);
    if (words !== this.words) {
      this.words = words;
      this.noted = -1; // the note and the rows again, in the new words
      this.drawn = "";
      this.element.setAttribute("aria-label", say("variations"));
      this.heading.textContent = say("variations");
      this.mainLine.textContent = say("back_to_main_line");
      this.mainLine.title = say("back_to_main_line_tip");
    }
    this.view = v;
    const branch = branchOf(v);
    this.branch = branch;
    const pending = this.pending;
    if (pending && (pending.ply !== branch?.ply || !branch.rows.some((row) => row.index === pending.index))) {
      this.pending = null;
    }
    const anywhere = branch !== null || history.some((entry) => entry.lines > 1);
    this.element.hidden = v.mode !== "play" || (!anywhere && v.main_line);
    const lines = branch ? { turn: String(branch.ply + 1), count: String(branch.rows.length) } : null;
    setText(this.label, lines ? format(say("turn_lines"), lines) : "");
    setText(this.where, say(v.main_line ? "on_main_line" : "on_side_line"));
    this.mainLine.disabled = v.main_line;
    this.renderNote(branch ? 0 : Math.max(v.variations.length, 1));
    this.renderRows(v, branch);
  }

  /** Where the branches are, when none is listed here (`next`: the lines of the next
   *  turn, if more than one; 0: no note). */
  private renderNote(next: number): void {
    if (next === this.noted) return;
    this.noted = next;
    this.note.hidden = next === 0;
    const say = (key: Word): string => word(this.words, key);
    if (next > 1) setChildren(this.note, format(say("next_turn_variations"), { count: String(next) }));
    else if (next === 1) setChildren(this.note, ...fill(say("marked_turns"), { mark: icon("branch") }));
  }

  /** ↑ ↓: takes the line before or after the one taken at the branch listed (`now`:
   *  else the key is only swallowed); false where no branch is listed. */
  step(delta: number, now: boolean): boolean {
    const branch = this.branch;
    if (!branch || !now) return branch !== null;
    const at = branch.rows.findIndex((row) => row.current);
    const next = at < 0 ? (delta > 0 ? 0 : branch.rows.length - 1) : at + delta;
    const row = branch.rows[next];
    if (row) this.send({ action: "switch_variation", index: row.index, ply: branch.ply });
    return true;
  }

  private renderRows(v: View, branch: Branch | null): void {
    const drawn = JSON.stringify([branch, this.pending, v.colors, v.names]);
    if (drawn === this.drawn) return;
    this.drawn = drawn;
    // A rebuilt list keeps the focus on the same control (or on the line taken).
    const focused = (document.activeElement as HTMLElement | null)?.closest<HTMLElement>(
      ".tgw-variations [data-focus]",
    );
    const focus = focused && this.list.contains(focused) ? focused.dataset.focus : null;
    this.list.hidden = !branch;
    const say = (key: Word): string => word(this.words, key);
    const label = branch ? format(say("variations_of_turn"), { turn: String(branch.ply + 1) }) : say("variations");
    this.list.setAttribute("aria-label", label);
    setChildren(this.list, ...(branch ? branch.rows.map((row) => this.row(v, branch, row)) : []));
    if (focus) {
      // On a line's own button the focus follows the line taken (↑ ↓ move both).
      const current = this.list.querySelector<HTMLElement>(".tgw-current .tgw-variation-pick");
      const same = focus.startsWith("switch:") ? null : this.list.querySelector<HTMLElement>(`[data-focus="${focus}"]`);
      (same ?? current ?? this.list.querySelector<HTMLElement>(`[data-focus="${focus}"]`))?.focus();
    }
  }

  private row(v: View, branch: Branch, row: VariationRow): HTMLLIElement {
    const i = row.index;
    const say = (key: Word): string => word(this.words, key);
    const pending = this.pending?.index === i ? this.pending.what : null;
    const dice = row.dice.length ? `${diceText(row.dice)}: ` : "";
    const turns = counted(this.words, "turns", row.length);
    const pick = h(
      "button",
      {
        type: "button",
        class: "tgw-variation-pick",
        "data-do": "switch",
        "data-focus": `switch:${i}`,
        "aria-current": row.current ? "true" : undefined,
        title: say(row.current ? "line_takes_this" : "take_this_line"),
      },
      i === 0 && h("span", { class: "tgw-tag", title: say("the_main_line") }, say("main_tag")),
      row.name && h("span", { class: "tgw-variation-name" }, row.name),
      h(
        "span",
        { class: "tgw-variation-turn" },
        swatch(v.colors[row.player]),
        h("span", { class: "tgw-dice" }, dice),
        h("span", { class: "tgw-notation" }, row.text),
      ),
      h("span", { class: "tgw-variation-length" }, turns),
    );
    const described = row.name ? `“${row.name}”` : `${dice}${row.text}`;
    const tools = h(
      "span",
      { class: "tgw-variation-tools" },
      i > 0 &&
        iconButton("promote", {
          "data-do": "promote",
          "data-focus": `promote:${i}`,
          "aria-label": format(say("make_main_line_of"), { line: described }),
          title: say("make_main_line"),
        }),
      iconButton("rename", {
        "data-do": "rename",
        "data-focus": `rename:${i}`,
        "aria-label": format(say("rename_of"), { line: described }),
        title: say("name_this_line"),
        "aria-pressed": pending === "rename" ? "true" : "false",
      }),
      iconButton("delete", {
        "data-do": "delete",
        "data-focus": `delete:${i}`,
        "aria-label": format(say("delete_of"), { line: described }),
        title: say("delete_this_line"),
        "aria-pressed": pending === "delete" ? "true" : "false",
      }),
    );
    const item = h(
      "li",
      { class: row.current ? "tgw-variation tgw-current" : "tgw-variation", "data-index": i },
      h("div", { class: "tgw-variation-line" }, pick, tools),
    );
    if (pending === "rename") item.append(this.renameForm(row, branch));
    if (pending === "delete") item.append(this.confirmDelete(row, described, turns));
    return item;
  }

  private renameForm(row: VariationRow, branch: Branch): HTMLElement {
    const say = (key: Word): string => word(this.words, key);
    const input = h("input", {
      type: "text",
      class: "tgw-filter",
      value: row.name,
      maxlength: 64,
      placeholder: say("line_name_placeholder"),
      "aria-label": say("line_name"),
      "data-focus": `name:${row.index}`,
    });
    const save = button(say("save"), { "data-focus": `save:${row.index}` });
    const done = (): void => {
      this.pending = null;
      this.send({ action: "rename_variation", index: row.index, ply: branch.ply, name: input.value.trim() });
      this.rerender();
    };
    // Enter saves here rather than by a form's submission, which notebook hosts may take.
    input.addEventListener("keydown", (event) => {
      if (event.key !== "Enter") return;
      event.preventDefault();
      done();
    });
    save.addEventListener("click", done);
    const form = h(
      "div",
      { class: "tgw-variation-form", role: "group", "aria-label": say("rename_this_line") },
      input,
      save,
      button(say("cancel"), { "data-do": "cancel", "data-focus": `cancel:${row.index}` }),
    );
    requestAnimationFrame(() => {
      if (input.isConnected && document.activeElement !== input) {
        input.focus();
        input.select();
      }
    });
    return form;
  }

  private confirmDelete(row: VariationRow, described: string, turns: string): HTMLElement {
    const say = (key: Word): string => word(this.words, key);
    const yes = button(say("delete"), { class: "tgw-button tgw-danger", "data-do": "confirm-delete" });
    const no = button(say("cancel"), { "data-do": "cancel", "data-focus": `cancel:${row.index}` });
    requestAnimationFrame(() => {
      if (no.isConnected) no.focus();
    });
    const fields = { line: described, turns };
    const question = format(say(row.index === 0 ? "delete_main_line_question" : "delete_line_question"), fields);
    return h(
      "div",
      { class: "tgw-variation-confirm", role: "group", "aria-label": say("delete_this_line_question") },
      h("span", {}, question),
      yes,
      no,
    );
  }

  private onClick(event: MouseEvent): void {
    const control = (event.target as Element).closest<HTMLElement>("[data-do]");
    const item = control?.closest<HTMLElement>("[data-index]");
    const branch = this.branch;
    if (!control || !item || !branch) return;
    const index = Number(item.dataset.index);
    const row = branch.rows.find((r) => r.index === index);
    if (!row) return;
    const ply = branch.ply;
    switch (control.dataset.do) {
      case "switch":
        if (!row.current) this.send({ action: "switch_variation", index, ply });
        return;
      case "promote":
        this.send({ action: "promote_variation", index, ply });
        return;
      case "rename":
      case "delete": {
        const what = control.dataset.do;
        const open = this.pending?.index === index && this.pending.what === what;
        this.pending = open ? null : { what, ply, index };
        break;
      }
      case "confirm-delete":
        this.pending = null;
        this.send({ action: "delete_variation", index, ply });
        break;
      case "cancel":
        this.pending = null;
        this.rerender(index);
        return;
    }
    this.rerender();
  }

  /** Escape closes a rename or a question (and nothing else: it stays in the panel). */
  private onKey(event: KeyboardEvent): void {
    if (event.key !== "Escape" || !this.pending) return;
    const index = this.pending.index;
    this.pending = null;
    this.rerender(index);
    event.preventDefault();
    event.stopPropagation();
  }

  /** Draws the list again; `closed`: the row whose rename or question was closed, whose
   *  pick button takes the focus. */
  private rerender(closed?: number): void {
    if (this.view) this.renderRows(this.view, this.branch);
    if (closed !== undefined) this.list.querySelector<HTMLElement>(`[data-focus="switch:${closed}"]`)?.focus();
  }
}
