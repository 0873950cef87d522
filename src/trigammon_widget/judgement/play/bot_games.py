"""Games with bots: whole bot-only games on the engine's fast path, a bot's match
against others, and bots playing their seats of a ``Game``.

``play_game`` plays one game between bots (``engine.fastplay.play_game``: the built-in
bots choose from the candidates' keys, ``FastBot.pick``; any other bot is asked
``choose`` on a real ``Position``); ``play_match`` plays one bot against others, seats
rotated, and counts its wins and points; ``autoplay`` lets bots roll, play and handle
the cube for their seats of a ``Game`` a person may be playing too.
"""

from __future__ import annotations

import math
import random
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ...engine.fastplay import Chooser, FastChooser, Leaves, TurnView, key_of, position_of
from ...engine.fastplay import play_game as fast_game
from ...engine.game import Game, Record
from ...engine.i18n import _
from ...engine.outcome import Outcome
from ...engine.position import Position
from ...engine.variant import Variant, find_variant
from ..threads import one_blas_thread
from .bots import Bot, CubeHandler, FastBot

__all__ = ["GameResult", "MatchResult", "autoplay", "chooser", "play_game", "play_match"]


# --- games between bots -------------------------------------------------------------


@dataclass(frozen=True)
class GameResult:
    """How a bot-only game ended: its outcome (None if stopped early) and its length."""

    outcome: Outcome | None
    turns: int
    position: Position

    @property
    def winner(self) -> int | None:
        return None if self.outcome is None else self.outcome.winner


class _Cancelled(Exception):
    """Raised before a bot's choice once the game's ``cancel`` is set (``chooser``)."""


def chooser(bot: Bot, variant: Variant, cancel: threading.Event | None = None) -> Chooser:
    """How ``bot`` picks among keys in bot-only games: its fast path (and its compiled
    forms, ``index_chooser`` and ``seat``, where it has them), or ``choose``. With
    ``cancel``, a bot that chooses in Python (``choose``, or ``pick`` with no compiled
    form) raises ``_Cancelled`` instead of choosing once it is set; the compiled
    choosers of the package's bots play a whole game in milliseconds."""
    if isinstance(bot, FastBot):
        compiled = getattr(bot, "index_chooser", None)
        if compiled is not None:
            return FastChooser(bot.pick, compiled, getattr(bot, "seat", None))
        return _heeding(bot.pick, cancel)

    def pick(view: TurnView, leaves: Leaves, rng: random.Random) -> int:
        position = position_of(variant, view.boards, view.turn, view.dice)
        # Any move order or hit marking that reaches a legal result is accepted.
        return key_of(leaves, position.legal_plays().check(bot.choose(position)))

    return _heeding(pick, cancel)


def _heeding(pick: Chooser, cancel: threading.Event | None) -> Chooser:
    if cancel is None:
        return pick

    def heeded(view: TurnView, leaves: Leaves, rng: random.Random) -> int:
        if cancel.is_set():
            raise _Cancelled
        return pick(view, leaves, rng)

    return heeded


def play_game(
    variant: str | Variant,
    bots: Sequence[Bot],
    seed: int | str | None = None,
    max_turns: int | None = None,
    start: Position | None = None,
) -> GameResult:
    """One whole game between bots, ``bots[p]`` playing seat p, on the engine's fast
    path (``fastplay.play_game``).

    The opening roll (R2) decides who starts (classic plays the opening dice), unless
    ``start`` is given, whose player to move begins (with its dice, if rolled). All
    dice, and the random bots' choices, come from ``random.Random(seed)``.
    """
    chosen = find_variant(variant) if start is None else start.variant
    if len(bots) != chosen.players:
        raise ValueError(
            _("{variant} needs {players} bots, got {count}").format(
                variant=chosen.name, players=chosen.players, count=len(bots)
            )
        )
    return _played(chosen, [chooser(bot, chosen) for bot in bots], seed, start, max_turns)


def _played(
    variant: Variant,
    choosers: Sequence[Chooser],
    seed: int | str | None,
    start: Position | None = None,
    max_turns: int | None = None,
) -> GameResult:
    with one_blas_thread():
        boards, turn, played = fast_game(variant, choosers, random.Random(seed), start, max_turns)
    final = position_of(variant, boards, turn)
    return GameResult(final.outcome(), played, final)


# --- autoplay of a Game -------------------------------------------------------------


