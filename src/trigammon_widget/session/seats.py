"""Who sits at each player's place, a person or a bot, and the bots' turns."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import cast

from ..engine.i18n import N_, NP_, _
from ..judgement.play import Bot, HeuristicBot, NeuralBot, RandomBot
from .playing import Playing
from .protocol import INT, IntentError, action, choice
from .slices import MAX_PACE
from .state import checked_player
from .view import Seat

__all__ = ["SEATS", "SeatKind", "Seats"]


@dataclass(frozen=True)
class SeatKind:
    """Who can sit at a player's place: its label on the board, and how a bot of the
    kind is made from the board's seed (None: a person)."""

    label: str
    make: Callable[[int | None], Bot] | None


SEATS: Mapping[Seat, SeatKind] = {
    "human": SeatKind(N_("Person"), None),
    "random": SeatKind(N_("Random bot"), RandomBot),
    "heuristic": SeatKind(N_("Heuristic bot"), lambda seed: HeuristicBot()),
    "neural": SeatKind(N_("Neural bot"), lambda seed: NeuralBot()),
}
"""Who can sit at a player's place, one entry per ``view.Seat``: a person, or a built-in
bot. The front end's seat list is generated from it (``js/protocol.ts``). Once the cube
is in play (a match, a score, a cube moved from the centred 1), the heuristic and
neural bots double and take by ``cube.cube_decision`` on the board's evaluator's chances
(``bots.CubeBot``); the random bot never doubles and always takes, and so do all of
them where numpy is missing (``judgement.judges``; a neural bot then cannot sit)."""


class Seats(Playing):
    """Who sits where, and the bots' turns."""

    @action(player=INT, seat=choice(*SEATS))
    def set_seat(self, player: int, seat: str) -> None:
        """Seat a person (``"human"``) or a bot at ``player``'s place."""
        player = checked_player(self._board.game.variant, player, "player")
        if not isinstance(seat, str) or seat not in SEATS:
            raise IntentError(
                _("a seat is one of {seats}, not {value}").format(
                    seats=sorted(SEATS), value=repr(seat)[:40]
                )
            )

        kind = cast(Seat, seat)
        make = SEATS[kind].make
        bots = dict(self._seating.bots)
        if make is None:
            bots.pop(player, None)
        else:
            bots[player] = make(self._seed)
        seats = list(self._seating.seats)
        seats[player] = kind
        seating = replace(self._seating, seats=tuple(seats), bots=bots)
        # The message about the game (its opening roll, R2) stays: a seat is no news of it.
        self._swap(seating=seating, keep_analysis=True, keep_message=True)

    @action(milliseconds=INT)
    def set_pace(self, milliseconds: int) -> None:
        """How long the board waits between bot turns (0..5000 ms): bots move on their
        own when their turn comes, at a pace a person can follow."""
        if (
            isinstance(milliseconds, bool)
            or not isinstance(milliseconds, int)
            or not 0 <= milliseconds <= MAX_PACE
        ):
            raise IntentError(
                _("the pace is a whole number of milliseconds 0..{most}, got {value}").format(
                    most=MAX_PACE, value=repr(milliseconds)[:40]
                )
            )
        seating = replace(self._seating, pace=milliseconds)
        self._swap(seating=seating, keep_analysis=True, keep_message=True)

    @action()
    def bot_turn(self) -> None:
        """The bot to move rolls and plays one turn."""
        self._require_play()
        board = self._board
        if board.game_over:
            raise ValueError(_("the game is over (R12): {ending}").format(ending=self._ending()))
        turn = board.deciding
        if turn not in self._seating.bots:
            said = self._to(
                turn,
                N_("{who} is a person: their turn is theirs to play"),
                NP_("you", "it is your turn: yours to play"),
            )
            raise ValueError(said.format(who=self._name(turn)))

        self._bots_play(max_turns=1)

    def autoplay(self, max_turns: int | None = None) -> None:
        """Bots play on until a person is to move, the game ends, or ``max_turns``."""
        self._bots_play(max_turns)
