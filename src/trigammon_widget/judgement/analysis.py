"""Judging a whole game: how much each play lost, the marks, the luck of each roll.

``analyse(game)`` rates every turn of the game's current line with an evaluator
(``trigammon_widget.judgement.evaluation``; the project's own net by default, GNU Backgammon's
for classic with ``evaluator="gnubg"``). For each turn it finds the best play of the
roll and what the play made lost against it, in the mover's equity (cubeless money
points; in trigammon every loser pays the winner, as ``Evaluation`` documents), marks
the losses GNU Backgammon's way, and measures the luck of the roll: the equity of the
best play of the dice rolled less the average, over all 21 rolls, of the best play
of each. Classic games with the doubling cube have their cube decisions judged too
(``CubeReport``): every double, take and pass, and every turn whose player could
have doubled and it was close. Per player it sums the decisions (turns with more
than one legal play, and cube decisions), the equity lost, an error rate and a
PR-style rating, the marks and the luck.

``analyse(match)`` judges every game of a match the same way: a ``MatchReport`` with
each game's ``Report`` and each player's totals over the match, as GNU Backgammon's
match statistics sum them (checker play, cube decisions, luck, overall).

A report's tables (``to_markdown``, ``_repr_html_``) are written in the language spoken
when they are asked for, numbers with its decimal mark; marks, dice and notation are
the same in every language.

Turns are rated independently, so they run in parallel (``parallel.run``: both
cores by default, or any ``concurrent.futures.Executor``), with progress and cancel.

A report and its words need no numpy; judging a game does, and imports the nets where
it starts (``judges``).
"""

from __future__ import annotations

import html
import re
import threading
from collections.abc import Callable, Collection, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Literal, overload

from ..engine.fastplay import TurnView, key_of, play_of
from ..engine.game import Game, Turn
from ..engine.i18n import N_, NP_, _, decimal, ngettext, pgettext
from ..engine.match import Match
from ..engine.moves import Play
from ..engine.notation import dice_text, play_text
from ..engine.position import Dice, Position
from ..engine.stakes import CubeAction, MatchPosition
from .cube import CUBE_PLY, CubeDecision, cubeful_decision
from .judges import PLIES, need_numpy
from .play import portable, run, runner
from .threads import one_blas_thread

if TYPE_CHECKING:
    from .evaluation import Evaluator

__all__ = [
    "LEVEL_WORDS",
    "MARKS",
    "MARK_NAMES",
    "THRESHOLDS",
    "CubeReport",
    "Level",
    "MatchReport",
    "PlayRating",
    "PlayerSummary",
    "Report",
    "TurnReport",
    "action_text",
    "analyse",
    "cube_options",
    "html_tables",
    "mark_of",
    "markdown_tables",
    "with_rollouts",
]

THRESHOLDS = (0.04, 0.08, 0.16)
"""Equity lost from which a play is doubtful, bad or very bad: GNU Backgammon's
defaults for its ``?!``, ``?`` and ``??`` marks."""
MARKS = ("?!", "?", "??")
"""The marks of a review, mildest first: doubtful, bad, very bad."""
Level = Literal["doubtful", "bad", "very bad"]
"""How bad a play is, in GNU Backgammon's words."""
MARK_NAMES: Mapping[str, Level] = {"?!": "doubtful", "?": "bad", "??": "very bad"}
"""What each mark says: the level a play's loss reaches."""
LEVEL_WORDS: Mapping[Level, str] = {
    "doubtful": N_("doubtful"),
    "bad": N_("bad"),
    "very bad": N_("very bad"),
}
"""Each level in English words, translated where people read it (``_``)."""

HINTS_KEPT = 5
"""Plays of each turn kept in the report (the best, then the next best)."""
TURN_SECONDS = {0: 0.006, 1: 0.2}
"""About how long judging a turn takes on one core, by look-ahead: what decides whether
the default pool starts (``parallel.runner``; a 100-turn game judged at 0-ply takes
about half a second here, less than starting the pool)."""

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class PlayRating:
    """One legal play of a turn, with the mover's equity after it and what it loses, and
    the mover's chances after it by the same judge: to win, and to lose a gammon or a
    backgammon: where a play's loss comes from, as the board's review says."""

    notation: str
    play: Play
    equity: float
    loss: float
    win: float
    gammon: float


