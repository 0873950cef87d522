"""The tutor: it looks at a person's play or cube action before it is made and warns of a
bad one."""

from __future__ import annotations

from ..engine import Play, Position
from ..engine.i18n import _, decimal
from ..judgement.analysis import MARK_NAMES, THRESHOLDS
from ..judgement.judges import need_numpy
from .coaching import HintRow, TutorWarning, tutor_warning
from .judging import Judging
from .match_play import MatchPlay
from .playing import Playing
from .protocol import BOOL, IntentError, action, choice
from .slices import Held, TutorSettings, TutorStop

LEVELS = dict(zip(MARK_NAMES.values(), THRESHOLDS, strict=True))
"""The tutor's levels by name: it stops a play that loses as much as a doubtful, a bad
or a very bad play (GNU Backgammon's 0.04, 0.08 and 0.16 points per game)."""

__all__ = ["LEVELS", "Tutoring"]


class Tutoring(Judging, MatchPlay, Playing):
    """Whether and how strictly the tutor checks a person's plays (``Playing._commit``
    asks it) and cube actions (``SessionState._cube_tutored``), and the answers to its
    warning."""

    def _tutor_check(
        self, position: Position, play: Play
    ) -> tuple[tuple[TutorWarning, Play] | None, str]:
        """A play the net would stop is checked by Hints' rollout of the roll, with the
        play among those rolled out, before the tutor stops it: the rollout Hints then
        shows, and the review judges the turn by, so a stop has one figure. Walks 26 and
        28 were stopped at the opening 3-3 for a play Hints' rollout then found under the
        tutor's line; walk 30 read 0.228 from the tutor, then 0.207 ± 0.018 from Hints
        and the review, for one play."""
        found, note = super()._tutor_check(position, play)
        threshold = self._tutor.threshold
        if found is None or found[0]["by"] != "net":
            return found, note
        running = self._analyses.job
        if running is not None and not running.stop.is_set():
            return found, note  # an analysis runs: the quick look stands
        rows, separated = self._roll_out_held(found, play)
        if not rows:
            return found, note
        judge = self._judge(_("The tutor"))
        again = tutor_warning(position, play, judge, threshold, rows, separated)
        row = next((row for row in rows if row["text"] == found[0]["played"]), None)
        if again is not None or row is None:
            return again, note
        return None, ". " + self._cleared_note(row, rows[0], threshold)

    def _roll_out_held(
        self, found: tuple[TutorWarning, Play], play: Play
    ) -> tuple[list[HintRow], bool]:
        """Hints' rollout of the roll with ``play`` held among the plays rolled out, run
        here and finished, as Hints would run it (``Judging.hints``): its rows, best
        first (none where there is nothing to roll out), and whether it told the best
        from the second (``Analyses.rolled_out``)."""
        warning, best = found
        with self._holding(Held(warning, best, play)):
            job = self.hints()
            if job is not None:
                self.finish(job, job.work(lambda done, total: None, job.stop))
        return self._analyses.rolled_out(self._board.game.position)

    def _cleared_note(self, row: HintRow, best: HintRow, threshold: float) -> str:
        """What the tutor says of a play Hints' rollout let through."""
        analysis = self._analyses.analysis
        z95 = analysis["source"]["z95"] if analysis is not None else 0.0
        return _(
            "The tutor checked it with Hints' rollout: it loses {loss} ± {error} points per "
            "game against {best}, under the tutor's {line} line, so it stands."
        ).format(
            loss=decimal(row["loss"], 3),
            error=decimal(z95 * row["loss_error"], 3),
            best=best["text"],
            line=decimal(threshold, 3),
        )

    @property
    def tutor(self) -> bool:
        """Whether the tutor checks a person's plays before they are made."""
        return self._tutor.on

    @property
    def tutor_threshold(self) -> float:
        """The points per game a play may lose before the tutor warns (``set_tutor``)."""
        return self._tutor.threshold

    @action(on=BOOL)
    def set_tutor(self, on: bool, threshold: float | None = None) -> None:
        """Turn the tutor on or off: before a person's play is made, it warns when the
        play loses ``threshold`` points per game or more (if given; at first 0.08, GNU
        Backgammon's "bad")."""
        if type(on) is not bool:
            raise IntentError(
                _("on must be true or false, got {value}").format(value=repr(on)[:40])
            )
        if on:
            need_numpy(_("The tutor"))  # refused here where the nets cannot run
        chosen = self._tutor.threshold
        if threshold is not None:
            if isinstance(threshold, bool) or not isinstance(threshold, int | float):
                raise ValueError(
                    _("threshold must be an equity, not {value}").format(value=repr(threshold)[:40])
                )
            if not 0 <= threshold <= 3:
                raise ValueError(
                    _("threshold must be an equity 0..3, not {value}").format(
                        value=repr(threshold)[:40]
                    )
                )
            chosen = float(threshold)
        self._swap(tutor=TutorSettings(on, chosen), keep_analysis=True, keep_message=True)

    @action(level=choice(*LEVELS))
    def set_tutor_level(self, level: str) -> None:
        """How bad a play the tutor stops: "doubtful", "bad" or "very bad", as a review
        marks plays (GNU Backgammon's 0.04, 0.08 and 0.16 points per game lost)."""
        if level not in LEVELS:
            raise IntentError(
                _("a level is one of {levels}, not {value}").format(
                    levels=list(LEVELS), value=repr(level)[:40]
                )
            )

        settings = TutorSettings(self._tutor.on, LEVELS[level])
        self._swap(tutor=settings, keep_analysis=True, keep_message=True)

    @action()
    def take_back(self) -> None:
        """Take back the play the tutor warned about (the moves made this turn too), or
        think again about the cube action it held back: nothing was done."""
        self._require_person()
        board = self._board
        if board.cube_held is not None:
            self._think_again()
            return
        if board.held is None:
            raise ValueError(_("the tutor has no warning to answer"))
        self._take_back()

    @action()
    def play_on(self) -> None:
        """Make the play the tutor warned about all the same, or the cube action."""
        self._require_person()
        cube_held = self._board.cube_held
        if cube_held is not None:  # made as asked; the board made afresh drops the hold
            action = cube_held.warning["action"]
            if action == "no double":
                self._roll(*cube_held.dice)
            else:
                {"double": self._double, "take": self._take, "drop": self._drop}[action]()
            return
        held = self._board.held
        if held is None:
            raise ValueError(_("the tutor has no warning to answer"))
        # Remembered before the view that shows it is sent; the play held is legal.
        self._remember_stop(TutorStop(held.warning, taken_back=False), self._board.position)
        self._commit(held.play, tutored=False)
