"""Bear-off races: the exact rating is the brute-force expectimax of the game played on
real boards through the engine's ``Position`` API (0 disagreements at 1e-9, both
variants, both turn orders, gammons included); the tables' rating is the brute force
of the database's plays; chances sum to 1 and follow the seats; the default evaluator
rates races so."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import Any

import numpy as np
import pytest

from tests.judgement.nets.test_compiled import ONE_NETWORK
from trigammon_widget.engine import CLASSIC, TRIGAMMON, Position, Variant
from trigammon_widget.engine.fastplay import TurnView, boards_of, play_game, table_for
from trigammon_widget.judgement.evaluation import NeuralEvaluator, evaluate, hints
from trigammon_widget.judgement.outcome_vectors import (
    equities_of,
    equity_matrix,
    outcome_size,
    outcome_vector,
    pairs,
    slot_order,
)
from trigammon_widget.judgement.play.bot_games import chooser
from trigammon_widget.judgement.play.bots import NeuralBot
from trigammon_widget.judgement.race import rating as race
from trigammon_widget.judgement.race.bearoff import ROLLS, TIE, load
from trigammon_widget.judgement.race.rating import RaceEvaluator

Home = tuple[int, ...]
WEIGHTS = [(1 if a == b else 2) / 36 for a, b in ROLLS]


def race_position(variant: Variant, homes: Sequence[Home], turn: int = 0) -> Position:
    """Every player's home board (checkers 1..6 pips from off), the rest borne off."""
    n = variant.points
    boards = []
    for home in homes:
        board = [0] * (n + 2)
        for k, count in enumerate(home):
            board[n - k] = count
        board[-1] = 15 - sum(home)
        boards.append(tuple(board))
    return Position(variant, tuple(boards), turn)


def home_of(position: Position, player: int) -> Home:
    board, n = position.boards[player], position.variant.points
    return tuple(board[n - k] for k in range(6))


def rank(home: Home) -> tuple[int, Home]:
    """The database's order of home boards: fewer pips, then the counts."""
    return sum((k + 1) * c for k, c in enumerate(home)), home


def pick(options: list[tuple[np.ndarray, float, Home]]) -> np.ndarray:
    """The best option for its equity; a tie (within TIE) to the lower home board."""
    high = max(equity for _, equity, _ in options)
    return min((o for o in options if o[1] >= high - TIE), key=lambda o: rank(o[2]))[0]


@cache
def brute_force(position: Position) -> np.ndarray:
    """The outcome vector (float64, seats) of the game from ``position`` before its
    roll, every player playing each roll for its own best equity."""
    players = position.variant.players
    if position.is_over():
        result = position.outcome()
        assert result is not None
        return outcome_vector(result, players).astype(np.float64)
    column = equity_matrix(players)[:, position.turn].astype(np.float64)
    total = np.zeros(outcome_size(players))
    for weight, roll in zip(WEIGHTS, ROLLS, strict=True):
        rolled = position.with_dice(*roll)
        options = []
        for play in rolled.legal_plays():
            after = rolled.play(play)
            value = brute_force(after)
            options.append((value, float(value @ column), home_of(after, position.turn)))
        total += weight * pick(options)
    return total


@cache
def alone(home: Home) -> tuple[tuple[Home, ...], ...]:
    """Boards one player's home can become by a roll, for each roll (classic board)."""
    return tuple(
        tuple(sorted({home_of(r.play(p), 0) for p in r.legal_plays()}, key=rank))
        for r in (race_position(CLASSIC, [home, (1, 0, 0, 0, 0, 0)]).with_dice(*d) for d in ROLLS)
    )


@cache
def expected_rolls(home: Home) -> float:
    if not any(home):
        return 0.0
    picks = [table_play(home, r) for r in range(len(ROLLS))]
    return 1 + sum(w * expected_rolls(p) for w, p in zip(WEIGHTS, picks, strict=True))


