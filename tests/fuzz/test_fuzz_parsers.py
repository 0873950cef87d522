"""Fuzzing every parser and loader of the engine (issue 10).

The contract, for any input: a valid value (checked by a round trip) or a
``ValueError`` subclass; within ``TIME_BOUND`` seconds; a message of at most
``MESSAGE_BOUND`` characters. Anything else (``TypeError``, ``KeyError``,
``RecursionError``...) escapes and fails the test.

Inputs are random values of every JSON and Python type, oversized text, and valid
IDs, notation and records with a few random edits, which reach the deep checks.
A default run tries ``sum(EXAMPLES.values())`` = 7,400 inputs in about 20 s;
``pytest -m slow tests/fuzz`` runs each property ``SLOW_FACTOR`` times as long
(148,000 inputs).
"""

from __future__ import annotations

import copy
import gc
import json
import time
from collections.abc import Callable
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.paths import GNUBG_FILES
from trigammon_widget.engine import (
    CLASSIC,
    TRIGAMMON,
    VARIANTS,
    Cube,
    Game,
    InvalidPositionError,
    Match,
    MatchPosition,
    MatchState,
    Play,
    Position,
    Variant,
    find_variant,
    from_gnubg_id,
    from_xgid,
    random_positions,
    to_gnubg_id,
    to_xgid,
)
from trigammon_widget.engine.position import check_reachable
from trigammon_widget.engine.variant import OPTIONS

T = TypeVar("T")

TIME_BOUND = 1.0
"""Seconds of the calling thread's CPU time one call may take; real calls take
milliseconds. The thread's CPU time, not the clock (on a shared machine the clock also
counts other work) nor the process's (which counts the worker's other threads too)."""
MESSAGE_BOUND = 1000
"""Characters an error message may have, whatever the input's size."""
SLOW_FACTOR = 20
HUGE = 3_000_000
"""Characters of the longest text tried: above every limit (the largest, a JSON record's,
is 2,000,000)."""
EXAMPLES = {
    "own_ids": 800,
    "xgids": 600,
    "gnubg_ids": 600,
    "match_ids": 400,
    "match_files": 300,
    "notation": 800,
    "position_dicts": 600,
    "build": 600,
    "records": 600,
    "json_records": 600,
    "variants": 300,
    "options": 400,
    "anything": 800,
}
"""Inputs per property in a default run."""


def holds(call: Callable[[], T]) -> T | None:
    """The value of ``call()``, or None when it raised a ValueError; the bounds checked.
    The garbage collector waits while the call is timed: a full collection costs what
    the worker's whole heap holds after its earlier tests, not what the call does."""
    gc.disable()
    started = time.thread_time()
    try:
        value: T | None = call()
    except ValueError as error:
        message = str(error)
        assert len(message) <= MESSAGE_BOUND, message[:MESSAGE_BOUND]
        value = None
    finally:
        spent = time.thread_time() - started
        gc.enable()
    assert spent < TIME_BOUND, f"{spent:.3f} s of CPU"
    return value


def fuzz(
    name: str,
    strategy: st.SearchStrategy[T],
    check: Callable[[T], None],
    examples: int | None = None,
) -> tuple[Callable[[], None], Callable[[], None]]:
    """``check`` as a property tried on ``examples`` inputs (default: EXAMPLES[name]),
    and a slow run ``SLOW_FACTOR`` times as long."""
    count = EXAMPLES[name] if examples is None else examples

    def run(examples: int) -> Callable[[], None]:
        return settings(
            max_examples=examples,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        )(given(strategy)(check))

    return run(count), pytest.mark.slow(run(count * SLOW_FACTOR))


# inputs -------------------------------------------------------------------------------

huge_integers = st.sampled_from([20, 4300, 5000]).map(lambda digits: 10**digits)
"""Integers past Python's limit for str(), which a careless message would hit."""
characters = st.one_of(
    st.characters(),
    st.characters(categories=["Cc", "Cs", "Zl", "Zp", "Cf"]),
    st.sampled_from("0123456789/*():= -_+ABCDEFGHIJKLMNOPabcdefghijklmnopTCXGIDbarof²٣"),
)
texts = st.text(characters, max_size=60)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 40),
    st.integers(),
    huge_integers,
    st.floats(),
    texts,
    st.binary(max_size=8),
)
anything = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.tuples(inner, inner),
        st.dictionaries(st.one_of(texts, st.integers(-2, 40), st.booleans()), inner, max_size=4),
    ),
    max_leaves=12,
)


