// Stepping through the game. A step is drawn at once from the turn drawings Python sent
// ahead (frames.ts) and then asked of Python (`goto`), which stays the owner of the
// shown turn: its answer carries the same drawing, so nothing is redrawn. Presses made
// while Python answers run ahead through drawings already here, never past them; a
// jump (Home, End, the slider, a history row) is asked for when the answer comes.

import type { Intent, Reply, View } from "./protocol";

/** Where to go: `delta` turns from the shown one, or turn `ply`. */
export type Step = { delta: number } | { ply: number };

/** Whether the shown game is a match's played one, kept as played: an earlier game, or
 *  an earlier turn of a game over and scored (Python's `Board.kept`). */
export function keptGame(v: View): boolean {
  return !!v.match && (v.match.game < v.match.games - 1 || v.match.kept);
}

/** The record the board shows at turn `ply` (Python's `decisions`): while a review is
 *  on, the one after it (its mover's decision, as GNU Backgammon shows a turn), else the
 *  one that led to it. */
export function recordAt(v: View, ply: number): number {
  return v.decisions && ply < v.plies ? ply + 1 : ply;
}

/** The turn to show for record `record`: the inverse of `recordAt`. */
export function plyFor(v: View, record: number): number {
  return v.decisions ? Math.max(0, record - 1) : record;
}

/** The step a key asks for (←, →, Home, End), or null. */
export function keyStep(key: string, plies: number): Step | null {
  const steps: Record<string, Step> = {
    ArrowLeft: { delta: -1 },
    ArrowRight: { delta: 1 },
    Home: { ply: 0 },
    End: { ply: plies },
  };
  return steps[key] ?? null;
}

export interface NavigationHost {
  view(): View | null;
  /** The drawing of turn `ply` of the view's line, if Python sent it. */
  frame(ply: number): string | undefined;
  /** Shows turn `ply` before Python answers: its drawing, the history's mark. */
  showAhead(ply: number, svg: string): void;
  /** Python has caught up (or refused): show its state. */
  caughtUp(): void;
  /** A change is in flight: a request now would be made on a stale board. */
  busy(): boolean;
  send(intent: Intent): Promise<Reply>;
}

export class Navigation {
  private readonly host: NavigationHost;
  /** The turn wanted, ahead of Python's `view.ply`; null: Python's. */
  private target: number | null = null;
  /** The turn drawn ahead of Python, from its frame; null: Python's drawing is shown. */
  private drawn: number | null = null;
  private asking = false;

  constructor(host: NavigationHost) {
    this.host = host;
  }

  /** The turn on the board: the history marks it and the slider points at it. */
  shownPly(view: View): number {
    return this.drawn ?? view.ply;
  }

  /** The turn asked for: ahead of the board while presses run ahead of Python. */
  wanted(view: View): number {
    return this.target ?? view.ply;
  }

  /** `delta` turns on from the shown one, or to turn `ply`. */
  go(how: Step): void {
    const view = this.host.view();
    if (view?.mode !== "play") return;
    const from = this.target ?? view.ply;
    const ply = Math.max(0, Math.min(view.plies, "delta" in how ? from + how.delta : how.ply));
    if (ply === from) return;
    const frame = this.host.frame(ply);
    const waiting = this.asking || this.host.busy();
    if (waiting && frame === undefined && "delta" in how) return; // no further than the drawings
    this.target = ply;
    if (frame !== undefined) {
      this.drawn = ply;
      this.host.showAhead(ply, frame);
    }
    if (!waiting) this.ask();
  }

  /** Nothing is in flight any more: ask for the turn still wanted. */
  resume(): void {
    if (!this.asking && !this.host.busy()) this.ask();
  }

  private ask(): void {
    const view = this.host.view();
    const ply = this.target;
    if (!view || ply === null) return;
    if (ply === view.ply || view.mode !== "play") {
      this.caughtUp();
      return;
    }
    this.asking = true;
    this.host.send({ action: "goto", ply }).then(
      () => {
        this.asking = false;
        this.resume(); // the target may have moved on meanwhile
      },
      () => {
        this.asking = false;
        this.caughtUp();
      },
    );
  }

  private caughtUp(): void {
    this.target = this.drawn = null;
    this.host.caughtUp();
  }
}
