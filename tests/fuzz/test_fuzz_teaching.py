"""Fuzzing the teacher's toolkit and the lessons (issue 23): any argument of any type
gives a value or a ``ValueError`` (``test_fuzz_parsers.holds``), never an
AttributeError, IndexError or TypeError; a set-up written back by the numbers X reads
is the same position."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from tests.fuzz.test_fuzz_parsers import anything, fuzz, holds
from trigammon_widget.engine import CLASSIC, TRIGAMMON, Cube, MatchState, Position
from trigammon_widget.teaching import lessons, toolkit

EXAMPLES = {"helpers": 600, "setups": 300}
"""Inputs per property in a default run."""

POSITIONS = [Position.start(CLASSIC), Position.start(TRIGAMMON).with_dice(6, 5)]
FIGURE_OPTIONS = (
    "arrows",
    "best",
    "highlight",
    "perspective",
    "mover",
    "numbering",
    "names",
    "cube",
    "match",
    "size",
)
plausible = st.one_of(
    anything,
    st.sampled_from(
        [
            "13/8 24/21",
            "12/18(2)",
            "bar/3*",
            [(13, 8)],
            [("bar", 3)],
            [13, "bar", "off"],
            Cube(2, 0),
            MatchState(5, (1, 2)),
            {"X": {6: 5}},
            {"X": {"bar": 1, 30: 14}},
            {"O": {1: 16}},
        ]
    ),
)


@st.composite
def calls(draw: st.DrawFn) -> tuple[str, Any, Any, Any]:
    return (
        draw(
            st.sampled_from(
                ["setup", "arrows", "figure", "shots", "roll", "table", "reveal", "row", "rule"]
            )
        ),
        draw(plausible),
        draw(plausible),
        draw(st.sampled_from(FIGURE_OPTIONS)),
    )


def check_helper(drawn: tuple[str, Any, Any, Any]) -> None:
    """Found by the red team: ``toolkit.setup('classic', {'X': 5})`` raised
    AttributeError, ``attempt_arrows(..., mover=7)`` IndexError and ``figure(...,
    arrows=5)`` TypeError."""
    name, first, second, option = drawn
    position = POSITIONS[hash(name) % 2]
    call = {
        "setup": lambda: toolkit.setup(CLASSIC if isinstance(second, int) else TRIGAMMON, first),
        "arrows": lambda: toolkit.attempt_arrows(position, first, second),
        "figure": lambda: toolkit.figure(position, "a caption", **{option: first}),
        "shots": lambda: toolkit.shots(position, first),
        "roll": lambda: toolkit.roll(first),
        "table": lambda: toolkit.table(first, second),
        "reveal": lambda: toolkit.reveal(first, second),
        "row": lambda: toolkit.row(first, second),
        "rule": lambda: lessons.find_rule(first),
    }[name]
    holds(call)


test_helpers, test_helpers_slow = fuzz("helpers", calls(), check_helper, EXAMPLES["helpers"])


@st.composite
def setups(draw: st.DrawFn) -> tuple[Any, dict[str, dict[Any, Any]]]:
    variant = draw(st.sampled_from([CLASSIC, TRIGAMMON]))
    letters = "XO" if variant is CLASSIC else "XOV"
    points = st.one_of(
        st.integers(0, variant.points + 1), st.just("bar"), anything.filter(_hashable)
    )
    counts = st.one_of(st.integers(0, 16), anything)
    checkers = st.dictionaries(
        st.sampled_from(letters), st.dictionaries(points, counts, max_size=4), max_size=3
    )
    return variant, draw(checkers)


def _hashable(value: Any) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def check_setup(drawn: tuple[Any, dict[str, dict[Any, Any]]]) -> None:
    variant, checkers = drawn
    position = holds(lambda: toolkit.setup(variant, checkers))
    if position is not None:  # the ID refuses what no game can stand in (check_reachable)
        again = holds(lambda: Position.from_id(position.id))
        assert again is None or again == position


test_setups, test_setups_slow = fuzz("setups", setups(), check_setup, EXAMPLES["setups"])
