// The tutor: a toggle in the toolbar with the level of play it stops (doubtful, bad,
// very bad: the review's marks) and, when Python stopped a person's play
// (`view.tutor.warning`), a warning at the board: what the play loses in points per
// game, the better play (dashed on the board beside it), and Take back / Play on.

import { button, h, on, select, setChildren, setOptions } from "../dom";
import { type Intent, MARKS, type View } from "../protocol";
import { EQUITY_TIP, points } from "./analysis";
import "./tutor.css";

type Level = NonNullable<View["tutor"]["level"]>;
const LEVELS = MARKS.map(([, name]) => [name, name] as const);
const OWN = "own";

export class Tutor {
  /** The toggle, for the toolbar. */
  readonly toggle: HTMLElement;
  /** The warning, for under the board. */
  readonly warning = h("div", {
    class: "tgw-tutor-warning",
    role: "alert",
    "data-role": "tutor-warning",
    hidden: true,
  });
  private readonly button = button("Tutor", { "data-action": "tutor", "aria-pressed": "false" });
  private readonly level = select(LEVELS, {
    "aria-label": "The tutor stops a play as bad as",
    "data-role": "tutor-level",
  });
  private readonly levelLabel = h("label", { class: "tgw-label", title: EQUITY_TIP }, "stops ", this.level, " plays");
  private readonly text = h("p", { class: "tgw-tutor-text" });
  private readonly takeBack = button("Take back", { class: "tgw-button tgw-primary", "data-action": "take-back" });
  private readonly playOn = button("Play on", { "data-action": "play-on" });
  private shown = "";
  private tutoring = false;

  constructor(send: (intent: Intent) => void, signal: AbortSignal) {
    this.toggle = h("span", { class: "tgw-tutor-toggle" }, this.button, this.levelLabel);
    this.warning.append(this.text, h("div", { class: "tgw-group" }, this.takeBack, this.playOn));
    on(this.button, "click", () => send({ action: "set_tutor", on: !this.tutoring }), signal);
    on(
      this.level,
      "change",
      () => {
        if (this.level.value !== OWN) send({ action: "set_tutor_level", level: this.level.value as Level });
      },
      signal,
    );
    on(this.takeBack, "click", () => send({ action: "take_back" }), signal);
    on(this.playOn, "click", () => send({ action: "play_on" }), signal);
  }

  render(v: View): void {
    const { on: tutoring, threshold, level, warning } = v.tutor;
    this.tutoring = tutoring;
    const play = v.mode === "play";
    this.toggle.hidden = !play;
    this.button.setAttribute("aria-pressed", String(tutoring));
    const stops = level
      ? `a ${level} play (one that loses ${points(threshold)} or more)`
      : `a play losing ${points(threshold)} or more`;
    this.button.title = tutoring
      ? `The tutor is on: it stops ${stops} before it is made. Click to turn it off.`
      : `Turn the tutor on: it stops ${stops} before it is made.`;
    this.levelLabel.hidden = !tutoring;
    // A threshold set from Python that is no level is shown as it is.
    setOptions(this.level, level ? LEVELS : [...LEVELS, [OWN, `${threshold.toFixed(3)}-point`]]);
    if (document.activeElement !== this.level) this.level.value = level ?? OWN;

    const key = JSON.stringify([warning, v.version]);
    if (key === this.shown) return;
    this.shown = key;
    const had = !this.warning.hidden;
    this.warning.hidden = !warning || !play;
    if (!warning || this.warning.hidden) return;
    const named = MARKS.find(([mark]) => mark === warning.mark)?.[1];
    setChildren(
      this.text,
      h("strong", {}, "The tutor: "),
      h("span", { class: "tgw-notation" }, warning.played),
      " loses ",
      h("span", { title: EQUITY_TIP }, points(warning.loss)),
      named ? ` (a ${named} play)` : "",
      ". Better: ",
      h("span", { class: "tgw-notation tgw-better" }, warning.best),
      ", dashed on the board.",
    );
    // Keyboard users land on the answer, if they were working in this board.
    const root = this.warning.closest(".trigammon-widget");
    if (!had && root?.contains(document.activeElement)) this.takeBack.focus({ preventScroll: true });
  }
}
