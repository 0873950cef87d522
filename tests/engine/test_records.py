"""Game and match records (``engine.records``): the writer writes only what the reader
reads back, however deep or wide the tree, up to the limits the engine keeps."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trigammon_widget.engine import (
    CLASSIC,
    TRIGAMMON,
    Game,
    IllegalMoveError,
    Match,
    MatchState,
    Position,
)
from trigammon_widget.engine.game import MAX_GAME_RECORDS
from trigammon_widget.engine.names import MAX_NAME_CHARS
from trigammon_widget.engine.records import MAX_RECORD_CHARS, dumps, game_to_dict
from trigammon_widget.engine.sources import read_source
from trigammon_widget.engine.stakes import MAX_MATCH_RECORDS


def nested(depth: int, seed: int = 3) -> Game:
    """A trigammon game whose variations nest ``depth`` deep: at each turn one play,
    then back, and the line goes on along another play, a side line of the one
    before."""
    rng = random.Random(seed)
    game = Game(TRIGAMMON, seed=seed)
    while game.roll_opening() is None:
        pass
    while game.ply < depth:
        plays = list(game.legal_plays()) if game.position.dice else []
        if game.position.dice is None:
            game.roll()
            continue
        first, *others = rng.sample(plays, min(2, len(plays)))
        game.play(first)
        if others:
            game.goto(game.ply - 1)
            game.play(others[0])
    return game


def json_depth(text: str) -> int:
    deepest = depth = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            escaped = not escaped and char == "\\"
            in_string = escaped or char != '"'
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def test_variations_nested_a_thousand_deep_write_and_read_back() -> None:
    """Found by the red team: ~340 nested variations made ``to_json`` raise
    RecursionError, and at 250 it wrote 3.96 MB that ``from_json`` refused."""
    game = nested(1000)
    text = game.to_json()
    assert len(text) < MAX_RECORD_CHARS / 20 and json_depth(text) <= 4
    again = Game.from_json(text)
    assert again.to_dict() == game.to_dict() and again.turns == game.turns
    assert Game.from_json(game.to_json(indent=None)).to_dict() == game.to_dict()
    assert game.copy().to_dict() == game.to_dict()


def test_records_of_versions_1_to_3_read_unchanged() -> None:
    game = Game(start=Position.start(CLASSIC).with_dice(3, 1))
    game.play("8/5 6/5")
    game.roll(6, 4)
    game.play("24/14")
    game.goto(1)
    game.play("24/18 13/9")
    game.rename_variation(1, "running", ply=1)
    flat = game.to_dict()
    old = {**flat, "version": 3, "turns": [dict(flat["turns"][0]), dict(flat["turns"][1])]}
    old["turns"][1]["variations"] = [[{k: v for k, v in flat["turns"][2].items() if k != "after"}]]
    assert Game.from_dict(old).to_dict() == flat
    with pytest.raises(ValueError, match="version 4 records list side lines flat"):
        Game.from_dict({**old, "version": 4})
    with pytest.raises(ValueError, match="no 'after'"):
        Game.from_dict({**flat, "version": 3})


@pytest.mark.parametrize("after", [-1, 4, 1.0, True, "1"])
def test_an_entry_follows_an_earlier_one(after: object) -> None:
    data = nested(3).to_dict()
    data["turns"][3]["after"] = after
    with pytest.raises(ValueError, match="turn 4 of the record: 'after' is an earlier entry"):
        Game.from_dict(data)


def widest() -> Game:
    """The start of a trigammon set-up with 976 legal 1-1 plays, each played as a line."""
    start = Position.from_id("T1SSxDvh4AAAAyUpmKwAAQBKb8QDAA").with_dice(1, 1)
    game = Game(start=start)
    for play in start.legal_plays():
        game.goto(0)
        game.play(play)
    return game


def test_a_record_of_hundreds_of_side_lines_replays_each_play_once() -> None:
    """Found by the red team: a 92 KB record of the 1,654 legal plays of a roll as
    variations took 16-23 s to load (each play looked for among the others and every
    notation parsed by a search ahead at every die). The figures are in
    ``benchmarks/bench_records.py``; here, the tree is the same once read back."""
    game = widest()
    assert len(game.variations(0)) == 976
    again = Game.from_json(game.to_json())
    assert [v.turn for v in again.variations(0)] == [v.turn for v in game.variations(0)]


def test_a_game_keeps_at_most_max_records(monkeypatch: pytest.MonkeyPatch) -> None:
    import trigammon_widget.engine.game as game_module

    monkeypatch.setattr(game_module, "MAX_GAME_RECORDS", 6)
    game = nested(3)
    count = len(game.to_dict()["turns"])
    assert count == 6
    if game.position.dice is None:
        game.roll()
    record = game.to_dict()
    with pytest.raises(ValueError, match="a game keeps at most 6 records"):
        game.play(next(iter(game.legal_plays())))
    assert game.to_dict() == record  # refused: nothing changed
    game.delete_variation(0, ply=0)  # a line goes: room again
    assert len(game.to_dict()["turns"]) < 6


def test_a_match_keeps_at_most_max_records_over_its_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import trigammon_widget.engine.match as match_module

    monkeypatch.setattr(match_module, "MAX_MATCH_RECORDS", 3)
    match = match_module.Match(0, names=["Ann", "Bo"], seed=1)
    for _ in range(3):
        match.game.resign(1)
        if match.game.is_over() and len(match.games) < 3:
            match.new_game()
    assert sum(len(g.turns) for g in match.games) == 3
    with pytest.raises(ValueError, match="a match keeps at most 3 records"):
        match.new_game()
    twin = match.copy()
    with pytest.raises(ValueError, match="a match keeps at most 3 records"):
        twin.new_game()


def worst_entry() -> str:
    """The longest line of a record's ``turns``: a trigammon play with hits, four moves
    of doubles, a name of ``MAX_NAME_CHARS`` characters that JSON escapes, and an
    ``after`` of the largest entry number."""
    entry = {
        "player": 2,
        "dice": [6, 6],
        "play": "bar/6*/12*/18*/24* bar/6* 12/18* 30/36*",
        "name": '"' * MAX_NAME_CHARS,
        "after": MAX_MATCH_RECORDS,
    }
    return "    " + json.dumps(entry, ensure_ascii=False) + ",\n"


def test_the_limits_keep_every_record_the_engine_makes_readable() -> None:
    """What the engine may hold (``MAX_GAME_RECORDS``, ``MAX_MATCH_RECORDS``) the writer
    writes within ``MAX_RECORD_CHARS``: entries of the longest kind, and for a match a
    game's start and names per game (a game in a match holds one record at least)."""
    game = nested(2)
    game.names = ['"' * MAX_NAME_CHARS] * 3
    header = len(dumps({**game_to_dict(game), "turns": []}))
    line = len(worst_entry()) + len(f"{MAX_MATCH_RECORDS}, ")  # its entry and its ``line``
    assert MAX_GAME_RECORDS * line + header < MAX_RECORD_CHARS
    games = MAX_MATCH_RECORDS  # one record each at most
    assert MAX_MATCH_RECORDS * line + games * header > MAX_RECORD_CHARS  # so a game weighs
    # ...what its record weighs: ``Match`` counts no header, but a match of one-record
    # games writes its names once per game; classic names make the header smaller.
    classic = Game(CLASSIC, names=['"' * MAX_NAME_CHARS] * 2)
    classic_header = len(dumps({**game_to_dict(classic), "turns": []}))
    assert classic_header < 1100 and header < 1500


