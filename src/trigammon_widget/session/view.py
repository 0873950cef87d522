"""What the board shows: the view a front end draws, and the words and rows in it.

``View`` and the ``TypedDict``\\ s inside it are the protocol's too: ``protocol``
generates their TypeScript twins (``js/protocol.ts``) from these declarations.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypedDict

from ..engine import Turn
from ..engine.game import Variation
from ..engine.notation import dice_text, play_text, record_text
from ..judgement.analysis import Level
from ..study import Grade
from .coaching import Analysis, CubeWarning, Review, TutorWarning

__all__ = [
    "HUMAN",
    "CubeView",
    "DrillCard",
    "DrillChoice",
    "DrillVerdict",
    "DrillView",
    "Frames",
    "HistoryEntry",
    "MatchView",
    "Message",
    "Primary",
    "Seat",
    "Traits",
    "TutorView",
    "VariationRow",
    "View",
    "WinView",
    "variation_label",
    "variation_row",
]

Primary = Literal["roll", "confirm", "next_game", "next_card"]
"""The person's next action, the board's one primary button (``View.primary``)."""
Seat = Literal["human", "random", "heuristic", "neural"]
"""Who sits at a player's place: a person or a built-in bot (``seats.SEATS``)."""
HUMAN: Seat = "human"
"""The seat of a person (every other ``Seat`` is a bot)."""


class Message(TypedDict):
    """What the board says about the last action: why it was refused, or what it did."""

    kind: Literal["error", "info"]
    text: str
    rule: str | None


class WinView(TypedDict):
    """How the shown game ended; None while it goes on: the one fact that the label,
    the buttons, the cube and the messages read (``slices.Board.game_over``)."""

    winner: int
    points: int
    """What the game scores, cube included (R13, R14)."""
    ending: Literal["bear-off", "drop", "resignation"]
    """Borne off (R12), a double passed, or a resignation (R14)."""
    results: list[str]
    """Each player's R13 result once borne off ("win", "single", "gammon",
    "backgammon"); empty for a game ended by the cube or a resignation."""
    text: str
    """In words, as the status line and the messages say it."""


class CubeView(TypedDict):
    """The doubling cube (R14; classic only): its value, owner (None: centred), a
    double awaiting its answer, and what the player to act may do with it."""

    value: int
    owner: int | None
    offered: bool
    can_double: bool
    can_answer: bool
    """Whether a double awaits a take or a drop (the opponent of ``turn`` answers)."""
    decision: bool
    """Whether the shown turn is a cube decision, whoever makes it (a kept game's
    too): what Hints advise on before the roll."""


class MatchView(TypedDict):
    """The match of the shown game: its length (0: money play), the score before the
    game and now, its stage, and which game of how many is shown."""

    length: int
    score: list[int]
    """Before the shown game."""
    shown: list[int]
    """The score as the players' lines under the board give it: before the shown game,
    and after it where the board shows the game's end."""
    total: list[int]
    """The match's score now: after its last game once that is over."""
    crawford: bool
    post_crawford: bool
    jacoby: bool
    game: int
    """The shown game, from 0."""
    games: int
    over: bool
    winner: int | None
    can_next_game: bool
    kept: bool
    """An earlier turn of the shown game, which is over and scored: stepped through,
    not played again (``Board.kept``)."""


class TutorView(TypedDict):
    """The tutor as shown: on or off, how much a play may lose unwarned, and its warning."""

    on: bool
    threshold: float
    """Points per game: the tutor stops a play that loses this much or more."""
    level: Level | None
    """The threshold by the name of the mark it is (None: a threshold of its own)."""
    warning: TutorWarning | None
    cube_warning: CubeWarning | None
    """A cube action the tutor holds back before it is made (R14)."""


class DrillCard(TypedDict):
    """The card a drill shows: what it asks, in the board's language, and, for a cube
    decision, its choices (``"no double"``, ``"double"``; ``"take"``, ``"drop"``)."""

    id: int
    kind: Literal["play", "cube"]
    variant: Literal["trigammon", "classic"]
    question: str
    choices: list[str]
    tags: list[str]
    shown: bool
    """Whether the board shows the card (not another game or a set-up)."""


class DrillChoice(TypedDict):
    """One of the card's best choices (``rank`` 1, 2, ...; None: the answer given, not
    among them): as said, its equity, what it loses against the best, and whether it
    is the answer given."""

    rank: int | None
    text: str
    equity: float
    loss: float
    answered: bool


class DrillVerdict(TypedDict):
    """The card answered: the answer as said, what it lost (points per game), the grade
    given and the one its loss gave, whether it was right, the best choices, what was
    played where the card came from, the card's comment and source, and when it comes
    back (in words)."""

    answer: str
    loss: float
    grade: Grade
    graded: Grade
    right: bool
    best: list[DrillChoice]
    made: str | None
    comment: str
    source: str
    due: str


class DrillView(TypedDict):
    """A study library drilled at the board: the card shown (None once the drill is
    over), its verdict once answered, the session's count of answers, right answers
    and their mean loss, the cards due still, and, none being due, when the next is
    (in words; empty for none)."""

    card: DrillCard | None
    verdict: DrillVerdict | None
    done: int
    right: int
    mean_loss: float
    left: int
    next_due: str


