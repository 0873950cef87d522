"""What the board shows of the evaluator's judgement: hints, chances, a game review,
the tutor's warning. Values in, plain rows out (the ``View``'s parts).

The session decides when to ask (``session.Session.hints``, ``chances``,
``analyse``, the tutor's check before a play is made); this module turns the
answers into the rows the front end shows, so the numbers are computed once, here,
and the front end only lays them out.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from itertools import pairwise
from types import MappingProxyType
from typing import TYPE_CHECKING, Literal, NotRequired, TypedDict

from ..engine.i18n import N_, NP_, _, pgettext
from ..engine.moves import Play
from ..engine.notation import format_play_seen, play_text
from ..engine.position import Position
from ..judgement.analysis import (
    MARKS,
    CubeReport,
    PlayRating,
    Report,
    TurnReport,
    action_text,
    cube_options,
    mark_of,
)

if TYPE_CHECKING:  # the nets' values: numpy's (``judges``)
    from ..judgement.cube import CubeDecision
    from ..judgement.evaluation import Evaluation, Evaluator
    from ..judgement.evaluation import Hint as RatedPlay
    from ..judgement.play import EquityRollout, RolledHint

__all__ = [
    "Analysis",
    "ChancesView",
    "CubeAction",
    "CubeAdvice",
    "CubeRow",
    "CubeWarning",
    "HintRow",
    "Review",
    "ReviewShown",
    "ReviewStop",
    "Source",
    "TutorWarning",
    "chances_view",
    "cube_advice",
    "cube_tutor_warning",
    "hint_rows",
    "net_source",
    "plays_by_text",
    "review_view",
    "rolled_chances",
    "rolled_rows",
    "rollout_source",
    "stop_warning",
    "tutor_warning",
    "wins_differ",
]

Status = Literal["running", "done", "cancelled", "failed"]


class Source(TypedDict):
    """Where the figures of a list or a table come from, all of them: the net
    (``kind`` "net": ``net``'s rating ``ply`` rolls deep), or a rollout (``kind``
    "rollout": ``games`` trials of each position, each cut after ``truncate`` turns (0:
    whole games) and valued by ``net`` at ``ply``, the luck of the rolls taken out where
    ``reduced``; ``z95`` standard errors make a 95% interval: Student's t for the games,
    0 for the net). ``plain``: the 95% interval of a win chance from as many games
    without the luck taken out, at its widest (a chance of one half): what the luck
    taken out saves (walk 27 doubted ±0.1% from 35 games)."""

    kind: Literal["net", "rollout"]
    net: str
    ply: int
    games: int
    truncate: int
    reduced: bool
    z95: float
    plain: float


class HintRow(TypedDict):
    """One play of the roll for the player to move, as its list's ``Source`` rates it:
    the equity after the play, what it loses against the list's best, and the win
    chance, each with its standard error (0 for the net, which has no sampling error;
    a loss's from the paired trials of a rollout); and the chance to lose a gammon or a
    backgammon, which with the win chance says where a loss comes from (walk 32)."""

    text: str
    equity: float
    equity_error: float
    loss: float
    loss_error: float
    win: float
    win_error: float
    gammon: float


class Analysis(TypedDict):
    """The analysis panel: this roll's plays ranked (hints) or every player's chances
    from here (chances), every figure from ``source``: the net's at once, then, once
    done, a rollout's in their place.

    Hints: ``hints``, ranked by the source's equity (``wins_differ`` where a play wins
    more often than one ranked above it: the equity counts gammons); with a rollout,
    ``others`` are the plays not rolled out, by the net at 0-ply, each behind the
    rollout's best as the net rates it (as the tutor measures them), and ``separated``
    says whether the best is ahead of the second by more than ``separation`` standard
    errors (else too close to call).
    Chances: each player's ``wins``, ``gammons`` (lost), ``equities`` and the standard
    errors of the wins and the equities.
    Cube: a cube decision's ``cube`` advice (the hints before a roll, or at a double)."""

    kind: Literal["hints", "chances", "cube"]
    status: Status
    done: int
    total: int
    evaluator: str
    source: Source
    error: NotRequired[str]
    hints: NotRequired[list[HintRow]]
    others: NotRequired[list[HintRow]]
    separated: NotRequired[bool]
    separation: NotRequired[float]
    wins_differ: NotRequired[bool]
    played: NotRequired[str]
    """Hints at a turn looked back at: the play its player made (rolled out too); or
    the play the tutor holds back."""
    taken_back: NotRequired[bool]
    """The ``played`` play was held by the tutor and taken back this turn."""
    wins: NotRequired[list[float]]
    gammons: NotRequired[list[float]]
    equities: NotRequired[list[float]]
    win_errors: NotRequired[list[float]]
    equity_errors: NotRequired[list[float]]
    rolled: NotRequired[list[int]]
    """Chances: the roll they count (empty: before the player to move rolls)."""
    counted: NotRequired[str]
    """Chances with a roll: the play they count it as, ``counted_by`` Hints' rollout
    (its best) or the net (its best at 0-ply)."""
    counted_by: NotRequired[Literal["rollout", "net"]]
    cube: NotRequired[CubeAdvice]


