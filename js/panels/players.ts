// The players panel: who sits at each seat (a person or a bot), pip counts, and
// autoplay's controls (play/pause, one bot turn, the pace).

import { type Autoplay, analysing, botCanMove, hasBot, MAX_SPEED_MS } from "../autoplay";
import { button, h, on, select, setChildren, setText, swatch } from "../dom";
import { type Intent, SEATS, type View } from "../protocol";
import "./players.css";

interface SeatRow {
  row: HTMLLIElement;
  pips: HTMLSpanElement;
  seat: HTMLSelectElement;
}

export class PlayersPanel {
  readonly element: HTMLElement;
  private readonly autoplay: Autoplay;
  private readonly list = h("ul", { class: "tgw-seats", "aria-label": "Seats" });
  private readonly play = button("Play", { title: "Bots play their turns one after another" });
  private readonly step = button("Step", { title: "The bot to move plays one turn" });
  private readonly speed = h("input", {
    type: "range",
    class: "tgw-speed",
    min: 0,
    max: MAX_SPEED_MS,
    step: 100,
    "aria-label": "Autoplay delay per turn (ms)",
    "data-role": "speed",
  });
  private readonly speedText = h("output", { class: "tgw-count" });
  private readonly note = h("div", { class: "tgw-note", "data-role": "autoplay-note" });
  private rows: SeatRow[] = [];
  private rowsKey = "";
  private view: View | null = null;

  /** `seat` sends a seat change (after any change in flight). */
  constructor(autoplay: Autoplay, seat: (intent: Intent) => void, signal: AbortSignal) {
    this.autoplay = autoplay;
    this.element = h(
      "section",
      { class: "tgw-panel tgw-players-panel" },
      h("header", { class: "tgw-panel-head" }, h("h3", {}, "Players")),
      this.list,
      h(
        "div",
        { class: "tgw-autoplay", role: "group", "aria-label": "Autoplay" },
        this.play,
        this.step,
        this.speed,
        this.speedText,
      ),
      this.note,
    );
    on(this.play, "click", () => autoplay.toggle(), signal);
    on(this.step, "click", () => autoplay.step(), signal);
    on(
      this.speed,
      "input",
      () => {
        autoplay.setSpeed(Number(this.speed.value));
        this.refresh();
      },
      signal,
    );
    on(
      this.list,
      "change",
      (event) => {
        const target = event.target;
        if (!(target instanceof HTMLSelectElement)) return;
        const player = Number(target.dataset.player);
        const chosen = SEATS.find(([value]) => value === target.value)?.[0];
        if (Number.isInteger(player) && chosen) seat({ action: "set_seat", player, seat: chosen });
      },
      signal,
    );
  }

  /** Redraws with the last view (autoplay's state changed). */
  refresh(): void {
    if (this.view) this.render(this.view);
  }

  render(v: View): void {
    this.view = v;
    this.buildRows(v);
    const play = v.mode === "play";
    this.rows.forEach(({ row, pips, seat }, player) => {
      const value = v.seats[player] ?? "human";
      if (seat.value !== value) seat.value = value;
      row.classList.toggle("tgw-to-move", play && !v.win && player === v.turn);
      row.dataset.seat = value;
      setText(pips, v.pips[player] === undefined ? "" : `${v.pips[player]} pips`);
    });

    const autoplay = this.autoplay;
    const running = autoplay.running;
    this.element.dataset.autoplay = running ? "running" : "paused";
    setText(this.play, running ? "Pause" : "Play");
    this.play.classList.toggle("tgw-primary", running);
    this.play.disabled = !running && (!play || !!v.win || !hasBot(v));
    this.step.disabled = !botCanMove(v) || autoplay.waiting;
    if (document.activeElement !== this.speed) this.speed.value = String(autoplay.speed);
    setText(this.speedText, `${autoplay.speed} ms`);
    const note = autoplayNote(v, running);
    setText(this.note, note);
    this.note.hidden = !note;
  }

  /** A row per player, made again only when the players change. */
  private buildRows(v: View): void {
    const key = JSON.stringify([v.players, v.names, v.colors]);
    if (key === this.rowsKey) return;
    this.rowsKey = key;
    this.rows = v.names.map((name, player) => {
      const seat = select(SEATS, { "aria-label": `Who plays ${name}`, "data-role": "seat", "data-player": player });
      const pips = h("span", { class: "tgw-pips", title: "Pip count" });
      const label = h("span", { class: "tgw-seat-name" }, name);
      const row = h("li", { class: "tgw-seat", "data-player": player }, swatch(v.colors[player]), label, pips, seat);
      return { row, pips, seat };
    });
    setChildren(this.list, ...this.rows.map((r) => r.row));
  }
}

function autoplayNote(v: View, running: boolean): string {
  const name = v.names[v.turn] ?? "The player to move";
  if (!hasBot(v)) return "Seat a bot to let it play.";
  if (running && analysing(v)) return "Autoplay waits for the analysis to end.";
  if (running && botCanMove(v)) return `Autoplay: ${name} is a bot and plays.`;
  if (running && v.mode === "play" && !v.win) {
    return v.can_roll ? `Autoplay waits for ${name} to roll and play.` : `Autoplay waits for ${name} to play.`;
  }
  return v.win ? "The game is over." : "";
}