@dataclass(frozen=True)
class TurnReport:
    """One turn of the line, judged.

    ``equity`` and ``best_equity``: the mover's equity after the play made and after
    the best play; ``loss`` their difference (0 for the best play and for forced
    turns); ``mark``: ``None``, ``"?!"``, ``"?"`` or ``"??"`` by ``loss``; ``luck``:
    the equity of the roll less the average of all rolls; ``wins``: every player's
    win chance after the turn (the equity graph); ``best``: the best plays of the
    roll, best first, the play made among them when it is close enough; ``position``:
    the position the mover faced, with the dice rolled (a study card's, ``study``);
    ``by``: what judged the play, the evaluator (``"net"``) or a rollout of the roll
    (``with_rollouts``); ``chances``: the mover's chances after the play made by that
    judge, to win and to lose a gammon or a backgammon.
    """

    ply: int
    player: int
    dice: Dice
    notation: str
    play: Play
    equity: float
    best_equity: float
    loss: float
    mark: str | None
    luck: float
    choices: int
    wins: tuple[float, ...]
    best: tuple[PlayRating, ...]
    position: Position
    chances: tuple[float, float]
    by: Literal["net", "rollout"] = "net"

    @property
    def decision(self) -> bool:
        """Whether the mover had a choice (more than one legal play)."""
        return self.choices > 1


@dataclass(frozen=True)
class CubeReport:
    """One cube decision of the line, judged (R14).

    ``action``: what the player did: ``"double"``, ``"no double"`` (it rolled when it
    could have doubled), ``"take"`` or ``"drop"``; ``ply``: the record it led to (for
    ``"no double"``, the turn rolled). ``decision``: the cube model's equities, the
    doubler's (``cube.CubeDecision``); ``options``: the player's choices with its
    normalised equity (money points per point of the cube now), best first; ``loss``:
    the best option's equity less the one chosen; ``mark`` as for plays; ``position``:
    the decision's position before the roll, with its cube (offered, for a take or a
    drop) and score.
    """

    ply: int
    player: int
    action: str
    decision: CubeDecision
    loss: float
    mark: str | None
    position: MatchPosition

    @property
    def notation(self) -> str:
        return self.action

    @property
    def options(self) -> tuple[tuple[str, float], ...]:
        return cube_options(self.action, self.decision)

    def said(self, action: str) -> str:
        """``action`` (this decision's or one of its ``options``) in the language spoken,
        a redouble called so."""
        return action_text(action, self.position.cube.value)


def cube_options(action: str, decision: CubeDecision) -> tuple[tuple[str, float], ...]:
    """The choices of the player who decides ``action`` (a double or not, or a take
    or a drop) and its normalised equity after each, best first."""
    normal = decision.normalised
    if action in ("take", "drop"):
        answers = [("take", -normal(decision.double_take)), ("drop", -normal(decision.double_pass))]
    else:
        doubled = min(decision.double_take, decision.double_pass)
        answers = [("no double", normal(decision.no_double)), ("double", normal(doubled))]
    return tuple(sorted(answers, key=lambda option: -option[1]))


@dataclass(frozen=True)
class PlayerSummary:
    """One player's game: decisions, equity lost, marks, luck.

    ``error_rate``: the mean equity lost per decision, in thousandths of a point
    (GNU Backgammon's "error rate", mEMG, here cubeless). ``rating``: a PR-style
    figure, 500 times the mean equity lost per decision, eXtreme Gammon's Performance
    Rating scale (lower is better: about 5 is world class, 15 a good club player);
    unlike XG it counts every turn with a choice, obvious ones included. Both count
    the cube decisions with the plays; ``cube_decisions`` and ``cube_lost`` are the
    cube's part.
    """

    player: int
    name: str
    decisions: int
    equity_lost: float
    error_rate: float
    rating: float
    marks: dict[str, int]
    luck: float
    cube_decisions: int = 0
    cube_lost: float = 0.0

    @property
    def checker_decisions(self) -> int:
        """The turns with a choice of play (``decisions`` less the cube's)."""
        return self.decisions - self.cube_decisions

    @property
    def checker_lost(self) -> float:
        """The equity lost by plays (``equity_lost`` less the cube's)."""
        return self.equity_lost - self.cube_lost


