// The legal plays of this turn's dice (the `plays` trait), with a filter; a click plays
// one as the whole turn, and resting on one previews it (previews.ts).

import { h, on, setChildren } from "../dom";
import type { View } from "../protocol";
import "./plays.css";

/** Plays rendered at once; the rest are reached by filtering. */
const PLAY_LIMIT = 200;

export class PlaysPanel {
  readonly element: HTMLElement;
  readonly list = h("ol", { class: "tgw-list tgw-plays", "aria-label": "Legal plays" });
  private readonly count = h("span", { class: "tgw-count" });
  private readonly filter = h("input", {
    type: "search",
    class: "tgw-filter",
    placeholder: "Filter, e.g. 13/ or bar",
    "aria-label": "Filter legal plays",
    spellcheck: "false",
    autocomplete: "off",
  });
  private readonly note = h("div", { class: "tgw-note" });
  private shownState = "";
  private shownTurn = "";
  private shownView: View | null = null;
  private shownPlays: readonly string[] = [];

  constructor(play: (index: number) => void, signal: AbortSignal) {
    this.element = h(
      "section",
      { class: "tgw-panel tgw-plays-panel" },
      h("header", { class: "tgw-panel-head" }, h("h3", {}, "Legal plays"), this.count),
      this.filter,
      this.list,
      this.note,
    );
    on(this.filter, "input", () => this.renderList(this.shownView, this.shownPlays), signal);
    on(
      this.list,
      "click",
      (event) => {
        const item = (event.target as Element).closest<HTMLElement>("[data-index]");
        if (item) play(Number(item.dataset.index));
      },
      signal,
    );
  }

  /** Rebuilds the list when the plays or the turn's state changed; a new turn starts
   *  with the filter empty (a filter of the last turn's plays would hide this one's). */
  render(v: View, plays: readonly string[]): void {
    const turn = `${v.mode} ${v.ply} ${v.turn} ${v.dice}`;
    if (turn !== this.shownTurn) this.filter.value = "";
    this.shownTurn = turn;
    const state = `${turn} ${v.can_roll} ${!!v.win} ${v.partial}`;
    if (state === this.shownState && sameStrings(plays, this.shownPlays)) return;
    this.shownState = state;
    this.renderList(v, plays);
  }

  private renderList(v: View | null, plays: readonly string[]): void {
    this.shownView = v;
    this.shownPlays = [...plays]; // a copy: a host may change the list in place
    const tokens = this.filter.value.toLowerCase().split(/\s+/).filter(Boolean);
    const matches: number[] = [];
    plays.forEach((play, index) => {
      const text = play.toLowerCase();
      if (tokens.every((token) => text.includes(token))) matches.push(index);
    });
    const fragment = document.createDocumentFragment();
    for (const index of matches.slice(0, PLAY_LIMIT)) {
      const attrs = { type: "button", class: "tgw-row tgw-play", "data-index": index, "data-preview": "" };
      fragment.appendChild(h("li", {}, h("button", attrs, plays[index])));
    }
    setChildren(this.list, fragment);
    this.count.textContent = tokens.length ? `${matches.length} of ${plays.length}` : String(plays.length);
    let note = "";
    if (matches.length > PLAY_LIMIT)
      note = `${matches.length - PLAY_LIMIT} more — type in the filter to narrow the list`;
    else if (plays.length && !matches.length) note = "No play matches the filter.";
    else if (plays.length && v?.partial) note = `The plays that go on from ${v.partial}.`;
    else if (!plays.length && v?.mode === "play") {
      if (v.win) note = "The game is over.";
      else if (v.can_roll) note = "Roll (or set the dice) to see the legal plays.";
      else if (v.dice) note = "No legal play.";
    }
    this.note.textContent = note;
    this.note.hidden = !note;
  }
}

function sameStrings(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((text, i) => text === b[i]);
}
