"""``scripts/label_trigammon.py``: a tiny labelling run through the real code. The labels
are trigammon-v1's 1-ply ratings (checked against the 21 rolls' best plays worked out
without the compiled one-call pass), no race or finished game is kept, and a run
started again writes only the missing chunks, the same as before; ``--candidates`` adds a
roll's best plays' positions to chunks written before."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from trigammon_widget.engine import TRIGAMMON, Variant
from trigammon_widget.engine.fastplay import Boards, TurnView
from trigammon_widget.judgement.evaluation import NeuralEvaluator, rate_before_roll
from trigammon_widget.judgement.outcome_vectors import Floats, equity_matrix
from trigammon_widget.judgement.race import rating as race


@pytest.fixture(scope="module")
def script(load_script: Callable[[str], ModuleType]) -> ModuleType:
    return load_script("label_trigammon")


@pytest.fixture(scope="module")
def labels(script: ModuleType, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("labels")
    with ThreadPoolExecutor(1) as pool:
        done = list(script.label_chunks(pool, out, games=2, chunk=1, seed=3))
    assert [games for games, _ in done] == [1, 2]
    assert done[-1][1] > 200  # two whole games' positions
    return out


class Plain:
    """trigammon-v1's evaluator without its compiled one-call 1-ply (``one_ply``):
    ``rate_before_roll`` then finds each roll's best play play by play."""

    name = "plain"

    def __init__(self) -> None:
        self.inner = NeuralEvaluator("trigammon-v1")

    def check(self, variant: Variant) -> None:
        self.inner.check(variant)

    def rate(self, variant: Variant, boards: Boards, turn: int) -> Floats:
        return self.inner.rate(variant, boards, turn)

    def after_plays(self, view: TurnView, keys: Sequence[int]) -> Floats:
        return self.inner.after_plays(view, keys)


def test_the_labels_are_the_teachers_one_ply_ratings(labels: Path) -> None:
    files = sorted(labels.glob("chunk-*.npz"))
    assert [f.name for f in files] == ["chunk-00000.npz", "chunk-00001.npz"]
    with np.load(files[0], allow_pickle=False) as data:
        boards, turns, rated, games = data["boards"], data["turns"], data["ply1"], data["games"]
    assert boards.shape == (len(turns), 3, TRIGAMMON.points + 2) and rated.shape == (len(turns), 15)
    assert set(games.tolist()) == {0}
    assert np.allclose(rated[:, :3].sum(axis=1), 1, atol=1e-5)
    for b in boards:
        assert not race.is_race(TRIGAMMON, b.tolist())  # races are rated exactly, not kept
        assert b[:, -1].max() < 15  # nobody has won
    plain = Plain()
    for k in np.linspace(0, len(turns) - 1, 6).astype(int):
        found = rate_before_roll(plain, TRIGAMMON, boards[k].tolist(), int(turns[k]), 1)
        assert found == pytest.approx(rated[k], abs=2e-5)


def test_a_run_started_again_writes_only_the_missing_chunks(
    script: ModuleType, labels: Path, tmp_path: Path
) -> None:
    """As after a kill once the first chunk was written: only the second is labelled,
    into the same file as before."""
    (tmp_path / "chunk-00000.npz").write_bytes((labels / "chunk-00000.npz").read_bytes())
    with ThreadPoolExecutor(1) as pool:
        done = list(script.label_chunks(pool, tmp_path, games=2, chunk=1, seed=3))
    with (
        np.load(labels / "chunk-00001.npz") as before,
        np.load(tmp_path / "chunk-00001.npz") as again,
    ):
        assert done == [(1, 0), (2, len(before["turns"]))]
        assert before.files == again.files
        for array in before.files:
            assert np.array_equal(before[array], again[array])
    assert not list(tmp_path.glob("*.part.npz"))


