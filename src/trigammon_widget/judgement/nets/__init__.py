"""The evaluators' nets: the plain net (``network``), trigammon's net with hand-made
features (``feature_network``), classic's nets by phase (``phases``), the weights files
they are saved in (``weights_files``) and the nets the package ships (``shipped``).
``compiled`` is the forward pass in numba and ``compiled_turns`` whole bot-only turns
with it, imported by ``network`` only where the fast path is in use."""

from .feature_network import FEATURE_INPUTS, feature_inputs
from .network import (
    ROLL_CHANCES,
    ROLLS,
    CompiledRater,
    Network,
    forward,
    outcomes_from_logits,
)
from .phases import Layers, PhaseNets, phase_inputs
from .shipped import (
    DEFAULTS,
    Net,
    load_file,
    load_named,
    load_shipped,
    network_named,
    shipped_names,
)

__all__ = [
    "DEFAULTS",
    "FEATURE_INPUTS",
    "ROLLS",
    "ROLL_CHANCES",
    "CompiledRater",
    "Layers",
    "Net",
    "Network",
    "PhaseNets",
    "feature_inputs",
    "forward",
    "load_file",
    "load_named",
    "load_shipped",
    "network_named",
    "outcomes_from_logits",
    "phase_inputs",
    "shipped_names",
]
