"""Evaluators: every player's chances from a position, and hints ranked by them.

An evaluator rates a position before the roll of the player to move (the
``Evaluator`` protocol). Two come with the package, selected by name:

- ``"neural"`` (the default): the project's own net for each variant, shipped in
  the package and read on first use (``trigammon_widget.judgement.nets.network``; how it was
  trained: ``docs/training.md``), with bear-off races rated from the bear-off database
  instead (``trigammon_widget.judgement.race.rating``: exactly where the race is small);
- ``"gnubg"``: GNU Backgammon's 0-ply net (PyPI ``gnubg-nn``, the optional extra
  ``trigammon-widget[gnubg]``), classic only.

``evaluate(position)`` gives an ``Evaluation``; ``hints(position)`` rates every legal
play of the roll and ranks them by the mover's equity. Both look ``ply`` rolls
ahead: 0 rates positions as the evaluator sees them, 1 averages over the 21 rolls of
the next player to roll, each answered by its best play at 0-ply.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache
from types import ModuleType
from typing import Any, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from ..engine import fast
from ..engine.fastplay import Boards, Indexer, TurnView, has_won, play_of
from ..engine.i18n import _
from ..engine.moves import Play
from ..engine.position import Position, check_dice
from ..engine.runs import Seat
from ..engine.variant import Variant
from . import race
from .judges import EVALUATORS, PLIES
from .nets import (
    DEFAULTS,
    ROLL_CHANCES,
    CompiledRater,
    Net,
    Network,
    PhaseNets,
    load_named,
    load_shipped,
)
from .nets import ROLLS as ROLL_ARRAY
from .outcome_vectors import Floats, equities_of, equity_matrix, outcome_size, pairs, sure

__all__ = [
    "EVALUATORS",
    "PLIES",
    "Evaluation",
    "Evaluator",
    "GnubgEvaluator",
    "Hint",
    "NeuralEvaluator",
    "RollTable",
    "best_of_roll",
    "evaluate",
    "find_evaluator",
    "hints",
    "loser_matrix",
    "net_name",
    "rate_plays",
    "roll_table",
]


@dataclass(frozen=True)
class Evaluation:
    """Every player's chances from a position, the player to move (``turn``) about to
    roll; index = seat.

    ``wins[p]``: p's chance to win. ``gammons[p]``: p's chance to lose a gammon or a
    backgammon, ``backgammons[p]``: to lose a backgammon (R13). ``equities[p]``: the
    points p can expect (cubeless money play) when every loser pays the winner what
    R13 says it loses (1, 2 or 3 points): in classic the usual cubeless equity, in
    trigammon the winner collects from both losers, so a player's equity lies
    between -3 and +6 and the equities of all players add up to 0.
    ``evaluator`` and ``ply`` say where the numbers come from.
    """

    turn: int
    wins: tuple[float, ...]
    gammons: tuple[float, ...]
    backgammons: tuple[float, ...]
    equities: tuple[float, ...]
    evaluator: str
    ply: int

    @classmethod
    def from_outcomes(cls, vector: Floats, turn: int, evaluator: str, ply: int) -> Evaluation:
        """An evaluation from an outcome vector in seats (``network``)."""
        return _evaluations(vector[None], [turn], evaluator, ply)[0]

    @property
    def win(self) -> float:
        """The win chance of the player to move."""
        return self.wins[self.turn]

    @property
    def equity(self) -> float:
        """The equity of the player to move."""
        return self.equities[self.turn]

    def __str__(self) -> str:
        parts = [
            f"P{p}: win {w:.1%} gammon loss {g:.1%} equity {e:+.3f}"
            for p, (w, g, e) in enumerate(zip(self.wins, self.gammons, self.equities, strict=True))
        ]
        return f"{self.evaluator} {self.ply}-ply, P{self.turn} to roll: " + "; ".join(parts)


def _evaluations(
    vectors: Floats, turns: Sequence[int], evaluator: str, ply: int
) -> list[Evaluation]:
    """Evaluations of outcome vectors in seats (one row each), made in one go."""
    players = next(n for n in (2, 3) if outcome_size(n) == vectors.shape[1])
    losers = loser_matrix(players)
    wins = vectors[:, :players].tolist()
    gammons = (vectors @ losers[0]).tolist()
    backgammons = (vectors @ losers[1]).tolist()
    equities = (vectors @ equity_matrix(players)).tolist()
    return [
        Evaluation(turn, tuple(w), tuple(g), tuple(b), tuple(e), evaluator, ply)
        for turn, w, g, b, e in zip(turns, wins, gammons, backgammons, equities, strict=True)
    ]


@cache
def loser_matrix(players: int) -> Floats:
    """``vectors @ m[0]``: each player's chance to lose a gammon; ``m[1]``: a backgammon."""
    q = len(pairs(players))
    matrix = np.zeros((2, outcome_size(players), players), np.float32)
    for k, (_won, lost) in enumerate(pairs(players)):
        matrix[0, players + k, lost] = 1.0
        matrix[1, players + q + k, lost] = 1.0
    return matrix


