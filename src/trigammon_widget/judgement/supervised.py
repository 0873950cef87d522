"""Supervised training of nets on rated positions, resumable: the classic phase nets
over hand-made features, and trigammon nets over the one-hot inputs of ``network``.

``scripts/train_classic.py`` is the command line; ``docs/training.md`` records the runs.

**Nets.** ``NETS`` says, for each kind of net a fit makes (``Fit.phase``), which
positions of which variant it learns from and its inputs: a classic phase's net
(``"contact"``, ``"crashed"``, ``"race"``: ``features.phases``, ``phases.inputs_of``),
or ``"trigammon"``: a ``network.Network`` rating every trigammon position but a
bear-off race (those are rated exactly, ``race.rate``) from ``network.encode``.

**Data.** Rated positions come in chunk files (``scripts/label_classic.py``,
``scripts/label_trigammon.py``): ``boards`` (as ``Position.boards``), ``turns`` (the
player to roll) and one outcome vector in seats per rating (``ply0``, ``ply1``,
``ply2``: the teacher at 0, 1 or 2 plies), and maybe the positions of each turn's best
plays (``candidate_boards``, ...), read too. ``read_positions`` turns chunks into one
net's inputs and targets in slots (the side to roll first), on any
``concurrent.futures.Executor`` (a chunk a task), and keeps every ``HOLD_OUT``-th chunk
(by its number) apart to measure the net on positions it never trained on. Positions
of a finished game are dropped (they have a sure outcome).

**Fitting.** Adam on minibatches (``fitting``), the loss the self-play trainer uses
(``training``): cross-entropy of the win and of the conditional gammon and
backgammon chances, each weighted by the chance it is conditional on. One pass over
the training positions is an epoch, in an order drawn from ``(seed, epoch)``; the
learning rate falls by ``decay`` per epoch.

**Checkpoints.** After every epoch the weights, Adam's moments, the counters and the
log go to ``<run>/checkpoint.npz`` (written aside, then renamed), the net to
``<run>/nets/<phase>-<epoch>.npz`` (for ``"trigammon"``, a ``Network`` weights file)
and a line to ``<run>/log.jsonl``, whose first line (epoch 0) measures the starting
net; the same call on the same folder (more ``epochs`` allowed) goes on from the last
epoch, with the same result as a run that never stopped.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor
from dataclasses import asdict, dataclass
from functools import partial
from itertools import pairwise
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ..engine.variant import CHECKERS, CLASSIC, TRIGAMMON, Variant
from . import features
from .feature_network import INPUTS
from .feature_network import inputs_of as feature_inputs
from .fitting import Adam, outcome_gradient, save_whole
from .network import Network, encode, forward, in_slots, outcomes_from_logits
from .outcomes import Floats, by_turn, equity_matrix, outcome_size, pairs, to_slots
from .phases import Layers, inputs_of
from .ranking import Groups, choices, rank_gradient
from .trigammon_features import FEATURES

__all__ = [
    "NETS",
    "Fit",
    "NetKind",
    "Positions",
    "fit",
    "read_chunk",
    "read_positions",
]

HOLD_OUT = 20
"""Every 20th chunk file (by name) is kept for measuring, never trained on."""
PHASE_CODES = {
    "contact": (features.CONTACT, features.CRASHED),
    "crashed": (features.CRASHED,),
    "race": (features.RACE,),
}
"""The positions each phase's net learns from: the contact net rates crashed positions
too where there is no crashed net, so it learns them too."""
Report = Callable[[str], None]
Slots = npt.NDArray[np.uint8]


@dataclass(frozen=True)
class NetKind:
    """What one kind of net learns from: positions of ``variant`` (boards in slots,
    ``(B, players, N + 2)``) where ``rows`` holds, with ``inputs`` as its inputs."""

    variant: Variant
    rows: Callable[[Slots], npt.NDArray[np.bool_]]
    inputs: Callable[[Slots], Floats]

    @property
    def players(self) -> int:
        return self.variant.players

    def input_size(self) -> int:
        empty = np.zeros((1, self.players, self.variant.points + 2), np.uint8)
        return int(self.inputs(empty).shape[1])


def _in_phase(phase: str) -> Callable[[Slots], npt.NDArray[np.bool_]]:
    return lambda slots: np.isin(features.phases(slots), PHASE_CODES[phase])


def _not_race(slots: Slots) -> npt.NDArray[np.bool_]:
    """Positions nobody has won that are not bear-off races (``race.is_race``)."""
    won = (slots[:, :, -1] == CHECKERS).any(axis=1)
    outside = slots[:, :, : TRIGAMMON.home_start].any(axis=(1, 2))
    kept: npt.NDArray[np.bool_] = outside & ~won
    return kept


NETS = {
    **{
        phase: NetKind(CLASSIC, _in_phase(phase), partial(inputs_of, phase))
        for phase in PHASE_CODES
    },
    "trigammon": NetKind(TRIGAMMON, _not_race, partial(encode, TRIGAMMON)),
    "trigammon-features": NetKind(TRIGAMMON, _not_race, feature_inputs),
}
"""The nets a fit makes, by ``Fit.phase``."""


# --- data ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Positions:
    """One phase's positions: inputs (kept as float16, half the memory of millions of
    positions; every input is a count or a share that float16 holds to 1e-3), targets
    (outcome vectors in slots) and, where the chunks number their candidates by roll,
    each position's group (``ranking``; -1 for none)."""

    inputs: npt.NDArray[np.float16]
    targets: Floats
    groups: npt.NDArray[np.int64] | None = None

    def __len__(self) -> int:
        return len(self.targets)

    def labels(self) -> npt.NDArray[np.int64]:
        """Each position's group, -1 for none."""
        return np.full(len(self), -1, np.int64) if self.groups is None else self.groups

    @staticmethod
    def join(parts: Iterable[Positions], phase: str) -> Positions:
        kept = list(parts)
        if not kept:
            kind = NETS[phase]
            return Positions(
                np.zeros((0, kind.input_size()), np.float16),
                np.zeros((0, outcome_size(kind.players)), np.float32),
            )
        groups = None
        if any(p.groups is not None for p in kept):
            numbered, offset = [], 0
            for part in kept:  # each part's groups numbered after the last part's
                labels = part.labels()
                numbered.append(np.where(labels >= 0, labels + offset, -1))
                offset += int(labels.max(initial=-1)) + 1
            groups = np.concatenate(numbered)
        return Positions(
            np.concatenate([p.inputs for p in kept]),
            np.concatenate([p.targets for p in kept]),
            groups,
        )


