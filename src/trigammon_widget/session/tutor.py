"""The tutor: it looks at a person's play before it is made and warns of a bad one."""

from __future__ import annotations

from ..engine import Play
from ..protocol import BOOL, IntentError, action
from ..teaching.coaching import tutor_warning
from .play import Playing

__all__ = ["Tutoring"]


class Tutoring(Playing):
    """The tutor's check of a person's play, and the answers to its warning."""

    @property
    def tutor(self) -> bool:
        """Whether the tutor checks a person's plays before they are made."""
        return self._tutor

    @property
    def tutor_threshold(self) -> float:
        """The equity a play may lose before the tutor warns (``set_tutor``)."""
        return self._tutor_threshold

    @action(on=BOOL)
    def set_tutor(self, on: bool, threshold: float | None = None) -> None:
        """Turn the tutor on or off: before a person's play is made, it warns when the
        play loses more than ``threshold`` equity (if given; at first 0.08, GNU
        Backgammon's "bad")."""
        if type(on) is not bool:
            raise IntentError(f"on must be true or false, got {on!r}")
        if threshold is not None:
            if isinstance(threshold, bool) or not isinstance(threshold, int | float):
                raise ValueError(f"threshold must be an equity, not {threshold!r}"[:80])
            if not 0 <= threshold <= 3:
                raise ValueError(f"threshold must be an equity 0..3, not {threshold!r}")
            self._tutor_threshold = float(threshold)
        self._tutor = on
        self._changed(keep_analysis=True)

    @action()
    def take_back(self) -> None:
        """Take back the play the tutor warned about (the moves made this turn too)."""
        if self._warning is None:
            raise ValueError("the tutor has no warning to answer")
        self._done = ()
        self._changed(info="Taken back: try again.")

    @action()
    def play_on(self) -> None:
        """Make the play the tutor warned about all the same."""
        if self._warning is None:
            raise ValueError("the tutor has no warning to answer")
        _, _, play = self._warning
        super()._commit(play)

    def _commit(self, play: Play | str | None, replace: bool = False) -> None:
        """Make the turn's play once the tutor has looked at a person's (``play_on``
        makes one it stopped all the same)."""
        if self._tutor and play is not None:
            position = self._game.position
            chosen = position.parse_play(play) if isinstance(play, str) else play
            chosen = position.legal_plays().check(chosen)
            if self._tutor_stops(chosen):
                return
            play = chosen
        super()._commit(play, replace)

    def _tutor_stops(self, play: Play) -> bool:
        """Whether the tutor stops a person's ``play`` (and shows why)."""
        position = self._game.position
        if not self._tutor or position.turn in self._bots:
            return False
        found = tutor_warning(position, play, self._judge(), self._tutor_threshold)
        if found is None:
            return False
        warning, best = found
        self._changed(
            info=f"The tutor: {warning['played']} loses {warning['loss']:.3f} equity; "
            f"{warning['best']} is better. Take it back or play on."
        )
        self._warning = (warning, best, play)
        return True
