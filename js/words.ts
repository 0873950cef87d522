// The board's words: Python sends them in the board's language (the `words` trait,
// from the gettext catalogues); the keys, and the English of a board that has not sent
// them yet, are generated from the session's declaration (`WORDS` in ./protocol).

import { WORDS } from "./protocol";

export type Word = (typeof WORDS)[number][0];
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
