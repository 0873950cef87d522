"""Match play (R14): the doubling cube, and a match's games one after another."""

from __future__ import annotations

from ..engine import IllegalMoveError, Match
from ..engine.i18n import N_, NP_, _
from .protocol import INT, IntentError, action
from .slices import Board
from .state import SessionState, opened

__all__ = ["MatchPlay"]


class MatchPlay(SessionState):
    """The cube's actions and the match's games."""

    @action()
    def double(self) -> None:
        """The player to move offers to double, before rolling (R14); the tutor may hold
        a bad double back (``take_back``, ``play_on``)."""
        self._require_person()
        self._going_on()
        if not self._cube_tutored("double"):
            self._double()

    @action()
    def take(self) -> None:
        """The opponent takes the double: the cube doubles and is its (R14); the tutor
        may hold a bad take back."""
        self._require_person()
        self._going_on()
        if not self._cube_tutored("take"):
            self._take()

    @action()
    def drop(self) -> None:
        """The opponent passes the double and loses the game at the cube's value (R14);
        the tutor may hold a bad pass back."""
        self._require_person()
        self._going_on()
        if not self._cube_tutored("drop"):
            self._drop()

    def _double(self) -> None:
        board = self._going_on()
        board.game.double()
        self._swap(board=board.afresh(), info=self._offer_text(), line=True)

    def _take(self) -> None:
        board = self._going_on()
        record = board.game.take()
        said = self._to(
            record.player,
            N_("{who} takes: the cube is at {value}"),
            NP_("you", "You take: the cube is at {value}"),
        )
        text = said.format(who=self._name(record.player), value=board.game.cube.value)
        self._swap(board=board.afresh(), info=text, line=True)

    def _drop(self) -> None:
        board = self._going_on()
        board.game.drop()
        self._swap(board=board.afresh(), info=self._ending(), line=True)

    @action()
    def next_game(self) -> None:
        """Start the match's next game, once the last one is over (its opening roll is
        made at once)."""
        match = self._require_match()
        board = self._board
        if board.game is not match.game:
            raise IntentError(_("show the match's last game first: the next follows it"))
        game = opened(match.new_game())
        text = self._opening_text(game)
        # A bot the person handed their seat to finished that game; the next is theirs
        # (walk 12's bot played a whole Crawford game, and the match, in an instant).
        seating = self._seating
        you = self.you
        if you is not None and you in seating.bots:
            seating = seating.with_person(you)
            back = _("Your seat is yours again: the bot finished the last game.")
            text = f"{text} {back}"
        self._swap(board=board.afresh(game=game), seating=seating, info=text, line=True)

    @action(index=INT)
    def show_game(self, index: int) -> None:
        """Show game ``index`` of the match (0 = the first): a game over at its start,
        to step through; the game going on where it goes on (walk 11 came back to its
        game from an earlier one and found it at turn 0, as if to start a variation)."""
        match = self._require_match()
        games = match.games
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(games):
            raise IntentError(
                _("the match has games 0..{last}, not {index}").format(
                    last=len(games) - 1, index=repr(index)[:40]
                )
            )
        if not self._board.playing:
            raise IntentError(_("the board is in edit mode: leave it to play"))
        game = games[index]
        game.goto(-1 if game is match.game and not game.is_over() else 0)
        self._swap(board=self._board.afresh(game=game), line=True)
        if game is match.game:
            self._swap(info=self._news_here())  # the news where it goes on, said again

    def _going_on(self) -> Board:
        """The board, while its game goes on: a cube action on a finished game is refused
        naming how it ended (R14)."""
        if self._board.game_over:
            raise IllegalMoveError(
                "R14", _("the game is over: {ending}").format(ending=self._ending())
            )
        return self._board

    def _require_match(self) -> Match:
        match = self._board.match
        if match is None:
            raise IntentError(_("the board shows a game, not a match: load a match first"))

        return match
