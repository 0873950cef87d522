"""Bots for both variants and autoplay of a Game.

A bot is anything with ``choose(position) -> Play`` (the ``Bot`` protocol). Three come
with the package: ``RandomBot`` plays a uniformly random legal play; ``HeuristicBot``
scores every resulting board with the documented terms of ``Weights`` and plays the
best one; ``NeuralBot`` plays the play an evaluator (``trigammon_widget.judgement.evaluation``,
by default the project's own net) rates best for the mover.

Bot-only games (``bot_games.play_game``, rollouts, training) run on the engine's fast
path (``engine.fastplay``), where each candidate play is named by the key of the board
it leads to, so a bot can score candidates straight from their keys. The built-in
bots implement that path (``FastBot.pick``); ``CubeBot`` adds the cube's decisions.

The random and heuristic bots need no numpy; ``NeuralBot`` imports the nets where it
is made and where it plays (``judges``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from functools import cache
from itertools import compress
from operator import getitem, mul
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from ...engine.errors import quote
from ...engine.fastplay import Indexer, Leaves, TurnView, has_won, key_layout, play_of
from ...engine.i18n import _
from ...engine.moves import Play
from ...engine.position import Position
from ...engine.runs import Seat
from ...engine.stakes import MatchPosition
from ...engine.variant import CHECKERS, Variant
from ..cube import CUBE_PLY, EFFICIENCY, Chances, CubeDecision, cube_decision, cubeful_decision
from ..judges import need_numpy

if TYPE_CHECKING:
    from ..evaluation import Evaluator

__all__ = [
    "CLASSIC_WEIGHTS",
    "DEFAULT_WEIGHTS",
    "Bot",
    "CubeBot",
    "CubeHandler",
    "FastBot",
    "HeuristicBot",
    "NeuralBot",
    "RandomBot",
    "Weights",
    "check_bot",
]


# --- the protocol -------------------------------------------------------------------


class Bot(Protocol):
    """Chooses a play: ``choose(position)`` for a position whose dice are set.

    The play must be one of ``position.legal_plays()`` (an empty ``Play`` when no
    move is possible).
    """

    def choose(self, position: Position) -> Play: ...


def check_bot(bot: object) -> None:
    """Refuse what cannot choose a play (no ``choose`` method), before any game starts."""
    if isinstance(bot, type) or not callable(getattr(bot, "choose", None)):
        raise ValueError(
            _("a bot chooses a play with a choose(position) method; {value} has none").format(
                value=quote(bot)
            )
        )


@runtime_checkable
class FastBot(Bot, Protocol):
    """A bot that can also choose among raw candidates, for bot-only games.

    ``pick`` gets the turn as the mover sees it (``fastplay.TurnView``), the
    candidates (resulting-board key -> moves; at least two) and the game's random
    generator, and returns one key. A deterministic bot must pick what ``choose``
    picks for the same position and dice, so that fast games and ``Game`` autoplay
    agree.
    """

    def pick(self, view: TurnView, leaves: Leaves, rng: random.Random) -> int: ...


# --- board geometry of the heuristic's terms ------------------------------------------


@dataclass(frozen=True)
class _Geometry:
    """Per-variant tables of the heuristic's terms."""

    variant: Variant
    n: int
    shift: int
    """Bit where a key's hit bits start (``fastplay.key_layout``)."""
    mask: int
    arcs: tuple[tuple[int, ...], ...]
    """``arcs[p][r]``: absolute points (as bits) that player p's path covers from r on."""
    ahead: tuple[tuple[tuple[int, ...], ...], ...]
    """``ahead[viewer][owner][r]``: the same points as a key-style byte mask (one
    0x01 byte per viewer's path index), for the prime term."""
    shots: tuple[tuple[tuple[int, ...], ...], ...]
    """``shots[viewer][owner][j]``: the rolls with which a checker of owner on its path
    position j (0 = bar) reaches each point, ignoring blocks, packed as one 64-bit
    field (36 roll bits used) per viewer's path index: OR-ing the entries of several
    checkers unites their shots in one operation, and ``_shot_counts`` counts each
    field's rolls at once."""
    swar: tuple[int, int, int]
    """Repeated 0x55, 0x33, 0x0f bytes as wide as the shot fields (bit counting)."""