def session(games: int) -> Match:
    """A money session of ``games`` games, each the same random game of 90 records."""
    rng = random.Random(4)
    game = Game(CLASSIC, seed=4, names=["Ann", "Bo"])
    while game.roll_opening() is None:
        pass
    while not game.is_over():
        if game.position.dice is None:
            game.roll()
        game.play(rng.choice(list(game.legal_plays())))
    assert len(game.turns) == 90
    won = game.result(-1)
    assert won is not None
    one = game.to_dict()
    records, score = [], [0, 0]
    for _ in range(games):
        records.append({**one, "match": {"length": 0, "score": list(score), "crawford": False}})
        score[won.winner] += won.points
    return Match.from_dict(
        {
            "format": "trigammon-widget/match",
            "version": 1,
            "variant": "classic",
            "length": 0,
            "crawford": True,
            "jacoby": False,
            "names": ["Ann", "Bo"],
            "games": records,
        }
    )


@pytest.mark.parametrize(
    "games", [170, pytest.param(400, marks=pytest.mark.slow)], ids=["170 games", "400 games"]
)
def test_a_match_of_hundreds_of_games_has_a_record_that_reads_back(games: int) -> None:
    """Found by the red team: a 160-game session's ``to_json`` was refused by
    ``from_json``, and a 400-game one had no loadable JSON form."""
    match = session(games)
    assert len(match.games) == games
    text = match.to_json()
    assert Match.from_json(text).to_dict() == match.to_dict()