@dataclass(frozen=True)
class Report:
    """A game's analysis: every turn of its line and every player's summary."""

    variant: str
    names: tuple[str, ...]
    evaluator: str
    ply: int
    thresholds: tuple[float, float, float]
    plies: int
    """Turns in the game's line; ``turns`` holds fewer when cancelled."""
    turns: tuple[TurnReport, ...]
    players: tuple[PlayerSummary, ...]
    cancelled: bool = False
    cube: tuple[CubeReport, ...] = ()
    """The cube decisions judged, in the order of the line."""

    def turn(self, ply: int) -> TurnReport:
        """The report of turn ``ply`` (1 = the first record of the line; a cube
        action's ply has no turn)."""
        for turn in self.turns:
            if turn.ply == ply:
                return turn
        judged = ", ".join(str(turn.ply) for turn in self.turns)
        raise ValueError(
            _("turn {ply} is not in the report: turns {value}").format(
                ply=f"{ply!r:.20}", value=judged or "none"
            )[:200]
        )

    def summary(self, player: int, without: Collection[int] = ()) -> PlayerSummary:
        """``player``'s summary counting only the records not ``without`` (their plies,
        1 = the first record): a person's own, where a bot played their seat a while."""
        if not without:
            return self.players[player]
        turns = [t for t in self.turns if t.ply not in without]
        cube = [c for c in self.cube if c.ply not in without]
        return _summary(self.names[player], player, turns, cube)

    @property
    def mistakes(self) -> tuple[TurnReport, ...]:
        """The marked turns, in the order played."""
        return tuple(turn for turn in self.turns if turn.mark is not None)

    @property
    def _everything(self) -> list[TurnReport | CubeReport]:
        return [*self.turns, *self.cube]

    def judged(self, ply: int) -> TurnReport | CubeReport | None:
        """What the review says of record ``ply``: its play's judgement, or the cube
        decision made there when that lost more."""
        found = [judged for judged in self._everything if judged.ply == ply]
        return max(found, key=lambda judged: judged.loss, default=None)

    @property
    def marks(self) -> dict[int, str]:
        """The mark of each marked record of the line (the worse of a play's and a cube
        decision's at the same record)."""
        marked: dict[int, str] = {}
        for judged in self._everything:
            if judged.mark is not None:
                worse = marked.get(judged.ply)
                if worse is None or MARKS.index(judged.mark) > MARKS.index(worse):
                    marked[judged.ply] = judged.mark
        return dict(sorted(marked.items()))

    def marked(self, player: int | None = None, without: Collection[int] = ()) -> list[int]:
        """The marked records of the line, in order; with ``player``, those where that
        player made a marked decision (a play, a double, a take or a pass: one record
        may hold one player's play and another's answer to a double); none of those
        ``without`` (as ``summary`` leaves them out)."""
        if without:
            return [at for at in self.marked(player) if at not in without]
        if player is None:
            return list(self.marks)
        if player not in range(len(self.players)):
            raise ValueError(
                _("a game of {count} has no player number {player}").format(
                    player=repr(player)[:40], count=len(self.players)
                )
            )
        return sorted(
            {j.ply for j in self._everything if j.mark is not None and j.player == player}
        )

    def next_mistake(
        self, ply: int, step: int = 1, player: int | None = None, without: Collection[int] = ()
    ) -> int | None:
        """The first marked record after ``ply`` (before it, with ``step=-1``): a play
        or a cube decision; with ``player``, one of that player's; none of ``without``."""
        if step not in (1, -1):
            raise ValueError(_("step must be 1 or -1, not {step}").format(step=repr(step))[:80])
        found = self.marked(player, without)
        marked = [at for at in found if (at > ply if step > 0 else at < ply)]
        if not marked:
            return None
        return marked[0] if step > 0 else marked[-1]

    def __repr__(self) -> str:
        ratings = ", ".join(f"{p.name} PR {p.rating:.1f}" for p in self.players)
        judged = f"{len(self.turns)} of {self.plies}" if self.cancelled else str(len(self.turns))
        return (
            f"<Report of a {self.variant} game: {judged} turns judged by {self.evaluator} "
            f"{self.ply}-ply, {len(self.marks)} marked; {ratings}>"
        )

    def to_markdown(self) -> str:
        """The report as Markdown tables: the players, every turn, the cube decisions."""
        return markdown_tables(self._title(), self._tables())

    def _repr_html_(self) -> str:
        """The same tables as HTML, for notebooks (every name escaped)."""
        return html_tables(self._title(), self._tables())

    def _title(self) -> str:
        title = _("Analysis of a {variant} game: {evaluator} evaluator, {ply}-ply").format(
            variant=self.variant, evaluator=self.evaluator, ply=self.ply
        )
        return title + _(" (cancelled: partial)") if self.cancelled else title

    def _tables(self) -> Tables:
        """The report's tables as text: the players, every turn, the cube decisions."""
        Rows = list[tuple[str, ...]]
        players: Rows = [
            (
                p.name,
                str(p.decisions),
                decimal(p.equity_lost, 3),
                decimal(p.error_rate, 1),
                decimal(p.rating, 1),
                *(str(p.marks[mark]) for mark in MARKS),
                decimal(p.luck, 3, signed=True),
            )
            for p in self.players
        ]
        turns: Rows = [
            (
                str(t.ply),
                self.names[t.player],
                dice_text(t.dice),
                play_text(t.notation),
                play_text(t.best[0].notation if t.best else t.notation),
                decimal(t.loss, 3),
                t.mark or "",
                decimal(t.luck, 3, signed=True),
            )
            for t in self.turns
        ]
        tables: list[tuple[tuple[str, ...], Rows]] = [
            (_heads(PLAYERS_HEAD), players),
            (_heads(TURNS_HEAD), turns),
        ]
        if self.cube:
            cube: Rows = [
                (
                    str(c.ply),
                    self.names[c.player],
                    c.said(c.action),
                    c.said(c.options[0][0]),
                    decimal(c.loss, 3),
                    c.mark or "",
                )
                for c in self.cube
            ]
            tables.append((_heads(CUBE_HEAD), cube))
        return tables


