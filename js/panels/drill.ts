// The drill: a study library's due cards, one after another (`view.drill`). The card's
// question and, for a cube decision, its answers; once answered, the verdict (right or
// missed, what the answer lost, the best answers with the one given marked, what was
// played where the card came from, the card's comment and source), the grade given with
// the learner's own to choose (Again / Hard / Good / Easy, keys 1 to 4) and when the
// card comes back; Next card (key n); at the end, the session's summary. A checker play
// is made on the board itself; Python judges it and draws the best play dashed over it.

import { button, h, on, setChildren, setText } from "../dom";
import { type DrillVerdict, type DrillView, GRADES, type Intent, type View } from "../protocol";
import { counted, fill, format, type Word, type Words, word } from "../words";
import { asGoodAsBest, equity, loss, points } from "./analysis";
import { bestRow } from "./review";
import "./drill.css";

type Grade = (typeof GRADES)[number][0];

/** A cube card's answers, by the word of the button that gives each. */
const CHOICE_WORDS: Readonly<Record<string, Word>> = {
  "no double": "no_double",
  double: "double",
  take: "take",
  drop: "pass",
};

export class DrillPanel {
  readonly element: HTMLElement;
  private readonly heading = h("h3", {});
  private readonly counts = h("span", { class: "tgw-count", "data-role": "drill-counts" });
  private readonly question = h("p", { class: "tgw-drill-question", "data-role": "drill-question" });
  private readonly choices = h("div", { class: "tgw-group", role: "group", "data-role": "drill-choices" });
  private readonly verdict = h("div", { class: "tgw-drill-verdict", "data-role": "drill-verdict" });
  private readonly grades = h("div", { class: "tgw-group tgw-drill-grades", role: "group" });
  private readonly gradeButtons = GRADES.map(([grade]) => button("", { "data-grade": grade, "aria-pressed": "false" }));
  private readonly due = h("p", { class: "tgw-note", "data-role": "drill-due" });
  private readonly summary = h("div", { class: "tgw-drill-summary", "data-role": "drill-summary" });
  private readonly next = button("", { class: "tgw-button", "data-action": "next-card" });
  private readonly stop = button("", { "data-action": "stop-drill" });
  private readonly gradeGroup: HTMLDivElement;
  private readonly send: (intent: Intent) => void;
  private drill: DrillView | null = null;
  private verdictKey = "";
  private choicesKey = "";
  private said: Words | null = null;

  constructor(send: (intent: Intent) => void, signal: AbortSignal) {
    this.send = send;
    this.grades.append(...this.gradeButtons);
    this.gradeGroup = h("div", { class: "tgw-drill-grading" }, this.grades, this.due);
    this.element = h(
      "section",
      { class: "tgw-panel tgw-drill-panel", "data-role": "drill", hidden: true },
      h("header", { class: "tgw-panel-head" }, this.heading, this.counts),
      this.question,
      this.choices,
      this.verdict,
      this.gradeGroup,
      this.summary,
      h("div", { class: "tgw-group" }, this.next, this.stop),
    );
    on(this.next, "click", () => this.nextCard(), signal);
    on(this.stop, "click", () => send({ action: "stop_drill" }), signal);
    for (const grade of this.gradeButtons) {
      on(grade, "click", () => this.regrade(grade.dataset.grade as Grade), signal);
    }
  }

  /** Whether a drill is on (the board's other judging panels step aside). */
  get on(): boolean {
    return this.drill !== null;
  }

  /** The drill's keys: n (the next card), 1 to 4 (the grade of the answer); false for
   *  any other key, or without a drill. */
  key(key: string): boolean {
    const drill = this.drill;
    if (!drill) return false;
    if (key === "n" && drill.card) {
      this.nextCard();
      return true;
    }
    const grade = GRADES[Number(key) - 1]?.[0];
    if (grade && drill.verdict) {
      this.regrade(grade);
      return true;
    }
    return false;
  }

  private nextCard(): void {
    if (this.drill?.card) this.send({ action: "next_card" });
  }

  private regrade(grade: Grade): void {
    if (this.drill?.verdict && this.drill.verdict.grade !== grade) this.send({ action: "regrade", grade });
  }

  /** The panel's fixed words in the board's language, set again only when they change. */
  private label(words: Words): void {
    if (words === this.said) return;
    this.said = words;
    const say = (key: Word): string => word(words, key);
    this.heading.textContent = say("drill");
    this.choices.setAttribute("aria-label", say("your_answer"));
    this.grades.setAttribute("aria-label", say("drill_grade"));
    this.grades.title = say("grade_tip");
    GRADES.forEach(([grade], index) => {
      const gradeButton = this.gradeButtons[index];
      gradeButton.textContent = say(`grade ${grade}`);
      gradeButton.title = `${say(`grade ${grade}`)} (${index + 1})`;
    });
    this.stop.textContent = say("stop_drill");
  }

