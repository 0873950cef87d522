// Drawings Python sent ahead (`frames` messages): the turns next to the shown one and
// the board after each legal move from here, so a step or a move is drawn at once and
// Python's answer only confirms it. Each kind is valid while the view says so.

import type { FramesMessage, Place, View } from "./protocol";

/** Turn drawings kept for one line of play; the oldest go first. */
const MAX_STEPS = 24;

export class Frames {
  private line = -1;
  private readonly steps = new Map<number, string>();
  private version = -1;
  private moves = new Map<string, string>();

  store(message: FramesMessage): void {
    if (message.line !== this.line) {
      this.steps.clear();
      this.line = message.line;
    }
    for (const [ply, svg] of Object.entries(message.steps)) {
      this.steps.delete(Number(ply)); // re-inserted as the newest
      this.steps.set(Number(ply), svg);
    }
    for (const ply of this.steps.keys()) {
      if (this.steps.size <= MAX_STEPS) break;
      this.steps.delete(ply);
    }
    // Frames of an older version can arrive after a newer one's: their moves are stale.
    if (message.version >= this.version) {
      this.version = message.version;
      this.moves = new Map(Object.entries(message.moves));
    }
  }

  /** The drawing of turn `ply` of the view's line of play, if Python sent it. */
  step(view: View, ply: number): string | undefined {
    return view.line === this.line ? this.steps.get(ply) : undefined;
  }

  /** The drawing after moving a checker from `start` to `end` on the view's board. */
  move(view: View, start: Place, end: Place): string | undefined {
    return view.version === this.version ? this.moves.get(`${start}>${end}`) : undefined;
  }
}
