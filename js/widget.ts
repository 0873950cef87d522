// The trigammon board widget's front end (anywidget ESM).
//
// Python owns all state (docs/widget-protocol.md). This module shows the board
// drawing Python sends (`svg`) and the controls described by `view`, and turns
// gestures into intents that Python checks and answers. The only things decided
// here are instant visual aids from data Python already sent (the legal targets of
// a picked-up checker, `view.targets`, and the play-list filter) and autoplay's
// pace: when to ask Python for the next bot turn (autoplay.ts).

import type { AnyModel, RenderProps } from "@anywidget/types";

import { AnalysisPanel } from "./analysis";
import { Autoplay } from "./autoplay";
import { clearMarks, elementsOf, hitOf, mark, placeOf, topChecker, type Hit } from "./board";
import { button, dieFaces, h, iconButton, select, setChildren, setOptions, swatch } from "./dom";
import { PlayersPanel } from "./players";
import type { HistoryEntry, Intent, Message, Model, Place, Reply, View } from "./types";
import "./widget.css";

/** Plays rendered at once; the rest are reached by filtering. */
const PLAY_LIMIT = 200;
/** Hovering must rest this long on a play before a preview is asked for. */
const PREVIEW_DELAY_MS = 40;
/** A request unanswered for this long is taken as lost (a kernel restart). */
const NAV_TIMEOUT_MS = 3000;
/** A press that moves further than this (px) is a drag, not a click. */
const DRAG_THRESHOLD = 6;

interface Press {
  pointerId: number;
  x: number;
  y: number;
  hit: Hit | null;
  shift: boolean;
  /** The place a drag would lift a checker from (play mode, a legal source). */
  source: Place | null;
  dragging: boolean;
}

class BoardWidgetView {
  private readonly model: AnyModel<Model>;
  private readonly root: HTMLDivElement;
  private readonly events = new AbortController();
  /** Intent ids are whole numbers (Python echoes only those); each view of a model
   *  draws its own range, so one view never takes another's reply for its own. */
  private readonly idBase = Math.floor(Math.random() * 2 ** 31) * 2 ** 21;
  private seq = 0;
  private readonly pending = new Map<number, { intent: Intent; version: number; at: number }>();
  /** Navigation waits for Python: while a goto/step is being answered, more presses
   *  only move the wanted ply, asked for when the answer comes. So holding an arrow
   *  key or dragging the slider never sends requests made on a stale version. */
  private navSent: number | null = null;
  private navSentAt = 0;
  private navWanted: number | null = null;
  private shownMessage = "null";

  private view: View | null = null;
  private selected: Place | null = null;
  private press: Press | null = null;
  private previewing = false;
  private previewWanted: number | null = null;
  private previewTimer: number | undefined;
  private readonly previews = new Map<string, string>();
  private shownPlays: string[] | null = null;
  private shownPlaysState = "";
  private historyKeys: string[] = [];
  private historyRows: HTMLElement[] = [];
  private historyLook = "";
  private currentRow: HTMLElement | null = null;
  private scrollFrame = 0;
  private editDiceKey = "";
  private readonly autoplay: Autoplay;
  /** Requests made while a bot turn was on its way, sent one by one once it is
   *  answered (sent at once they would be refused as made on a stale board). */
  private readonly queued: Intent[] = [];
  private queuedSent: number | null = null;

  // elements
  private readonly board: HTMLDivElement;
  private readonly ghost: HTMLDivElement;
  private readonly status: HTMLDivElement;
  private readonly message: HTMLDivElement;
  private readonly playBar: HTMLDivElement;
  private readonly rollButton: HTMLButtonElement;
  private readonly die1: HTMLSelectElement;
  private readonly die2: HTMLSelectElement;
  private readonly setDiceButton: HTMLButtonElement;
  private readonly undoButton: HTMLButtonElement;
  private readonly confirmButton: HTMLButtonElement;
  private readonly perspective: HTMLSelectElement;
  private readonly editButton: HTMLButtonElement;
  private readonly editPanel: HTMLDivElement;
  private readonly editPlayer: HTMLSelectElement;
  private readonly editTurn: HTMLSelectElement;
  private readonly editDie1: HTMLSelectElement;
  private readonly editDie2: HTMLSelectElement;
  private readonly positionId: HTMLElement;
  private readonly playsCount: HTMLSpanElement;
  private readonly playsFilter: HTMLInputElement;
  private readonly playsList: HTMLOListElement;
  private readonly playsNote: HTMLDivElement;
  private readonly historyLabel: HTMLSpanElement;
  private readonly historyList: HTMLOListElement;
  private readonly firstButton: HTMLButtonElement;
  private readonly prevButton: HTMLButtonElement;
  private readonly nextButton: HTMLButtonElement;
  private readonly lastButton: HTMLButtonElement;
  private readonly slider: HTMLInputElement;
  private readonly players: PlayersPanel;
  private readonly analysis: AnalysisPanel;