RowAction = Literal["no double", "double, take", "double, pass", "take", "pass"]


class CubeRow(TypedDict):
    """One cube choice of the player who decides: its equity for that player,
    normalised (points per point of the cube now, GNU Backgammon's EMG), and how far it
    lies above (+) or below (-) the proper action's (0 for that one). ``unanswered``
    marks the doubler's row that the taker's proper answer rules out (double, pass
    where the double should be taken): walk 26 read its "+2.367" as a gain."""

    action: RowAction
    text: str
    equity: float
    diff: float
    unanswered: bool


TAKE_POINT_CLOSE = 0.005
"""A chance of winning this near the take point (half a point) does not decide a take
by itself: the board says so rather than show two equal-looking figures."""


class CubeAdvice(TypedDict):
    """A cube decision (R14): whether to double (``question`` "double": the player on
    roll, before the roll) or to take (``question`` "take": a double awaiting its
    answer). ``rows``: the choices of ``decider``, in GNU Backgammon's order, one of
    them ``best``; ``proper`` the proper action of both sides in words, and
    ``proper_meaning`` what it tells each side;
    ``take_point`` the least winning chance with which the taker takes; ``wins`` and
    ``gammons`` (lost) each player's cubeless chances by the net as deep as the
    decision (``CUBE_PLY``); ``gammons_differ`` where the decider's points without a
    double and their win chance point different ways (walk 15 met "No double −0.019"
    at 50.4% to win): the gammons are why, and the panel says so;
    ``take_point_note`` where the taker's chance and the take point do not give the
    answer: "differs" where they point away from it (walk 21 met "Double, take" at
    32.9% against a take point of 33.6%), "close" where the two are within
    ``TAKE_POINT_CLOSE`` (walk 22 read 32.9% and 32.9% beside "Pass"); the answer
    weighs gammons and the cube after each roll, and the panel says so."""  # noqa: RUF002

    question: Literal["double", "take"]
    decider: int
    doubler: int
    rows: list[CubeRow]
    best: RowAction
    proper: str
    proper_meaning: str
    take_point: float
    wins: list[float]
    gammons: list[float]
    gammons_differ: bool
    take_point_note: Literal["close", "differs"] | None