# --- the protocol and the two evaluators ---------------------------------------------


@runtime_checkable
class Evaluator(Protocol):
    """Rates positions before a roll as outcome vectors in seats (``network``).

    ``rate`` rates one position (not finished) before its player to move rolls;
    ``after_plays`` rates, in one batch, the positions the plays ``keys`` of a roll
    lead to (engine fast path, ``fastplay.TurnView``), each before the next player's
    roll, a winning play by its sure outcome. ``check`` raises ``ValueError`` for a
    variant the evaluator cannot rate.
    """

    name: str

    def check(self, variant: Variant) -> None: ...

    def rate(self, variant: Variant, boards: Boards, turn: int) -> Floats: ...

    def after_plays(self, view: TurnView, keys: Sequence[int]) -> Floats: ...


class NeuralEvaluator:
    """The project's own nets: the default one of each variant, a net of the package
    by name (``"trigammon-v1"``: ``shipped.shipped_names``), or ``network`` (a
    ``network.Network`` or classic ``phases.PhaseNets``). Bear-off races are rated from
    the bear-off database (``race.rate``) unless ``races`` is False.

    Shipped nets are read on first use, so the evaluator pickles as a few bytes
    (worker processes read the weights themselves); one made with a net (training)
    carries its weights.
    """

    name = "neural"

    def __init__(self, network: Net | str | None = None, races: bool = True) -> None:
        if isinstance(network, str):
            load_named(network)  # an unknown name fails here, not in a worker
        self.network = network
        self.races = races

    def __repr__(self) -> str:
        parts = [] if self.network is None else [repr(self.network)]
        if isinstance(self.network, Network | PhaseNets):
            parts = ["<network>"]
        if not self.races:
            parts.append("races=False")
        return f"NeuralEvaluator({', '.join(parts)})"

    def net(self, variant: Variant) -> Net:
        if isinstance(self.network, Network | PhaseNets):
            net = self.network
        else:
            net = load_shipped(variant.name) if self.network is None else load_named(self.network)
        net.check(variant)
        return net

    def check(self, variant: Variant) -> None:
        self.net(variant)

    def rate(self, variant: Variant, boards: Boards, turn: int) -> Floats:
        if self.races and race.is_race(variant, boards):
            return race.rate(variant, boards, turn).astype(np.float32)
        rated: Floats = self.net(variant).rate([boards], [turn])[0]
        return rated

    def after_plays(self, view: TurnView, keys: Sequence[int]) -> Floats:
        rated = self.net(view.variant).after_plays(view, keys)
        return race.after_plays(view, keys, rated) if self.races else rated

    def compiled_picker(self, variant: Variant) -> Indexer | None:
        """The best play for the mover on the compiled fast path (the net's own picker:
        ``Network``'s compiled pass, ``PhaseNets``' numpy over the search's arrays), if
        any.

        Where a play may leave a bear-off race (every other player is home), the races
        are rated from the database, in compiled code where the net has a compiled pass
        (``CompiledRater.pick_in_race``), and where it has none, where a race is solved
        exactly or where a play wins, the turn by ``after_plays``, as the bots' ``pick``
        rates it: a game is the same on either path.
        """
        compiled = self.net(variant).compiled_picker(variant)
        module = fast.compiled()
        if compiled is None or module is None or not self.races:
            return compiled
        rater = self._compiled_rater(variant)
        columns = equity_matrix(variant.players)

        def pick(table: Any, mover: int, count: int, rng: random.Random) -> int:
            if not self._may_race(variant, table.everyone, mover):
                return compiled(table, mover, count, rng)
            found = -1 if rater is None else rater.pick_in_race(table, mover, count)
            if found >= 0:
                return found
            keys = list(module.results(table.space))  # the search's order: the leaves'
            # The dice served the search, which is done: the view only rates its results.
            view = TurnView(variant, table.boards(), mover, (1, 1))
            return int(equities_of(self.after_plays(view, keys), columns[:, mover]).argmax())

        return pick

    def best_equities(
        self, variant: Variant, boards: Boards, mover: int
    ) -> npt.NDArray[np.float64] | None:
        """The mover's equity of its best play (0-ply, by ``after_plays``) for each of
        the 21 rolls (``ROLLS``), in one call of the net's compiled pass; None without
        that pass, where a play wins or where a race is to be solved exactly."""
        rater = self._compiled_rater(variant)
        return None if rater is None else rater.best_equities(boards, mover, self.races)

    def best_of_rolls(
        self, variant: Variant, boards: Boards, mover: int, afters: npt.NDArray[np.uint8]
    ) -> Floats | None:
        """The outcome vector of the mover's best play (0-ply, by ``after_plays``) for
        each of the 21 rolls (``ROLLS``), with every player's boards after it into
        ``afters`` (a flat row per roll), all rolls searched and rated at once on the
        fast path: by the net's compiled pass, or classic nets by phase in one batch;
        None off the fast path, where a play wins, where a race is to be solved exactly
        or (nets by phase) may be rated from the bear-off database."""
        net = self.net(variant)
        if isinstance(net, PhaseNets):
            if self._may_race(variant, boards, mover):
                return None
            return net.best_of_rolls(boards, mover, ROLL_ARRAY, afters)
        rater = self._compiled_rater(variant)
        if rater is None:
            return None
        # Where no play can leave a bear-off race, the database is not even read.
        racing = self._may_race(variant, boards, mover)
        return rater.best_of_rolls(boards, mover, ROLL_ARRAY, racing, afters)

    def one_ply(self, variant: Variant, boards: Boards, mover: int) -> Floats | None:
        """``rate_before_roll`` one roll deep in one call of the net's compiled pass;
        None where ``best_equities`` is (no such pass, a play wins, an exact race)."""
        rater = self._compiled_rater(variant)
        if rater is None:
            return None
        found = rater.one_ply(boards, mover, self.races)
        return None if found is None else found.astype(np.float32)

    def _may_race(self, variant: Variant, boards: Sequence[Sequence[int]], mover: int) -> bool:
        """Whether a play of ``mover`` may leave a bear-off race rated from the database
        (races on, every other player home)."""
        start = variant.home_start
        return self.races and not any(any(b[:start]) for p, b in enumerate(boards) if p != mover)

    def compiled_seat(self, variant: Variant) -> Seat | None:
        """How ``compiled_picker`` chooses, for runs of turns in compiled code
        (``runs.Seat``): by the net's compiled pass, with bear-off races rated from
        the database; None without that pass."""
        rater = self._compiled_rater(variant)
        return None if rater is None else Seat(rater, self.races)

    def _compiled_rater(self, variant: Variant) -> CompiledRater | None:
        net = self.net(variant)
        return net.compiled_rater(variant) if isinstance(net, Network) else None


