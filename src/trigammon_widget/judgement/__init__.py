"""The judgement: what a position is worth and who plays it well.

Rooms, bottom up: ``outcome_vectors``, ``threads`` and ``judges`` (the evaluators on
offer, and whether numpy is here to run them: shared by all), ``race`` and
``inputs``, ``nets``, then ``evaluation`` (an evaluator of positions and plays),
``cube``, ``play`` (bots, games, rollouts), ``analysis`` (a game's review) and ``risk``
(a play's round ahead, hit or missed), and ``training`` (only the scripts' and the
tests'). A room's ``__init__`` is its face:
the names the other rooms and layers import from it."""

from importlib import resources

DATA = resources.files(__name__)
"""The judgement's data folders: ``weights/``, the nets the package ships
(``nets.shipped``), and ``tables/``, the bear-off database (``race.bearoff``) and the
benchmark's reference (``training.benchmark``)."""