ROW_WORDS: dict[tuple[str, bool], tuple[str, str]] = {
    ("no double", False): NP_("cube action", "No double"),
    ("double, take", False): NP_("cube action", "Double, take"),
    ("double, pass", False): NP_("cube action", "Double, pass"),
    ("no double", True): NP_("cube action", "No redouble"),
    ("double, take", True): NP_("cube action", "Redouble, take"),
    ("double, pass", True): NP_("cube action", "Redouble, pass"),
    ("take", False): NP_("cube action", "Take"),
    ("pass", False): NP_("cube action", "Pass"),
    ("take", True): NP_("cube action", "Take"),
    ("pass", True): NP_("cube action", "Pass"),
}
"""A cube analysis's rows in words (the actions stay English keys), by whether the
cube is owned already: a redouble, as GNU Backgammon says it (walk 23 read "No double"
with its own cube at 2)."""
PROPER_WORDS: dict[tuple[str, bool, bool], tuple[str, str]] = {
    ("no double", True, False): NP_("proper cube action", "No double, take"),
    ("no double", False, False): NP_("proper cube action", "No double, pass"),
    ("double", True, False): NP_("proper cube action", "Double, take"),
    ("double", False, False): NP_("proper cube action", "Double, pass"),
    ("too good", True, False): NP_("proper cube action", "Too good to double, take"),
    ("too good", False, False): NP_("proper cube action", "Too good to double, pass"),
    ("no double", True, True): NP_("proper cube action", "No redouble, take"),
    ("no double", False, True): NP_("proper cube action", "No redouble, pass"),
    ("double", True, True): NP_("proper cube action", "Redouble, take"),
    ("double", False, True): NP_("proper cube action", "Redouble, pass"),
    ("too good", True, True): NP_("proper cube action", "Too good to redouble, take"),
    ("too good", False, True): NP_("proper cube action", "Too good to redouble, pass"),
}
"""The proper cube action of both sides, as GNU Backgammon says it: by the action, the
answer (take) and whether it is a redouble."""
PROPER_MEANINGS: dict[tuple[str, bool, bool], str] = {
    ("no double", True, False): N_("That is: do not double now; a double would be taken."),
    ("no double", False, False): N_("That is: do not double now; a double would be passed."),
    ("double", True, False): N_("That is: double now; the double should be taken."),
    ("double", False, False): N_("That is: double now; the double should be passed."),
    ("too good", True, False): N_(
        "That is: play on for a gammon rather than double; a double would be taken."
    ),
    ("too good", False, False): N_(
        "That is: play on for a gammon rather than double; a double would be passed."
    ),
    ("no double", True, True): N_("That is: do not redouble now; a redouble would be taken."),
    ("no double", False, True): N_("That is: do not redouble now; a redouble would be passed."),
    ("double", True, True): N_("That is: redouble now; the redouble should be taken."),
    ("double", False, True): N_("That is: redouble now; the redouble should be passed."),
    ("too good", True, True): N_(
        "That is: play on for a gammon rather than redouble; a redouble would be taken."
    ),
    ("too good", False, True): N_(
        "That is: play on for a gammon rather than redouble; a redouble would be passed."
    ),
}
"""What each proper action tells each side, in plain words (walk 14 read "No double,
take" on its own roll as advice to take; walk 26 read "not yet" at 16.6% to win)."""


def cube_advice(
    decision: CubeDecision,
    doubler: int,
    answering: bool,
    chances: Evaluation,
    redouble: bool = False,
) -> CubeAdvice:
    """The board's cube analysis of ``decision`` (``doubler``'s, as ``cube_decision``
    and ``cubeful_decision`` give it): the doubler's three choices, or when
    ``answering`` a double the taker's two; ``chances`` the cubeless ones; a
    ``redouble`` (the cube owned already) is said so."""
    normal = decision.normalised
    choices: list[tuple[RowAction, float]]
    best: RowAction
    if answering:
        choices = [("take", -normal(decision.double_take)), ("pass", -normal(decision.double_pass))]
        best = "take" if decision.take else "pass"
    else:
        choices = [
            ("no double", normal(decision.no_double)),
            ("double, take", normal(decision.double_take)),
            ("double, pass", normal(decision.double_pass)),
        ]
        doubled: RowAction = "double, take" if decision.take else "double, pass"
        best = doubled if decision.double else "no double"
    top = dict(choices)[best]
    ruled_out = "double, pass" if decision.take else "double, take"
    rows: list[CubeRow] = [
        {
            "action": action,
            "text": pgettext(*ROW_WORDS[action, redouble]),
            "equity": e,
            "diff": e - top,
            "unanswered": action == ruled_out,
        }
        for action, e in choices
    ]
    wins = chances.wins[doubler]
    staying = normal(decision.no_double)
    differ = not answering and abs(wins - 0.5) >= 0.005 and (staying > 0) != (wins > 0.5)
    taker_wins = chances.wins[1 - doubler]
    point = decision.take_point
    note: Literal["close", "differs"] | None = None
    if 0.0 < point < 1.0:
        if abs(taker_wins - point) < TAKE_POINT_CLOSE:
            note = "close"
        elif (taker_wins >= point) != decision.take:
            note = "differs"
    return {
        "question": "take" if answering else "double",
        "decider": 1 - doubler if answering else doubler,
        "doubler": doubler,
        "rows": rows,
        "best": best,
        "proper": pgettext(*PROPER_WORDS[decision.action, decision.take, redouble]),
        "proper_meaning": _(PROPER_MEANINGS[decision.action, decision.take, redouble]),
        "take_point": decision.take_point,
        "wins": list(chances.wins),
        "gammons": list(chances.gammons),
        "gammons_differ": differ,
        "take_point_note": note,
    }


