"""What the board shows of the evaluator's judgement: hints, chances, a game review,
the tutor's warning. Values in, plain rows out (the ``View``'s parts).

The session decides when to ask (``session.Session.hints``, ``chances``,
``analyse``, the tutor's check before a play is made); this module turns the
answers into the rows the front end shows, so the numbers are computed once, here,
and the front end only lays them out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NotRequired, TypedDict

from ..engine.i18n import _
from ..engine.moves import Play
from ..engine.notation import play_text
from ..engine.position import Position
from ..judgement.analysis import MARKS, CubeReport, Report, TurnReport, action_text, mark_of
from ..judgement.evaluation import Evaluation, Evaluator
from ..judgement.evaluation import Hint as RatedPlay
from ..judgement.evaluation import hints as rate_all
from ..judgement.rollout import RolledHint, RolloutResult

__all__ = [
    "Analysis",
    "ChancesView",
    "HintRow",
    "Review",
    "TutorWarning",
    "chances_view",
    "hint_rows",
    "review_view",
    "tutor_warning",
]

Status = Literal["running", "done", "cancelled", "failed"]


class HintRow(TypedDict):
    """One play of the roll for the player to move: the evaluator's equity and win
    chance, what it loses against the best play and, once a rollout has refined it,
    the rollout's win chance with its 95% interval (``games`` > 0)."""

    text: str
    equity: float
    loss: float
    win: float
    wins: list[float]
    games: int
    low: float
    high: float


class Analysis(TypedDict):
    """The analysis panel: this roll's plays ranked (hints) or every player's chances
    from here (chances); the evaluator's answer at once, then a rollout's."""

    kind: Literal["hints", "chances"]
    status: Status
    done: int
    total: int
    evaluator: str
    error: NotRequired[str]
    hints: NotRequired[list[HintRow]]
    wins: NotRequired[list[float]]
    gammons: NotRequired[list[float]]
    equities: NotRequired[list[float]]
    games: NotRequired[int]
    intervals: NotRequired[list[list[float]]]


class ChancesView(TypedDict, total=False):
    """Every player's chances: the part of ``Analysis`` that ``chances_view`` fills."""

    wins: list[float]
    gammons: list[float]
    equities: list[float]
    games: int
    intervals: list[list[float]]


class ReviewPlayer(TypedDict):
    """One player's game: ``error_rate`` in thousandths of a point per decision, a
    PR-style ``rating`` (see ``analysis.PlayerSummary``), marks and luck."""

    player: int
    decisions: int
    equity_lost: float
    error_rate: float
    rating: float
    marks: dict[str, int]
    luck: float


class ReviewTurn(TypedDict):
    """The shown turn as the review judged it: the play made, its mark and loss, the
    luck of the roll, and the best plays of the roll with what each loses; or the cube
    decision made there (``dice`` empty, ``best`` the cube's choices)."""

    ply: int
    player: int
    dice: list[int]
    played: str
    mark: str | None
    loss: float
    luck: float
    best: list[HintRow]


class Review(TypedDict):
    """A game's analysis: progress, the players' summaries, the marked turns and the
    judgement of the shown turn."""

    status: Status
    done: int
    total: int
    evaluator: str
    error: NotRequired[str]
    players: list[ReviewPlayer]
    marked_at: list[int]
    """Where each marked decision is shown: the plies before the marked records."""
    turn: ReviewTurn | None


class TutorWarning(TypedDict):
    """A play the tutor stopped: what it loses (points per game), the better play, and
    the mark a review gives it (``?!``, ``?`` or ``??``)."""

    played: str
    best: str
    loss: float
    mark: str | None


def hint_rows(rated: Sequence[RatedPlay]) -> list[HintRow]:
    """Rows of rated plays, best first by the evaluator; a rollout's numbers where a
    play was rolled out."""
    if not rated:
        return []
    top = max(hint.equity for hint in rated)
    rows: list[HintRow] = []
    for hint in rated:
        rolled = hint.rollout if isinstance(hint, RolledHint) else None
        low, high = hint.interval
        rows.append(
            {
                "text": play_text(hint.notation),
                "equity": hint.equity,
                "loss": top - hint.equity,
                "win": hint.win,
                "wins": list(hint.evaluation.wins),
                "games": 0 if rolled is None else rolled.games,
                "low": low,
                "high": high,
            }
        )
    return rows


