// The history panel: one row per recorded turn (the `history` trait), the shown turn
// marked, and buttons and a slider to step through the game (navigation.ts). A row's
// marks sit at its end, side by side: the review's judgement of the play (?!, ?, ??)
// and a branch (other turns recorded in its place, listed by the variations panel).

import { diceText, h, icon, iconButton, on, setChildren, setText, swatch } from "../dom";
import { plyFor, recordAt, type Step } from "../navigation";
import type { HistoryEntry, View } from "../protocol";
import { format, markWord, type Word, type Words, word } from "../words";
import "./history.css";

export class HistoryPanel {
  readonly element: HTMLElement;
  private readonly label = h("span", { class: "tgw-count" });
  private readonly list = h("ol", { class: "tgw-list tgw-history" });
  private readonly first = iconButton("first");
  private readonly prev = iconButton("prev");
  private readonly next = iconButton("next");
  private readonly last = iconButton("last");
  private readonly slider = h("input", { type: "range", class: "tgw-slider", min: 0, max: 0, value: 0 });
  private readonly heading = h("h3", {});
  private readonly nav: HTMLDivElement;
  private words: Words = {};
  private said: Words | null = null;
  private keys: string[] = [];
  private rows: HTMLElement[] = [];
  private look = "";
  private current: HTMLElement | null = null;
  private plies = 0;
  private view: View | null = null;
  private scrollFrame = 0;

  constructor(go: (step: Step) => void, signal: AbortSignal) {
    this.nav = h("div", { class: "tgw-nav", role: "group" }, this.first, this.prev, this.next, this.last, this.slider);
    this.element = h(
      "section",
      { class: "tgw-panel tgw-history-panel" },
      h("header", { class: "tgw-panel-head" }, this.heading, this.label),
      this.list,
      this.nav,
    );
    on(this.first, "click", () => go({ ply: 0 }), signal);
    on(this.prev, "click", () => go({ delta: -1 }), signal);
    on(this.next, "click", () => go({ delta: 1 }), signal);
    on(this.last, "click", () => go({ ply: this.plies }), signal);
    on(this.slider, "input", () => go({ ply: Number(this.slider.value) }), signal);
    on(
      this.list,
      "click",
      (event) => {
        const row = (event.target as Element).closest<HTMLElement>("[data-ply]");
        if (row && this.view) go({ ply: plyFor(this.view, Number(row.dataset.ply)) });
      },
      signal,
    );
  }

  /** Rows for `history` (only those that changed are made: a turn played adds one
   *  row, not the game's), then the shown turn marked. */
  /** The panel's words in the board's language; true when they changed. */

  private labelled(words: Words): boolean {
    if (words === this.said) return false;
    this.said = this.words = words;
    const say = (key: Word): string => word(words, key);
    this.heading.textContent = say("history");
    this.list.setAttribute("aria-label", say("move_list"));
    this.nav.setAttribute("aria-label", say("step_through"));
    this.slider.setAttribute("aria-label", say("turn"));
    const buttons: [HTMLButtonElement, Word, Word][] = [
      [this.first, "first_position", "first_tip"],
      [this.prev, "previous_turn", "previous_tip"],
      [this.next, "next_turn", "next_tip"],
      [this.last, "last_position", "last_tip"],
    ];
    for (const [element, label, tip] of buttons) {
      element.setAttribute("aria-label", say(label));
      element.title = say(tip);
    }
    return true;
  }

  render(v: View, history: readonly HistoryEntry[], shown: number, words: Words): void {
    if (this.labelled(words)) {
      this.rows = []; // every row again, in the new words
      this.current = null;
    }
    const look = JSON.stringify([v.names, v.colors]);
    // Compared by content (a host may update the list in place).
    const old = look === this.look ? this.keys : [];
    let same = 0;
    while (same < old.length && same < history.length && old[same] === entryKey(history[same])) same++;
    const rebuilt = same < old.length || same < history.length || !this.rows.length;
    if (rebuilt) {
      if (!this.rows.length) {
        const start = h("button", { type: "button", class: "tgw-row tgw-move" }, word(this.words, "start"));
        this.rows = [h("li", { "data-ply": 0 }, start)];
        setChildren(this.list, this.rows[0]);
      }
      // Rows after the common part go (a replaced line of play, or a new game);
      // row k shows ply k (Python numbers the entries 1, 2, ...).
      for (const row of this.rows.splice(same + 1)) row.remove();
      const fragment = document.createDocumentFragment();
      for (const entry of history.slice(same)) {
        const row = historyRow(v, entry, this.words);
        this.rows.push(row);
        fragment.appendChild(row);
      }
      this.list.appendChild(fragment);
      this.keys = history.map(entryKey);
      this.look = look;
      // The shown turn's mark stays on a row kept, and goes with a row dropped.
      if (this.current && !this.rows.includes(this.current)) this.current = null;
    }
    this.follow(v, shown);
  }