def autoplay(
    game: Game,
    players: Mapping[int, Bot | None] | Sequence[Bot | None],
    max_turns: int | None = None,
    until_player_needed: bool = True,
) -> list[Record]:
    """Roll, play and handle the cube for the bots' seats of ``game``; the records made.

    ``players`` gives a bot per seat, ``None`` (or a seat left out of a mapping) for
    a human. Dice come from the game's own generator (``game.roll()``), so a seeded
    game replays the same. The opening roll (R2) is made first if needed. A bot that
    handles the cube (``CubeHandler``) may double before it rolls and decides whether
    to take; others never double and always take (R14). Play stops when the game
    ends, after ``max_turns`` records, where nobody can move again (a round of passes
    at a ``Position.frozen``), or when a human seat is to move or to answer a double:
    with ``until_player_needed`` the human's dice are left to roll; without it they are
    rolled for the human too, so the board shows them at once.
    """
    seats = players if isinstance(players, Mapping) else dict(enumerate(players))
    unknown = sorted(set(seats) - set(range(game.variant.players)))
    if unknown:
        raise ValueError(
            _("unknown seat {seat}: {variant} has seats 0..{last}").format(
                seat=unknown[0], variant=game.variant.name, last=game.variant.players - 1
            )
        )
    while not game.started:
        game.roll_opening()
    made: list[Record] = []
    passes = 0
    while not game.is_over() and (max_turns is None or len(made) < max_turns):
        if passes >= game.variant.players and game.position.frozen:
            break  # nobody can ever move again (a mutual closeout): the game cannot end
        match = game.match_position
        position = match.position
        if match.cube.offered:
            taker = seats.get(1 - position.turn)
            if taker is None:
                break
            takes = not isinstance(taker, CubeHandler) or taker.take(match)
            made.append(game.take() if takes else game.drop())
            continue
        bot = seats.get(position.turn)
        if bot is None:
            if not until_player_needed and position.dice is None:
                game.roll()
            break
        if (
            isinstance(bot, CubeHandler)
            and "double" in match.legal_cube_actions()
            and bot.double(match)
        ):
            made.append(game.double())
            continue
        if position.dice is None:
            game.roll()
            position = game.position
        turn = game.play(bot.choose(position))
        made.append(turn)
        passes = 0 if turn.play.moves else passes + 1
    return made


# --- matches: one bot against others ------------------------------------------------


@dataclass(frozen=True)
class MatchResult:
    """What one bot scored over some games against others, seats rotated.

    ``points`` adds up the bot's net points per game when every loser pays the winner
    1, 2 or 3 points (R13; cubeless money play); ``squares`` their squares, for the
    interval of the mean.
    """

    games: int
    wins: int
    points: float
    squares: float

    def __add__(self, other: MatchResult) -> MatchResult:
        return MatchResult(
            self.games + other.games,
            self.wins + other.wins,
            self.points + other.points,
            self.squares + other.squares,
        )

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def points_per_game(self) -> float:
        return self.points / self.games if self.games else 0.0

    def points_interval(self, z: float = 1.959963984540054) -> tuple[float, float]:
        """Normal 95% interval of the mean points per game."""
        if self.games < 2:
            return -math.inf, math.inf
        mean = self.points_per_game
        variance = (self.squares - self.games * mean * mean) / (self.games - 1)
        half = z * math.sqrt(max(variance, 0.0) / self.games)
        return mean - half, mean + half


def play_match(
    variant: str | Variant,
    bot: Bot,
    opponents: Bot | Sequence[Bot],
    games: Sequence[int],
    seed: int | str = 0,
    cancel: threading.Event | None = None,
) -> MatchResult:
    """Games ``games`` (indices) of ``bot`` against ``opponents``, seats rotated.

    In game ``g`` the bot sits in seat ``g`` mod players and the opponents (one bot
    for every other seat, or one per seat left) take the other seats in order; its
    dice come from ``random.Random(f"{seed}:{g}")``, so a match split in parts over
    processes adds up to the same result. Once ``cancel`` is set, the games finished
    so far: it is looked at before each game and before each choice of a bot that
    chooses in Python (``chooser``), so a cancel waits at most for the choice under way.
    """
    chosen = find_variant(variant)
    others = list(opponents) if isinstance(opponents, Sequence) else [opponents]
    if len(others) == 1:
        others *= chosen.players - 1
    if len(others) != chosen.players - 1:
        raise ValueError(
            _("{variant} needs {opponents} opponents, got {count}").format(
                variant=chosen.name, opponents=chosen.players - 1, count=len(others)
            )
        )
    total = MatchResult(0, 0, 0.0, 0.0)
    for game in games:
        if cancel is not None and cancel.is_set():
            break
        seat = game % chosen.players
        bots = [*others[:seat], bot, *others[seat:]]
        try:
            result = _played(chosen, [chooser(b, chosen, cancel) for b in bots], f"{seed}:{game}")
        except _Cancelled:
            break  # the game under way is dropped
        if result.outcome is None:
            raise ValueError(_("game {game} did not finish").format(game=game))
        won = result.outcome.winner == seat
        lost = result.outcome.points[seat]
        points = float(sum(result.outcome.points)) if won else -float(lost)
        total += MatchResult(1, int(won), points, points * points)
    return total
