"""Fitting a net's layers by gradient: the loss's gradient by the logits, backpropagation
through ``tanh`` layers and Adam, shared by self-play training (``training``) and the
supervised fits of the classic phase nets (``supervised``), and the one way both write
the files they keep (``save_whole``).

The loss is the cross-entropy of the outcome vector (``network``): of the winner
(a softmax), and of each conditional gammon and backgammon chance (sigmoids), each
weighted by the chance it is conditional on.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from ..nets import outcomes_from_logits
from ..outcome_vectors import Floats, pairs

__all__ = ["Adam", "outcome_gradient", "save_whole"]


def outcome_gradient(logits: Floats, targets: Floats, players: int) -> Floats:
    """The loss's gradient by the logits, for ``players`` players (targets in the slot
    order of the logits)."""
    q = len(pairs(players))
    found = outcomes_from_logits(logits, players)
    cond_gammon = 0.5 + 0.5 * np.tanh(0.5 * logits[:, players : players + q])
    cond_back = 0.5 + 0.5 * np.tanh(0.5 * logits[:, players + q :])
    t_wins, t_gammons = targets[:, :players], targets[:, players : players + q]
    t_backs = targets[:, players + q :]
    winners = [w for w, _ in pairs(players)]
    gradient: Floats = np.concatenate(
        (
            found[:, :players] - t_wins,
            t_wins[:, winners] * cond_gammon - t_gammons,
            t_gammons * cond_back - t_backs,
        ),
        axis=1,
        dtype=np.float32,
    )
    return gradient


class Adam:
    """A net's layers being fitted, with Adam's moments and step count: what a
    checkpoint keeps (``arrays``, ``restore``)."""

    BETA1, BETA2, EPS = 0.9, 0.999, 1e-8

    def __init__(self, layers: Sequence[tuple[Floats, Floats]]) -> None:
        self.params = [np.array(a, np.float32) for layer in layers for a in layer]
        self.moments = [np.zeros_like(p) for p in self.params]
        self.squares = [np.zeros_like(p) for p in self.params]
        self.step = 0

    def layers(self) -> tuple[tuple[Floats, Floats], ...]:
        """A copy of the current weights, layer by layer."""
        params = [p.copy() for p in self.params]
        return tuple((params[k], params[k + 1]) for k in range(0, len(params), 2))

    def live_layers(self) -> list[tuple[Floats, Floats]]:
        """The current weights themselves (for the forward pass of an update)."""
        return [(self.params[k], self.params[k + 1]) for k in range(0, len(self.params), 2)]

    def descend(self, acts: Sequence[Floats], grad: Floats, rate: float) -> None:
        """One Adam step at ``rate``: ``acts`` are the forward pass's activations
        (``network.forward``), ``grad`` the loss's gradient by the logits, backpropagated
        through the ``tanh`` layers."""
        layers = self.live_layers()
        grads: list[Floats] = []
        for k in range(len(layers) - 1, -1, -1):
            grads[:0] = [acts[k].T @ grad, grad.sum(axis=0, dtype=np.float32)]
            if k:
                grad = (grad @ layers[k][0].T) * (1 - acts[k] ** 2)
        self.step += 1
        c1 = 1 - self.BETA1**self.step
        c2 = 1 - self.BETA2**self.step
        for p, g, m, v in zip(self.params, grads, self.moments, self.squares, strict=True):
            m *= self.BETA1
            m += (1 - self.BETA1) * g
            v *= self.BETA2
            v += (1 - self.BETA2) * g * g
            p -= rate * (m / c1) / (np.sqrt(v / c2) + self.EPS)

    def arrays(self) -> dict[str, Any]:
        """The weights and moments, by name, for a checkpoint file."""
        out: dict[str, Any] = {}
        for k, (p, m, v) in enumerate(zip(self.params, self.moments, self.squares, strict=True)):
            out[f"p{k}"], out[f"m{k}"], out[f"v{k}"] = p, m, v
        return out

    def restore(self, data: Any, step: int) -> None:
        """Back to a checkpoint's weights and moments (``arrays``) at ``step``."""
        for k in range(len(self.params)):
            self.params[k][...] = data[f"p{k}"]
            self.moments[k][...] = data[f"m{k}"]
            self.squares[k][...] = data[f"v{k}"]
        self.step = step


def save_whole(target: Path, arrays: dict[str, Any], compress: bool = False) -> None:
    """An ``.npz`` file (a chunk, a checkpoint) written aside under a name of its own and
    renamed, so a kill leaves it whole or absent and writers sharing a folder never
    rename each other's part."""
    aside = target.with_name(f"{target.stem}.{uuid.uuid4().hex}.part.npz")
    (np.savez_compressed if compress else np.savez)(aside, **arrays)
    os.replace(aside, target)
