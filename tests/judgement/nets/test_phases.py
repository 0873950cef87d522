"""Phase nets: a roll's plays rated in one batch as whole positions are, consistent
chances, weights files read back with allow_pickle=False, and the evaluators using them."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from trigammon_widget.engine import CLASSIC, TRIGAMMON, Position
from trigammon_widget.engine.corpus import random_positions
from trigammon_widget.engine.fastplay import TurnView, boards_of, has_won
from trigammon_widget.judgement.evaluation import NeuralEvaluator, evaluate, hints
from trigammon_widget.judgement.inputs import classic
from trigammon_widget.judgement.inputs.encoding import in_slots
from trigammon_widget.judgement.nets.phases import PhaseNets, is_phases_file
from trigammon_widget.judgement.nets.shipped import load_file, load_named
from trigammon_widget.judgement.outcome_vectors import sure
from trigammon_widget.judgement.play.bots import NeuralBot
from trigammon_widget.judgement.threads import one_blas_thread
from trigammon_widget.judgement.training.self_play import initial_network
from trigammon_widget.judgement.training.supervised import Fit, initial_layers


def tiny(seed: int = 0, crashed: bool = True) -> PhaseNets:
    phases = ["contact", "race"] + (["crashed"] if crashed else [])
    nets = {
        p: initial_layers(Fit(phase=p, hidden=(8, 4), seed=seed + k)) for k, p in enumerate(phases)
    }
    # Random output layers, so that every unit matters.
    rng = np.random.default_rng(seed)
    for layers in nets.values():
        w, b = layers[-1]
        w[...] = rng.normal(0, 1, w.shape)
        b[...] = rng.normal(0, 1, b.shape)
    return PhaseNets(nets, {"method": "test"})


def test_plays_rated_in_a_batch_are_rated_as_whole_positions() -> None:
    nets = tiny()
    seen_phases: set[int] = set()
    hits = wins = 0
    for position in random_positions(CLASSIC, 400, seed=3):
        if position.is_over():
            continue
        view = TurnView.of(position)
        keys = list(view.leaves())
        batch = nets.after_plays(view, keys)
        afters = [view.boards_after(key) for key in keys]
        going = [k for k, after in enumerate(afters) if not has_won(after[position.turn])]
        for k in set(range(len(keys))) - set(going):
            wins += 1
            assert np.array_equal(batch[k], sure(CLASSIC, afters[k], position.turn))
        if not going:
            continue
        follower = 1 - position.turn
        one_by_one = nets.rate([afters[k] for k in going], [follower] * len(going))
        assert np.allclose(batch[going], one_by_one, atol=1e-6)
        hits += sum(bool(view.hits(keys[k])) for k in going)
        slots = np.array([[afters[k][follower], afters[k][position.turn]] for k in going])
        seen_phases |= set(classic.phases(slots).tolist())
    assert hits > 50 and wins > 0
    assert seen_phases == {classic.CONTACT, classic.CRASHED, classic.RACE}


def test_chances_are_consistent() -> None:
    nets = tiny(seed=4)
    positions = [p for p in random_positions(CLASSIC, 300, seed=9) if not p.is_over()]
    rated = nets.rate([boards_of(p) for p in positions], [p.turn for p in positions])
    wins, gammons, backgammons = rated[:, :2], rated[:, 2:4], rated[:, 4:]
    assert np.allclose(wins.sum(axis=1), 1, atol=1e-6)
    assert (backgammons <= gammons + 1e-7).all() and (gammons <= wins[:, [0, 1]] + 1e-7).all()
    assert (rated >= 0).all()


def test_a_crashed_position_goes_to_the_contact_net_without_a_crashed_net() -> None:
    with_crashed = tiny(seed=1)
    without = PhaseNets({p: with_crashed.nets[p] for p in ("contact", "race")})
    crashed = [[0] * 10 + [2] + [0] * 12 + [3, 6, 4], [0, 2] + [0] * 17 + [13, 0, 0, 0, 0, 0, 0]]
    slots = np.array([crashed], np.uint8)
    assert classic.phases(slots)[0] == classic.CRASHED
    as_contact = PhaseNets(
        {"contact": with_crashed.nets["contact"], "race": with_crashed.nets["race"]}
    )
    assert np.array_equal(without.rate_slots(slots), as_contact.rate_slots(slots))
    assert not np.allclose(with_crashed.rate_slots(slots), without.rate_slots(slots))


def test_weights_files_round_trip_without_pickles(tmp_path: Path) -> None:
    nets = tiny(seed=2)
    nets.save(tmp_path / "nets.npz", version=3)
    assert is_phases_file(tmp_path / "nets.npz")
    again = PhaseNets.load(tmp_path / "nets.npz")
    assert again.meta["version"] == 3 and again.meta["kind"] == "phases"
    assert sorted(again.nets) == ["contact", "crashed", "race"]
    for phase, layers in nets.nets.items():
        for (w, b), (w2, b2) in zip(layers, again.nets[phase], strict=True):
            assert np.array_equal(w, w2) and np.array_equal(b, b2)
    assert isinstance(load_file(tmp_path / "nets.npz"), PhaseNets)
    initial_network(CLASSIC, 4, seed=0).save(tmp_path / "one.npz")
    assert not is_phases_file(tmp_path / "one.npz")
    with pytest.raises(ValueError, match="holds no phase nets"):
        PhaseNets.load(tmp_path / "one.npz")


def test_phase_nets_refuse_what_they_cannot_be() -> None:
    contact = initial_layers(Fit(phase="contact", hidden=(4,)))
    with pytest.raises(ValueError, match="missing \\['race'\\]"):
        PhaseNets({"contact": contact})
    with pytest.raises(ValueError, match="a race net takes 216 inputs"):
        PhaseNets({"contact": contact, "race": contact})
    with pytest.raises(ValueError, match="cannot rate trigammon"):
        tiny().check(TRIGAMMON)
    finished = Position.start(CLASSIC).boards
    over = np.array([[[*finished[0][:25], 0], [0] * 25 + [15]]], np.uint8)
    with pytest.raises(ValueError, match="sure outcome"):
        tiny().rate_slots(over)


def test_the_evaluators_rate_with_phase_nets() -> None:
    nets = tiny(seed=5)
    evaluator = NeuralEvaluator(nets)
    assert repr(evaluator) == "NeuralEvaluator(<network>)"
    position = Position.start(CLASSIC).with_dice(3, 1)
    ranked = hints(position, evaluator=evaluator)
    assert len(ranked) == len(position.legal_plays())
    assert [h.equity for h in ranked] == sorted((h.equity for h in ranked), reverse=True)
    found = evaluate(Position.start(CLASSIC), evaluator=evaluator)
    assert sum(found.wins) == pytest.approx(1, abs=1e-6)


def test_a_rating_has_the_same_last_bits_wherever_it_is_asked_for() -> None:
    """A bare call (a notebook's ``hints``) rates as games and reviews do, under one
    BLAS thread: with BLAS's default threads classic-v3's products differed in the
    last bit, so near-ties could break otherwise in a hint than in a game."""
    nets = load_named("classic-v3")
    positions = random_positions(CLASSIC, 400, 3)
    boards = np.asarray([boards_of(p) for p in positions], np.uint8)
    turns = [p.turn for p in positions]
    bare = nets.rate(boards, turns)
    with one_blas_thread():
        assert np.array_equal(nets.rate(boards, turns), bare)


def test_an_older_net_stays_selectable_by_name() -> None:
    old = NeuralEvaluator("classic-v2")
    assert repr(old) == "NeuralEvaluator('classic-v2')"
    assert old.net(CLASSIC) is load_named("classic-v2")
    with pytest.raises(ValueError, match="no net 'classic-v0' in the package"):
        NeuralEvaluator("classic-v0")


def test_classic_v3_is_the_package_s_nets_by_phase() -> None:
    """classic-v3, the default before classic-v4: a contact and a race net, each the
    phase of the positions it rates, and the record of how they were made."""
    nets = load_named("classic-v3")
    assert isinstance(nets, PhaseNets)
    assert set(nets.meta["nets"]) == {"contact", "race"}
    assert "0-ply ratings" in nets.meta["method"]
    bot = NeuralBot(evaluator=NeuralEvaluator("classic-v3"))
    position = Position.start(CLASSIC).with_dice(6, 1)
    assert bot.choose(position) == position.parse_play("13/7 8/7")  # the book play


def test_classic_v4_is_classic_v3_fine_tuned_on_2_ply_ratings() -> None:
    """classic-v4, the default before classic-v5: classic-v3's race net as it is, its
    contact net fine-tuned on gnubg's 2-ply ratings (docs/training.md)."""
    v3, v4 = load_named("classic-v3"), load_named("classic-v4")
    assert isinstance(v3, PhaseNets) and isinstance(v4, PhaseNets)
    assert v4.meta["version"] == 4 and v4.meta["nets"]["contact"]["rating"] == "ply2"
    assert all(
        np.array_equal(a, b)
        for old, new in zip(v3.nets["race"], v4.nets["race"], strict=True)
        for a, b in zip(old, new, strict=True)
    )
    assert not np.array_equal(v3.nets["contact"][0][0], v4.nets["contact"][0][0])
    bot = NeuralBot(evaluator=NeuralEvaluator("classic-v4"))
    position = Position.start(CLASSIC).with_dice(6, 1)
    assert bot.choose(position) == position.parse_play("13/7 8/7")  # the book play


def test_classic_v5_is_classic_v4_with_a_crashed_net() -> None:
    """classic-v5, classic's default: classic-v4's contact and race nets as they are, and
    a crashed net (gnubg's third phase) fitted on gnubg's 2-ply ratings of crashed
    positions alone, so it rates those and nothing else otherwise (docs/training.md)."""
    v4, v5 = load_named("classic-v4"), load_named("classic-v5")
    assert isinstance(v4, PhaseNets) and isinstance(v5, PhaseNets)
    assert set(v5.nets) == {"contact", "crashed", "race"} and v5.meta["version"] == 5
    assert v5.meta["nets"]["crashed"]["rating"] == "ply2"
    for phase in ("contact", "race"):
        assert all(
            np.array_equal(a, b)
            for old, new in zip(v4.nets[phase], v5.nets[phase], strict=True)
            for a, b in zip(old, new, strict=True)
        )
    assert NeuralEvaluator().net(CLASSIC) is v5
    positions = random_positions(CLASSIC, 300, 7)
    boards = np.asarray([boards_of(p) for p in positions], np.uint8)
    turns = np.asarray([p.turn for p in positions])
    found = classic.phases(in_slots(CLASSIC, boards, turns))
    crashed, contact = found == classic.CRASHED, found == classic.CONTACT
    assert crashed.sum() >= 20 and contact.sum() >= 20
    rated, before = v5.rate(boards, turns), v4.rate(boards, turns)
    assert np.array_equal(rated[~crashed], before[~crashed])
    assert not np.allclose(rated[crashed], before[crashed], atol=1e-3)
