// The contract with Python (docs/widget-protocol.md): synced traits and messages.

/** An absolute point "1".."36", the mover's "bar" or the mover's tray "off". */
export type Place = string;

export interface Message {
  kind: "error" | "info";
  text: string;
  rule: string | null;
}

export interface HistoryEntry {
  ply: number;
  player: number;
  dice: [number, number] | number[] | null;
  text: string;
}

/** Who plays a seat: a person or one of the built-in bots. */
export type Seat = "human" | "random" | "heuristic";

/** One ranked play of a hints analysis (for the player to move). */
export interface HintResult {
  text: string;
  games: number;
  win: number;
  low: number;
  high: number;
  gammon: number;
}

/** A background analysis: ranked plays (`hints`) or every player's chances (`rollout`). */
export interface Analysis {
  kind: "hints" | "rollout";
  status: "running" | "done" | "cancelled" | "failed";
  done: number;
  total: number;
  error?: string;
  hints?: HintResult[];
  games?: number;
  wins?: number[];
  intervals?: [number, number][];
  gammons?: number[];
}

export interface Outcome {
  winner: number;
  results: string[];
}

export interface View {
  version: number;
  variant: "trigammon" | "classic";
  players: number;
  names: string[];
  colors: string[];
  mode: "play" | "edit";
  perspective: number;
  turn: number;
  dice: [number, number] | null;
  remaining: number[];
  can_roll: boolean;
  can_confirm: boolean;
  can_undo_move: boolean;
  targets: Record<Place, Place[]>;
  partial: string;
  ply: number;
  plies: number;
  outcome: Outcome | null;
  message: Message | null;
  pips: number[];
  position_id: string;
  edit_player: number;
  /** Per player: who plays that seat. */
  seats: Seat[];
  /** A bot sits at the player to move: the board may send `bot_turn`. */
  bot_to_move: boolean;
  analysis: Analysis | null;
  /** Optional: the board's theme, when Python sends it. */
  theme?: string;
}

export interface Model {
  svg: string;
  view: View;
  /** Every legal play of this turn's dice, in notation (changes once a roll). */
  plays: string[];
  /** One entry per recorded turn (changes once a turn). */
  history: HistoryEntry[];
  record: string;
}

export interface ReplyError {
  text: string;
  rule: string | null;
}

export interface Reply {
  kind: "reply";
  id: number | null;
  ok: boolean;
  error: ReplyError | null;
  svg?: string;
}

export type Intent = { action: string } & Record<string, unknown>;
