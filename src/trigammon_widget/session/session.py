"""``Session``: the board's state with no Jupyter in it, its facets put together."""

from __future__ import annotations

from .drilling import Drilling
from .editing import Editing
from .judging import Judging
from .look import Looking
from .match_play import MatchPlay
from .navigation import Navigation
from .picturing import Pictures
from .play import Playing
from .seats import Seats
from .showing import Showing
from .tutor import Tutoring

__all__ = ["Session"]


class Session(
    Drilling,
    Editing,
    Tutoring,
    Judging,
    Seats,
    Looking,
    Navigation,
    Pictures,
    Showing,
    MatchPlay,
    Playing,
):
    """Play, step through, set up and inspect a game of either variant.

    Each base is one facet of the session over the slices of ``SessionState``
    (``slices`` says which facet writes which). Their order is the protocol's:
    ``protocol.actions_of`` lists the actions base first, so reordering them reorders
    the generated ``js/protocol.ts`` and the docs' table.
    """
