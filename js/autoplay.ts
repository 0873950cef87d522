// Autoplay: the board sends `bot_turn` on a timer while a bot is to move.
//
// Whether autoplay runs and how fast are this board's own state, not Python's: two
// views of one widget each have their own. One bot turn is in flight at a time, and
// the next is scheduled only once Python has answered the last, so no turn is asked
// for on a board that has moved on.

import type { Intent, Reply, View } from "./protocol";

export const DEFAULT_SPEED_MS = 600;
export const MAX_SPEED_MS = 2000;
/** How soon to look again when another request of this board is still unanswered. */
const RETRY_MS = 20;

export interface AutoplayHost {
  /** The latest view Python sent (null before the first). */
  view(): View | null;
  send(intent: Intent): Promise<Reply>;
  /** True while another request of this board waits for its answer. */
  busy(): boolean;
  /** Autoplay's state changed: redraw its controls. */
  changed(): void;
}

/** A bot can play the shown position's turn now. */
export function botCanMove(v: View | null): v is View {
  return !!v && v.mode === "play" && v.bot_to_move && !v.win;
}

/** An analysis is being worked out: a bot turn now would cancel it. */
export function analysing(v: View | null): boolean {
  return v?.analysis?.status === "running";
}

/** Some seat of the board is a bot's. */
export function hasBot(v: View | null): boolean {
  return !!v && v.seats.some((seat) => seat !== "human");
}

export class Autoplay {
  private readonly host: AutoplayHost;
  private running_ = false;
  private speed_ = DEFAULT_SPEED_MS;
  private timer: number | undefined;
  private waiting_ = false;

  constructor(host: AutoplayHost) {
    this.host = host;
  }

  get running(): boolean {
    return this.running_;
  }

  /** Milliseconds between one bot turn's answer and the next bot turn. */
  get speed(): number {
    return this.speed_;
  }

  /** A bot turn was sent and is not answered yet. */
  get waiting(): boolean {
    return this.waiting_;
  }

  toggle(): void {
    if (this.running_) this.pause();
    else this.play();
  }

  play(): void {
    this.running_ = true;
    this.schedule();
    this.host.changed();
  }

  pause(): void {
    const was = this.running_;
    this.running_ = false;
    this.cancelTimer();
    if (was) this.host.changed();
  }

  /** One bot turn now; autoplay pauses (a turn already on its way is that step). */
  step(): void {
    this.pause();
    if (!this.waiting && botCanMove(this.host.view())) this.sendTurn();
  }

  setSpeed(ms: number): void {
    this.speed_ = Math.max(0, Math.min(MAX_SPEED_MS, Number.isFinite(ms) ? ms : DEFAULT_SPEED_MS));
    if (this.timer !== undefined) {
      // Waiting for the old delay: count the new one from now.
      this.cancelTimer();
      this.schedule();
    }
  }

  /** Called on every new view and answer: plans the next bot turn if one is due.
   *  A person to move holds autoplay until their turn is played (nothing is rolled
   *  for them), and so does a running analysis; the game's end stops it. */
  schedule(): void {
    if (!this.running_ || this.waiting || this.timer !== undefined) return;
    const v = this.host.view();
    if (!v) return;
    if (v.win || !hasBot(v)) {
      this.pause();
      return;
    }
    if (!botCanMove(v) || analysing(v)) return;
    this.timer = window.setTimeout(() => this.fire(), this.speed_);
  }

  destroy(): void {
    this.running_ = false;
    this.cancelTimer();
  }

  private fire(): void {
    this.timer = undefined;
    if (!this.running_ || this.waiting) return;
    const v = this.host.view();
    if (!botCanMove(v) || analysing(v)) {
      this.schedule();
      return;
    }
    if (this.host.busy()) {
      // A request of this board is unanswered: a turn sent now would be stale.
      this.timer = window.setTimeout(() => this.fire(), RETRY_MS);
      return;
    }
    this.sendTurn();
  }

  private sendTurn(): void {
    this.waiting_ = true;
    this.host.changed();
    this.host.send({ action: "bot_turn" }).then(
      () => this.answered(true),
      () => this.answered(false), // refused (the reason is shown) or lost: a person decides
    );
  }

  private answered(ok: boolean): void {
    this.waiting_ = false;
    if (ok) this.schedule();
    else this.pause();
    this.host.changed();
  }

  private cancelTimer(): void {
    window.clearTimeout(this.timer);
    this.timer = undefined;
  }
}
