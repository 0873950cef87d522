// The trigammon board widget's front end (anywidget ESM): wires the modules together.
//
// Python owns all state (docs/widget-protocol.md). The front end draws what Python
// sends (the `svg` and `view` traits, and drawings sent ahead in `frames` messages)
// and turns gestures into intents (requests.ts) that Python checks and answers. Its
// own decisions are visual aids from data Python already sent (a picked-up checker's
// targets, the play filter, a step or a move drawn before Python confirms it) and
// autoplay's pace. The README's development section lists the modules.

import type { AnyModel, RenderProps } from "@anywidget/types";

// First: the panels' own rules (imported by their modules) build on the shared ones.
import "./widget.css";

import { Autoplay } from "./autoplay";
import { Board } from "./board";
import { h, on } from "./dom";
import { markMoves } from "./drawing";
import { Frames } from "./frames";
import { keyStep, Navigation, plyFor, recordAt, type Step } from "./navigation";
import { AnalysisPanel } from "./panels/analysis";
import { DrillPanel } from "./panels/drill";
import { EditPanel } from "./panels/edit";
import { ExportMenu } from "./panels/export";
import { EquityGraph } from "./panels/graph";
import { HistoryPanel } from "./panels/history";
import { MatchPanel } from "./panels/match";
import { MessageLine } from "./panels/message";
import { PlayersPanel } from "./panels/players";
import { PlaysPanel } from "./panels/plays";
import { ReviewPanel } from "./panels/review";
import { Toolbar } from "./panels/toolbar";
import { Tutor } from "./panels/tutor";
import { VariationsPanel } from "./panels/variations";
import { Pointer } from "./pointer";
import { Previews } from "./previews";
import type { Action, FramesMessage, Intent, Message, Place, Reply, Traits, View } from "./protocol";
import { Refused, Requests, TIMEOUT_MS } from "./requests";
import { type Words, word } from "./words";

type Model = AnyModel<Traits>;

/** The side column's least height when it scrolls beside a short board (a small one). */
const MIN_SIDE_PX = 420;

/** Intents that show another game, line or review: bots pause for them. */
const LOOKING_ELSEWHERE: ReadonlySet<Action> = new Set<Action>([
  "show_game",
  "analyse",
  "next_mistake",
  "switch_variation",
  "promote_variation",
  "rename_variation",
  "delete_variation",
  "main_line",
]);
/** Intents that may end a person's turn, which the tutor looks at first. */
const TUTORED: ReadonlySet<Action> = new Set<Action>(["confirm", "play_listed", "move"]);
/** How long a tutored intent waits before the message line says the tutor is checking. */
const CHECKING_DELAY = 400;
/** How long a tutored intent's reply may take: the tutor may roll the roll out first,
 *  up to Python's ROLLOUT_SECONDS (30 s), and a cold board loads its nets (walk 39 saw
 *  a 14 s check lost at the usual 10 s, Confirm lit again before the tutor answered). */
const TUTORED_TIMEOUT_MS = 60_000;
/** Python's messages besides trait changes. */
type Incoming = Reply | FramesMessage;

class BoardView {
  private readonly model: Model;
  private view: View | null = null;
  /** Whether the tutor is checking a play, and whether the message line says so yet
   *  (`sayWhileTutorChecks`). */
  private checking = false;
  private checkingSaid = false;
  private palette = "";
  /** An ↑ or ↓ (+1, -1) waiting for Python's view (`takeLineStep`). */
  private lineStep: number | null = null;
  private readonly events = new AbortController();
  private readonly fitSide: ResizeObserver;
  private readonly sideColumn = h("div", { class: "tgw-side" });
  /** The control in this board that had the keyboard's focus last (`keepFocus`). */
  private focused: Element | null = null;
  private readonly root = h("div", {
    class: "trigammon-widget",
    tabindex: 0,
    role: "group",
    // JupyterLab/Notebook: keys pressed in the widget are not notebook commands
    // (command mode would take "d d" as "delete this cell").
    "data-lm-suppress-shortcuts": "true",
  });
  private readonly requests: Requests;
  private readonly frames = new Frames();
  private readonly board = new Board(() => this.boardChanged());
  private readonly message = new MessageLine(() => this.words());
  private readonly navigation: Navigation;
  private readonly previews: Previews;
  private readonly autoplay: Autoplay;
  private readonly pointer: Pointer;
  private readonly toolbar: Toolbar;
  private readonly edit: EditPanel;
  private readonly players: PlayersPanel;
  private readonly matchPanel: MatchPanel;
  private readonly analysis: AnalysisPanel;
  private readonly review: ReviewPanel;
  private readonly drill: DrillPanel;
  private readonly graph: EquityGraph;
  private readonly tutor: Tutor;
  private readonly plays: PlaysPanel;
  private readonly history: HistoryPanel;
  private readonly variations: VariationsPanel;
  private readonly exporter: ExportMenu;