  constructor(model: AnyModel<Model>, el: HTMLElement) {
    this.model = model;
    this.autoplay = new Autoplay({
      view: () => this.view,
      send: (intent) => this.send(intent),
      busy: () => this.busy(),
      changed: () => {
        if (this.view) this.players.render(this.view, this.autoplay);
      },
    });

    // toolbar ---------------------------------------------------------------
    this.status = h("div", { class: "tgw-status", "aria-live": "polite" });
    this.rollButton = button("Roll", { class: "tgw-button tgw-primary", "data-action": "roll" });
    this.die1 = select(dieFaces(), { "aria-label": "First die", "data-role": "die1" });
    this.die2 = select(dieFaces(), { "aria-label": "Second die", "data-role": "die2" });
    this.setDiceButton = button("Set dice", { "data-action": "set-dice" });
    this.undoButton = button("Undo move", { "data-action": "undo" });
    this.confirmButton = button("Confirm", { "data-action": "confirm" });
    this.playBar = h(
      "div",
      { class: "tgw-group", role: "group", "aria-label": "Turn" },
      this.rollButton,
      h("span", { class: "tgw-dice-set" }, this.die1, this.die2, this.setDiceButton),
      this.undoButton,
      this.confirmButton,
    );
    this.perspective = select([], { "aria-label": "Seat at the bottom", "data-role": "perspective" });
    this.editButton = button("Edit position", { "data-action": "edit", "aria-pressed": "false" });
    const toolbar = h(
      "div",
      { class: "tgw-toolbar" },
      this.status,
      this.playBar,
      h(
        "div",
        { class: "tgw-group tgw-view-group" },
        h("label", { class: "tgw-label" }, "View as ", this.perspective),
        this.editButton,
      ),
    );

    // edit panel ------------------------------------------------------------
    const noDie: [string, string] = ["", "–"];
    this.editPlayer = select([], { "aria-label": "Place checkers of", "data-role": "edit-player" });
    this.editTurn = select([], { "aria-label": "Player to move", "data-role": "edit-turn" });
    this.editDie1 = select([noDie, ...dieFaces()], { "aria-label": "Set-up first die", "data-role": "edit-die1" });
    this.editDie2 = select([noDie, ...dieFaces()], { "aria-label": "Set-up second die", "data-role": "edit-die2" });
    this.positionId = h("code", { class: "tgw-id", title: "Position ID" });
    this.editPanel = h(
      "div",
      { class: "tgw-edit", hidden: true, role: "group", "aria-label": "Edit position" },
      h("label", { class: "tgw-label" }, "Add checkers of ", this.editPlayer),
      h("label", { class: "tgw-label" }, "To move ", this.editTurn),
      h("label", { class: "tgw-label" }, "Dice ", this.editDie1, this.editDie2),
      button("Start position", { "data-action": "edit-reset" }),
      button("Clear", { "data-action": "edit-clear" }),
      h(
        "span",
        { class: "tgw-hint" },
        "Click a point or a bar to add a checker; shift-click or right-click takes one back.",
      ),
      h("span", { class: "tgw-hint" }, "ID ", this.positionId),
    );

    // players and analysis panels ----------------------------------------------
    this.players = new PlayersPanel();
    this.analysis = new AnalysisPanel();

    // board -----------------------------------------------------------------
    this.board = h("div", { class: "tgw-board" });
    this.ghost = h("div", { class: "tgw-ghost", hidden: true, "aria-hidden": "true" });

    // plays panel -----------------------------------------------------------
    this.playsCount = h("span", { class: "tgw-count" });
    this.playsFilter = h("input", {
      type: "search",
      class: "tgw-filter",
      placeholder: "Filter, e.g. 13/ or bar",
      "aria-label": "Filter legal plays",
      spellcheck: "false",
      autocomplete: "off",
    });
    this.playsList = h("ol", { class: "tgw-plays", "aria-label": "Legal plays" });
    this.playsNote = h("div", { class: "tgw-note" });
    const playsPanel = h(
      "section",
      { class: "tgw-panel tgw-plays-panel" },
      h("header", { class: "tgw-panel-head" }, h("h3", {}, "Legal plays"), this.playsCount),
      this.playsFilter,
      this.playsList,
      this.playsNote,
    );

    // history panel ---------------------------------------------------------
    this.historyLabel = h("span", { class: "tgw-count" });
    this.historyList = h("ol", { class: "tgw-history", "aria-label": "Move list" });
    this.firstButton = iconButton("first", { "aria-label": "First position", title: "First (Home)", "data-action": "first" });
    this.prevButton = iconButton("prev", { "aria-label": "Previous turn", title: "Previous (←)", "data-action": "prev" });
    this.nextButton = iconButton("next", { "aria-label": "Next turn", title: "Next (→)", "data-action": "next" });
    this.lastButton = iconButton("last", { "aria-label": "Last position", title: "Last (End)", "data-action": "last" });
    this.slider = h("input", { type: "range", class: "tgw-slider", min: 0, max: 0, value: 0, "aria-label": "Turn" });
    const historyPanel = h(
      "section",
      { class: "tgw-panel tgw-history-panel" },
      h("header", { class: "tgw-panel-head" }, h("h3", {}, "History"), this.historyLabel),
      this.historyList,
      h(
        "div",
        { class: "tgw-nav", role: "group", "aria-label": "Step through the game" },
        this.firstButton,
        this.prevButton,
        this.nextButton,
        this.lastButton,
        this.slider,
      ),
    );

    this.message = h("div", { class: "tgw-message", role: "status", "aria-live": "polite" });
    this.root = h(
      "div",
      {
        class: "trigammon-widget",
        tabindex: 0,
        role: "group",
        "aria-label": "Backgammon board",
        // JupyterLab/Notebook: keys pressed in the widget are not notebook commands
        // (command mode would take "d d" as "delete this cell").
        "data-lm-suppress-shortcuts": "true",
      },
      toolbar,
      this.editPanel,
      h(
        "div",
        { class: "tgw-main" },
        h("div", { class: "tgw-board-wrap" }, this.board, this.message),
        h("div", { class: "tgw-side" }, this.players.element, this.analysis.element, playsPanel, historyPanel),
      ),
      this.ghost,
    );
    el.appendChild(this.root);
    this.listen();
    this.drawBoard();
    this.update();
  }