GNUBG_MISSING = (
    "the 'gnubg' evaluator needs GNU Backgammon's net, gnubg-nn: "
    "pip install 'trigammon-widget[gnubg]' (wheels for CPython 3.11 on x86_64 Linux only)"
)


class GnubgEvaluator:
    """GNU Backgammon's net (``gnubg_nn.probabilities``), for classic positions.

    ``plies`` is gnubg's own look-ahead for each rating (0, the default, is its
    0-ply net; 1 and 2 are slower and stronger). Raises ``ImportError`` saying how
    to install gnubg-nn where it is missing.
    """

    name = "gnubg"

    def __init__(self, plies: int = 0) -> None:
        if plies not in (0, 1, 2):
            raise ValueError(
                _("gnubg plies must be 0, 1 or 2, not {plies}").format(plies=repr(plies))
            )
        self.plies = plies
        _gnubg()

    def __repr__(self) -> str:
        return f"GnubgEvaluator(plies={self.plies})"

    def check(self, variant: Variant) -> None:
        if variant.players != 2 or variant.points != 24:
            raise ValueError(
                _("the 'gnubg' evaluator rates classic positions only, not {name}").format(
                    name=variant.name
                )
            )

    def rate(self, variant: Variant, boards: Boards, turn: int) -> Floats:
        """gnubg's (win, gammon, backgammon, gammon loss, backgammon loss) for the
        player on roll, as an outcome vector in seats."""
        from ..engine.ids import gnubg_board

        self.check(variant)
        win, gammon, backgammon, gammon_loss, backgammon_loss = _gnubg().probabilities(
            gnubg_board(boards, turn), self.plies
        )
        other = 1 - turn
        vector = np.zeros(outcome_size(2), np.float32)
        vector[turn], vector[other] = win, 1 - win
        # pairs(2) is ((0, 1), (1, 0)): G and B of "0 beats 1", then "1 beats 0".
        won, lost = (2, 3) if turn == 0 else (3, 2)
        vector[won], vector[lost] = gammon, gammon_loss
        vector[won + 2], vector[lost + 2] = backgammon, backgammon_loss
        return vector

    def after_plays(self, view: TurnView, keys: Sequence[int]) -> Floats:
        self.check(view.variant)
        follower = view.variant.next_player(view.turn)
        rows = []
        for key in keys:
            boards = view.boards_after(key)
            rows.append(
                sure(view.variant, boards, view.turn)
                if has_won(boards[view.turn])
                else self.rate(view.variant, boards, follower)
            )
        return np.stack(rows)


