// The players panel: who sits at each seat (a person or a bot), pip counts, and
// autoplay's controls (play/pause, one bot turn, the pace).

import { type Autoplay, botCanMove, hasBot, holding, whereTheGameGoesOn } from "../autoplay";
import { button, h, on, select, setChildren, setText, swatch } from "../dom";
import { keptGame } from "../navigation";
import { type Intent, MAX_PACE, SEATS, type View } from "../protocol";
import { about, counted, format, seatWord, type Word, type Words, word } from "../words";
import "./players.css";

interface SeatRow {
  row: HTMLLIElement;
  pips: HTMLSpanElement;
  seat: HTMLSelectElement;
}

export class PlayersPanel {
  readonly element: HTMLElement;
  private readonly autoplay: Autoplay;
  private readonly list = h("ul", { class: "tgw-seats" });
  private readonly play = button("");
  private readonly step = button("");
  private readonly speed = h("input", {
    type: "range",
    class: "tgw-speed",
    min: 0,
    max: MAX_PACE,
    step: 100,
    "data-role": "speed",
  });
  private readonly speedText = h("output", { class: "tgw-count" });
  private readonly note = h("div", { class: "tgw-note", "data-role": "autoplay-note" });
  private readonly heading = h("h3", {});
  private readonly controls: HTMLDivElement;
  private rows: SeatRow[] = [];
  private rowsKey = "";
  private view: View | null = null;
  private words: Words = {};

  /** `send` sends a seat or pace change (after any change in flight). */
  constructor(autoplay: Autoplay, send: (intent: Intent) => void, signal: AbortSignal) {
    this.autoplay = autoplay;
    this.controls = h(
      "div",
      { class: "tgw-autoplay", role: "group" },
      this.play,
      this.step,
      this.speed,
      this.speedText,
    );
    this.element = h(
      "section",
      { class: "tgw-panel tgw-players-panel" },
      h("header", { class: "tgw-panel-head" }, this.heading),
      this.list,
      this.controls,
      this.note,
    );
    on(this.play, "click", () => autoplay.toggle(), signal);
    on(this.step, "click", () => autoplay.step(), signal);
    on(this.speed, "input", () => this.showPace(Number(this.speed.value)), signal);
    // The pace is Python's (kept with the notebook): sent once the slider is let go.
    on(this.speed, "change", () => send({ action: "set_pace", milliseconds: Number(this.speed.value) }), signal);
    on(
      this.list,
      "change",
      (event) => {
        const target = event.target;
        if (!(target instanceof HTMLSelectElement)) return;
        const player = Number(target.dataset.player);
        const chosen = SEATS.find(([value]) => value === target.value)?.[0];
        if (Number.isInteger(player) && chosen) send({ action: "set_seat", player, seat: chosen });
      },
      signal,
    );
  }

  /** Redraws with the last view (autoplay's state changed). */
  refresh(): void {
    if (this.view) this.render(this.view, this.words);
  }

  render(v: View, words: Words): void {
    this.view = v;
    this.words = words;
    const say = (key: Word): string => word(words, key);
    setText(this.heading, say("players"));
    this.list.setAttribute("aria-label", say("seats"));
    this.controls.setAttribute("aria-label", say("autoplay"));
    this.play.title = say("autoplay_play_tip");
    setText(this.step, say("autoplay_step"));
    this.step.title = say("autoplay_step_tip");
    this.speed.setAttribute("aria-label", say("autoplay_delay"));
    this.buildRows(v, words);
    const play = v.mode === "play";
    this.rows.forEach(({ row, pips, seat }, player) => {
      const value = v.seats[player] ?? "human";
      if (seat.value !== value) seat.value = value;
      row.classList.toggle("tgw-to-move", play && !v.win && player === v.turn);
      row.dataset.seat = value;
      const count = v.pips[player];
      setText(pips, count === undefined ? "" : counted(words, "pips", count));
    });

    const autoplay = this.autoplay;
    const running = autoplay.running;
    this.element.dataset.autoplay = running ? "running" : "paused";
    setText(this.play, say(running ? "autoplay_pause" : "autoplay_play"));
    // Paused with a bot to move, letting the bots go on is the person's next action.
    this.play.classList.toggle("tgw-primary", !running && botCanMove(v));
    // Nothing for bots to play: no bot, the game over, or an earlier turn looked at
    // (walk 12 pressed Play there and nothing came).
    this.play.disabled = !play || !!v.win || !hasBot(v) || !whereTheGameGoesOn(v);
    this.step.disabled = !botCanMove(v) || autoplay.waiting;
    // Held by a review, Step is what goes on with the game.
    this.step.classList.toggle("tgw-primary", running && botCanMove(v) && holding(v) === "autoplay_waits_review");
    if (document.activeElement !== this.speed) {
      this.speed.value = String(v.pace);
      this.showPace(v.pace);
    }
    const note = autoplayNote(v, running, words);
    setText(this.note, note);
    this.note.hidden = !note;
  }

  private showPace(ms: number): void {
    setText(this.speedText, format(word(this.words, "milliseconds"), { count: String(ms) }));
  }

  /** A row per player, made again only when the players change. */
  private buildRows(v: View, words: Words): void {
    const key = JSON.stringify([v.players, v.names, v.colors, words]);
    if (key === this.rowsKey) return;
    this.rowsKey = key;
    const seats = SEATS.map(([value]): [string, string] => [value, word(words, seatWord(value))]);
    this.rows = v.names.map((name, player) => {
      const who = format(about(words, "who_plays", player, v.you), { name });
      const seat = select(seats, { "aria-label": who, "data-role": "seat", "data-player": player });
      const pips = h("span", { class: "tgw-pips", title: word(words, "pip_count") });
      const label = h("span", { class: "tgw-seat-name" }, name);
      const row = h("li", { class: "tgw-seat", "data-player": player }, swatch(v.colors[player]), label, pips, seat);
      return { row, pips, seat };
    });
    setChildren(this.list, ...this.rows.map((r) => r.row));
  }
}

function autoplayNote(v: View, running: boolean, words: Words): string {
  const say = (key: Word): string => word(words, key);
  const acting = v.acting ?? v.turn;
  const name = v.names[acting] ?? String(acting + 1);
  if (!hasBot(v)) return say("seat_a_bot");
  if (keptGame(v)) return say("played_game");
  if (v.mode === "play" && !whereTheGameGoesOn(v)) return say("autoplay_looking_back");
  const held = holding(v);
  if (running && botCanMove(v) && held) return format(say(held), { name });
  if (running && botCanMove(v)) return format(about(words, "autoplay_bot_plays", acting, v.you), { name });
  if (running && v.mode === "play" && !v.win && v.ply === v.plies) {
    const waits = v.cube?.offered
      ? "autoplay_waits_answer"
      : v.can_roll
        ? "autoplay_waits_roll"
        : "autoplay_waits_play";
    return format(about(words, waits, acting, v.you), { name });
  }
  return v.win ? say("game_over") : "";
}
