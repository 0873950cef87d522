// The legal plays of this turn's dice (the `plays` trait), with a filter; a click plays
// one as the whole turn, and resting on one previews it (previews.ts).

import { h, on, seenText, setChildren } from "../dom";
import { keptGame } from "../navigation";
import type { View } from "../protocol";
import { format, type Word, type Words, word } from "../words";
import "./plays.css";

/** Plays rendered at once; the rest are reached by filtering. */
const PLAY_LIMIT = 200;

export class PlaysPanel {
  readonly element: HTMLElement;
  readonly list = h("ol", { class: "tgw-list tgw-plays" });
  private readonly count = h("span", { class: "tgw-count" });
  private readonly filter = h("input", {
    type: "search",
    class: "tgw-filter",
    spellcheck: "false",
    autocomplete: "off",
  });
  private readonly heading = h("h3", {});
  private words: Words = {};
  private readonly note = h("div", { class: "tgw-note" });
  private shownState = "";
  private shownTurn = "";
  private shownView: View | null = null;
  private shownPlays: readonly string[] = [];

  constructor(play: (index: number) => void, signal: AbortSignal) {
    this.element = h(
      "section",
      { class: "tgw-panel tgw-plays-panel" },
      h("header", { class: "tgw-panel-head" }, this.heading, this.count),
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
  render(v: View, plays: readonly string[], words: Words): void {
    if (words !== this.words) {
      this.words = words;
      this.heading.textContent = word(words, "legal_plays");
      this.list.setAttribute("aria-label", word(words, "legal_plays"));
      this.filter.placeholder = word(words, "filter_placeholder");
      this.filter.setAttribute("aria-label", word(words, "filter_plays"));
      this.shownState = ""; // the notes again, in the new words
    }
    const turn = `${v.mode} ${v.ply} ${v.turn} ${v.dice}`;
    if (turn !== this.shownTurn) this.filter.value = "";
    this.shownTurn = turn;
    const state = `${turn} ${v.can_roll} ${!!v.win} ${v.partial} ${v.perspective} ${!!v.tutor.warning}`;
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
      const text = `${play} ${v?.seen[play] ?? ""}`.toLowerCase();
      if (tokens.every((token) => text.includes(token))) matches.push(index);
    });
    const fragment = document.createDocumentFragment();
    for (const index of matches.slice(0, PLAY_LIMIT)) {
      const attrs = { type: "button", class: "tgw-row tgw-play", "data-index": index, "data-preview": "" };
      fragment.appendChild(h("li", {}, h("button", attrs, plays[index], seenText(v?.seen[plays[index]]))));
    }
    setChildren(this.list, fragment);
    const say = (key: Word): string => word(this.words, key);
    this.count.textContent = tokens.length
      ? format(say("count_of"), { count: String(matches.length), total: String(plays.length) })
      : String(plays.length);
    let note = "";
    if (matches.length > PLAY_LIMIT) note = format(say("more_plays"), { count: String(matches.length - PLAY_LIMIT) });
    else if (plays.length && !matches.length) note = say("no_play_matches");
    // The tutor holding the play: what to do, not "the plays that go on from" it (walk 13).
    else if (plays.length && v?.tutor.warning) note = say("tutor_holds_note");
    else if (plays.length && v?.partial) note = format(say("plays_from"), { play: v.partial });
    else if (!plays.length && v?.mode === "play") {
      if (v.win) note = say("game_over");
      else if (v.can_roll) note = say("roll_to_see");
      else if (keptGame(v)) note = say("played_game");
      else if (v.dice) note = say("no_legal_play");
    }
    this.note.textContent = note;
    this.note.hidden = !note;
  }
}

function sameStrings(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((text, i) => text === b[i]);
}
