"""Fuzzing records and match files (issue 23): their writers against their readers.

For any match the engine holds (random players' names and match information, random
plays, cube actions and resignations), each writer writes a file its reader reads back
as the same match, or (only .mat, which has no escapes) refuses with a ``ValueError``
what it cannot carry; for any tree of variations (deep or wide), the JSON record reads
back the same, within the size limit and never nested more than four levels; and any
edit of a record is read or refused with a ``ValueError`` within the bounds of
``test_fuzz_parsers``. A default run tries ``sum(EXAMPLES.values())`` inputs;
``-m slow`` ``SLOW_FACTOR`` times as many.
"""

from __future__ import annotations

import copy
import json
import random
from functools import partial
from typing import Any

from hypothesis import strategies as st

from tests.fuzz.test_fuzz_parsers import anything, characters, fuzz, holds
from trigammon_widget.engine import CLASSIC, TRIGAMMON, Game, Match, MatchState
from trigammon_widget.engine.match import INFO_KEYS
from trigammon_widget.engine.records import MAX_RECORD_CHARS

EXAMPLES = {"match_files": 60, "trees": 40, "flat_records": 300}
"""Inputs per property in a default run."""


# match files --------------------------------------------------------------------------

odd = st.one_of(
    characters, st.sampled_from([" ", ":", "0", "[", "]", '"', "\\", "\u202e", "\u202c"])
)
pieces = st.one_of(st.text(odd, max_size=3), st.sampled_from([" : ", " : 12 ", "Wins ", '"]']))
names = st.lists(pieces, min_size=1, max_size=10).map("".join)
infos = st.dictionaries(
    st.sampled_from(INFO_KEYS),
    st.lists(st.one_of(pieces, st.just("\n")), max_size=10).map("".join),
    max_size=4,
)


@st.composite
def matches(draw: st.DrawFn) -> tuple[tuple[str, str], dict[str, str], int, int]:
    return (
        (draw(names), draw(names)),
        draw(infos),
        draw(st.sampled_from([0, 1, 3, 7, 40])),
        draw(st.integers(0, 2**32 - 1)),
    )


def played(names: tuple[str, str], length: int, seed: int) -> Match:
    """A short match of random plays, cube actions and resignations."""
    rng = random.Random(seed)
    match = Match(length, names=names, seed=seed, jacoby=not length and seed % 2 == 0)
    for _ in range(3):
        game = match.game
        while not game.started:
            game.roll_opening()
        while not game.is_over() and len(game.turns) < 30:
            actions = game.match_position.legal_cube_actions()
            if actions and (game.cube.offered or rng.random() < 0.1):
                getattr(game, rng.choice(actions))()
            else:
                if game.position.dice is None:
                    game.roll()
                game.play(rng.choice(list(game.legal_plays())))
        if not game.is_over():
            game.resign(rng.randint(1, 3), player=rng.randrange(2))
        if match.is_over():
            break
        match.new_game()
    return match


def same(one: Match, other: Match) -> bool:
    def games(match: Match) -> list[object]:
        return [(g.match_state, g.turns, g.result(-1)) for g in match.games]

    return (one.names, one.info, games(one)) == (other.names, other.info, games(other))


def check_match_file(drawn: tuple[tuple[str, str], dict[str, str], int, int]) -> None:
    names, info, length, seed = drawn
    match = holds(lambda: played(names, length, seed))
    if match is None:  # names the engine refuses: refused everywhere
        return
    match.info = info
    if holds(lambda: match.to_json()) is None:  # information the engine refuses
        return
    assert same(Match.from_sgf(match.to_sgf()), match)
    assert Match.from_json(match.to_json()).to_dict() == match.to_dict()
    written = holds(match.to_mat)
    if written is not None:
        assert same(Match.from_mat(written), match)


test_match_files, test_match_files_slow = fuzz(
    "match_files", matches(), check_match_file, EXAMPLES["match_files"]
)


# trees of variations -------------------------------------------------------------------


@st.composite
def trees(draw: st.DrawFn) -> tuple[Any, int, list[tuple[str, int]]]:
    shape = st.tuples(
        st.sampled_from(["deep", "wide", "play", "back", "promote", "delete"]),
        st.integers(0, 10**6),
    )
    return (
        draw(st.sampled_from([CLASSIC, TRIGAMMON])),
        draw(st.integers(0, 2**32 - 1)),
        draw(st.lists(shape, max_size=60)),
    )


