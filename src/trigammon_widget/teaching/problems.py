"""Problems: "find the best play" positions a teacher would set, with answers in words.

One list feeds the problems notebook, the printable problem sheet (``sheets``) and
the test that checks every answer against the evaluator: the stated answer must be
the play ``evaluation.hints`` rates best, by a clear margin, so no answer is a coin
flip; a teacher's own problem meets the same test (``Problem.check``) before it goes
on a sheet. Positions are written with ``toolkit.setup``: X is to move and every
checker is placed by the number X reads on the picture. The words are kept in English
and shown in the language spoken (``toolkit.said``), numbers with its decimal mark; the
answer is notation, the same in every language.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from html import escape

from ..engine import CLASSIC, TRIGAMMON, Position
from ..engine.i18n import N_, _, decimal
from ..judgement.evaluation import Hint, hints
from .toolkit import Figure, Shown, figure, reveal, roll, said, setup, table

__all__ = ["MARGIN", "PROBLEMS", "Problem", "ProblemError", "find_problem"]

MARGIN = 0.05
"""Equity by which every answer beats the next best play (the tests check it): more
than the review marks as doubtful (``analysis.THRESHOLDS[0]``, GNU Backgammon's 0.04)."""


class ProblemError(ValueError):
    """A problem not fit to set: its answer is not the evaluator's best play of the roll
    by ``MARGIN`` or more."""


@dataclass(frozen=True)
class Problem(Shown):
    """A position with X to move, the best play (notation) and why: ``theme``,
    ``title``, ``question`` and ``explanation`` as written, shown in the language
    spoken."""

    slug: str
    theme: str
    title: str
    question: str
    position: Position
    answer: str
    explanation: str

    @property
    def variant(self) -> str:
        return self.position.variant.name

    @property
    def roll(self) -> str:
        return roll(self.position)

    @cached_property
    def ranked(self) -> list[Hint]:
        """Every play of the roll, best first, by the evaluator."""
        return hints(self.position)

    def check(self) -> None:
        """Refuses (``ProblemError``) a problem whose answer is not a play of the roll,
        not the evaluator's best play, or best by less than ``MARGIN``: too close to
        call, a matter of taste rather than a problem to set."""
        try:
            answer = self.position.parse_play(self.answer)
        except ValueError as error:
            wrong = _("problem {slug}: the answer {answer} is not a play of {roll}: {error}")
            raise ProblemError(
                wrong.format(slug=self.slug, answer=self.answer, roll=self.roll, error=error)
            ) from None
        ranked = self.ranked
        if len(ranked) < 2:
            single = _("problem {slug}: {roll} has a single play here: there is nothing to find")
            raise ProblemError(single.format(slug=self.slug, roll=self.roll))
        best, runner_up = ranked[0], ranked[1]
        if best.play != answer:
            other = _(
                "problem {slug}: the evaluator's best play is {best}, not the answer {answer}"
            )
            raise ProblemError(other.format(slug=self.slug, best=best.notation, answer=self.answer))
        margin = best.equity - runner_up.equity
        if margin < MARGIN:
            close = _(
                "problem {slug}: too close to call: {best} is better than {next} by {margin} "
                "only, less than {needed}; change the position or the roll"
            )
            raise ProblemError(
                close.format(
                    slug=self.slug,
                    best=best.notation,
                    next=runner_up.notation,
                    margin=decimal(margin, 3),
                    needed=decimal(MARGIN, 2),
                )
            )

    def figure(self, size: int = 520) -> Figure:
        caption = _("X (at the bottom) to play {roll}.").format(roll=self.roll)
        return figure(self.position, caption, size=size)

    def answer_figure(self, size: int = 520) -> Figure:
        return figure(
            self.position,
            _("The answer: {play} (arrows).").format(play=self.answer),
            arrows=self.answer,
            size=size,
        )

    def numbers(self, plays: int = 3) -> str:
        """The evaluator's best plays as an HTML table, in the learner's words."""
        best = self.ranked[0].equity
        rows = [
            (
                hint.notation,
                f"{hint.win:.0%}",
                decimal(hint.equity, 2, signed=True),
                _("best")
                if i == 0
                else _("{loss} worse").format(loss=decimal(best - hint.equity, 2)),
            )
            for i, hint in enumerate(self.ranked[:plays])
        ]
        header = (_("play"), _("X wins"), _("X's points per game"), _("compared"))
        return table(header, rows)

    def answer_html(self) -> str:
        numbers = _("The evaluator's numbers for the best plays:")
        return (
            f"<p><b>{escape(self.answer)}</b>. {escape(said(self.explanation))}</p>"
            f"{self.answer_figure().html()}"
            f"<p>{escape(numbers, quote=False)}</p>"
            f"{self.numbers()}"
        )

    def question_html(self) -> str:
        """The problem as set, in one paragraph: the game, the theme, the roll and the
        question (the notebook and the printed sheet both start with it)."""
        rolls = _("X rolls {roll}.").format(roll=self.roll)
        return (
            f"<p><i>{escape(self.variant.capitalize())}, {escape(said(self.theme))}.</i> "
            f"{escape(rolls)} {escape(said(self.question))}</p>"
        )

    def html(self, number: int | None = None) -> str:
        title = said(self.title)
        if number is not None:
            title = _("Problem {number}: {title}").format(number=number, title=title)
        answer = reveal(_("Show the answer"), self.answer_html())
        return (
            f'<div class="tg-problem"><h3>{escape(title)}</h3>'
            f"{self.question_html()}{self.figure().html()}{answer}</div>"
        )


def _classic(x: dict[int | str, int], o: dict[int | str, int], dice: tuple[int, int]) -> Position:
    return setup(CLASSIC, {"X": x, "O": o}, dice)


def _tri(
    x: dict[int | str, int],
    o: dict[int | str, int],
    v: dict[int | str, int],
    dice: tuple[int, int],
) -> Position:
    return setup(TRIGAMMON, {"X": x, "O": o, "V": v}, dice)


CLASSIC_START = Position.start(CLASSIC)
TRIGAMMON_START = Position.start(TRIGAMMON)
OPENING = N_("the opening")
POINTS = N_("points, blots and shots")
PRIMES = N_("primes, anchors and timing")
RACE = N_("racing and bearing off")
TWO = N_("two opponents")

PROBLEMS: tuple[Problem, ...] = (
    # --- classic ----------------------------------------------------------------------
    Problem(
        "classic-opening-31",
        OPENING,
        N_("The best opening roll"),
        N_("It is the first move of the game. How do you play it?"),
        CLASSIC_START.with_dice(3, 1),
        "8/5 6/5",
        N_(
            "Make your 5-point. It is the most valuable point of your home: it blocks O's "
            "two back checkers and gives your own checkers a safe landing spot. The two "
            "checkers land together, so no blot is left."
        ),
    ),
    Problem(
        "classic-opening-61",
        OPENING,
        N_("Six-one from the start"),
        N_("It is the first move of the game. How do you play it?"),
        CLASSIC_START.with_dice(6, 1),
        "13/7 8/7",
        N_(
            "Make your bar point (the 7). With your 8- and 6-points it forms three points in "
            "a row in front of O's back checkers, the start of a blockade, and leaves no blot."
        ),
    ),
    Problem(
        "classic-opening-65",
        OPENING,
        N_("Lover's leap"),
        N_("O opened with 3-1 and made its 5-point, your 20. How do you play your reply?"),
        _classic({6: 5, 8: 3, 13: 5, 24: 2}, {1: 2, 12: 5, 17: 2, 19: 4, 20: 2}, (6, 5)),
        "24/13",
        N_(
            "Run one back checker all the way to your midpoint, 13, where it is safe among "
            "your own checkers: 11 pips closer to home at no risk. With O's 5-point made, a "
            "back checker has fewer ways out, and splitting or bringing builders down "
            "leaves blots that O can hit."
        ),
    ),
    Problem(
        # A reply: the classic game opens with two different dice (R2), never a double.
        "classic-reply-66",
        OPENING,
        N_("Double sixes in reply"),
        N_("O opened with 4-2 and made its 4-point, your 21. How do you play four sixes?"),
        _classic({6: 5, 8: 3, 13: 5, 24: 2}, {1: 2, 12: 5, 17: 2, 19: 4, 21: 2}, (6, 6)),
        "24/18(2) 13/7(2)",
        N_(
            "Take both bar points: 24/18(2) makes a point on O's bar point, an anchor that "
            "keeps your back checkers safe and free now that O's home is building, and "
            "13/7(2) makes your own bar point to block O. Every checker moved lands on a point."
        ),
    ),
    Problem(
        "classic-point-on-blot",
        POINTS,
        N_("Point on his head"),
        N_("O has split a back checker to your 5-point. What now?"),
        _classic({6: 5, 8: 3, 13: 5, 24: 2}, {1: 1, 5: 1, 12: 5, 17: 3, 19: 5}, (3, 1)),
        "8/5* 6/5",
        N_(
            "Hit the blot and make the point in one go: O's checker goes to the bar and must "
            "enter against your 6- and 5-points, and you leave no blot for it to hit when it "
            "comes in. Hitting with one checker only would leave a blot in your home."
        ),
    ),
    Problem(
        "classic-enter-and-anchor",
        POINTS,
        N_("From the bar, hit and cover"),
        N_("You have a checker on the bar; O has a blot on your 21-point."),
        _classic(
            {"bar": 1, 6: 5, 8: 3, 13: 4, 24: 2},
            {1: 1, 12: 4, 17: 2, 19: 5, 20: 2, 21: 1},
            (4, 3),
        ),
        "bar/21* 24/21",
        N_(
            "You must enter first (R8). The 4 enters on 21, hitting O's blot, and the 3 "
            "brings a back checker up from 24 to join it: an anchor, a point of your own in "
            "O's home, where your back checkers are safe. Now O is the one on the bar."
        ),
    ),
    Problem(
        "classic-golden-anchor",
        PRIMES,
        N_("Two blots under attack"),
        N_("O is building its home board and your two back checkers are on your 24 and 20."),
        _classic({24: 1, 20: 1, 6: 5, 8: 3, 13: 5}, {12: 3, 17: 3, 18: 3, 19: 4, 21: 2}, (3, 1)),
        "24/20",
        N_(
            "Join the two back checkers on your 20-point (O's 5-point): 24/21/20. Two blots "
            "become an anchor on the best point there is to hold, which O wanted for its own "
            "home board. Making your own 5-point instead leaves both back checkers exposed to "
            "a blitz."
        ),
    ),
    Problem(
        "classic-full-prime",
        PRIMES,
        N_("Close the prime"),
        N_("O's last back checker is on your 1-point; you hold 8, 7, 6, 5 and 4."),
        _classic(
            {13: 3, 9: 1, 8: 2, 7: 2, 6: 3, 5: 2, 4: 2},
            {1: 1, 19: 4, 20: 3, 21: 3, 22: 2, 23: 2},
            (6, 3),
        ),
        "9/3 6/3",
        N_(
            "Make the 3-point: 8 down to 3 is six points in a row, a full prime, and no "
            "checker can jump six points. O's back checker is trapped until you choose to "
            "open the prime."
        ),
    ),
    Problem(
        "classic-blitz",
        PRIMES,
        N_("Attack while O is on the bar"),
        N_("O has a checker on the bar and a blot on your 3-point."),
        _classic(
            {6: 4, 5: 2, 4: 2, 8: 3, 13: 3, 24: 1},
            {"bar": 1, 3: 1, 12: 3, 17: 3, 19: 4, 20: 1, 21: 2},
            (2, 1),
        ),
        "6/3*",
        N_(
            "Hit the second blot: 6/3* puts two of O's checkers on the bar. O must enter both "
            "before anything else moves, against your 6-, 5- and 4-points, so it may well "
            "not get to hit back at all. Such an attack (a blitz) is worth a blot in your home."
        ),
    ),
    Problem(
        "classic-safe-bear-off",
        RACE,
        N_("Bearing off against an anchor"),
        N_("O holds your 1-point and waits for a shot while you bear off."),
        _classic({6: 3, 5: 3, 4: 3, 3: 2, 2: 2}, {1: 2, 20: 5, 21: 5, 22: 3}, (6, 3)),
        "6/off 5/2",
        N_(
            "Bear one checker off and keep every point doubled: 6/off 5/2 leaves no lone "
            "checker for O's anchor to hit. Taking two off (6/off 3/off) leaves a blot on "
            "your 3-point, and a hit checker would have to go all the way round again."
        ),
    ),
    Problem(
        "classic-race-sixes",
        RACE,
        N_("An even race and double sixes"),
        N_("The race is even (139 pips to 140) and you hold an anchor on your 20-point."),
        _classic(
            {20: 2, 13: 3, 8: 2, 6: 6, 4: 2},
            {5: 2, 12: 3, 17: 3, 18: 2, 19: 2, 21: 2, 22: 1},
            (6, 6),
        ),
        "20/8(2)",
        N_(
            "Run the anchor home: 20/8(2) takes both back checkers out of O's home to your "
            "8-point. You now lead the race by 25 pips and leave no blot; staying back only "
            "waits for a shot you no longer need."
        ),
    ),
    Problem(
        "classic-run-the-last",
        RACE,
        N_("Far ahead: get out"),
        N_(
            "You lead the race by 50 pips; one checker is still back on your 24-point and O "
            "has a checker on the bar."
        ),
        _classic(
            {1: 5, 2: 3, 5: 2, 6: 2, 9: 2, 24: 1},
            {"bar": 1, 4: 2, 15: 1, 17: 1, 19: 2, 20: 2, 21: 2, 22: 2, 23: 2},
            (6, 5),
        ),
        "24/13",
        N_(
            "Run the last back checker all the way to 13. Far ahead in the race, your only "
            "danger is being hit: on 13 only 1 roll in 36 hits it, and O must enter from the "
            "bar first. Anything else leaves it in O's home, in front of O's checkers."
        ),
    ),
    # --- trigammon --------------------------------------------------------------------
    Problem(
        "trigammon-opening-65",
        OPENING,
        N_("Six-five at the start"),
        N_("It is your first move. How do you play it?"),
        TRIGAMMON_START.with_dice(6, 5),
        "1/12",
        N_(
            "Run a back checker to your 12, where five of your checkers are waiting. Your back "
            "checkers must pass both opponents' homes (your 7-12 is O's home, your 19-24 is "
            "V's), so getting one out early, before those homes fill with points, is worth "
            "more than building your own."
        ),
    ),
    Problem(
        "trigammon-hit-the-leader",
        TWO,
        N_("Whom to hit?"),
        N_(
            "O has borne off 8 checkers and needs only 31 pips; V is far behind. You can hit "
            "O's blot on 11 or V's on 10."
        ),
        _tri(
            {1: 1, 4: 1, 6: 1, 9: 1, 29: 2, 30: 2, 31: 3, 32: 2, 33: 2},
            {11: 1, 12: 5, 25: 1},
            {10: 1, 13: 2, 16: 3, 17: 2, 18: 2, 20: 2, 21: 2, 27: 1},
            (4, 3),
        ),
        "4/11*",
        N_(
            "Hit the leader. O is about to win; sent to the bar from your 11 (O's 35), that "
            "checker must come round the whole board again. By the evaluator O's chance to win "
            "is then 27%, against 38% when you hit V instead: hitting V, who is far behind "
            "anyway, mostly helps O."
        ),
    ),
    Problem(
        "trigammon-double-hit-from-the-bar",
        TWO,
        N_("Enter and hit twice"),
        N_("You have a checker on the bar. V has a blot on your 1, O one on your 11."),
        _tri(
            {"bar": 1, 4: 1, 5: 1, 6: 1, 30: 2, 32: 3, 34: 2, 35: 2, 36: 2},
            {8: 3, 9: 6, 11: 1, 12: 3, 18: 1, 22: 1},
            {1: 1, 7: 3, 10: 2, 16: 4, 17: 2, 23: 2, 25: 1},
            (5, 1),
        ),
        "bar/1* 6/11*",
        N_(
            "Enter first (R8): the 1 enters on your 1, hitting V's blot. Then the 5 hits O's "
            "blot with the checker from 6. Both opponents lose ground at once, something only "
            "a three-player game offers; hitting V alone (bar/1*/6) wastes the second shot."
        ),
    ),
    Problem(
        "trigammon-point-on-blot",
        POINTS,
        N_("A blot in your home"),
        N_("V has left a blot on your 33, in your home; O is on the bar."),
        _tri(
            {2: 1, 4: 1, 7: 1, 25: 2, 27: 1, 32: 3, 34: 2, 35: 2, 36: 2},
            {"bar": 1, 11: 2, 12: 12},
            {22: 2, 23: 5, 24: 6, 30: 1, 33: 1},
            (6, 1),
        ),
        "27/33* 32/33",
        N_(
            "Hit and cover: 27/33* with the 6 and 32/33 with the 1 make the point on V's "
            "checker. V goes to the bar and you keep no blot in your home; hitting with one "
            "checker only leaves it there for V to hit back (11 rolls of 36)."
        ),
    ),
    Problem(
        "trigammon-hit-and-safety",
        POINTS,
        N_("Hit, then to safety"),
        N_("O has a blot on your 15; you have lone checkers on 13 and 21."),
        _tri(
            {13: 1, 21: 1, 25: 2, 27: 3, 30: 2, 32: 3, 36: 3},
            {7: 6, 9: 2, 10: 2, 12: 4, 15: 1},
            {2: 1, 20: 4, 22: 2, 23: 2, 24: 2, 28: 2, 33: 2},
            (2, 2),
        ),
        "13/15*/21",
        N_(
            "Use all four 2s on one checker: it hits O's blot on 15 and goes on to 21, where "
            "it joins your other lone checker. One play hits and turns two blots into a "
            "point. Your 13-18 is O's entry zone, so a checker left on 15 would be shot at "
            "by O coming in from the bar (14 rolls of 36)."
        ),
    ),
    Problem(
        "trigammon-escape-before-hitting",
        TWO,
        N_("Tempting, but..."),
        N_("V has a blot on your 31. Your last back checker is on 11, in O's home."),
        _tri(
            {11: 1, 19: 2, 25: 2, 27: 2, 28: 2, 29: 3, 30: 3},
            {3: 1, 4: 5, 5: 3, 6: 2, 7: 2, 9: 2},
            {8: 2, 12: 2, 13: 2, 14: 3, 18: 3, 20: 2, 31: 1},
            (6, 2),
        ),
        "11/19",
        N_(
            "Save your last back checker first. On 11 it sits just in front of O's checkers, "
            "which would hit it with 35 rolls of 36. 11/19 brings it to your point on 19 and "
            "leaves no blot anywhere. Hitting V's blot on 31 instead leaves the checker on 11 "
            "to be hit."
        ),
    ),
    Problem(
        "trigammon-run-the-last",
        RACE,
        N_("One checker left behind"),
        N_("Your last checker behind is on 14; V has a checker on the bar."),
        _tri(
            {14: 1, 23: 2, 25: 2, 26: 2, 27: 3, 28: 3, 29: 2},
            {1: 2, 3: 2, 4: 2, 6: 4, 8: 3, 33: 2},
            {"bar": 1, 7: 3, 9: 3, 10: 2, 13: 2, 15: 2, 30: 2},
            (6, 5),
        ),
        "14/25",
        N_(
            "Bring it home: 14/25 lands on your own point and leaves no blot. Left on 14, the "
            "checker stands in front of V's checkers (6 rolls of 36 hit it), and a hit "
            "checker loses all its 14 points of progress and must pass both homes again."
        ),
    ),
    Problem(
        "trigammon-stop-the-winner",
        TWO,
        N_("V is about to win"),
        N_("V has borne off 8 checkers and needs just 11 pips; V's blot is on your 22."),
        _tri(
            {18: 2, 20: 3, 25: 2, 28: 2, 29: 2, 30: 2, 32: 2},
            {3: 1, 5: 2, 6: 2, 7: 3, 8: 2, 9: 1, 16: 1, 17: 3},
            {22: 1, 23: 2, 24: 4},
            (6, 4),
        ),
        "18/22*/28",
        N_(
            "Hit V: without a hit V bears off in two or three turns. The 4 hits on 22 and "
            "the 6 carries the same checker on to your point on 28, so the hitter is safe; "
            "V's checker must come round the whole board again."
        ),
    ),
    Problem(
        "trigammon-pick-up-the-blots",
        POINTS,
        N_("Two lone checkers"),
        N_("You have lone checkers on 19 and 25; O leads the race."),
        _tri(
            {19: 1, 25: 1, 30: 3, 32: 3, 33: 3, 36: 4},
            {9: 3, 10: 2, 11: 5, 12: 5},
            {2: 1, 4: 2, 6: 1, 20: 4, 22: 2, 23: 2, 24: 2, 31: 1},
            (4, 2),
        ),
        "19/25",
        N_(
            "19/25 moves one lone checker onto the other: a point, and no blot left. V's "
            "checkers on your 2, 4 and 6 still have to come past yours and would shoot at "
            "any blot you leave (11 rolls of 36 at a checker on 21); being hit would cost "
            "you the race against O."
        ),
    ),
    Problem(
        "trigammon-safe-bear-off",
        RACE,
        N_("Bearing off with opponents behind"),
        N_("You are bearing off; O has checkers on your 29 and 11, V two on your 30."),
        _tri(
            {31: 2, 32: 2, 33: 2, 34: 3, 35: 2, 36: 2},
            {11: 1, 12: 13, 29: 1},
            {23: 2, 24: 11, 30: 2},
            (6, 1),
        ),
        "31/32 31/off",
        N_(
            "Clear your farthest point: the 6 bears one checker off 31 and the 1 moves the "
            "other to 32. No blot is left. Bearing two checkers off leaves a lone checker "
            "on 31, and O and V, right behind it, would each hit it with 11 rolls of 36."
        ),
    ),
    Problem(
        "trigammon-last-checker-home",
        RACE,
        N_("Safe all the way"),
        N_("Your last checker still in V's home is on your 23; V has a checker on the bar."),
        _tri(
            {23: 1, 27: 3, 29: 2, 30: 2, 32: 3, 33: 4},
            {1: 1, 5: 2, 6: 2, 8: 4, 9: 3, 21: 1, 34: 2},
            {"bar": 1, 7: 2, 11: 3, 13: 2, 17: 2, 18: 2, 25: 2, 26: 1},
            (5, 2),
        ),
        "23/30",
        N_(
            "Move the straggler onto your point on 30. Your outer zone (25-30) is where V "
            "enters from the bar, so a blot there is shot at by V's checker coming in (18 "
            "rolls of 36 at a checker on 28) as well as by O."
        ),
    ),
)
"""The course's problems of both variants, in the order notebook 05 asks them."""


def find_problem(slug: str) -> Problem:
    """The problem named ``slug``; a ValueError otherwise."""
    for problem in PROBLEMS:
        if problem.slug == slug:
            return problem
    raise ValueError(
        _("no problem {slug}: choose from {slugs}").format(
            slug=repr(slug), slugs=[p.slug for p in PROBLEMS]
        )
    )
