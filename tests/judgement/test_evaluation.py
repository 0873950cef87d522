"""Evaluators: consistent chances, seats relabelled exactly, won games rated as won,
hints ranked by equity, and GNU Backgammon's net reached as gnubg-nn itself answers."""

from __future__ import annotations

import importlib
import pickle
import sys
from typing import Any

import numpy as np
import pytest

from trigammon_widget.engine import CLASSIC, TRIGAMMON, Position, Variant
from trigammon_widget.engine.corpus import random_positions
from trigammon_widget.engine.ids import gnubg_board
from trigammon_widget.judgement import evaluation
from trigammon_widget.judgement.evaluation import (
    Evaluation,
    GnubgEvaluator,
    NeuralEvaluator,
    evaluate,
    find_evaluator,
    hints,
)
from trigammon_widget.judgement.nets.shipped import load_named
from trigammon_widget.judgement.play.bots import NeuralBot

VARIANTS = [TRIGAMMON, CLASSIC]


def corpus(variant: Variant, count: int, seed: int = 11) -> list[Position]:
    """Self-play positions before the roll, none finished."""
    return [p.with_dice() for p in random_positions(variant, count, seed) if not p.is_over()]


def assert_consistent(found: Evaluation, players: int) -> None:
    assert len(found.wins) == players
    assert sum(found.wins) == pytest.approx(1, abs=1e-5)
    assert sum(found.equities) == pytest.approx(0, abs=1e-4)  # every point won is lost
    for p in range(players):
        assert 0 <= found.backgammons[p] <= found.gammons[p] <= 1 - found.wins[p] + 1e-6
        assert -3 <= found.equities[p] <= 3 * (players - 1)


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_chances_are_consistent_on_a_corpus(variant: Variant) -> None:
    for position in corpus(variant, 60):
        found = evaluate(position)
        assert found.turn == position.turn and found.evaluator == "neural" and found.ply == 0
        assert_consistent(found, variant.players)


def rotated(position: Position) -> Position:
    """The same game with every player moved one seat on (seat p's checkers to p + 1).

    Boards are kept in each player's own path coordinates, so this is the board
    turned by one side (trigammon: 12 points; classic: the two sides swapped).
    """
    boards = position.boards
    return Position(
        position.variant,
        (boards[-1], *boards[:-1]),
        (position.turn + 1) % position.variant.players,
        position.dice,
    )


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_moving_every_player_one_seat_on_moves_the_chances(variant: Variant) -> None:
    """What symmetry means here: nothing tells seats apart but the board and the turn
    order, so relabelling the seats relabels the chances, exactly. (No position is
    symmetric between the player to move and the others: the turn tells them apart.)"""
    for position in corpus(variant, 40, seed=3):
        before, after = evaluate(position), evaluate(rotated(position))
        n = variant.players
        for p in range(n):
            assert after.wins[(p + 1) % n] == pytest.approx(before.wins[p], abs=1e-6)
            assert after.gammons[(p + 1) % n] == pytest.approx(before.gammons[p], abs=1e-6)
            assert after.equities[(p + 1) % n] == pytest.approx(before.equities[p], abs=1e-5)


def test_classic_mirrored_boards_swap_the_chances() -> None:
    """Both players on the same board, one to move: the other, to move, has what the
    first had (and the chances of the pair are each other's complement)."""
    boards = ((0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 3, 0, 5, 0, 0, 0, 0, 0, 0),) * 2
    first = evaluate(Position(CLASSIC, boards, 0))
    second = evaluate(Position(CLASSIC, boards, 1))
    assert first.wins == pytest.approx(second.wins[::-1], abs=1e-6)
    assert first.win > 0.5  # the player to move is ahead at the start (it rolls first)


@pytest.mark.parametrize(
    ("variant", "checkers"),
    [
        (CLASSIC, {0: {23: 1, 24: 1}, 1: {3: 10, 7: 5}}),
        (TRIGAMMON, {0: {35: 1, 36: 1}, 1: {1: 10, 5: 5}, 2: {3: 8, 9: 7}}),
    ],
    ids=["classic", "trigammon"],
)
def test_a_won_race_is_rated_near_one(
    variant: Variant, checkers: dict[int, dict[int | str, int]]
) -> None:
    position = Position.build(variant, checkers, turn=0)
    found = evaluate(position)
    assert found.win > 0.97
    assert found.equity > 0.97 * (variant.players - 1)  # and by gammons, the most it can be
    others = [p for p in range(variant.players) if p != 0]
    assert all(found.gammons[p] > 0.8 for p in others)


