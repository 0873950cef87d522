"""``scripts/label_classic.py``: one tiny chunk through the real code and GNU Backgammon's
net. Every position and every kept candidate is rated at each ply asked for, as
``GnubgEvaluator`` rates it; ``--contact-only`` keeps no race, ``--crashed-only`` only
crashed positions, candidates too."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from trigammon_widget.engine import CLASSIC
from trigammon_widget.judgement.evaluation import GnubgEvaluator
from trigammon_widget.judgement.inputs.classic import CONTACT, CRASHED, phases
from trigammon_widget.judgement.inputs.encoding import in_slots

pytest.importorskip("gnubg_nn", reason="gnubg-nn has wheels for CPython 3.11 x86_64")


@pytest.fixture(scope="module")
def script(load_script: Callable[[str], ModuleType]) -> ModuleType:
    return load_script("label_classic")


@pytest.fixture(scope="module")
def chunk(script: ModuleType, tmp_path_factory: pytest.TempPathFactory) -> dict[str, np.ndarray]:
    out = tmp_path_factory.mktemp("labels")
    # game 1, by the mix "04" random self-play (kind 4), its three best plays kept
    kept = script.label_chunk(
        out, 3, 1, 1, plies=(0, 1), candidates=3, kept=(CONTACT, CRASHED), mix="04"
    )
    with np.load(out / "chunk-00001.npz", allow_pickle=False) as data:
        arrays = {name: data[name] for name in data.files}
    assert kept == len(arrays["turns"]) > 20
    return arrays


def phase_of(boards: np.ndarray, turns: np.ndarray) -> np.ndarray:
    return phases(in_slots(CLASSIC, boards, turns))


def rated(ply: int, boards: np.ndarray, turns: np.ndarray) -> np.ndarray:
    rater = GnubgEvaluator(ply)
    ratings = [rater.rate(CLASSIC, b.tolist(), int(t)) for b, t in zip(boards, turns, strict=True)]
    return np.stack(ratings)


def test_positions_are_in_contact_and_rated_at_each_ply(chunk: dict[str, np.ndarray]) -> None:
    boards, turns = chunk["boards"], chunk["turns"]
    assert set(chunk["kinds"].tolist()) == {4}
    assert (phase_of(boards, turns) <= CRASHED).all()
    for ply in (0, 1):
        assert np.array_equal(chunk[f"ply{ply}"], rated(ply, boards, turns).astype(np.float32))
    assert not np.array_equal(chunk["ply0"], chunk["ply1"])


def test_candidates_are_rated_at_each_ply_too(chunk: dict[str, np.ndarray]) -> None:
    boards, turns = chunk["candidate_boards"], chunk["candidate_turns"]
    assert len(boards) > len(chunk["turns"])  # up to three a turn, both sides' turns
    assert chunk["candidate_ply0"].shape == chunk["candidate_ply1"].shape == (len(boards), 6)
    assert np.array_equal(chunk["candidate_ply0"], rated(0, boards, turns).astype(np.float32))
    assert np.array_equal(chunk["candidate_ply1"], rated(1, boards, turns).astype(np.float32))
    assert "candidate_ply2" not in chunk
    assert (phase_of(boards, turns) <= CRASHED).all()


def test_the_candidates_of_a_roll_share_a_group(chunk: dict[str, np.ndarray]) -> None:
    """Groups number the rolls: never decreasing, at most three candidates each, and the
    candidates of a group follow the same side's play (the other side to roll)."""
    groups, turns = chunk["candidate_groups"], chunk["candidate_turns"]
    assert len(groups) == len(turns) and (np.diff(groups) >= 0).all()
    sizes = np.unique(groups, return_counts=True)[1]
    assert sizes.max() <= 3 and (sizes >= 2).sum() > 10
    for group in np.unique(groups):
        assert len(set(turns[groups == group].tolist())) == 1


def test_crashed_only_keeps_crashed_positions_alone(script: ModuleType, tmp_path: Path) -> None:
    """Game 1, random self-play, reaches crashed positions (in contact, a side with six
    checkers or fewer in play beside those buried on its ace and deuce points); they
    alone are kept, its candidates too."""
    kept = script.label_chunk(
        tmp_path, 3, 1, 1, plies=(0,), candidates=3, kept=(CRASHED,), mix="04"
    )
    with np.load(tmp_path / "chunk-00001.npz", allow_pickle=False) as data:
        boards, turns = data["boards"], data["turns"]
        extra, whose = data["candidate_boards"], data["candidate_turns"]
    assert kept == len(turns) > 0 and len(whose) > 0
    assert (phase_of(boards, turns) == CRASHED).all()
    assert (phase_of(extra, whose) == CRASHED).all()