def read_chunk(
    path: str | Path, phase: str, rating: str, cache: str | Path | None = None
) -> Positions:
    """A chunk file's positions for the net ``phase`` (``NETS``) with the rating
    ``rating`` (``"ply0"``, ``"ply1"``, ``"ply2"``) as targets, its candidates' positions
    too where it has them with that rating.

    With ``cache`` (a folder) the result is kept there and read back next time: the
    inputs of millions of positions take a while to work out.
    """
    source = Path(path)
    kept = None
    if cache is not None:
        named = f"{source.parent.name}-{source.stem}-{phase}-{rating}-{_digest(source.resolve())}"
        kept = Path(cache) / f"{named}-{_digest(_state(source))}.npz"
        if kept.exists():
            with np.load(kept, allow_pickle=False) as data:
                groups = data["groups"] if "groups" in data.files else None
                return Positions(data["inputs"], data["targets"], groups)
    groups = None
    with np.load(source, allow_pickle=False) as data:
        boards = data["boards"]
        turns = data["turns"].astype(np.intp)
        rated = data[rating].astype(np.float32)
        if f"candidate_{rating}" in data.files:
            boards = np.concatenate((boards, data["candidate_boards"]))
            turns = np.concatenate((turns, data["candidate_turns"].astype(np.intp)))
            rated = np.concatenate((rated, data[f"candidate_{rating}"].astype(np.float32)))
            if "candidate_groups" in data.files:
                none = np.full(len(data["turns"]), -1, np.int64)
                groups = np.concatenate((none, data["candidate_groups"].astype(np.int64)))
    kind = NETS[phase]
    slots = in_slots(kind.variant, boards, turns)
    rows = kind.rows(slots)
    targets = by_turn(kind.variant, rated[rows], turns[rows], to_slots)
    found = Positions(
        kind.inputs(slots[rows]).astype(np.float16),
        targets,
        None if groups is None else groups[rows],
    )
    if kept is not None:
        kept.parent.mkdir(parents=True, exist_ok=True)
        for stale in kept.parent.glob(f"{named}-*.npz"):
            if not stale.name.endswith(".part.npz"):  # another fit's file being written
                stale.unlink(missing_ok=True)
        cached = {"inputs": found.inputs, "targets": found.targets}
        save_whole(kept, cached if groups is None else {**cached, "groups": found.labels()})
    return found