@cache
def table_play(home: Home, roll: int) -> Home:
    """The database's all-off play: fewest rolls expected, ties to the lower board."""
    children = alone(home)[roll]
    low = min(expected_rolls(c) for c in children)
    return min((c for c in children if expected_rolls(c) <= low + TIE), key=rank)


@cache
def brute_force_tables(position: Position) -> np.ndarray:
    """The game from ``position`` when every player makes the database's all-off play."""
    players = position.variant.players
    if position.is_over():
        result = position.outcome()
        assert result is not None
        return outcome_vector(result, players).astype(np.float64)
    total = np.zeros(outcome_size(players))
    mover = position.turn
    for r, (weight, roll) in enumerate(zip(WEIGHTS, ROLLS, strict=True)):
        rolled = position.with_dice(*roll)
        wanted = table_play(home_of(position, mover), r)
        (after,) = {
            a for a in map(rolled.play, rolled.legal_plays()) if home_of(a, mover) == wanted
        }
        total += weight * brute_force_tables(after)
    return total


def random_home(rng: random.Random, checkers: int, points: int) -> Home:
    home = [0] * 6
    for _ in range(checkers):
        home[rng.randrange(points)] += 1
    return tuple(home)


def small_races(variant: Variant, count: int, seed: int) -> list[Position]:
    """Random races of one to three checkers a player on its lowest four points, and
    some where a player still has all 15 on its lowest two points (gammons)."""
    rng = random.Random(seed)
    found: list[Position] = []
    while len(found) < count:
        homes = [random_home(rng, rng.randint(1, 3), 4) for _ in range(variant.players)]
        turn = rng.randrange(variant.players)
        if len(found) % 3 == 2:  # a player who may be gammoned: it rolls last
            slow = variant.next_player(turn) if variant.players == 3 else 1 - turn
            slow = slow if variant.players == 2 else variant.next_player(slow)
            homes[slow] = random_home(rng, 15, 2)
        position = race_position(variant, homes, turn)
        if race.small(variant, boards_of(position)):
            found.append(position)
    return found


CASES = [
    (CLASSIC, 36, 1),
    (TRIGAMMON, 12, 2),
    (TRIGAMMON.with_options(turn_order="right"), 9, 3),
]


@pytest.mark.parametrize(("variant", "count", "seed"), CASES, ids=["classic", "trigammon", "right"])
def test_exact_rating_is_the_brute_force_expectimax(
    variant: Variant, count: int, seed: int
) -> None:
    positions = small_races(variant, count, seed)
    gammons = 0
    wrong = []
    for position in positions:
        found = race.exact(variant, boards_of(position), position.turn)
        expected = brute_force(position)
        gammons += expected[variant.players :].sum() > 0
        if np.abs(found - expected).max() > 1e-9:
            wrong.append((position, found, expected))
        assert race.rate(variant, boards_of(position), position.turn) == pytest.approx(found)
    assert not wrong
    assert gammons >= count // 4  # the gammon cases did come up


@pytest.mark.parametrize(("variant", "count", "seed"), CASES, ids=["classic", "trigammon", "right"])
def test_tables_rate_the_database_plays(variant: Variant, count: int, seed: int) -> None:
    """Where no gammon can happen (everyone has a checker off) the tables' rating is
    the game in which every player makes the all-off play; there and elsewhere it
    stays within 0.01 of the exact win chances."""
    rng = random.Random(seed)
    for position in small_races(variant, count, seed + 10):
        boards = boards_of(position)
        tables = race.from_tables(variant, boards, position.turn)
        exact = race.exact(variant, boards, position.turn)
        assert np.abs(tables[: variant.players] - exact[: variant.players]).max() < 0.01
        if all(sum(home_of(position, p)) < 15 for p in range(variant.players)):
            assert np.abs(tables - brute_force_tables(position)).max() <= 1e-9
    homes = [random_home(rng, 5 - variant.players, 6) for _ in range(variant.players)]
    position = race_position(variant, homes)
    assert (
        np.abs(
            race.from_tables(variant, boards_of(position), 0) - brute_force_tables(position)
        ).max()
        <= 1e-9
    )


