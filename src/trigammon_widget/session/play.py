"""Playing a turn: the dice, a checker at a time or a whole play, then confirmed."""

from __future__ import annotations

from ..engine import IllegalMoveError, Move, Play
from ..engine.notation import dice_text, format_play, play_text
from ..engine.places import Place, index_of, parse_place
from ..protocol import INT, PLACE, IntentError, action
from .state import SessionState

__all__ = ["Playing"]


class Playing(SessionState):
    """The turn in progress: roll, move, take a move back, confirm."""

    @action()
    def roll(self, *dice: int) -> tuple[int, int]:
        """Roll for the player to move (or set the dice by hand: ``roll(3, 1)``)."""
        self._require_play()
        rolled = self._game.roll(*dice)
        # A new line: the drawing of this turn (sent ahead as a step) now shows the dice.
        text = f"{self._name(self._game.position.turn)} rolled {dice_text(rolled)}"
        self._changed(info=text, line=True)
        return rolled

    @action(die1=INT, die2=INT)
    def set_dice(self, die1: int, die2: int) -> None:
        """Replace this turn's dice; moves made with the old dice are taken back."""
        self._require_play()
        self._game.set_dice(die1, die2)
        self._done = ()
        self._changed(line=True)

    @action(start=PLACE, end=PLACE)
    def move(self, start: Place | str, end: Place | str) -> tuple[Move, ...]:
        """Move one checker of the player to move by one die or several (R4)."""
        position = self._rolled()
        variant = position.variant
        begin = index_of(variant, position.turn, parse_place(variant, start, "from"))
        finish = index_of(variant, position.turn, parse_place(variant, end, "to"))
        if begin == variant.off:
            raise IntentError("from: a borne-off checker stays off")
        if finish == 0:
            raise IntentError("to: a checker never moves to the bar by itself (R7)")
        chain = self._legal_targets().get(begin, {}).get(finish)
        if chain is None:
            raise self._why_not(begin, finish)
        self._done = (*self._done, *chain)
        self._changed(info=format_play(variant, Play(chain)))
        return chain

    @action()
    def undo_move(self) -> Move:
        """Take back the last move made this turn."""
        self._require_play()
        if not self._done:
            raise ValueError("no move of this turn to take back")
        move = self._done[-1]
        self._done = self._done[:-1]
        self._changed()
        return move

    @action()
    def confirm(self) -> None:
        """End the turn with the moves made, once they form a legal play (R9)."""
        self._rolled()
        self._commit(self.legal_plays.check(Play(self._done)))

    def play(self, play: Play | str | None = None, *, replace: bool = False) -> None:
        """Play a whole turn: a Play, notation, or None when only one play is legal.

        At an earlier turn a different play starts a variation; ``replace=True`` drops
        the later turns instead.
        """
        self._rolled()
        self._commit(play, replace)

    @action(index=INT)
    def play_listed(self, index: int) -> None:
        """Play entry ``index`` of the legal plays (the ``plays`` list) as the whole turn."""
        self._rolled()
        self._commit(self._listed(index))

    def _commit(self, play: Play | str | None, replace: bool = False) -> None:
        """Make the turn's play (``Tutoring`` looks at a person's first)."""
        game = self._game
        known = len(game.variations())
        turn = game.play(play, replace=replace)
        self._done = ()
        text = f"{self._name(turn.player)}: {play_text(turn.notation)}"
        if len(game.variations(game.ply - 1)) > max(known, 1):
            text += " (a new variation: the turns played before stay beside it)"
        if game.is_over():
            text += f". {self._ending()}"
        self._changed(info=text, line=True)

    def _why_not(self, start: int, end: int) -> ValueError:
        """The rule a requested checker move breaks, as the engine explains it."""
        plays = self.legal_plays
        remaining = plays.remaining_dice(self._done)
        off = plays.position.variant.off
        for die in dict.fromkeys(remaining):
            if start + die == end or (end == off and start + die >= off):
                try:
                    plays.check_move(self._done, Move(start, end, die))
                except IllegalMoveError as error:
                    return error
        left = "-".join(map(str, remaining)) or "none"
        return IllegalMoveError(
            "R4", f"no die or sum of dice takes that checker there (dice left: {left})"
        )