def _state(source: Path) -> str:
    """Which state of the file: a chunk given candidates afterwards is not read from the
    cache entry of its old self, which goes."""
    held = source.stat()
    return f"{held.st_size}:{held.st_mtime_ns}"


def _digest(text: object) -> str:
    return hashlib.blake2b(str(text).encode(), digest_size=6).hexdigest()


def chunk_files(folders: Sequence[str | Path]) -> list[Path]:
    """The training data's chunks in ``folders``, in order."""
    return sorted(path for folder in folders for path in Path(folder).glob("chunk-*[0-9].npz"))


def held_out(path: Path, hold_out: int = HOLD_OUT) -> bool:
    """Whether a chunk file is kept for measuring: its number is ``hold_out - 1`` modulo
    ``hold_out``, so a file stays on its side however many others there are."""
    return int(path.stem.rsplit("-", 1)[1]) % hold_out == hold_out - 1


def read_positions(
    files: Sequence[Path],
    phase: str,
    rating: str,
    executor: Executor | None = None,
    hold_out: int = HOLD_OUT,
    cache: str | Path | None = None,
) -> tuple[Positions, Positions]:
    """(training, held-out) positions of the net ``phase`` from chunk files
    (``held_out``)."""
    held = [f for f in files if held_out(f, hold_out)]
    train = [f for f in files if not held_out(f, hold_out)]
    ordered = [*train, *held]
    mapper = map if executor is None else executor.map
    each = [[x] * len(ordered) for x in (phase, rating, cache)]
    found = dict(zip(ordered, mapper(read_chunk, ordered, *each), strict=True))
    return (
        Positions.join((found[f] for f in train), phase),
        Positions.join((found[f] for f in held), phase),
    )


# --- the fit ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Fit:
    """How one net is fitted; kept in its checkpoint.

    ``phase`` the net (``NETS``); ``hidden`` units per ``tanh`` hidden layer;
    ``learning_rate`` at the first epoch, times ``decay`` each epoch after; ``start``
    the weights the fit starts from (fine-tuning) instead of random ones: for a classic
    phase, a weights file of phase nets (its ``phase`` net); for ``"trigammon"``, a
    ``Network`` (a weights file or a net of the package by name), widened to
    ``hidden`` units if it has one hidden layer of fewer (``training.widened``); a net
    of several hidden layers with no more units than ``hidden``'s is widened too
    (``widen``).
    """

    phase: str = "contact"
    rating: str = "ply2"
    hidden: tuple[int, ...] = (128, 64)
    learning_rate: float = 1e-3
    decay: float = 0.8
    batch: int = 128
    epochs: int = 10
    seed: int = 0
    start: str | None = None
    rank_weight: float = 0.0
    """The weight of the group loss (``ranking``) beside the cross-entropy; 0: none."""
    group_batch: int = 32
    """Groups of candidates a step, beside ``batch`` positions, where ``rank_weight``."""

    def __post_init__(self) -> None:
        if self.phase not in NETS:
            raise ValueError(f"phase must be one of {sorted(NETS)}, not {self.phase!r}")
        if not self.hidden or any(h < 1 for h in self.hidden):
            raise ValueError(
                f"hidden needs one or more layer sizes of at least 1, not {self.hidden}"
            )
        if self.batch < 1 or self.epochs < 1:
            raise ValueError(
                f"batch and epochs must be at least 1, not {self.batch}, {self.epochs}"
            )


def initial_layers(fit: Fit) -> Layers:
    """Small random weights (``seed``); output biases start at even wins, rare gammons."""
    rng = np.random.default_rng([fit.seed, 7])
    kind = NETS[fit.phase]
    sizes = [kind.input_size(), *fit.hidden]
    layers = []
    for fan_in, fan_out in pairwise(sizes):
        w = rng.normal(0, 1 / np.sqrt(fan_in), (fan_in, fan_out)).astype(np.float32)
        layers.append((w, np.zeros(fan_out, np.float32)))
    players, q = kind.players, len(pairs(kind.players))
    last = rng.normal(0, 0.1 / np.sqrt(sizes[-1]), (sizes[-1], players + 2 * q))
    biases = np.array([0.0] * players + [-1.5] * q + [-2.5] * q, np.float32)
    return (*layers, (last.astype(np.float32), biases))