class ChancesView(TypedDict, total=False):
    """Every player's chances: the part of ``Analysis`` that ``chances_view`` fills."""

    wins: list[float]
    gammons: list[float]
    equities: list[float]
    win_errors: list[float]
    equity_errors: list[float]


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
    by: Literal["net", "rollout"]
    """What judged it: the review's net, or Hints' rollout of the roll where it ran
    (``analysis.with_rollouts``)."""
    seen: dict[str, str]
    """Each play of ``played`` and ``best`` as the board numbers its points, where the
    mover is not the board's perspective (``format_play_seen``); empty otherwise."""
    chances: list[float]
    """The mover's chances after the play made, by what judged it: to win, and to lose a
    gammon or a backgammon (empty for a cube decision): beside the best row's, where the
    loss comes from (walk 32 read the same blot and hit count under both plays)."""
    taken_back: list[HintRow]
    """The plays the tutor stopped here and the person took back, by the rollout that
    judged the turn, where ``best`` leaves them out (walk 32 found one in no list)."""


class ReviewStop(TypedDict):
    """A play the tutor stopped, at the turn (``ply``) made there: the play ``tried``,
    what it loses (``loss``, its ``mark``) against ``best``, whether it was
    ``taken_back`` (else played all the same), and the play then ``played``; ``by``
    what judged it and the tutor's ``line`` then, as ``TutorWarning``; ``cleared``
    where Hints' rollout then found it under that line."""

    ply: int
    player: int
    dice: list[int]
    tried: str
    best: str
    loss: float
    mark: str | None
    taken_back: bool
    played: str
    line: float
    cleared: bool
    by: Literal["net", "rollout"]


class Review(TypedDict):
    """A game's analysis: progress, the players' summaries, the marked turns and the
    judgement of the shown turn."""

    status: Status
    done: int
    total: int
    evaluator: str
    source: Source
    """What judged the plays (the net at 0-ply, as the tutor does)."""
    cube_source: Source | None
    """What judged the cube decisions (the net at ``CUBE_PLY``, as Hints does); None in
    a game without a cube."""
    error: NotRequired[str]
    players: list[ReviewPlayer]
    marked_at: list[int]
    """Where each marked decision is shown: the plies before the marked records."""
    marked_by: list[list[int]]
    """Where each player's own marked decisions are shown, by player (a record may be
    two players': one's play and another's answer to a double); the person's seat's
    (``you``) without those a bot made there."""
    left_out: int
    """How many marked decisions of the person's seat a bot made there, left out of its
    ``marked_by``."""
    stops: NotRequired[list[ReviewStop]]
    """The plays the tutor stopped on the line reviewed (walk 21: one taken back left
    no trace), by turn."""
    self_judged: NotRequired[list[int]]
    """The seats the review's own net plays (the neural bot's, judged by the neural
    evaluator): never faulted, by design."""
    turn: ReviewTurn | None


class ReviewShown(TypedDict):
    """What a review shows at one decision: the parts of ``Review`` that its report
    gives (``review_view``)."""

    players: list[ReviewPlayer]
    marked_at: list[int]
    marked_by: list[list[int]]
    left_out: int
    turn: ReviewTurn | None


class TutorWarning(TypedDict):
    """A play the tutor stopped: what it loses (points per game), the better play, the
    mark a review gives it (``?!``, ``?`` or ``??``), and by what: ``"rollout"`` where
    Hints' rollout of the roll rated the play, else ``"net"`` at 0-ply, with what the
    net says looking a roll ahead (``ahead``). ``line`` is the tutor's threshold when
    it stopped: a rollout may later find the play under it (``stop_warning``). ``tied``
    is the play a rollout that is too close to call cannot tell from ``best`` (walk 34
    read "Better: 12/18(2)" beside Hints' "Too close to call")."""

    played: str
    best: str
    loss: float
    mark: str | None
    by: Literal["net", "rollout"]
    line: float
    ahead: float | None
    tied: str | None


