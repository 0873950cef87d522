"""The study tests' clock (the tests say what time it is) and a few analysed games, each
analysed once."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from functools import cache

from trigammon_widget import CLASSIC, TRIGAMMON, Game, HeuristicBot, Match, RandomBot, autoplay
from trigammon_widget.judgement.analysis import MatchReport, Report, analyse

START = datetime(2025, 5, 1, 9, 0, tzinfo=UTC)


@dataclass
class Clock:
    """The time the library reads: set by the test, moved on by ``advance``."""

    now: datetime = field(default=START)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


@cache
def classic_report() -> Report:
    """A heuristic bot (Ann) against a random one (Bo): Bo errs often."""
    game = Game(CLASSIC, seed=4, names=["Ann", "Bo"])
    autoplay(game, [HeuristicBot(), RandomBot(4)])
    return analyse(game, workers=1)


@cache
def trigammon_report() -> Report:
    game = Game(TRIGAMMON, seed=2, names=["Ann", "Bo", "Cy"])
    autoplay(game, [HeuristicBot(), RandomBot(1), RandomBot(3)], max_turns=30)
    return analyse(game, workers=1)


@cache
def cube_report() -> Report:
    """A double far too early, taken: a very bad double and a take."""
    game = Game(CLASSIC, seed=4, names=["Ann", "Bo"])
    game.roll_opening([3, 5])
    game.play("13/8 24/21")
    game.double()
    game.take()
    game.roll(6, 4)
    game.play("24/14")
    return analyse(game, workers=1)


@cache
def match_report() -> MatchReport:
    """A money session of two short games, each ended by a double passed."""
    match = Match(0, names=["Ann", "Bo"], seed=5)
    for opening in ([3, 5], [6, 1]):
        game = match.game
        game.roll_opening(opening)
        autoplay(game, [RandomBot(5), RandomBot(6)], max_turns=6)
        if game.position.dice is not None:
            game.play(next(iter(game.legal_plays())))
        game.double()
        game.drop()
        if len(match.games) < 2:
            match.new_game()
    return analyse(match, workers=1)
