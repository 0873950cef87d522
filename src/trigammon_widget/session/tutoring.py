"""The tutor: it looks at a person's play before it is made and warns of a bad one."""

from __future__ import annotations

from ..engine.i18n import _
from ..judgement.analysis import MARK_NAMES, THRESHOLDS
from ..judgement.judges import need_numpy
from .playing import Playing
from .protocol import BOOL, IntentError, action, choice
from .slices import TutorSettings, TutorStop

LEVELS = dict(zip(MARK_NAMES.values(), THRESHOLDS, strict=True))
"""The tutor's levels by name: it stops a play that loses as much as a doubtful, a bad
or a very bad play (GNU Backgammon's 0.04, 0.08 and 0.16 points per game)."""

__all__ = ["LEVELS", "Tutoring"]


class Tutoring(Playing):
    """Whether and how strictly the tutor checks a person's plays (``Playing._commit``
    asks it), and the answers to its warning."""

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
        """Take back the play the tutor warned about (the moves made this turn too)."""
        self._require_person()
        if self._board.held is None:
            raise ValueError(_("the tutor has no warning to answer"))
        self._take_back()

    @action()
    def play_on(self) -> None:
        """Make the play the tutor warned about all the same."""
        self._require_person()
        held = self._board.held
        if held is None:
            raise ValueError(_("the tutor has no warning to answer"))
        # Remembered before the view that shows it is sent; the play held is legal.
        self._remember_stop(TutorStop(held.warning, taken_back=False), self._board.position)
        self._commit(held.play, tutored=False)