  // wiring ------------------------------------------------------------------

  private listen(): void {
    const signal = this.events.signal;
    const on = <K extends keyof HTMLElementEventMap>(
      target: HTMLElement,
      type: K,
      handler: (event: HTMLElementEventMap[K]) => void,
    ): void => target.addEventListener(type, handler as EventListener, { signal });

    this.model.on("change:svg", this.onSvg);
    this.model.on("change:view", this.onView);
    this.model.on("change:plays", this.onLists);
    this.model.on("change:history", this.onLists);
    this.model.on("msg:custom", this.onMessage);

    on(this.root, "click", (event) => this.onButton(event));
    on(this.root, "keydown", (event) => this.onKey(event));
    on(this.board, "pointerdown", (event) => this.onPointerDown(event));
    on(this.board, "pointermove", (event) => this.onPointerMove(event));
    on(this.board, "pointerup", (event) => this.onPointerUp(event));
    on(this.board, "pointercancel", () => this.endDrag());
    on(this.board, "contextmenu", (event) => this.onContextMenu(event));

    on(this.perspective, "change", () => this.send({ action: "set_perspective", player: Number(this.perspective.value) }));
    on(this.editPlayer, "change", () => this.send({ action: "edit_player", player: Number(this.editPlayer.value) }));
    on(this.editTurn, "change", () => this.send({ action: "edit_turn", player: Number(this.editTurn.value) }));
    on(this.editDie1, "change", () => this.onEditDice());
    on(this.editDie2, "change", () => this.onEditDice());

    on(this.players.element, "change", (event) => {
      const target = event.target as HTMLElement;
      if (!(target instanceof HTMLSelectElement) || target.dataset.role !== "seat") return;
      const seat = PlayersPanel.seatOf(target);
      if (seat) this.sendAfterBot({ action: "set_seat", ...seat });
    });
    on(this.players.speed, "input", () => {
      this.autoplay.setSpeed(Number(this.players.speed.value));
      if (this.view) this.players.render(this.view, this.autoplay);
    });

    on(this.playsFilter, "input", () => this.renderPlays(true));
    for (const list of [this.playsList, this.analysis.hintsList]) {
      on(list, "pointerover", (event) => this.onPlayHover(event.target));
      on(list, "focusin", (event) => this.onPlayHover(event.target));
      on(list, "pointerleave", () => this.endPreview());
      on(list, "focusout", (event) => {
        if (!list.contains(event.relatedTarget as Node | null)) this.endPreview();
      });
    }
    on(this.slider, "input", () => this.navigate({ ply: Number(this.slider.value) }));

    const dark = window.matchMedia?.("(prefers-color-scheme: dark)");
    dark?.addEventListener("change", () => this.applyTheme(), { signal });
  }

  destroy(): void {
    this.model.off("change:svg", this.onSvg);
    this.model.off("change:view", this.onView);
    this.model.off("change:plays", this.onLists);
    this.model.off("change:history", this.onLists);
    this.model.off("msg:custom", this.onMessage);
    this.events.abort();
    this.autoplay.destroy(); // a board no longer shown plays no more bot turns
    window.clearTimeout(this.previewTimer);
    cancelAnimationFrame(this.scrollFrame);
    this.root.remove();
  }

