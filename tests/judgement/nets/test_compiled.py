"""The net's compiled forward pass (judgement.nets.compiled) against numpy's: the same
outcome vectors (to 1e-12 in float64; float32 as stated below), the same bot-only
games move for move, the same rollouts and training games."""

from __future__ import annotations

import random
from itertools import pairwise
from typing import Any

import numpy as np
import pytest

from trigammon_widget.engine import CLASSIC, TRIGAMMON, Position, Variant
from trigammon_widget.engine.corpus import random_positions
from trigammon_widget.engine.fastplay import Boards, TurnView, boards_of, play_game, table_for
from trigammon_widget.judgement.evaluation import NeuralEvaluator
from trigammon_widget.judgement.inputs.encoding import inputs_per_slot
from trigammon_widget.judgement.nets.network import Network
from trigammon_widget.judgement.nets.shipped import network_named
from trigammon_widget.judgement.outcome_vectors import outcome_size
from trigammon_widget.judgement.play.bot_games import chooser
from trigammon_widget.judgement.play.bots import NeuralBot, RandomBot
from trigammon_widget.judgement.play.rollout import rollout
from trigammon_widget.judgement.training import self_play as training

VARIANTS = (TRIGAMMON, CLASSIC)
ONE_NETWORK = {"trigammon": "trigammon-v2", "classic": "classic-v2"}
"""Each variant's newest shipped net that is one ``Network``, what the compiled pass reads
(classic's default, classic-v3, is nets by phase and is rated by numpy)."""
FLOAT32 = 2e-6
"""How closely float32 vectors agree: the compiled pass sums in another order and uses a
rational tanh good to a few float32 units in the last place (about 1e-7 each); outputs
lie in [0, 1]."""


def in_float64(net: Network) -> Network:
    """The same net with float64 weights, where both paths round alike to 1e-15."""
    layers: Any = tuple((w.astype(np.float64), b.astype(np.float64)) for w, b in net.layers)
    return Network(net.variant, layers, net.meta)


def views(variant: Variant, count: int) -> list[TurnView]:
    out = []
    for position in random_positions(variant, count, seed=11):
        if not position.is_over():
            out.append(TurnView.of(position))
    return out


def worst_gap(fast_path: Any, net: Network, variant: Variant, count: int) -> float:
    """The largest difference between the compiled pass's outcome vectors and numpy's,
    over every play of ``count`` corpus positions; the same precision on both."""
    worst = 0.0
    for view in views(variant, count):
        keys = list(view.leaves())
        with fast_path(False):
            want = net.after_plays(view, keys)
        with fast_path(True):
            assert net.compiled_rater(variant) is not None
            got = net.after_plays(view, keys)
        assert got.dtype == want.dtype
        worst = max(worst, float(np.abs(got - want).max()))
    return worst


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
@pytest.mark.parametrize("precision", ["float64", "float32"])
def test_every_play_is_rated_alike(fast_path, variant: Variant, precision: str) -> None:  # type: ignore[no-untyped-def]
    shipped = network_named(ONE_NETWORK[variant.name])
    net = in_float64(shipped) if precision == "float64" else shipped
    tolerance = 1e-12 if precision == "float64" else FLOAT32
    assert worst_gap(fast_path, net, variant, 400) <= tolerance


def deeper(variant: Variant, widths: tuple[int, ...], dtype: type, seed: int = 0) -> Network:
    """A net of several hidden layers, its weights drawn at random (scaled as a
    trained net's, so that no ``tanh`` saturates everywhere)."""
    rng = np.random.default_rng(seed)
    sizes = [variant.players * inputs_per_slot(variant), *widths, outcome_size(variant.players)]
    layers: Any = tuple(
        (
            (rng.standard_normal((m, n)) / np.sqrt(m) * 2).astype(dtype),
            (rng.standard_normal(n) * 0.3).astype(dtype),
        )
        for m, n in pairwise(sizes)
    )
    return Network(variant, layers)


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
@pytest.mark.parametrize("widths", [(64, 32), (48, 42, 23)], ids=["two", "three"])
def test_nets_of_several_hidden_layers_are_rated_alike(
    fast_path: Any, variant: Variant, widths: tuple[int, ...]
) -> None:
    """The compiled pass runs any number of hidden layers: the same vectors as numpy's
    ``forward`` (1e-12 in float64, ``FLOAT32`` in float32), and the same games move
    for move in float64. Widths that are not multiples of four and rolls of more plays
    than a block (``compiled.BLOCK``) reach the blocked pass's edges."""
    from trigammon_widget.judgement.nets.compiled import BLOCK

    assert max(len(view.leaves()) for view in views(variant, 150)) > 2 * BLOCK
    for dtype, tolerance in ((np.float64, 1e-12), (np.float32, FLOAT32)):
        assert worst_gap(fast_path, deeper(variant, widths, dtype), variant, 150) <= tolerance
    neural = NeuralBot(evaluator=NeuralEvaluator(deeper(variant, widths, np.float64)))
    bots: list[NeuralBot | RandomBot] = [neural] * variant.players
    for seed in range(3):
        with fast_path(True):
            fast_game = game_log(variant, bots, seed)
        with fast_path(False):
            assert fast_game == game_log(variant, bots, seed)


