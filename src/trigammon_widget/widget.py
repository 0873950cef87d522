"""BoardWidget: the board in a notebook; Python owns every bit of game state.

The front end (``js/widget.ts``) shows ``svg`` and ``view`` and sends intents; this
module checks each intent against the state version it was made on and the rules,
then either applies it whole or changes nothing and says why. The protocol is in
``docs/widget-protocol.md``.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from .bots import Bot, HeuristicBot, RandomBot, autoplay
from .engine import (
    BAR,
    CHECKERS,
    Game,
    IllegalMoveError,
    InvalidPositionError,
    LegalPlays,
    Move,
    Play,
    Position,
    Variant,
    find_variant,
    from_gnubg_id,
    from_xgid,
)
from .engine.notation import format_play
from .rollout import Hint, Progress, RolloutResult, hints, rollout
from .svg import THEMES, board_svg

STATIC = Path(__file__).parent / "static"

Place = int | str
"""An absolute point 1..N, ``"bar"`` or ``"off"``, as the board's data attributes."""

SEATS: dict[str, type[Bot] | None] = {"human": None, "random": RandomBot, "heuristic": HeuristicBot}
"""Who can sit at a player's place: a person, or one of the built-in bots."""


class IntentError(ValueError):
    """An intent from the front end that is malformed, stale or out of range."""


