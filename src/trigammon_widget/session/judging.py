"""Judging plays and positions: hints, chances and a game's review, at once by the
evaluator and refined in the background (``Job``).
"""

from __future__ import annotations

import threading
from dataclasses import replace
from typing import Any, Literal

from ..engine import IllegalMoveError, fast
from ..engine.i18n import _
from ..judgement.analysis import Report, analyse
from ..judgement.bots import NeuralBot
from ..judgement.evaluation import evaluate
from ..judgement.evaluation import hints as rate_plays
from ..judgement.rollout import Progress, RolledHint, RolloutResult, hints, rollout
from ..protocol import INT, IntentError, action
from ..teaching.coaching import Analysis, Review, chances_view, hint_rows
from .navigation import Navigation
from .slices import Found, Job

__all__ = ["Judging"]

FAST_GAMES = 2
"""How many times as many games the board's rollouts play where the compiled fast path is
in use (``engine.fast``): twice the games, for intervals 1.4 times as narrow, still come
sooner than the pure path's (the Hints refinement of the opening 6-5's five best plays
on the 2-core machine, 2 workers: 96 games a play in 3.4 s with trigammon-v1, 6.5 s with
trigammon-v3, the default, against 9.9 and 14.7 s for 48 on the pure path with v1 and
v2; ``docs/speed.md``)."""


def rollout_games(pure: int) -> int:
    """The games of a board's rollout whose pure-path default is ``pure``."""
    return pure * FAST_GAMES if fast.compiled() is not None else pure