def loss_of(logits: Floats, targets: Floats, players: int = 2) -> Floats:
    """Each position's loss (the cross-entropies whose gradient
    ``fitting.outcome_gradient`` is), for ``players`` players."""
    tiny = np.float32(1e-7)
    n, q = players, len(pairs(players))
    found = outcomes_from_logits(logits, n)
    cond_gammon = 0.5 + 0.5 * np.tanh(0.5 * logits[:, n : n + q])
    cond_back = 0.5 + 0.5 * np.tanh(0.5 * logits[:, n + q :])
    t_wins, t_gammons, t_backs = targets[:, :n], targets[:, n : n + q], targets[:, n + q :]
    t_winners = t_wins[:, [w for w, _ in pairs(n)]]

    def cross(p: Floats, weight: Floats, hit: Floats) -> Floats:
        out: Floats = -(hit * np.log(p + tiny) + (weight - hit) * np.log(1 - p + tiny)).sum(1)
        return out

    win: Floats = -(t_wins * np.log(found[:, :n] + tiny)).sum(1)
    return win + cross(cond_gammon, t_winners, t_gammons) + cross(cond_back, t_gammons, t_backs)


class Learner(Adam):
    """One net's weights being fitted, with Adam's moments and step count."""

    def __init__(self, layers: Layers, players: int) -> None:
        super().__init__(layers)
        self.players = players

    def update(self, inputs: Floats, targets: Floats, rate: float) -> None:
        acts = forward(self.live_layers(), inputs)
        grad = outcome_gradient(acts[-1], targets, self.players) / np.float32(len(inputs))
        self.descend(acts, grad, rate)

    def update_ranked(
        self,
        inputs: Floats,
        targets: Floats,
        grouped: tuple[Floats, Floats, npt.NDArray[np.int64]],
        rate: float,
        weight: float,
    ) -> None:
        """One step on ``inputs``' cross-entropy and, weighted, on the group loss of the
        candidates ``grouped`` (their inputs, targets and batch-local groups)."""
        members, member_targets, labels = grouped
        acts = forward(self.live_layers(), np.concatenate((inputs, members)))
        logits = acts[-1]
        count = len(inputs)
        plain = outcome_gradient(logits[:count], targets, self.players) / np.float32(count)
        _, ranked = rank_gradient(logits[count:], member_targets, labels, self.players)
        ranked *= np.float32(weight / len(members))
        self.descend(acts, np.concatenate((plain, ranked)), rate)


def measure(
    layers: Layers, positions: Positions, players: int = 2, batch: int = 4096
) -> dict[str, float]:
    """Mean loss and mean absolute error of the equity of the side to roll, for a net
    of ``players`` players."""
    if not len(positions):
        return {"loss": float("nan"), "equity_error": float("nan")}
    column = equity_matrix(players)[:, 0]
    loss = error = 0.0
    for first in range(0, len(positions), batch):
        rows = slice(first, first + batch)
        logits = forward(layers, positions.inputs[rows].astype(np.float32))[-1]
        targets = positions.targets[rows]
        loss += float(loss_of(logits, targets, players).sum())
        found = outcomes_from_logits(logits, players)
        error += float(np.abs((found - targets) @ column).sum())
    return {"loss": loss / len(positions), "equity_error": error / len(positions)}


