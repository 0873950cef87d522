"""Bots: legal plays only, sensible heuristic choices, autoplay of a Game, fast games."""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine.strategies import positions
from trigammon_widget.engine import CLASSIC, TRIGAMMON, Game, IllegalMoveError, Play, Position
from trigammon_widget.engine.corpus import random_positions
from trigammon_widget.engine.fastplay import TurnView
from trigammon_widget.judgement.evaluation import hints
from trigammon_widget.judgement.play.bot_games import autoplay, play_game, play_match
from trigammon_widget.judgement.play.bots import (
    DEFAULT_WEIGHTS,
    Bot,
    FastBot,
    HeuristicBot,
    NeuralBot,
    RandomBot,
    Weights,
)


def resulting(position: Position, play: Play) -> Position:
    return position.after(play.moves)


@settings(max_examples=150)
@given(st.data())
def test_bots_only_return_legal_plays(data: st.DataObject) -> None:
    position = data.draw(positions())
    plays = position.legal_plays()
    seed = data.draw(st.integers(0, 1000))
    for bot in (HeuristicBot(), RandomBot(seed)):
        chosen = bot.choose(position)
        if position.is_over():
            assert chosen == Play()
        else:
            assert chosen in plays


@settings(max_examples=100)
@given(positions())
def test_fast_path_picks_what_choose_picks(position: Position) -> None:
    """Bot-only games (pick on raw keys) must play as choose() does on a Position."""
    if position.is_over():
        return
    bot = HeuristicBot()
    assert position.dice is not None
    view = TurnView.of(position)
    leaves = view.leaves()
    if len(leaves) < 2:
        return
    key = bot.pick(view, leaves, random.Random(0))
    chosen = bot.choose(position)
    assert leaves[key] == tuple((m.start, m.end, m.die, m.hit) for m in chosen.moves)


def test_rank_lists_every_play_best_first() -> None:
    position = Position.start(TRIGAMMON).with_dice(5, 2)
    ranked = HeuristicBot().rank(position)
    assert len(ranked) == len(position.legal_plays())
    scores = [score for _, score in ranked]
    assert scores == sorted(scores, reverse=True)
    assert ranked[0][0] == HeuristicBot().choose(position)
    with pytest.raises(ValueError, match="no dice"):
        HeuristicBot().rank(Position.start(TRIGAMMON))


@pytest.mark.parametrize(
    ("dice", "best"),
    [((3, 1), "8/5 6/5"), ((4, 2), "8/4 6/4"), ((6, 1), "13/7 8/7")],
)
def test_heuristic_makes_points_in_the_classic_opening(dice: tuple[int, int], best: str) -> None:
    position = Position.start(CLASSIC).with_dice(*dice)
    assert HeuristicBot().choose(position) == position.parse_play(best)


def test_heuristic_makes_a_point_rather_than_leave_two_blots() -> None:
    # Trigammon 3-1: 17/20 19/20 makes a point; 19/22 19/20 would leave blots in reach.
    position = Position.start(TRIGAMMON).with_dice(3, 1)
    after = resulting(position, HeuristicBot().choose(position))
    mine = after.boards[0]
    assert mine[20] == 2
    assert sum(1 for count in mine[1:37] if count == 1) == 0


def test_heuristic_hits() -> None:
    # O has a blot on X's 4-point; 8/4* 6/4 hits and makes the point.
    position = Position.build(
        CLASSIC,
        {0: {1: 2, 12: 5, 17: 3, 19: 5}, 1: {1: 2, 12: 5, 17: 3, 19: 4, 4: 1}},
        dice=(4, 2),
    )
    assert HeuristicBot().choose(position) == position.parse_play("8/4* 6/4")


def test_heuristic_bears_off_rather_than_moving_in() -> None:
    # A race: X has checkers on its 6- and 5-points and rolls 6-5.
    position = Position.build(
        CLASSIC, {0: {19: 3, 20: 3, 22: 4}, 1: {7: 5, 8: 5, 9: 5}}, dice=(6, 5)
    )
    after = resulting(position, HeuristicBot().choose(position))
    assert after.borne_off(0) == 5 + 2


