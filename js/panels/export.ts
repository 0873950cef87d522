// The Export menu: the board as shown (SVG, PNG) or the line of play replayed (animated
// SVG, GIF). Python makes the file (the `export` action, which changes nothing) and the
// browser saves it as a download. PNG and GIF need Python's `export` extra; without it
// Python refuses and says so, and the message line shows why.

import { h, icon, on } from "../dom";
import type { ExportFile, Intent, Reply } from "../protocol";
import { Lost } from "../requests";
import { format, type Word, type Words, word } from "../words";
import type { MessageLine } from "./message";
import "./export.css";

export type Picture = Extract<Intent, { action: "export" }>["picture"];

/** An export (a GIF of a long game) may take Python a while. */
export const EXPORT_TIMEOUT_MS = 120_000;

/** Each picture, with the words of its item and of its tooltip. */
const PICTURES: [Picture, Word, Word][] = [
  ["svg", "export_svg", "export_svg_tip"],
  ["png", "export_png", "export_png_tip"],
  ["animated-svg", "export_animated_svg", "export_animated_svg_tip"],
  ["gif", "export_gif", "export_gif_tip"],
];

let menus = 0;

/** What the menu needs of `Requests`. */
interface Sender {
  send(intent: Intent, timeout: number): Promise<Reply>;
}

export class ExportMenu {
  readonly element: HTMLElement;
  private readonly toggle: HTMLButtonElement;
  private readonly menu: HTMLElement;
  private readonly items: HTMLButtonElement[];
  private readonly requests: Sender;
  private readonly message: MessageLine;
  private busy = false;
  private words: Words = {};
  private readonly label = h("span", { class: "tgw-export-label" });

  /** Asks Python through `requests`; says how it went on the `message` line. */
  constructor(requests: Sender, message: MessageLine, signal: AbortSignal) {
    this.requests = requests;
    this.message = message;
    const id = `tgw-export-menu-${++menus}`;
    this.toggle = h(
      "button",
      {
        type: "button",
        class: "tgw-button tgw-export-toggle",
        "data-action": "export",
        "aria-haspopup": "menu",
        "aria-expanded": "false",
        "aria-controls": id,
      },
      icon("download"),
      this.label,
      icon("caret"),
    );
    this.items = PICTURES.map(([picture]) =>
      h("button", { type: "button", class: "tgw-menu-item", role: "menuitem", tabindex: -1, "data-picture": picture }),
    );
    this.menu = h("div", { class: "tgw-menu", role: "menu", id, hidden: true }, ...this.items);
    this.element = h("div", { class: "tgw-group tgw-export" }, this.toggle, this.menu);

    on(this.toggle, "click", () => this.open(!this.isOpen, false), signal);
    on(this.toggle, "keydown", (event) => this.onToggleKey(event), signal);
    on(this.menu, "keydown", (event) => this.onMenuKey(event), signal);
    on(
      this.menu,
      "click",
      (event) => {
        const item = (event.target as Element).closest<HTMLElement>("[data-picture]");
        if (item) void this.make(item.dataset.picture as Picture);
      },
      signal,
    );
    // A click anywhere else, or the focus leaving, closes the menu.
    document.addEventListener(
      "pointerdown",
      (event) => {
        if (this.isOpen && !this.element.contains(event.target as Node)) this.open(false, false);
      },
      { signal },
    );
    on(
      this.element,
      "focusout",
      (event) => {
        if (this.isOpen && !this.element.contains(event.relatedTarget as Node | null)) this.open(false, false);
      },
      signal,
    );
  }

  /** The menu's words in the board's language, set again only when they change. */
  render(words: Words): void {
    if (words === this.words) return;
    this.words = words;
    const say = (key: Word): string => word(words, key);
    this.toggle.title = say("export_tip");
    this.menu.setAttribute("aria-label", say("export"));
    this.label.textContent = say(this.busy ? "exporting" : "export");
    PICTURES.forEach(([, label, tip], index) => {
      this.items[index].textContent = say(label);
      this.items[index].title = say(tip);
    });
  }

  private get isOpen(): boolean {
    return !this.menu.hidden;
  }

  /** Opens or closes the menu; `focus`: move the focus into it (or back to the button). */
  private open(open: boolean, focus: boolean, item = 0): void {
    this.menu.hidden = !open;
    this.toggle.setAttribute("aria-expanded", String(open));
    if (open && focus) this.items[(item + this.items.length) % this.items.length].focus();
    if (!open && focus) this.toggle.focus();
  }

  private onToggleKey(event: KeyboardEvent): void {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      this.open(true, true, event.key === "ArrowDown" ? 0 : -1);
    } else if (event.key === "Escape" && this.isOpen) {
      this.open(false, true);
    } else return;
    event.preventDefault();
    event.stopPropagation(); // not the board's keys (steps, variations)
  }

  private onMenuKey(event: KeyboardEvent): void {
    const at = this.items.indexOf(document.activeElement as HTMLButtonElement);
    const n = this.items.length;
    const moves: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1 + n, Home: 0, End: n - 1 };
    if (event.key in moves) this.items[moves[event.key] % n].focus();
    else if (event.key === "Escape") this.open(false, true);
    else if (event.key === "Tab") {
      this.open(false, false);
      return;
    } else if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      // not the board's steps
    } else return;
    event.preventDefault();
    event.stopPropagation();
  }

  private async make(picture: Picture): Promise<void> {
    if (this.busy) return;
    this.open(false, true);
    this.setBusy(true);
    const say = (key: Word): string => word(this.words, key);
    const chosen = PICTURES.find(([p]) => p === picture)?.[1];
    const name = chosen ? say(chosen) : picture;
    try {
      const reply = await this.requests.send({ action: "export", picture }, EXPORT_TIMEOUT_MS);
      if (!reply.file) throw new Error(say("no_file"));
      save(reply.file, this.element);
      const text = format(say("exported"), { file: reply.file.filename, size: size(reply.file, this.words) });
      this.message.show({ kind: "info", text, rule: null }, true);
    } catch (error) {
      const why = error instanceof Lost ? say("no_answer") : error instanceof Error ? error.message : String(error);
      this.message.show({ kind: "error", text: format(say("export_failed"), { name, why }), rule: null }, true);
    } finally {
      this.setBusy(false);
    }
  }

  private setBusy(busy: boolean): void {
    this.busy = busy;
    this.toggle.setAttribute("aria-busy", String(busy));
    this.element.classList.toggle("tgw-exporting", busy);
    this.label.textContent = word(this.words, busy ? "exporting" : "export");
    for (const item of this.items) item.disabled = busy;
  }
}

/** The file's bytes: base64-decoded when Python sent binary data. */
function bytes(file: ExportFile): BlobPart {
  if (!file.base64) return file.data;
  const binary = atob(file.data);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

function size(file: ExportFile, words: Words): string {
  const n = file.base64 ? Math.floor((file.data.length * 3) / 4) : new Blob([file.data]).size;
  return n < 1024 ? format(word(words, "bytes"), { count: String(n) }) : `${Math.round(n / 1024)} KB`;
}

/** Saves `file` as a download: a Blob, its object URL and a link with `download`. */
export function save(file: ExportFile, near: HTMLElement): void {
  const url = URL.createObjectURL(new Blob([bytes(file)], { type: file.mime }));
  const link = h("a", { href: url, download: file.filename, hidden: true });
  near.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
