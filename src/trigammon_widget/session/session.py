"""``Session``: the board's state with no Jupyter in it, its facets put together."""

from __future__ import annotations

from .drilling import Drilling
from .editing import Editing
from .judging import Judging
from .look import Looking
from .match_play import MatchPlay
from .navigation import Navigation
from .picturing import Picturing
from .playing import Playing
from .protocol import Action, actions_of
from .seats import Seats
from .showing import Showing
from .state import SessionState
from .tutoring import Tutoring

__all__ = ["ACTIONS", "FACETS", "Session"]

FACETS: tuple[type[SessionState], ...] = (
    Playing,
    MatchPlay,
    Showing,
    Picturing,
    Navigation,
    Looking,
    Seats,
    Judging,
    Tutoring,
    Editing,
    Drilling,
)
"""The session's facets in the protocol's order: ``ACTIONS`` lists their actions facet
by facet, and so do the generated ``js/protocol.ts`` and the docs' table."""


class Session(
    Drilling,
    Editing,
    Tutoring,
    Judging,
    Seats,
    Looking,
    Navigation,
    Picturing,
    Showing,
    MatchPlay,
    Playing,
):
    """Play, step through, set up and inspect a game of either variant.

    Each base is one facet of the session over the slices of ``SessionState``
    (``slices`` says which facet writes which). The bases are the ``FACETS``, a facet
    built on another listed before that one, as Python's method order needs; the
    protocol's order is ``FACETS``'s (``tests/session/test_protocol.py`` holds the bases
    to the same facets).
    """


ACTIONS: dict[str, Action] = actions_of(FACETS)
"""Every intent a front end may send, from the facets' ``@action`` declarations."""