def chances_view(evaluation: Evaluation, rolled: RolloutResult | None) -> ChancesView:
    """Every player's chances: the evaluator's, and a rollout's once there is one."""
    found: ChancesView = {
        "gammons": list(evaluation.gammons),
        "equities": list(evaluation.equities),
        "wins": list(evaluation.wins),
        "games": 0,
        "intervals": [[w, w] for w in evaluation.wins],
    }
    if rolled is not None and rolled.games:
        found["wins"] = list(rolled.wins)
        found["games"] = rolled.games
        found["intervals"] = [list(pair) for pair in rolled.intervals]
    return found


def review_view(
    report: Report | None, ply: int
) -> tuple[list[ReviewPlayer], list[int], ReviewTurn | None]:
    """A report's players, where its marked decisions are shown (the position before
    each marked record) and the judgement of record ``ply``: its play's, or its cube
    decision's when that lost more."""
    if report is None:
        return [], [], None
    players: list[ReviewPlayer] = [
        {
            "player": p.player,
            "decisions": p.decisions,
            "equity_lost": p.equity_lost,
            "error_rate": p.error_rate,
            "rating": p.rating,
            "marks": {mark: p.marks[mark] for mark in MARKS},
            "luck": p.luck,
        }
        for p in report.players
    ]
    judged = report.judged(ply)
    shown: ReviewTurn | None = None
    if isinstance(judged, TurnReport):
        shown = {
            "ply": judged.ply,
            "player": judged.player,
            "dice": list(judged.dice),
            "played": play_text(judged.notation),
            "mark": judged.mark,
            "loss": judged.loss,
            "luck": judged.luck,
            "best": [_judged_row(play_text(r.notation), r.equity, r.loss) for r in judged.best],
        }
    elif isinstance(judged, CubeReport):
        top = judged.options[0][1]
        shown = {
            "ply": judged.ply,
            "player": judged.player,
            "dice": [],
            "played": action_text(judged.action),
            "mark": judged.mark,
            "loss": judged.loss,
            "luck": 0.0,
            "best": [
                _judged_row(action_text(action), equity, top - equity)
                for action, equity in judged.options
            ],
        }
    return players, [ply - 1 for ply in report.marks], shown


def _judged_row(text: str, equity: float, loss: float) -> HintRow:
    """A choice the review rated: a play of the roll, or a cube action."""
    return {
        "text": text,
        "equity": equity,
        "loss": loss,
        "win": 0.0,
        "wins": [],
        "games": 0,
        "low": 0.0,
        "high": 0.0,
    }


def tutor_warning(
    position: Position, play: Play, evaluator: Evaluator, threshold: float
) -> tuple[TutorWarning, Play] | None:
    """The tutor's warning when ``play`` loses ``threshold`` or more against the best
    play of ``position``'s roll (as a review marks a play), with that best play; None
    for a play that loses less, or nothing (or no choice)."""
    if isinstance(threshold, bool) or not isinstance(threshold, int | float) or threshold < 0:
        raise ValueError(
            _("threshold must be an equity of 0 or more, not {threshold}").format(
                threshold=repr(threshold)
            )[:80]
        )
    rated = rate_all(position, evaluator=evaluator)
    if len(rated) < 2:
        return None
    made = next((hint for hint in rated if hint.play == play), None)
    if made is None:
        raise ValueError(_("{play} is not a legal play of the roll").format(play=repr(play))[:120])
    loss = rated[0].equity - made.equity
    if loss <= 0 or loss < threshold:
        return None
    warning: TutorWarning = {
        "played": play_text(made.notation),
        "best": play_text(rated[0].notation),
        "loss": loss,
        "mark": mark_of(loss),
    }
    return warning, rated[0].play
