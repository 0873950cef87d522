"""Judging plays and positions: hints, chances and a game's review, at once by the
evaluator and refined in the background (``Job``).

Hints and chances show the net's figures at once, labelled as the net's; a rollout
(``equity_rollout``: common dice, the luck of the rolls taken out, each trial cut after
``ROLLOUT_TURNS`` turns and valued by the net) runs in the background, and once done its
figures replace the net's whole, labelled as the rollout's: a list never mixes sources,
and is ranked by the equity it shows.

All of it asks the nets: each action first finds its evaluator (``_judge``, which says
plainly where numpy is missing), then imports what it runs.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Literal

from ..engine import IllegalMoveError, Position, fast
from ..engine.game import Turn
from ..engine.i18n import _
from ..engine.notation import play_text
from ..judgement.analysis import Report, analyse
from ..judgement.cube import CUBE_PLY
from ..judgement.play import Progress, whole_number
from .coaching import (
    Analysis,
    Review,
    Source,
    chances_view,
    cube_advice,
    hint_rows,
    net_source,
    plays_by_text,
    rolled_chances,
    rolled_rows,
    rollout_source,
    wins_differ,
)
from .navigation import Navigation
from .protocol import INT, PLAYER_OR_NONE, IntentError, action
from .slices import FinishedHints, Found, HintsAsked, Job
from .state import checked_player

if TYPE_CHECKING:
    from ..judgement.evaluation import Evaluator, Hint
    from ..judgement.play import EquityRollout, RolledHint

__all__ = [
    "PURE_ROLLOUT_SECONDS",
    "PURE_ROLLOUT_TURNS",
    "ROLLOUT_SECONDS",
    "ROLLOUT_TRIALS",
    "ROLLOUT_TURNS",
    "Judging",
]

ROLLOUT_TURNS = {"trigammon": 9, "classic": 8}
"""Turns a trial of the board's rollouts plays before the net values it, by variant: as
many as the rollout can afford while it tells the best plays apart to 0.01 within
``ROLLOUT_TRIALS`` (``benchmarks/bench_board_rollouts.py``, ``docs/speed.md``)."""
ROLLOUT_TRIALS = {"trigammon": 450, "classic": 750}
"""Trials the board's rollouts play at most, by variant, shared among the positions they
compare (each plays at least ``MIN_TRIALS``): about 10 s of two idle cores here, though
most stop sooner, told apart to 0.01. Bounded by trials, not by the clock, a rollout
gives the same figures on a busy machine as on a quiet one (walk 31 read 0.242 in
English and 0.224 in Spanish for one play: a busy machine's clock had stopped the two
at different trials)."""
ROLLOUT_SECONDS = 30.0
"""The clock's limit of the board's rollouts, whatever they have found (labelled with
the games they played): a ceiling on a machine three times slower than two idle cores,
where ``ROLLOUT_TRIALS`` would take too long."""
PURE_ROLLOUT_TURNS = {"trigammon": 3, "classic": 2}
"""``ROLLOUT_TURNS`` off the compiled fast path (``engine.fast``), where a turn of a trial
costs 20 to 50 times as much: cut so, the rollout stops by ``PURE_ROLLOUT_SECONDS``
rather than by its trials."""
PURE_ROLLOUT_SECONDS = 10.0
"""The clock's limit off the compiled fast path (JupyterLite's pure Python): there the
clock, not ``ROLLOUT_TRIALS``, ends most rollouts, with the games it allowed."""
WITHIN = 0.16
"""Plays the net rates further than this behind its best are not rolled out (GNU
Backgammon's "very bad" play): a rollout would not raise them to the top."""


def rollout_settings(
    position: Position, options: dict[str, Any], compared: int = 1
) -> dict[str, Any]:
    """The board's rollout settings for ``position`` and ``compared`` positions, each one
    ``options`` gives in its place (``equity_rollout.SETTINGS``), checked before any work
    starts. The seed is the position's ID, its roll included: the same question gets the
    same figures, in another notebook or language too (walk 19 read two runs 2 standard
    errors apart as a fault), as GNU Backgammon's rollouts start from a set seed; another
    ``seed`` gives another sample."""
    from ..judgement.play import MIN_TRIALS, check_settings

    variant = position.variant.name
    if fast.compiled() is not None:
        trials = max(MIN_TRIALS, ROLLOUT_TRIALS[variant] // compared)
        board = {"truncate": ROLLOUT_TURNS[variant], "games": trials, "seconds": ROLLOUT_SECONDS}
    else:
        board = {"truncate": PURE_ROLLOUT_TURNS[variant], "seconds": PURE_ROLLOUT_SECONDS}
    settings = {**board, "seed": position.id, **options}
    check_settings(settings)
    return settings


class Judging(Navigation):
    """The analyses of the board, each a ``Job`` the widget runs in the background."""

    @property
    def evaluator(self) -> str:
        """The evaluator of hints, chances, reviews and the tutor: "neural" or "gnubg"."""
        return self._analyses.evaluator

    @action()
    def hints(self, /, candidates: int = 5, **options: Any) -> Job | None:
        """Rank this roll's plays by the evaluator at once; then roll the best few out in
        the background (at most ``candidates``, within ``WITHIN`` of the best), with
        common dice and the luck taken out (``equity_rollout.hints``, whose arguments
        ``options`` are), and show the rollout's ranking of them in place of the net's
        (the view's ``analysis``). At a cube decision (before the roll where the cube
        may be turned, or a double awaiting its answer) the advice is the cube's, at
        once (``kind`` "cube": ``_cube_hints``)."""
        whole_number(candidates, "candidates", 1, 64)
        board = self._board
        # A double missed, as the review shows it: before its roll (``_before_the_roll``).
        missed = self._before_the_roll(board.game.ply)
        if missed or (board.game.position.dice is None and board.cube_decision is not None):
            self._require_play(navigate=True)  # a look: a kept game's decisions too
            judge = self._judge(_("Hints"))
            rollout_settings(board.game.position, options)  # bad settings refused all the same
            self._cube_hints(judge)
            return None
        position = self._rolled(person=False)
        judge = self._judge(_("Hints"))
        from ..judgement.evaluation import hints as rate_plays
        from ..judgement.evaluation import net_name
        from ..judgement.play import MIN_TRIALS, candidates_of
        from ..judgement.play import hints as rolled_hints

        rated = rate_plays(position, evaluator=judge)
        made = self._made_here(rated)
        evaluator = self._analyses.evaluator
        played = None if made is None else made.notation
        also = () if made is None else (made.play,)
        kept = candidates_of(rated, candidates, WITHIN, also)
        settings = rollout_settings(position, options, len(kept))  # bad ones: nothing changed
        asked = HintsAsked(position, evaluator, played, candidates, tuple(sorted(settings.items())))
        finished = self._analyses.finished_hints
        if finished is not None and finished.asked == asked:
            self._require_idle()
            shown = replace(self._analyses, job=None, analysis=finished.analysis)
            self._swap(analyses=replace(shown, rated=finished.rated))
            return None
        source = net_source(net_name(judge, position.variant))
        panel = self._panel("hints", MIN_TRIALS if len(kept) > 1 else 0, source)
        panel["hints"] = hint_rows(rated)
        if made is not None:
            panel["played"] = play_text(made.notation)
        panel["wins_differ"] = wins_differ(panel["hints"])
        job = None

        def work(progress: Progress, stop: threading.Event) -> list[RolledHint]:
            return rolled_hints(
                position,
                candidates=candidates,
                within=WITHIN,
                also=also,
                evaluator=evaluator,
                progress=progress,
                cancel=stop,
                **settings,
            )

        if len(kept) < 2:
            panel["status"] = "done"
        else:
            job = Job("hints", MIN_TRIALS, work, asked=asked)
        self._swap(analyses=replace(self._analyses, job=job, analysis=panel, rated=tuple(rated)))
        return job

    def _made_here(self, rated: Sequence[Hint]) -> Hint | None:
        """Of the shown roll's ``rated`` plays, the one its player made: at a turn looked
        back at (a game's earlier turn, a kept game's), or the one the tutor holds back
        or held and was taken back (walk 12 found it under "Other plays" beside the
        tutor's warning). Hints rolls it out and marks it, whatever the net thinks of it."""
        board = self._board
        game = board.game
        position = game.position
        record = game.turns[game.ply] if game.ply < len(game.turns) else None
        if board.tutored is not None:
            made = board.tutored
        elif isinstance(record, Turn) and record.dice == position.dice:
            made = record.play
        else:
            return None
        after = position.play(made)
        return next((hint for hint in rated if position.play(hint.play) == after), None)

    def _cube_hints(self, judge: Evaluator) -> None:
        """The cube decision of the shown turn (R14), judged as the bots judge theirs
        (``cubeful.cubeful_decision``, ``CUBE_PLY`` rolls deep): no double, double/take
        and double/pass for the player on roll before the roll, or take and pass for
        the player a double awaits; the proper action, the take point and the cubeless
        chances (the view's ``analysis``, ``kind`` "cube")."""
        board = self._board
        game = board.game
        answering = board.cube_decision == "take"
        cube = game.cube
        position = game.position.with_dice()
        from ..judgement.evaluation import evaluate, net_name

        panel = self._panel("cube", 0, net_source(net_name(judge, game.variant), CUBE_PLY))
        decision = self._cube_decision(judge)
        chances = evaluate(position, evaluator=judge, ply=CUBE_PLY)  # the decision's depth
        owned = cube.owner is not None  # a redouble (R14)
        panel["cube"] = cube_advice(decision, position.turn, answering, chances, owned)
        panel["status"] = "done"
        self._swap(analyses=replace(self._analyses, job=None, analysis=panel))

    @action()
    def chances(self, /, **options: Any) -> Job:
        """Every player's chances from the shown position: the evaluator's at once, then
        a rollout's in their place (``equity_rollout.roll_out``, whose arguments
        ``options`` are; the view's ``analysis``). With the dice rolled, they count the
        roll played as the best play Hints' rollout found, else as the net's best
        (``Analysis.counted``), and roll out the position after it as Hints roll out
        their rows, cut as deep, on the same dice: the two agree within their errors
        (walks 19 and 20 read Chances 0.015 below Hints' best, the first turn of each
        trial cut off)."""
        self._require_play(navigate=True)  # a look: a kept game's turns too
        if self._board.game_over:
            raise IllegalMoveError(
                "R12", _("the game is over: {ending}").format(ending=self._ending())
            )
        position = self._board.game.position
        if self._before_the_roll(self._board.game.ply):
            # A double missed, shown before its roll: the chances of that decision, not
            # of the roll that came after (walk 24 read 96.6% there beside Hints' 84.8%).
            position = position.with_dice()
        judge = self._judge(_("Chances"))
        settings = rollout_settings(position, options)
        from ..judgement.evaluation import evaluate, net_name
        from ..judgement.play import MIN_TRIALS, roll_out

        start, counted = position, None
        if position.dice is not None:
            start, counted = self._counted_play(position, judge)
        evaluation = evaluate(start, evaluator=judge)
        source = net_source(net_name(judge, position.variant))
        panel: Analysis = {
            **self._panel("chances", MIN_TRIALS, source),
            **chances_view(evaluation),
            "rolled": list(position.dice or ()),
        }
        if counted is not None:
            panel["counted"], panel["counted_by"] = counted
        evaluator = self._analyses.evaluator

        def work(progress: Progress, stop: threading.Event) -> EquityRollout:
            return roll_out(
                [start], evaluator=evaluator, progress=progress, cancel=stop, **settings
            )

        job = Job("chances", MIN_TRIALS, work)
        self._swap(analyses=replace(self._analyses, job=job, analysis=panel))
        return job

    def _counted_play(
        self, position: Position, judge: Evaluator
    ) -> tuple[Position, tuple[str, Literal["rollout", "net"]]]:
        """The play Chances count ``position``'s roll as: the best of Hints' rollout of
        it, else the net's best at 0-ply; and the position after it (``position``
        itself where that play ends the game, which a rollout then plays again)."""
        from ..judgement.evaluation import hints as rate_plays

        rows, _separated = self._analyses.rolled_out(position)
        plays = plays_by_text(position)
        by: Literal["rollout", "net"] = "rollout" if rows and rows[0]["text"] in plays else "net"
        if by == "rollout":
            text = rows[0]["text"]
        else:
            text = play_text(rate_plays(position, evaluator=judge)[0].notation)
        after = position.play(plays[text])
        return (position if after.winner is not None else after), (text, by)

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
        evaluator = self._judge(_("A review"))
        from ..judgement.evaluation import net_name

        def work(progress: Progress, stop: threading.Event) -> Report:
            return analyse(game, evaluator=evaluator, progress=progress, cancel=stop, **options)

        job = Job("review", len(game.turns), work)
        net = net_name(evaluator, game.variant)
        review: Review = {
            "status": "running",
            "done": 0,
            "total": job.total,
            "evaluator": evaluator.name,
            "source": net_source(net, options.get("ply", 0)),
            "cube_source": net_source(net, CUBE_PLY) if game.variant.players == 2 else None,
            "players": [],
            "marked_at": [],
            "marked_by": [],
            "left_out": 0,
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

    @action(step=INT, player=PLAYER_OR_NONE)
    def next_mistake(self, step: int = 1, player: int | None = None) -> None:
        """Show the next marked decision of the review (``step=-1``: the one before):
        the position its mover faced (``_decisions``); with ``player``, the next of that
        player's own (a learner stepping through their mistakes, not those of a bot
        they handed their seat to)."""
        self._require_play(navigate=True)
        if player is not None:
            player = checked_player(self._board.game.variant, player, "player")
        report = self._current_report()
        if report is None:
            raise ValueError(_("no review of this line: analyse the game first"))
        if step not in (1, -1):
            raise IntentError(_("step must be 1 or -1, got {step}").format(step=repr(step)[:40]))
        # The board shows the decision of the record after the shown position.
        # The person's own mistakes are theirs: not a bot's that played their seat a while.
        without = self.bot_plies if player is not None and player == self.you else ()
        found = report.next_mistake(self._board.game.ply + 1, step, player, without)
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

    def _require_idle(self) -> None:
        running = self._analyses.job
        if running is not None and not running.stop.is_set():
            raise ValueError(_("an analysis is running: cancel it first"))

    def _panel(
        self, kind: Literal["hints", "chances", "cube"], total: int, source: Source
    ) -> Analysis:
        self._require_idle()
        return {
            "kind": kind,
            "status": "running",
            "done": 0,
            "total": total,
            "evaluator": self._analyses.evaluator,
            "source": source,
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
        from ..judgement.play import EquityRollout  # a job of hints or chances ran: numpy is here

        panel: Analysis = {**analyses.analysis}
        if isinstance(found, BaseException):
            panel["status"] = "failed"
            panel["error"] = str(found)[:300]
        elif isinstance(found, EquityRollout):
            if found.trials > 1:
                panel = {**panel, **rolled_chances(found), "source": rollout_source(found)}
            panel["status"] = "cancelled" if found.cancelled else "done"
        elif isinstance(found, list):
            rollout = found[0].rollout if found else None
            if rollout is not None and rollout.trials > 1:
                shown = {hint.notation for hint in found}
                others = [hint for hint in analyses.rated if hint.notation not in shown]
                panel["hints"] = rolled_rows(found)
                panel["wins_differ"] = wins_differ(panel["hints"])
                # Behind the rollout's best as the net rates it: the loss the tutor
                # says of such a play (walk 18 read two losses for one play).
                best = next(h for h in analyses.rated if h.notation == found[0].notation)
                panel["others"] = hint_rows(others, top=best.equity)
                panel["source"] = rollout_source(rollout)
                panel["separated"] = rollout.separated
                panel["separation"] = rollout.separation
            cancelled = rollout.cancelled if rollout is not None else job.stop.is_set()
            panel["status"] = "cancelled" if cancelled else "done"
            if not cancelled and job.asked is not None:
                finished = FinishedHints(job.asked, panel, analyses.rated)
                analyses = replace(analyses, finished_hints=finished)
                if rollout is not None and rollout.trials > 1:
                    self._remember_rollout(job.asked.position, found)
        self._swap(analyses=replace(analyses, analysis=panel, job=None))
        return True