  private send(intent: Intent): number {
    const id = this.idBase + ++this.seq;
    const version = this.view?.version ?? 0;
    this.pending.set(id, { intent, version, at: performance.now() });
    if (this.pending.size > 500) {
      // A reply that never came (a kernel restart): forget the oldest.
      const oldest = this.pending.keys().next().value;
      if (oldest !== undefined) this.pending.delete(oldest);
    }
    this.model.send({ kind: "intent", id, version, ...intent });
    return id;
  }

  private readonly onMessage = (content: unknown): void => {
    const reply = content as Reply;
    if (!reply || reply.kind !== "reply" || typeof reply.id !== "number") return;
    const id = reply.id;
    const sent = this.pending.get(id);
    if (!sent) return; // another view of the same model asked
    this.pending.delete(id);
    const { intent, version } = sent;
    if (intent.action === "preview") {
      if (reply.ok && typeof reply.svg === "string") this.onPreview(Number(intent.index), version, reply.svg);
      return;
    }
    if (!reply.ok && reply.error) this.showMessage({ kind: "error", text: reply.error.text, rule: reply.error.rule });
    const bot = this.autoplay.onReply(id, reply.ok);
    if (bot || id === this.queuedSent) {
      const next = this.queued.shift();
      this.queuedSent = next ? this.send(next) : null;
    }
    if (intent.action === "goto" || intent.action === "step" || bot) {
      if (!bot) this.navSent = null;
      const wanted = this.navWanted;
      this.navWanted = null;
      if (wanted !== null && wanted !== this.view?.ply) this.navigate({ ply: wanted });
    }
  };

  /** Sends `intent` now, or after the bot turn on its way (and what was queued before). */
  private sendAfterBot(intent: Intent): void {
    const sent = this.queuedSent === null ? undefined : this.pending.get(this.queuedSent);
    if (!sent || performance.now() - sent.at > NAV_TIMEOUT_MS) this.queuedSent = null; // lost
    this.queued.push(intent);
    if (this.autoplay.waiting || this.queuedSent !== null) return;
    const next = this.queued.shift();
    if (next) this.queuedSent = this.send(next);
  }

  /** Shows another turn of the game: `delta` turns on from the last one asked for, or `ply`. */
  private navigate(how: { delta: number } | { ply: number }): void {
    const v = this.view;
    if (!v || v.mode !== "play") return;
    this.autoplay.pause(); // a person looking back: bots must not play on from there
    if (this.navSent !== null && performance.now() - this.navSentAt > NAV_TIMEOUT_MS) {
      this.navSent = this.navWanted = null; // its answer was lost (a kernel restart)
    }
    const base = this.navWanted ?? this.navSent ?? v.ply;
    const ply = Math.max(0, Math.min(v.plies, "delta" in how ? base + how.delta : how.ply));
    if (this.navSent !== null || this.autoplay.waiting) {
      // Asked for when the answer in flight comes (a bot turn's too).
      this.navWanted = ply;
      return;
    }
    if (ply === v.ply) return;
    this.navSent = ply;
    this.navSentAt = performance.now();
    this.send(Math.abs(ply - v.ply) === 1 ? { action: "step", delta: ply - v.ply } : { action: "goto", ply });
  }

  private readonly onSvg = (): void => {
    if (this.previewing) return; // shown when the preview ends
    this.drawBoard();
  };

  private readonly onView = (): void => {
    const before = this.view;
    this.update();
    const after = this.view;
    if (before && after && before.version !== after.version) {
      this.previews.clear();
      if (this.previewing || this.previewWanted !== null) this.endPreview();
    }
  };

  /** Lists that came without a new view (hosts that send traits one by one). */
  private readonly onLists = (): void => {
    const v = this.view;
    if (!v) return;
    this.analysis.render(v, v.mode === "play" ? this.model.get("plays") ?? [] : []);
    this.renderPlays(false);
    this.renderHistory(v);
  };

  // rendering ---------------------------------------------------------------

  private drawBoard(): void {
    this.board.innerHTML = this.model.get("svg") ?? ""; // Python's renderer escapes all text
    this.previewing = false;
    this.root.classList.remove("tgw-previewing");
    this.markBoard();
  }

  /** Marks movable checkers and the current selection on the drawing. */
  private markBoard(): void {
    const view = this.view;
    clearMarks(this.board);
    if (!view || view.mode !== "play") return;
    for (const source of Object.keys(view.targets ?? {})) {
      mark(elementsOf(this.board, source, view.turn), "tgw-movable");
    }
    if (this.selected === null) return;
    mark(elementsOf(this.board, this.selected, view.turn), "tgw-from");
    for (const target of view.targets[this.selected] ?? []) {
      mark(elementsOf(this.board, target, view.turn), "tgw-target");
    }
  }

