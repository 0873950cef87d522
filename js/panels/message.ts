// The message line under the board: what Python says about the last action (why it was
// refused, with the rule's id, or what it did), or a hint of the board's own.

import { h, setChildren } from "../dom";
import type { Message } from "../protocol";
import { fill, format, ruleWord, type Words, word } from "../words";
import "./message.css";

export class MessageLine {
  readonly element = h("div", { class: "tgw-message", role: "status", "aria-live": "polite" });
  private shown = "null";
  private said: Message | null = null;
  private previewing = false;
  private readonly words: () => Words;

  constructor(words: () => Words) {
    this.words = words;
  }

  /** While a preview is on the board (`play`), the line says so in place of the
   *  message; then the message comes back. */
  preview(play: string | null): void {
    if (play === null) {
      if (!this.previewing) return;
      this.previewing = false;
      this.show(this.said, true);
      return;
    }
    this.previewing = true;
    const words = this.words();
    const label = h("strong", { class: "tgw-preview-label" }, word(words, "preview"));
    setChildren(this.element, ...fill(word(words, "preview_of"), { label, play }));

    this.element.dataset.kind = "preview";
  }

  /** Whether the line shows a refusal. */
  get refusing(): boolean {
    return this.said?.kind === "error";
  }

  /** Shows `message` unless it is already shown (`force`: show it again anyway). */
  show(message: Message | null, force = false): void {
    const key = JSON.stringify(message);
    if (key === this.shown && !force) return;
    this.shown = key;
    this.said = message;
    this.previewing = false;
    if (!message?.text) {
      setChildren(this.element);
      delete this.element.dataset.kind;
      return;
    }
    const rule = message.rule;
    let text = message.text;
    if (rule && text.startsWith(`${rule}:`)) text = text.slice(rule.length + 1).trimStart();
    // The rule's id with its name, as its card in lesson 02 has them: "R8 Bar first".
    const words = this.words();
    const named = rule ? ruleWord(rule) : null;
    const badge =
      rule &&
      h(
        "span",
        { class: "tgw-rule", title: format(word(words, "rule_tip"), { rule }) },
        h("strong", {}, rule),
        named && ` ${word(words, named)}`,
      );
    setChildren(this.element, badge, rule && " — ", text);
    this.element.dataset.kind = message.kind;
  }
}
