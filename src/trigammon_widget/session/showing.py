"""The session's state out: the view, the drawing, the history and the record a
board shows, and the drawings sent ahead of a step or a move."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import cast

from ..engine import Play, Position, Turn, fast
from ..engine.game import Record
from ..engine.i18n import _, language
from ..engine.notation import format_play, format_play_seen, play_text, record_text
from ..engine.places import place_of
from ..engine.records import dumps, game_to_dict, match_to_dict
from ..judgement.analysis import MARK_NAMES, THRESHOLDS, Level, Report
from ..pictures.chart import equity_graph
from ..pictures.svg import board_svg
from ..pictures.themes import THEMES, css_variables
from ..study import Verdict
from ..study.schedule import due_text
from ..teaching.play_facts import PlayFacts, facts_said, play_facts
from ..teaching.why import Side, leaves_more_shots, why_said
from .coaching import Analysis, Review, ReviewStop, plays_by_text, review_view
from .slices import TutorStop
from .state import SessionState
from .view import (
    CubeView,
    DrillCard,
    DrillChoice,
    DrillVerdict,
    DrillView,
    Frames,
    HistoryEntry,
    MatchView,
    Message,
    Primary,
    View,
    WinView,
    variation_row,
)
from .words import words as front_words

__all__ = ["MOVE_FRAMES", "STEP_FRAMES", "TURN_DRAWINGS", "Showing"]

STEP_FRAMES = 4
"""Turns on either side of the shown one whose drawings are sent ahead: a held arrow
key runs this far ahead of Python's answers."""
TURN_DRAWINGS = 4 * STEP_FRAMES
"""Turn drawings of the line kept, so that a step draws only the turns new at its edge."""
MOVE_FRAMES = 60
"""Most drawings of single moves sent ahead (one per legal from/to pair)."""
FACT_ROWS = 8
"""Hints' first rows whose facts are said (``View.facts``): the plays worth comparing,
and few enough that counting shots by legal plays stays quick off the fast path."""

Group = tuple[str, list[str], str | None, dict[str, float]]
"""Plays to say why of (``Showing._why``): the first, the plays below it to compare, the
one the list cannot tell from it, and the list's figure of each play it rates."""


def _player_pattern() -> re.Pattern[str]:
    """A player as the engine names one in an error, in the language spoken
    (``player 1``, ``jugador 1``): its catalogue's ``player {player}``."""
    before, _brace, after = _("player {player}").partition("{player}")
    return re.compile(rf"\b{re.escape(before)}(\d)\b{re.escape(after)}(?!\.\.)")