_MARKDOWN = re.compile(r"([\\`*_\[\]|~])")
"""What Markdown reads as markup inside a line: escaped with a backslash."""


@dataclass(frozen=True)
class MatchReport:
    """A match's analysis: each game's ``Report`` (``games``, in the order played) and
    each player's totals over the match (``players``: the decisions, equity lost, marks
    and luck of every game summed; the error rate and PR of the whole match, checker
    play and cube decisions apart, as GNU Backgammon's match statistics give them)."""

    variant: str
    length: int
    names: tuple[str, ...]
    evaluator: str
    games: tuple[Report, ...]
    players: tuple[PlayerSummary, ...]
    cancelled: bool = False

    def __repr__(self) -> str:
        ratings = ", ".join(f"{p.name} PR {p.rating:.1f}" for p in self.players)
        kind = f"{self.length}-point match" if self.length else "money session"
        return f"<MatchReport of a {self.variant} {kind}: {len(self.games)} games; {ratings}>"

    def to_markdown(self) -> str:
        """The match's statistics, then each game's players, as Markdown tables."""
        return markdown_tables(self._title(), self._tables())

    def _repr_html_(self) -> str:
        """The same tables as HTML, for notebooks (every name escaped)."""
        return html_tables(self._title(), self._tables())

    def _title(self) -> str:
        games = len(self.games)
        if self.length:
            title = ngettext(
                "Analysis of a {length}-point match of {variant}, {games} game: "
                "{evaluator} evaluator",
                "Analysis of a {length}-point match of {variant}, {games} games: "
                "{evaluator} evaluator",
                games,
            )
        else:
            title = ngettext(
                "Analysis of a money session of {variant}, {games} game: {evaluator} evaluator",
                "Analysis of a money session of {variant}, {games} games: {evaluator} evaluator",
                games,
            )
        said = title.format(
            length=self.length,
            variant=self.variant,
            games=games,
            evaluator=self.evaluator,
        )
        return said + _(" (cancelled: partial)") if self.cancelled else said

    def _tables(self) -> Tables:
        match = [
            (
                p.name,
                str(p.checker_decisions),
                decimal(p.checker_lost, 3),
                decimal(_rate(p.checker_lost, p.checker_decisions), 1),
                str(p.cube_decisions),
                decimal(p.cube_lost, 3),
                decimal(_rate(p.cube_lost, p.cube_decisions), 1),
                decimal(p.error_rate, 1),
                decimal(p.rating, 1),
                *(str(p.marks[mark]) for mark in MARKS),
                decimal(p.luck, 3, signed=True),
            )
            for p in self.players
        ]
        games = [
            (
                str(number),
                *(decimal(p.rating, 1) for p in report.players),
                *(str(sum(p.marks.values())) for p in report.players),
            )
            for number, report in enumerate(self.games, 1)
        ]
        return [
            (_heads(MATCH_HEAD), match),
            (
                (
                    _("game"),
                    *(_("PR {name}").format(name=name) for name in self.names),
                    *(_("marks {name}").format(name=name) for name in self.names),
                ),
                games,
            ),
        ]


