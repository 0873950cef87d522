// The tutor: a toggle in the toolbar with the level of play it stops (doubtful, bad,
// very bad: the review's marks) and, when Python stopped a person's play
// (`view.tutor.warning`), a warning at the board: what the play loses in points per
// game, the better play (dashed on the board beside it), and Take back / Play on.

import { button, h, on, select, setChildren, setOptions, setText } from "../dom";
import { type CubeWarning, type Intent, MARKS, type TutorWarning, type View } from "../protocol";
import { fill, fixed, format, markWord, type Word, type Words, word } from "../words";
import { points } from "./analysis";
import "./tutor.css";

type Level = NonNullable<View["tutor"]["level"]>;
const OWN = "own";
/** The answer that makes a held cube action all the same, by the action. */
const GO_ON: Record<CubeWarning["action"], Word> = {
  double: "go_on_double",
  "no double": "go_on_no_double",
  take: "go_on_take",
  drop: "go_on_drop",
};

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
  private readonly button = button("", { "data-action": "tutor", "aria-pressed": "false" });
  private readonly level = select([], { "data-role": "tutor-level" });
  private readonly levelLabel = h("label", { class: "tgw-label" });
  private readonly text = h("p", { class: "tgw-tutor-text" });
  private readonly quick = h("p", { class: "tgw-note" });
  private readonly takeBack = button("", { class: "tgw-button tgw-primary", "data-action": "take-back" });
  private readonly playOn = button("", { "data-action": "play-on" });
  private shown = "";
  private said: Words | null = null;
  private tutoring = false;

  constructor(send: (intent: Intent) => void, signal: AbortSignal) {
    this.toggle = h("span", { class: "tgw-tutor-toggle" }, this.button, this.levelLabel);
    this.warning.append(
      h("div", { class: "tgw-tutor-words" }, this.text, this.quick),
      h("div", { class: "tgw-tutor-answers" }, this.takeBack, this.playOn),
    );
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

  /** The tutor's fixed words in the board's language, set again only when they change. */
  private label(words: Words): void {
    if (words === this.said) return;
    this.said = words;
    const say = (key: Word): string => word(words, key);
    this.button.textContent = say("tutor");
    this.level.setAttribute("aria-label", say("tutor_level"));
    this.levelLabel.title = say("equity_tip");
    setChildren(this.levelLabel, ...fill(say("tutor_stops"), { level: this.level }));
  }

  render(v: View, words: Words): void {
    this.label(words);
    const say = (key: Word): string => word(words, key);
    const { on: tutoring, threshold, level, warning } = v.tutor;
    this.tutoring = tutoring;
    const play = v.mode === "play";
    this.toggle.hidden = !play;
    this.button.setAttribute("aria-pressed", String(tutoring));
    const named = (name: string): string => say(markWord(MARKS.find(([, n]) => n === name)?.[0] ?? ""));
    const loses = points(threshold, words);
    const stops = level
      ? format(say("tutor_stops_level"), { level: named(level), points: loses })
      : format(say("tutor_stops_points"), { points: loses });
    const tip = format(say(tutoring ? "tutor_on_tip" : "tutor_off_tip"), { stops });
    this.button.title = v.cube ? `${tip} ${say("tutor_cube_too")}` : tip;
    this.levelLabel.hidden = !tutoring;
    // A threshold set from Python that is no level is shown as it is.
    const levels = MARKS.map(([mark, name]): [string, string] => [name, say(markWord(mark))]);
    const own: [string, string] = [OWN, format(say("tutor_own_level"), { points: fixed(threshold, 3, words) })];
    setOptions(this.level, level ? levels : [...levels, own]);
    if (document.activeElement !== this.level) this.level.value = level ?? OWN;

    const cube = v.tutor.cube_warning;
    const key = JSON.stringify([warning, cube, v.version, words]);
    if (key === this.shown) return;
    this.shown = key;
    const had = !this.warning.hidden;
    this.warning.hidden = !(warning || cube) || !play;
    if (this.warning.hidden) return;
    if (cube) this.sayCube(cube, words);
    else if (warning) this.sayPlay(warning, words);
    // A person working in this board sees the warning (it sits under the board, perhaps
    // below the fold) and lands on the answer with the keyboard.
    const root = this.warning.closest(".trigammon-widget");
    if (had || !root?.contains(document.activeElement)) return;
    this.warning.scrollIntoView({ block: "nearest" });
    this.takeBack.focus({ preventScroll: true });
  }

  /** A cube action held before it was made (R14): nothing to take back, so the
   *  answers are to think again or to go on with it. */
  private sayCube(cube: CubeWarning, words: Words): void {
    const say = (key: Word): string => word(words, key);
    const fields = {
      tutor: h("strong", {}, say("the_tutor")),
      action: cube.said,
      loss: h(
        "span",
        { title: say("points_per_cube_tip") },
        format(say("points_per_cube_of"), { points: fixed(cube.loss, 3, words) }),
      ),
      mark: cube.mark ? say(markWord(cube.mark)) : "",
      better: h("strong", {}, cube.better),
    };
    setChildren(this.text, ...fill(say(cube.mark ? "tutor_cube_warning_marked" : "tutor_cube_warning"), fields));
    setText(this.quick, say("tutor_cube_by"));
    this.takeBack.textContent = say("think_again");
    this.playOn.textContent = say(GO_ON[cube.action]);
  }

  private sayPlay(warning: TutorWarning, words: Words): void {
    const say = (key: Word): string => word(words, key);
    const fields = {
      tutor: h("strong", {}, say("the_tutor")),
      played: h("span", { class: "tgw-notation" }, warning.played),
      loss: h("span", { title: say("equity_tip") }, points(warning.loss, words)),
      mark: warning.mark ? say(markWord(warning.mark)) : "",
      best: h("span", { class: "tgw-notation tgw-better" }, warning.best),
    };
    setChildren(this.text, ...fill(say(warning.mark ? "tutor_warning_marked" : "tutor_warning"), fields));
    // By what: Hints' rollout of the roll where it ran, else the net's quick look.
    const by = warning.by === "rollout" ? (warning.tied ? "tutor_by_rollout_tied" : "tutor_by_rollout") : "tutor_quick";
    setText(this.quick, format(say(by), { best: warning.best, tied: warning.tied ?? "" }));
    this.takeBack.textContent = say("take_back");
    this.playOn.textContent = say("play_on");
  }
}