class Showing(SessionState):
    """What the board shows of the session, drawn once per change."""

    def words(self) -> dict[str, str]:
        """The front end's words in the board's language (``words.WORDS``)."""
        return front_words()

    def svg(self) -> str:
        """The drawing of the shown state (drawn once per version and review)."""
        key = (self._version, id(self._current_report()), language())
        return self.memo.get("svg", key, self._drawing)

    def _drawing(self) -> str:
        board = self._board
        held = board.held
        if held is not None:  # the play held back, and the better one
            position = board.game.position
            after = position.after(held.play.moves)
            ply = board.game.ply
            return self._draw(after, held.play, position.turn, held.best, ply, left=())
        if not board.playing:
            return self._draw(board.shown(), Play(), None)
        ply = board.game.ply
        if board.done:  # the moves of the turn in progress
            left = self.legal_plays.remaining_dice(board.done)
            shown = board.shown()
            return self._draw(shown, Play(board.done), shown.turn, ply=ply, left=left)
        return self._turn_drawing(ply)

    def graph(self) -> str:
        """The review's equity graph (``chart``); empty without a review of this line."""
        report = self._current_report()
        if report is None:
            return ""
        return self.memo.get("graph", (id(report), self._look), lambda: self._graph(report))

    def _graph(self, report: Report) -> str:
        game = self._board.game
        start = game.position_at(0)
        judge = self._judge(_("The equity graph"))
        from ..judgement.evaluation import evaluate

        evaluation = evaluate(start.with_dice(), evaluator=judge)
        won = game.result(-1)  # a game over ends at its result, a pass's included
        end = None if won is None else [float(p == won.winner) for p in range(len(game.names))]
        # A plain str, as the board's drawing (marimo sends an SvgBoard as {}).
        return str(
            equity_graph(
                report,
                theme=self._look.theme,
                colors=self._look.colors,
                start=evaluation.wins,
                plies=len(game.turns),
                end=end,
            )
        )

    def view(self) -> View:
        board = self._board
        game = board.game
        shown = board.shown()
        variant = shown.variant
        playing = board.playing
        turn = shown.turn
        look = self._look
        theme = THEMES[look.theme]
        person = not self._bot_deciding()
        targets = {
            str(place_of(variant, turn, start)): [str(place_of(variant, turn, e)) for e in ends]
            for start, ends in (self._legal_targets().items() if person else ())
        }
        remaining = list(self.legal_plays.remaining_dice(board.done)) if board.rolled else []
        # A play the tutor holds is taken back or played on, not confirmed again.
        can_confirm = person and board.rolled and not targets and board.held is None
        drilled = self._drill.shows(board)  # a card's decision is the only one to make
        # The pips of what the board draws: with a held play, the position after it.
        drawn = shown if board.held is None else game.position.after(board.held.play.moves)
        # The roll under way, even once its moves end the game (R12: ``after`` drops the
        # dice of a won position): the turn is the mover's until confirmed.
        dice = shown.dice or (game.position.dice if board.done else None)
        if not board.done and self._before_the_roll(game.ply):
            dice = None  # the cube decision shown comes before the roll
        analysis, review = self._analysis_now(), self._review_now()
        facts, why = self._play_facts(analysis, review)
        return {
            "version": self._version,
            "line": self._line,
            "variant": "trigammon" if variant.players == 3 else "classic",
            "players": variant.players,
            "names": list(game.names),
            "colors": list(look.colors or theme.checkers[: variant.players]),
            "theme": look.theme,
            "palette": css_variables(theme),
            "mode": "play" if playing else "edit",
            "perspective": look.perspective,
            "turn": turn,
            "dice": list(dice) if dice else None,
            "remaining": remaining,
            "entering": bool(remaining) and shown.bar(turn) > 0,
            "seen": self._seen_plays(),
            # a cube action the tutor holds is answered, not asked again
            "can_roll": person and board.may_roll and not drilled and board.cube_held is None,
            "can_confirm": can_confirm,
            "primary": self._primary(can_confirm),
            "can_undo_move": bool(board.done),
            "targets": targets,
            "partial": format_play(variant, Play(board.done)),
            "ply": game.ply,
            "plies": len(game.turns),
            "message": self._message,
            "pips": [drawn.pip_count(p) for p in range(variant.players)],
            "position_id": shown.id,
            "edit_player": board.edit_player,
            "seats": list(self._seating.seats),
            "acting": board.deciding if playing and not board.game_over else None,
            "bot_to_move": not person and board.at_the_end,
            "pace": self._seating.pace,
            "analysis": analysis,
            "review": review,
            "facts": facts,
            "why": why,
            "tutor": {
                "on": self._tutor.on,
                "threshold": self._tutor.threshold,
                "level": self._tutor_level(),
                "warning": None if board.held is None else board.held.warning,
                "cube_warning": None if board.cube_held is None else board.cube_held.warning,
            },
            "variations": [variation_row(v) for v in (game.variations() if playing else ())],
            "alternatives": [
                variation_row(v)
                for v in (game.variations(game.ply - 1) if playing and game.ply else ())
            ],
            "main_line": game.is_main_line,
            "decisions": self._decisions(),
            "you": self.you,
            "win": self._win_view(),
            "cube": self._cube_view() if playing else None,
            "match": self._match_view(),
            "drill": self._drill_view(),
        }

    def _bot_deciding(self) -> bool:
        """Whether the player who acts now sits in a bot's seat: the bot's turn, which no
        control of a person's plays (``_require_person``)."""
        board = self._board
        return board.playing and not board.game_over and board.deciding in self._seating.bots

    def _primary(self, can_confirm: bool) -> Primary | None:
        """The person's next action, the one button the board shows as primary: none on
        a bot's turn, and none at a cube decision (the answer is the person's to find,
        R14)."""
        board = self._board
        if not board.playing:
            return None
        drill = self._drill
        if drill.shows(board):
            if drill.verdict is not None:
                return "next_card"
            return "confirm" if can_confirm else None
        if board.game_over:
            return "next_game" if board.may_start_next else None
        if self._bot_deciding() or board.may_answer:
            return None
        if board.may_double and board.cube_in_play():
            return None
        if board.may_roll:
            return "roll"
        return "confirm" if can_confirm else None

    def _tutor_level(self) -> Level | None:
        threshold = self._tutor.threshold
        for name, level in zip(MARK_NAMES.values(), THRESHOLDS, strict=True):
            if threshold == level:
                return name
        return None

    def _win_view(self) -> WinView | None:
        board = self._board
        win = board.game.result() if board.game_over else None
        if win is None:
            return None
        outcome = board.game.outcome() if win.ending == "bear-off" else None
        players = range(board.game.variant.players)
        return {
            "winner": win.winner,
            "points": win.points,
            "ending": win.ending,
            "results": [] if outcome is None else [outcome.result(p) for p in players],
            # the status line's, with the bot's share of the person's seat (walk 38 read
            # "You win" on top, the bot's 112 of 116 turns only on the message line)
            "text": self._ended() + self._match_won() + self._bot_share(),
        }

    def _cube_view(self) -> CubeView | None:
        board = self._board
        if board.game.variant.players != 2:
            return None
        cube = board.game.cube
        free = not self._bot_deciding() and not self._drill.shows(board)
        free = free and board.cube_held is None
        return {
            "value": cube.value,
            "owner": cube.owner,
            "offered": cube.offered,
            "can_double": board.may_double and free,
            "can_answer": board.may_answer and free,
            "decision": board.cube_decision is not None or self._before_the_roll(board.game.ply),
        }

    def _match_view(self) -> MatchView | None:
        board = self._board
        game, match = board.game, board.match
        state = game.match_state
        if not board.scored:
            return None
        games = match.games if match is not None else (game,)
        ended = game.result()
        return {
            "length": state.length,
            "score": list(state.score),
            "shown": list(state.score if ended is None else state.after(ended)),
            "total": list(match.score if match is not None else state.score),
            "crawford": state.crawford,
            "post_crawford": state.post_crawford,
            "jacoby": state.jacoby,
            "game": games.index(game),
            "games": len(games),
            "over": match is not None and match.is_over(),
            "winner": None if match is None else match.winner,
            "can_next_game": board.may_start_next,
            "kept": board.kept,
        }

    def _drill_view(self) -> DrillView | None:
        drill = self._drill
        if not drill.on:
            return None
        card = drill.card
        shown: DrillCard | None = None
        if card is not None:
            shown = {
                "id": card.id,
                "kind": card.kind,
                "variant": "trigammon" if card.variant == "trigammon" else "classic",
                "question": card.question(),
                "choices": [choice.text for choice in card.best] if card.kind == "cube" else [],
                "tags": list(card.tags),
                "shown": drill.shows(self._board),
            }
        right = sum(verdict.right for verdict in drill.done)
        losses = [verdict.loss for verdict in drill.done]
        library = drill.library
        assert library is not None
        return {
            "card": shown,
            "verdict": None if drill.verdict is None else self._verdict_view(drill.verdict),
            "done": len(drill.done),
            "right": right,
            "mean_loss": sum(losses) / len(losses) if losses else 0.0,
            "left": drill.left,
            "next_due": due_text(drill.next_due, library.now()) if not drill.left else "",
        }

    def _verdict_view(self, verdict: Verdict) -> DrillVerdict:
        card = verdict.card
        best = card.best[0].equity if card.best else 0.0
        rows: list[DrillChoice] = [
            {
                "rank": rank,
                "text": card.said(choice.text),
                "equity": choice.equity,
                "loss": best - choice.equity,
                "answered": choice.text == verdict.answer,
            }
            for rank, choice in enumerate(card.best, 1)
        ]
        if not any(row["answered"] for row in rows):
            rows.append(
                {
                    "rank": None,
                    "text": card.said(verdict.answer),
                    "equity": verdict.judged.equity,
                    "loss": verdict.loss,
                    "answered": True,
                }
            )
        library = self._drill.library
        assert library is not None
        return {
            "answer": card.said(verdict.answer),
            "loss": verdict.loss,
            "grade": verdict.grade,
            "graded": verdict.graded,
            "right": verdict.right,
            "best": rows,
            "made": None if card.made is None else card.said(card.made),
            "comment": card.comment,
            "source": str(card.source),
            "due": due_text(verdict.due, library.now()),
        }

    def _seen_plays(self) -> dict[str, str]:
        """Another player's legal plays of this roll as the board numbers its points,
        by their text in the mover's own numbers (``View.seen``)."""
        board = self._board
        reader = self._look.perspective
        position = board.game.position
        if not (board.playing and board.rolled) or position.turn == reader:
            return {}

        def seen() -> dict[str, str]:
            variant, mover = position.variant, position.turn
            return {
                play_text(position.format_play(play)): play_text(
                    format_play_seen(variant, play, mover, reader)
                )
                for play in self.legal_plays
                if play  # no move: nothing to number
            }

        return self.memo.get(f"seen {reader}", self._version, seen)

    def _play_facts(
        self, analysis: Analysis | None, review: Review | None
    ) -> tuple[dict[str, str], dict[str, str]]:
        """``View.facts`` and ``View.why``: what the plays Hints ranks first
        (``FACT_ROWS``) and those of the review's shown turn do, each said once; and why
        the first ranks above the highest play below it that leaves fewer shots, and
        above the play made where that leaves fewer (``teaching.why``)."""
        texts: list[str] = []
        # (first, the plays below it to compare, the one the list cannot tell from it,
        # the list's figure of each play it rates)
        groups: list[Group] = []
        if analysis is not None and analysis["kind"] == "hints":
            rows = analysis.get("hints", [])
            ranked = [row["text"] for row in rows[:FACT_ROWS]]
            texts += [*ranked, analysis.get("played", "")]
            level = ranked[1] if len(ranked) > 1 and analysis.get("separated") is False else None
            listed = {row["text"]: row["equity"] for row in rows}
            if ranked:
                groups += [
                    (ranked[0], ranked[1:], level, listed),
                    (ranked[0], texts[-1:], level, listed),
                ]
        turn = review["turn"] if review is not None else None
        if turn is not None and turn["dice"]:
            best = [row["text"] for row in turn["best"]]
            texts += [*best, turn["played"]]
            if best:
                listed = {row["text"]: row["equity"] for row in turn["best"]}
                listed.setdefault(turn["played"], turn["best"][0]["equity"] - turn["loss"])
                groups.append((best[0], [turn["played"]], None, listed))
        position = self._board.game.position
        if not texts or position.dice is None:
            return {}, {}

        # Another player's plays are written in their numbers, their facts in this
        # board's: said so (walk 31 read "12/22 ..." beside "blots on 10, 12").
        own = position.turn == self._look.perspective
        told = "{facts}" if own else _("{facts} (points as this board numbers them)")

        def said() -> tuple[dict[str, str], dict[str, str]]:
            plays = plays_by_text(position)
            found = {
                text: self._facts_of(position, plays[text], text)
                for text in dict.fromkeys(texts)
                if plays.get(text)
            }
            facts = {text: told.format(facts=self._facts_said(f)) for text, f in found.items()}
            return facts, self._why(position, plays, found, groups)

        return self.memo.get("facts", (self._version, tuple(texts)), said, limit=4)

    def _why(
        self,
        position: Position,
        plays: dict[str, Play],
        found: dict[str, PlayFacts],
        groups: Sequence[Group],
    ) -> dict[str, str]:
        """``View.why`` for each of ``groups`` (a first play, the plays below it in rank
        order, the one the list cannot tell from it, and the list's figures): the first
        of them that leaves fewer shots than the first, said to stand level with it
        where it is that one (walk 44 read "too close to call" above "why 1/10 ranks
        above"), each play's round ahead set to average its figure in the list where
        the list rates both (``Side.anchored``); nothing where the round ahead does not
        back the first (``why_said``). A round ahead costs a tenth of a second a play on
        the fast path, seconds off it in trigammon (left out there)."""
        if position.variant.players > 2 and fast.compiled() is None:
            return {}
        from ..judgement.risk import risk_of  # numpy's, as Hints are

        evaluator = self._analyses.evaluator

        def side(text: str) -> Side:
            # A play's round ahead depends on the position alone, not on the view's
            # version, which a rollout's progress moves on many times a second.
            key = (position, evaluator, text)
            risk = self.memo.get(
                "risk", key, lambda: risk_of(position, plays[text], evaluator), limit=16
            )
            rolls = max((rolls for _player, rolls in found[text].shots), default=0)
            return Side(text, risk, rolls)

        why: dict[str, str] = {}
        for first, others, level, listed in groups:
            if first not in found:
                continue
            safer = next(
                (
                    other
                    for other in others
                    if other in found
                    and other != first
                    and leaves_more_shots(found[first], found[other])
                ),
                None,
            )
            if safer is not None and safer not in why:
                one, two = side(first), side(safer)
                anchored = first in listed and safer in listed
                if anchored:
                    one, two = one.anchored(listed[first]), two.anchored(listed[safer])
                said = why_said(one, two, level=safer == level, anchored=anchored)
                if said is not None:
                    why[safer] = said
        return why

    def _facts_of(self, position: Position, play: Play, text: str) -> PlayFacts:
        """A play's ``PlayFacts``, kept by position (its shots count every opponent's
        legal plays of each roll): the view's version moves on with every tick of a
        rollout, the facts do not."""
        return self.memo.get(
            "play facts", (position, text), lambda: play_facts(position, play), limit=32
        )

    def _facts_said(self, found: PlayFacts) -> str:
        """A play's facts in words, its points as this board numbers them (walk 19 read
        a bot's blots in the bot's numbers), the person in front spoken to."""
        game = self._board.game
        return facts_said(found, game.variant, game.names, self._look.perspective, self.you)

    def _analysis_now(self) -> Analysis | None:
        """The analysis panel as the board stands: the play Hints marked as made is
        marked as taken back once the tutor's held play is (walk 13 read "PLAYED" on it),
        and no longer once the turn is played."""
        analysis = self._analyses.analysis
        board = self._board
        if analysis is None or "played" not in analysis:
            return analysis
        if board.taken_back is not None:
            return cast(Analysis, {**analysis, "taken_back": True})
        if board.held is None and board.at_the_end:
            return cast(Analysis, {k: v for k, v in analysis.items() if k != "played"})
        return analysis

    def plays(self) -> list[str]:
        """The plays left to choose this turn, in notation (``NO_MOVE`` for the empty
        play): every legal play of the dice, then those that go on from the moves made;
        empty while none is due."""
        position = self._board.game.position
        return [play_text(position.format_play(play)) for play in self.listed_plays]

    def _review_now(self) -> Review | None:
        """The review as the shown decision sees it (the record after the shown
        position, ``_decisions``); None once the line is another."""
        found = self._line_review()
        if found is None:
            return None
        review = found[0]
        ply = self._board.game.ply + 1
        report = self._current_report()  # with the turns Hints rolled out
        taken_back = {
            at: [stop.rated for stop in stops if stop.taken_back and stop.rated is not None]
            for at, stops in self.tutor_stops.items()
        }
        perspective = self._look.perspective
        shown = review_view(report, ply, perspective, self.you, self.bot_plies, taken_back)
        # The seats the review's own net plays (walk 13 read their PR 0 as perfect play);
        # the person's seat counts the person's decisions, a bot's there left out.
        itself = review["evaluator"] == "neural"
        seats = self._seating.seats
        judged = [
            p for p, seat in enumerate(seats) if itself and seat == "neural" and p != self.you
        ]
        return {**review, **shown, "self_judged": judged, "stops": self._stops_shown()}

    def _stops_shown(self) -> list[ReviewStop]:
        """The plays the tutor stopped on the shown line, each with the play then made."""
        game = self._board.game
        shown: list[ReviewStop] = []
        for at, stops in self.tutor_stops.items():
            record, before = game.turns[at - 1], game.position_at(at - 1)
            if not isinstance(record, Turn):  # kept at turns only (``tutor_stops``)
                continue
            shown.extend(self._stop_shown(at, record, before, stop) for stop in stops)
        return shown

    def _stop_shown(self, at: int, record: Turn, before: Position, stop: TutorStop) -> ReviewStop:
        """One play the tutor stopped at turn ``at``, with the play then made."""
        warning = stop.warning
        return {
            "ply": at,
            "player": record.player,
            "dice": list(record.dice),
            "tried": warning["played"],
            "best": warning["best"],
            "loss": warning["loss"],
            "mark": warning["mark"],
            "taken_back": stop.taken_back,
            "played": play_text(before.format_play(record.play)),
            "by": warning["by"],
            "line": warning["line"],
            "cleared": warning["loss"] < warning["line"],
        }

    def history(self) -> list[HistoryEntry]:
        """The turns of the current line, with branch counts and the review's marks."""
        game = self._board.game
        report = self._current_report()
        marks = report.marks if report is not None else {}
        reader = self._look.perspective

        def seen(turn: Record) -> str | None:
            if not isinstance(turn, Turn) or not turn.play or turn.player == reader:
                return None
            return format_play_seen(game.variant, turn.play, turn.player, reader)

        return [
            {
                "ply": ply,
                "player": turn.player,
                "dice": list(turn.dice) if isinstance(turn, Turn) else [],
                "text": record_text(turn, game.match_position_at(ply - 1).cube),
                "lines": lines,
                "mark": marks.get(ply),
                "seen": seen(turn),
            }
            for ply, (turn, lines) in enumerate(zip(game.turns, game.branches(), strict=True), 1)
        ]

    def record(self) -> str:
        """The game (or the match) as JSON, without the cursor: what a saved notebook
        keeps; written again only once the record changes, not as one steps."""
        board = self._board
        match = board.match
        games = (board.game,) if match is None else match.games
        key = tuple((id(game), game.revision) for game in games)

        def write() -> str:
            if match is not None:
                return dumps(match_to_dict(match, cursor=False), indent=None)
            return dumps(game_to_dict(board.game, cursor=False), indent=None)

        return self.memo.get("record", key, write)

    def frames(self) -> Frames:
        """Drawings of the neighbouring turns and, where the line ends (where a turn is
        played; elsewhere a person mostly steps through), of each legal move from here."""
        steps: dict[int, str] = {}
        moves: dict[str, str] = {}
        board = self._board
        if board.playing:
            game = board.game
            for ply in range(game.ply - STEP_FRAMES, game.ply + STEP_FRAMES + 1):
                if 0 <= ply <= len(game.turns) and ply != game.ply:
                    steps[ply] = self._turn_drawing(ply)
            if game.ply < len(game.turns):
                return Frames(self._version, self._line, steps, moves)
            position = game.position
            variant = position.variant
            for start, ends in self._legal_targets().items():
                for end, chain in ends.items():
                    if len(moves) == MOVE_FRAMES:
                        break
                    made = Play((*board.done, *chain))
                    ends_at = place_of(variant, position.turn, end)
                    key = f"{place_of(variant, position.turn, start)}>{ends_at}"
                    after = position.after(made.moves)
                    left = self.legal_plays.remaining_dice(made.moves)
                    moves[key] = self._draw(after, made, position.turn, ply=game.ply, left=left)
        return Frames(self._version, self._line, steps, moves)

    def message(self, error: ValueError) -> Message:
        """Show why an action was refused; only the message changes. The engine knows
        no names and says ``player 1``: the board says the player's name."""
        rule = getattr(error, "rule", None)
        text = getattr(error, "reason", None) or str(error)
        names = self._board.game.names

        def named(found: re.Match[str]) -> str:
            player = int(found.group(1))
            return names[player] if player < len(names) else found.group(0)

        text = _player_pattern().sub(named, text)

        self._message = {"kind": "error", "text": text[:500], "rule": rule}
        return self._message

    def _drawn_turn(self, ply: int) -> Turn | None:
        """The turn drawn as arrows on the position after ``ply`` records: the play that
        led to it, or where the board shows decisions (``_decisions``), the play made
        from it; None for a cube action or where there is none."""
        turns = self._board.game.turns
        at = ply if self._decisions() and ply < len(turns) else ply - 1
        record = turns[at] if at >= 0 else None
        return record if isinstance(record, Turn) else None

    def _better(self, ply: int) -> Play:
        """The better play the review found for the decision shown after ``ply``
        records, where that decision is marked, or the drill's card's best play once it
        is answered otherwise: drawn dashed beside the play made."""
        drill = self._drill
        if drill.shows(self._board) and ply == 1 and drill.verdict is not None:
            card = drill.verdict.card
            position = card.position
            if drill.verdict.loss <= 0 or not isinstance(position, Position):
                return Play()
            return position.parse_play(card.best[0].text)
        report = self._current_report()
        if report is None or not self._decisions():
            return Play()
        judged = next((t for t in report.turns if t.ply == ply + 1), None)
        if judged is None or judged.mark is None:
            return Play()
        return judged.best[0].play

    def _turn_drawing(self, ply: int) -> str:
        """The drawing of turn ``ply`` of the line, as ``goto(ply)`` would show it (kept
        while the line and its look stay the same)."""

        def draw() -> str:
            game = self._board.game
            position = game.position_at(ply)
            if self._before_the_roll(ply):
                return self._draw(position.with_dice(), Play(), None, Play(), ply)
            turn = self._drawn_turn(ply)
            arrows, mover = (turn.play, turn.player) if turn else (Play(), None)
            return self._draw(position, arrows, mover, self._better(ply), ply)

        key = (self._line, ply, language())
        return self.memo.get("turn", key, draw, limit=TURN_DRAWINGS)

    def _draw(
        self,
        position: Position,
        arrows: Play,
        mover: int | None,
        best: Play | None = None,
        ply: int | None = None,
        left: Sequence[int] | None = None,
    ) -> str:
        """The board drawn as the session shows it (its points numbered from the
        perspective's side, always: the labels change only when the person chooses
        another "View as"; other players' plays are written also as it numbers them);
        with the cube and the score of the
        game's ``ply``-th position once they are in play (a match, a score, a cube
        moved from the centred 1), and how the game ended there (``Game.result``: the
        one fact the label, the buttons and the messages read); the dice ``left`` to
        play in a turn under way, the played ones faded."""
        board = self._board
        game = board.game
        look = self._look
        cube = match = result = None
        if ply is not None:
            if board.scored:
                match = game.match_state
            if board.cube_in_play(ply):
                cube = game.match_position_at(ply).cube
            result = game.result(ply)
        # A plain str: marimo sends an SvgBoard (a str with _repr_svg_) as {}.
        return str(
            board_svg(
                position,
                perspective=look.perspective,
                arrows=arrows,
                best=best or Play(),
                mover=mover,
                theme=look.theme,
                names=game.names,
                colors=look.colors,
                cube=cube,
                match=match,
                result=result,
                you=self.you,
                dice_left=left,
            )
        )
