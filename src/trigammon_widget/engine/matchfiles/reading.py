"""What GNU Backgammon's two match files share when read: their limit, and the
``Reader`` that builds a match game by game from a file's actions, each made by the
engine, naming the line of each (``mat``, ``sgf``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import MatchFileError, quote
from ..game import Game
from ..i18n import _
from ..match import Match
from ..moves import Play

__all__ = ["MAX_MATCH_FILE_CHARS", "Reader", "file_text", "require_classic", "score_text"]

MAX_MATCH_FILE_CHARS = 5_000_000
"""Longest match file read: a long match with gnubg's analysis in it fits."""


def file_text(text: object, what: str) -> str:
    """``text`` as a match file's text (``what``: "a .mat file"), its byte order mark
    dropped; ``MatchFileError`` for anything else."""
    if not isinstance(text, str):
        raise MatchFileError(0, _("{what} is text, not {text}").format(what=what, text=quote(text)))
    if len(text) > MAX_MATCH_FILE_CHARS:
        raise MatchFileError(
            0,
            _("{what} has at most {max_match_file_chars} characters, not {count}").format(
                what=what, max_match_file_chars=f"{MAX_MATCH_FILE_CHARS:,}", count=f"{len(text):,}"
            ),
        )
    return text.removeprefix("\ufeff")


@dataclass
class Reader:
    """Builds a match game by game from a file's actions, naming the line of each."""

    match: Match | None = None
    line: int = 0
    unplayed: int | None = None
    """The line of a roll with legal plays and none played: a resignation must follow."""

    @property
    def game(self) -> Game:
        assert self.match is not None
        return self.match.game

    def fail(self, reason: str, line: int | None = None) -> MatchFileError:
        return MatchFileError(self.line if line is None else line, reason)

    def start_game(self, number: int) -> None:
        """Game ``number`` (from 1) begins: the one before must be over."""
        expected = 1 if self.match is None else len(self.match.games) + 1
        if number != expected:
            raise self.fail(
                _("game {number} follows game {number2}; expected game {expected}").format(
                    number=number, number2=expected - 1, expected=expected
                )
            )
        if self.match is None:
            return
        self.finish(last=False)
        try:
            self.match.new_game()
        except ValueError as error:
            raise self.fail(str(error)) from None

    def checkscore_text(self, score: tuple[int, int]) -> None:
        """The score the file says the game starts at must be the games' own."""
        assert self.match is not None
        if score != self.match.state.score:
            raise self.fail(
                _("game {count} starts at {score}, but the games before it leave {score2}").format(
                    count=len(self.match.games),
                    score=score_text(score),
                    score2=score_text(self.match.state.score),
                )
            )

    def finish(self, last: bool) -> None:
        """Check the game just read ends (every game but the last of a file must)."""
        assert self.match is not None
        number = len(self.match.games)
        if self.unplayed is not None:
            raise self.fail(
                _(
                    "game {number}: a roll with legal plays and none played is followed by "
                    "a resignation ('Wins')"
                ).format(number=number),
                self.unplayed,
            )
        if not last and not self.game.is_over():
            raise self.fail(_("game {number} ends without a result").format(number=number))

    def roll(self, player: int, dice: tuple[int, int], moves: str | None) -> None:
        """A roll of ``player`` and its play (``None``: rolled, then resigned)."""
        game = self.game
        self.going_on()
        if not game.started:
            if dice[0] == dice[1]:
                raise self.fail(
                    _("the opening roll is two different dice (R2), not {dice}").format(dice=dice)
                )
            opening = [min(dice), min(dice)]
            opening[player] = max(dice)
            game.roll_opening(opening)
        position = game.position
        if position.turn != player:
            raise self.fail(
                _("player {turn} is to roll, not player {player}").format(
                    turn=position.turn, player=player
                )
            )
        try:
            if position.dice is None:
                game.roll(*dice)
            else:  # the opening dice (R2): the file's order
                game.set_dice(*dice)
            if moves:
                game.play(moves)
            elif moves == "" and Play() in game.legal_plays():
                game.play(Play())
            else:  # rolled and not played: a resignation follows
                self.unplayed = self.line
        except ValueError as error:
            raise self.fail(str(error)) from None

    def cube(self, player: int, action: str, value: int | None = None) -> None:
        game = self.game
        self.going_on(cube_answer=action != "double")
        if value is not None and value != 2 * game.cube.value:
            raise self.fail(
                _("a double of the {value}-cube is to {number}").format(
                    value=game.cube.value, number=2 * game.cube.value
                )
            )
        try:
            record = getattr(game, action)()
        except ValueError as error:
            raise self.fail(str(error)) from None
        if record.player != player:
            wrong = {
                "double": _("player {actor} is to double, not player {player}"),
                "take": _("player {actor} is to take, not player {player}"),
                "drop": _("player {actor} is to drop, not player {player}"),
            }[action]
            raise self.fail(wrong.format(actor=record.player, player=player))

    def wins(self, winner: int, points: int) -> None:
        """A game's end as the file states it: it confirms a drop or the last checker
        borne off, else the loser resigned."""
        game = self.game
        result = game.result()
        if result is None:
            cube = game.cube.value
            level, rest = divmod(points, cube)
            if rest or level not in (1, 2, 3):
                raise self.fail(
                    _(
                        "a resignation concedes 1, 2 or 3 times the {cube}-cube, not {points} "
                        "points"
                    ).format(cube=cube, points=points)
                )
            try:
                game.resign(level, player=1 - winner)
            except ValueError as error:
                raise self.fail(str(error)) from None
            self.unplayed = None
            return
        if result.winner != winner:
            raise self.fail(
                _("player {winner} has won the game, not player {winner2}").format(
                    winner=result.winner, winner2=winner
                )
            )
        if result.points != points:
            raise self.fail(
                _("the game is worth {points} points, not {points2}").format(
                    points=result.points, points2=points
                )
            )

    def going_on(self, cube_answer: bool = False) -> None:
        if self.unplayed is not None:
            raise self.fail(
                _("a roll with legal plays and none played is followed by a resignation ('Wins')"),
                self.unplayed,
            )
        if self.game.is_over():
            raise self.fail(_("the game is over: {result}").format(result=self.game.result()))
        if self.game.cube.offered and not cube_answer:
            raise self.fail(_("a double awaits its answer (take or drop)"))


def score_text(score: Sequence[int]) -> str:
    """A score as the readers' errors write it: ``2-1``."""
    return "-".join(map(str, score))


def require_classic(match: Match) -> None:
    """Refuse to write a trigammon match: both files are classic's."""
    if match.variant.players != 2:
        raise ValueError(_("match files describe classic backgammon, not trigammon"))