def _rate(lost: float, decisions: int) -> float:
    """An error rate: thousandths of a point lost per decision."""
    return 1000 * lost / decisions if decisions else 0.0


Tables = list[tuple[tuple[str, ...], list[tuple[str, ...]]]]
"""A report's tables as text: each a heading row and its rows."""

PLAYERS_HEAD = (
    N_("player"), N_("decisions"), N_("equity lost"), N_("error rate"), "PR", *MARKS, N_("luck"),
)  # fmt: skip
TURNS_HEAD = (
    "#", N_("player"), N_("dice"), N_("played"), N_("best"), N_("loss"), N_("mark"), N_("luck"),
)  # fmt: skip
CUBE_HEAD = ("#", N_("player"), N_("cube action"), N_("best"), N_("loss"), N_("mark"))
MATCH_HEAD = (
    N_("player"), N_("plays"), N_("lost by plays"), N_("play error rate"), N_("cube decisions"),
    N_("lost by the cube"), N_("cube error rate"), N_("error rate"), "PR", *MARKS, N_("luck"),
)  # fmt: skip
"""The heading rows of the tables, in English: said in the language spoken (``_heads``);
``#``, ``PR`` and the marks are the same in every language."""
CUBE_WORDS: Mapping[str, tuple[str, str]] = {
    "double": NP_("cube action", "double"),
    "no double": NP_("cube action", "no double"),
    "take": NP_("cube action", "take"),
    "drop": NP_("cube action", "pass"),
    "redouble": NP_("cube action", "redouble"),
    "no redouble": NP_("cube action", "no redouble"),
}
"""A cube action as people read it, in the board's words (its button says Pass);
``CubeReport.action`` stays the record's key, ``"drop"``. A double of a cube already
turned is a redouble (walk 31 read "no double" for a missed redouble): ``action_text``'s
``cube``."""


def _heads(head: tuple[str, ...]) -> tuple[str, ...]:
    """A heading row in the language spoken."""
    return tuple(_(cell) if cell not in ("#", "PR", *MARKS) else cell for cell in head)


def action_text(action: str, cube: int = 1) -> str:
    """A cube action (``"double"``, ``"no double"``, ``"take"``, ``"drop"``) in the
    language spoken, a double called a redouble on a ``cube`` already turned: a report's
    tables and the board's review show it so."""
    if cube > 1 and action in ("double", "no double"):
        action = action.replace("double", "redouble")
    return pgettext(*CUBE_WORDS[action])


def markdown_tables(title: str, tables: Tables) -> str:
    """A title line and tables in Markdown, every cell shown as text (``_cell``)."""
    lines = [f"{title}."]
    for head, rows in tables:
        lines += ["", "| " + " | ".join(map(_cell, head)) + " |", "|" + "---|" * len(head)]
        lines += ["| " + " | ".join(map(_cell, row)) + " |" for row in rows]
    return "\n".join(lines)


def html_tables(title: str, tables: Tables) -> str:
    """A title and tables in HTML, every cell escaped."""
    parts = [f"<p>{html.escape(title)}.</p>"]
    for head, rows in tables:
        heads = "".join(f"<th>{html.escape(cell)}</th>" for cell in head)
        body = "".join(
            "<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>"
            for row in rows
        )
        parts.append(f"<table><thead><tr>{heads}</tr></thead><tbody>{body}</tbody></table>")
    return "".join(parts)


def _cell(text: str) -> str:
    """Text that Markdown shows as itself (in a table cell or the title line): HTML's
    ``&``, ``<`` and ``>`` as entities, for renderers pass raw HTML through (a player
    named ``<img src=x onerror=...>`` would run), Markdown's own marks escaped, on one
    line."""
    return _MARKDOWN.sub(r"\\\1", html.escape(text, quote=False)).replace("\n", " ")


@dataclass(frozen=True)
class _Task:
    """One turn to judge: the position before its roll, the dice, the play made."""

    ply: int
    position: Position
    dice: Dice
    play: Play
    evaluator: Evaluator
    depth: int
    game: int = 0
    """Which game of a match (0: the first, or the one game)."""