@cache
def _gnubg() -> ModuleType:
    try:
        return importlib.import_module("gnubg_nn")
    except ImportError:
        raise ImportError(GNUBG_MISSING) from None


def find_evaluator(evaluator: str | Evaluator | None = None) -> Evaluator:
    """An evaluator by name (``"neural"``, the default, or ``"gnubg"``), or as given."""
    if evaluator is None or evaluator == "neural":
        return _neural()
    if evaluator == "gnubg":
        return GnubgEvaluator()
    if isinstance(evaluator, Evaluator) and not isinstance(evaluator, str):
        return evaluator
    raise ValueError(
        _("unknown evaluator {evaluator}: use one of {evaluators}").format(
            evaluator=repr(evaluator), evaluators=", ".join(EVALUATORS)
        )
    )


@cache
def _neural() -> NeuralEvaluator:
    return NeuralEvaluator()


def net_name(evaluator: Evaluator, variant: Variant) -> str:
    """The net an evaluator rates ``variant`` with, as the board names it: a shipped
    net's name (``"trigammon-v3"``), ``"gnubg"``, or ``"own net"`` for a net given as
    weights."""
    if isinstance(evaluator, NeuralEvaluator):
        if evaluator.network is None:
            return DEFAULTS[variant.name]
        return evaluator.network if isinstance(evaluator.network, str) else "own net"
    return evaluator.name


# --- looking ahead ----------------------------------------------------------------------