def grown(variant: Any, seed: int, steps: list[tuple[str, int]]) -> Game:
    """A game grown by ``steps``: ``deep`` plays, steps back and plays another play (a
    side line one deeper), ``wide`` adds every other play of the shown roll beside the
    one played; the rest play, step back, promote or delete."""
    game = Game(variant, seed=seed)
    while game.roll_opening() is None:
        pass
    for step, pick in steps:
        if game.is_over():
            game.goto(pick % (game.ply + 1))
            continue
        if game.position.dice is None:
            game.roll()
        plays = list(game.legal_plays())
        rows = game.variations()
        if step in ("deep", "wide") and len(plays) > 1:
            ply = game.ply
            others = [p for p in plays if p != plays[pick % len(plays)]]
            game.play(plays[pick % len(plays)])
            for other in others[: 1 if step == "deep" else 40]:
                game.goto(ply)
                game.play(other)
        elif step == "back" and game.ply:
            game.goto(pick % game.ply)
        elif step == "promote" and rows:
            game.promote_variation(pick % len(rows))
        elif step == "delete" and rows:
            game.delete_variation(pick % len(rows))
        else:
            game.play(plays[pick % len(plays)])
    return game


def depth(text: str) -> int:
    """How many levels of arrays and objects a JSON text nests."""
    deepest, stack = 0, [(json.loads(text), 1)]
    while stack:
        value, level = stack.pop()
        deepest = max(deepest, level)
        children = (
            value.values() if isinstance(value, dict) else value if isinstance(value, list) else []
        )
        stack.extend((child, level + 1) for child in children if isinstance(child, dict | list))
    return deepest


def check_tree(drawn: tuple[Any, int, list[tuple[str, int]]]) -> None:
    game = grown(*drawn)
    for indent in (2, None):
        text = holds(partial(game.to_json, indent=indent))
        assert text is not None and len(text) <= MAX_RECORD_CHARS and depth(text) <= 4
        again = holds(partial(Game.from_json, text))
        assert again is not None and again.to_dict() == game.to_dict()


test_trees, test_trees_slow = fuzz("trees", trees(), check_tree, EXAMPLES["trees"])


# records edited ---------------------------------------------------------------------

SEED_RECORDS = [
    grown(CLASSIC, 5, [("deep", 3), ("play", 1), ("wide", 2), ("back", 1), ("deep", 9)]).to_dict(),
    grown(TRIGAMMON, 6, [("wide", 3), ("deep", 1), ("deep", 2), ("back", 4)]).to_dict(),
]
SEED_RECORDS.append(
    {**copy.deepcopy(SEED_RECORDS[0]), "match": {"length": 5, "score": [1, 2], "crawford": False}}
)


@st.composite
def edited_records(draw: st.DrawFn) -> Any:
    """A record with a few of its values replaced: an entry's ``after``, ``player``,
    ``dice``, ``play``, a ``line`` step, or an entry dropped, copied or moved."""
    record = copy.deepcopy(draw(st.sampled_from(SEED_RECORDS)))
    turns = record["turns"]
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, max(0, len(turns) - 1)))
        edit = draw(
            st.sampled_from(
                ["after", "player", "dice", "play", "line", "drop", "copy", "move", "any"]
            )
        )
        if not turns:
            break
        if edit in ("after", "player", "dice", "play"):
            turns[at][edit] = draw(st.one_of(st.integers(-2, len(turns) + 2), anything))
        elif edit == "line" and isinstance(record["line"], list) and record["line"]:
            # (an earlier "any" edit may have made the line something else)
            record["line"][at % len(record["line"])] = draw(st.one_of(st.integers(-1, 3), anything))
        elif edit == "drop":
            del turns[at]
        elif edit == "copy":
            turns.insert(draw(st.integers(0, len(turns))), copy.deepcopy(turns[at]))
        elif edit == "move":
            turns.insert(draw(st.integers(0, len(turns))), turns.pop(at))
        else:
            record[draw(st.sampled_from(sorted(record)))] = draw(anything)
    return record


def check_flat_record(record: Any) -> None:
    game = holds(lambda: Game.from_dict(record))
    if game is not None:
        assert Game.from_json(game.to_json()).to_dict() == game.to_dict()


test_flat_records, test_flat_records_slow = fuzz(
    "flat_records", edited_records(), check_flat_record, EXAMPLES["flat_records"]
)


def test_a_match_state_survives_a_flat_record() -> None:
    game = holds(lambda: Game.from_dict(SEED_RECORDS[2]))
    assert game is not None and game.match_state == MatchState(5, (1, 2))
