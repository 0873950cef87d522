"""Match play (R14): the doubling cube, and a match's games one after another."""

from __future__ import annotations

from ..engine import Match
from ..protocol import INT, IntentError, action
from .state import SessionState

__all__ = ["MatchPlay"]


class MatchPlay(SessionState):
    """The cube's actions and the match's games."""

    @action()
    def double(self) -> None:
        """The player to move offers to double, before rolling (R14)."""
        self._require_play()
        value = self._game.cube.value
        self._game.double()
        self._done = ()
        turn = self._game.position.turn
        text = f"{self._name(turn)} doubles to {2 * value}: {self._name(1 - turn)} to take or pass"
        self._changed(info=text, line=True)

    @action()
    def take(self) -> None:
        """The opponent takes the double: the cube doubles and is its (R14)."""
        self._require_play()
        record = self._game.take()
        text = f"{self._name(record.player)} takes: the cube is at {self._game.cube.value}"
        self._changed(info=text, line=True)

    @action()
    def drop(self) -> None:
        """The opponent passes the double and loses the game at the cube's value (R14)."""
        self._require_play()
        self._game.drop()
        self._changed(info=self._ending(), line=True)

    @action()
    def next_game(self) -> None:
        """Start the match's next game, once the last one is over (its opening roll is
        made at once)."""
        match = self._require_match()
        if self._game is not match.game:
            raise IntentError("show the match's last game first: the next follows it")
        game = match.new_game()
        while game.roll_opening() is None:
            pass
        self._game, self._done = game, ()
        self._changed(info=self._opening_text(), line=True)

    @action(index=INT)
    def show_game(self, index: int) -> None:
        """Show game ``index`` of the match (0 = the first) at its start."""
        match = self._require_match()
        games = match.games
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(games):
            raise IntentError(f"the match has games 0..{len(games) - 1}, not {index!r}"[:120])
        if self._editing is not None:
            raise IntentError("the board is in edit mode: leave it to play")
        self._game, self._done = games[index], ()
        self._game.goto(0)
        self._changed(line=True)

    def _require_match(self) -> Match:
        if self._match is None:
            raise IntentError("the board shows a game, not a match: load a match first")
        return self._match
