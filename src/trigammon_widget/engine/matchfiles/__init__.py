"""Match files in and out: GNU Backgammon's plain-text export (.mat) and its SGF.

Both describe classic matches (or money sessions) game by game, with the cube (R14).
Reading is all or nothing: every line is parsed and every play, double, take, drop
and resignation is made by the engine before a ``Match`` exists, so a file with a
malformed line or an illegal play raises ``MatchFileError`` with the line number and
the reason, and nothing is half loaded. Writing lays the text out as GNU Backgammon
does (``export match mat``, ``save match``), so that it reads the files back.

Players: the first named player of a file (the .mat's left column, SGF's ``W``,
gnubg's player 0) is our player 1, at the top; the second (right column, ``B``) our
player 0, as in ``ids``. Moves are written from the mover's side: points 24..1, 25 the
bar and 0 off in .mat, letters in SGF.

One module a concern: ``reading`` holds what both readers share (the limits, the
``Reader`` that builds a match game by game, naming the line of each action), ``mat``
and ``sgf`` each format, its reader and its writer. The formats import ``Match``; it
never imports them (its ``from_mat``, ``to_sgf``... are delegates, which the engine's
face points here).
"""

from .mat import read_mat, write_mat
from .reading import MAX_MATCH_FILE_CHARS
from .sgf import read_sgf, write_sgf

__all__ = ["MAX_MATCH_FILE_CHARS", "read_mat", "read_sgf", "write_mat", "write_sgf"]