  constructor(model: Model, el: HTMLElement) {
    this.model = model;
    const signal = this.events.signal;
    const send = (intent: Intent) => this.request(intent);
    const settled = (intent: Intent) => this.request(intent, true);
    // A person looking at another game, line or review: bots must not play on from there
    // (hints, chances and the next game leave them to move on their own).
    const pausing = (intent: Intent) => {
      if (LOOKING_ELSEWHERE.has(intent.action)) this.autoplay.lookAway();
      settled(intent);
    };
    const say = (text: string) => this.message.show({ kind: "info", text, rule: null }, true);
    this.requests = new Requests(
      model,
      () => this.view?.version ?? 0,
      () => {
        this.navigation.resume();
        this.takeLineStep();
      },
    );
    this.navigation = new Navigation({
      view: () => this.view,
      frame: (ply) => this.stepFrame(ply),
      showAhead: (ply, svg) => {
        this.board.showAhead(svg);
        this.follow(ply);
      },
      caughtUp: () => {
        this.board.confirmed();
        this.follow(this.view?.ply ?? 0);
        this.takeLineStep();
      },
      busy: () => this.requests.busy(),
      send,
    });
    this.previews = new Previews(this.board, {
      view: () => this.view,
      showing: (play) => this.message.preview(play),
      busy: () => this.requests.busy(),
      ask: (index) => this.requests.send({ action: "preview", index }),
    });
    this.autoplay = new Autoplay({
      view: () => this.view,
      send,
      busy: () => this.requests.busy(),
      changed: () => this.players.refresh(),
    });
    this.pointer = new Pointer(
      this.board.element,
      this.root,
      {
        view: () => this.shownView(),
        move: (start, end) => this.move(start, end),
        edit: send,
        say,
        refuse: (text, rule) => this.message.show({ kind: "error", text, rule }, true),
        words: () => this.words(),
        selectionChanged: () => this.selectionChanged(),
      },
      signal,
    );
    this.toolbar = new Toolbar({ send, toggleEdit: () => this.toggleEdit() }, signal);
    this.edit = new EditPanel(send, signal);
    this.players = new PlayersPanel(this.autoplay, settled, signal);
    this.matchPanel = new MatchPanel(pausing, signal);
    this.analysis = new AnalysisPanel(pausing, (index) => this.playListed(index), signal);
    const wanted = () => (this.view ? this.navigation.wanted(this.view) : 0);
    this.review = new ReviewPanel({ send: pausing, go: (ply) => this.go({ ply }), wanted, say }, signal);
    this.graph = new EquityGraph((record) => this.view && this.go({ ply: plyFor(this.view, record) }), signal);
    this.tutor = new Tutor(settled, signal);
    this.drill = new DrillPanel(settled, signal);
    this.plays = new PlaysPanel((index) => this.playListed(index), signal);
    this.history = new HistoryPanel((step) => this.go(step), signal);
    this.variations = new VariationsPanel(pausing, signal);
    this.exporter = new ExportMenu(this.requests, this.message, signal);
    this.toolbar.addStatusAside(this.exporter.element);
    this.toolbar.addView(this.tutor.toggle);
    this.previews.attach(this.plays.list, signal);
    this.previews.attach(this.analysis.hintsList, signal);
    this.previews.attach(this.analysis.note, signal);

    const side = [
      this.drill,
      this.matchPanel,
      this.players,
      this.analysis,
      this.plays,
      this.history,
      this.review,
      this.variations,
    ].map((panel) => panel.element);
    const boardWrap = h(
      "div",
      { class: "tgw-board-wrap" },
      this.board.element,
      this.tutor.warning,
      this.message.element,
      this.graph.element,
    );
    const sideColumn = this.sideColumn;
    sideColumn.append(...side);
    this.root.append(
      this.toolbar.element,
      this.edit.element,
      h("div", { class: "tgw-main" }, boardWrap, sideColumn),
      this.pointer.ghost,
    );
    // Beside the board, the side column (often the taller) scrolls within the board's
    // height, so that the board stays in sight: a play hovered in its lists is seen on it
    // (walk 16). A notebook's output area clips, so the board cannot stick as it scrolls.
    this.fitSide = new ResizeObserver(() => {
      const beside = sideColumn.getBoundingClientRect().top - boardWrap.getBoundingClientRect().top < 1;
      sideColumn.style.maxHeight = beside ? `${Math.max(boardWrap.offsetHeight, MIN_SIDE_PX)}px` : "";
    });
    this.fitSide.observe(boardWrap);
    this.fitSide.observe(this.root);
    on(this.root, "keydown", (event) => this.onKey(event), signal);
    on(this.root, "focusin", (event) => (this.focused = event.target as Element), signal);
    for (const [name, handler] of this.modelEvents) model.on(name, handler);
    el.appendChild(this.root);
    this.onSvg();
    this.onWords();
    this.onView();
    void this.request({ action: "prefetch" }); // frames sent before this view existed were lost
  }

