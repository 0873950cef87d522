"""A play's risk a round ahead (``judgement.risk``), against an oracle built on the public
``hints``: every roll of each other player in turn, answered by the first of its hints,
a hit being a move of that play onto one of the mover's checkers."""

from __future__ import annotations

import pytest

from trigammon_widget.engine import CLASSIC, TRIGAMMON, IllegalMoveError, Position
from trigammon_widget.judgement.evaluation import hints
from trigammon_widget.judgement.risk import Risk, risk_of
from trigammon_widget.teaching.toolkit import setup

ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]


def oracle(position: Position, text: str) -> Risk:
    mover = position.turn
    totals = {True: [0.0, 0.0], False: [0.0, 0.0]}

    def answer(before: Position, chance: float, hit: bool) -> None:
        for dice in ROLLS:
            weight = chance * (1 if dice[0] == dice[1] else 2) / 36
            first = hints(before.with_dice(*dice))[0]
            hits = hit or any(
                move.hit and before.variant.absolute(before.turn, move.end) in mine(before)
                for move in first.play.moves
            )
            after = before.with_dice(*dice).play(first.play)
            if after.turn != mover and not after.is_over():
                answer(after, weight, hits)
                continue
            total = totals[hits]
            total[0] += weight
            total[1] += weight * first.evaluation.equities[mover]

    def mine(before: Position) -> set[int]:
        return {place for place in range(1, 1 + before.variant.points) if owner(before, place)}

    def owner(before: Position, place: int) -> bool:
        found = before.point(place)
        return found is not None and found[0] == mover

    answer(position.play(text), 1.0, False)
    (hit, hit_worth), (missed, missed_worth) = totals[True], totals[False]
    return Risk(hit, hit_worth / hit if hit else 0.0, missed_worth / missed, "neural")


@pytest.mark.parametrize(
    ("start", "play"),
    [
        (Position.start(CLASSIC).with_dice(6, 5), "24/13"),
        (Position.start(CLASSIC).with_dice(6, 5), "13/8 13/7"),
        (Position.start(CLASSIC).with_dice(4, 3), "24/20 13/10"),
        (setup(CLASSIC, {"X": {6: 3, 8: 2, 13: 1}, "O": {20: 2, 24: 2, 1: 11}}, (6, 2)), "13/5"),
    ],
)
def test_a_round_ahead_matches_the_oracle(start: Position, play: str) -> None:
    found, expected = risk_of(start, start.parse_play(play)), oracle(start, play)
    assert found.hit == pytest.approx(expected.hit, abs=1e-9)
    assert found.when_hit == pytest.approx(expected.when_hit, abs=1e-4)
    assert found.when_missed == pytest.approx(expected.when_missed, abs=1e-4)


def test_trigammon_looks_a_whole_round_ahead_both_opponents_in_turn() -> None:
    """Walk 42's 6-3: 1/10's blot is hit by the second opponent, who rolls after the
    first (R1): a look at the next roll alone would miss it."""
    start = Position.start(TRIGAMMON).with_dice(6, 3)
    found, expected = risk_of(start, start.parse_play("1/10")), oracle(start, "1/10")
    assert found.hit == pytest.approx(expected.hit, abs=1e-9)
    assert found.when_hit == pytest.approx(expected.when_hit, abs=1e-4)
    assert found.when_missed == pytest.approx(expected.when_missed, abs=1e-4)
    assert found.hit > 0.2


def test_in_classic_the_round_ahead_is_the_one_ply_rating() -> None:
    """One roll of the one opponent: the mean is the play's 1-ply equity (``hints`` at
    ``ply=1``, the net's compiled pass)."""
    start = Position.start(CLASSIC).with_dice(6, 5)
    for hint in hints(start, ply=1)[:4]:
        assert risk_of(start, hint.play).mean == pytest.approx(hint.equity, abs=1e-4)


def test_a_safe_play_is_never_hit_and_a_winning_one_ends_the_game() -> None:
    start = Position.start(CLASSIC).with_dice(3, 1)
    safe = risk_of(start, start.parse_play("8/5 6/5"))
    assert safe.hit == 0 and safe.when_hit == 0 and safe.mean == safe.when_missed
    home = setup(CLASSIC, {"X": {1: 1, 2: 1}, "O": {5: 15}}, (2, 1))
    won = risk_of(home, home.parse_play("2/off 1/off"))
    assert won == Risk(0.0, 0.0, 3.0, "neural")  # a backgammon: O is still in X's home (R13)


def test_bad_input_is_refused() -> None:
    start = Position.start(CLASSIC)
    with pytest.raises(ValueError, match="no dice"):
        risk_of(start, start.with_dice(3, 1).parse_play("8/5 6/5"))
    rolled = start.with_dice(3, 1)
    with pytest.raises(ValueError, match="risk_of needs"):
        risk_of("start", rolled.parse_play("8/5 6/5"))  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError):
        risk_of(rolled, Position.start(CLASSIC).with_dice(6, 5).parse_play("24/13"))
    with pytest.raises(ValueError, match="unknown evaluator"):
        risk_of(rolled, rolled.parse_play("8/5 6/5"), "wildbg")
