"""Variations: the history is a tree; lines stay legal; records keep the whole tree."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trigammon_widget.engine import CLASSIC, TRIGAMMON, Game, Position, Turn


def opening_game() -> Game:
    """Classic, X to move with 3-1 from the start; three turns on the main line."""
    game = Game(start=Position.start(CLASSIC).with_dice(3, 1), names=("Ann", "Bo"))
    game.play("8/5 6/5")
    game.roll(6, 4)
    game.play("24/14")
    game.roll(5, 2)
    game.play("13/8 13/11")
    return game


def test_a_different_play_at_an_earlier_turn_starts_a_variation() -> None:
    game = opening_game()
    main = game.turns
    game.goto(1)
    game.play("24/18 13/9")  # O's 6-4 played another way
    assert game.ply == 2 and len(game.turns) == 2
    assert game.turns[0] == main[0] and game.turns[1].notation == "24/18 13/9"
    variations = game.variations(1)
    assert [(v.index, v.turn.notation, v.length, v.current) for v in variations] == [
        (0, "24/14", 2, False),
        (1, "24/18 13/9", 1, True),
    ]
    assert not game.is_main_line
    game.switch_variation(0, ply=1)
    assert game.turns == main and game.ply == 2 and game.is_main_line


def test_the_same_play_goes_on_along_the_recorded_turns() -> None:
    game = opening_game()
    game.goto(1)
    game.play("24/14")
    assert game.ply == 2 and len(game.turns) == 3 and len(game.variations(1)) == 1


def test_replace_drops_the_later_turns() -> None:
    game = opening_game()
    game.goto(1)
    game.play("24/18 13/9", replace=True)
    assert [v.turn.notation for v in game.variations(1)] == ["24/18 13/9"]
    assert len(game.turns) == 2 and game.is_main_line


def test_other_dice_at_an_earlier_turn_keep_the_old_ones_as_a_variation() -> None:
    game = opening_game()
    game.goto(1)
    game.set_dice(2, 1)
    assert game.position.dice == (2, 1) and len(game.turns) == 1
    game.play("13/11 6/5")
    assert [v.turn.dice for v in game.variations(1) if isinstance(v.turn, Turn)] == [
        (6, 4),
        (2, 1),
    ]


def test_promote_rename_delete_and_back_to_the_main_line() -> None:
    game = opening_game()
    game.goto(1)
    game.play("24/18 13/9")
    game.rename_variation(1, "the running play", ply=1)
    game.promote_variation(1, ply=1)
    assert [v.name for v in game.variations(1)] == ["the running play", ""]
    assert game.is_main_line and game.turns[1].notation == "24/18 13/9"
    game.main_line()
    assert game.turns[1].notation == "24/18 13/9"
    game.delete_variation(1, ply=1)
    assert [v.turn.notation for v in game.variations(1)] == ["24/18 13/9"]
    game.delete_variation(0, ply=1)
    assert len(game.turns) == 1 and game.ply == 1
    with pytest.raises(ValueError, match="no turn is recorded after this one"):
        game.switch_variation(0)
    with pytest.raises(ValueError, match=r"variation 5 does not exist here: use 0\.\.0"):
        opening_game().switch_variation(5, ply=1)
    with pytest.raises(ValueError, match="name"):
        game.rename_variation(0, "a\nb", ply=0)


def test_main_line_keeps_the_shown_turn_where_the_lines_agree() -> None:
    game = opening_game()
    game.goto(1)
    game.play("24/18 13/9")
    game.goto(1)
    game.main_line()
    assert game.ply == 1 and game.turns[1].notation == "24/14"
    game.switch_variation(1, ply=1)
    game.goto(2)
    game.main_line()
    assert game.ply == 1  # where the lines part


def test_the_record_keeps_the_tree_the_line_and_the_names() -> None:
    game = opening_game()
    game.goto(1)
    game.play("24/18 13/9")
    game.rename_variation(1, "running", ply=1)
    game.roll(5, 5)
    data = json.loads(game.to_json())
    assert data["version"] == 4 and data["line"] == [0, 1]
    # flat, main line first: the side line's turn follows turn 1 of the record
    assert [(t["play"], t.get("after"), t.get("name")) for t in data["turns"]] == [
        ("8/5 6/5", None, None),
        ("24/14", None, None),
        ("13/11* 13/8", None, None),
        ("24/18 13/9", 1, "running"),
    ]
    again = Game.from_json(game.to_json())
    assert again.to_dict() == game.to_dict()
    assert again.turns == game.turns and again.position == game.position
    assert [v.name for v in again.variations(1)] == ["", "running"]


def test_version_1_records_read_unchanged() -> None:
    old = {
        "format": "trigammon-widget/game",
        "version": 1,
        "start": Position.start(CLASSIC).to_dict(),
        "names": ["X", "O"],
        "opening": [[3, 5]],
        "turns": [
            {"player": 1, "dice": [5, 3], "play": "24/21 13/8"},
            {"player": 0, "dice": [6, 4], "play": "24/14"},
        ],
        "ply": 1,
        "dice": None,
    }
    game = Game.from_dict(old)
    assert [t.notation for t in game.turns] == ["24/21 13/8", "24/14"] and game.ply == 1
    assert game.variations(0)[0].length == 2


def test_a_copy_is_independent() -> None:
    game = opening_game()
    twin = game.copy()
    twin.goto(0)
    twin.play("13/10 6/5")
    assert len(game.variations(0)) == 1 and len(twin.variations(0)) == 2
    assert twin.to_dict()["turns"][0]["play"] == game.to_dict()["turns"][0]["play"]
    assert all("after" not in turn for turn in game.to_dict()["turns"])


@settings(max_examples=25)
@given(st.sampled_from([CLASSIC, TRIGAMMON]), st.integers(0, 10**6), st.integers(4, 40))
def test_random_branchings_keep_every_line_legal(variant: object, seed: int, steps: int) -> None:
    """Play, step back and branch at random; then every line of the tree, replayed
    from the start by a fresh game, is a sequence of legal plays, and the record
    round-trips the whole tree."""
    rng = random.Random(seed)
    game = Game(variant, seed=seed)  # type: ignore[arg-type]
    while game.roll_opening() is None:
        pass
    for _ in range(steps):
        if game.is_over():
            game.goto(rng.randrange(game.ply + 1))
            continue
        action = rng.random()
        if action < 0.15 and game.ply:
            game.goto(rng.randrange(game.ply + 1))
        elif action < 0.2 and game.variations():
            game.switch_variation(rng.randrange(len(game.variations())))
        elif action < 0.25 and game.variations():
            game.promote_variation(rng.randrange(len(game.variations())))
        else:
            if game.position.dice is None:
                game.roll()
            game.play(rng.choice(list(game.legal_plays())))
    record = game.to_dict()
    again = Game.from_dict(record)
    assert again.to_dict() == record
    for line in _lines(record["turns"]):
        replay = Game(variant, seed=seed)  # type: ignore[arg-type]
        while replay.roll_opening() is None:
            pass
        for entry in line:
            if replay.position.dice is None:
                replay.roll(*entry["dice"])
            assert tuple(entry["dice"]) == replay.position.dice
            assert replay.play(entry["play"]).notation == entry["play"]


def _lines(entries: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """Every line of a record's tree from the start to a leaf: each entry follows the
    one before it or the one its ``after`` names (entries count from 1, 0 the start)."""
    parents = [entry.get("after", number) for number, entry in enumerate(entries)]
    leaves = set(range(1, len(entries) + 1)) - set(parents)
    found = []
    for leaf in sorted(leaves):
        line, at = [], leaf
        while at:
            line.append(entries[at - 1])
            at = parents[at - 1]
        found.append(line[::-1])
    return found or [[]]