  destroy(): void {
    this.fitSide.disconnect();
    for (const [name, handler] of this.modelEvents) this.model.off(name, handler);
    this.events.abort();
    this.requests.destroy();
    this.autoplay.destroy(); // a board no longer shown plays no more bot turns
    this.previews.destroy();
    this.history.destroy();
    this.root.remove();
  }

  private readonly onSvg = (): void => this.board.setModel(this.model.get("svg"));

  /** The board's words in its language (Python's `words` trait). */
  private words(): Words {
    return this.model.get("words") ?? {};
  }

  private readonly onWords = (): void => {
    this.root.setAttribute("aria-label", word(this.words(), "board"));
    this.renderPanels();
  };

  private readonly onView = (): void => {
    const view = this.model.get("view");
    const changed = view.version !== this.view?.version;
    this.view = view;
    if (changed) {
      this.previews.clear(); // previews and picked-up checkers were of the old board
      this.pointer.update(view);
    }
    // While the tutor checks a play, the line says so whatever else the view changes
    // (walk 33's first check showed the last move instead, for 20 s).
    this.message.show(this.checkingSaid ? this.checkingMessage() : view.message, changed);
    this.root.dataset.version = String(view.version); // lets tests and benchmarks wait for Python
    this.root.dataset.mode = view.mode;
    this.root.dataset.variant = view.variant;
    this.root.dataset.drill = view.drill ? "on" : "off"; // drill.css: the judging panels step aside
    const reviewing = view.review ? "on" : "off";
    // review.css: its panel comes up the side column, scrolled to when it does
    if (reviewing === "on" && this.root.dataset.review !== "on") this.sideColumn.scrollTop = 0;
    this.root.dataset.review = reviewing;
    this.applyTheme(view);
    this.renderPanels();
    this.autoplay.schedule();
    this.takeLineStep();
  };

  private readonly modelEvents: [string, (content: unknown) => void][] = [
    ["change:svg", this.onSvg],
    ["change:view", this.onView],
    ["change:words", this.onWords],
    // Lists may come without a new view (hosts that send traits one by one).
    ["change:plays", () => this.renderPanels()],
    ["change:history", () => this.renderPanels()],
    ["change:graph", () => this.renderPanels()],
    ["msg:custom", (content) => this.onMessage(content)],
  ];

  private readonly onMessage = (content: unknown): void => {
    const message = content as Incoming | null;
    switch (message?.kind) {
      case "reply":
        this.requests.receive(message);
        break;
      case "frames":
        this.frames.store(message);
        this.root.dataset.frames = String(message.version); // lets tests wait for them
        break;
    }
  };

  /** The theme's colours (one source: Python's `svg.THEMES`) as the stylesheet's variables. */
  private applyTheme(view: View): void {
    this.root.dataset.theme = view.theme;
    const palette = JSON.stringify(view.palette);
    if (palette === this.palette) return;
    this.palette = palette;
    for (const [name, value] of Object.entries(view.palette)) {
      if (name.startsWith("--tgw-")) this.root.style.setProperty(name, value);
    }
  }

