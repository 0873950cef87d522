"""The lessons: the rule cards (one per rule of RULES.md, in plain words, with the board
where it bites) and the quiz, made with the teacher's toolkit (``toolkit``).

The course's notebooks and the printable sheets (``sheets``) show these same values,
so a rule's picture or a quiz answer is written once. Their words are kept in English
and said in the language spoken when a card or a question is shown (``toolkit.said``);
rule ids and notation are the same in every language.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

from ..engine import CLASSIC, TRIGAMMON, Cube, IllegalMoveError, Position
from ..engine.i18n import N_, _
from ..engine.places import Place
from .rulebook import RULE_TITLES
from .toolkit import Figure, Shown, figure, reveal, roll, said, setup

__all__ = ["QUIZ", "RULE_CARDS", "QuizItem", "RuleCard", "find_rule"]


# --- the rule cards ------------------------------------------------------------------


@dataclass(frozen=True)
class RuleCard(Shown):
    """One rule of RULES.md in plain words, with the board where it bites: ``title``
    (the rulebook's), ``text`` and ``caption`` as written (English), shown in the
    language spoken."""

    rule: str
    text: str
    caption: str
    position: Position
    arrows: str = ""
    highlight: tuple[Place, ...] = ()
    mover: int | None = None
    cube: Cube | None = None

    @property
    def title(self) -> str:
        """The rule's name, as written (English): ``rulebook.RULE_TITLES``."""
        return RULE_TITLES[self.rule]

    def figure(self, size: int = 520) -> Figure:
        return figure(
            self.position,
            said(self.caption),
            arrows=self.arrows,
            highlight=self.highlight,
            mover=self.mover,
            cube=self.cube,
            size=size,
        )

    def html(self, width: str = "520px") -> str:
        return (
            f'<section class="tg-rule"><h3>{escape(self.rule)} {escape(said(self.title))}</h3>'
            f"<p>{escape(said(self.text))}</p>{self.figure().html(width)}</section>"
        )


_START = Position.start(TRIGAMMON)
_HOME = tuple(range(31, 37))


def _r13() -> Position:
    """X has won; O still has a checker in X's home, V has borne nothing off."""
    return setup(TRIGAMMON, {"O": {32: 1, 10: 14}, "V": {21: 15}})


RULE_CARDS: tuple[RuleCard, ...] = (
    RuleCard(
        "R1",
        N_(
            "Each player has 15 checkers: 2 on its point 1, 5 on 12, 3 on 17 and 5 on 19, "
            "counted along its own path. O and V set up the same way from their own starts, "
            "12 and 24 points further round."
        ),
        N_(
            "The start, seen by X (white), whose name is at the bottom by its home, 31-36 at "
            "the lower left. X's checkers start far from it, on the lit points 1, 12, 17 and "
            "19, and go round to it."
        ),
        _START,
        highlight=(1, 12, 17, 19),
    ),
    RuleCard(
        "R2",
        N_(
            "Each player rolls one die and the highest starts; players tied for highest roll "
            "again. In trigammon the starter then rolls two fresh dice for the first move; in "
            "classic it plays the two opening dice."
        ),
        N_("V rolled 5, X 3 and O 2: V starts, rolls two fresh dice (6-4) and moves first."),
        _START.with_turn(2).with_dice(6, 4),
    ),
    RuleCard(
        "R3",
        N_(
            "Play passes to the player on the left: X, then O, then V. Everyone moves the "
            "same way round, clockwise."
        ),
        N_("X has played 17/20 19/20 (arrows); O, up the left side, is next to move."),
        _START.with_dice(3, 1).play("17/20 19/20"),
        arrows="17/20 19/20",
        mover=0,
    ),
    RuleCard(
        "R4",
        N_(
            "Each die moves one checker that many points. One checker may use both dice, as "
            "two moves one after the other: the point where it stops in between must be open."
        ),
        N_(
            "X rolls 6-5 with one checker on 10. Going 6 first would stop on 16, held by O "
            "(lit), so the checker goes by way of 15: 10/15/21."
        ),
        setup(TRIGAMMON, {"X": {10: 1}, "O": {16: 2, 32: 13}, "V": {8: 15}}, (6, 5)),
        arrows="10/15/21",
        highlight=(16,),
    ),
    RuleCard(
        "R5",
        N_("Equal dice give four moves of that number, shared among the checkers as you like."),
        N_("Double 4s from the start: four moves of 4, here two checkers 12/16 and two 19/23."),
        _START.with_dice(4, 4),
        arrows="12/16(2) 19/23(2)",
    ),
    RuleCard(
        "R6",
        N_(
            "A checker may land on an empty point, on its own checkers, or on a point with a "
            "single opposing checker. A point with two or more checkers of one opponent is "
            "blocked. A point never holds checkers of two players."
        ),
        N_(
            "6-1 from the start: 12/18 lands on an empty point and 17/18 joins it, making a "
            "point. X's 7 (lit) holds five of V's checkers: the back checkers cannot play a 6."
        ),
        _START.with_dice(6, 1),
        arrows="12/18 17/18",
        highlight=(7,),
    ),
    RuleCard(
        "R7",
        N_(
            "Landing on a single opposing checker (a blot) hits it: it goes to its owner's "
            "bar. With three players one play can hit both opponents."
        ),
        N_("X plays 3-2 as 10/13*/15*: the stop on 13 hits O's blot, the end on 15 hits V's."),
        setup(TRIGAMMON, {"X": {10: 1}, "O": {13: 1, 32: 14}, "V": {15: 1, 8: 14}}, (3, 2)),
        arrows="10/13*/15*",
        highlight=(13, 15),
    ),
    RuleCard(
        "R8",
        N_(
            "Checkers on the bar must all come in before any other checker moves. A checker "
            "enters on the point of its path equal to the die, 1 to 6. If no die enters, the "
            "turn is lost; a die that cannot bring one in while others are still on the bar "
            "is lost too. Once all are in, the rest of the roll is played as usual."
        ),
        N_(
            "Two of X's checkers are on the bar and it rolls 4-1. Only its 4 is open among "
            "the entry points 1-6 (lit): one checker enters, the other waits."
        ),
        setup(
            TRIGAMMON,
            {
                "X": {"bar": 2, 19: 13},
                "O": {1: 2, 2: 2, 3: 2, 31: 9},
                "V": {5: 2, 6: 2, 7: 11},
            },
            (4, 1),
        ),
        arrows="bar/4",
        highlight=(1, 2, 3, 4, 5, 6),
    ),
    RuleCard(
        "R9",
        N_(
            "You must use as many dice as you can. If either die can be played but not both, "
            "the higher one must be played."
        ),
        N_(
            "X rolls 6-5 with one checker on 20: it can play the 6 or the 5, not both, since "
            "its 31 (lit) is held. The higher die must be played: 20/26."
        ),
        setup(TRIGAMMON, {"X": {20: 1}, "O": {31: 2, 13: 13}, "V": {34: 15}}, (6, 5)),
        arrows="20/26",
        highlight=(31,),
    ),
    RuleCard(
        "R10",
        N_(
            "You may bear off (take checkers off the board) only when all your checkers are "
            "in your home, your points 31 to 36, and none is on the bar. A checker hit while "
            "bearing off must come all the way round again first."
        ),
        N_(
            "X was hit while bearing off. With 6-5 it may not take a checker off from its home "
            "(lit): both dice bring the hit checker in and on, bar/6/11."
        ),
        setup(TRIGAMMON, {"X": {"bar": 1, 32: 3}, "O": {13: 15}, "V": {25: 15}}, (6, 5)),
        arrows="bar/6/11",
        highlight=_HOME,
    ),
    RuleCard(
        "R11",
        N_(
            "A die takes off a checker from the point exactly that far from the end (the 4 "
            "from point 33, the 6 from point 31). When that point is empty and no checker "
            "stands farther back, the die takes off a checker from the point farthest back "
            "instead. Bearing off is never forced when another move is possible."
        ),
        N_(
            "X rolls 6-1 with checkers on 33 and 35. No checker is on 31 or 32, so the 6 takes "
            "one off 33, the farthest back; the 1 moves 35/36."
        ),
        setup(TRIGAMMON, {"X": {33: 2, 35: 1}, "O": {13: 15}, "V": {25: 15}}, (6, 1)),
        arrows="33/off 35/36",
        highlight=(33,),
    ),
    RuleCard(
        "R12",
        N_(
            "The first player to bear off all 15 checkers wins, and the game ends at once, "
            "even in the middle of a roll."
        ),
        N_("X's last checker goes off with the 4 (34/off): X has won and the 1 is never played."),
        setup(TRIGAMMON, {"X": {34: 1}, "O": {13: 15}, "V": {25: 15}}, (4, 1)),
        arrows="34/off",
    ),
    RuleCard(
        "R13",
        N_(
            "A loser who has borne off no checker is gammoned and loses 2 points; one who also "
            "has a checker on the bar or in the winner's home is backgammoned and loses 3; "
            "otherwise a loser loses 1. In trigammon each loser is scored this way."
        ),
        N_(
            "X has won. O has borne nothing off and still has a checker in X's home (lit): "
            "backgammon, 3 points. V has borne nothing off: gammon, 2 points."
        ),
        _r13(),
        highlight=_HOME,
    ),
    RuleCard(
        "R14",
        N_(
            "Before rolling, the player to move may double when the cube is in the middle or "
            "its own. The opponent takes (the game is now worth twice as much and the cube is "
            "the taker's) or passes and loses at the cube's old value. Matches are played to a "
            "number of points; in the one game after a player first comes within a point of "
            "winning (the Crawford game) nobody may double."
        ),
        N_(
            "Classic backgammon, three plays in: O doubled to 2 before rolling and X took, so "
            "the cube (left of the board) is now on X's side, showing 2. O rolls now; only X "
            "may double next."
        ),
        Position.start(CLASSIC)
        .with_dice(3, 1)
        .play("8/5 6/5")
        .with_dice(6, 4)
        .play("24/14")
        .with_dice(4, 2)
        .play("8/4 6/4"),
        cube=Cube(2, 0),
    ),
)
"""One card per rule, R1-R13, each on a board that shows it."""


def find_rule(rule: str) -> RuleCard:
    """The card of a rule id (``"R7"``)."""
    for card in RULE_CARDS:
        if card.rule == rule:
            return card
    raise ValueError(_("no rule card {rule}: the rules are R1-R14").format(rule=repr(rule)))


# --- legal or not? --------------------------------------------------------------------


@dataclass(frozen=True)
class QuizItem(Shown):
    """A play someone wants to make: legal or not? The engine gives the verdict, in the
    language spoken; ``question`` and ``why`` are shown in it too."""

    question: str
    position: Position
    attempt: str
    why: str
    """The answer in words, beyond the engine's verdict."""
    highlight: tuple[Place, ...] = field(default=())

    def verdict(self) -> tuple[bool, str, str]:
        """Whether the attempt is legal, the rule at stake ('' when legal) and the
        engine's reason, in the language spoken."""
        try:
            self.position.parse_play(self.attempt)
        except IllegalMoveError as error:
            return False, error.rule, error.reason
        return True, "", _("a legal play")

    def figure(self, size: int = 460) -> Figure:
        return figure(
            self.position,
            _("X to play {play} with {roll} (arrows). Legal or not?").format(
                play=self.attempt, roll=roll(self.position)
            ),
            arrows=self.attempt,
            highlight=self.highlight,
            size=size,
        )

    def answer(self) -> str:
        legal, rule, reason = self.verdict()
        verdict = (
            _("Legal.")
            if legal
            else _("Not legal ({rule}): {reason}.").format(rule=rule, reason=reason)
        )
        return f"<p><b>{escape(verdict)}</b> {escape(said(self.why))}</p>"

    def html(self, number: int | None = None) -> str:
        heading = _("Question {number}").format(number=number)
        title = f"<h4>{escape(heading)}</h4>" if number is not None else ""
        answer = reveal(_("Show the answer"), self.answer())
        return (
            f'<div class="tg-quiz">{title}<p>{escape(said(self.question))}</p>'
            f"{self.figure().html('460px')}{answer}</div>"
        )


QUIZ: tuple[QuizItem, ...] = (
    QuizItem(
        N_(
            "At the start X rolls 6-1 and wants to run a back checker: "
            "1/7 with the 6, 1/2 with the 1."
        ),
        _START.with_dice(6, 1),
        "1/7 1/2",
        N_("X's 7 holds five of V's checkers: a blocked point takes no checker."),
        highlight=(7,),
    ),
    QuizItem(
        N_(
            "X rolls 5-3 with one checker out on 20, the others home on 36, and plays it "
            "all the way: 20/28."
        ),
        setup(TRIGAMMON, {"X": {20: 1, 36: 14}, "O": {25: 2, 13: 13}, "V": {23: 2, 8: 13}}, (5, 3)),
        "20/28",
        N_(
            "Both stops are held (lit): 23 by V, 25 by O. The checker cannot stop on either, "
            "so it cannot go 8 points, and X cannot move at all."
        ),
        highlight=(23, 25),
    ),
    QuizItem(
        N_("X rolls 3-2 and wants to hit both opponents with one checker: 10/13*/15*."),
        setup(TRIGAMMON, {"X": {10: 1}, "O": {13: 1, 32: 14}, "V": {15: 1, 8: 14}}, (3, 2)),
        "10/13*/15*",
        N_(
            "The stop on 13 is a single O checker and the end on 15 a single V checker: "
            "both are hit and go to their bars."
        ),
    ),
    QuizItem(
        N_(
            "X has a checker on the bar and rolls 4-1. It wants to enter with the 4 and play "
            "the 1 elsewhere: bar/4 19/20."
        ),
        setup(
            TRIGAMMON,
            {"X": {"bar": 1, 19: 14}, "O": {1: 2, 2: 2, 3: 2, 31: 9}, "V": {5: 2, 6: 2, 7: 11}},
            (4, 1),
        ),
        "bar/4 19/20",
        N_("Once the checker is in, the 1 is free: any checker may play it, here 19/20."),
    ),
    QuizItem(
        N_(
            "Two of X's checkers are on the bar; it rolls 4-1 and wants to enter one and move "
            "it on: bar/4 4/5."
        ),
        setup(
            TRIGAMMON,
            {"X": {"bar": 2, 19: 13}, "O": {1: 2, 2: 2, 3: 2, 31: 9}, "V": {5: 2, 6: 2, 7: 11}},
            (4, 1),
        ),
        "bar/4 4/5",
        N_(
            "Once one checker is in with the 4, the other still waits, so nothing else may "
            "move; its 1 cannot enter (O holds X's 1), so the 1 is lost."
        ),
    ),
    QuizItem(
        N_("X rolls 6-5 with one checker on 20 and plays only the 5: 20/25."),
        setup(TRIGAMMON, {"X": {20: 1}, "O": {31: 2, 13: 13}, "V": {34: 15}}, (6, 5)),
        "20/25",
        N_("The checker cannot use both dice, since its 31 (lit) is held: the play is 20/26."),
        highlight=(31,),
    ),
    QuizItem(
        N_(
            "X has all its checkers home and rolls 6-1 with checkers on 33 and 35. It wants to "
            "take the 35 off with the 6: 35/off 33/34."
        ),
        setup(TRIGAMMON, {"X": {33: 2, 35: 1}, "O": {13: 15}, "V": {25: 15}}, (6, 1)),
        "35/off 33/34",
        N_(
            "A higher die takes off from the farthest point back only: the 6 must take a "
            "checker off 33."
        ),
    ),
    QuizItem(
        N_("X rolls double 5 from the start and plays 1/11(2): both back checkers run."),
        _START.with_dice(5, 5),
        "1/11(2)",
        N_("Each back checker moves 5 twice, by way of 6, which is open: four moves of 5."),
    ),
    QuizItem(
        N_(
            "Classic backgammon, the opening: X rolls 6-4 and plays 24/14, one checker all the way."
        ),
        Position.start(CLASSIC).with_dice(6, 4),
        "24/14",
        N_("Either stop, the 18- or the 20-point, is open, so one checker may use both dice."),
    ),
    QuizItem(
        N_(
            "Classic backgammon: X has a checker on the bar and rolls 6-4; O holds its 1-, 2-, "
            "3-, 4- and 6-points (X's 24, 23, 22, 21 and 19). X plays 13/7 13/9."
        ),
        setup(
            CLASSIC,
            {"X": {"bar": 1, 13: 14}, "O": {24: 2, 23: 2, 22: 2, 21: 2, 19: 2, 5: 5}},
            (6, 4),
        ),
        "13/7 13/9",
        N_(
            "Neither die enters (the 6 would come in on O's 6-point, the 4 on its 4-point, both "
            "held), so X loses the whole turn: nothing else may move while a checker is on the bar."
        ),
    ),
)
"""The "legal or not?" quiz of notebook 02, each answer with its rule."""