  private update(): void {
    const view = this.model.get("view") as View | null;
    const previous = this.view;
    this.view = view && typeof view === "object" && Array.isArray(view.names) ? view : null;
    if (!this.view) return;
    const v = this.view;
    if (!previous || previous.version !== v.version) {
      if (this.selected !== null && !(this.selected in (v.targets ?? {}))) this.selected = null;
    }
    const message = JSON.stringify(v.message ?? null);
    if (!previous || previous.version !== v.version || message !== this.shownMessage) {
      this.shownMessage = message;
      this.showMessage(v.message);
    }
    this.root.dataset.version = String(v.version); // lets tests and benchmarks wait for Python
    this.root.dataset.mode = v.mode;
    this.root.dataset.variant = v.variant;
    this.applyTheme();
    this.renderToolbar(v);
    this.renderEdit(v);
    this.players.render(v, this.autoplay);
    this.analysis.render(v, v.mode === "play" ? this.model.get("plays") ?? [] : []);
    this.renderPlays(false);
    this.renderHistory(v);
    this.markBoard();
    this.autoplay.schedule();
  }

  private applyTheme(): void {
    const theme = this.view?.theme;
    const dark = window.matchMedia?.("(prefers-color-scheme: dark)").matches ?? false;
    this.root.dataset.theme = theme === "dark" || theme === "light" ? theme : dark ? "dark" : "light";
  }

  private name(player: number): string {
    return this.view?.names[player] ?? `Player ${player + 1}`;
  }

  private playerOptions(v: View): [string, string][] {
    return v.names.map((name, player) => [String(player), name]);
  }

  private renderToolbar(v: View): void {
    const play = v.mode === "play";
    const parts: (Node | string)[] = [swatch(v.colors[v.turn]), h("strong", {}, this.name(v.turn))];
    if (v.outcome) {
      setChildren(this.status, swatch(v.colors[v.outcome.winner]), h("strong", {}, this.name(v.outcome.winner)), ` wins${describeOutcome(v)}`);
    } else {
      if (!play) parts.push(" to move (set-up)");
      else parts.push(v.dice ? " to move" : " to roll");
      if (v.dice) parts.push(h("span", { class: "tgw-dice" }, ` ${v.dice[0]}–${v.dice[1]}`));
      if (play && v.ply < v.plies) {
        parts.push(h("span", { class: "tgw-partial" }, ` · an earlier position: playing on replaces turns ${v.ply + 1}–${v.plies}`));
      }
      if (play && v.dice && v.remaining.length && v.partial) {
        parts.push(h("span", { class: "tgw-partial" }, ` · played ${v.partial} · left ${v.remaining.join(" ")}`));
      }
      setChildren(this.status, ...parts);
    }
    this.playBar.hidden = !play;
    this.rollButton.disabled = !v.can_roll;
    this.die1.disabled = this.die2.disabled = this.setDiceButton.disabled = !v.can_roll;
    this.undoButton.disabled = !v.can_undo_move;
    this.confirmButton.disabled = !v.can_confirm;
    this.confirmButton.classList.toggle("tgw-primary", v.can_confirm);
    setOptions(this.perspective, this.playerOptions(v));
    this.perspective.value = String(v.perspective);
    this.editButton.textContent = play ? "Edit position" : "Done editing";
    this.editButton.setAttribute("aria-pressed", String(!play));
  }

  private renderEdit(v: View): void {
    const editing = v.mode === "edit";
    this.editPanel.hidden = !editing;
    if (!editing) {
      this.editDiceKey = "";
      return;
    }
    setOptions(this.editPlayer, this.playerOptions(v));
    this.editPlayer.value = String(v.edit_player);
    setOptions(this.editTurn, this.playerOptions(v));
    this.editTurn.value = String(v.turn);
    const key = v.dice ? v.dice.join(",") : "none";
    if (key !== this.editDiceKey) {
      // Only follow Python's dice when they change, so one die picked stays picked.
      this.editDiceKey = key;
      this.editDie1.value = v.dice ? String(v.dice[0]) : "";
      this.editDie2.value = v.dice ? String(v.dice[1]) : "";
    }
    this.positionId.textContent = v.position_id;
  }

  private renderPlays(filterChanged: boolean): void {
    const v = this.view;
    const plays = v && v.mode === "play" ? this.model.get("plays") ?? [] : [];
    const state = v ? `${v.mode} ${v.can_roll} ${v.dice} ${!!v.outcome}` : "";
    if (!filterChanged && this.shownPlays && sameStrings(plays, this.shownPlays) && state === this.shownPlaysState) return;
    this.shownPlays = plays;
    this.shownPlaysState = state;
    const tokens = this.playsFilter.value.toLowerCase().split(/\s+/).filter(Boolean);
    const matches: number[] = [];
    plays.forEach((play, index) => {
      const text = play.toLowerCase();
      if (tokens.every((token) => text.includes(token))) matches.push(index);
    });
    const fragment = document.createDocumentFragment();
    for (const index of matches.slice(0, PLAY_LIMIT)) {
      fragment.appendChild(
        h("li", {}, h("button", { type: "button", class: "tgw-play", "data-index": index, "data-action": "play", "data-preview": "" }, plays[index])),
      );
    }
    setChildren(this.playsList, fragment);
    this.playsCount.textContent = tokens.length ? `${matches.length} of ${plays.length}` : String(plays.length);
    let note = "";
    if (matches.length > PLAY_LIMIT) note = `${matches.length - PLAY_LIMIT} more — type in the filter to narrow the list`;
    else if (plays.length && !matches.length) note = "No play matches the filter.";
    else if (!plays.length && v?.mode === "play") {
      if (v.outcome) note = "The game is over.";
      else if (v.can_roll) note = "Roll (or set the dice) to see the legal plays.";
      else if (v.dice) note = "No legal play.";
    }
    this.playsNote.textContent = note;
    this.playsNote.hidden = !note;
  }