def _roll_masks() -> tuple[int, ...]:
    """Per distance 0..24: the 36 ordered rolls (as bits) that move one checker so far.

    A checker travels a die, the other die, their sum, or with doubles 1..4 times the
    die; intermediate points are assumed open.
    """
    masks = [0] * 25
    for a in range(1, 7):
        for b in range(1, 7):
            bit = 1 << ((a - 1) * 6 + b - 1)
            reach = {a, b, a + b} if a != b else {a * k for k in range(1, 5)}
            for distance in reach:
                masks[distance] |= bit
    return tuple(masks)


ROLL_MASKS = _roll_masks()
ROLLS = 36
"""Rolls of two dice, in order; a shot field has one bit per roll."""
FIELD = 64
"""Bits per point in packed shot masks (36 used; 64 keeps fields byte-aligned)."""


@cache
def _geometry(variant: Variant) -> _Geometry:
    n, players = variant.points, variant.players
    seen = tuple(
        tuple(variant.seen_by(viewer, owner) for owner in range(players))
        for viewer in range(players)
    )
    arcs = tuple(
        tuple(
            sum(1 << variant.absolute(p, i) for i in range(max(r, 1), n + 1)) for r in range(n + 2)
        )
        for p in range(players)
    )
    ahead = tuple(
        tuple(
            tuple(
                sum(
                    1 << 8 * i
                    for i in range(1, n + 1)
                    if arcs[owner][r] >> variant.absolute(viewer, i) & 1
                )
                for r in range(n + 2)
            )
            for owner in range(players)
        )
        for viewer in range(players)
    )
    shots = tuple(
        tuple(
            tuple(
                sum(
                    ROLL_MASKS[d] << FIELD * seen[viewer][owner][j + d]
                    for d in range(1, 25)
                    if j + d <= n
                )
                for j in range(n + 1)
            )
            for owner in range(players)
        )
        for viewer in range(players)
    )
    shift, mask = key_layout(variant)
    width = FIELD // 8 * (n + 2)
    swar = tuple(int.from_bytes(bytes([b]) * width, "little") for b in (0x55, 0x33, 0x0F))
    return _Geometry(
        variant,
        n,
        shift,
        mask,
        arcs,
        ahead,
        shots,
        swar,  # type: ignore[arg-type]
    )