def test_a_winning_play_gets_its_sure_outcome(fast_path) -> None:  # type: ignore[no-untyped-def]
    from trigammon_widget.engine import Position

    ending: dict[int, dict[int | str, int]] = {0: {24: 1, 20: 1}, 1: {12: 15}}
    position = Position.build(CLASSIC, ending, turn=0, dice=(6, 5))
    net = network_named("classic-v2")
    view = TurnView.of(position)
    keys = list(view.leaves())
    with fast_path(False):
        want = net.after_plays(view, keys)
    with fast_path(True):
        got = net.after_plays(view, keys)
    assert np.array_equal(got, want)
    assert any(row[0] == 1.0 for row in got)


def game_log(variant: Variant, bots: list[NeuralBot | RandomBot], seed: int) -> list[object]:
    seen: list[object] = []
    choosers = [chooser(bot, variant) for bot in bots]

    def keep(boards: Boards, turn: int) -> None:
        seen.append(([list(b) for b in boards], turn))

    boards, turn, played = play_game(variant, choosers, random.Random(seed), on_turn=keep)
    return [*seen, boards, turn, played]


def assert_same_games(
    fast_path: Any, variant: Variant, lineups: list[list[NeuralBot | RandomBot]], seeds: int
) -> None:
    """Each lineup's seeded games, on the compiled table, are the pure path's."""
    start = boards_of(Position.start(variant))
    for bots in lineups:
        for seed in range(seeds):
            with fast_path(True):
                choosers = [chooser(bot, variant) for bot in bots]
                assert type(table_for(variant, start, choosers)).__name__ == "Table"
                fast_game = game_log(variant, bots, seed)
            with fast_path(False):
                assert fast_game == game_log(variant, bots, seed)


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_seeded_games_are_the_same_move_for_move(fast_path, variant: Variant) -> None:  # type: ignore[no-untyped-def]
    """Float64 nets, where a near tie is far below the numbers' agreement. (The float32
    shipped nets agree to ``FLOAT32``: two plays closer than that can swap, which
    measured once in 60 trigammon self-play games, at a gap of 5e-7.)"""
    evaluator = NeuralEvaluator(in_float64(network_named(ONE_NETWORK[variant.name])))
    neural = NeuralBot(evaluator=evaluator)
    lineups: list[list[NeuralBot | RandomBot]] = [
        [neural] * variant.players,
        [neural, *[RandomBot()] * (variant.players - 1)],
    ]
    assert_same_games(fast_path, variant, lineups, 6)


@pytest.mark.parametrize("races", [True, False], ids=["races", "no-races"])
def test_games_of_nets_by_phase_are_the_same_on_either_path(fast_path, races: bool) -> None:  # type: ignore[no-untyped-def]
    """classic-v3 (nets by phase, rated by numpy): on the compiled path each play is
    picked from the compiled search's arrays (``PhaseNets.compiled_picker``), the same
    rows rated in the same batches as the pure path's plays, so the float32 nets play
    the same games, move for move."""
    neural = NeuralBot(evaluator=NeuralEvaluator("classic-v3", races=races))
    lineups: list[list[NeuralBot | RandomBot]] = [[neural, neural], [RandomBot(), neural]]
    assert_same_games(fast_path, CLASSIC, lineups, 3)


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
@pytest.mark.parametrize("races", [True, False], ids=["races", "no-races"])
def test_runs_of_turns_in_compiled_code_are_the_same_games(
    fast_path: Any, variant: Variant, races: bool
) -> None:
    """With nobody told of the turns, the compiled table plays runs of turns in one
    compiled call (``CompiledRater.run``), handing back wins, bear-off races and
    rounds of passes: the same games, to the turn limit, leaving the generator where
    the pure path leaves it."""
    evaluator = NeuralEvaluator(in_float64(network_named(ONE_NETWORK[variant.name])), races=races)
    neural = NeuralBot(evaluator=evaluator)
    start = boards_of(__import__("trigammon_widget").engine.Position.start(variant))
    lineups: list[list[NeuralBot | RandomBot]] = [
        [neural] * variant.players,
        [RandomBot(), *[neural] * (variant.players - 1)],
    ]

    def game(bots: list[NeuralBot | RandomBot], seed: int, limit: int | None) -> object:
        rng = random.Random(seed)
        boards, turn, played = play_game(
            variant, [chooser(b, variant) for b in bots], rng, max_turns=limit
        )
        return boards, turn, played, rng.random()

    for bots in lineups:
        for seed in range(8):
            limit = None if seed % 2 else 5 + 9 * seed
            with fast_path(True):
                table = table_for(variant, start, [chooser(bot, variant) for bot in bots])
                assert table.run(0, random.Random(0), 0, 0) is not None
                fast_game = game(bots, seed, limit)
            with fast_path(False):
                assert fast_game == game(bots, seed, limit)