def test_a_finished_game_gives_its_outcome() -> None:
    # Player 0 has borne off; player 1 has none off and a checker in 0's home: backgammon.
    position = Position.build(CLASSIC, {1: {2: 14, 20: 1}}, turn=0)
    found = evaluate(position)
    assert found.wins == (1.0, 0.0)
    assert found.gammons == (0.0, 1.0) and found.backgammons == (0.0, 1.0)
    assert found.equities == (3.0, -3.0)


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_hints_rank_every_legal_play_by_equity(variant: Variant) -> None:
    for position in random_positions(variant, 12, 5):
        if position.is_over():
            continue
        ranked = hints(position)
        plays = position.legal_plays()
        assert len(ranked) == len(plays)
        assert {h.notation for h in ranked} == {position.format_play(p) for p in plays}
        equities = [h.equity for h in ranked]
        assert equities == sorted(equities, reverse=True)
        for hint in ranked:
            assert hint.player == position.turn
            assert hint.win == hint.evaluation.wins[position.turn]
            assert_consistent(hint.evaluation, variant.players)
            after = position.play(hint.play)
            assert hint.evaluation.turn == after.turn
            assert hint.evaluation.wins == pytest.approx(evaluate(after).wins, abs=1e-5)


def test_a_rolled_position_is_worth_its_best_play() -> None:
    position = Position.start(TRIGAMMON).with_dice(6, 5)
    assert evaluate(position) == hints(position)[0].evaluation
    assert hints(Position.start(TRIGAMMON), dice=(6, 5)) == hints(position)
    with pytest.raises(ValueError, match="no dice"):
        hints(Position.start(TRIGAMMON))


def test_a_winning_play_is_rated_as_won() -> None:
    position = Position.build(CLASSIC, {0: {24: 1}, 1: {2: 15}}, turn=0, dice=(6, 1))
    (best,) = hints(position)
    assert best.notation == "1/off" and best.win == 1.0 and best.equity == 3.0
    assert best.evaluation.turn == 0  # the winner: nobody moves again


def test_one_ply_sees_the_next_roll() -> None:
    """The mover wins only by bearing off both checkers now (its 6 and 5 points need
    6-5, or doubles of 3 or more: 6/36); otherwise the opponent's last checker goes
    off. 0-ply guesses; 1-ply looks at the 21 rolls and is right."""
    position = Position.build(CLASSIC, {0: {19: 1, 20: 1}, 1: {24: 1}}, turn=0)
    exact = 6 / 36
    one = evaluate(position, ply=1)
    assert one.win == pytest.approx(exact, abs=0.01)
    assert one.ply == 1
    zero = evaluate(position)
    assert abs(zero.win - exact) >= abs(one.win - exact) - 1e-6
    # Elsewhere the two agree roughly: 1-ply refines, it does not contradict.
    for before in corpus(CLASSIC, 8, seed=9):
        assert abs(evaluate(before, ply=1).win - evaluate(before).win) < 0.25


def test_bad_arguments_are_named() -> None:
    start = Position.start(CLASSIC)
    with pytest.raises(ValueError, match="unknown evaluator 'deep'"):
        evaluate(start, evaluator="deep")
    with pytest.raises(ValueError, match="ply must be 0 or 1, not 2"):
        evaluate(start, ply=2)
    with pytest.raises(ValueError, match="Position"):
        evaluate("4HPwATDgc/ABMA")  # type: ignore[arg-type]
    right = TRIGAMMON.with_options(turn_order="right")
    with pytest.raises(ValueError, match="turn_order='left'"):
        evaluate(Position.start(right))


def test_a_missing_gnubg_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "gnubg_nn", None)  # makes the import fail
    evaluation._gnubg.cache_clear()
    try:
        with pytest.raises(ImportError, match=r"pip install 'trigammon-widget\[gnubg\]'"):
            evaluate(Position.start(CLASSIC), evaluator="gnubg")
    finally:
        evaluation._gnubg.cache_clear()


def test_evaluators_are_found_by_name() -> None:
    assert isinstance(find_evaluator(), NeuralEvaluator)
    assert find_evaluator("neural") is find_evaluator(None)
    own = NeuralEvaluator()
    assert find_evaluator(own) is own