def consistent(vector: np.ndarray, players: int) -> None:
    q = len(pairs(players))
    assert vector[:players].sum() == pytest.approx(1.0, abs=1e-12)
    gammons, backgammons = vector[players : players + q], vector[players + q :]
    assert np.all(backgammons == 0)  # nobody is in another's home (R13)
    for k, (w, _) in enumerate(pairs(players)):
        assert 0 <= gammons[k] <= vector[w] + 1e-12


def big_races(variant: Variant, count: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    return [
        race_position(
            variant,
            [
                random_home(rng, rng.choice([15, rng.randint(1, 15)]), 6)
                for _ in range(variant.players)
            ],
            rng.randrange(variant.players),
        )
        for _ in range(count)
    ]


@pytest.mark.parametrize("variant", [CLASSIC, TRIGAMMON], ids=lambda v: v.name)
def test_chances_sum_to_one_and_follow_the_seats(variant: Variant) -> None:
    """Moving every player one seat on moves the chances with them, exactly, and a
    player's win and gammon chances are a distribution, in both ratings."""
    n = variant.players
    where = {pair: k for k, pair in enumerate(pairs(n))}
    small = small_races(variant, 6, 4)
    for position in [*small, *big_races(variant, 12, 5)]:
        boards = boards_of(position)
        turned = [boards[-1], *boards[:-1]]
        ratings = [race.from_tables]
        if race.small(variant, boards):
            ratings.append(race.exact)
        else:
            assert race.rate(variant, boards, position.turn) == pytest.approx(
                race.from_tables(variant, boards, position.turn), abs=0
            )
        for rating in ratings:
            before = rating(variant, boards, position.turn)
            after = rating(variant, turned, (position.turn + 1) % n)
            consistent(before, n)
            for p in range(n):
                assert after[(p + 1) % n] == pytest.approx(before[p], abs=1e-12)
            for (w, lost), k in where.items():
                moved = where[((w + 1) % n, (lost + 1) % n)]
                assert after[n + moved] == pytest.approx(before[n + k], abs=1e-12)


def test_a_fifteen_checker_race_is_rated_from_the_tables() -> None:
    position = race_position(CLASSIC, [(3, 3, 3, 2, 2, 2), (2, 2, 2, 3, 3, 3)])
    boards = boards_of(position)
    assert race.is_race(CLASSIC, boards) and not race.small(CLASSIC, boards)
    chances = race.rate(CLASSIC, boards, 0)
    consistent(chances, 2)
    assert 0.5 < chances[0] < 1 and chances[2] == 0  # fewer pips, on roll; both have 15 on


@pytest.mark.parametrize("variant", [CLASSIC, TRIGAMMON], ids=lambda v: v.name)
def test_what_is_a_race(variant: Variant) -> None:
    n = variant.points
    home = race_position(variant, [(1, 1, 0, 0, 0, 0)] * variant.players)
    assert race.is_race(variant, boards_of(home))
    start = Position.start(variant)
    assert not race.is_race(variant, boards_of(start))
    outside = [list(b) for b in home.boards]
    outside[1][n - 6] += 1  # one checker just outside its home
    outside[1][-1] -= 1
    barred = [list(b) for b in home.boards]
    barred[0][0] += 1
    barred[0][-1] -= 1
    won = [list(b) for b in home.boards]
    won[0] = [0] * (n + 1) + [15]
    for boards in (outside, barred, won):
        assert not race.is_race(variant, boards)
        with pytest.raises(ValueError, match="not a bear-off race"):
            race.rate(variant, boards, 0)


@pytest.mark.parametrize("variant", [CLASSIC, TRIGAMMON], ids=lambda v: v.name)
def test_the_default_evaluator_rates_races_exactly(variant: Variant) -> None:
    position = small_races(variant, 3, 7)[0]
    boards = boards_of(position)
    exact = race.rate(variant, boards, position.turn)
    found = evaluate(position)
    assert found.evaluator == "neural"
    assert found.wins == pytest.approx(tuple(exact[: variant.players]), abs=1e-6)
    own = NeuralEvaluator(races=False).rate(variant, boards, position.turn)
    assert not np.allclose(own, exact, atol=1e-3)  # the net alone is not exact
    assert np.allclose(RaceEvaluator().rate(variant, boards, position.turn), exact, atol=1e-7)


@pytest.mark.parametrize("variant", [CLASSIC, TRIGAMMON], ids=lambda v: v.name)
def test_bots_and_hints_play_races_as_the_brute_force(variant: Variant) -> None:
    """Every roll of some small races: the best hint and ``NeuralBot``'s play leave the
    position the brute force plays to, and the hints' chances are the exact ones."""
    bot = NeuralBot()
    checked = 0
    rng = random.Random(8)
    homes = [
        [random_home(rng, 5 - variant.players, 6) for _ in range(variant.players)] for _ in range(3)
    ]
    for position in (race_position(variant, h, rng.randrange(variant.players)) for h in homes):
        column = equity_matrix(variant.players)[:, position.turn].astype(np.float64)
        for roll in ROLLS:
            rolled = position.with_dice(*roll)
            afters = [rolled.play(p) for p in rolled.legal_plays()]
            if len(afters) < 2:
                continue
            equities = [float(brute_force(a) @ column) for a in afters]
            ranked = hints(rolled)
            best = rolled.play(ranked[0].play)
            assert float(brute_force(best) @ column) == pytest.approx(max(equities), abs=1e-6)
            assert ranked[0].equity == pytest.approx(max(equities), abs=1e-5)
            chosen = rolled.play(bot.choose(rolled))
            assert float(brute_force(chosen) @ column) == pytest.approx(max(equities), abs=1e-6)
            checked += max(equities) - min(equities) > 1e-3
    assert checked >= 8  # rolls where the choice matters


def test_after_plays_rates_only_the_plays_that_leave_a_race() -> None:
    """A checker coming home: plays that bring it in are rated as races, the others by
    the net."""
    position = Position.build(CLASSIC, {0: {17: 1, 22: 2}, 1: {23: 2, 24: 1}}, dice=(2, 1))
    view = TurnView.of(position)
    keys = list(view.leaves())
    rated = NeuralEvaluator().after_plays(view, keys)
    net = NeuralEvaluator(races=False).after_plays(view, keys)
    raced = 0
    for k, key in enumerate(keys):
        boards = view.boards_after(key)
        if race.is_race(CLASSIC, boards):
            raced += 1
            assert np.allclose(rated[k], race.rate(CLASSIC, boards, 1), atol=1e-7)
        else:
            assert np.array_equal(rated[k], net[k])
    assert 0 < raced < len(keys)


def test_a_turns_races_rated_from_the_tables_together_are_rated_as_each_alone() -> None:
    """Races too big for ``exact``: ``after_plays`` looks the others' boards up once and
    rates the turn's tabled races in one batch, each as ``rate`` rates it alone."""
    homes = [(3, 2, 2, 2, 1, 1), (2, 3, 3, 2, 2, 1), (1, 2, 3, 3, 2, 2)]
    boards = boards_of(race_position(TRIGAMMON, homes))
    boards[0][28], boards[0][33] = 1, boards[0][33] - 1  # X's last checker 8 pips out
    view = TurnView(TRIGAMMON, boards, 0, (6, 2))
    keys = list(view.leaves())
    rated = NeuralEvaluator().after_plays(view, keys)
    net = NeuralEvaluator(races=False).after_plays(view, keys)
    raced = 0
    for k, key in enumerate(keys):
        after = view.boards_after(key)
        if race.is_race(TRIGAMMON, after):
            raced += 1
            assert not race.small(TRIGAMMON, after)
            assert np.array_equal(rated[k], race.rate(TRIGAMMON, after, 1).astype(rated.dtype))
        else:
            assert np.array_equal(rated[k], net[k])
    assert raced > 1


def test_a_play_that_hits_on_its_way_home_leaves_no_race() -> None:
    """Trigammon 4-4: X's last checker outside home hits O's blot in O's home (X's
    path 23) on its way in; O is on the bar, so the net rates that play."""
    homes = [(2, 2, 0, 0, 0, 0), (1, 1, 0, 0, 0, 0), (1, 1, 0, 0, 0, 0)]
    boards = boards_of(race_position(TRIGAMMON, homes))
    boards[0][19], boards[0][-1] = 1, boards[0][-1] - 1
    boards[2][35], boards[2][-1] = 1, boards[2][-1] - 1
    view = TurnView(TRIGAMMON, boards, 0, (4, 4))
    keys = list(view.leaves())
    rated = NeuralEvaluator().after_plays(view, keys)
    net = NeuralEvaluator(races=False).after_plays(view, keys)
    hit = [k for k, key in enumerate(keys) if view.boards_after(key)[2][0]]
    assert hit and all(np.array_equal(rated[k], net[k]) for k in hit)


@pytest.mark.parametrize("variant", [CLASSIC, TRIGAMMON], ids=lambda v: v.name)
def test_the_compiled_fast_path_plays_races_alike(fast_path, variant: Variant) -> None:  # type: ignore[no-untyped-def]
    """``NeuralBot`` on the compiled path (``NeuralEvaluator.compiled_picker``) hands
    the turns that may leave a race to ``after_plays``: the same games, turn for turn,
    as on the pure-Python path, from races and from a player still coming home."""
    rng = random.Random(9)
    starts = [race_position(variant, [random_home(rng, 6, 6)] * variant.players)]
    coming = boards_of(race_position(variant, [random_home(rng, 5, 6)] * variant.players))
    coming[0][variant.points - 8], coming[0][-1] = 2, coming[0][-1] - 2
    starts.append(Position(variant, tuple(map(tuple, coming)), 0))
    bots = [NeuralBot()] * variant.players
    for start in starts:
        for seed in range(4):
            logs = []
            for on in (True, False):
                with fast_path(on):
                    choosers = [chooser(bot, variant) for bot in bots]
                    if on:
                        table = table_for(variant, boards_of(start), choosers)
                        assert type(table).__name__ == "Table"
                    logs.append(game_log(variant, choosers, seed, start))
            assert logs[0] == logs[1]


def game_log(variant: Variant, choosers: list[Any], seed: int, start: Position) -> list[Any]:
    """Every player's boards before each roll of a seeded game, and how it ended."""
    seen: list[Any] = []
    end = play_game(
        variant,
        choosers,
        random.Random(seed),
        start,
        on_turn=lambda b, t: seen.append(([list(x) for x in b], t)),
    )
    return [*seen, end]


@pytest.mark.parametrize("variant", [CLASSIC, TRIGAMMON], ids=lambda v: v.name)
def test_the_compiled_tables_give_the_same_bits(fast_path, variant: Variant) -> None:  # type: ignore[no-untyped-def]
    """``compiled.tabled`` (a race rated from the tables inside ``run_turns``) sums as
    ``from_tables`` does: the same bits, so a tie between two plays breaks alike."""
    from trigammon_widget.judgement.race import compiled

    tables = race.compiled_tables(variant)
    table = load()
    for position in big_races(variant, 200, seed=4):
        want = race.from_tables(variant, boards_of(position), position.turn)
        order = slot_order(variant, position.turn)
        found = np.array([table.find(home_of(position, seat)) for seat in order], np.intp)
        got = np.empty_like(want)
        compiled.tabled(tables.finished, tables.saves, found, np.array(order), tables.pairs, got)
        assert got.tobytes() == want.tobytes()


@pytest.mark.parametrize("variant", [CLASSIC, TRIGAMMON], ids=lambda v: v.name)
def test_runs_of_turns_play_races_in_compiled_code_alike(fast_path, variant: Variant) -> None:  # type: ignore[no-untyped-def]
    """With nobody told of the turns, ``run_turns`` rates the races the tables rate
    itself and hands back only those solved exactly: a race of 15 checkers each is
    played in one compiled call to its last turns, and the games (the shipped float32
    net, where only bits decide a tie) are the pure path's, generator included. (A net
    with a compiled pass, ``ONE_NETWORK``: runs of turns need one.)"""
    rng = random.Random(5)
    full = race_position(variant, [random_home(rng, 15, 6) for _ in range(variant.players)])
    coming = boards_of(race_position(variant, [random_home(rng, 12, 6)] * variant.players))
    coming[0][variant.points - 8], coming[0][-1] = 2, coming[0][-1] - 2
    starts = [full, Position(variant, tuple(map(tuple, coming)), 0)]
    bots = [NeuralBot(evaluator=NeuralEvaluator(ONE_NETWORK[variant.name]))] * variant.players
    with fast_path(True):
        table = table_for(variant, boards_of(full), [chooser(bot, variant) for bot in bots])
        run = table.run(0, random.Random(0), None, 0)
        assert run is not None and run.played >= 5
    for start in starts:
        for seed in range(6):
            ends = []
            for on in (True, False):
                with fast_path(on):
                    dice = random.Random(seed)
                    choosers = [chooser(bot, variant) for bot in bots]
                    end = play_game(variant, choosers, dice, start)
                    ends.append((end, dice.random()))
            assert ends[0] == ends[1]


@pytest.mark.parametrize("variant", [CLASSIC, TRIGAMMON], ids=lambda v: v.name)
def test_the_rolls_of_a_race_are_rated_in_compiled_code_alike(fast_path, variant: Variant) -> None:  # type: ignore[no-untyped-def]
    """``best_equities`` (the analysis's rolls, 1-ply ratings) rates the plays that leave
    a race from the tables in compiled code: each roll's best play, as the bots choose
    it, has the pure path's equity (``after_plays``), to the last bits in a race, and
    None exactly where a play of some roll wins or leaves a race small enough to be
    solved exactly. (A net with a compiled pass, ``ONE_NETWORK``.)"""
    from trigammon_widget.judgement.evaluation import ROLLS

    evaluator = NeuralEvaluator(ONE_NETWORK[variant.name])
    column = equity_matrix(variant.players).astype(np.float64)
    rng = random.Random(8)
    coming = boards_of(race_position(variant, [random_home(rng, 12, 6)] * variant.players))
    coming[0][variant.points - 8], coming[0][-1] = 2, coming[0][-1] - 2
    cases = [boards_of(p) for p in big_races(variant, 30, seed=6)] + [coming]
    rated = 0
    for boards in cases:
        with fast_path(True):
            got = evaluator.best_equities(variant, boards, 0)
        with fast_path(False):
            views = [TurnView(variant, boards, 0, dice) for dice in ROLLS]
            keys = [list(view.leaves()) for view in views]
            ending = any(
                view.mover_board(k)[-1] == 15
                or (
                    race.is_race(variant, view.boards_after(k))
                    and race.small(variant, view.boards_after(k))
                )
                for view, leaf in zip(views, keys, strict=True)
                for k in leaf
            )
            if ending:
                assert got is None
                continue
            want = []
            for view, leaf in zip(views, keys, strict=True):  # the best as bots choose it
                vectors = evaluator.after_plays(view, leaf)
                best = vectors[
                    int(equities_of(vectors, equity_matrix(variant.players)[:, 0]).argmax())
                ]
                want.append(best.astype(np.float64) @ column[:, 0])
        assert got is not None
        assert np.abs(got - want).max() <= (2e-6 if boards is coming else 1e-12)
        rated += 1
    assert rated >= 20