CubeAction = Literal["double", "no double", "take", "drop"]
"""A person's cube action as the tutor judges it (R14): a roll is "no double"."""


class CubeWarning(TypedDict):
    """A person's cube action the tutor stopped before it was made (R14): the action
    (``"no double"``: a roll), what it loses in points per cube against the proper one
    (``best``), both in words (``said``, ``better``), and the mark a review gives it."""

    action: CubeAction
    said: str
    better: str
    loss: float
    mark: str | None


def cube_tutor_warning(
    decision: CubeDecision, action: CubeAction, threshold: float, cube: int
) -> CubeWarning | None:
    """The tutor's warning when ``action`` loses ``threshold`` or more points per cube
    against the proper action of ``decision`` (as a review marks it: the choices of
    ``analysis.cube_options``), on a ``cube`` of that value; None for less."""
    options = cube_options(action, decision)
    best, top = options[0]
    loss = top - dict(options)[action]
    if loss <= 0 or loss < threshold:
        return None
    return {
        "action": action,
        "said": action_text(action, cube),
        "better": action_text(best, cube),
        "loss": loss,
        "mark": mark_of(loss),
    }


def stop_warning(
    played: str,
    best: str,
    loss: float,
    line: float,
    ahead: float | None = None,
    tied: str | None = None,
) -> TutorWarning:
    """The tutor's warning that ``played`` loses ``loss`` against ``best``: by the net
    when ``ahead`` (its loss a roll ahead) is given, else by Hints' rollout, which may
    not tell ``best`` from ``tied``."""
    return {
        "played": played,
        "best": best,
        "loss": loss,
        "mark": mark_of(loss),
        "by": "rollout" if ahead is None else "net",
        "line": line,
        "ahead": ahead,
        "tied": tied,
    }


def net_source(net: str, ply: int = 0) -> Source:
    """The ``Source`` of the net's figures."""
    return {
        "kind": "net",
        "net": net,
        "ply": ply,
        "games": 0,
        "truncate": 0,
        "reduced": False,
        "z95": 0.0,
        "plain": 0.0,
    }


def rollout_source(rollout: EquityRollout) -> Source:
    """The ``Source`` of a rollout's figures."""
    return {
        "kind": "rollout",
        "net": rollout.evaluator,
        "ply": 0,
        "games": rollout.trials,
        "truncate": rollout.truncate or 0,
        "reduced": rollout.reduced,
        "z95": _finite(rollout.z95),
        "plain": _finite(rollout.z95 * 0.5 / math.sqrt(rollout.trials)) if rollout.trials else 0.0,
    }


def plays_by_text(position: Position) -> dict[str, Play]:
    """The legal plays of ``position``'s roll by their text in a list's rows
    (``play_text``): a row's play, from the text the view shows."""
    return {play_text(position.format_play(play)): play for play in position.legal_plays()}


def hint_rows(rated: Sequence[RatedPlay], top: float | None = None) -> list[HintRow]:
    """Rows of the evaluator's hints, best first as ranked, each losing against ``top``
    (default: the best of them)."""
    if not rated:
        return []
    if top is None:
        top = max(hint.equity for hint in rated)
    return [
        {
            "text": play_text(hint.notation),
            "equity": hint.equity,
            "equity_error": 0.0,
            "loss": top - hint.equity,
            "loss_error": 0.0,
            "win": hint.win,
            "win_error": 0.0,
            "gammon": hint.gammon,
        }
        for hint in rated
    ]


def rolled_rows(rolled: Sequence[RolledHint]) -> list[HintRow]:
    """Rows of rolled-out plays, best first by the rollout (as ``equity_rollout.hints``
    ranks them): every figure of a row from the rollout."""
    rows: list[HintRow] = []
    for hint in rolled:
        estimate, player = hint.estimate, hint.player
        loss, loss_error = hint.loss
        rows.append(
            {
                "text": play_text(hint.notation),
                "equity": hint.equity,
                "equity_error": _finite(estimate.equity_errors[player]),
                "loss": loss,
                "loss_error": _finite(loss_error),
                "win": hint.win,
                "win_error": _finite(estimate.win_errors[player]),
                "gammon": hint.gammon,
            }
        )
    return rows