def test_weights_document_their_terms() -> None:
    doc = Weights.__doc__ or ""
    for name in DEFAULT_WEIGHTS.as_dict():
        assert f"``{name}``" in doc, name
    assert HeuristicBot(Weights(blot=0.0)).weights_for(CLASSIC).blot == 0.0


def test_both_bots_take_the_fast_path() -> None:
    assert isinstance(HeuristicBot(), FastBot)
    assert isinstance(RandomBot(), FastBot)


# --- autoplay ---------------------------------------------------------------------------


def test_autoplay_stops_at_a_human_seat() -> None:
    game = Game(TRIGAMMON, seed=3)
    turns = autoplay(game, [HeuristicBot(), None, RandomBot(1)])
    assert game.started
    assert game.position.turn == 1 and game.position.dice is None
    assert all(turn.player != 1 for turn in turns)
    assert autoplay(game, {0: HeuristicBot()}) == []  # still the human's turn


def test_autoplay_can_roll_for_the_human() -> None:
    game = Game(CLASSIC, seed=5)
    autoplay(game, [None, HeuristicBot()], until_player_needed=False)
    assert game.position.turn == 0
    assert game.position.dice is not None


def test_autoplay_plays_to_the_end_and_replays_by_seed() -> None:
    def record(seed: int) -> list[str]:
        game = Game(CLASSIC, seed=seed)
        turns = autoplay(game, [HeuristicBot(), HeuristicBot()])
        assert game.is_over()
        assert autoplay(game, [HeuristicBot(), HeuristicBot()]) == []
        return [turn.notation for turn in turns]

    assert record(11) == record(11)
    assert record(11) != record(12)


def test_autoplay_max_turns_and_bad_seats() -> None:
    game = Game(TRIGAMMON, seed=2)
    assert len(autoplay(game, [HeuristicBot()] * 3, max_turns=5)) == 5
    assert game.ply == 5
    with pytest.raises(ValueError, match="unknown seat 3"):
        autoplay(game, {3: HeuristicBot()})


# --- bot-only games ---------------------------------------------------------------------


def test_play_game_is_fixed_by_its_seed() -> None:
    bots: list[Bot] = [HeuristicBot(), RandomBot(), RandomBot()]
    first = play_game(TRIGAMMON, bots, seed=4)
    assert first == play_game(TRIGAMMON, bots, seed=4)
    assert first.outcome is not None and first.position.is_over()
    assert first.winner == first.position.winner
    stopped = play_game(TRIGAMMON, bots, seed=4, max_turns=10)
    assert stopped.outcome is None and stopped.turns == 10
    with pytest.raises(ValueError, match="needs 3 bots"):
        play_game(TRIGAMMON, bots[:2], seed=1)


def test_play_game_accepts_any_bot() -> None:
    """A bot without the fast path is asked choose() on a real Position."""

    class FirstPlay:
        def choose(self, position: Position) -> Play:
            return next(iter(position.legal_plays()))

    class Reversed:
        """Moves two different checkers, lower die first: legal, not the listed order."""

        def choose(self, position: Position) -> Play:
            off = position.variant.off
            plays = list(position.legal_plays())
            for play in plays:
                moves = play.moves
                if (
                    len(moves) == 2
                    and all(move.start > 0 and move.end < off for move in moves)
                    and moves[0].start != moves[1].start != moves[0].end
                ):
                    return Play((moves[1], moves[0]))
            return plays[0]

    class Passes:
        def choose(self, position: Position) -> Play:
            return Play()

    seats: list[Bot] = [FirstPlay(), Reversed()]
    result = play_game(CLASSIC, seats, seed=8)
    assert result.outcome is not None
    with pytest.raises(IllegalMoveError, match="R9"):
        play_game(CLASSIC, [Passes(), RandomBot()], seed=8)