  private renderHistory(v: View): void {
    const history = this.model.get("history") ?? [];
    const look = JSON.stringify([v.names, v.colors]);
    // Compared by content (a host may update the list in place): only rows that
    // changed are made, so a turn played adds one row, not the game's.
    const old = look === this.historyLook ? this.historyKeys : [];
    let same = 0;
    while (same < old.length && same < history.length && old[same] === entryKey(history[same])) same++;
    const rebuilt = same < old.length || same < history.length || !this.historyRows.length;
    if (rebuilt) {
      if (!this.historyRows.length) {
        this.historyRows = [
          h("li", { "data-ply": 0 }, h("button", { type: "button", class: "tgw-move", "data-action": "goto", "data-ply": 0 }, "Start")),
        ];
        setChildren(this.historyList, this.historyRows[0]);
      }
      // Rows after the common part go (a replaced line of play, or a new game);
      // row k shows ply k (Python numbers the entries 1, 2, ...).
      for (const row of this.historyRows.splice(same + 1)) row.remove();
      const fragment = document.createDocumentFragment();
      for (const entry of history.slice(same)) {
        const row = this.historyRow(v, entry);
        this.historyRows.push(row);
        fragment.appendChild(row);
      }
      this.historyList.appendChild(fragment);
      this.historyKeys = history.map(entryKey);
      this.historyLook = look;
    }
    const current = this.historyRows[v.ply] ?? null;
    if (current !== this.currentRow || rebuilt) {
      this.currentRow?.classList.remove("tgw-current");
      this.currentRow?.removeAttribute("aria-current");
      this.currentRow = current;
      if (current) {
        current.classList.add("tgw-current");
        current.setAttribute("aria-current", "step");
        // Measured in the next frame, where layout happens anyway: reading it now
        // would force a layout of the page right after the board was replaced.
        cancelAnimationFrame(this.scrollFrame);
        this.scrollFrame = requestAnimationFrame(() => scrollIntoList(this.historyList, current));
      }
    }
    this.historyLabel.textContent = `turn ${v.ply} of ${v.plies}`;
    const canStep = v.mode === "play";
    this.firstButton.disabled = this.prevButton.disabled = !canStep || v.ply <= 0;
    this.nextButton.disabled = this.lastButton.disabled = !canStep || v.ply >= v.plies;
    this.slider.max = String(v.plies);
    this.slider.value = String(v.ply);
    this.slider.disabled = !canStep || v.plies === 0;
  }

  private historyRow(v: View, entry: HistoryEntry): HTMLLIElement {
    const dice = entry.dice && entry.dice.length ? `${entry.dice.join("")}: ` : "";
    return h(
      "li",
      { "data-ply": entry.ply },
      h(
        "button",
        { type: "button", class: "tgw-move", "data-action": "goto", "data-ply": entry.ply, title: this.name(entry.player) },
        h("span", { class: "tgw-ply" }, `${entry.ply}.`),
        swatch(v.colors[entry.player]),
        h("span", { class: "tgw-dice" }, dice),
        h("span", { class: "tgw-notation" }, entry.text || "(no move)"),
      ),
    );
  }

  private showMessage(message: Message | null | undefined): void {
    if (!message || !message.text) {
      setChildren(this.message);
      delete this.message.dataset.kind;
      return;
    }
    const rule = message.rule || null;
    let text = message.text;
    if (rule && text.startsWith(`${rule}:`)) text = text.slice(rule.length + 1).trimStart();
    setChildren(this.message, rule && h("strong", { class: "tgw-rule" }, rule), rule && " — ", text);
    this.message.dataset.kind = message.kind;
  }

  // gestures ----------------------------------------------------------------

