"""Who sits at each player's place, a person or a bot, and where the board is seen from."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import cast

from ..judgement.bots import Bot, CubeBot, HeuristicBot, NeuralBot, RandomBot
from ..judgement.cube import evaluated_chances
from ..judgement.games import autoplay
from ..protocol import INT, IntentError, action, choice
from .state import SessionState, checked_player
from .view import Seat, record_text

__all__ = ["SEATS", "Seats"]

SEATS: Mapping[str, Callable[[int | None], Bot] | None] = {
    "human": None,
    "random": RandomBot,
    "heuristic": lambda seed: HeuristicBot(),
    "neural": lambda seed: NeuralBot(),
}
"""Who can sit at a player's place: a person, or a built-in bot made from the seed.
Once the cube is in play (a match, a score, a cube moved from the centred 1), the
heuristic and neural bots double and take by ``cube.cube_decision`` on the board's
evaluator's chances (``bots.CubeBot``); the random bot never doubles and always
takes."""


class Seats(SessionState):
    """Who sits where, the board's perspective, and the bots' turns."""

    @action(player=INT)
    def set_perspective(self, player: int) -> None:
        """Seat ``player`` at the bottom of the board."""
        self._perspective = checked_player(self._game.variant, player, "perspective")
        self._changed(line=True, keep_analysis=True)

    @action(player=INT, seat=choice(*SEATS))
    def set_seat(self, player: int, seat: str) -> None:
        """Seat a person (``"human"``) or a bot at ``player``'s place."""
        player = checked_player(self._game.variant, player, "player")
        if not isinstance(seat, str) or seat not in SEATS:
            raise IntentError(f"a seat is one of {sorted(SEATS)}, not {seat!r}"[:120])
        make = SEATS[seat]
        bots = dict(self._bots)
        if make is None:
            bots.pop(player, None)
        else:
            bots[player] = make(self._seed)
        self._seats[player] = cast(Seat, seat)
        self._bots = bots
        self._changed(keep_analysis=True)

    @action()
    def bot_turn(self) -> None:
        """The bot to move rolls and plays one turn."""
        self._require_play()
        if self._game.is_over():
            raise ValueError("the game is over (R12)")
        turn = self._deciding()
        if turn not in self._bots:
            raise ValueError(f"{self._name(turn)} is a person: their turn is theirs to play")
        self.autoplay(max_turns=1)

    def autoplay(self, max_turns: int | None = None) -> None:
        """Bots play on until a person is to move, the game ends, or ``max_turns``."""
        self._require_play()
        self._done = ()
        bots = self._bots
        if self._cube_in_play():
            chances = evaluated_chances(self._judge())
            bots = {
                player: CubeBot(bot, chances) if self._seats[player] != "random" else bot
                for player, bot in bots.items()
            }
        turns = autoplay(self._game, bots, max_turns=max_turns)
        text = "; ".join(f"{self._name(t.player)}: {record_text(t)}" for t in turns)
        if turns and self._game.is_over():
            text += f". {self._ending()}"
        self._changed(info=text or None, line=bool(turns))