class Judging(Navigation):
    """The analyses of the board, each a ``Job`` the widget runs in the background."""

    @property
    def evaluator(self) -> str:
        """The evaluator of hints, chances, reviews and the tutor: "neural" or "gnubg"."""
        return self._analyses.evaluator

    @action()
    def hints(
        self, /, games_per_play: int | None = None, candidates: int = 5, **options: Any
    ) -> Job | None:
        """Rank this roll's plays by the evaluator at once, then refine the best few by
        rollouts of the neural bot in the background (the view's ``analysis``): 48 games
        a play, twice as many on the compiled fast path (``rollout_games``)."""
        games_per_play = rollout_games(48) if games_per_play is None else games_per_play
        position = self._rolled(person=False)
        rated = rate_plays(position, evaluator=self._judge())
        kept = min(candidates, len(rated))
        panel = self._panel("hints", kept * games_per_play if kept > 1 else 0)
        panel["hints"] = hint_rows(rated)
        evaluator = self._analyses.evaluator
        job = None

        def work(progress: Progress, stop: threading.Event) -> list[RolledHint]:
            options.setdefault("bot", NeuralBot(evaluator=evaluator))
            return hints(
                position,
                games_per_play=games_per_play,
                candidates=kept,
                evaluator=evaluator,
                progress=progress,
                cancel=stop,
                **options,
            )

        if kept < 2:
            panel["status"] = "done"
        else:
            job = Job("hints", kept * games_per_play, work)
        self._swap(analyses=replace(self._analyses, job=job, analysis=panel, rated=tuple(rated)))
        return job

    @action()
    def chances(self, /, games: int | None = None, **options: Any) -> Job:
        """Every player's chances from the shown position: the evaluator's at once,
        then a rollout of the neural bot's in the background (the view's ``analysis``):
        240 games, twice as many on the compiled fast path."""
        games = rollout_games(240) if games is None else games
        self._require_play()
        if self._board.game_over:
            raise IllegalMoveError(
                "R12", _("the game is over: {ending}").format(ending=self._ending())
            )
        position = self._board.game.position
        evaluation = evaluate(position, evaluator=self._judge())
        panel: Analysis = {**self._panel("chances", games), **chances_view(evaluation, None)}
        evaluator = self._analyses.evaluator

        def work(progress: Progress, stop: threading.Event) -> RolloutResult:
            options.setdefault("bot", NeuralBot(evaluator=evaluator))
            return rollout(position, games=games, progress=progress, cancel=stop, **options)

        job = Job("chances", games, work)
        chosen = replace(self._analyses, job=job, analysis=panel, evaluation=evaluation)
        self._swap(analyses=chosen)
        return job

    @action()
    def analyse(self, /, **options: Any) -> Job:
        """Judge every turn of the line (``analysis.analyse``) in the background: marks
        in the history, the best plays of each turn, the equity graph (the view's
        ``review``; the report is ``report``, on a board ``analysis``)."""
        self._require_play(navigate=True)
        game = self._board.game.copy()
        if not game.turns:
            raise ValueError(_("no turn has been played yet: nothing to analyse"))
        running = self._analyses.review_job
        if running is not None and not running.stop.is_set():
            raise ValueError(_("the game is being analysed: cancel it first"))
        evaluator = self._judge()

        def work(progress: Progress, stop: threading.Event) -> Report:
            return analyse(game, evaluator=evaluator, progress=progress, cancel=stop, **options)

        job = Job("review", len(game.turns), work)
        review: Review = {
            "status": "running",
            "done": 0,
            "total": job.total,
            "evaluator": evaluator.name,
            "players": [],
            "marked_at": [],
            "turn": None,
        }
        analyses = self._analyses
        chosen = replace(analyses, review_job=job, review=review, report=None, reviewed=game.turns)
        self._swap(analyses=chosen, line=True)  # the board shows decisions now
        return job

    @action()
    def cancel_analysis(self) -> None:
        """Stop the running analyses; what they found so far is kept."""
        for job in (self._analyses.job, self._analyses.review_job):
            if job is not None:
                job.stop.set()

    @action(step=INT)
    def next_mistake(self, step: int = 1) -> None:
        """Show the next marked decision of the review (``step=-1``: the one before):
        the position its mover faced (``_decisions``)."""
        self._require_play(navigate=True)
        report = self._current_report()
        if report is None:
            raise ValueError(_("no review of this line: analyse the game first"))
        if step not in (1, -1):
            raise IntentError(_("step must be 1 or -1, got {step}").format(step=repr(step)[:40]))
        # The board shows the decision of the record after the shown position.
        found = report.next_mistake(self._board.game.ply + 1, step)
        if found is None:
            raise ValueError(
                _("no marked turn after this one")
                if step > 0
                else _("no marked turn before this one")
            )
        self.goto(found - 1)

    @property
    def report(self) -> Report | None:
        """The review of the line shown, once finished (or cancelled)."""
        return self._current_report()

    def _panel(self, kind: Literal["hints", "chances"], total: int) -> Analysis:
        running = self._analyses.job
        if running is not None and not running.stop.is_set():
            raise ValueError(_("an analysis is running: cancel it first"))

        return {
            "kind": kind,
            "status": "running",
            "done": 0,
            "total": total,
            "evaluator": self._analyses.evaluator,
        }

    def report_progress(self, job: Job, done: int, total: int) -> bool:
        """Progress of ``job``; False (and nothing changes) once it is not current."""
        analyses = self._analyses
        if job is analyses.review_job and analyses.review is not None and not job.stop.is_set():
            review: Review = {**analyses.review, "done": done, "total": total}
            self._swap(analyses=replace(analyses, review=review))
            return True
        if job is not analyses.job or job.stop.is_set() or analyses.analysis is None:
            return False
        panel: Analysis = {**analyses.analysis, "done": done, "total": total}
        self._swap(analyses=replace(analyses, analysis=panel))
        return True

    def finish(self, job: Job, found: Found | BaseException) -> bool:
        """The end of ``job``: its results, or the error it failed with."""
        analyses = self._analyses
        if job is analyses.review_job and analyses.review is not None:
            review: Review = {**analyses.review}
            report = analyses.report
            if isinstance(found, BaseException):
                review["status"] = "failed"
                review["error"] = str(found)[:300]
            elif isinstance(found, Report):
                report = found
                review["status"] = "cancelled" if found.cancelled else "done"
            kept = analyses.kept
            if report is not None and not report.cancelled:
                kept = {**kept, analyses.reviewed: (review, report)}
            chosen = replace(analyses, review=review, review_job=None, report=report, kept=kept)
            self._swap(analyses=chosen, line=True)  # the better plays are drawn now
            return True
        if job is not analyses.job or analyses.analysis is None:
            return False
        panel: Analysis = {**analyses.analysis}
        if isinstance(found, BaseException):
            panel["status"] = "failed"
            panel["error"] = str(found)[:300]
        elif isinstance(found, RolloutResult):
            assert analyses.evaluation is not None
            panel = {**panel, **chances_view(analyses.evaluation, found)}
            panel["status"] = "cancelled" if found.cancelled else "done"
        elif isinstance(found, list):
            refined = {hint.notation: hint for hint in found}
            panel["hints"] = hint_rows([refined.get(row.notation, row) for row in analyses.rated])
            panel["status"] = "cancelled" if job.stop.is_set() else "done"
        self._swap(analyses=replace(analyses, analysis=panel, job=None))
        return True