ROLLS = tuple((a, b) for a in range(1, 7) for b in range(a, 7))
"""The 21 distinct rolls; a roll of two different dice comes up 2 times in 36."""


def _check_ply(ply: int) -> int:
    if isinstance(ply, bool) or ply not in PLIES:
        raise ValueError(_("ply must be 0 or 1, not {ply}").format(ply=repr(ply)))
    return ply


def rate_before_roll(
    evaluator: Evaluator, variant: Variant, boards: Boards, turn: int, ply: int
) -> Floats:
    """The outcome vector of a position before ``turn`` rolls, ``ply`` rolls deep."""
    if any(map(has_won, boards)):
        return sure(variant, boards, turn)
    if ply == 0:
        return evaluator.rate(variant, boards, turn)
    if ply == 1 and isinstance(evaluator, NeuralEvaluator):  # in one compiled call
        found = evaluator.one_ply(variant, boards, turn)
        if found is not None:
            return found
    total = np.zeros(outcome_size(variant.players), np.float32)
    column = equity_matrix(variant.players)[:, turn]
    for dice in ROLLS:
        view = TurnView(variant, boards, turn, dice)
        vectors = rate_plays(evaluator, view, list(view.leaves()), ply - 1)
        best = int(np.argmax(equities_of(vectors, column)))
        total += vectors[best] * (1 if dice[0] == dice[1] else 2)
    return (total / 36).astype(np.float32)


@dataclass(frozen=True, eq=False)
class RollTable:
    """What each of the 21 rolls (``ROLLS``) is worth from a position before its player
    to move rolls: ``vectors[r]``, the outcome vector (in seats) after the mover's best
    play of roll ``r`` by the evaluator at 0-ply, and ``afters[r]``, every player's
    boards after that play (flat, player after player). ``mean`` is the position's
    1-ply rating; a roll's luck is its vector less the mean (GNU Backgammon's luck,
    which variance-reduced rollouts subtract: ``equity_rollout``)."""

    vectors: npt.NDArray[np.float64]
    afters: npt.NDArray[np.uint8]

    @property
    def mean(self) -> npt.NDArray[np.float64]:
        mean: npt.NDArray[np.float64] = ROLL_CHANCES @ self.vectors
        return mean


def roll_table(evaluator: Evaluator, variant: Variant, boards: Boards, mover: int) -> RollTable:
    """The ``RollTable`` of a position (not finished) before ``mover`` rolls: every
    roll's plays rated by ``after_plays`` and the best for the mover kept (the first
    of equals, as the bots choose), all rolls at once where the evaluator can
    (``NeuralEvaluator.best_of_rolls``), the same numbers up to the compiled pass's
    rounding."""
    size = variant.points + 2
    afters = np.empty((len(ROLLS), variant.players * size), np.uint8)
    if isinstance(evaluator, NeuralEvaluator):
        found = evaluator.best_of_rolls(variant, boards, mover, afters)
        if found is not None:
            return RollTable(found.astype(np.float64), afters)
    rows = []
    for r, dice in enumerate(ROLLS):
        vector, afters[r] = best_of_roll(evaluator, variant, boards, mover, dice)
        rows.append(vector)
    return RollTable(np.array(rows, np.float64), afters)


def best_of_roll(
    evaluator: Evaluator, variant: Variant, boards: Boards, mover: int, dice: tuple[int, int]
) -> tuple[Floats, npt.NDArray[np.uint8]]:
    """The outcome vector (in seats) after the mover's best play of one roll by
    ``after_plays`` (the first of equals, as the bots choose), and every player's boards
    after it (flat, player after player)."""
    view = TurnView(variant, boards, mover, dice)
    keys = list(view.leaves())
    vectors = evaluator.after_plays(view, keys)
    best = int(equities_of(vectors, equity_matrix(variant.players)[:, mover]).argmax())
    after = view.boards_after(keys[best])
    return vectors[best], np.frombuffer(b"".join(map(bytearray, after)), np.uint8)