def _judge(task: _Task) -> TurnReport:
    """Rates every play of all 21 rolls from the position: the roll made gives the
    decision, all of them the luck. A worker's unit of work."""
    with one_blas_thread():
        return _judged(task)


def _judged(task: _Task) -> TurnReport:
    import numpy as np

    from .evaluation import ROLLS, NeuralEvaluator, loser_matrix, rate_plays
    from .outcome_vectors import equity_matrix

    position = task.position
    variant = position.variant
    mover = position.turn
    column = equity_matrix(variant.players)[:, mover]
    boards = [list(board) for board in position.boards]
    rolled = tuple(sorted(task.dice))
    average = 0.0
    luck_of_roll = 0.0
    report: (
        tuple[tuple[PlayRating, ...], float, float, tuple[float, ...], tuple[float, float], int]
        | None
    ) = None
    evaluator = task.evaluator
    quick = (  # the other rolls' best equities in one compiled call, where it can
        evaluator.best_equities(variant, boards, mover)
        if task.depth == 0 and isinstance(evaluator, NeuralEvaluator)
        else None
    )
    for r, dice in enumerate(ROLLS):
        if quick is not None and dice != rolled:
            average += float(quick[r]) * (1 if dice[0] == dice[1] else 2)
            continue
        view = TurnView(variant, boards, mover, dice)
        leaves = view.leaves()
        keys = list(leaves)
        vectors = rate_plays(task.evaluator, view, keys, task.depth)
        equities = vectors @ column
        lost = vectors @ loser_matrix(variant.players)[0][:, mover]
        best = float(np.max(equities))
        average += best * (1 if dice[0] == dice[1] else 2)
        if dice == rolled:
            luck_of_roll = best
            made = key_of(leaves, task.play)
            order = np.argsort(-equities, kind="stable")
            ratings = tuple(
                PlayRating(
                    position.with_dice(*task.dice).format_play(play_of(leaves[keys[k]])),
                    play_of(leaves[keys[k]]),
                    float(equities[k]),
                    best - float(equities[k]),
                    float(vectors[k, mover]),
                    float(lost[k]),
                )
                for k in order[:HINTS_KEPT]
            )
            chosen = keys.index(made)
            wins = tuple(float(w) for w in vectors[chosen, : variant.players])
            chances = (wins[mover], float(lost[chosen]))
            report = (ratings, float(equities[chosen]), best, wins, chances, len(keys))
    assert report is not None
    ratings, equity, best_equity, wins, chances, choices = report
    loss = max(0.0, best_equity - equity) if choices > 1 else 0.0
    return TurnReport(
        ply=task.ply,
        player=mover,
        dice=task.dice,
        notation=position.with_dice(*task.dice).format_play(task.play),
        play=task.play,
        equity=equity,
        best_equity=best_equity,
        loss=loss,
        mark=None,
        luck=luck_of_roll - average / 36,
        choices=choices,
        wins=wins,
        best=ratings,
        position=position.with_dice(*task.dice),
        chances=chances,
    )


@overload
def analyse(
    game: Game,
    *,
    evaluator: str | Evaluator | None = None,
    ply: int = 0,
    thresholds: Sequence[float] = THRESHOLDS,
    workers: int | None = None,
    executor: Executor | None = None,
    progress: Progress | None = None,
    cancel: threading.Event | None = None,
) -> Report: ...


@overload
def analyse(
    game: Match,
    *,
    evaluator: str | Evaluator | None = None,
    ply: int = 0,
    thresholds: Sequence[float] = THRESHOLDS,
    workers: int | None = None,
    executor: Executor | None = None,
    progress: Progress | None = None,
    cancel: threading.Event | None = None,
) -> MatchReport: ...