def wins_differ(rows: Sequence[HintRow]) -> bool:
    """Whether a row wins more often than the row ranked above it, as the board shows
    them (to 0.1%: 33.46% over 33.44% reads 33.5 over 33.4): the ranking's points per
    game count gammons, and the board says so beside the list rather than leave the two
    columns to disagree silently."""
    return any(
        round(1000 * lower["win"]) > round(1000 * upper["win"]) for upper, lower in pairwise(rows)
    )


def _finite(error: float) -> float:
    """A standard error as the board sends it: 0 where none could be estimated (one
    trial, or the best play's gap to itself)."""
    return error if math.isfinite(error) else 0.0


def chances_view(evaluation: Evaluation) -> ChancesView:
    """Every player's chances by the evaluator."""
    zeros = [0.0] * len(evaluation.wins)
    return {
        "wins": list(evaluation.wins),
        "gammons": list(evaluation.gammons),
        "equities": list(evaluation.equities),
        "win_errors": zeros,
        "equity_errors": zeros,
    }


def rolled_chances(rollout: EquityRollout) -> ChancesView:
    """Every player's chances by a rollout of one position."""
    estimate = rollout.estimates[0]
    return {
        "wins": list(estimate.wins),
        "gammons": list(estimate.gammons),
        "equities": list(estimate.equities),
        "win_errors": [_finite(e) for e in estimate.win_errors],
        "equity_errors": [_finite(e) for e in estimate.equity_errors],
    }


def review_view(
    report: Report | None,
    ply: int,
    reader: int = 0,
    you: int | None = None,
    by_bots: Collection[int] = (),
    taken_back: Mapping[int, Sequence[PlayRating]] = MappingProxyType({}),
) -> ReviewShown:
    """A report's players, where its marked decisions are shown (the position before
    each marked record; all of them, and each player's), and the judgement of record
    ``ply``: its play's, or its cube decision's when that lost more; another player's
    plays also as ``reader`` (the board's perspective) numbers the points. The person's
    seat (``you``) counts as its own the decisions a person made there, in its list
    and its summary: the records ``by_bots`` (their plies) were a bot's, to whom the
    person handed the seat. ``taken_back`` holds, by ply, the plays the tutor stopped
    there and the person took back, as the rollout that judges the turn rated them:
    listed beside the turn's best plays where they are not among them."""
    if report is None:
        return {"players": [], "marked_at": [], "marked_by": [], "left_out": 0, "turn": None}

    def own(player: int) -> Collection[int]:
        """What the player's own decisions leave out: a bot's in the person's seat."""
        return by_bots if player == you else ()

    summaries = [report.summary(p.player, own(p.player)) for p in report.players]
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
        for p in summaries
    ]
    judged = report.judged(ply)
    shown: ReviewTurn | None = None
    if isinstance(judged, TurnReport):
        listed = {judged.notation, *(r.notation for r in judged.best)}
        by_rollout = taken_back.get(judged.ply, ()) if judged.by == "rollout" else ()
        tried = [rated for rated in by_rollout if rated.notation not in listed]
        seen: dict[str, str] = {}
        if judged.player != reader:
            variant = judged.position.variant
            rated = [(judged.notation, judged.play), *((r.notation, r.play) for r in judged.best)]
            rated.extend((r.notation, r.play) for r in tried)
            for notation, made in rated:
                if not made:  # no move: nothing to number ("(no legal move)" twice)
                    continue
                on_board = format_play_seen(variant, made, judged.player, reader)
                seen[play_text(notation)] = play_text(on_board)
        shown = {
            "ply": judged.ply,
            "player": judged.player,
            "dice": list(judged.dice),
            "played": play_text(judged.notation),
            "mark": judged.mark,
            "loss": judged.loss,
            "luck": judged.luck,
            "best": [
                _judged_row(play_text(r.notation), r.equity, r.loss, (r.win, r.gammon))
                for r in judged.best
            ],
            "by": judged.by,
            "seen": seen,
            "chances": list(judged.chances),
            "taken_back": [
                _judged_row(play_text(r.notation), r.equity, r.loss, (r.win, r.gammon))
                for r in tried
            ],
        }
    elif isinstance(judged, CubeReport):
        top = judged.options[0][1]
        shown = {
            "ply": judged.ply,
            "player": judged.player,
            "dice": [],
            "played": judged.said(judged.action),
            "mark": judged.mark,
            "loss": judged.loss,
            "luck": 0.0,
            "best": [
                _judged_row(judged.said(action), equity, top - equity)
                for action, equity in judged.options
            ],
            "by": "net",
            "seen": {},
            "chances": [],
            "taken_back": [],
        }
    return {
        "players": players,
        "marked_at": [at - 1 for at in report.marked()],
        "marked_by": [
            [at - 1 for at in report.marked(p.player, own(p.player))] for p in report.players
        ],
        "left_out": 0
        if you is None
        else len(report.marked(you)) - len(report.marked(you, own(you))),
        "turn": shown,
    }


