// The board's words: Python sends them in the board's language (the `words` trait,
// from the gettext catalogues); the keys, and the English of a board that has not sent
// them yet, are generated from the session's declaration (`WORDS` in ./protocol).

import { WORDS } from "./protocol";

export type Word = (typeof WORDS)[number][0];
/** A counted word: its forms are the words `<key> one` and `<key> other`. */
export type Counted = CountedOf<Word>;
type CountedOf<W> = W extends `${infer Key} one` ? Key : never;
export type Words = Readonly<Record<string, string>>;

const ENGLISH: Words = Object.fromEntries(WORDS);

/** The word `key` in the board's language. */
export function word(words: Words, key: Word): string {
  return words[key] ?? ENGLISH[key] ?? key;
}

/** A template word with its `{name}` fields filled in, as nodes and text (a field may be
 *  an element, such as a name in bold); a field not given stays as written. */
export function fill(template: string, fields: Readonly<Record<string, Node | string>>): (Node | string)[] {
  return template.split(/(\{\w+\})/).flatMap((part): (Node | string)[] => {
    const field = /^\{(\w+)\}$/.exec(part)?.[1];
    const value = field === undefined ? undefined : fields[field];
    if (value !== undefined) return [value];
    return part ? [part] : [];
  });
}

/** A template word with its `{name}` fields filled in with text. */
export function format(template: string, fields: Readonly<Record<string, string>>): string {
  return fill(template, fields).join("");
}

/** The word naming a review's mark (`?!`, `?`, `??`): `mark ?!` ... */
export function markWord(mark: string): Word {
  return `mark ${mark}` as Word;
}

/** The word naming a rule (`R8`), as its card does: `rule R8` ... */
export function ruleWord(rule: string): Word | null {
  const key = `rule ${rule}`;
  return key in ENGLISH ? (key as Word) : null;
}

/** The word naming a seat's kind (`human`, `neural` ...): `seat human` ... */
export function seatWord(seat: string): Word {
  return `seat ${seat}` as Word;
}

/** `value` with `digits` decimals and the board's language's decimal mark (`0,125`). */
export function fixed(value: number, digits: number, words: Words): string {
  return value.toFixed(digits).replace(".", word(words, "decimal_mark"));
}

/** A counted word for `count`, its `{count}` filled in: the form for 1, or for more. */
export function counted(words: Words, key: Counted, count: number): string {
  const form = `${key} ${count === 1 ? "one" : "other"}` as Word;
  return format(word(words, form), { count: String(count) });
}

/** The word `key` said of `player`, or said to them in the second person (its
 *  `<key> you` form) when they are the person in front of the board (the view's `you`). */
export function about(words: Words, key: Word, player: number, you: number | null): string {
  const own = `${key} you`;
  return player === you && own in ENGLISH ? word(words, own as Word) : word(words, key);
}