def analyse(
    game: Game | Match,
    *,
    evaluator: str | Evaluator | None = None,
    ply: int = 0,
    thresholds: Sequence[float] = THRESHOLDS,
    workers: int | None = None,
    executor: Executor | None = None,
    progress: Progress | None = None,
    cancel: threading.Event | None = None,
) -> Report | MatchReport:
    """Judge every turn of ``game``'s current line; a ``Report``. Given a ``Match``,
    judge every game of it (each at its current line); a ``MatchReport``.

    ``evaluator``: ``"neural"`` (default) or ``"gnubg"`` (classic), or an
    ``Evaluator``; ``ply`` its look-ahead (0 or 1). ``thresholds``: the equity lost
    from which a play is marked ``?!``, ``?`` and ``??`` (default: GNU Backgammon's
    0.04, 0.08, 0.16). Turns run on ``executor``, or a lasting pool of ``workers``
    processes (default: one per core once the work takes seconds, here before; 1 runs
    here); ``progress(done, total)`` is
    called as turns come back; once ``cancel`` is set the report holds the turns
    judged so far, with ``cancelled=True``.
    """
    if not isinstance(game, Game | Match):
        raise ValueError(
            _("analyse needs a Game or a Match, not {kind}").format(kind=type(game).__name__)
        )
    games = game.games if isinstance(game, Match) else (game,)
    need_numpy(_("A review"))
    from .evaluation import find_evaluator

    chosen = find_evaluator(evaluator)
    if isinstance(ply, bool) or ply not in PLIES:
        raise ValueError(
            _("ply must be one of {plies}, not {ply}").format(plies=PLIES, ply=repr(ply))
        )
    depth = ply
    chosen.check(games[0].variant)
    limits = tuple(thresholds)
    if (
        len(limits) != 3
        or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in limits)
        or not 0 < limits[0] <= limits[1] <= limits[2]
    ):
        raise ValueError(
            _("thresholds are three rising equities above 0, not {thresholds}").format(
                thresholds=repr(thresholds)
            )
        )
    tasks = [  # the turns; cube actions and resignations are not judged
        _Task(
            number,
            one.position_at(number - 1).with_dice(),
            turn.dice,
            turn.play,
            chosen,
            depth,
            index,
        )
        for index, one in enumerate(games)
        for number, turn in enumerate(one.turns, 1)
        if isinstance(turn, Turn)
    ]
    judged: dict[tuple[int, int], TurnReport] = {}

    def done(task: _Task, result: TurnReport) -> None:
        judged[task.game, task.ply] = replace(result, mark=_mark(result.loss, limits))
        if progress is not None:
            progress(len(judged), len(tasks))

    seconds = len(tasks) * TURN_SECONDS[depth]
    where = runner(executor, workers, executor is not None or portable(chosen), seconds)
    cancelled = run(_judge, tasks, where, done, cancel)
    reports = tuple(
        _report(
            one,
            tuple(judged[key] for key in sorted(judged) if key[0] == index),
            sum(task.game == index for task in tasks),
            chosen,
            depth,
            limits,
            cancelled,
        )
        for index, one in enumerate(games)
    )
    if not isinstance(game, Match):
        return reports[0]
    return MatchReport(
        variant=game.variant.name,
        length=game.length,
        names=game.names,
        evaluator=chosen.name,
        games=reports,
        players=tuple(_totals(reports, player) for player in range(game.variant.players)),
        cancelled=cancelled,
    )


def _report(
    game: Game,
    turns: tuple[TurnReport, ...],
    plies: int,
    evaluator: Evaluator,
    depth: int,
    limits: tuple[float, ...],
    cancelled: bool,
) -> Report:
    """One game's report from its judged turns (its cube decisions judged here)."""
    cube = () if cancelled else _cube_reports(game, evaluator, limits)
    players = tuple(
        _summary(game.names[player], player, turns, cube) for player in range(game.variant.players)
    )
    return Report(
        variant=game.variant.name,
        names=game.names,
        evaluator=evaluator.name,
        ply=depth,
        thresholds=(limits[0], limits[1], limits[2]),
        plies=plies,
        turns=turns,
        players=players,
        cancelled=cancelled,
        cube=cube,
    )


def _totals(reports: Sequence[Report], player: int) -> PlayerSummary:
    """A player's summaries of every game, summed: the match's statistics."""
    summaries = [report.players[player] for report in reports]
    decisions = sum(s.decisions for s in summaries)
    lost = sum(s.equity_lost for s in summaries)
    return PlayerSummary(
        player=player,
        name=reports[0].names[player],
        decisions=decisions,
        equity_lost=lost,
        error_rate=_rate(lost, decisions),
        rating=_rate(lost, decisions) / 2,
        marks={mark: sum(s.marks[mark] for s in summaries) for mark in MARKS},
        luck=sum(s.luck for s in summaries),
        cube_decisions=sum(s.cube_decisions for s in summaries),
        cube_lost=sum(s.cube_lost for s in summaries),
    )