  private renderPanels(): void {
    const v = this.view;
    if (!v) return;
    const plays = v.mode === "play" ? this.model.get("plays") : [];
    const working = this.working(); // before a control under the focus disables itself
    this.toolbar.render(v, this.words(), this.checking);
    this.exporter.render(this.words());

    this.edit.render(v, this.words());
    this.matchPanel.render(v, this.words(), working);
    this.players.render(v, this.words());
    this.analysis.render(v, plays, this.words());
    this.plays.render(v, plays, this.words());
    const history = this.model.get("history");
    const shown = this.navigation.shownPly(v);
    this.history.render(v, history, shown, this.words());
    this.variations.render(v, history, this.words());
    this.review.render(v, shown, this.words());
    this.drill.render(v, this.words());
    this.graph.render(this.model.get("graph") ?? "", recordAt(v, shown), this.words());
    this.tutor.render(v, this.words());
    // The tutor's warning says what Python's message would: one of them at a time.
    this.message.element.hidden = !!v.tutor.warning && v.message?.kind !== "error";
    this.mark();
    this.keepFocus();
  }

  /** The element of this board under the keyboard's focus, or the control of it that
   *  had the focus when it went to the page (a disabled button gives it up); none where
   *  the focus is elsewhere. */
  private focusedHere(): Element | null {
    const active = document.activeElement;
    const control = !active || active === document.body ? this.focused : active;
    return control && this.root.contains(control) ? control : null;
  }

  /** Whether the person works in this board: the focus in it, or on the notebook cell
   *  that holds it (JupyterLab focuses the cell of a button clicked in its output). */
  private working(): boolean {
    const active = document.activeElement;
    return !!this.focusedHere() || (!!active && active !== document.body && active.contains(this.root));
  }

  /** A control that disabled or hid itself under the keyboard's focus (the last "Next
   *  mistake", say) hands the focus to the board: n, p and the arrows go on working. */
  private keepFocus(): void {
    const control = this.focusedHere();
    if (!control || control === this.root) return;
    if (control.matches(":disabled") || !control.checkVisibility()) this.root.focus({ preventScroll: true });
  }

  /** Turn `ply` is on the board (perhaps ahead of Python): the panels that follow it. */
  private follow(ply: number): void {
    const v = this.view;
    if (!v) return;
    this.history.follow(v, ply);
    this.review.render(v, ply, this.words());
    this.graph.follow(recordAt(v, ply));
    this.keepFocus();
  }

  /** The view the drawing on screen shows; null while it shows a preview or a frame ahead. */
  private shownView(): View | null {
    return this.board.isAhead || this.board.previewing ? null : this.view;
  }

  private boardChanged(): void {
    this.root.classList.toggle("tgw-previewing", this.board.previewing);
    this.mark();
  }

  /** A checker picked up: its targets lit, and a refusal of an earlier click gone
   *  (walk 12 read lesson 02's "R8 Bar first" still red under a rightly picked checker). */
  private selectionChanged(): void {
    this.mark();
    if (this.pointer.selected !== null && this.message.refusing) this.message.show(this.view?.message ?? null, true);
  }

  /** Marks the movable checkers, the picked-up one and its targets. */
  private mark(): void {
    markMoves(this.board.element, this.shownView(), this.pointer.selected);
  }

  /** The drawing of turn `ply`: Python's own when it shows that turn as it stands. */
  private stepFrame(ply: number): string | undefined {
    const v = this.view;
    if (!v) return undefined;
    if (ply === v.ply && !v.partial) return this.model.get("svg");
    return this.frames.step(v, ply);
  }

  /** Sends `intent` (`settled`: after every change in flight); a refusal is shown. */
  private request(intent: Intent, settled = false): Promise<Reply> {
    const timeout = this.tutored(intent) ? TUTORED_TIMEOUT_MS : TIMEOUT_MS;
    const reply = settled ? this.requests.sendWhenSettled(intent, timeout) : this.requests.send(intent, timeout);
    reply.catch((error: unknown) => {
      if (error instanceof Refused) this.message.show({ kind: "error", text: error.message, rule: error.rule }, true);
    });
    this.sayWhileTutorChecks(intent, reply);
    return reply;
  }