class BoardWidget(anywidget.AnyWidget):
    """Play, step through, set up and inspect a game of either variant.

    ``BoardWidget("trigammon", seed=1)`` starts a game (the opening roll is made at
    once); ``BoardWidget(position)`` studies a set-up; ``BoardWidget(game)`` shows a
    game. Every button of the board has a method here: ``roll``, ``set_dice``,
    ``move``, ``undo_move``, ``confirm``, ``play``, ``step``, ``goto``, ``edit``,
    ``place``, ``remove``, ``set_turn``, ``reset``, ``clear``, ``load``; bots take
    seats with ``set_seat`` and play with ``bot_turn``/``autoplay``; ``hints`` and
    ``analyse`` roll positions out in the background. Observe the ``view`` trait to
    follow changes.
    """

    _esm = STATIC / "widget.js"
    _css = STATIC / "widget.css"

    svg = traitlets.Unicode("").tag(sync=True)
    view = traitlets.Dict().tag(sync=True)
    plays = traitlets.List(traitlets.Unicode()).tag(sync=True)
    history = traitlets.List(traitlets.Dict()).tag(sync=True)
    record = traitlets.Unicode("").tag(sync=True)

    def __init__(
        self,
        game: Game | Position | Variant | str = "trigammon",
        *,
        seed: int | None = None,
        names: Sequence[str] | None = None,
        colors: Sequence[str] | None = None,
        perspective: int = 0,
        theme: str = "light",
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self._seed = seed
        self._game = self._new_game(game, names)
        self._colors = tuple(colors) if colors is not None else None
        if theme not in THEMES:
            raise ValueError(f"theme must be one of {sorted(THEMES)}, not {theme!r}")
        self._theme = theme
        self._perspective = self._player(perspective, "perspective")
        self._done: list[Move] = []
        self._editing: Position | None = None
        self._edit_player = 0
        self._message: dict[str, Any] | None = None
        self._version = 0
        self._cached_targets: dict[int, dict[int, tuple[Move, ...]]] | None = None
        self._legal: LegalPlays | None = None
        self._plays_text: tuple[LegalPlays | None, list[str]] = (None, [])
        self._seats = ["human"] * self._game.variant.players
        self._bots: dict[int, Bot] = {}
        self._analysis: dict[str, Any] | None = None
        self._worker: threading.Thread | None = None
        self._stop = threading.Event()
        self._lock = threading.RLock()
        self.on_msg(self._on_intent)
        self._changed(info=self._opening_text())

    def _opening_text(self) -> str | None:
        game = self._game
        if not game.opening or game.ply:
            return None
        rolled = "; ".join(
            ", ".join(f"{self._name(p)} {v}" for p, v in enumerate(r.dice) if v is not None)
            for r in game.opening
        )
        return f"Opening roll (R2): {rolled}. {self._name(game.position.turn)} starts."

    def _new_game(self, source: Game | Position | Variant | str, names: Any) -> Game:
        if isinstance(source, Game):
            if names is not None:
                source.names = Game(source.variant, names=tuple(names)).names
            return source
        if isinstance(source, Position):
            return Game(source.variant, start=source, names=tuple(names or ()), seed=self._seed)
        game = Game(find_variant(source), names=tuple(names or ()), seed=self._seed)
        while game.roll_opening() is None:
            pass
        return game

    # what the board shows ---------------------------------------------------------

    @property
    def game(self) -> Game:
        return self._game

    @property
    def position(self) -> Position:
        """The shown position at the start of its turn (see ``partial`` for moves made)."""
        return self._editing if self._editing is not None else self._game.position

    @property
    def partial(self) -> tuple[Move, ...]:
        """Moves already made this turn, not yet confirmed."""
        return tuple(self._done)

    @property
    def legal_plays(self) -> LegalPlays:
        """The legal plays for this turn's dice, from the turn's start."""
        position = self._game.position
        cached = self._legal
        if cached is None or cached.position != position:
            cached = self._legal = position.legal_plays()
        return cached

    @property
    def perspective(self) -> int:
        return self._perspective

    @perspective.setter
    def perspective(self, player: int) -> None:
        self._perspective = self._player(player, "perspective")
        self._refresh()

    # play ---------------------------------------------------------------------------

    def roll(self, *dice: int) -> tuple[int, int]:
        """Roll for the player to move, or set the dice by hand: ``roll(3, 1)``."""
        self._require_play()
        rolled = self._game.roll(*dice)
        self._changed(info=f"{self._name(self._game.position.turn)} rolled {_dice(rolled)}")
        return rolled

    def set_dice(self, *dice: int) -> None:
        """Replace this turn's dice (moves made with the old dice are taken back)."""
        self._require_play()
        self._game.set_dice(*dice)
        self._done = []
        self._changed()

    def move(self, start: Place, end: Place) -> tuple[Move, ...]:
        """Move one checker of the player to move, by one die or several (R4)."""
        position = self._rolled()
        variant = position.variant
        begin = self._path(position.turn, start, "from", allow_off=False)
        finish = self._path(position.turn, end, "to", allow_bar=False)
        plays = self.legal_plays
        chain = self._targets().get(begin, {}).get(finish)
        if chain is None:
            raise self._why_not(plays, begin, finish)
        self._done.extend(chain)
        made = format_play(variant, Play(chain))
        self._changed(info=made)
        return chain

    def undo_move(self) -> Move:
        """Take back the last move made this turn."""
        self._require_play()
        if not self._done:
            raise ValueError("no move of this turn to take back")
        move = self._done.pop()
        self._changed()
        return move

    def confirm(self) -> None:
        """End the turn with the moves made, once they form a legal play (R9)."""
        self._rolled()
        self._commit(self.legal_plays.check(Play(tuple(self._done))))

    def play(self, play: Play | str | None = None) -> None:
        """Play a whole turn: a Play, notation, or None when only one play is legal."""
        self._rolled()
        self._commit(play)

    def _rolled(self) -> Position:
        """The position of a turn being played, whose dice are set."""
        self._require_play()
        position = self._game.position
        if position.dice is None:
            raise IllegalMoveError("R4", "roll the dice first")
        return position

    def _commit(self, play: Play | str | None) -> None:
        later = len(self._game.turns) - self._game.ply - 1
        turn = self._game.play(play)
        self._done = []
        text = f"{self._name(turn.player)}: {turn.notation or 'no legal move'}"
        if later > 0:
            text += f" (the {later} later turn(s) of the old line were replaced)"
        self._changed(info=text)

    # bots ---------------------------------------------------------------------------

    def set_seat(self, player: int, seat: str) -> None:
        """Seat a person (``"human"``) or a bot (``"random"``, ``"heuristic"``)."""
        player = self._player(player, "player")
        if not isinstance(seat, str) or seat not in SEATS:
            raise IntentError(f"a seat is one of {sorted(SEATS)}, not {seat!r}")
        bot = SEATS[seat]
        self._seats[player] = seat
        if bot is None:
            self._bots.pop(player, None)
        else:
            self._bots[player] = bot(self._seed) if bot is RandomBot else bot()
        self._changed()

    def bot_turn(self) -> None:
        """Let the bot whose turn it is roll and play one turn."""
        self._require_play()
        if self._game.is_over():
            raise ValueError("the game is over (R12)")
        turn = self._game.position.turn
        if turn not in self._bots:
            raise ValueError(f"{self._name(turn)} is a person: their turn is theirs to play")
        self._done = []
        self._after_bots(autoplay(self._game, self._bots, max_turns=1))

    def autoplay(self, max_turns: int | None = None) -> None:
        """Bots play on until a person is to move, the game ends, or ``max_turns``."""
        self._require_play()
        self._done = []
        self._after_bots(autoplay(self._game, self._bots, max_turns=max_turns))

    def _after_bots(self, turns: Sequence[Any]) -> None:
        text = "; ".join(f"{self._name(t.player)}: {t.notation or 'no legal move'}" for t in turns)
        self._changed(info=text or None)

    # analysis -------------------------------------------------------------------------

    def hints(self, games_per_play: int = 60, candidates: int | None = 6, **options: Any) -> None:
        """Rank the legal plays of this turn by rollout (in the background; see ``wait``).

        ``candidates`` keeps the heuristic's best few plays where a roll has many;
        other options go to ``trigammon_widget.rollout.hints``. The defaults take a
        few seconds on two cores.
        """
        position = self._rolled()
        total = games_per_play * min(len(self.legal_plays), candidates or 10**9)

        def work(progress: Progress, stop: threading.Event) -> list[Hint]:
            return hints(
                position,
                games_per_play=games_per_play,
                candidates=candidates,
                progress=progress,
                cancel=stop,
                **options,
            )

        self._start("hints", total, work)

    def analyse(self, games: int = 400, **options: Any) -> None:
        """Every player's chances from the shown position, by rollout (in the background)."""
        self._require_play()
        position = self._game.position

        def work(progress: Progress, stop: threading.Event) -> RolloutResult:
            return rollout(position, games=games, progress=progress, cancel=stop, **options)

        self._start("rollout", games, work)

    def cancel_analysis(self) -> None:
        """Stop the running analysis; what it found so far is kept."""
        self._stop.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the background analysis; True once it has finished."""
        worker = self._worker
        if worker is not None:
            worker.join(timeout)
        return worker is None or not worker.is_alive()

    @property
    def analysis(self) -> dict[str, Any] | None:
        """The last analysis as the board shows it: kind, status, progress, results."""
        return self._analysis

    def _start(
        self,
        kind: str,
        total: int,
        work: Callable[[Progress, threading.Event], RolloutResult | list[Hint]],
    ) -> None:
        """Run ``work`` in a thread that reports into ``view["analysis"]``.

        Each analysis has its own stop event; once it is cancelled or the board changes
        it writes nothing more, so a late report never lands on a newer analysis.
        """
        worker = self._worker
        if worker is not None and worker.is_alive() and not self._stop.is_set():
            raise ValueError("an analysis is running: cancel it first")
        stop = self._stop = threading.Event()
        version = self._version
        self._set_analysis({"kind": kind, "status": "running", "done": 0, "total": total})

        def report(update: dict[str, Any]) -> None:
            with self._lock:
                if self._stop is stop and self._version == version:
                    self._set_analysis({**(self._analysis or {}), **update})

        def run() -> None:
            try:
                found = work(lambda done, total: report({"done": done, "total": total}), stop)
            except Exception as error:  # shown in the board, never lost in a thread
                report({"status": "failed", "error": str(error)})
                return
            cancelled = found.cancelled if isinstance(found, RolloutResult) else stop.is_set()
            report({"status": "cancelled" if cancelled else "done", **_results(found)})

        self._worker = threading.Thread(target=run, name="trigammon-analysis", daemon=True)
        self._worker.start()

    def _set_analysis(self, analysis: dict[str, Any] | None) -> None:
        with self._lock:
            self._analysis = analysis
            self.view = {**self.view, "analysis": analysis}

    # history ------------------------------------------------------------------------

    def step(self, delta: int) -> None:
        """Show the position ``delta`` turns later (negative: earlier)."""
        self._require_play()
        if isinstance(delta, bool) or not isinstance(delta, int):
            raise ValueError(f"step needs a whole number of turns, got {delta!r}")
        self.goto(min(max(self._game.ply + delta, 0), len(self._game.turns)))

    def goto(self, ply: int) -> None:
        """Show the position after ``ply`` turns (0 = start, -1 = the last)."""
        self._require_play()
        self._game.goto(ply)
        self._done = []
        self._changed()

    # set-ups --------------------------------------------------------------------------

    def edit(self, on: bool = True) -> None:
        """Enter edit mode on the shown position, or leave it to play the set-up.

        Leaving starts a new game from the set-up: the old game's history is dropped.
        """
        if on and self._editing is None:
            self._editing = self._game.position
        elif not on and self._editing is not None:
            start = self._editing
            finished = [p for p in range(start.variant.players) if start.borne_off(p) == CHECKERS]
            if len(finished) > 1:
                raise InvalidPositionError(
                    "more than one player has every checker off: place some before playing (R12)"
                )
            self._game = Game(start.variant, start=start, names=self._game.names, seed=self._seed)
            self._editing = None
        self._done = []
        self._changed()

    def place(self, player: int, where: Place, count: int = 1) -> None:
        """Move ``count`` checkers of ``player`` from its tray to ``where`` (edit mode)."""
        self._rearrange(player, where, count)

    def remove(self, player: int, where: Place, count: int = 1) -> None:
        """Move ``count`` checkers of ``player`` from ``where`` back to its tray."""
        self._rearrange(player, where, -count)

    def _rearrange(self, player: int, where: Place, count: int) -> None:
        setup = self._require_edit()
        player = self._player(player, "player")
        index = self._path(player, where, "place")
        off = setup.variant.off
        if index == off:
            raise IntentError("the tray holds what is not placed: place or remove elsewhere")
        board = list(setup.board(player))
        if count > 0 and board[off] < count:
            raise InvalidPositionError(
                f"{self._name(player)} has {board[off]} unplaced checkers left; "
                f"a player has {CHECKERS} (R1): remove one first"
            )
        if count < 0 and board[index] < -count:
            raise InvalidPositionError(f"{self._name(player)} has no checker there to remove")
        board[index] += count
        board[off] -= count
        boards = list(setup.boards)
        boards[player] = tuple(board)
        self._editing = replace(setup, boards=tuple(boards))
        self._changed()

    def set_turn(self, player: int) -> None:
        """The player to move in the set-up (edit mode)."""
        setup = self._require_edit()
        self._editing = replace(setup, turn=self._player(player, "player"))
        self._changed()

    def set_setup_dice(self, dice: Sequence[int] | None) -> None:
        """The set-up's dice, or None for none (edit mode)."""
        setup = self._require_edit()
        self._editing = setup.with_dice(*dice) if dice else setup.with_dice()
        self._changed()

    def reset(self) -> None:
        """The start position (R1) in the editor."""
        setup = self._require_edit()
        self._editing = Position.start(setup.variant, turn=setup.turn)
        self._changed()

    def clear(self) -> None:
        """Every checker off, ready for a set-up from scratch (edit mode)."""
        setup = self._require_edit()
        self._editing = Position.build(setup.variant, {}, turn=setup.turn)
        self._changed()

    def load(self, source: str | Mapping[str, Any] | Position | Game) -> None:
        """Show a position or game: an ID, a GNU Backgammon ID, an XGID, a dict, JSON.

        A game record (JSON text or dict) loads the whole game; anything else starts
        a new game from that position.
        """
        self._game = self._parse_source(source)
        self._editing = None
        self._done = []
        self._changed()

    def _parse_source(self, source: str | Mapping[str, Any] | Position | Game) -> Game:
        if isinstance(source, Game):
            return source
        if isinstance(source, str):
            text = source.strip()
            if text.startswith("{"):
                source = json.loads(text)
            elif text.upper().startswith("XGID=") or text.count(":") >= 9:
                source = from_xgid(text)
            else:
                source = _position_from_text(text)
        if isinstance(source, Mapping):
            if "format" in source:
                return Game.from_dict(source)
            source = Position.from_dict(source)
        if not isinstance(source, Position):
            raise TypeError(f"cannot load {type(source).__name__}: give an ID, dict or Game")
        names = self._game.names if len(self._game.names) == source.variant.players else ()
        return Game(source.variant, start=source, names=names, seed=self._seed)

    # state out ---------------------------------------------------------------------

    def _changed(self, info: str | None = None) -> None:
        with self._lock:
            self._version += 1
            self._cached_targets = None
            if self._analysis is not None:  # it was about the board as it stood
                self._stop.set()
                self._analysis = None
            self._message = {"kind": "info", "text": info, "rule": None} if info else None
            self._refresh()

    def _refresh(self) -> None:
        shown = self._shown()
        # A plain str: marimo sends an SvgBoard (a str with _repr_svg_) as {}.
        svg = str(
            board_svg(
                shown,
                perspective=self._perspective,
                arrows=self._arrows(),
                mover=self._arrow_mover(),
                theme=self._theme,
                names=self._game.names,
                colors=self._colors,
            )
        )
        game = self._game
        # Separate traits, so a click re-sends only what it changed (traitlets skip
        # equal values): the plays change once a roll, history and record once a turn.
        record = {k: v for k, v in game.to_dict().items() if k != "ply"}
        with self.hold_sync():
            self.svg = svg
            self.plays = self._plays()
            self.history = [
                {"ply": i + 1, "player": t.player, "dice": list(t.dice), "text": t.notation}
                for i, t in enumerate(game.turns)
            ]
            self.record = json.dumps(record)
            self.view = self._view(shown)

    def _plays(self) -> list[str]:
        position = self._game.position
        if self._editing is not None or position.dice is None or position.is_over():
            return []
        legal = self.legal_plays
        if self._plays_text[0] is not legal:
            self._plays_text = (legal, [position.format_play(play) for play in legal])
        return self._plays_text[1]

    def _shown(self) -> Position:
        if self._editing is not None:
            return self._editing
        position = self._game.position
        return position.after(self._done) if self._done else position

    def _arrows(self) -> Play:
        if self._editing is not None:
            return Play()
        if self._done:
            return Play(tuple(self._done))
        game = self._game
        return game.turns[game.ply - 1].play if game.ply else Play()

    def _arrow_mover(self) -> int | None:
        game = self._game
        if self._editing is None and not self._done and game.ply:
            return game.turns[game.ply - 1].player
        return None

    def _targets(self) -> dict[int, dict[int, tuple[Move, ...]]]:
        if self._cached_targets is None:
            position = self._game.position
            playing = self._editing is None and position.dice is not None
            self._cached_targets = self.legal_plays.targets(self._done) if playing else {}
        return self._cached_targets

    def _view(self, shown: Position) -> dict[str, Any]:
        game = self._game
        variant = shown.variant
        position = game.position
        playing = self._editing is None
        turn = shown.turn
        targets = {
            self._place_name(turn, start): [self._place_name(turn, end) for end in ends]
            for start, ends in self._targets().items()
        }
        remaining: list[int] = []
        can_confirm = False
        if playing and position.dice is not None and not position.is_over():
            remaining = list(self.legal_plays.remaining_dice(self._done))
            can_confirm = not targets
        outcome = game.outcome() if playing else None
        return {
            "version": self._version,
            "variant": variant.name,
            "players": variant.players,
            "names": list(self._game.names),
            "colors": list(self._colors or THEMES[self._theme].checkers[: variant.players]),
            "theme": self._theme,
            "mode": "play" if playing else "edit",
            "perspective": self._perspective,
            "turn": turn,
            "dice": list(shown.dice) if shown.dice else None,
            "remaining": remaining,
            "can_roll": playing
            and game.started
            and position.dice is None
            and not position.is_over(),
            "can_confirm": can_confirm,
            "can_undo_move": bool(self._done),
            "targets": targets,
            "partial": format_play(variant, Play(tuple(self._done))),
            "ply": game.ply,
            "plies": len(game.turns),
            "outcome": None
            if outcome is None
            else {
                "winner": outcome.winner,
                "results": [outcome.result(p) for p in range(variant.players)],
            },
            "message": self._message,
            "pips": [shown.pip_count(p) for p in range(variant.players)],
            "position_id": shown.id,
            "edit_player": self._edit_player,
            "seats": list(self._seats),
            "bot_to_move": playing
            and not position.is_over()
            and turn in self._bots
            and game.ply == len(game.turns),
            "analysis": self._analysis,
        }

    # intents in --------------------------------------------------------------------

    def _on_intent(self, _: Any, content: Any, buffers: Any) -> None:
        reply: dict[str, Any] = {"kind": "reply", "id": None, "ok": False, "error": None}
        try:
            if not isinstance(content, dict) or content.get("kind") != "intent":
                raise IntentError("not an intent: expected {kind: 'intent', ...}")
            ident = content.get("id")
            if isinstance(ident, int) and not isinstance(ident, bool):
                reply["id"] = ident
            extra = self._handle(content)
            reply.update(ok=True, **extra)
        except (ValueError, TypeError) as error:
            rule = getattr(error, "rule", None)
            text = getattr(error, "reason", None) or str(error)
            reply["error"] = {"text": text, "rule": rule}
            self._message = {"kind": "error", "text": text, "rule": rule}
            self.view = {**self.view, "message": self._message}
        self.send(reply)

    def _handle(self, intent: dict[str, Any]) -> dict[str, Any]:
        action = intent.get("action")
        if not isinstance(action, str) or action not in INTENT_FIELDS:
            raise IntentError(f"unknown action {action!r}")
        fields = INTENT_FIELDS[action]
        unknown = set(intent) - {"kind", "id", "version", "action", *fields}
        if unknown:
            raise IntentError(f"{action}: unexpected field(s) {sorted(unknown)}")
        missing = [name for name in fields if name not in intent]
        if missing:
            raise IntentError(f"{action}: missing field(s) {missing}")
        version = intent.get("version")
        if version != self._version:
            raise IntentError(
                f"the board changed since that request (version {version!r}, now "
                f"{self._version}): nothing was done; try again"
            )
        result: dict[str, Any] | None = getattr(self, f"_do_{action}")(intent)
        return result or {}

    def _do_roll(self, intent: dict[str, Any]) -> None:
        self.roll()

    def _do_set_dice(self, intent: dict[str, Any]) -> None:
        self.set_dice(*_dice_field(intent, "dice"))

    def _do_move(self, intent: dict[str, Any]) -> None:
        self.move(_text(intent, "from"), _text(intent, "to"))

    def _do_undo_move(self, intent: dict[str, Any]) -> None:
        self.undo_move()

    def _do_confirm(self, intent: dict[str, Any]) -> None:
        self.confirm()

    def _do_play(self, intent: dict[str, Any]) -> None:
        self.play(self._listed(intent))

    def _do_preview(self, intent: dict[str, Any]) -> dict[str, Any]:
        play = self._listed(intent)
        position = self._game.position
        svg = board_svg(
            position.after(play.moves),
            perspective=self._perspective,
            arrows=play,
            mover=position.turn,
            theme=self._theme,
            names=self._game.names,
            colors=self._colors,
        )
        return {"svg": str(svg)}

    def _listed(self, intent: dict[str, Any]) -> Play:
        self._require_play()
        plays = list(self.legal_plays) if self._game.position.dice else []
        return plays[_integer(intent, "index", 0, len(plays) - 1)]

    def _do_goto(self, intent: dict[str, Any]) -> None:
        self.goto(_integer(intent, "ply", 0, len(self._game.turns)))

    def _do_step(self, intent: dict[str, Any]) -> None:
        self.step(_integer(intent, "delta", -1, 1))

    def _do_set_perspective(self, intent: dict[str, Any]) -> None:
        self.perspective = intent["player"]

    def _do_edit(self, intent: dict[str, Any]) -> None:
        self.edit(_flag(intent, "on"))

    def _do_edit_player(self, intent: dict[str, Any]) -> None:
        self._require_edit()
        self._edit_player = self._player(intent["player"], "player")
        self._changed()

    def _do_edit_place(self, intent: dict[str, Any]) -> None:
        delta = intent["delta"]
        if isinstance(delta, bool) or delta not in (1, -1):
            raise IntentError(f"edit_place: delta must be 1 or -1, got {delta!r}")
        self._rearrange(intent["player"], _text(intent, "place"), delta)

    def _do_edit_turn(self, intent: dict[str, Any]) -> None:
        self.set_turn(intent["player"])

    def _do_edit_dice(self, intent: dict[str, Any]) -> None:
        dice = intent["dice"]
        self.set_setup_dice(None if dice is None else _dice_field(intent, "dice"))

    def _do_edit_reset(self, intent: dict[str, Any]) -> None:
        self.reset()

    def _do_edit_clear(self, intent: dict[str, Any]) -> None:
        self.clear()

    def _do_set_seat(self, intent: dict[str, Any]) -> None:
        self.set_seat(intent["player"], intent["seat"])

    def _do_bot_turn(self, intent: dict[str, Any]) -> None:
        self.bot_turn()

    def _do_hints(self, intent: dict[str, Any]) -> None:
        self.hints()

    def _do_analyse(self, intent: dict[str, Any]) -> None:
        self.analyse()

    def _do_cancel_analysis(self, intent: dict[str, Any]) -> None:
        self.cancel_analysis()

    # checks -------------------------------------------------------------------------

    def _require_play(self) -> None:
        if self._editing is not None:
            raise IntentError("the board is in edit mode: leave it to play")

    def _require_edit(self) -> Position:
        if self._editing is None:
            raise IntentError("set-ups change in edit mode only: call edit() first")
        return self._editing

    def _player(self, player: Any, what: str) -> int:
        players = self._game.variant.players
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < players:
            raise IntentError(f"{what} must be a player 0..{players - 1}, got {player!r}")
        return player

    def _name(self, player: int) -> str:
        return self._game.names[player]

    def _path(
        self, player: int, place: Place, what: str, allow_bar: bool = True, allow_off: bool = True
    ) -> int:
        """A place of the board as ``player``'s path index (bar 0, off N + 1)."""
        variant = self._game.variant
        if place == "bar" and allow_bar:
            return BAR
        if place == "off" and allow_off:
            return variant.off
        number = int(place) if isinstance(place, str) and place.isdigit() else place
        if isinstance(number, bool) or not isinstance(number, int):
            raise IntentError(f"{what}: {place!r} is not a point, 'bar' or 'off'")
        if not 1 <= number <= variant.points:
            raise IntentError(f"{what}: point {number} is not on the board (1..{variant.points})")
        return variant.path(player, number)

    def _place_name(self, player: int, index: int) -> str:
        variant = self._game.variant
        if index == BAR:
            return "bar"
        if index == variant.off:
            return "off"
        return str(variant.absolute(player, index))

    def _why_not(self, plays: LegalPlays, start: int, end: int) -> ValueError:
        """The rule a requested checker move breaks, as the engine explains it."""
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

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[Any, Any], dict[Any, Any]] | None:
        """The widget, plus the board as SVG where widgets cannot run (GitHub, nbviewer)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is not None:
            bundle[0]["image/svg+xml"] = self.svg
        return bundle


def _results(found: RolloutResult | list[Hint]) -> dict[str, Any]:
    """An analysis as plain data for the board: chances per player, or ranked plays."""
    if isinstance(found, RolloutResult):
        return {"games": found.games, **_chances(found)}
    return {
        "hints": [
            {
                "text": hint.notation or "(no legal move)",
                "games": hint.result.games,
                "win": hint.win,
                "low": hint.interval[0],
                "high": hint.interval[1],
                "gammon": hint.result.gammon_wins[hint.player],
            }
            for hint in found
        ]
    }


def _chances(result: RolloutResult) -> dict[str, Any]:
    return {
        "wins": list(result.wins),
        "intervals": [list(pair) for pair in result.intervals],
        "gammons": list(result.gammon_wins),
    }


def _dice(dice: Iterable[int]) -> str:
    return "-".join(map(str, dice))


def _text(intent: Mapping[str, Any], name: str) -> str:
    value = intent[name]
    if not isinstance(value, str) or len(value) > 8:
        raise IntentError(f"{name} must be a place such as '13', 'bar' or 'off', got {value!r}")
    return value


def _integer(intent: Mapping[str, Any], name: str, low: int, high: int) -> int:
    value = intent[name]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise IntentError(f"{name} must be a whole number {low}..{high}, got {value!r}")
    return value


def _dice_field(intent: Mapping[str, Any], name: str) -> list[int]:
    value = intent[name]
    if not isinstance(value, list) or len(value) != 2:
        raise IntentError(f"{name} must be two dice such as [3, 1], got {value!r}")
    for die in value:
        if isinstance(die, bool) or not isinstance(die, int) or not 1 <= die <= 6:
            raise IntentError(f"{name}: a die shows 1..6, got {die!r}")
    return value


def _position_from_text(text: str) -> Position:
    try:
        return Position.from_id(text)
    except ValueError as own:
        try:
            return from_gnubg_id(text)
        except ValueError:
            raise own from None


INTENT_FIELDS: dict[str, tuple[str, ...]] = {
    "roll": (),
    "set_dice": ("dice",),
    "move": ("from", "to"),
    "undo_move": (),
    "confirm": (),
    "play": ("index",),
    "preview": ("index",),
    "goto": ("ply",),
    "step": ("delta",),
    "set_perspective": ("player",),
    "edit": ("on",),
    "edit_player": ("player",),
    "edit_place": ("player", "place", "delta"),
    "edit_turn": ("player",),
    "edit_dice": ("dice",),
    "edit_reset": (),
    "edit_clear": (),
    "set_seat": ("player", "seat"),
    "bot_turn": (),
    "hints": (),
    "analyse": (),
    "cancel_analysis": (),
}
"""Each action of docs/widget-protocol.md and the fields it needs; ``_do_<action>``
carries it out."""


def _flag(intent: Mapping[str, Any], name: str) -> bool:
    value = intent[name]
    if not isinstance(value, bool):
        raise IntentError(f"{name} must be true or false, got {value!r}")
    return value
