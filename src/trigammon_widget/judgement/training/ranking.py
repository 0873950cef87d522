"""Fitting a net to tell apart the plays of one roll: a loss on the equity differences
within each group of candidates, beside the outcome's cross-entropy (``supervised``).

A net chooses a play by comparing the positions a roll's plays lead to, so what decides
its games is how well it orders them, not how close each rating is: an error shared by
the plays of a roll costs nothing. The chunks of ``scripts/label_classic.py`` keep, for
every roll, its best plays' positions (candidates) numbered by roll
(``candidate_groups``). For a group, with ``e`` the net's equity of the player who chose
among its plays (the one before the player to roll: the last slot) and ``t`` the
target's, the loss is ``sum((e - t) - mean(e - t))**2`` over its members: zero when
the net is off by the same amount for every play, whatever that amount.

``choices`` measures what the loss aims at: how often the net's best candidate is the
target's best, and the target equity its pick gives up (the regret).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..nets import Layers, forward, outcomes_from_logits
from ..outcome_vectors import Floats, equity_matrix, pairs

__all__ = ["Groups", "choices", "equity_gradient", "rank_gradient"]

Rows = npt.NDArray[np.int64]


def chooser_column(players: int) -> Floats:
    """The equity of the player who chose the play (the slot before the one to roll)."""
    column: Floats = equity_matrix(players)[:, players - 1]
    return column


def equity_gradient(logits: Floats, players: int, column: Floats) -> tuple[Floats, Floats]:
    """The equity ``outcomes @ column`` of each row of logits and its gradient by them.

    With ``W`` the softmax of the win logits, ``c`` and ``d`` the sigmoids of the
    conditional gammon and backgammon logits, the equity is ``sum_p W_p V_p`` where
    ``V_p`` is what a win by ``p`` is worth: ``column[p]`` plus, for each loser of ``p``,
    ``c (column_gammon + d column_backgammon)``.
    """
    q = len(pairs(players))
    winners = np.array([w for w, _ in pairs(players)], np.intp)
    wins = outcomes_from_logits(logits, players)[:, :players]
    c = 0.5 + 0.5 * np.tanh(0.5 * logits[:, players : players + q])
    d = 0.5 + 0.5 * np.tanh(0.5 * logits[:, players + q :])
    a, g, b = column[:players], column[players : players + q], column[players + q :]
    per_pair = c * (g + d * b)  # the worth of a win's gammons, by pair
    values = np.tile(a, (len(logits), 1)).astype(np.float32)
    np.add.at(values.T, winners, per_pair.T)
    equity = (wins * values).sum(axis=1)
    grad = np.empty_like(logits, dtype=np.float32)
    grad[:, :players] = wins * (values - equity[:, None])
    owner = wins[:, winners]
    grad[:, players : players + q] = owner * (g + d * b) * c * (1 - c)
    grad[:, players + q :] = owner * c * b * d * (1 - d)
    return equity.astype(np.float32), grad


@dataclass(frozen=True)
class Groups:
    """The groups of two or more candidates among positions: ``members`` (rows of the
    positions, a group's rows together), each group's first index into ``members``
    (``starts``) and its size (``sizes``)."""

    members: Rows
    starts: Rows
    sizes: Rows

    @classmethod
    def of(cls, labels: npt.NDArray[np.int64]) -> Groups:
        """The groups of ``labels`` (a group number per position, -1 for none)."""
        rows = np.flatnonzero(labels >= 0)
        order = rows[np.argsort(labels[rows], kind="stable")]
        _, starts, sizes = np.unique(labels[order], return_index=True, return_counts=True)
        keep = sizes >= 2
        spans = [order[s : s + n] for s, n in zip(starts[keep], sizes[keep], strict=True)]
        members = np.concatenate(spans) if spans else np.zeros(0, np.int64)
        kept = sizes[keep].astype(np.int64)
        return cls(members.astype(np.int64), np.cumsum(kept) - kept, kept)

    def __len__(self) -> int:
        return len(self.sizes)

    def batches(
        self, seed: int, epoch: int, per_batch: int, count: int
    ) -> Iterator[tuple[Rows, Rows]]:
        """``count`` batches of ``per_batch`` groups, in an order drawn from ``(seed,
        epoch)`` (round again when the groups run out): each batch's member rows and, per
        row, the batch-local number of its group."""
        order = np.random.default_rng([seed, epoch, 11]).permutation(len(self))
        at = 0
        for _ in range(count):
            if at + per_batch > len(order):
                at = 0
            chosen = order[at : at + per_batch]
            at += per_batch
            sizes = self.sizes[chosen]
            rows = np.concatenate(
                [self.members[s : s + n] for s, n in zip(self.starts[chosen], sizes, strict=True)]
            )
            yield rows, np.repeat(np.arange(len(chosen)), sizes)


def rank_gradient(
    logits: Floats, targets: Floats, labels: Rows, players: int
) -> tuple[float, Floats]:
    """The group loss (the module's text) summed over the rows' groups (``labels``: a
    group number per row, 0..G-1) and its gradient by the logits."""
    column = chooser_column(players)
    equity, grad = equity_gradient(logits, players, column)
    residual = equity - targets @ column
    count = labels.max() + 1 if len(labels) else 0
    means = np.bincount(labels, residual, count) / np.bincount(labels, minlength=count)
    centred = residual - means[labels]
    loss = float((centred**2).sum())
    out = ((2 * centred)[:, None] * grad).astype(np.float32)
    return loss, out


def choices(
    layers: Layers, inputs: npt.NDArray[np.float16], targets: Floats, groups: Groups, players: int
) -> dict[str, float]:
    """Over ``groups``: how often the net's best candidate (for the player who chose) is
    the target's best, and the mean target equity its pick gives up."""
    if not len(groups):
        return {"choice": float("nan"), "regret": float("nan")}
    column = chooser_column(players)
    rows = groups.members
    logits = forward(layers, inputs[rows].astype(np.float32))[-1]
    mine = outcomes_from_logits(logits, players) @ column
    theirs = targets[rows] @ column
    agreed = regret = 0.0
    for start, size in zip(groups.starts, groups.sizes, strict=True):
        span = slice(start, start + size)
        pick = int(np.argmax(mine[span]))
        best = float(theirs[span].max())
        agreed += float(theirs[span][pick] == best)
        regret += best - float(theirs[span][pick])
    return {"choice": agreed / len(groups), "regret": regret / len(groups)}
