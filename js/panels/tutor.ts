// The tutor: a toggle in the toolbar (with the equity a play may lose unwarned) and,
// when Python stopped a person's play (`view.tutor.warning`), a warning at the board:
// what the play loses, the better play (drawn dashed on the board beside it), and
// Take back / Play on.

import { button, h, on, setChildren, setText } from "../dom";
import type { Intent, View } from "../protocol";
import "./tutor.css";

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
  private readonly threshold = h("span", { class: "tgw-count", "data-role": "tutor-threshold" });
  private readonly text = h("p", { class: "tgw-tutor-text" });
  private readonly takeBack = button("Take back", { class: "tgw-button tgw-primary", "data-action": "take-back" });
  private readonly playOn = button("Play on", { "data-action": "play-on" });
  private shown = "";
  private tutoring = false;

  constructor(send: (intent: Intent) => void, signal: AbortSignal) {
    this.toggle = h("span", { class: "tgw-tutor-toggle" }, this.button, this.threshold);
    this.warning.append(this.text, h("div", { class: "tgw-group" }, this.takeBack, this.playOn));
    on(this.button, "click", () => send({ action: "set_tutor", on: !this.tutoring }), signal);
    on(this.takeBack, "click", () => send({ action: "take_back" }), signal);
    on(this.playOn, "click", () => send({ action: "play_on" }), signal);
  }

  render(v: View): void {
    const { on: tutoring, threshold, warning } = v.tutor;
    this.tutoring = tutoring;
    const play = v.mode === "play";
    this.toggle.hidden = !play;
    this.button.setAttribute("aria-pressed", String(tutoring));
    const limit = threshold.toFixed(3);
    this.button.title = tutoring
      ? `The tutor is on: it stops a play that loses more than ${limit} equity. Click to turn it off.`
      : `Turn the tutor on: it stops a play that loses more than ${limit} equity, before it is made.`;
    setText(this.threshold, `warns past ${limit}`);

    const key = JSON.stringify([warning, v.version]);
    if (key === this.shown) return;
    this.shown = key;
    const had = !this.warning.hidden;
    this.warning.hidden = !warning || !play;
    if (!warning || this.warning.hidden) return;
    setChildren(
      this.text,
      h("strong", {}, "The tutor: "),
      h("span", { class: "tgw-notation" }, warning.played),
      ` loses ${warning.loss.toFixed(3)} equity. Better: `,
      h("span", { class: "tgw-notation tgw-better" }, warning.best),
      " (dashed on the board).",
    );
    // Keyboard users land on the answer, if they were working in this board.
    const root = this.warning.closest(".trigammon-widget");
    if (!had && root?.contains(document.activeElement)) this.takeBack.focus({ preventScroll: true });
  }
}
