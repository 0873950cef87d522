"""The nets the package ships, by name: each variant's default and older ones kept.

The weights live in the package's ``judgement/weights/`` folder, one ``<name>.npz`` each
(``"trigammon-v1"`` to ``"trigammon-v3"``, ``"classic-v2"`` to ``"classic-v5"``): a
``network.Network``, or, marked so in its record, a trigammon net of hand-made inputs
(``feature_network.FeatureNetwork``) or classic nets by phase (``phases.PhaseNets``). A
net is read on first use and kept. ``DEFAULTS`` names the one each variant plays with;
an older one stays selectable by name (``evaluation.NeuralEvaluator("trigammon-v1")``),
as a named opponent or to compare.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path

from ...engine.i18n import _
from .. import DATA
from . import weights_files
from .feature_network import FEATURE_INPUTS as FEATURES
from .feature_network import FeatureNetwork
from .network import Network
from .phases import KIND as PHASES
from .phases import PhaseNets

__all__ = [
    "DEFAULTS",
    "SHIPPED_DIR",
    "Net",
    "load_file",
    "load_named",
    "load_shipped",
    "network_named",
    "shipped_names",
]

SHIPPED_DIR = "weights"
"""Folder of the package holding the shipped nets."""
DEFAULTS = {"trigammon": "trigammon-v3", "classic": "classic-v5"}
"""Each variant's default net."""
Net = Network | PhaseNets
"""A net the evaluators rate with: one for all positions, or one per phase."""


def load_file(path: str | Path) -> Net:
    """The net of a weights file of any kind, as its meta says: nets by phase, a net of
    trigammon's features or a plain net. The file is read once and checked as every net
    file is (``weights_files.read``): a damaged, oversized or inconsistent one raises
    ``WeightsFileError`` (a ``ValueError``)."""
    weights = weights_files.read(path)
    if weights.meta.get("kind") == PHASES:
        return PhaseNets.of_file(weights)
    if weights.meta.get("inputs") == FEATURES:
        return FeatureNetwork.of_file(weights)
    return Network.of_file(weights)


def shipped_names() -> list[str]:
    """The names of the nets in the package, old ones too."""
    folder = DATA.joinpath(SHIPPED_DIR)
    return sorted(f.name.removesuffix(".npz") for f in folder.iterdir() if f.name.endswith(".npz"))


@cache
def load_named(name: str) -> Net:
    """A net of the package by name (``shipped_names``), read once, on first use."""
    if name not in shipped_names():
        raise ValueError(
            _("no net {name} in the package: {names}").format(
                name=repr(name), names=", ".join(shipped_names())
            )
        )
    source = DATA.joinpath(SHIPPED_DIR, f"{name}.npz")
    with resources.as_file(source) as path:
        return load_file(path)


def load_shipped(variant_name: str) -> Net:
    """The default net of a variant (``DEFAULTS``)."""
    try:
        name = DEFAULTS[variant_name]
    except KeyError:
        raise ValueError(
            _("no shipped net for {variant}: {names}").format(
                variant=repr(variant_name), names=sorted(DEFAULTS)
            )
        ) from None
    return load_named(name)


def network_named(name: str) -> Network:
    """A net of the package by name where it is one ``Network`` (what training widens
    and the compiled pass reads); a ValueError where it is nets by phase."""
    net = load_named(name)
    if not isinstance(net, Network):
        raise ValueError(
            _("the net {name} is nets by phase, not one network").format(name=repr(name))
        )
    return net