def test_candidates_are_the_best_plays_of_a_roll_rated_by_the_teacher(
    script: ModuleType, labels: Path, tmp_path: Path
) -> None:
    """``--candidates``: a chunk written before gets, for its positions, the positions
    the 0-ply best plays of a seeded roll lead to (checked against the legal plays of
    the position, rated one by one), rated by the teacher at 1-ply; once only."""
    target = tmp_path / "chunk-00000.npz"
    target.write_bytes((labels / "chunk-00000.npz").read_bytes())
    added = script.add_candidates(target, 3, 2, "trigammon-v1", 1)
    with np.load(target, allow_pickle=False) as data:
        boards, turns = data["candidate_boards"], data["candidate_turns"]
        rated = data["candidate_ply1"]
        kept = len(data["turns"])
    assert kept < added == len(turns) <= 2 * kept
    assert boards.shape == (added, 3, TRIGAMMON.points + 2) and rated.shape == (added, 15)
    for b in boards:
        assert not race.is_race(TRIGAMMON, b.tolist()) and b[:, -1].max() < 15
    plain = Plain()
    for k in np.linspace(0, added - 1, 5).astype(int):
        found = rate_before_roll(plain, TRIGAMMON, boards[k].tolist(), int(turns[k]), 1)
        assert found == pytest.approx(rated[k], abs=2e-5)
    assert script.add_candidates(target, 3, 2, "trigammon-v1", 1) == 0  # once only
    with np.load(target, allow_pickle=False) as data:
        groups, positions = data["candidate_groups"], data["boards"]
    assert len(groups) == added and (np.diff(groups) >= 0).all() and groups.max() < kept
    for group in np.unique(groups)[:5]:  # a group's candidates follow its position's roll
        mover = int(turns[groups == group][0]) - 1
        assert (positions[group][mover] != boards[groups == group][:, mover]).any()
    with np.load(labels / "chunk-00000.npz") as data:
        seats, turn = data["boards"][5].tolist(), int(data["turns"][5])
    evaluator = NeuralEvaluator("trigammon-v1")
    view = TurnView(TRIGAMMON, seats, turn, (6, 5))
    follower = TRIGAMMON.next_player(turn)
    afters = [view.boards_after(key) for key in view.leaves()]
    equities = [
        float(evaluator.rate(TRIGAMMON, after, follower) @ equity_matrix(3)[:, turn])
        for after in afters
    ]
    ranked = [afters[k] for k in np.argsort(equities)[::-1]]
    best = script.candidates_of(evaluator, seats, turn, (6, 5), 2)
    assert [after for after, _ in best] == ranked[:2] and {t for _, t in best} == {follower}


def test_candidates_written_without_groups_are_given_them(
    script: ModuleType, labels: Path, tmp_path: Path
) -> None:
    """A chunk whose candidates came before groups did gets the groups alone: no
    candidate is rated again, and the groups are those of a chunk labelled now."""
    target = tmp_path / "chunk-00000.npz"
    target.write_bytes((labels / "chunk-00000.npz").read_bytes())
    script.add_candidates(target, 3, 2, "trigammon-v1", 1)
    with np.load(target, allow_pickle=False) as data:
        arrays = {key: data[key] for key in data.files}
    grouped = arrays.pop("candidate_groups")
    np.savez_compressed(target, **arrays)
    assert script.add_candidates(target, 3, 2, "trigammon-v1", 1) == 0
    with np.load(target, allow_pickle=False) as data:
        assert np.array_equal(data["candidate_groups"], grouped)
        assert np.array_equal(data["candidate_ply1"], arrays["candidate_ply1"])
    with pytest.raises(ValueError, match="not those of seed 4"):
        np.savez_compressed(target, **arrays)
        script.add_candidates(target, 4, 2, "trigammon-v1", 1)


def test_a_chunk_labelled_with_candidates_is_the_chunk_given_them_afterwards(
    script: ModuleType, labels: Path, tmp_path: Path
) -> None:
    """``--candidates`` on a new chunk writes, at once, the file a chunk written without
    them and given them afterwards becomes."""
    at_once = tmp_path / "at-once"
    at_once.mkdir()
    kept = script.label_chunk(at_once, 3, 0, 1, candidates=2)
    later = tmp_path / "chunk-00000.npz"
    later.write_bytes((labels / "chunk-00000.npz").read_bytes())
    added = script.add_candidates(later, 3, 2, "trigammon-v1", 1)
    with np.load(at_once / "chunk-00000.npz") as first, np.load(later) as second:
        assert kept == len(second["turns"]) + added
        assert sorted(first.files) == sorted(second.files)
        for array in first.files:
            assert np.array_equal(first[array], second[array])