  private onButton(event: MouseEvent): void {
    const target = (event.target as Element).closest<HTMLElement>("[data-action]");
    if (!target || !this.root.contains(target) || (target as HTMLButtonElement).disabled) return;
    const v = this.view;
    if (!v) return;
    switch (target.dataset.action) {
      case "roll":
        return void this.send({ action: "roll" });
      case "set-dice":
        return void this.send({ action: "set_dice", dice: [Number(this.die1.value), Number(this.die2.value)] });
      case "undo":
        this.selected = null;
        return void this.send({ action: "undo_move" });
      case "confirm":
        return void this.send({ action: "confirm" });
      case "edit":
        this.selected = null;
        this.autoplay.pause();
        return this.sendAfterBot({ action: "edit", on: v.mode !== "edit" });
      case "edit-reset":
        return void this.send({ action: "edit_reset" });
      case "edit-clear":
        return void this.send({ action: "edit_clear" });
      case "first":
        return this.navigate({ ply: 0 });
      case "prev":
        return this.navigate({ delta: -1 });
      case "next":
        return this.navigate({ delta: 1 });
      case "last":
        return this.navigate({ ply: v.plies });
      case "goto":
        return this.navigate({ ply: Number(target.dataset.ply) });
      case "play":
        this.endPreview();
        this.selected = null;
        return void this.send({ action: "play", index: Number(target.dataset.index) });
      case "autoplay":
        return this.autoplay.toggle();
      case "bot-step":
        return this.autoplay.step();
      case "hints":
        this.autoplay.pause(); // a position to study: bots would play it away
        return this.sendAfterBot({ action: "hints" });
      case "analyse":
        this.autoplay.pause();
        return this.sendAfterBot({ action: "analyse" });
      case "cancel-analysis":
        return this.sendAfterBot({ action: "cancel_analysis" });
    }
  }

  private onKey(event: KeyboardEvent): void {
    const target = event.target as HTMLElement;
    if (target.closest("input, select, textarea") || event.altKey || event.ctrlKey || event.metaKey) return;
    const v = this.view;
    if (!v) return;
    switch (event.key) {
      case "ArrowLeft":
        this.navigate({ delta: -1 });
        break;
      case "ArrowRight":
        this.navigate({ delta: 1 });
        break;
      case "Home":
        this.navigate({ ply: 0 });
        break;
      case "End":
        this.navigate({ ply: v.plies });
        break;
      case "Escape":
        this.select(null);
        this.endPreview();
        break;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
  }

  private onPointerDown(event: PointerEvent): void {
    if (event.button !== 0 || !this.view) return;
    this.root.focus({ preventScroll: true });
    const hit = hitOf(this.board, event.target);
    const place = this.view.mode === "play" ? placeOf(hit, this.view.turn) : null;
    const source = place !== null && place in (this.view.targets ?? {}) ? place : null;
    this.press = { pointerId: event.pointerId, x: event.clientX, y: event.clientY, hit, shift: event.shiftKey, source, dragging: false };
    if (source !== null) {
      this.board.setPointerCapture?.(event.pointerId);
      event.preventDefault(); // no text selection or native drag while lifting a checker
    }
  }

  private onPointerMove(event: PointerEvent): void {
    const press = this.press;
    if (!press || press.pointerId !== event.pointerId || press.source === null || !this.view) return;
    if (!press.dragging) {
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < DRAG_THRESHOLD) return;
      press.dragging = true;
      this.select(press.source);
      const checker = topChecker(this.board, press.source, this.view.turn);
      checker?.classList.add("tgw-lifted");
      const size = checker?.getBoundingClientRect().width || 32;
      this.ghost.style.width = this.ghost.style.height = `${size}px`;
      this.ghost.style.backgroundColor = this.view.colors[this.view.turn] ?? "";
      this.ghost.hidden = false;
    }
    const box = this.root.getBoundingClientRect();
    const half = this.ghost.offsetWidth / 2;
    this.ghost.style.transform = `translate(${event.clientX - box.left - half}px, ${event.clientY - box.top - half}px)`;
  }

  private onPointerUp(event: PointerEvent): void {
    const press = this.press;
    if (!press || press.pointerId !== event.pointerId) return;
    this.press = null;
    const v = this.view;
    if (!v) return;
    if (press.dragging && press.source !== null) {
      this.endDrag();
      const hit = hitOf(this.board, document.elementFromPoint(event.clientX, event.clientY));
      const place = placeOf(hit, v.turn);
      if (place !== null && place !== press.source) this.tryMove(press.source, place);
      return;
    }
    if (v.mode === "edit") this.editClick(press.hit, press.shift ? -1 : 1);
    else this.playClick(press.hit);
  }

  private onContextMenu(event: MouseEvent): void {
    if (this.view?.mode !== "edit") return;
    event.preventDefault();
    this.editClick(hitOf(this.board, event.target), -1);
  }

  private endDrag(): void {
    this.ghost.hidden = true;
    for (const element of [...this.board.getElementsByClassName("tgw-lifted")]) element.classList.remove("tgw-lifted");
    if (this.press?.dragging) this.press = null;
  }