def test_a_net_of_the_package_is_chosen_by_name() -> None:
    """``NeuralEvaluator("trigammon-v1")`` keeps an old net selectable (a named
    opponent) whatever the default becomes; it pickles as its name."""
    named = NeuralEvaluator("trigammon-v1")
    assert repr(named) == "NeuralEvaluator('trigammon-v1')"
    assert named.net(TRIGAMMON) is load_named("trigammon-v1")
    for position in corpus(TRIGAMMON, 5, seed=2):
        assert evaluate(position, evaluator=named) == evaluate(
            position, evaluator=NeuralEvaluator(load_named("trigammon-v1"))
        )
        assert evaluate(position, evaluator=named) != evaluate(position)  # v2, the default
    assert len(pickle.dumps(NeuralBot(evaluator=named))) < 400
    assert repr(NeuralBot(evaluator=named)) == (
        "NeuralBot(ply=0, evaluator=NeuralEvaluator('trigammon-v1'))"
    )
    with pytest.raises(ValueError, match="cannot rate classic"):
        evaluate(Position.start(CLASSIC), evaluator=named)
    with pytest.raises(ValueError, match="no net 'trigammon-v0' in the package"):
        NeuralEvaluator("trigammon-v0")
    assert repr(NeuralEvaluator(races=False)) == "NeuralEvaluator(races=False)"


# --- GNU Backgammon's net -------------------------------------------------------------


def gnubg() -> Any:
    return pytest.importorskip("gnubg_nn", reason="gnubg-nn has wheels for CPython 3.11 x86_64")


def test_the_gnubg_evaluator_gives_gnubg_nns_numbers() -> None:
    gnubg_nn = gnubg()
    assert isinstance(GnubgEvaluator(), GnubgEvaluator)
    for position in corpus(CLASSIC, 300, seed=21):
        found = evaluate(position, evaluator="gnubg")
        assert_consistent(found, 2)
        board = gnubg_board(position.boards, position.turn)
        win, gammon, backgammon, gammon_loss, backgammon_loss = gnubg_nn.probabilities(board, 0)
        mover, other = position.turn, 1 - position.turn
        assert found.wins[mover] == pytest.approx(win, abs=1e-6)
        assert found.gammons[other] == pytest.approx(gammon, abs=1e-6)
        assert found.backgammons[other] == pytest.approx(backgammon, abs=1e-6)
        assert found.gammons[mover] == pytest.approx(gammon_loss, abs=1e-6)
        assert found.backgammons[mover] == pytest.approx(backgammon_loss, abs=1e-6)
        expected = win - (1 - win) + gammon - gammon_loss + backgammon - backgammon_loss
        assert found.equity == pytest.approx(expected, abs=1e-5)


def test_gnubg_rejects_trigammon() -> None:
    gnubg()
    with pytest.raises(ValueError, match="classic positions only"):
        evaluate(Position.start(TRIGAMMON), evaluator="gnubg")


def test_gnubg_is_importable_lazily() -> None:
    gnubg()
    assert importlib.import_module("gnubg_nn") is evaluation._gnubg()
    assert np.isclose(sum(evaluate(Position.start(CLASSIC), evaluator="gnubg").wins), 1)


def test_a_bot_on_the_gnubg_evaluator_plays_gnubgs_best_move() -> None:
    """``NeuralBot(evaluator="gnubg")``, the benchmark's gnubg 0-ply opponent, picks
    what ``gnubg_nn.best_move`` picks, but where several plays rate the same."""
    gnubg_nn = gnubg()
    bot = NeuralBot(evaluator="gnubg")
    same = 0
    for position in random_positions(CLASSIC, 400, 4):
        if position.is_over() or len(position.legal_plays()) < 2:
            continue
        assert position.dice is not None
        ours = gnubg_board(position.after(bot.choose(position).moves).boards, position.turn)
        _, listed = gnubg_nn.best_move(
            gnubg_board(position.boards, position.turn), *position.dice, list=1
        )
        theirs = gnubg_nn.board_from_position_key(listed[0][0])
        if theirs in ((tuple(ours[0]), tuple(ours[1])), (tuple(ours[1]), tuple(ours[0]))):
            same += 1
        else:
            assert listed[0][3] == pytest.approx(listed[1][3], abs=1e-6)  # a tie
    assert same > 250
