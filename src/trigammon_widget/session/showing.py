"""The session's state out: the view, the drawing, the history and the record a
board shows, and the drawings sent ahead of a step or a move."""

from __future__ import annotations

import json
from typing import Any

from ..engine import MatchState, Play, Position, Turn
from ..engine.notation import format_play, play_text
from ..engine.places import place_of
from ..judgement.evaluation import evaluate
from ..pictures.chart import equity_graph
from ..pictures.svg import THEMES, board_svg, css_variables
from ..teaching.coaching import Review, review_view
from .state import SessionState
from .view import (
    CubeView,
    Frames,
    HistoryEntry,
    MatchView,
    Message,
    View,
    record_text,
    result_view,
    variation_row,
)

__all__ = ["MOVE_FRAMES", "STEP_FRAMES", "TURN_DRAWINGS", "Showing"]

STEP_FRAMES = 4
"""Turns on either side of the shown one whose drawings are sent ahead: a held arrow
key runs this far ahead of Python's answers."""
TURN_DRAWINGS = 4 * STEP_FRAMES
"""Turn drawings of the line kept, so that a step draws only the turns new at its edge."""
MOVE_FRAMES = 60
"""Most drawings of single moves sent ahead (one per legal from/to pair)."""


class Showing(SessionState):
    """What the board shows of the session, drawn once per change."""

    def svg(self) -> str:
        """The drawing of the shown state (drawn once per version and review)."""
        key = (self._version, id(self._current_report()))
        if self._drawn[0] != key:
            if self._warning is not None:  # the play stopped, and the better one
                _, best, play = self._warning
                position = self._game.position
                drawing = self._draw(
                    position.after(play.moves), play, position.turn, best, self._game.ply
                )
            else:
                ply = self._game.ply if self._editing is None else None
                drawing = self._draw(
                    self._shown(), self._arrows(), self._arrow_mover(), self._better(), ply
                )
            self._drawn = (key, drawing)
        return self._drawn[1]

    def graph(self) -> str:
        """The review's equity graph (``chart``); empty without a review of this line."""
        report = self._current_report()
        if report is None:
            return ""
        if self._graphed[0] is not report:
            start = self._game.position_at(0)
            evaluation = evaluate(start.with_dice(), evaluator=self._judge())
            # A plain str, as the board's drawing (marimo sends an SvgBoard as {}).
            drawing = str(
                equity_graph(
                    report,
                    theme=self._theme,
                    colors=self._colors,
                    start=evaluation.wins,
                    plies=len(self._game.turns),
                )
            )
            self._graphed = (report, drawing)
        return self._graphed[1]

    def view(self) -> View:
        game = self._game
        shown = self._shown()
        variant = shown.variant
        position = game.position
        playing = self._editing is None
        turn = shown.turn
        targets = {
            str(place_of(variant, turn, start)): [str(place_of(variant, turn, e)) for e in ends]
            for start, ends in self._legal_targets().items()
        }
        remaining: list[int] = []
        can_confirm = False
        if playing and position.dice is not None and not position.is_over():
            remaining = list(self.legal_plays.remaining_dice(self._done))
            can_confirm = not targets
        result = game.outcome() if playing else None
        win = game.result() if playing else None
        deciding = self._deciding()
        return {
            "version": self._version,
            "line": self._line,
            "variant": "trigammon" if variant.players == 3 else "classic",
            "players": variant.players,
            "names": list(game.names),
            "colors": list(self._colors or THEMES[self._theme].checkers[: variant.players]),
            "theme": self._theme,
            "palette": css_variables(THEMES[self._theme]),
            "mode": "play" if playing else "edit",
            "perspective": self._perspective,
            "turn": turn,
            "dice": list(shown.dice) if shown.dice else None,
            "remaining": remaining,
            "can_roll": playing
            and game.started
            and position.dice is None
            and not game.is_over()
            and not game.cube.offered
            and self._is_last_game(),
            "can_confirm": can_confirm,
            "can_undo_move": bool(self._done),
            "targets": targets,
            "partial": format_play(variant, Play(self._done)),
            "ply": game.ply,
            "plies": len(game.turns),
            "outcome": None if result is None else result_view(result, variant.players),
            "message": self._message,
            "pips": [shown.pip_count(p) for p in range(variant.players)],
            "position_id": shown.id,
            "edit_player": self._edit_player,
            "seats": list(self._seats),
            "bot_to_move": playing
            and not game.is_over()
            and deciding in self._bots
            and game.ply == len(game.turns)
            and self._is_last_game(),
            "analysis": self._analysis,
            "review": self._review_now(),
            "tutor": {
                "on": self._tutor,
                "threshold": self._tutor_threshold,
                "warning": None if self._warning is None else self._warning[0],
            },
            "variations": [variation_row(v) for v in (game.variations() if playing else ())],
            "alternatives": [
                variation_row(v)
                for v in (game.variations(game.ply - 1) if playing and game.ply else ())
            ],
            "main_line": game.is_main_line,
            "win": None
            if win is None
            else {"winner": win.winner, "points": win.points, "ending": win.ending},
            "cube": self._cube_view() if playing else None,
            "match": self._match_view(),
        }

    def _cube_view(self) -> CubeView | None:
        game = self._game
        if game.variant.players != 2:
            return None
        cube = game.cube
        actions = game.match_position.legal_cube_actions() if self._is_last_game() else ()
        return {
            "value": cube.value,
            "owner": cube.owner,
            "offered": cube.offered,
            "can_double": "double" in actions and not self._done,
            "can_answer": "take" in actions,
        }

    def _match_view(self) -> MatchView | None:
        game, match = self._game, self._match
        state = game.match_state
        if match is None and state == MatchState(score=(0,) * game.variant.players):
            return None
        games = match.games if match is not None else (game,)
        last = match is None or game is match.game
        return {
            "length": state.length,
            "score": list(state.score),
            "total": list(match.score if match is not None else state.score),
            "crawford": state.crawford,
            "post_crawford": state.post_crawford,
            "jacoby": state.jacoby,
            "game": games.index(game),
            "games": len(games),
            "over": match is not None and match.is_over(),
            "winner": None if match is None else match.winner,
            "can_next_game": match is not None and last and game.is_over() and not match.is_over(),
        }

    def plays(self) -> list[str]:
        """Every legal play of this turn's dice, in notation (``NO_MOVE`` for the empty
        play); empty while none is due."""
        position = self._game.position
        if self._editing is not None or position.dice is None or position.is_over():
            return []
        return [play_text(position.format_play(play)) for play in self.legal_plays]

    def _review_now(self) -> Review | None:
        """The review as the shown turn sees it; None once the line is another."""
        if self._review is None or self._game.turns != self._reviewed:
            return None
        players, mistakes, turn = review_view(self._current_report(), self._game.ply)
        return {**self._review, "players": players, "mistakes": mistakes, "turn": turn}

    def _better(self) -> Play:
        """The better play the review found for the shown turn, if it is marked."""
        report = self._current_report()
        game = self._game
        if report is None or not game.ply or self._done or self._editing is not None:
            return Play()
        judged = next((t for t in report.turns if t.ply == game.ply), None)
        if judged is None or judged.mark is None:
            return Play()
        return judged.best[0].play

    def history(self) -> list[HistoryEntry]:
        """The turns of the current line, with branch counts and the review's marks."""
        game = self._game
        report = self._current_report()
        marks = report.marks if report is not None else {}
        return [
            {
                "ply": ply,
                "player": turn.player,
                "dice": list(turn.dice) if isinstance(turn, Turn) else [],
                "text": record_text(turn, game.match_position_at(ply - 1).cube),
                "lines": lines,
                "mark": marks.get(ply),
            }
            for ply, (turn, lines) in enumerate(zip(game.turns, game.branches(), strict=True), 1)
        ]

    def record(self) -> str:
        """The game (or the match) as JSON, without the cursor: what a saved notebook
        keeps."""
        if self._match is not None:
            return self._match.to_json(indent=None)
        return json.dumps({k: v for k, v in self._game.to_dict().items() if k != "ply"})

    def frames(self) -> Frames:
        """Drawings of the neighbouring turns and, where the line ends (where a turn is
        played; elsewhere a person mostly steps through), of each legal move from here."""
        steps: dict[int, str] = {}
        moves: dict[str, str] = {}
        if self._editing is None:
            game = self._game
            for ply in range(game.ply - STEP_FRAMES, game.ply + STEP_FRAMES + 1):
                if 0 <= ply <= len(game.turns) and ply != game.ply:
                    steps[ply] = self._turn_drawing(ply)
            if game.ply < len(game.turns):
                return Frames(self._version, self._line, steps, moves)
            position = game.position
            variant = position.variant
            for start, ends in self._legal_targets().items():
                for end, chain in ends.items():
                    if len(moves) == MOVE_FRAMES:
                        break
                    made = Play((*self._done, *chain))
                    ends_at = place_of(variant, position.turn, end)
                    key = f"{place_of(variant, position.turn, start)}>{ends_at}"
                    after = position.after(made.moves)
                    moves[key] = self._draw(after, made, position.turn, ply=game.ply)
        return Frames(self._version, self._line, steps, moves)

    def message(self, error: ValueError) -> Message:
        """Show why an action was refused; only the message changes."""
        rule = getattr(error, "rule", None)
        text = getattr(error, "reason", None) or str(error)
        self._message = {"kind": "error", "text": text[:500], "rule": rule}
        return self._message

    def _shown(self) -> Position:
        if self._editing is not None:
            return self._editing
        position = self._game.position
        return position.after(self._done) if self._done else position

    def _arrows(self) -> Play:
        if self._editing is not None:
            return Play()
        if self._done:
            return Play(self._done)
        game = self._game
        last = game.turns[game.ply - 1] if game.ply else None
        return last.play if isinstance(last, Turn) else Play()

    def _arrow_mover(self) -> int | None:
        game = self._game
        if self._editing is None and not self._done and game.ply:
            last = game.turns[game.ply - 1]
            return last.player if isinstance(last, Turn) else None
        return None

    def _turn_drawing(self, ply: int) -> str:
        """The drawing of turn ``ply`` of the line, as ``goto(ply)`` would show it (kept
        while the line and its look stay the same)."""
        key = (self._line, ply)
        drawing = self._turn_drawings.get(key)
        if drawing is None:
            game = self._game
            last = game.turns[ply - 1] if ply else None
            turn = last if isinstance(last, Turn) else None
            arrows, mover = (turn.play, turn.player) if turn else (Play(), None)
            drawing = self._draw(game.position_at(ply), arrows, mover, ply=ply)
            if len(self._turn_drawings) >= TURN_DRAWINGS:
                del self._turn_drawings[next(iter(self._turn_drawings))]
            self._turn_drawings[key] = drawing
        return drawing

    def _draw(
        self,
        position: Position,
        arrows: Play,
        mover: int | None,
        best: Play | None = None,
        ply: int | None = None,
    ) -> str:
        """The board drawn as the session shows it; with the cube and the score of the
        game's ``ply``-th position once they are in play (a match, a score, a cube
        moved from the centred 1)."""
        game = self._game
        extras: dict[str, Any] = {}
        if ply is not None:
            cube = game.match_position_at(ply).cube
            if self._match_in_play():
                extras["match"] = game.match_state
            if self._cube_in_play(cube):
                extras["cube"] = cube
        # A plain str: marimo sends an SvgBoard (a str with _repr_svg_) as {}.
        return str(
            board_svg(
                position,
                perspective=self._perspective,
                arrows=arrows,
                best=best or Play(),
                mover=mover,
                theme=self._theme,
                names=game.names,
                colors=self._colors,
                **extras,
            )
        )