def rate_plays(evaluator: Evaluator, view: TurnView, keys: Sequence[int], ply: int) -> Floats:
    """Outcome vectors (in seats) of the positions the plays ``keys`` lead to, each
    before the next player's roll, ``ply`` rolls deep."""
    if ply == 0:
        return evaluator.after_plays(view, keys)
    variant = view.variant
    follower = variant.next_player(view.turn)
    rows = []
    for key in keys:
        boards = view.boards_after(key)
        rows.append(rate_before_roll(evaluator, variant, boards, follower, ply))
    return np.stack(rows)


# --- the user's entry points --------------------------------------------------------


def evaluate(
    position: Position, *, evaluator: str | Evaluator | None = None, ply: int = 0
) -> Evaluation:
    """Every player's chances from ``position``, by ``evaluator`` (default: the own net).

    A position without dice is rated before its player to move rolls; a rolled
    position is worth its best play for that roll (the first of ``hints``). A
    finished game gives its sure outcome (R12, R13).
    """
    if not isinstance(position, Position):
        raise ValueError(
            _("evaluate needs a Position, not {kind}").format(kind=type(position).__name__)
        )
    chosen = find_evaluator(evaluator)
    _check_ply(ply)
    variant = position.variant
    chosen.check(variant)
    if position.dice is not None and not position.is_over():
        return hints(position, evaluator=chosen, ply=ply)[0].evaluation
    boards = [list(board) for board in position.boards]
    vector = rate_before_roll(chosen, variant, boards, position.turn, ply)
    return Evaluation.from_outcomes(vector, position.turn, chosen.name, ply)


@dataclass(frozen=True)
class Hint:
    """One legal play, with the evaluator's chances after it (``equity_rollout.hints``
    refines the best by rollouts).

    ``player`` makes the play; ``evaluation`` is from the position after it, whose
    player to move is the next one (or the winner).
    """

    play: Play
    notation: str
    player: int
    evaluation: Evaluation

    @property
    def equity(self) -> float:
        """The player's equity after the play, by the evaluator."""
        return self.evaluation.equities[self.player]

    @property
    def win(self) -> float:
        """The player's win chance after the play."""
        return self.evaluation.wins[self.player]

    @property
    def gammon(self) -> float:
        """The player's chance to lose a gammon or a backgammon after the play."""
        return self.evaluation.gammons[self.player]


def hints(
    position: Position,
    *,
    dice: Sequence[int] | None = None,
    evaluator: str | Evaluator | None = None,
    ply: int = 0,
) -> list[Hint]:
    """Every legal play of the roll, best first by the mover's equity after it.

    The roll is ``dice`` or the position's own. At ``ply=0`` this takes milliseconds;
    ``ply=1`` rates each play over the next player's 21 rolls (a second or so).
    Equal equities keep the engine's order of plays.
    """
    if not isinstance(position, Position):
        raise ValueError(
            _("hints needs a Position, not {kind}").format(kind=type(position).__name__)
        )
    chosen = find_evaluator(evaluator)
    _check_ply(ply)
    roll = check_dice(dice) if dice is not None else position.dice
    if roll is None:
        raise ValueError(_("no dice: hints need a roll (dice=(d1, d2) or a rolled position)"))
    variant = position.variant
    chosen.check(variant)
    if position.is_over():
        return []
    rolled = replace(position, dice=roll)
    view = TurnView.of(position, roll)
    leaves = view.leaves()
    keys = list(leaves)
    vectors = rate_plays(chosen, view, keys, ply)
    mover = position.turn
    following = variant.next_player(mover)
    won = [has_won(view.mover_board(key)) for key in keys]
    found = _evaluations(vectors, [mover if w else following for w in won], chosen.name, ply)
    order = sorted(range(len(keys)), key=lambda k: -found[k].equities[mover])
    out = []
    for k in order:
        play = play_of(leaves[keys[k]])
        out.append(Hint(play, rolled.format_play(play), mover, found[k]))
    return out