def starting_layers(fit: Fit) -> Layers:
    """The layers a fit starts from: random (``initial_layers``) or ``Fit.start``'s,
    widened to ``fit.hidden`` where it has fewer units (``training.widened``, ``widen``)."""
    if fit.start is None:
        return initial_layers(fit)
    layers = layers_of(fit.phase, fit.start)
    have = tuple(w.shape[1] for w, _ in layers[:-1])
    if fit.phase == "trigammon" and len(have) == len(fit.hidden) == 1 and have < fit.hidden:
        from .training import widened

        layers = widened(Network(TRIGAMMON, tuple(layers)), fit.hidden[0], fit.seed).layers
    elif len(have) == len(fit.hidden) > 1 and all(
        a <= b for a, b in zip(have, fit.hidden, strict=True)
    ):
        layers = widen(layers, fit.hidden, fit.seed)
    elif have != fit.hidden:
        raise ValueError(
            f"{fit.start}'s {fit.phase} net has hidden layers {have}, not {fit.hidden}"
        )
    missing = NETS[fit.phase].input_size() - layers[0][0].shape[0]
    if fit.phase == "trigammon-features" and missing == FEATURES:
        # A net of the checker counts alone: the features start with no say.
        (w0, b0), *rest = layers
        layers = ((np.concatenate((w0, np.zeros((FEATURES, w0.shape[1]), w0.dtype))), b0), *rest)
    return tuple((np.array(w, np.float32), np.array(b, np.float32)) for w, b in layers)


def widen(layers: Layers, hidden: tuple[int, ...], seed: int) -> Layers:
    """``layers`` with ``hidden`` units in their hidden layers, rating every position as
    they do: each new unit gets small random input weights and a zero weight into every
    old unit of the next layer and into the outputs, so training gives it a say."""
    rng = np.random.default_rng([seed, 13])
    found: list[tuple[Floats, Floats]] = []
    grown = 0  # the new units of the layer before
    for k, (w, b) in enumerate(layers):
        fan_in, have = w.shape
        wanted = hidden[k] if k < len(hidden) else have
        weights = np.zeros((fan_in + grown, wanted), np.float32)
        weights[:fan_in, :have] = w
        if wanted > have:
            scale = 1 / np.sqrt(fan_in + grown)
            weights[:, have:] = rng.normal(0, scale, (fan_in + grown, wanted - have))
        biases = np.concatenate((b, np.zeros(wanted - have, np.float32))).astype(np.float32)
        found.append((weights, biases))
        grown = wanted - have
    return tuple(found)


def layers_of(phase: str, source: str) -> Layers:
    """The layers of the net ``phase`` in weights ``source``: for a classic phase, a
    phase-nets file's net of that phase (its contact net for a missing crashed one);
    for ``"trigammon"`` and ``"trigammon-features"``, a ``Network``'s (a weights file,
    or a net of the package by name)."""
    if phase.startswith("trigammon"):
        from .shipped import load_file, network_named

        net = load_file(source) if source.endswith(".npz") else network_named(source)
        if not isinstance(net, Network) or net.variant.name != TRIGAMMON.name:
            raise ValueError(f"{source} is not a trigammon net")
        return net.layers
    from .phases import PhaseNets

    nets = PhaseNets.load(source).nets
    return nets.get(phase, nets["contact"])


