"""A trigammon net that reads hand-made features beside the checker counts.

``FeatureNetwork`` is a ``network.Network`` whose inputs are Tesauro's code of every
player's checkers followed by ``inputs.trigammon``'s counts of shots, escapes and
primes (``feature_inputs``). The first layer's rows for the checker
counts come first, as in a plain net, so a roll's plays still look their counts up
from the first layer's tables (``network``); only the features are worked out and
multiplied in, per play. Where the compiled fast path is in use (``engine.fast``) the
features come from ``compiled_trigammon``, the same values bit for bit.

A weights file of one is a ``Network`` weights file whose ``meta`` says
``"inputs": "features"`` (``FEATURE_INPUTS``), read as every net file is (``weights_files``).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ...engine import fast
from ...engine.fastplay import TurnView
from ...engine.variant import TRIGAMMON, Variant
from ..inputs import FEATURES, encode, trigammon_features
from ..outcome_vectors import Floats
from . import weights_files
from .network import Network

__all__ = ["FEATURE_INPUTS", "FeatureNetwork", "feature_inputs", "features_of", "is_features_file"]

FEATURE_INPUTS = "features"
"""``meta["inputs"]`` of a weights file of a ``FeatureNetwork``."""


def features_of(slots: npt.NDArray[np.uint8], variant: Variant = TRIGAMMON) -> Floats:
    """``trigammon.trigammon_features``, compiled where the fast path is in use."""
    if fast.compiled() is None:
        return trigammon_features(slots, variant)
    from ..inputs import compiled_trigammon  # numba: only where the fast path is in use

    return compiled_trigammon.trigammon_features_of(slots, variant)


def feature_inputs(slots: npt.NDArray[np.uint8], variant: Variant = TRIGAMMON) -> Floats:
    """A feature net's inputs of boards in slots: Tesauro's code of every slot
    (``encoding.encode``), then the features (``features_of``)."""
    return np.concatenate((encode(variant, slots), features_of(slots, variant)), axis=1)


class FeatureNetwork(Network):
    """A trigammon net over the checker counts and ``trigammon`` (the module's
    text)."""

    def __post_init__(self) -> None:
        if (self.variant.players, self.variant.points) != (TRIGAMMON.players, TRIGAMMON.points):
            raise ValueError(f"a net with trigammon's features cannot rate {self.variant.name}")
        super().__post_init__()

    def input_size(self) -> int:
        return super().input_size() + FEATURES

    def inputs(self, slots: npt.NDArray[np.uint8]) -> Floats:
        return feature_inputs(slots, self.variant)

    def save(self, path: str | Path, **meta: Any) -> None:
        super().save(path, **{**meta, "inputs": FEATURE_INPUTS})

    def _beyond_tables(self, view: TurnView, keys: Sequence[int], order: tuple[int, ...]) -> Floats:
        after = np.array([view.boards_after(key) for key in keys], np.uint8)
        weights = self.layers[0][0][-FEATURES:]
        found: Floats = features_of(after[:, list(order)], self.variant) @ weights
        return found


def is_features_file(path: str | Path) -> bool:
    """Whether a weights file holds a ``FeatureNetwork`` (else a plain ``Network``); a
    file that is no weights file raises ``WeightsFileError``."""
    return bool(weights_files.read_meta(path).get("inputs") == FEATURE_INPUTS)
