"""The risk a play runs: how often the other players hit the mover before its next
turn, and what the mover's game is worth then and otherwise.

A list of plays ranks them by one number; where the first leaves more shots than a play
below it, a learner asks why (walks 41 and 42: "the best play looks worse by its own
facts"). A teacher's answer is risk against reward: when hit, how much worse; when
missed, how much better. This looks one round ahead by the net: every roll of each other
player in turn (R1), each answered by that player's best play at 0-ply (as the bots
play), then the mover's equity before its next roll.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Play, Position
from ..engine.fastplay import has_won
from ..engine.i18n import _
from .evaluation import Evaluator, find_evaluator, roll_table
from .nets import ROLL_CHANCES
from .outcome_vectors import equity_matrix, sure

__all__ = ["Risk", "risk_of"]


@dataclass(frozen=True)
class Risk:
    """A play's round ahead: ``hit``, the chance that another player's best answer hits
    one of the mover's checkers before the mover rolls again; ``when_hit`` and
    ``when_missed``, the mover's equity (cubeless points per game) before that roll,
    averaged over the rounds where it was hit and where it was not (0 where there are
    none); ``evaluator`` names the judge."""

    hit: float
    when_hit: float
    when_missed: float
    evaluator: str

    @property
    def mean(self) -> float:
        """The mover's equity a round ahead, hit or not."""
        return self.hit * self.when_hit + (1 - self.hit) * self.when_missed


def risk_of(position: Position, play: Play, evaluator: str | Evaluator | None = None) -> Risk:
    """The ``Risk`` of ``play``, a legal play of ``position``'s roll (a ``ValueError``
    otherwise), by ``evaluator`` (default: the own net)."""
    if not isinstance(position, Position) or not isinstance(play, Play):
        raise ValueError(_("risk_of needs a Position and one of its plays"))
    if position.dice is None:
        raise ValueError(_("no dice: a play's risk needs a rolled position"))
    judge = find_evaluator(evaluator)
    variant, mover = position.variant, position.turn
    judge.check(variant)
    after = position.play(play)  # refuses an illegal play, naming its rule
    boards = [list(board) for board in after.boards]
    column = equity_matrix(variant.players)[:, mover]
    if after.is_over():
        return Risk(0.0, 0.0, float(sure(variant, boards, mover) @ column), judge.name)
    size = variant.points + 2
    bar = boards[mover][0]
    totals = {True: [0.0, 0.0], False: [0.0, 0.0]}  # hit or not: [chance, chance x equity]

    def answer(boards: list[list[int]], player: int, chance: float) -> None:
        """Every roll of ``player`` answered by its best play, then the next player's,
        till the mover's turn comes round again or the game ends."""
        table = roll_table(judge, variant, boards, player)
        following = variant.next_player(player)
        for roll, rolled in enumerate(ROLL_CHANCES):
            reached = table.afters[roll].reshape(variant.players, size).tolist()
            weight = chance * float(rolled)
            if following != mover and not any(map(has_won, reached)):
                answer(reached, following, weight)
                continue
            total = totals[reached[mover][0] > bar]
            total[0] += weight
            total[1] += weight * float(table.vectors[roll] @ column)

    answer(boards, variant.next_player(mover), 1.0)
    (hit, hit_worth), (missed, missed_worth) = totals[True], totals[False]
    return Risk(
        hit=hit,
        when_hit=hit_worth / hit if hit else 0.0,
        when_missed=missed_worth / missed if missed else 0.0,
        evaluator=judge.name,
    )