def test_heuristic_beats_random() -> None:
    heuristic: Bot = HeuristicBot()
    random_bot: Bot = RandomBot()
    classic = [
        play_game(CLASSIC, seats, seed=seed).winner == seats.index(heuristic)
        for seed in range(20)
        for seats in ([heuristic, random_bot], [random_bot, heuristic])
    ]
    assert sum(classic) >= 36
    trigammon = [
        play_game(TRIGAMMON, [heuristic, random_bot, random_bot], seed=seed).winner == 0
        for seed in range(6)
    ]
    assert sum(trigammon) >= 5


# --- the neural bot -------------------------------------------------------------------


@settings(max_examples=120)
@given(st.data())
def test_neural_bot_only_returns_legal_plays(data: st.DataObject) -> None:
    variant = data.draw(st.sampled_from([TRIGAMMON, CLASSIC]))
    position = data.draw(positions(variant))
    chosen = NeuralBot().choose(position)
    if position.is_over():
        assert chosen == Play()
    else:
        assert chosen in position.legal_plays()


@settings(max_examples=60)
@given(positions(CLASSIC))
def test_neural_bot_fast_path_picks_what_choose_picks(position: Position) -> None:
    if position.is_over():
        return
    assert position.dice is not None
    view = TurnView.of(position)
    leaves = view.leaves()
    if len(leaves) < 2:
        return
    bot = NeuralBot()
    key = bot.pick(view, leaves, random.Random(0))
    chosen = bot.choose(position)
    assert leaves[key] == tuple((m.start, m.end, m.die, m.hit) for m in chosen.moves)


def test_neural_bot_plays_the_best_rated_play() -> None:
    position = Position.start(TRIGAMMON).with_dice(6, 5)
    assert NeuralBot().choose(position) == hints(position)[0].play


def test_one_ply_looks_deeper_and_sometimes_chooses_otherwise() -> None:
    """1-ply picks, among the 0-ply favourites, the play best after the next roll:
    where the two bots differ, 1-ply rates its own choice at least as high."""
    differ = 0
    shallow, deep = NeuralBot(), NeuralBot(ply=1, candidates=4)
    for position in random_positions(CLASSIC, 40, 2)[::2]:
        if position.is_over() or len(position.legal_plays()) < 2:
            continue
        first, second = shallow.choose(position), deep.choose(position)
        assert second in position.legal_plays()
        if first != second:
            differ += 1
            rated = {h.play: h.equity for h in hints(position, ply=1)}
            assert rated[second] >= rated[first]
    assert differ >= 1


def test_neural_bot_pickles_by_name() -> None:
    bot = NeuralBot(ply=1)
    data = pickle.dumps(bot)
    assert len(data) < 300  # no weights: workers read them by name
    again = pickle.loads(data)
    assert (again.ply, again.evaluator) == (1, "neural")
    assert repr(again) == "NeuralBot(ply=1, evaluator='neural')"


def test_neural_bot_bad_arguments_are_named() -> None:
    with pytest.raises(ValueError, match="ply must be 0 or 1, not 3"):
        NeuralBot(ply=3)
    with pytest.raises(ValueError, match="candidates"):
        NeuralBot(candidates=0)
    with pytest.raises(ValueError, match="unknown evaluator 'deepest'"):
        NeuralBot(evaluator="deepest")
    with pytest.raises(ValueError, match="no dice"):
        NeuralBot().choose(Position.start(CLASSIC))


def test_a_match_adds_up_however_it_is_split() -> None:
    bot, other = HeuristicBot(), RandomBot()
    whole = play_match(TRIGAMMON, bot, other, range(6), seed=3)
    parts = play_match(TRIGAMMON, bot, other, range(0, 6, 2), seed=3) + play_match(
        TRIGAMMON, bot, [other, other], range(1, 6, 2), seed=3
    )
    assert whole == parts and whole.games == 6
    assert whole.wins >= 4 and whole.points_per_game > 0
    low, high = whole.points_interval()
    assert low < whole.points_per_game < high
    with pytest.raises(ValueError, match="needs 2 opponents"):
        play_match(TRIGAMMON, bot, [other] * 3, range(1))
