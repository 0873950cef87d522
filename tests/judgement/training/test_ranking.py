"""The group loss of ``judgement.training.ranking``: the equity's gradient by the logits and the
loss's, checked by finite differences; groups as the chunks number them, read and
renumbered across chunks; a fit that weighs the loss learns to order a roll's plays."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, cast

import numpy as np
import pytest

from trigammon_widget.engine import CLASSIC
from trigammon_widget.judgement.nets.network import forward, outcomes_from_logits
from trigammon_widget.judgement.nets.shipped import load_named
from trigammon_widget.judgement.outcome_vectors import Floats, outcome_size
from trigammon_widget.judgement.training.ranking import (
    Groups,
    choices,
    chooser_column,
    equity_gradient,
    rank_gradient,
)
from trigammon_widget.judgement.training.supervised import Fit, Positions, fit, read_chunk

STEP = 1e-3


def f64(values: Any) -> Floats:
    """float64 values where the functions' float32 is expected: finite differences need
    the precision, and the functions take any floats."""
    return cast(Floats, np.asarray(values, np.float64))


@pytest.mark.parametrize("players", [2, 3])
def test_the_equitys_gradient_is_its_derivative(players: int) -> None:
    rng = np.random.default_rng(1)
    logits = f64(rng.normal(0, 1.5, (5, outcome_size(players))))
    column = f64(chooser_column(players))
    equity, grad = equity_gradient(logits, players, column)
    assert equity == pytest.approx(outcomes_from_logits(logits, players) @ column, abs=1e-6)
    for k in range(logits.shape[1]):
        bump = f64(np.zeros_like(logits))
        bump[:, k] = STEP
        up = outcomes_from_logits(f64(logits + bump), players) @ column
        down = outcomes_from_logits(f64(logits - bump), players) @ column
        assert grad[:, k] == pytest.approx((up - down) / (2 * STEP), abs=1e-4)


def test_the_group_loss_ignores_an_error_shared_by_a_group() -> None:
    rng = np.random.default_rng(2)
    logits = f64(rng.normal(0, 1, (5, 6)))
    labels = np.array([0, 0, 0, 1, 1])
    column = chooser_column(2)
    shifted = outcomes_from_logits(logits, 2) @ column + np.array([0.3, 0.3, 0.3, -0.1, -0.1])
    # targets whose chooser's equities are the net's, shifted alike within each group
    targets = f64(np.zeros((5, 6)))
    targets[:, 0] = (1 - shifted) / 2  # slot 0 wins; the chooser's equity is 1 - 2 P0
    targets[:, 1] = 1 - targets[:, 0]
    loss, grad = rank_gradient(logits, targets, labels, 2)
    assert loss == pytest.approx(0, abs=1e-9) and np.abs(grad).max() < 1e-6


def test_the_group_losss_gradient_is_its_derivative() -> None:
    rng = np.random.default_rng(3)
    logits = f64(rng.normal(0, 1, (6, 6)))
    targets = outcomes_from_logits(f64(rng.normal(0, 1, (6, 6))), 2)
    labels = np.array([0, 0, 1, 1, 1, 2])
    _, grad = rank_gradient(logits, targets, labels, 2)
    for row, k in [(0, 0), (2, 2), (4, 5), (5, 1)]:
        bump = f64(np.zeros_like(logits))
        bump[row, k] = STEP
        up, _ = rank_gradient(f64(logits + bump), targets, labels, 2)
        down, _ = rank_gradient(f64(logits - bump), targets, labels, 2)
        # (the loss sums float32 equities: differences of 2e-3 carry 1e-4 of rounding)
        assert grad[row, k] == pytest.approx((up - down) / (2 * STEP), abs=3e-4)
    assert np.abs(grad[5]).max() == 0  # a group of one has nothing to order


def test_groups_keep_two_members_or_more_and_batches_go_round() -> None:
    labels = np.array([-1, 4, 4, 7, -1, 9, 9, 9, 4])
    groups = Groups.of(labels)
    assert len(groups) == 2 and sorted(groups.sizes.tolist()) == [3, 3]
    starts, sizes = groups.starts, groups.sizes
    spans = [groups.members[s : s + n].tolist() for s, n in zip(starts, sizes, strict=True)]
    assert sorted(spans) == [[1, 2, 8], [5, 6, 7]]
    batches = list(groups.batches(0, 0, 1, 3))
    assert len(batches) == 3 and all(len(rows) == 3 for rows, _ in batches)
    assert all(local.tolist() == [0, 0, 0] for _, local in batches)
    assert len(Groups.of(np.full(4, -1))) == 0


def test_positions_join_numbers_each_parts_groups_apart() -> None:
    one = Positions(
        np.zeros((3, 2), np.float16), np.zeros((3, 6), np.float32), np.array([-1, 0, 0])
    )
    two = Positions(np.zeros((2, 2), np.float16), np.zeros((2, 6), np.float32))
    three = Positions(np.zeros((2, 2), np.float16), np.zeros((2, 6), np.float32), np.array([0, 0]))
    joined = Positions.join([one, two, three], "contact")
    assert joined.labels().tolist() == [-1, 0, 0, -1, -1, 1, 1]
    assert Positions.join([two, two], "contact").groups is None


def grouped_chunk(folder: Path) -> Path:
    """A chunk of positions and candidates as ``label_classic --candidates`` writes it,
    rated by classic-v2 at 0-ply: the start, and the positions after three opening plays
    of 3-1 (one group) and two of 6-5 (another)."""
    from trigammon_widget.engine import Position

    start = Position.start(CLASSIC)
    after = [start.with_dice(3, 1).play(p) for p in ("8/5 6/5", "13/10 24/23", "24/21 6/5")]
    after += [start.with_dice(6, 5).play(p) for p in ("24/13", "13/2")]
    boards = np.asarray([start.boards], np.uint8)
    candidates = np.asarray([p.boards for p in after], np.uint8)
    turns = np.array([0], np.int64)
    whose = np.array([p.turn for p in after], np.int64)
    net = load_named("classic-v2")
    target = folder / "chunk-00000.npz"
    np.savez(
        target,
        boards=boards,
        turns=turns,
        ply0=net.rate(boards, turns),
        candidate_boards=candidates,
        candidate_turns=whose,
        candidate_ply0=net.rate(candidates, whose),
        candidate_groups=np.array([0, 0, 0, 3, 3], np.int32),
    )
    return target


def test_a_chunks_groups_are_read_and_cached(tmp_path: Path) -> None:
    path = grouped_chunk(tmp_path)
    found = read_chunk(path, "contact", "ply0", cache=tmp_path / "cache")
    assert found.labels().tolist() == [-1, 0, 0, 0, 3, 3]
    again = read_chunk(path, "contact", "ply0", cache=tmp_path / "cache")
    assert again.labels().tolist() == found.labels().tolist()


def test_a_fit_weighing_the_group_loss_learns_to_choose(tmp_path: Path) -> None:
    """On the chunk's own positions (teacher classic-v2), a small net fitted with the
    group loss picks the teacher's best plays; the log records its choices."""
    positions = read_chunk(grouped_chunk(tmp_path), "contact", "ply0")
    train = Positions.join([positions] * 40, "contact")
    settings = Fit(hidden=(8,), epochs=6, batch=8, group_batch=2, rank_weight=4.0, seed=1)
    layers = fit(settings, tmp_path / "run", train, positions, None)
    log = [json.loads(line) for line in (tmp_path / "run" / "log.jsonl").read_text().splitlines()]
    assert {"held_choice", "held_regret"} <= set(log[-1])
    found = choices(layers, positions.inputs, positions.targets, Groups.of(positions.labels()), 2)
    assert found == {"choice": 1.0, "regret": 0.0}
    logits = forward(layers, positions.inputs.astype(np.float32))[-1]
    assert np.isfinite(logits).all()
