"""A session at the board: the state a person works with, with no Jupyter in it.

A ``Session`` owns a game or a match (its own copy), the moves made so far in the
turn being played, the editor's set-up, who sits at each seat, which turn is shown and how the
board is drawn. Every action is a method that checks its arguments and the rules,
then either changes the state as a whole or raises a ``ValueError`` naming the rule
or field and changes nothing (the state is built first, then swapped in).

Methods marked ``@action`` are also the intents a front end may send
(``protocol``); ``BoardWidget`` carries them over the wire and runs the ``Job``\\ s
that ``hints``, ``chances`` and ``analyse`` return in the background. The evaluator
judges at once (hints and chances of the shown position, the tutor's check of a
play); rollouts refine its answers and a game review rates every turn, in the
background (``coaching`` makes the rows the board shows).

``Session`` is put together from facets over one ``state.SessionState`` (``FACETS``, in
the protocol's order): ``playing``, ``match_play`` (the cube and a match's games),
``showing`` (the state made into the ``view`` types), ``picturing``, ``navigation``
(turns and variations), ``look``, ``seats`` (and bots), ``judging``, ``tutoring``,
``editing`` and ``drilling`` (a study library's due cards played at the board,
``study``).
"""

from __future__ import annotations

from .seats import SEATS
from .session import ACTIONS, FACETS, Session
from .showing import STEP_FRAMES
from .slices import Job
from .view import (
    CubeView,
    Frames,
    HistoryEntry,
    MatchView,
    Message,
    Seat,
    Traits,
    TutorView,
    VariationRow,
    View,
    WinView,
)

__all__ = [
    "ACTIONS",
    "FACETS",
    "SEATS",
    "STEP_FRAMES",
    "CubeView",
    "Frames",
    "HistoryEntry",
    "Job",
    "MatchView",
    "Message",
    "Seat",
    "Session",
    "Traits",
    "TutorView",
    "VariationRow",
    "View",
    "WinView",
]