class View(TypedDict):
    """Everything the board's controls show; ``version`` counts the changes."""

    version: int
    line: int
    """Counts changes of the drawn line of play or its look: drawings of turns sent
    ahead (``frames``) stay valid while it stays the same."""
    variant: Literal["trigammon", "classic"]
    players: int
    names: list[str]
    colors: list[str]
    theme: Literal["light", "dark"]
    palette: dict[str, str]
    mode: Literal["play", "edit"]
    perspective: int
    turn: int
    dice: list[int] | None
    remaining: list[int]
    entering: bool
    """Whether the player to move has checkers on the bar to enter with the dice left:
    no other checker moves till they are in (R8)."""
    seen: dict[str, str]
    """Another player's plays of this roll as the board numbers its points (its
    perspective's), by their text in the mover's own numbers: the legal plays' and
    Hints' rows say both; empty when the mover sits at the bottom."""
    facts: dict[str, str]
    """What each play of the shown roll that Hints ranks first or the review lists does
    (points made, hits, checkers off, blots and the rolls that hit them:
    ``teaching.play_facts``), by its text in the mover's numbers: the reasons beside the
    numbers (walk 18)."""
    why: dict[str, str]
    """Why the first of a list ranks above a play below it that leaves fewer shots, by
    that play's text: the two plays' risk a round ahead (``teaching.why``); for Hints'
    highest such play and the play made, and the review's play made."""
    can_roll: bool
    """Whether the person to act may roll: never on a bot's turn (its seat is the bot's)."""
    can_confirm: bool
    primary: Primary | None
    """The person's next action, shown as the primary button; None on a bot's turn, at
    a cube decision (no button gives the answer away) and where no button is next."""
    can_undo_move: bool
    targets: dict[str, list[str]]
    partial: str
    ply: int
    plies: int
    message: Message | None
    pips: list[int]
    position_id: str
    edit_player: int
    seats: list[Seat]
    acting: int | None
    """Who acts now: the player to move, or the one to answer a double (R14); None in
    edit mode and once the game is over."""
    bot_to_move: bool
    """Whether a bot acts now, where the line is played on: it moves on its own."""
    pace: int
    """Milliseconds between one bot turn and the next at the board (``set_pace``)."""
    analysis: Analysis | None
    review: Review | None
    tutor: TutorView
    variations: list[VariationRow]
    """The turns recorded after the shown position (the next turn's variations)."""
    alternatives: list[VariationRow]
    """The turns recorded in the shown turn's place, the shown one ``current`` (none at
    the start): the variations a branch in the history counts (``lines``)."""
    main_line: bool
    you: int | None
    """The seat of the person in front of the board, whom its words address in the
    second person (``Session.you``)."""
    decisions: bool
    """Whether each position is shown as the decision of the record after it (while a
    review of the line is on): that record's play drawn, the history's row after the
    shown ply marked as the one shown."""
    win: WinView | None
    cube: CubeView | None
    match: MatchView | None
    drill: DrillView | None
    """The drill of a study library, while one is on (``Session.drill``)."""


class HistoryEntry(TypedDict):
    """One turn of the current line: its number (1, 2, ...), who played it, the dice,
    the play, and how many turns are recorded in its place (more than one: a branch)."""

    ply: int
    player: int
    dice: list[int]
    text: str
    lines: int
    mark: str | None
    """The review's mark of the turn: None, "?!", "?" or "??"."""
    seen: str | None
    """Another player's play as the live board numbers its points (the perspective's),
    beside ``text``, the mover's own; None for the perspective's plays and cube actions."""


class VariationRow(TypedDict):
    """One of the turns recorded after the shown position: 0 is the main line."""

    index: int
    name: str
    text: str
    player: int
    dice: list[int]
    length: int
    current: bool


class Traits(TypedDict):
    """The widget's synced traits: what a saved notebook keeps of the board."""

    svg: str
    view: View
    plays: list[str]
    """The plays left to choose this turn, in notation: every legal play of the dice,
    then those that go on from the moves made (``Session.listed_plays``)."""
    history: list[HistoryEntry]
    record: str
    graph: str
    """The review's equity graph (``chart``): SVG, empty without a review."""
    words: dict[str, str]
    """The front end's words in the board's language, by key (``session.words``)."""


@dataclass(frozen=True)
class Frames:
    """Drawings sent ahead so a front end can show a step or a move at once.

    ``steps`` draw other turns of the line (by ply), valid while ``line`` holds;
    ``moves`` draw the board after each legal move from here (``"from>to"``), valid
    for this ``version`` only.
    """

    version: int
    line: int
    steps: dict[int, str]
    moves: dict[str, str]


def variation_label(variation: Variation) -> str:
    """A variation as a message names it: its name, else its first turn."""
    turn = variation.turn
    if isinstance(turn, Turn):
        play = f"{dice_text(turn.dice)} {play_text(turn.notation)}"
    else:
        play = record_text(turn)
    return f"“{variation.name}” ({play})" if variation.name else play


def variation_row(variation: Variation) -> VariationRow:
    """A variation as the board's list of them shows it."""
    turn = variation.turn
    return {
        "index": variation.index,
        "name": variation.name,
        "text": play_text(turn.notation) if isinstance(turn, Turn) else record_text(turn),
        "player": turn.player,
        "dice": list(turn.dice) if isinstance(turn, Turn) else [],
        "length": variation.length,
        "current": variation.current,
    }