  /** A play the tutor looks at may wait seconds for Hints' rollout of a close one: the
   *  message line says so while it waits (walk 29 saw nothing happen and clicked again). */
  private sayWhileTutorChecks(intent: Intent, reply: Promise<Reply>): void {
    if (!this.tutored(intent)) return;
    // Confirm waits with the play (walk 33 saw it lit for 20 s and would press again).
    this.checking = true;
    this.root.dataset.checking = "on";
    this.renderPanels();
    const timer = window.setTimeout(() => {
      this.checkingSaid = true;
      this.message.show(this.checkingMessage(), true);
    }, CHECKING_DELAY);
    const done = (): void => {
      window.clearTimeout(timer);
      this.checking = false;
      delete this.root.dataset.checking;
      if (this.checkingSaid) this.message.show(this.view?.message ?? null, true);
      this.checkingSaid = false;
      this.renderPanels();
    };
    reply.then(done, done);
  }

  /** Whether the tutor looks at `intent` before it is made. */
  private tutored(intent: Intent): boolean {
    return !!this.view?.tutor.on && TUTORED.has(intent.action);
  }

  private checkingMessage(): Message {
    return { kind: "info", text: word(this.words(), "tutor_checking"), rule: null };
  }

  /** A checker move, drawn at once when Python sent its drawing ahead. Refused, the
   *  checker stays picked up, to be put elsewhere (walk 16 had to pick it up again). */
  private move(start: Place, end: Place): void {
    const v = this.view;
    if (!v) return;
    const reply = this.request({ action: "move", start, end });
    reply.catch((error: unknown) => {
      const now = this.view;
      if (error instanceof Refused && now?.version === v.version && start in now.targets) this.pointer.select(start);
    });
    const frame = this.frames.move(v, start, end);
    if (frame === undefined) return;
    this.board.showAhead(frame);
    const answered = (): void => this.board.confirmed(); // refused: Python's drawing again
    reply.then(answered, answered);
  }

  private playListed(index: number): void {
    this.previews.end();
    this.pointer.select(null);
    void this.request({ action: "play_listed", index });
  }

  private go(step: Step): void {
    this.autoplay.lookAway(); // a person looking back: bots wait until the board is back
    this.navigation.go(step);
  }

  private toggleEdit(): void {
    const v = this.view;
    if (!v) return;
    this.pointer.select(null);
    this.autoplay.lookAway();
    void this.request({ action: "edit", on: v.mode !== "edit" }, true);
  }

  /** The branch listed is Python's: no change in flight, no turn drawn ahead of it. */
  private lineReady(): boolean {
    return !this.board.isAhead && !this.requests.busy();
  }

  /** An ↑ or ↓ pressed while a change was in flight (`lineStep`), taken once Python's
   *  view is shown: a quick press after a click is not lost. */
  private takeLineStep(): void {
    const delta = this.lineStep;
    if (delta === null || !this.lineReady()) return;
    this.lineStep = null;
    this.variations.step(delta, true);
  }

  private onKey(event: KeyboardEvent): void {
    const target = event.target as HTMLElement;
    if (target.closest("input, select, textarea") || event.altKey || event.ctrlKey || event.metaKey) return;
    const step = keyStep(event.key, this.view?.plies ?? 0);
    if (step) this.go(step);
    else if (event.key === "ArrowUp" || event.key === "ArrowDown") {
      // Another line at the branch listed, once the board shows Python's turn.
      const delta = event.key === "ArrowDown" ? 1 : -1;
      const now = this.lineReady();
      if (!this.variations.step(delta, now)) return;
      if (!now) this.lineStep = delta;
    } else if (this.drill.key(event.key)) {
      // a drill: n the next card, 1 to 4 the grade of the answer
    } else if (this.review.key(event.key)) {
      // n / p: the next or previous mistake of the review
    } else if (event.key === "Escape") {
      this.pointer.select(null);
      this.previews.end();
    } else return;
    event.preventDefault();
    event.stopPropagation();
  }
}

export default {
  render({ model, el }: RenderProps<Traits>) {
    const view = new BoardView(model, el);
    return () => view.destroy();
  },
};
