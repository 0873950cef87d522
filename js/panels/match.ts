// The match panel (R14): the match's length and score, the Crawford stage, the cube,
// and stepping game by game through a match (or starting its next game).

import { button, h, iconButton, on, setChildren, setText, swatch } from "../dom";
import type { Intent, View } from "../protocol";
import "./match.css";

export class MatchPanel {
  readonly element: HTMLElement;
  private readonly heading = h("h3", {}, "Match");
  private readonly score = h("div", { class: "tgw-match-score", "data-role": "match-score" });
  private readonly cube = h("div", { class: "tgw-note", "data-role": "cube" });
  private readonly games = h("span", { class: "tgw-count", "data-role": "match-game" });
  private readonly previous = iconButton("prev", {
    "aria-label": "Show the previous game",
    "data-action": "previous-game",
  });
  private readonly following = iconButton("next", {
    "aria-label": "Show the following game",
    "data-action": "following-game",
  });
  private readonly nextGame = button("Next game", { class: "tgw-button tgw-primary", "data-action": "next-game" });
  private view: View | null = null;

  constructor(send: (intent: Intent) => void, signal: AbortSignal) {
    this.element = h(
      "section",
      { class: "tgw-panel tgw-match-panel" },
      h("header", { class: "tgw-panel-head" }, this.heading),
      this.score,
      this.cube,
      h(
        "div",
        { class: "tgw-group", role: "group", "aria-label": "Games" },
        this.previous,
        this.games,
        this.following,
        this.nextGame,
      ),
    );
    const show = (delta: number) => {
      const match = this.view?.match;
      if (match) send({ action: "show_game", index: match.game + delta });
    };
    on(this.previous, "click", () => show(-1), signal);
    on(this.following, "click", () => show(1), signal);
    on(this.nextGame, "click", () => send({ action: "next_game" }), signal);
  }

  render(v: View): void {
    this.view = v;
    const match = v.match;
    const cube = v.cube;
    this.element.hidden = v.mode !== "play" || (!match && !cube);
    setText(this.heading, match ? "Match" : "Cube");
    const name = (player: number): string => v.names[player] ?? `Player ${player + 1}`;
    if (match) {
      const length = match.length ? `Match to ${match.length}` : "Money play";
      const stage = match.crawford
        ? "Crawford game"
        : match.post_crawford
          ? "post-Crawford"
          : match.jacoby
            ? "Jacoby rule"
            : "";
      const scores = match.total.flatMap((points, player) => [
        player ? " – " : "",
        swatch(v.colors[player]),
        `${name(player)} ${points}`,
      ]);
      const over = match.over && match.winner !== null ? ` · ${name(match.winner)} wins the match` : "";
      setChildren(this.score, `${length}: `, ...scores, stage && ` · ${stage}`, over);
      setText(this.games, `Game ${match.game + 1} of ${match.games}`);
    } else {
      setChildren(this.score);
      setText(this.games, "");
    }
    this.previous.hidden = this.following.hidden = this.games.hidden = !match || match.games < 2;
    this.previous.disabled = !match || match.game === 0;
    this.following.disabled = !match || match.game >= match.games - 1;
    this.nextGame.hidden = !match?.can_next_game;
    if (cube) {
      const owner = cube.owner === null ? "centred" : `${name(cube.owner)}'s`;
      const offer = cube.offered ? ` · doubled to ${2 * cube.value}, awaiting an answer` : "";
      setText(this.cube, `Cube ${cube.value}, ${owner}${offer}`);
    } else setText(this.cube, "");
  }
}