def _judged_row(
    text: str, equity: float, loss: float, chances: tuple[float, float] = (0.0, 0.0)
) -> HintRow:
    """A choice the review rated: a play of the roll, with the mover's ``chances`` after
    it (to win, to lose a gammon), or a cube action."""
    return {
        "text": text,
        "equity": equity,
        "equity_error": 0.0,
        "loss": loss,
        "loss_error": 0.0,
        "win": chances[0],
        "win_error": 0.0,
        "gammon": chances[1],
    }


def tutor_warning(
    position: Position,
    play: Play,
    evaluator: Evaluator,
    threshold: float,
    rolled: Sequence[HintRow] = (),
    separated: bool = True,
) -> tuple[TutorWarning, Play] | None:
    """The tutor's warning when ``play`` loses ``threshold`` or more against the best
    play of ``position``'s roll (as a review marks a play), with that best play; None
    for a play that loses less, or nothing (or no choice).

    Where Hints rolled the roll out (``rolled``, its rows best first), the tutor says
    what the rollout says: the rollout's best is the better play, and a play it rolled
    out loses what its row loses. Walk 16 was told "Better: 12/18(2)" by the tutor beside
    a rollout that ranked another play first. Where the rollout could not tell its best
    from its second (not ``separated``), the warning names both. A play not rolled out
    is far behind: the net measures it against the rollout's best. A play the net would
    stop is looked at a roll ahead first, and goes through where it loses less than
    ``threshold`` there."""
    if isinstance(threshold, bool) or not isinstance(threshold, int | float) or threshold < 0:
        raise ValueError(
            _("threshold must be an equity of 0 or more, not {threshold}").format(
                threshold=repr(threshold)
            )[:80]
        )
    from ..judgement.evaluation import hints as rate_all

    rated = rate_all(position, evaluator=evaluator)
    if len(rated) < 2:
        return None
    made = next((hint for hint in rated if hint.play == play), None)
    if made is None:
        raise ValueError(_("{play} is not a legal play of the roll").format(play=repr(play))[:120])
    by_text = {play_text(hint.notation): hint for hint in rated}
    best = by_text.get(rolled[0]["text"], rated[0]) if rolled else rated[0]
    row = next((row for row in rolled if row["text"] == play_text(made.notation)), None)
    loss = row["loss"] if row is not None else best.equity - made.equity
    if loss <= 0 or loss < threshold:
        return None
    played, better = play_text(made.notation), play_text(best.notation)
    if row is not None:
        second = rolled[1]["text"] if len(rolled) > 1 and not separated else None
        tied = second if second != played else None
        return stop_warning(played, better, loss, threshold, tied=tied), best.play
    ahead = _loss_ahead(position, best.play, play, evaluator)
    if ahead < threshold:  # the quick look's doubt: a roll ahead, the net clears it
        return None
    return stop_warning(played, better, loss, threshold, ahead), best.play


def _loss_ahead(position: Position, best: Play, play: Play, evaluator: Evaluator) -> float:
    """What ``play`` loses against ``best`` by the net looking a roll ahead (1-ply): the
    tutor's check of its quick look before it stops a play. Walk 26 was stopped at 0.101
    by 0-ply, then read 0.029 ± 0.042 in Hints' rollout; 1-ply costs a tenth of a
    second for two plays."""
    from ..judgement.evaluation import evaluate

    def worth(chosen: Play) -> float:
        after = position.play(chosen)
        return evaluate(after, evaluator=evaluator, ply=1).equities[position.turn]

    return worth(best) - worth(play)
