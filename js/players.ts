// The players panel: who sits at each seat (a person or a bot) and autoplay's controls.

import { analysing, botCanMove, hasBot, MAX_SPEED_MS, type Autoplay } from "./autoplay";
import { button, h, select, setChildren, setText, swatch } from "./dom";
import type { Seat, View } from "./types";

const SEATS: [Seat, string][] = [
  ["human", "Human"],
  ["random", "Random bot"],
  ["heuristic", "Heuristic bot"],
];

interface SeatRow {
  row: HTMLLIElement;
  name: HTMLSpanElement;
  pips: HTMLSpanElement;
  seat: HTMLSelectElement;
}

export class PlayersPanel {
  readonly element: HTMLElement;
  private readonly list: HTMLUListElement;
  private readonly playButton: HTMLButtonElement;
  private readonly stepButton: HTMLButtonElement;
  readonly speed: HTMLInputElement;
  private readonly speedText: HTMLOutputElement;
  private readonly note: HTMLDivElement;
  private rows: SeatRow[] = [];
  private rowsKey = "";

  constructor() {
    this.list = h("ul", { class: "tgw-seats", "aria-label": "Seats" });
    this.playButton = button("Play", { "data-action": "autoplay", title: "Bots play their turns one after another" });
    this.stepButton = button("Step", { "data-action": "bot-step", title: "The bot to move plays one turn" });
    this.speed = h("input", {
      type: "range",
      class: "tgw-speed",
      min: 0,
      max: MAX_SPEED_MS,
      step: 100,
      "aria-label": "Autoplay delay per turn (ms)",
      "data-role": "speed",
    });
    this.speedText = h("output", { class: "tgw-count" });
    this.note = h("div", { class: "tgw-note", "data-role": "autoplay-note" });
    this.element = h(
      "section",
      { class: "tgw-panel tgw-players-panel" },
      h("header", { class: "tgw-panel-head" }, h("h3", {}, "Players")),
      this.list,
      h(
        "div",
        { class: "tgw-autoplay", role: "group", "aria-label": "Autoplay" },
        this.playButton,
        this.stepButton,
        this.speed,
        this.speedText,
      ),
      this.note,
    );
  }

  /** Builds a row per player: the seat select of each sends `set_seat`. */
  private buildRows(v: View): void {
    const key = JSON.stringify([v.players, v.names, v.colors]);
    if (key === this.rowsKey) return;
    this.rowsKey = key;
    this.rows = v.names.map((name, player) => {
      const seat = select(SEATS, { "aria-label": `Who plays ${name}`, "data-role": "seat", "data-player": player });
      const nameSpan = h("span", { class: "tgw-seat-name" }, name);
      const pips = h("span", { class: "tgw-pips", title: "Pip count" });
      const row = h("li", { class: "tgw-seat", "data-player": player }, swatch(v.colors[player]), nameSpan, pips, seat);
      return { row, name: nameSpan, pips, seat };
    });
    setChildren(this.list, ...this.rows.map((r) => r.row));
  }

  render(v: View, autoplay: Autoplay): void {
    this.buildRows(v);
    const play = v.mode === "play";
    this.rows.forEach(({ row, pips, seat }, player) => {
      const value = v.seats?.[player] ?? "human";
      if (seat.value !== value) seat.value = value;
      row.classList.toggle("tgw-to-move", play && !v.outcome && player === v.turn);
      row.dataset.seat = value;
      setText(pips, v.pips?.[player] === undefined ? "" : `${v.pips[player]} pips`);
    });

    const running = autoplay.running;
    this.element.dataset.autoplay = running ? "running" : "paused";
    setText(this.playButton, running ? "Pause" : "Play");
    this.playButton.classList.toggle("tgw-primary", running);
    this.playButton.disabled = !running && (!play || !!v.outcome || !hasBot(v));
    this.stepButton.disabled = !botCanMove(v) || autoplay.waiting;
    if (document.activeElement !== this.speed) this.speed.value = String(autoplay.speed);
    setText(this.speedText, `${autoplay.speed} ms`);

    let note = "";
    if (!hasBot(v)) note = "Seat a bot to let it play.";
    else if (running && analysing(v)) note = "Autoplay waits for the analysis to end.";
    else if (running && botCanMove(v)) note = `Autoplay: ${v.names[v.turn] ?? "the bot"} is a bot and plays.`;
    else if (running && play && !v.outcome) {
      const name = v.names[v.turn] ?? "The player to move";
      note = v.can_roll
        ? `Autoplay waits for ${name} to roll and play.`
        : `Autoplay waits for ${name} to play.`;
    } else if (v.outcome && hasBot(v)) note = "The game is over.";
    setText(this.note, note);
    this.note.hidden = !note;
  }

  /** The seat a select asks for, after a person changed it. */
  static seatOf(element: HTMLSelectElement): { player: number; seat: Seat } | null {
    const player = Number(element.dataset.player);
    const seat = SEATS.find(([value]) => value === element.value)?.[0];
    return Number.isInteger(player) && seat ? { player, seat } : null;
  }
}
