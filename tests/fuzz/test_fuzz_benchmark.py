"""Fuzzing the three-player benchmark (issue 42): ``play_table`` and ``score_references``
refuse any wrong argument with a ``ValueError`` whose message stays short, before a
game starts (the bot is never asked to choose), within the bounds of
``test_fuzz_parsers.holds``; and a cancel stops a table before the bot's next choice,
counted in choices, not seconds, so that a busy machine changes nothing."""

from __future__ import annotations

import threading
from typing import Any

from hypothesis import strategies as st

from tests.fuzz.test_fuzz_parsers import fuzz, holds
from trigammon_widget.engine import Position
from trigammon_widget.engine.moves import Play
from trigammon_widget.judgement.play.bots import HeuristicBot
from trigammon_widget.judgement.training.benchmark import (
    TABLES,
    play_table,
    references,
    score_references,
)

EXAMPLES = {"arguments": 300}
"""Inputs per property in a default run."""
HUGE = "x" * 10_000_000
"""A 10 MB text: a message may quote a short prefix of it, never the whole."""


class Counting:
    """A bot with ``choose`` alone (the heuristic's plays) that counts its choices and
    sets ``cancel`` at its ``stop_at``-th one, as a person pressing cancel mid-game."""

    def __init__(self, cancel: threading.Event | None = None, stop_at: int = 0) -> None:
        self.bot = HeuristicBot()
        self.cancel = cancel
        self.stop_at = stop_at
        self.choices = 0
        self.after_cancel = 0

    def choose(self, position: Position) -> Play:
        if self.cancel is not None and self.cancel.is_set():
            self.after_cancel += 1
        self.choices += 1
        if self.cancel is not None and self.choices == self.stop_at:
            self.cancel.set()
        return self.bot.choose(position)


def test_a_cancel_stops_the_table_before_the_bots_next_choice() -> None:
    """Found by the red team (issue 42): ``play_table`` looked at cancel only when a
    chunk of 10 games ended: with a bot of 0.1 s a choice (workers=1) it returned 71 s
    after cancel. Now it stops before the bot's next choice: the game under way is
    dropped, the games finished are kept."""
    for stop_at in (3, 200):
        cancel = threading.Event()
        bot = Counting(cancel, stop_at)
        result = play_table(bot, "heuristic", 30, seed="c", workers=1, cancel=cancel)
        assert result.cancelled and bot.choices == stop_at and bot.after_cancel == 0
        assert result.games < 30 and (result.games > 0) == (stop_at == 200)
        if result.games:  # the games finished before the cancel are the table's games
            whole = play_table(Counting(), "heuristic", result.games, seed="c", workers=1)
            assert whole.result == result.result


class NoChoose:
    choose = 5


NOT_A_BOT = [None, 5, HUGE, object(), NoChoose(), HeuristicBot]
WRONG: dict[str, list[Any]] = {
    "table": [None, 5, "", HUGE, "Heuristic", ["heuristic"], b"heuristic"],
    "games": [HUGE, "30", 2.5, True, -1, 0, 1, None, 10**100, float("nan")],
    "seed": [2.5, [1], object(), b"x", HUGE, None],
    "executor": [HUGE, 5, object(), "pool"],
    "workers": [HUGE, 0, -1, 2.5, True, "2"],
    "progress": [5, "yes", HUGE, object()],
    "cancel": ["yes", 5, HUGE, True, object()],
}
"""Values each argument of ``play_table`` refuses (the table's least games is 2 for the
mixed table, drawn below)."""
WRONG_POSITIONS = [[1, 2], HUGE, 5, [None], (object(),), {"a": 1}, [*references()[:2], "x"]]


@st.composite
def calls(draw: st.DrawFn) -> tuple[str, str, Any]:
    which = draw(st.sampled_from(["play_table", "score_references"]))
    if which == "score_references":
        name = draw(st.sampled_from(["bot", "positions"]))
    else:
        name = draw(st.sampled_from(["bot", *WRONG]))
    values = {"bot": NOT_A_BOT, "positions": WRONG_POSITIONS, **WRONG}[name]
    return which, name, draw(st.sampled_from(values))


def check_call(drawn: tuple[str, str, Any]) -> None:
    which, name, value = drawn
    bot = Counting()
    if which == "score_references":
        arguments: dict[str, Any] = {"bot": bot, "positions": references()[:2], name: value}
        assert holds(lambda: score_references(**arguments)) is None, f"{name}={value!r:.50}"
    else:
        table = "mixed" if name == "games" and value == 1 else "heuristic"
        arguments = {"bot": bot, "table": table, "games": 2, "workers": 1, name: value}
        assert holds(lambda: play_table(**arguments)) is None, f"{name}={value!r:.50}"
    assert bot.choices == 0


test_arguments, test_arguments_slow = fuzz("arguments", calls(), check_call, EXAMPLES["arguments"])


def test_every_wrong_argument_is_refused_before_a_game() -> None:
    """Found by the red team (issue 42): a bot without ``choose`` (or None) raised
    AttributeError after games had started; ``progress=5`` a TypeError; ``cancel="yes"``
    and ``positions=[1, 2]`` AttributeError; a 10 MB table name or ``games`` string was
    echoed whole, in a 10-million-character message. Every value of each list, once."""
    cases = [("play_table", "bot", value) for value in NOT_A_BOT]
    cases += [("play_table", name, value) for name, values in WRONG.items() for value in values]
    cases += [("score_references", "bot", value) for value in NOT_A_BOT]
    cases += [("score_references", "positions", value) for value in WRONG_POSITIONS]
    for case in cases:
        check_call(case)


def test_the_right_arguments_still_play() -> None:
    assert set(TABLES) == {"heuristic", "trigammon-v1", "mixed", "trigammon-v3"}
    seen: list[tuple[int, int]] = []
    result = play_table(
        Counting(), "heuristic", 2, seed=7, workers=1, progress=lambda *a: seen.append(a)
    )
    assert result.games == 2 and seen[-1] == (2, 2)
    assert score_references(Counting(), list(references()[:2])).total == 2
