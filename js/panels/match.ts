// The match panel (R14): the match's length and score, the Crawford stage, the cube,
// and stepping game by game through a match (or starting its next game).

import { button, h, iconButton, on, setChildren, setText, swatch } from "../dom";
import type { Intent, View } from "../protocol";
import { about, fill, format, type Word, type Words, word } from "../words";
import "./match.css";

export class MatchPanel {
  readonly element: HTMLElement;
  private readonly heading = h("h3", {});
  private readonly score = h("div", { class: "tgw-match-score", "data-role": "match-score" });
  private readonly cube = h("div", { class: "tgw-note", "data-role": "cube" });
  private readonly games = h("span", { class: "tgw-count", "data-role": "match-game" });
  private readonly previous = iconButton("prev", { "data-action": "previous-game" });
  private readonly following = iconButton("next", { "data-action": "following-game" });
  private readonly nextGame = button("", { "data-action": "next-game" });
  private readonly gamesGroup: HTMLDivElement;
  private view: View | null = null;

  constructor(send: (intent: Intent) => void, signal: AbortSignal) {
    this.gamesGroup = h(
      "div",
      { class: "tgw-group", role: "group" },
      this.previous,
      this.games,
      this.following,
      this.nextGame,
    );
    this.element = h(
      "section",
      { class: "tgw-panel tgw-match-panel" },
      h("header", { class: "tgw-panel-head" }, this.heading),
      this.score,
      this.cube,
      this.gamesGroup,
    );
    const show = (delta: number) => {
      const match = this.view?.match;
      if (match) send({ action: "show_game", index: match.game + delta });
    };
    on(this.previous, "click", () => show(-1), signal);
    on(this.following, "click", () => show(1), signal);
    on(this.nextGame, "click", () => send({ action: "next_game" }), signal);
  }

  /** `working`: the person works in this board, where a game's end brings Next game. */
  render(v: View, words: Words, working: boolean): void {
    this.view = v;
    const say = (key: Word): string => word(words, key);
    const match = v.match;
    const cube = v.cube;
    this.element.hidden = v.mode !== "play" || (!match && !cube);
    setText(this.heading, say(match ? "match" : "cube"));
    this.previous.setAttribute("aria-label", say("previous_game"));
    this.following.setAttribute("aria-label", say("following_game"));
    this.gamesGroup.setAttribute("aria-label", say("games"));
    setText(this.nextGame, say("next_game"));
    const name = (player: number): string => v.names[player] ?? String(player + 1);
    if (match) {
      const length = match.length ? format(say("match_to"), { length: String(match.length) }) : say("money_play");
      // A game over is past its stage (the board's lines drop it too): its score counts.
      const ended = match.shown.some((points, player) => points !== match.score[player]);
      const stage = ended
        ? ""
        : match.crawford
          ? say("crawford_game")
          : match.post_crawford
            ? say("post_crawford")
            : match.jacoby
              ? say("jacoby_rule")
              : "";
      const scores = (score: readonly number[]): (Node | string)[] =>
        score.flatMap((points, player) => [player ? " – " : "", swatch(v.colors[player]), `${name(player)} ${points}`]);
      // The score as the board's lines show it (before the shown game, or after it at
      // its end); the match's score now beside it where that differs.
      const earlier = match.shown.some((points, player) => points !== match.total[player]);
      const now = earlier ? [" · ", ...fill(say("score_now"), { score: h("span", {}, ...scores(match.total)) })] : [];
      const over =
        match.over && match.winner !== null
          ? ` · ${format(about(words, "wins_the_match", match.winner, v.you), { name: name(match.winner) })}`
          : "";
      setChildren(this.score, `${length}: `, ...scores(match.shown), stage && ` · ${stage}`, ...now, over);
      // "Game 2 of 2" read as a match of two games: the game going on is just "Game 2".
      const current = match.game === match.games - 1;
      const game = { game: String(match.game + 1), games: String(match.games) };
      setText(this.games, format(say(current ? "game_now" : match.over ? "game_of" : "game_of_so_far"), game));
    } else {
      setChildren(this.score);
      setText(this.games, "");
    }
    this.previous.hidden = this.following.hidden = this.games.hidden = !match || match.games < 2;
    this.previous.disabled = !match || match.game === 0;
    this.following.disabled = !match || match.game >= match.games - 1;
    const offered = this.nextGame.hidden && !!match?.can_next_game;
    this.nextGame.hidden = !match?.can_next_game;
    this.nextGame.classList.toggle("tgw-primary", v.primary === "next_game");
    if (cube) {
      const value = String(cube.value);
      const held =
        cube.owner === null
          ? format(say("cube_centred"), { value })
          : format(about(words, "cube_owned", cube.owner, v.you), { value, name: name(cube.owner) });
      const offer = cube.offered ? ` · ${format(say("cube_offered"), { value: String(2 * cube.value) })}` : "";
      setText(this.cube, `${held}${offer}`);
    } else setText(this.cube, "");
    if (offered && working) this.bringNextGame(); // once the lines above it are set
  }

  /** A game just ended: the match panel, its score and Next game (the person's next
   *  action), is scrolled into the side column's sight, and Next game takes the
   *  keyboard's focus (walk 34 passed a double with Hints in sight and found no Next
   *  game). */
  private bringNextGame(): void {
    if (this.element.hidden) return;
    this.element.scrollIntoView({ block: "nearest" }); // the score with it
    this.nextGame.focus({ preventScroll: true });
  }
}