def _cube_reports(
    game: Game, evaluator: Evaluator, thresholds: Sequence[float]
) -> tuple[CubeReport, ...]:
    """The line's cube decisions: each double, take and pass, and each turn rolled when
    the player could have doubled and doubling came within the ``??`` threshold of
    right (the close ones, as GNU Backgammon counts them); each judged ``CUBE_PLY``
    deep, as the bots decide theirs, whatever the plays' depth."""
    found: list[CubeReport] = []
    records = game.turns
    offered: CubeDecision | None = None  # the double just judged, which a take or drop answers
    for index, record in enumerate(records):
        action: str
        if isinstance(record, CubeAction):
            action = record.action
        elif isinstance(record, Turn) and (
            isinstance(records[index - 1], Turn)
            if index
            else not game.opening and game.start.dice is None
        ):
            action = "no double"
        else:
            continue  # the opening roll's turn or given dice, a turn after a take
        before = game.match_position_at(index)
        unrolled = MatchPosition(before.position.with_dice(), before.cube, before.state)
        if action in ("take", "drop") and offered is not None:
            decision = offered  # the same position, cube and chances as the double
        else:
            if action == "no double" and "double" not in unrolled.legal_cube_actions():
                continue
            decision = cubeful_decision(unrolled, evaluator, ply=CUBE_PLY)
        offered = decision if action == "double" else None
        options = dict(cube_options(action, decision))
        loss = max(options.values()) - options[action]
        if (
            action == "no double"
            and loss == 0
            and options["double"] < options[action] - thresholds[2]
        ):
            continue  # not close: no decision to speak of
        mark = _mark(loss, thresholds)
        found.append(CubeReport(index + 1, record.player, action, decision, loss, mark, unrolled))
    return tuple(found)


def mark_of(loss: float, thresholds: Sequence[float] = THRESHOLDS) -> str | None:
    """The mark of a play that lost ``loss``: the worst threshold it reaches (None: not
    even doubtful)."""
    return _mark(loss, thresholds)


def with_rollouts(report: Report, rollouts: Mapping[Position, Sequence[PlayRating]]) -> Report:
    """``report`` with each turn a rollout rated judged by it: ``rollouts`` holds the
    plays of a roll rolled out, best first, by the position the mover faced (with the
    dice). A turn whose play made is among them takes the rollout's best plays, loss
    and mark, and the players' summaries follow; the others stay the evaluator's. GNU
    Backgammon keeps a rollout made in its hint window with the move it analysed; walk 27
    read a tutor's stop by Hints' rollout beside the review's other best play and loss.
    The same report where no turn changes."""
    turns = list(report.turns)
    for index, turn in enumerate(turns):
        rated = rollouts.get(turn.position, ()) if turn.decision else ()
        made = next((rating for rating in rated if rating.notation == turn.notation), None)
        if made is None:
            continue
        loss = max(0.0, made.loss)
        turns[index] = replace(
            turn,
            equity=made.equity,
            best_equity=rated[0].equity,
            loss=loss,
            mark=_mark(loss, report.thresholds),
            best=tuple(rated[:HINTS_KEPT]),
            chances=(made.win, made.gammon),
            by="rollout",
        )
    if turns == list(report.turns):
        return report
    players = tuple(_summary(p.name, p.player, turns, report.cube) for p in report.players)
    return replace(report, turns=tuple(turns), players=players)


def _mark(loss: float, thresholds: Sequence[float]) -> str | None:
    """The mark of a play that lost ``loss``: the worst threshold it reaches."""
    mark = None
    for threshold, name in zip(thresholds, MARKS, strict=True):
        if loss >= threshold:
            mark = name
    return mark


def _summary(
    name: str, player: int, turns: Sequence[TurnReport], cube: Sequence[CubeReport]
) -> PlayerSummary:
    mine = [t for t in turns if t.player == player]
    cubed = [c for c in cube if c.player == player]
    decisions: list[TurnReport | CubeReport] = [*(t for t in mine if t.decision), *cubed]
    lost = sum(judged.loss for judged in decisions)
    mean = lost / len(decisions) if decisions else 0.0
    return PlayerSummary(
        player=player,
        name=name,
        decisions=len(decisions),
        equity_lost=lost,
        error_rate=1000 * mean,
        rating=500 * mean,
        marks={
            mark: sum(t.mark == mark for t in mine) + sum(c.mark == mark for c in cubed)
            for mark in MARKS
        },
        luck=sum(t.luck for t in mine),
        cube_decisions=len(cubed),
        cube_lost=sum(c.loss for c in cubed),
    )