  /** Click-to-move: pick a checker up (its targets light up at once), then click a target. */
  private playClick(hit: Hit | null): void {
    const v = this.view;
    if (!v) return;
    const targets = v.targets ?? {};
    const place = placeOf(hit, v.turn);
    const selected = this.selected;
    if (selected !== null) {
      if (place === null || place === selected) return this.select(null);
      if ((targets[selected] ?? []).includes(place)) return this.tryMove(selected, place);
      if (place in targets) return this.select(place);
      // Not a legal target: Python explains which rule forbids it.
      return this.tryMove(selected, place);
    }
    if (place !== null && place in targets) return this.select(place);
    if (hit && hit.area !== "tray" && (hit.area === "bar" ? hit.player : hit.owner) === v.turn && v.mode === "play") {
      if (v.can_roll) this.showMessage({ kind: "info", text: "Roll the dice first.", rule: null });
      else if (v.dice && !v.outcome) this.showMessage({ kind: "info", text: "That checker has no legal move with the dice left.", rule: null });
    }
  }

  private tryMove(from: Place, to: Place): void {
    this.send({ action: "move", from, to }); // first: the round trip starts sooner
    this.select(null);
  }

  private select(place: Place | null): void {
    this.selected = place;
    this.root.classList.toggle("tgw-selecting", place !== null);
    this.markBoard();
  }

  private editClick(hit: Hit | null, delta: 1 | -1): void {
    const v = this.view;
    if (!v || !hit) return;
    if (hit.area === "point") {
      const player = delta > 0 ? v.edit_player : hit.owner;
      if (player === null) return;
      this.send({ action: "edit_place", player, place: hit.point, delta });
    } else if (hit.area === "bar") {
      // Each bar belongs to one player: a click there is about that player's checkers.
      this.send({ action: "edit_place", player: hit.player, place: "bar", delta });
    } else {
      this.showMessage({
        kind: "info",
        text: "A tray holds the checkers not on the board: click a point or a bar to place one, shift-click to take one back.",
        rule: null,
      });
    }
  }

  private onEditDice(): void {
    const a = this.editDie1.value;
    const b = this.editDie2.value;
    if (a && b) this.send({ action: "edit_dice", dice: [Number(a), Number(b)] });
    else if (this.view?.dice) this.send({ action: "edit_dice", dice: null });
  }

  // previews ----------------------------------------------------------------

  private onPlayHover(target: EventTarget | null): void {
    const item = target instanceof Element ? target.closest<HTMLElement>("[data-preview]") : null;
    if (!item || !this.view) return;
    const index = Number(item.dataset.index);
    if (index === this.previewWanted) return;
    this.previewWanted = index;
    window.clearTimeout(this.previewTimer);
    const cached = this.previews.get(`${this.view.version}:${index}`);
    if (cached !== undefined) return this.showPreview(cached);
    const ask = (): void => {
      if (this.previewWanted !== index) return;
      // A preview asked while a change is on its way would be refused as stale.
      if (this.busy()) this.previewTimer = window.setTimeout(ask, PREVIEW_DELAY_MS);
      else this.send({ action: "preview", index });
    };
    this.previewTimer = window.setTimeout(ask, PREVIEW_DELAY_MS);
  }

  /** A change asked for is unanswered (previews change nothing; lost answers don't count). */
  private busy(): boolean {
    const now = performance.now();
    for (const { intent, at } of this.pending.values()) {
      if (intent.action !== "preview" && now - at < NAV_TIMEOUT_MS) return true;
    }
    return false;
  }

  private onPreview(index: number, version: number, svg: string): void {
    if (this.previews.size > 64) this.previews.clear();
    this.previews.set(`${version}:${index}`, svg);
    if (this.previewWanted === index && version === this.view?.version) this.showPreview(svg);
  }

  private showPreview(svg: string): void {
    this.board.innerHTML = svg; // Python's renderer escapes all text
    this.previewing = true;
    this.root.classList.add("tgw-previewing");
  }

  private endPreview(): void {
    this.previewWanted = null;
    window.clearTimeout(this.previewTimer);
    if (this.previewing) this.drawBoard();
  }
}

function describeOutcome(v: View): string {
  const outcome = v.outcome;
  if (!outcome) return "";
  const losers = outcome.results
    .map((result, player) => [result, player] as const)
    .filter(([result, player]) => player !== outcome.winner && result && result !== "single");
  return losers.length ? ` · ${losers.map(([result, player]) => `${result} against ${v.names[player] ?? player}`).join(", ")}` : "";
}

function sameStrings(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function entryKey(entry: HistoryEntry): string {
  return `${entry.ply} ${entry.player} ${String(entry.dice)} ${entry.text}`;
}

/** Scrolls a list (and only the list, not the notebook around it) to show `row`. */
function scrollIntoList(list: HTMLElement, row: HTMLElement): void {
  const top = row.offsetTop; // the list is positioned: offsets are from its top
  const bottom = top + row.offsetHeight;
  if (top < list.scrollTop) list.scrollTop = top;
  else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight;
}

export default {
  render({ model, el }: RenderProps<Model>) {
    const widget = new BoardWidgetView(model, el);
    return () => widget.destroy();
  },
};
