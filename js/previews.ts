// Hover previews: resting on a listed play (or a ranked hint) shows the board after it,
// drawn by Python (`preview`, which changes nothing), until the pointer leaves.

import type { Board } from "./board";
import { on } from "./dom";
import type { Reply, View } from "./protocol";

/** Hovering must rest this long on a play before a preview is asked for. */
const DELAY_MS = 40;
/** Previews kept for the shown version. */
const MAX_CACHED = 64;

export interface PreviewsHost {
  view(): View | null;
  /** What a preview shows, said while it is on the board (null: none any more). */
  showing(play: string | null): void;
  /** A change is in flight: a preview's index could name a play of the next board. */
  busy(): boolean;
  ask(index: number): Promise<Reply>;
}

export class Previews {
  private readonly board: Board;
  private readonly host: PreviewsHost;
  private wanted: number | null = null;
  /** The list whose row is previewed. */
  private source: HTMLElement | null = null;
  /** The play of the row asked for, as the row writes it. */
  private label = "";
  private timer: number | undefined;
  private readonly cache = new Map<string, string>();

  constructor(board: Board, host: PreviewsHost) {
    this.board = board;
    this.host = host;
  }

  /** Previews the plays of `list`: its items carry `data-preview` and `data-index`. */
  attach(list: HTMLElement, signal: AbortSignal): void {
    // A move of the pointer, not a list drawn under a resting one (Hints' rows appear
    // where the pointer rests after a click on Hints: no preview the person did not ask).
    on(list, "pointermove", (event) => this.hover(list, event.target), signal);
    on(list, "focusin", (event) => this.hover(list, event.target), signal);
    // A list rebuilt under the pointer (a rollout's new order): a preview whose row is
    // gone, or now another play, ends; no pointerleave would end it.
    const rebuilt = new MutationObserver(() => {
      if (this.source === list && this.wanted !== null && this.rowLabel(list, this.wanted) !== this.label) this.end();
    });
    rebuilt.observe(list, { childList: true, subtree: true });
    signal.addEventListener("abort", () => rebuilt.disconnect());
    on(list, "pointerleave", () => this.end(), signal);
    on(
      list,
      "focusout",
      (event) => {
        if (!list.contains(event.relatedTarget as Node | null)) this.end();
      },
      signal,
    );
  }

  /** The board changed: previews of the old one are forgotten. */
  clear(): void {
    this.cache.clear();
    this.end();
  }

  end(): void {
    this.wanted = null;
    this.source = null;
    this.label = "";
    window.clearTimeout(this.timer);
    this.board.endPreview();
    this.host.showing(null);
  }

  destroy(): void {
    window.clearTimeout(this.timer);
  }

  /** The play a row of `list` shows, as its preview says it: its notation, without a
   *  tag beside it ("taken back" ran into it: "19/22taken back", walk 16). */
  private labelOf(item: Element): string {
    const notation = item.querySelector(".tgw-notation");
    if (!notation) return item.textContent ?? "";
    const parts = [...notation.childNodes].filter((node) => !(node instanceof Element && node.matches(".tgw-tag")));
    return parts
      .map((node) => node.textContent ?? "")
      .join("")
      .trim();
  }

  private rowLabel(list: HTMLElement, index: number): string | null {
    const item = list.querySelector(`[data-preview][data-index="${index}"]`);
    return item ? this.labelOf(item) : null;
  }

  private hover(list: HTMLElement, target: EventTarget | null): void {
    const item = target instanceof Element ? target.closest<HTMLElement>("[data-preview]") : null;
    const view = this.host.view();
    // While the tutor holds a play, the board shows it and the better one: no preview.
    if (!item || !view || view.tutor.warning) return;
    const index = Number(item.dataset.index);
    if (index === this.wanted && list === this.source) return;
    this.wanted = index;
    this.source = list;
    this.label = this.labelOf(item);
    window.clearTimeout(this.timer);
    const cached = this.cache.get(`${view.version}:${index}`);
    if (cached !== undefined) this.show(cached);
    else this.timer = window.setTimeout(() => this.ask(index), DELAY_MS);
  }

  private show(svg: string): void {
    this.board.showPreview(svg);
    this.host.showing(this.label);
  }

  private ask(index: number): void {
    const view = this.host.view();
    if (this.wanted !== index || !view) return;
    if (this.host.busy()) {
      this.timer = window.setTimeout(() => this.ask(index), DELAY_MS);
      return;
    }
    const version = view.version;
    this.host.ask(index).then(
      (reply) => {
        if (reply.svg === undefined || version !== this.host.view()?.version) return;
        if (this.cache.size >= MAX_CACHED) this.cache.clear();
        this.cache.set(`${version}:${index}`, reply.svg);
        if (this.wanted === index) this.show(reply.svg);
      },
      () => undefined, // refused (the board changed) or lost: no preview, nothing to say
    );
  }
}