def test_rollouts_and_training_games_are_the_same(fast_path) -> None:  # type: ignore[no-untyped-def]
    net = in_float64(network_named("classic-v2"))
    bot = NeuralBot(evaluator=NeuralEvaluator(net))
    from trigammon_widget.engine import Position

    start = Position.start(CLASSIC).with_dice(3, 1)
    task = training.Task(net, first=0, count=3, seed=5, explore=0.2, teacher_plies=None)
    results = []
    for on in (True, False):
        with fast_path(on):
            rolled = rollout(start, games=12, bot=bot, seed=3, workers=1)
            records = training.play_games(task)
            results.append((rolled, [(r.boards.tolist(), r.turns.tolist()) for r in records]))
    assert results[0] == results[1]


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_the_best_of_every_roll_is_the_best_after_plays_give(fast_path, variant: Variant) -> None:  # type: ignore[no-untyped-def]
    """``best_equities`` (the analysis's other rolls, in one compiled call) against
    the best of ``after_plays`` for each roll; None exactly where a play wins."""
    from trigammon_widget.judgement.evaluation import ROLLS
    from trigammon_widget.judgement.outcome_vectors import equity_matrix

    evaluator = NeuralEvaluator(in_float64(network_named(ONE_NETWORK[variant.name])), races=False)
    rated = wins = 0
    cases = [
        (boards_of(p), p.turn) for p in random_positions(variant, 120, seed=5) if not p.is_over()
    ]
    for seed in range(6):  # and the last turns of games, where plays win
        seen: list[tuple[Boards, int]] = []

        def keep(boards: Boards, turn: int, seen: list[tuple[Boards, int]] = seen) -> None:
            seen.append(([list(x) for x in boards], turn))

        bots = [chooser(RandomBot(), variant)] * variant.players
        play_game(variant, bots, random.Random(seed), on_turn=keep)
        cases += seen[-8:]
    for boards, mover in cases:
        with fast_path(True):
            got = evaluator.best_equities(variant, boards, mover)
        with fast_path(False):
            column = equity_matrix(variant.players)[:, mover]
            views_ = [TurnView(variant, boards, mover, dice) for dice in ROLLS]
            leaves = [view.leaves() for view in views_]
            if any(
                any(len(v.mover_board(k)) and v.mover_board(k)[-1] == 15 for k in leaf)
                for v, leaf in zip(views_, leaves, strict=True)
            ):
                assert got is None
                wins += 1
                continue
            want = [
                float((evaluator.after_plays(v, list(leaf)) @ column).max())
                for v, leaf in zip(views_, leaves, strict=True)
            ]
        assert got is not None
        assert np.allclose(got, want, rtol=0, atol=1e-12)
        rated += 1
    assert rated > 100 and wins > 0


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_a_game_is_analysed_alike(fast_path, variant: Variant) -> None:  # type: ignore[no-untyped-def]
    from trigammon_widget.engine import Game
    from trigammon_widget.judgement.analysis import analyse
    from trigammon_widget.judgement.play.bot_games import autoplay
    from trigammon_widget.judgement.play.bots import HeuristicBot

    evaluator = NeuralEvaluator(in_float64(network_named(ONE_NETWORK[variant.name])))
    game = Game(variant, seed=3)
    autoplay(game, [HeuristicBot(), *[RandomBot(3)] * (variant.players - 1)], max_turns=80)
    reports = []
    for on in (True, False):
        with fast_path(on):
            report = analyse(game, evaluator=evaluator, workers=1)
            reports.append(
                [(t.luck, t.loss, t.equity, t.best_equity, t.notation) for t in report.turns]
            )
    assert len(reports[0]) == len(game.turns)
    for got, want in zip(*reports, strict=True):
        assert np.allclose(got[:4], want[:4], rtol=0, atol=1e-12) and got[4] == want[4]


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_a_position_one_roll_deep_is_rated_alike(fast_path, variant: Variant) -> None:  # type: ignore[no-untyped-def]
    """``rate_before_roll`` at 1-ply (hints, analysis and training's teacher at 1-ply)
    in one compiled call against the pure path (which sums in float32), races on."""
    from trigammon_widget.judgement.evaluation import rate_before_roll

    evaluator = NeuralEvaluator(in_float64(network_named(ONE_NETWORK[variant.name])))
    compiled = 0
    for position in random_positions(variant, 60, seed=9):
        if position.is_over():
            continue
        boards, turn = boards_of(position), position.turn
        with fast_path(True):
            compiled += evaluator.one_ply(variant, boards, turn) is not None
            got = rate_before_roll(evaluator, variant, boards, turn, 1)
        with fast_path(False):
            assert evaluator.one_ply(variant, boards, turn) is None
            want = rate_before_roll(evaluator, variant, boards, turn, 1)
        assert got.dtype == want.dtype and np.allclose(got, want, rtol=0, atol=FLOAT32)
    assert compiled > 40