@st.composite
def edited(draw: st.DrawFn, seeds: list[str]) -> str:
    """One of ``seeds`` with a few random edits, or cut, or repeated to a huge size."""
    text = draw(st.sampled_from(seeds))
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.integers(0, len(text)))
        edit = draw(st.sampled_from(["replace", "insert", "delete", "cut", "repeat"]))
        if edit == "replace":
            text = text[:at] + draw(characters) + text[at + 1 :]
        elif edit == "insert":
            text = text[:at] + draw(texts) + text[at:]
        elif edit == "delete":
            text = text[:at] + text[at + 1 :]
        elif edit == "cut":
            text = text[:at]
        else:  # up to about 3 MB, beyond every size limit
            times = draw(st.sampled_from([2, 3, 1000, 100_000]))
            text *= max(1, min(times, HUGE // max(1, len(text))))
    return text


CORPUS = [
    *random_positions(TRIGAMMON, 30, seed=11),
    *random_positions(CLASSIC, 30, seed=11),
    Position.build(CLASSIC, {1: {5: 15}}),
    Position.build(TRIGAMMON, {0: {36: 1}, 1: {"bar": 2}}, turn=1),
]
CLASSICS = [position for position in CORPUS if position.variant == CLASSIC]
OWN_IDS = [position.id for position in CORPUS]
XGIDS = [to_xgid(position) for position in CLASSICS]
GNUBG_IDS = [to_gnubg_id(position) for position in CLASSICS]


def any_text(seeds: list[str]) -> st.SearchStrategy[Any]:
    return st.one_of(edited(seeds), texts, anything)


# IDs ----------------------------------------------------------------------------------


def check_own_id(text: Any) -> None:
    position = holds(lambda: Position.from_id(text))
    if position is not None:
        assert Position.from_id(position.id) == position


test_own_ids, test_own_ids_slow = fuzz("own_ids", any_text(OWN_IDS), check_own_id)


def check_xgid(text: Any) -> None:
    position = holds(lambda: from_xgid(text))
    if position is not None:
        assert from_xgid(to_xgid(position)) == position


test_xgids, test_xgids_slow = fuzz("xgids", any_text(XGIDS), check_xgid)


def check_gnubg_id(text: Any) -> None:
    position = holds(lambda: from_gnubg_id(text))
    if position is not None:  # gnubg writes the higher die first, whatever was read
        again = from_gnubg_id(to_gnubg_id(position))
        assert (again.boards, again.turn) == (position.boards, position.turn)
        assert sorted(again.dice or ()) == sorted(position.dice or ())


test_gnubg_ids, test_gnubg_ids_slow = fuzz(
    "gnubg_ids", any_text(GNUBG_IDS + [text.split(":")[0] for text in GNUBG_IDS]), check_gnubg_id
)


MATCH_POSITIONS = [
    MatchPosition(position, Cube(4, 1), MatchState(7, (2, 5))) for position in CLASSICS[:10]
] + [
    MatchPosition(Position.start(CLASSIC), Cube(2, 0), MatchState(jacoby=True)).double(),
    MatchPosition(Position.start(CLASSIC), state=MatchState(5, (4, 1), crawford=True)),
    MatchPosition(Position.start(TRIGAMMON), state=MatchState(9, (3, 0, 8))),
]
MATCH_IDS = [match.id for match in MATCH_POSITIONS]
MATCH_IDS += [match.xgid for match in MATCH_POSITIONS if match.position.variant.players == 2]
MATCH_IDS += [match.gnubg_id for match in MATCH_POSITIONS if match.position.variant.players == 2]


def check_match_id(text: Any) -> None:
    for read in (MatchPosition.from_id, MatchPosition.from_xgid, MatchPosition.from_gnubg_id):
        match = holds(lambda read=read: read(text))  # type: ignore[misc]
        if match is not None:
            assert MatchPosition.from_id(match.id) == match
            if match.position.variant == CLASSIC:
                assert MatchPosition.from_xgid(match.xgid) == match
            elif match.position.variant.players == 2:  # classic with Readings of its own
                with pytest.raises(ValueError, match="standard classic"):
                    _ = match.xgid


test_match_ids, test_match_ids_slow = fuzz("match_ids", any_text(MATCH_IDS), check_match_id)

DATA = GNUBG_FILES
MATCH_FILES = [(DATA / name).read_text() for name in ("money.mat", "money.sgf")]


def check_match_file(text: Any) -> None:
    for read, write in ((Match.from_mat, Match.to_mat), (Match.from_sgf, Match.to_sgf)):
        match = holds(lambda read=read: read(text))  # type: ignore[misc]
        if match is not None:
            again = read(write(match))
            assert [game.turns for game in again.games] == [game.turns for game in match.games]


test_match_files, test_match_files_slow = fuzz(
    "match_files", any_text(MATCH_FILES), check_match_file
)


# notation -------------------------------------------------------------------------------

ROLLED = [position for position in CORPUS if position.dice is not None]
NOTATION = [
    position.format_play(play) for position in ROLLED[::5] for play in position.legal_plays()
]


def check_notation(case: tuple[Position, Any]) -> None:
    position, text = case
    play = holds(lambda: position.parse_play(text))
    if play is not None:
        assert isinstance(play, Play) and play in position.legal_plays()
        assert position.parse_play(position.format_play(play)) == play


test_notation, test_notation_slow = fuzz(
    "notation",
    st.tuples(
        st.sampled_from([*ROLLED, CORPUS[-2], CORPUS[-1]]),
        st.one_of(edited(NOTATION), texts, anything),
    ),
    check_notation,
)


# dicts and records ----------------------------------------------------------------------


@st.composite
def mutated(draw: st.DrawFn, node: Any) -> Any:
    """``node`` (JSON data) with one random change somewhere inside."""
    if isinstance(node, dict) and node and draw(st.integers(0, 3)):
        key = draw(st.sampled_from(sorted(node, key=str)))
        action = draw(st.sampled_from(["descend", "descend", "delete", "add"]))
        changed = dict(node)
        if action == "descend":
            changed[key] = draw(mutated(node[key]))
        elif action == "delete":
            del changed[key]
        else:
            changed[draw(st.one_of(texts, st.integers(-2, 40)))] = draw(anything)
        return changed
    if isinstance(node, list) and node and draw(st.integers(0, 3)):
        index = draw(st.integers(0, len(node) - 1))
        action = draw(st.sampled_from(["descend", "descend", "delete", "repeat"]))
        changed_list = list(node)
        if action == "descend":
            changed_list[index] = draw(mutated(node[index]))
        elif action == "delete":
            del changed_list[index]
        else:
            changed_list.insert(index, copy.deepcopy(node[index]))
        return changed_list
    if isinstance(node, str) and draw(st.booleans()):
        return draw(edited([node]))
    return draw(anything)


def small_games() -> list[Game]:
    classic = Game(CLASSIC, seed=3, names=("Ann", "Bo"))
    classic.roll_opening([2, 2])
    classic.roll_opening([6, 1])
    for _ in range(4):
        classic.play(list(classic.legal_plays())[-1])
        classic.roll()
    classic.goto(2)
    tied = Game(TRIGAMMON, seed=1)
    tied.roll_opening([5, 5, 1])
    setup = Game(start=CORPUS[3], seed=2)
    for _ in range(3):
        setup.play(next(iter(setup.legal_plays())))
        setup.roll()
    over = Game(start=Position.build(CLASSIC, {0: {24: 1}, 1: {5: 15}}, dice=(2, 1)))
    over.play("1/off")
    return [classic, tied, setup, over]


RECORDS = [game.to_dict() for game in small_games()]
POSITION_DICTS = [position.to_dict() for position in CORPUS]


def check_position_dict(data: Any) -> None:
    position = holds(lambda: Position.from_dict(data))
    if position is not None:
        assert Position.from_dict(json.loads(json.dumps(position.to_dict()))) == position


test_position_dicts, test_position_dicts_slow = fuzz(
    "position_dicts",
    st.one_of(st.sampled_from(POSITION_DICTS).flatmap(mutated), anything),
    check_position_dict,
)


places = st.one_of(st.integers(-2, 40), st.just("bar"), st.booleans(), texts, st.floats())
counts = st.one_of(st.integers(-3, 20), st.booleans(), texts, st.none(), huge_integers)
checkers = st.one_of(
    st.dictionaries(
        st.one_of(st.integers(-1, 4), st.booleans(), texts),
        st.one_of(st.dictionaries(places, counts, max_size=6), anything),
        max_size=4,
    ),
    anything,
)


def check_build(case: tuple[Any, Any, Any, Any]) -> None:
    variant, placed, turn, dice = case
    position = holds(lambda: Position.build(variant, placed, turn, dice))
    if position is None:
        return
    try:
        check_reachable(position)
    except InvalidPositionError:  # an editor's cleared board: no loader reads it (R12)
        with pytest.raises(InvalidPositionError, match="R12"):
            Position.from_dict(position.to_dict())
    else:
        assert Position.from_dict(position.to_dict()) == position


test_build, test_build_slow = fuzz(
    "build",
    st.tuples(
        st.one_of(st.sampled_from(["classic", "trigammon", *VARIANTS]), anything),
        checkers,
        st.one_of(st.integers(-1, 3), anything),
        st.one_of(st.none(), st.tuples(st.integers(0, 7), st.integers(0, 7)), anything),
    ),
    check_build,
)


def replayed(game: Game | None) -> None:
    if game is not None:
        assert Game.from_dict(game.to_dict()).to_dict() == game.to_dict()


def check_record(data: Any) -> None:
    replayed(holds(lambda: Game.from_dict(data)))


test_records, test_records_slow = fuzz(
    "records", st.one_of(st.sampled_from(RECORDS).flatmap(mutated), anything), check_record
)


def as_json(data: Any) -> str:
    """``data`` in JSON, or ``null`` for what JSON cannot hold (bytes, huge integers)."""
    try:
        return json.dumps(data)
    except (TypeError, ValueError):
        return "null"


JSON_RECORDS = [json.dumps(record, indent=indent) for record in RECORDS for indent in (None, 1)]


def check_json_record(text: Any) -> None:
    replayed(holds(lambda: Game.from_json(text)))


test_json_records, test_json_records_slow = fuzz(
    "json_records",
    st.one_of(
        edited(JSON_RECORDS),
        st.sampled_from(RECORDS).flatmap(mutated).map(as_json),
        st.sampled_from(["[", "{", '{"a": ', "[1, "]).map(lambda s: s * 50_000),
        texts,
        anything,
    ),
    check_json_record,
)


# variants -------------------------------------------------------------------------------


def check_find_variant(name: Any) -> None:
    variant = holds(lambda: find_variant(name))
    if variant is not None:
        assert variant in VARIANTS


test_variants, test_variants_slow = fuzz(
    "variants",
    st.one_of(st.sampled_from(["Classic", " trigammon ", "backgammon"]), anything),
    check_find_variant,
)


option_values = st.sampled_from([value for values in OPTIONS.values() for value in values])


def check_with_options(case: tuple[Variant, dict[str, Any]]) -> None:
    base, options = case
    variant = holds(lambda: base.with_options(**options))
    if variant is not None:
        assert (variant.name, variant.players, variant.points) == (
            base.name,
            base.players,
            base.points,
        )
        assert Position.from_id(Position.start(variant).id).variant == variant


test_options, test_options_slow = fuzz(
    "options",
    st.tuples(
        st.sampled_from(VARIANTS),
        st.dictionaries(
            st.one_of(st.sampled_from([*OPTIONS, "points", "players", "name", "_to_abs"]), texts),
            st.one_of(option_values, anything),
            max_size=3,
        ),
    ),
    check_with_options,
)


# every loader, any value ----------------------------------------------------------------

LOADERS: list[Callable[[Any], object]] = [
    Position.from_id,
    from_xgid,
    from_gnubg_id,
    Position.from_dict,
    Game.from_dict,
    Game.from_json,
    find_variant,
    Position.start,
    lambda value: Position.build(CLASSIC, value),
    lambda value: Position.start(CLASSIC).with_dice(3, 1).parse_play(value),
    lambda value: Position.start(CLASSIC).with_dice(3, 1).play(value),
    lambda value: Position.start(CLASSIC).legal_plays(dice=value),
    lambda value: Game(CLASSIC, names=value),
    lambda value: Game(start=value),
    lambda value: Game(value),
]


def check_anything(case: tuple[int, Any]) -> None:
    index, value = case
    holds(lambda: LOADERS[index](value))


test_anything, test_anything_slow = fuzz(
    "anything", st.tuples(st.sampled_from(range(len(LOADERS))), anything), check_anything
)


def test_the_docstring_counts_the_inputs() -> None:
    assert __doc__ is not None
    total = sum(EXAMPLES.values())
    assert f"= {total:,} inputs" in __doc__
    assert f"({total * SLOW_FACTOR:,} inputs)" in __doc__