def _shot_counts(packed: int, g: _Geometry) -> bytes:
    """How many rolls each 64-bit field of ``packed`` holds, one byte per field.

    Bit counting done on all fields at once (SWAR): pairs, nibbles, bytes, then the
    eight bytes of each field summed into its lowest byte; no sum exceeds 36, so
    nothing carries from one byte into the next.
    """
    m1, m2, m4 = g.swar
    x = packed - ((packed >> 1) & m1)
    x = (x & m2) + ((x >> 2) & m2)
    x = (x + (x >> 4)) & m4
    x += x >> 8
    x += x >> 16
    x += x >> 32
    return x.to_bytes(FIELD // 8 * (g.n + 2), "little")[:: FIELD // 8]


def _contact(view: TurnView) -> bool:
    """Whether any opponent can still meet the mover's checkers (else: a race)."""
    arcs = _geometry(view.variant).arcs
    turn = view.turn
    mine = arcs[turn][_rearmost(view.boards[turn])]
    return any(
        mine & arcs[player][_rearmost(board)]
        for player, board in enumerate(view.boards)
        if player != turn and not has_won(board)
    )


def _rearmost(board: Sequence[int]) -> int:
    for index, count in enumerate(board):
        if count:
            return index
    return len(board) - 1


# --- the random bot -----------------------------------------------------------------


class RandomBot:
    """Plays a uniformly random legal play.

    ``choose`` draws from its own ``random.Random(seed)``; in bot-only games
    (``play_game``, rollouts) it draws from the game's generator instead, so a game
    is fixed by the game's seed alone.
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return "RandomBot()"

    def choose(self, position: Position) -> Play:
        plays = list(position.legal_plays())
        return self.rng.choice(plays) if plays else Play()

    def pick(self, view: TurnView, leaves: Leaves, rng: random.Random) -> int:
        return rng.choice(list(leaves))

    def index_chooser(self, variant: Variant) -> Indexer:
        """``pick`` on the compiled fast path: the same draw, by index."""
        return _random_index

    def seat(self, variant: Variant) -> Seat:
        """How ``index_chooser`` chooses (``runs.Seat``): at random."""
        return Seat(None)


def _random_index(table: object, turn: int, count: int, rng: random.Random) -> int:
    return rng.choice(range(count))  # the draw of rng.choice(list(leaves))


# --- the heuristic bot --------------------------------------------------------------


@dataclass(frozen=True)
class Weights:
    """The terms of ``HeuristicBot``'s evaluation of the mover's board after a play.

    Boards are seen from the mover, along its path (1..N; home = last six points,
    where hit checkers enter = first six). While any opponent can still meet the
    mover's checkers ("contact"), the score is the sum of:

    - ``race`` x (pips the mover's hits send opponents back - the mover's own pip
      count); every play moves the same pips, so this mostly values hitting.
    - ``hit``: per opponent checker hit, on top of the pips (the tempo it costs).
    - ``blot`` x (probability the blot is hit before the mover plays again) for each
      lone checker, and ``blot_pips`` x that probability x the pips it would lose.
      The probability combines the shots of each opponent: the share of the 36 rolls
      with which some checker of that opponent reaches the blot, one die or both
      (intermediate points assumed open), opponents rolling independently.
    - per point made (two or more checkers), by where it is: ``anchor`` in the
      mover's entry zone (path 1..6: a safe landing spot when hit; in classic the
      opponent's home board), ``home`` in the mover's home (the last six), and in
      trigammon ``entry_block`` on an opponent's entry zone (it blocks that
      opponent's checkers coming in from the bar), ``point`` anywhere else.
    - ``prime`` x sum over runs of L consecutive made points in front of some
      opponent checker of (L - 1) squared: a run blocks more than its points do.
    - ``stack`` x checkers beyond the third on one point (they do no work there).
    - ``off`` per checker borne off.
    - ``trapped`` x, for each of the mover's checkers, the opponents' points (two or
      more checkers) among the six points ahead of it: checkers behind a wall are
      slow to come out, and a wall's owner can attack them.

    Once contact is over (a race) the score is minus the pip count plus ``race_off``
    per checker borne off minus ``stack`` per extra checker: bear off what can be
    borne off, then keep checkers spread. Signs: terms that are good for the mover
    add, the blot and stack terms subtract.
    """

    race: float = 0.1
    hit: float = 1.0
    blot: float = 3.0
    blot_pips: float = 0.1
    anchor: float = 1.5
    point: float = 1.0
    entry_block: float = 1.5
    home: float = 2.0
    prime: float = 0.5
    stack: float = 0.3
    off: float = 1.0
    trapped: float = 0.3
    race_off: float = 2.0

    def as_dict(self) -> dict[str, float]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


DEFAULT_WEIGHTS = Weights(
    race=0.214,
    hit=0.667,
    blot=1.31,
    blot_pips=0.314,
    anchor=0.838,
    point=0.883,
    entry_block=1.3,
    home=1.8,
    prime=0.355,
    stack=0.547,
    off=0.495,
    trapped=0.271,
    race_off=1.83,
)
"""Trigammon weights: ``python scripts/tune_bot.py --variant trigammon`` (SPSA, 120
steps of 240 self-play games from the hand-set ``Weights()``). Against two bots with
the hand-set weights they win 42.3% [40.6%, 44.1%] of 3,000 games (``--compare
default hand --check-games 3000``; even is 33%). A second run from these
(``--start default --seed 2``) found nothing better: 32.5% in 3,000 games."""
CLASSIC_WEIGHTS = Weights(
    race=0.601,
    hit=1.07,
    blot=0.326,
    blot_pips=0.424,
    anchor=0.327,
    point=1.36,
    entry_block=1.5,
    home=4.21,
    prime=0.76,
    stack=0.138,
    off=0.81,
    trapped=0.4,
    race_off=3.04,
)
"""Classic weights, tuned in two runs of ``scripts/tune_bot.py --variant classic
--games 400 --iterations 150 --report 25 --check-games 2000``: from the hand-set
``Weights()`` (seed 1; the result won 66.5% of 2,000 games against them), then from
that result (``--start default --seed 2``), which wins 57.3% [55.7%, 58.8%] of
4,000 games against the first and 69.7% [68.2%, 71.1%] against the hand-set
weights (``--compare``). ``entry_block`` does not apply to classic."""

# byte translation tables: a count -> 1 when the point is made / holds a lone checker
_MADE = bytes(1 if c >= 2 else 0 for c in range(256))
_BLOT = bytes(1 if c == 1 else 0 for c in range(256))
_HIT_ONE = tuple(shots / ROLLS for shots in range(ROLLS + 1))
"""Chance of being hit given one opponent's shots (rolls out of 36)."""
_HIT_TWO = tuple(
    tuple(1 - (ROLLS - a) * (ROLLS - b) / ROLLS**2 for b in range(ROLLS + 1))
    for a in range(ROLLS + 1)
)
"""Chance of being hit by either of two opponents, who roll independently."""
_RUN = bytes(b"x"[0] if c else b" "[0] for c in range(256))
"""Made points as letters, others as spaces: ``split()`` then yields the runs."""


@dataclass(frozen=True)
class _Tables:
    """A bot's per-variant, per-weights tables: score per (path index, checker count)."""

    contact: tuple[tuple[float, ...], ...]
    race: tuple[tuple[float, ...], ...]
    runs: tuple[float, ...]
    """Prime value of a run of each length."""


@cache
def _tables(variant: Variant, w: Weights) -> _Tables:
    n = variant.points
    zones: list[float] = [0.0] * (n + 2)
    for i in range(1, n + 1):
        if i <= 6:
            zones[i] = w.anchor
        elif i >= n - 5:
            zones[i] = w.home
        else:
            zones[i] = w.point
    if variant.players == 3:
        # An opponent's entry zone (its path 1..6) seen from the mover.
        for other in (1, 2):
            for j in range(1, 7):
                zones[variant.seen_by(0, other)[j]] = w.entry_block
    contact = []
    race = []
    for i in range(n + 2):
        pips = n + 1 - i
        contact_row = []
        race_row = []
        for c in range(CHECKERS + 1):
            extra = max(0, c - 3) if 1 <= i <= n else 0
            value = -w.race * c * pips - w.stack * extra
            if i == n + 1:
                value += w.off * c
            elif c >= 2 and i:
                value += zones[i]
            contact_row.append(value)
            race_row.append(-c * pips - w.stack * extra + (w.race_off * c if i == n + 1 else 0))
        contact.append(tuple(contact_row))
        race.append(tuple(race_row))
    runs = tuple(w.prime * (length - 1) ** 2 if length > 1 else 0.0 for length in range(n + 2))
    return _Tables(tuple(contact), tuple(race), runs)


class HeuristicBot:
    """Plays the legal play whose resulting board scores best under ``weights``.

    The terms are documented on ``Weights``. Without ``weights`` the bot uses the
    tuned set of the position's variant (``DEFAULT_WEIGHTS`` in trigammon,
    ``CLASSIC_WEIGHTS`` in classic). Ties go to the first play in the engine's
    order, so the bot is deterministic.
    """

    def __init__(self, weights: Weights | None = None) -> None:
        self.weights = weights

    def weights_for(self, variant: Variant) -> Weights:
        """The weights this bot plays ``variant`` with."""
        if self.weights is not None:
            return self.weights
        return CLASSIC_WEIGHTS if variant.players == 2 else DEFAULT_WEIGHTS

    def __repr__(self) -> str:
        return f"HeuristicBot({self.weights!r})"

    def choose(self, position: Position) -> Play:
        ranked = self.rank(position)
        return ranked[0][0] if ranked else Play()

    def rank(self, position: Position) -> list[tuple[Play, float]]:
        """Every legal play with its score, best first (an instant, rough hint list)."""
        if position.dice is None:
            raise ValueError(_("no dice: the position must be rolled to rank plays"))
        if position.is_over():
            return []
        view = TurnView.of(position)
        leaves = view.leaves()
        scores = self._scores(view, list(leaves))
        order = sorted(range(len(scores)), key=lambda k: -scores[k])
        raws = list(leaves.values())
        return [(play_of(raws[k]), scores[k]) for k in order]

    def pick(self, view: TurnView, leaves: Leaves, rng: random.Random) -> int:
        keys = list(leaves)
        scores = self._scores(view, keys)
        return keys[scores.index(max(scores))]

    def _scores(self, view: TurnView, keys: list[int]) -> list[float]:
        g = _geometry(view.variant)
        w = self.weights_for(g.variant)
        tables = _tables(g.variant, w)
        mask, shift, size = g.mask, g.shift, g.n + 2
        if not _contact(view):
            race = tables.race
            return [sum(map(getitem, race, (key & mask).to_bytes(size, "little"))) for key in keys]
        risk = self._risk(view, w)
        hit_value = [0.0] * size
        for index, (_owner, path) in view.blot_owner.items():
            hit_value[index] = w.race * path + w.hit
        relevant = self._relevant(view)
        trapped = self._trapped(view, w.trapped)
        contact, runs = tables.contact, tables.runs
        scores = []
        for key in keys:
            board = (key & mask).to_bytes(size, "little")
            score = sum(map(getitem, contact, board)) - sum(map(mul, trapped, board))
            score -= sum(compress(risk, board.translate(_BLOT)))
            made = int.from_bytes(board.translate(_MADE), "little") & relevant
            if made & (made >> 8):
                for run in made.to_bytes(size, "little").translate(_RUN).split():
                    score += runs[len(run)]
            hits = key >> shift
            while hits:
                low = hits & -hits
                score += hit_value[low.bit_length() - 1]
                hits ^= low
            scores.append(score)
        return scores

    def _risk(self, view: TurnView, w: Weights) -> list[float]:
        """Per index of the mover's path: what a lone checker there costs (shots)."""
        g = _geometry(view.variant)
        n = g.n
        turn = view.turn
        counts = []
        for player, board in enumerate(view.boards):
            if player == turn or has_won(board):
                continue
            shots = g.shots[turn][player]
            packed = 0
            for j in range(n + 1):
                if board[j]:
                    packed |= shots[j]
            counts.append(_shot_counts(packed, g))
        costs = _blot_costs(g.variant, w)
        if len(counts) == 1:
            return list(map(mul, map(_HIT_ONE.__getitem__, counts[0]), costs))
        first, second = counts
        return list(map(mul, map(getitem, map(_HIT_TWO.__getitem__, first), second), costs))

    def _trapped(self, view: TurnView, weight: float) -> list[float]:
        """Per index: ``trapped`` x the opponents' points within a roll's reach ahead."""
        blocked = view.blocked
        n = view.variant.points
        window = sum(blocked[1:7])
        out = [0.0] * (n + 2)
        for i in range(n):
            out[i] = weight * window
            window += blocked[i + 7] if i + 7 <= n else 0
            window -= blocked[i + 1]
        return out

    def _relevant(self, view: TurnView) -> int:
        """Byte mask of the mover's points that some opponent checker has yet to pass."""
        ahead = _geometry(view.variant).ahead[view.turn]
        covered = 0
        for player, board in enumerate(view.boards):
            if player != view.turn:
                covered |= ahead[player][_rearmost(board)]
        return covered


@cache
def _blot_costs(variant: Variant, w: Weights) -> tuple[float, ...]:
    """Per path index, the cost of a blot there that is sure to be hit."""
    n = variant.points
    return tuple(w.blot + w.blot_pips * i if 1 <= i <= n else 0.0 for i in range(n + 2))


# --- the neural bot -----------------------------------------------------------------


class NeuralBot:
    """Plays the legal play whose resulting position ``evaluator`` rates best for the
    mover (its equity, ``evaluation.Evaluation``).

    ``ply=0`` rates each resulting position as it stands; ``ply=1`` averages over the
    next player's 21 rolls, each answered by its best 0-ply play: stronger, about
    ``candidates`` x 21 times slower, so only the ``candidates`` best plays at 0-ply
    are looked at that deep (GNU Backgammon's move filter does the same). Ties go to
    the first play in the engine's order, so the bot is deterministic.

    ``evaluator`` is a name (``"neural"``, the default; ``"gnubg"`` plays as GNU
    Backgammon's 0-ply net in classic) or an ``Evaluator``. A bot made with a name
    pickles as its name and settings only: each process reads the weights itself.
    """

    def __init__(
        self, ply: int = 0, evaluator: str | Evaluator = "neural", candidates: int = 8
    ) -> None:
        if isinstance(ply, bool) or ply not in (0, 1):
            raise ValueError(_("ply must be 0 or 1, not {ply}").format(ply=repr(ply)))
        if isinstance(candidates, bool) or not isinstance(candidates, int) or candidates < 1:
            raise ValueError(
                _("candidates must be a whole number of at least 1, not {candidates}").format(
                    candidates=repr(candidates)
                )
            )
        self.ply = ply
        self.evaluator = evaluator
        self.candidates = candidates
        self._found: Evaluator | None = None
        if isinstance(evaluator, str):
            need_numpy(_("A neural bot"))
            self._evaluator()  # an unknown name fails here, not in a worker

    def __getstate__(self) -> dict[str, object]:
        return {**self.__dict__, "_found": None}  # found again by name where unpickled

    def __repr__(self) -> str:
        shown = repr(self.evaluator)  # a name, or the evaluator's own repr
        return f"NeuralBot(ply={self.ply}, evaluator={shown})"

    def choose(self, position: Position) -> Play:
        if position.dice is None:
            raise ValueError(_("no dice: the position must be rolled to choose a play"))
        if position.is_over():
            return Play()
        view = TurnView.of(position)
        leaves = view.leaves()
        key = next(iter(leaves)) if len(leaves) == 1 else self.pick(view, leaves, random.Random())
        return play_of(leaves[key])

    def _evaluator(self) -> Evaluator:
        """The evaluator, found once (by name where given one)."""
        if self._found is None:
            from ..evaluation import find_evaluator

            self._found = find_evaluator(self.evaluator)
        return self._found

    def pick(self, view: TurnView, leaves: Leaves, rng: random.Random) -> int:
        from ..evaluation import rate_plays
        from ..outcome_vectors import equities_of, equity_matrix

        evaluator = self._evaluator()
        keys = list(leaves)
        column = equity_matrix(view.variant.players)[:, view.turn]
        equities = equities_of(evaluator.after_plays(view, keys), column)
        if self.ply == 0:
            return keys[int(equities.argmax())]
        order = sorted(range(len(keys)), key=lambda k: -equities[k])[: self.candidates]
        order.sort()
        shortlist = [keys[k] for k in order]
        deeper = rate_plays(evaluator, view, shortlist, self.ply) @ column
        return shortlist[int(deeper.argmax())]

    def index_chooser(self, variant: Variant) -> Indexer | None:
        """``pick`` on the compiled fast path (0-ply with the own net), else None."""
        from ..evaluation import NeuralEvaluator

        if self.ply != 0:
            return None
        evaluator = self._evaluator()
        if not isinstance(evaluator, NeuralEvaluator):
            return None
        return evaluator.compiled_picker(variant)

    def seat(self, variant: Variant) -> Seat | None:
        """How ``index_chooser`` chooses (``runs.Seat``), where it has that form."""
        from ..evaluation import NeuralEvaluator

        evaluator = self._found
        if self.index_chooser(variant) is None or not isinstance(evaluator, NeuralEvaluator):
            return None
        return evaluator.compiled_seat(variant)


# --- the cube (R14) -------------------------------------------------------------------


@runtime_checkable
class CubeHandler(Protocol):
    """A bot that handles the doubling cube (R14): whether to double before its roll,
    and whether to take a double. A bot without these never doubles and always takes."""

    def double(self, match: MatchPosition) -> bool: ...

    def take(self, match: MatchPosition) -> bool: ...


@dataclass(frozen=True)
class CubeBot:
    """``bot``'s plays, and cube actions by ``cubeful.cubeful_decision``: ``evaluator``'s
    chances (the project's net by default; ``"gnubg"`` for GNU Backgammon's) through the
    cube model with the efficiency of the position's class, one roll deep (``ply``; 0
    for the model on the position's own chances).

    Given ``chances`` (a function of a position: ``cube.evaluated_chances("gnubg")``,
    ``cube.race_chances`` for a rough pip count, ...), it decides by
    ``cube.cube_decision`` on those alone, with one ``efficiency``."""

    bot: Bot
    chances: Callable[[Position], Chances | Sequence[float] | Any] | None = None
    efficiency: float = EFFICIENCY
    evaluator: str | Evaluator | None = None
    ply: int = CUBE_PLY

    def choose(self, position: Position) -> Play:
        return self.bot.choose(position)

    def double(self, match: MatchPosition) -> bool:
        return self._decision(match).double

    def take(self, match: MatchPosition) -> bool:
        return self._decision(match).take

    def _decision(self, match: MatchPosition) -> CubeDecision:
        if self.chances is None:
            return cubeful_decision(match, self.evaluator, ply=self.ply)
        chances = Chances.of(self.chances(match.position), match.position.turn)
        return cube_decision(match, chances, efficiency=self.efficiency)
