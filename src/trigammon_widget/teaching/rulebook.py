"""The rules' ids and names (RULES.md's R1-R14): what the board says beside a rule's id,
without building the lessons' cards (``lessons.RULE_CARDS``, whose titles these are)."""

from __future__ import annotations

from collections.abc import Mapping

from ..engine.i18n import N_

__all__ = ["RULE_TITLES"]

RULE_TITLES: Mapping[str, str] = {
    "R1": N_("Start"),
    "R2": N_("Opening roll"),
    "R3": N_("Turn order"),
    "R4": N_("Dice"),
    "R5": N_("Doubles"),
    "R6": N_("Landing"),
    "R7": N_("Hit"),
    "R8": N_("Bar first"),
    "R9": N_("Use the dice"),
    "R10": N_("Bearing off allowed"),
    "R11": N_("Bearing off exactly"),
    "R12": N_("End"),
    "R13": N_("Gammons"),
    "R14": N_("Doubling cube (classic)"),
}
"""Each rule's name by its id, as written (English); said in the language spoken."""