def fit(
    settings: Fit,
    run: str | Path,
    train: Positions,
    held: Positions,
    report: Report | None = print,
) -> Layers:
    """Fit ``settings.phase``'s net on ``train`` for ``settings.epochs`` epochs in the
    run folder ``run`` (going on from its checkpoint), measuring it on ``held`` before
    the first (epoch 0 of the log: the starting net) and after each; returns the
    layers."""
    folder = Path(run)
    (folder / "nets").mkdir(parents=True, exist_ok=True)
    checkpoint = folder / "checkpoint.npz"
    players = NETS[settings.phase].players
    groups = Groups.of(train.labels())
    held_groups = Groups.of(held.labels())
    learner = Learner(starting_layers(settings), players)
    state: dict[str, Any] = {"epoch": 0, "seconds": 0.0, "log": []}
    say = report or (lambda line: None)
    if checkpoint.exists():
        with np.load(checkpoint, allow_pickle=False) as data:
            state = json.loads(str(data["state"]))
            kept = {**json.loads(json.dumps(asdict(Fit()))), **state.pop("settings")}
            wanted = json.loads(json.dumps(asdict(settings)))
            changed = sorted(k for k in wanted if k != "epochs" and kept[k] != wanted[k])
            if changed:
                raise ValueError(
                    f"{checkpoint} was made with other settings ({', '.join(changed)}): "
                    "use another run folder"
                )
            learner.restore(data, state["step"])
    (folder / "settings.json").write_text(json.dumps(asdict(settings), indent=1) + "\n")
    if state["epoch"]:
        say(f"resumed from {checkpoint} at epoch {state['epoch']}")
    else:
        start = {
            "epoch": 0,
            **{f"held_{k}": v for k, v in measure(learner.layers(), held, players).items()},
            **_choices(learner.layers(), held, held_groups, players),
        }
        with open(folder / "log.jsonl", "w") as out:
            out.write(json.dumps(start) + "\n")
        say(
            f"{settings.phase} at the start: held-out loss {start['held_loss']:.5f}, "
            f"equity error {start['held_equity_error']:.5f}"
        )
    while state["epoch"] < settings.epochs:
        epoch = state["epoch"]
        started = time.perf_counter()
        rate = settings.learning_rate * settings.decay**epoch
        order = np.random.default_rng([settings.seed, epoch]).permutation(len(train))
        firsts = range(0, len(order), settings.batch)
        grouped = _group_batches(settings, train, groups, epoch, len(firsts))
        for first in firsts:
            rows = np.sort(order[first : first + settings.batch])
            inputs, targets = train.inputs[rows].astype(np.float32), train.targets[rows]
            members = next(grouped, None)
            if members is None:
                learner.update(inputs, targets, rate)
                continue
            member_rows, labels = members
            found = (train.inputs[member_rows].astype(np.float32), train.targets[member_rows])
            learner.update_ranked(inputs, targets, (*found, labels), rate, settings.rank_weight)
        state["epoch"] = epoch + 1
        state["seconds"] += time.perf_counter() - started
        layers = learner.layers()
        entry = {
            "epoch": epoch + 1,
            "positions": len(train),
            "seconds": round(state["seconds"]),
            "rate": rate,
            **{f"held_{k}": v for k, v in measure(layers, held, players).items()},
            **_choices(layers, held, held_groups, players),
        }
        state["log"].append(entry)
        state["step"] = learner.step
        _save_net(
            folder / "nets" / f"{settings.phase}-{epoch + 1:03d}.npz", settings, layers, entry
        )
        with open(folder / "log.jsonl", "a") as out:
            out.write(json.dumps(entry) + "\n")
        record = {**state, "settings": asdict(settings)}
        save_whole(checkpoint, {"state": np.array(json.dumps(record)), **learner.arrays()})
        say(
            f"{settings.phase} epoch {epoch + 1}/{settings.epochs}: held-out loss "
            f"{entry['held_loss']:.5f}, equity error {entry['held_equity_error']:.5f} "
            f"({len(train):,} positions, {state['seconds'] / 60:.1f} min)"
        )
    return learner.layers()


def _group_batches(
    settings: Fit, train: Positions, groups: Groups, epoch: int, count: int
) -> Iterator[tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]]:
    """An epoch's batches of groups, one a step, where the fit weighs the group loss."""
    if not settings.rank_weight or not len(groups):
        return iter(())
    return groups.batches(settings.seed, epoch, settings.group_batch, count)


def _choices(layers: Layers, held: Positions, groups: Groups, players: int) -> dict[str, float]:
    """The held-out candidates' choices (``ranking.choices``), where there are groups."""
    if not len(groups):
        return {}
    found = choices(layers, held.inputs, held.targets, groups, players)
    return {f"held_{k}": v for k, v in found.items()}


def _save_net(path: Path, settings: Fit, layers: Layers, entry: dict[str, Any]) -> None:
    arrays: dict[str, Any] = {}
    for k, (w, b) in enumerate(layers):
        arrays[f"w{k}"], arrays[f"b{k}"] = w, b
    record = {"fit": asdict(settings), **entry, "variant": NETS[settings.phase].variant.name}
    if settings.phase == "trigammon-features":
        record["inputs"] = INPUTS
    with open(path, "wb") as out:
        np.savez_compressed(out, meta=np.array(json.dumps(record)), **arrays)


def read_layers(path: str | Path) -> Layers:
    """A fitted net's layers (``<run>/nets/<phase>-<epoch>.npz``; a trigammon one is
    also a ``Network`` weights file, ``Network.load``)."""
    with np.load(path, allow_pickle=False) as data:
        count = sum(1 for name in data.files if name.startswith("w"))
        return tuple(
            (data[f"w{k}"].astype(np.float32), data[f"b{k}"].astype(np.float32))
            for k in range(count)
        )