  /** Marks the record shown at turn `ply` (`recordAt`), at once (the board may show it
   *  ahead of Python). */
  follow(v: View, ply: number): void {
    this.view = v;
    const record = recordAt(v, ply);
    const current = this.rows[record] ?? null;
    if (current !== this.current) {
      this.current?.classList.remove("tgw-current");
      this.current?.removeAttribute("aria-current");
      this.current = current;
      if (current) {
        current.classList.add("tgw-current");
        current.setAttribute("aria-current", "step");
        // Measured in the next frame, where layout happens anyway: reading it now
        // would force a layout of the page right after the board was replaced.
        cancelAnimationFrame(this.scrollFrame);
        this.scrollFrame = requestAnimationFrame(() => scrollIntoList(this.list, current));
      }
    }
    this.plies = v.plies;
    // Under a review a row shows its turn's decision, the position before it (recordAt).
    const count = record > ply ? "decision_of" : record > 0 ? "turn_of" : "start_of";
    // No turn played yet, no count (walk 34 read "before turn 1 of 0").
    const counted = format(word(this.words, count), { ply: String(record), plies: String(v.plies) });
    setText(this.label, v.plies ? counted : "");
    const canStep = v.mode === "play";
    this.first.disabled = this.prev.disabled = !canStep || ply <= 0;
    this.next.disabled = this.last.disabled = !canStep || ply >= v.plies;
    this.slider.max = String(v.plies);
    this.slider.value = String(ply);
    this.slider.disabled = !canStep || v.plies === 0;
  }

  destroy(): void {
    cancelAnimationFrame(this.scrollFrame);
  }
}

function historyRow(v: View, entry: HistoryEntry, words: Words): HTMLLIElement {
  const dice = entry.dice.length ? `${diceText(entry.dice)}: ` : "";
  const name = v.names[entry.player] ?? String(entry.player + 1);
  return h(
    "li",
    { "data-ply": entry.ply },
    h(
      "button",
      { type: "button", class: "tgw-row tgw-move", title: name },
      h("span", { class: "tgw-ply" }, `${entry.ply}.`),
      swatch(v.colors[entry.player]),
      h("span", { class: "tgw-dice" }, dice),
      h("span", { class: "tgw-notation" }, entry.text),
      // Another player's play also as this board numbers it (Python's `seen`).
      entry.seen &&
        h(
          "span",
          {
            class: "tgw-seen",
            title: format(word(words, "seen_tip"), { name, play: entry.text, seen: entry.seen }),
          },
          `(${entry.seen})`,
        ),
      h("span", { class: "tgw-marks" }, ...marks(entry, words)),
    ),
  );
}

/** The marks at the end of a row. */
function marks(entry: HistoryEntry, words: Words): Node[] {
  const found: Node[] = [];
  const say = (key: Word): string => word(words, key);
  if (entry.mark) {
    const judged = entry.dice.length ? "marked_play" : "marked_cube_action"; // a cube action has no dice
    const label = format(say(judged), { mark: say(markWord(entry.mark)) });
    const attrs = { class: "tgw-mark tgw-judged", "data-mark": entry.mark, role: "img", "aria-label": label };
    found.push(h("span", { ...attrs, title: format(say("mistake_tip"), { label }) }, entry.mark));
  }
  if (entry.lines > 1) {
    const label = format(say("variations_here"), { count: String(entry.lines) });
    found.push(
      h(
        "span",
        { class: "tgw-mark tgw-branch", role: "img", "aria-label": label, title: format(say("switch_tip"), { label }) },

        icon("branch"),
        String(entry.lines),
      ),
    );
  }
  return found;
}

function entryKey(entry: HistoryEntry): string {
  return `${entry.ply} ${entry.player} ${String(entry.dice)} ${entry.text} ${entry.lines} ${entry.mark} ${entry.seen}`;
}

/** Scrolls a list (and only the list, not the notebook around it) to show `row`. */
function scrollIntoList(list: HTMLElement, row: HTMLElement): void {
  const top = row.offsetTop; // the list is positioned: offsets are from its top
  const bottom = top + row.offsetHeight;
  if (top < list.scrollTop) list.scrollTop = top;
  else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight;
}