  render(v: View, words: Words): void {
    this.label(words);
    const say = (key: Word): string => word(words, key);
    const drill = v.drill;
    this.drill = drill;
    this.element.hidden = !drill;
    if (!drill) return;
    const card = drill.card;
    const answered = drill.verdict;
    this.element.dataset.status = !card ? "over" : answered ? "answered" : "card";
    setText(
      this.counts,
      format(say("drill_counts"), {
        answered: counted(words, "cards_answered", drill.done),
        right: String(drill.right),
        due: counted(words, "cards_due", drill.left),
      }),
    );

    // The card's question, or why the board does not show it.
    this.question.hidden = !card;
    if (card) {
      const asked = card.shown ? card.question : say("drill_elsewhere");
      setChildren(
        this.question,
        h("strong", {}, format(say("drill_card"), { id: String(card.id) })),
        " · ",
        asked,
        ...card.tags.map((tag) => h("span", { class: "tgw-drill-tag" }, tag)),
      );
    }

    // A cube decision's answers, until it is answered.
    const asking = !!card && card.shown && !answered && card.choices.length > 0;
    this.choices.hidden = !asking;
    const choicesKey = JSON.stringify([asking && card?.choices, words]);
    if (asking && choicesKey !== this.choicesKey) {
      setChildren(
        this.choices,
        ...card.choices.map((choice) => {
          const answer = button(say(CHOICE_WORDS[choice] ?? "your_answer"), { "data-answer": choice });
          answer.addEventListener("click", () => this.send({ action: "answer", answer: choice }));
          return answer;
        }),
      );
    }
    this.choicesKey = choicesKey;

    this.renderVerdict(answered, words);
    this.gradeGroup.hidden = !answered;
    if (answered) {
      this.gradeButtons.forEach((gradeButton, index) => {
        const grade = GRADES[index][0];
        gradeButton.setAttribute("aria-pressed", String(grade === answered.grade));
        gradeButton.classList.toggle("tgw-graded", grade === answered.graded);
      });
      setText(this.due, format(say("drill_due"), { due: answered.due }));
    }

    this.summary.hidden = !!card;
    if (!card) {
      const summary = format(say("drill_summary"), {
        answered: counted(words, "cards_answered", drill.done),
        right: String(drill.right),
        points: points(drill.mean_loss, words),
      });
      const next = drill.left
        ? format(say("drill_more_due"), { due: counted(words, "cards_due", drill.left) })
        : drill.next_due
          ? format(say("drill_next_due"), { due: drill.next_due })
          : say("drill_none_left");
      setChildren(this.summary, h("strong", {}, say("drill_over")), " ", drill.done ? summary : "", " ", next);
    }

    // Next card is the primary action once the card is answered; before, it skips the card.
    this.next.hidden = !card;
    const skipping = !!card && !answered && card.shown;
    setText(this.next, say(skipping ? "skip_card" : "next_card"));
    this.next.title = say(skipping ? "skip_card_tip" : "next_card_tip");
    this.next.classList.toggle("tgw-primary", v.primary === "next_card" || (!!card && !card.shown));
  }

  private renderVerdict(verdict: DrillVerdict | null, words: Words): void {
    const key = JSON.stringify([verdict, words]);
    if (key === this.verdictKey) return;
    this.verdictKey = key;
    this.verdict.hidden = !verdict;
    if (!verdict) {
      setChildren(this.verdict);
      return;
    }
    const say = (key: Word): string => word(words, key);
    const answer = h("span", { class: "tgw-notation" }, verdict.answer);
    const said = asGoodAsBest(verdict.loss)
      ? fill(say("drill_best"), { answer })
      : fill(say("drill_lost"), {
          answer,
          points: h("span", { title: say("equity_tip") }, points(verdict.loss, words)),
        });
    const rows = verdict.best.map((row) =>
      bestRow(
        row.rank === null ? "…" : `${row.rank}.`,
        row.text,
        equity(row.equity, words),
        loss(row.loss, words),
        row.answered,
      ),
    );
    setChildren(
      this.verdict,
      h(
        "p",
        { class: "tgw-drill-result", "data-right": String(verdict.right) },
        h("strong", {}, say(verdict.right ? "drill_right" : "drill_missed")),
        " ",
        ...said,
      ),
      h("ol", { class: "tgw-best-plays", "aria-label": say("drill_answers") }, ...rows),
      verdict.made !== null
        ? h(
            "p",
            { class: "tgw-note" },
            ...fill(say("drill_played_then"), { made: h("span", { class: "tgw-notation" }, verdict.made) }),
          )
        : null,
      verdict.comment
        ? h("blockquote", { class: "tgw-drill-comment", "aria-label": say("drill_comment") }, verdict.comment)
        : null,
      verdict.source
        ? h("p", { class: "tgw-note tgw-drill-source" }, format(say("drill_from"), { source: verdict.source }))
        : null,
    );
  }
}