def test_json_sources_read_with_the_record_rules() -> None:
    """Found by the red team: ``load`` read JSON without the record reader's rules on
    integers and NaN."""
    position = Position.start(CLASSIC).to_dict()
    with pytest.raises(ValueError, match="NaN is not JSON"):
        read_source(json.dumps({**position, "turn": float("nan")}))
    with pytest.raises(ValueError, match="at most 20"):
        read_source(json.dumps(position)[:-1] + ', "turn": ' + "1" * 4000 + "}")
    assert read_source(json.dumps(position)) == Position.start(CLASSIC)


# the opening dice (R2) ------------------------------------------------------------------


def opened() -> Game:
    game = Game(CLASSIC, seed=1)
    game.roll_opening([3, 5])
    game.play("13/8 24/21")
    return game


def test_deleting_the_opening_play_keeps_the_opening_dice() -> None:
    """Found by the red team: ``delete_variation(0, ply=0)`` after a classic opening
    dropped the opening dice, so the record no longer loaded and ``roll()`` gave a new
    first roll (R2)."""
    game = opened()
    game.delete_variation(0, ply=0)
    assert game.position.dice == (5, 3) and game.turns == ()
    with pytest.raises(ValueError, match="already rolled"):
        game.roll()
    assert Game.from_json(game.to_json()).position == game.position
    game.play("13/8 24/21")
    assert Game.from_json(game.to_json()).to_dict() == game.to_dict()


def test_the_opening_dice_cannot_be_changed() -> None:
    """Found by the red team: ``set_dice`` on turn 1 replaced the opening dice (R2)."""
    game = opened()
    game.goto(0)
    with pytest.raises(IllegalMoveError, match="R2: the starter plays the opening dice"):
        game.set_dice(6, 4)
    game.set_dice(3, 5)  # the same roll: its order is the file's (.mat writes "35")
    assert game.position.dice == (3, 5) and Game.from_json(game.to_json()).position.dice


def test_the_starter_cannot_double_beside_the_opening_play() -> None:
    """Found by the red team: ``goto(0)`` then ``double()`` beside the opening play was
    a variation that, promoted, made a record the reader refused (R14)."""
    game = Game(CLASSIC, seed=1, match=MatchState(5, (0, 0)))
    game.roll_opening([3, 5])
    game.play("13/8 24/21")
    game.goto(0)
    with pytest.raises(IllegalMoveError, match="R14: player 1 has rolled"):
        game.double()
    assert len(game.variations(0)) == 1


# the round trip -----------------------------------------------------------------------

names = st.text(
    st.characters(codec="utf-8", exclude_categories=["Cc", "Cs", "Zl", "Zp"]),
    min_size=1,
    max_size=12,
)


@settings(max_examples=40)
@given(
    st.sampled_from([CLASSIC, TRIGAMMON]),
    st.integers(0, 10**6),
    st.lists(st.tuples(st.integers(0, 9), st.integers(0, 10**6)), max_size=60),
    st.lists(names, max_size=4),
)
def test_every_game_the_engine_makes_writes_a_record_that_reads_back(
    variant: Any, seed: int, steps: list[tuple[int, int]], labels: list[str]
) -> None:
    """Random plays, steps, branches, promotions, deletions, names, cube actions and
    resignations: whatever the engine accepted, ``from_json(to_json())`` is the same
    game, in both layouts."""
    game = Game(variant, seed=seed, match=MatchState(7, (0, 0)) if variant is CLASSIC else None)
    while game.roll_opening() is None:
        pass
    for action, pick in steps:
        try:
            _step(game, action, pick, labels)
        except ValueError:
            continue  # refused, and so nothing changed: the record still reads back
    record = game.to_dict()
    for indent in (2, None):
        again = Game.from_json(game.to_json(indent=indent))
        assert again.to_dict() == record
        assert again.position == game.position and again.turns == game.turns


def _step(game: Game, action: int, pick: int, labels: list[str]) -> None:
    rows = game.variations()
    if action == 0 and game.ply:
        game.goto(pick % (game.ply + 1))
    elif action == 1 and rows:
        game.switch_variation(pick % len(rows))
    elif action == 2 and rows:
        game.promote_variation(pick % len(rows))
    elif action == 3 and rows:
        game.delete_variation(pick % len(rows))
    elif action == 4 and rows and labels:
        game.rename_variation(pick % len(rows), labels[pick % len(labels)])
    elif action == 5:
        game.double()
    elif action == 6:
        (game.take if pick % 2 else game.drop)()
    elif action == 7 and pick % 5 == 0:
        game.resign(1 + pick % 3)
    else:
        if game.position.dice is None:
            game.roll()
        plays = list(game.legal_plays())
        game.play(plays[pick % len(plays)])
