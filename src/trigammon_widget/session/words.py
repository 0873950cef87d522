"""The front end's own words, from the catalogues: declared here once, in English, and
sent to the board in its language (the ``words`` trait).

``js/protocol.ts`` gets the keys as the ``WORDS`` table (``scripts/generate_protocol.py``),
so the TypeScript compiler checks every word a panel asks for; the panels hold no text
of their own. A word with ``{name}`` fields is a template the panel fills in
(``dom.fill``), with the same fields in every language.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..engine.i18n import N_, _
from ..judgement.analysis import LEVEL_WORDS, MARK_NAMES

__all__ = ["WORDS", "words"]

WORDS: Mapping[str, str] = {
    # the board
    "board": N_("Backgammon board"),
    # the toolbar
    "roll": N_("Roll"),
    "first_die": N_("First die"),
    "second_die": N_("Second die"),
    "set_dice": N_("Set dice"),
    "undo_move": N_("Undo move"),
    "confirm": N_("Confirm"),
    "double": N_("Double"),
    "take": N_("Take"),
    # Translators: the button that refuses a double (R14): the game is lost at the cube.
    "pass": N_("Pass"),
    "seat_at_bottom": N_("Seat at the bottom"),
    "edit_position": N_("Edit position"),
    "done_editing": N_("Done editing"),
    "turn": N_("Turn"),
    "cube_group": N_("Doubling cube"),
    "view_as": N_("View as {seat}"),
    # the edit panel
    "place_checkers_of": N_("Place checkers of"),
    "player_to_move": N_("Player to move"),
    "setup_first_die": N_("Set-up first die"),
    "setup_second_die": N_("Set-up second die"),
    "position_id": N_("Position ID"),
    "start_position": N_("Start position"),
    "clear": N_("Clear"),
    "edit_hint": N_(
        "Click a point or a bar to add a checker; shift-click or right-click takes one back."
    ),
    "add_checkers_of": N_("Add checkers of {player}"),
    "to_move_of": N_("To move {player}"),
    "setup_dice": N_("Dice {die1} {die2}"),
    # Translators: the position's ID (GNU Backgammon's), in the edit panel.
    "id_of": N_("ID {id}"),
    # the status line
    "doubled": N_("{who} doubles to {value}: {other} to take or pass"),
    "to_move_setup": N_("{who} to move (set-up)"),
    "to_move": N_("{who} to move"),
    "to_roll": N_("{who} to roll"),
    "played_game": N_("a played game of the match, kept as played"),
    "earlier_turn": N_("an earlier turn: another play here starts a variation"),
    "played_so_far": N_("played {play}"),
    "dice_left": N_("{dice} left"),
    "confirm_ends": N_("Confirm ends the turn"),
    # the message line
    "preview": N_("Preview"),
    "preview_of": N_("{label} of {play}: not played."),
    # the history panel
    "history": N_("History"),
    "move_list": N_("Move list"),
    "first_position": N_("First position"),
    "first_tip": N_("First (Home)"),
    "previous_turn": N_("Previous turn"),
    "previous_tip": N_("Previous (←)"),
    "next_turn": N_("Next turn"),
    "next_tip": N_("Next (→)"),
    "last_position": N_("Last position"),
    "last_tip": N_("Last (End)"),
    "step_through": N_("Step through the game"),
    # Translators: the history's first row, the position before any turn.
    "start": N_("Start"),
    "turn_of": N_("turn {ply} of {plies}"),
    "marked_play": N_("a {mark} play"),
    "marked_cube_action": N_("a {mark} cube action"),
    "mistake_tip": N_("{label} (n / p: next / previous mistake)"),
    "variations_here": N_("{count} variations at this turn"),
    "switch_tip": N_("{label} (↑ ↓ switch)"),
    # the review's marks: ``mark ?!`` ... (``analysis.MARK_NAMES``)
    **{f"mark {mark}": LEVEL_WORDS[level] for mark, level in MARK_NAMES.items()},
}
"""Each word of the front end by its key, in English."""


def words() -> dict[str, str]:
    """Every word of ``WORDS`` in the language spoken."""
    return {key: _(text) for key, text in WORDS.items()}
