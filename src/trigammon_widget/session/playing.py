"""Playing a turn: the dice, a checker at a time or a whole play, then confirmed; the
bots' turns; the tutor's hold on a person's play."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from itertools import permutations

from ..engine import IllegalMoveError, Move, Play, Position
from ..engine.game import Record
from ..engine.i18n import N_, NP_, _, decimal, ngettext
from ..engine.notation import dice_text, format_play
from ..engine.places import Place, index_of, parse_place
from ..engine.position import check_dice
from ..judgement.analysis import LEVEL_WORDS, MARK_NAMES
from ..judgement.judges import has_numpy
from ..judgement.play import CubeBot, autoplay
from .coaching import TutorWarning, tutor_warning
from .protocol import INT, PLACE, IntentError, action
from .slices import Held, TutorStop
from .state import SessionState

__all__ = ["Playing"]


class Playing(SessionState):
    """The turn in progress: roll, move, take a move back, confirm."""

    @action()
    def roll(self, *dice: int) -> tuple[int, int] | None:
        """Roll for the player to move (or set the dice by hand: ``roll(3, 1)``); None
        where the tutor holds the roll back, a double missed (``take_back``,
        ``play_on``)."""
        self._require_person()
        if dice:
            check_dice(dice)
        if self._cube_tutored("no double", dice):
            return None
        return self._roll(*dice)

    def _roll(self, *dice: int) -> tuple[int, int]:
        board = self._board
        rolled = board.game.roll(*dice)
        # A new line: the drawing of this turn (sent ahead as a step) now shows the dice.
        turn = board.game.position.turn
        said = self._to(turn, N_("{who} rolled {dice}"), NP_("you", "You rolled {dice}"))
        text = said.format(who=self._name(turn), dice=dice_text(rolled))
        opening = self._opening_text(board.game)  # the first turn: who starts, and why
        if opening is not None:
            text = f"{opening} {text}"
        # The bots' turns since a person's stay said before the roll (walk 36 rolled on
        # the bar and no longer saw who had hit it).
        news = "; ".join(self._said(record) for record in self._round_of_bots())
        if news:
            text = f"{news}. {text}"
        self._swap(board=board.afresh(), info=text, line=True)
        return rolled

    @action(die1=INT, die2=INT)
    def set_dice(self, die1: int, die2: int) -> None:
        """Replace this turn's dice; moves made with the old dice are taken back."""
        self._require_person()
        board = self._board
        board.game.set_dice(die1, die2)
        self._swap(board=board.afresh(), line=True)

    @action(start=PLACE, end=PLACE)
    def move(self, start: Place | str, end: Place | str) -> tuple[Move, ...]:
        """Move one checker of the player to move by one die or several (R4)."""
        position = self._rolled()
        variant = position.variant
        begin = index_of(variant, position.turn, parse_place(variant, start, "from"))
        finish = index_of(variant, position.turn, parse_place(variant, end, "to"))
        if begin == variant.off:
            raise IntentError(_("from: a borne-off checker stays off"))
        if finish == 0:
            raise IntentError(_("to: a checker never moves to the bar by itself (R7)"))
        chain = self._legal_targets().get(begin, {}).get(finish)
        if chain is None:
            raise self._why_not(begin, finish)
        board = self._board
        done = (*board.done, *chain)
        # The turn so far, as the status line says it: "12/18(2)", not its last step; and
        # when the checker passed a blot another way would have hit, how to hit it (walk
        # 14 read "1/8" past a blot on 7 as a hit).
        said = self._made(done)
        hitting = self.legal_plays.hitting_way(board.done, begin, finish)
        if hitting is not None:
            stop = next(move for move in hitting if move.hit)
            said = _(
                "{made}: it passed a blot; to hit it ({hit}), undo and stop there first"
            ).format(made=said, hit=self._made(hitting[: hitting.index(stop) + 1]))
        # The position at the turn's start is still the decision: its hints stay (walk 15
        # lost them at the first checker moved while making the play they suggested).
        self._swap(board=replace(board, done=done, held=None), info=said, keep_analysis=True)
        return chain

    @action()
    def undo_move(self) -> Move:
        """Take back the last move made this turn."""
        self._require_person()
        board = self._board
        if not board.done:
            raise ValueError(_("no move of this turn to take back"))
        # A held play undone is one taken back (``_take_back``): Hints still rolls it out.
        self._swap(
            board=replace(board, done=board.done[:-1], held=None, taken_back=board.tutored),
            keep_analysis=True,
        )
        return board.done[-1]

    @action()
    def confirm(self) -> None:
        """End the turn with the moves made, once they form a legal play (R9)."""
        self._rolled()
        if self._board.held is not None:
            raise ValueError(_("the tutor holds this play: take it back or play on"))
        self._commit(self.legal_plays.check(Play(self._board.done)))

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

    def _commit(
        self, play: Play | str | None, replace: bool = False, *, tutored: bool = True
    ) -> None:
        """Make the turn's play; a person's is first looked at by the tutor, which may hold
        it back (``tutored=False``: its warning was answered, play it all the same)."""
        board = self._board
        game = board.game
        if tutored and play is not None and self._tutor.on:
            position = game.position
            chosen = position.parse_play(play) if isinstance(play, str) else play
            chosen = self.legal_plays.check(chosen)
            held, note = self._hold(chosen)
            if held:
                return
            play = chosen
        else:
            note = ""
        known = len(game.variations())
        turn = game.play(play, replace=replace)
        text = self._said(turn) + note
        if len(game.variations(game.ply - 1)) > max(known, 1):
            text += " " + _("(a new variation: the turns played before stay beside it)")
        if game.is_over():
            text += f". {self._ending()}"
        self._swap(board=board.afresh(), info=text, line=True)

    def _hold(self, play: Play) -> tuple[bool, str]:
        """Whether the tutor holds a person's ``play`` back (and says why), and what to
        add to the message line if it is made (``_tutor_check``)."""
        board = self._board
        position = board.game.position
        if position.turn in self._seating.bots:
            return False, ""
        found, note = self._tutor_check(position, play)
        if found is None:
            return False, note
        warning, best = found
        mark = warning["mark"]
        text = (
            _(
                "The tutor: {played} loses {loss} points per game against {best}, a {mark} play. "
                "Take it back or play on."
            )
            if mark
            else _(
                "The tutor: {played} loses {loss} points per game against {best}. "
                "Take it back or play on."
            )
        ).format(
            played=warning["played"],
            loss=decimal(warning["loss"], 3),
            best=warning["best"],
            mark=_(LEVEL_WORDS[MARK_NAMES[mark]]) if mark else "",
        )
        # The position is the turn's still: its hints stay.
        held = replace(board, held=Held(warning, best, play))
        self._swap(board=held, info=text, keep_analysis=True)
        return True, ""

    @contextmanager
    def _holding(self, held: Held) -> Iterator[None]:
        """The board with ``held`` held back while the body runs (Hints' rollout of the
        roll with the play among those rolled out), then as it was."""
        board = self._board
        self._swap(board=replace(board, held=held), keep_analysis=True)
        try:
            yield
        finally:
            self._swap(board=board, keep_analysis=True)

    def _tutor_check(
        self, position: Position, play: Play
    ) -> tuple[tuple[TutorWarning, Play] | None, str]:
        """The tutor's warning of a person's ``play`` (none for a play it lets through)
        and a note for the message line: by Hints' rollout of the roll when it ran, else
        by the net's quick look, checked a roll ahead (``coaching.tutor_warning``)."""
        rolled, separated = self._analyses.rolled_out(position)
        judge = self._judge(_("The tutor"))
        threshold = self._tutor.threshold
        return tutor_warning(position, play, judge, threshold, rolled, separated), ""

    def _take_back(self) -> None:
        """The play the tutor held back, and the moves made this turn, taken back. The
        play held is remembered for the turn (``Board.taken_back``): Hints rolls it out
        beside the best, which is how lesson 06 says to see why it was bad (walk 15
        found it unrolled under "Other plays" once taken back)."""
        board = self._board
        if board.held is not None:  # remembered before the view that shows it is sent
            self._remember_stop(TutorStop(board.held.warning, taken_back=True), board.position)
        held = board.tutored
        text = _("Taken back: try again.")
        if held is not None:
            text += " " + _("Hints rolls {play} out beside the best plays.").format(
                play=board.game.position.format_play(held)
            )
        self._swap(board=board.afresh(taken_back=held), info=text, keep_analysis=True)

    def _bots_play(self, max_turns: int | None = None) -> None:
        """The bots play on until a person is to act, the game ends, or ``max_turns``."""
        self._require_play()
        board = self._board
        bots = dict(self._seating.bots)
        # Without numpy the bots play on without the cube, as the random bot does.
        if board.cube_in_play() and has_numpy():
            judge = self._judge(_("The bots' cube decisions"))
            seats = self._seating.seats
            bots = {
                p: CubeBot(b, evaluator=judge) if seats[p] != "random" else b
                for p, b in bots.items()
            }
        opening = self._opening_text(board.game)  # said with the game's first turn
        made: list[Record] = autoplay(board.game, bots, max_turns=max_turns)
        for record in made:
            self._by_bots[id(record)] = record
        # One line: the last record said, the others counted (the history lists them all).
        game = board.game
        if made and game.cube.offered and not game.is_over():
            text = self._offer_text()  # a person is to answer the bot's double
        else:
            text = "; ".join(self._said(record) for record in self._round_of_bots())
        if len(made) > 1:
            text = ngettext(
                "{count} turn played; the last: {last}",
                "{count} turns played; the last: {last}",
                len(made),
            ).format(count=len(made), last=text)
        if made and board.game.is_over():
            text += f". {self._ending()}"
        if len(made) == 1 and opening is not None:
            text = f"{opening} {text}"
        # Nothing played (a person is to act): the message stays, the opening's included.
        self._swap(board=board.afresh(), info=text or None, line=bool(made), keep_message=not made)

    def _round_of_bots(self) -> list[Record]:
        """The bots' records since a person last played, oldest first, a round at most:
        all said together (walk 17 saw only Victor's play, not Olga's hit before it)."""
        game = self._board.game
        bots = self._seating.bots
        recent: list[Record] = []
        for record in reversed(game.turns[: game.ply]):
            if record.player not in bots or len(recent) == game.variant.players - 1:
                break
            recent.append(record)
        return recent[::-1]

    def _made(self, moves: tuple[Move, ...]) -> str:
        """Moves of the turn in progress, in notation."""
        return format_play(self._board.game.variant, Play(moves))

    def _why_not(self, start: int, end: int) -> ValueError:
        """The rule a requested checker move breaks, as the engine explains it."""
        plays = self.legal_plays
        done = self._board.done
        remaining = plays.remaining_dice(done)
        off = plays.position.variant.off
        for die in dict.fromkeys(remaining):
            if start + die == end or (end == off and start + die >= off):
                try:
                    plays.check_move(done, Move(start, end, die))
                except IllegalMoveError as error:
                    return error
        if not remaining:
            return IllegalMoveError("R4", _("all dice of this roll have been played"))
        # A sum of dice that reaches ``end``: the rule its first refused step breaks (a
        # blocked point on the way or at the end is R6's, not R4's).
        for order in dict.fromkeys(permutations(remaining)):
            for size in range(2, len(order) + 1):
                dice = order[:size]
                if start + sum(dice) != end:
                    continue
                made, at = list(done), start
                for die in dice:
                    try:
                        made.append(plays.check_move(made, Move(at, at + die, die)))
                    except IllegalMoveError as error:
                        return error
                    at += die
        return IllegalMoveError(
            "R4",
            _("no die or sum of dice takes that checker there (dice left: {dice})").format(
                dice=dice_text(remaining)
            ),
        )
