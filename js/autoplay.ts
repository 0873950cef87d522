// Autoplay: the board sends `bot_turn` on a timer while a bot is to move.
//
// A seat a bot holds is the bot's: bots move on their own when their turn comes, at
// the board's pace (Python's `pace`, a setting kept with the notebook). A person may
// pause them (this view's own state: two views of one widget each have their own),
// step one bot turn, and play them on. One bot turn is in flight at a time, and the
// next is scheduled only once Python has answered the last, so no turn is asked for
// on a board that has moved on.

import type { Intent, Reply, View } from "./protocol";

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

/** What holds the bots, if anything, as the Players panel says it: an analysis being
 *  worked out (a bot turn now would cancel it), or a review of the shown line (a bot
 *  turn now would start another line and leave the review with the old one: Step goes
 *  on when the person is done). */
export function holding(v: View | null): "autoplay_waits_analysis" | "autoplay_waits_review" | null {
  if (v?.analysis?.status === "running") return "autoplay_waits_analysis";
  return v?.review ? "autoplay_waits_review" : null;
}

/** The shown position is where the game goes on: the last game's last turn. */
export function whereTheGameGoesOn(v: View): boolean {
  return v.mode === "play" && v.ply === v.plies && (!v.match || v.match.game === v.match.games - 1);
}

/** Some seat of the board is a bot's. */
export function hasBot(v: View | null): boolean {
  return !!v && v.seats.some((seat) => seat !== "human");
}

export class Autoplay {
  private readonly host: AutoplayHost;
  private running_ = true;
  /** Paused because the person looked elsewhere (history, another game, a variation,
   *  the editor), not by the Pause button: back where the game goes on, bots go on. */
  private lookedAway = false;
  private timer: number | undefined;
  /** The pace the waiting timer was set with. */
  private timerPace = 0;
  private waiting_ = false;

  constructor(host: AutoplayHost) {
    this.host = host;
  }

  get running(): boolean {
    return this.running_;
  }

  /** Milliseconds between one bot turn's answer and the next bot turn (Python's). */
  get pace(): number {
    return this.host.view()?.pace ?? 0;
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
    this.lookedAway = false;
    this.cancelTimer();
    if (was) this.host.changed();
  }

  /** The person looks elsewhere: bots wait (they move only where the game goes on
   *  anyway) and go on by themselves once the board is back there, unless paused. */
  lookAway(): void {
    if (!this.running_) return;
    this.pause();
    this.lookedAway = true;
  }

  /** One bot turn now; autoplay pauses (a turn already on its way is that step), but
   *  for a review's hold, which the step ends. */
  step(): void {
    const v = this.host.view();
    // Held by a review, Step goes on with the game: the bots play on after this turn.
    if (!this.running_ || holding(v) !== "autoplay_waits_review") this.pause();
    if (!this.waiting && botCanMove(v)) this.sendTurn();
  }

  /** Called on every new view and answer: plans the next bot turn if one is due.
   *  A person to move holds autoplay until their turn is played (nothing is rolled
   *  for them), and so does a running analysis; the game's end stops it. */
  schedule(): void {
    const v = this.host.view();
    // A turn waiting for the old pace counts the new one from now.
    if (v && this.timer !== undefined && v.pace !== this.timerPace) this.cancelTimer();
    if (v && this.lookedAway && whereTheGameGoesOn(v)) {
      this.lookedAway = false;
      this.running_ = true;
      this.host.changed();
    }
    if (!this.running_ || this.waiting || this.timer !== undefined) return;
    if (!v) return;
    if (!botCanMove(v) || holding(v) || !whereTheGameGoesOn(v)) return;
    this.timerPace = v.pace;
    this.timer = window.setTimeout(() => this.fire(), v.pace);
  }

  destroy(): void {
    this.running_ = false;
    this.cancelTimer();
  }

  private fire(): void {
    this.timer = undefined;
    if (!this.running_ || this.waiting) return;
    const v = this.host.view();
    if (!botCanMove(v) || holding(v) || !whereTheGameGoesOn(v)) {
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
