"""Game analysis: losses, marks, luck and summaries, here and on executors."""

from __future__ import annotations

import html
import re
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.paths import GNUBG_FILES
from trigammon_widget.engine import (
    CLASSIC,
    TRIGAMMON,
    Cube,
    Game,
    Match,
    MatchState,
    Position,
    Turn,
    Variant,
)
from trigammon_widget.engine.i18n import speaking
from trigammon_widget.judgement.analysis import (
    MARKS,
    THRESHOLDS,
    PlayRating,
    _cube_reports,
    _judge,
    _mark,
    _Task,
    action_text,
    analyse,
    with_rollouts,
)
from trigammon_widget.judgement.evaluation import ROLLS, find_evaluator
from trigammon_widget.judgement.play.bot_games import autoplay
from trigammon_widget.judgement.play.bots import HeuristicBot, RandomBot
from trigammon_widget.session.coaching import review_view


def bot_game(variant: Variant, turns: int, seed: int = 3) -> Game:
    game = Game(variant, seed=seed)
    players = game.variant.players
    autoplay(game, [HeuristicBot(), *[RandomBot(seed)] * (players - 1)], max_turns=turns)
    return game


def test_every_turn_is_judged_against_the_best_play_of_its_roll() -> None:
    game = bot_game(CLASSIC, 30)
    report = analyse(game, workers=1)
    assert [t.ply for t in report.turns] == list(range(1, 31))
    for turn, played in zip(report.turns, game.turns, strict=True):
        assert isinstance(played, Turn)  # no cube in this game: every record is a turn
        assert turn.player == played.player and turn.dice == played.dice
        assert turn.notation == played.notation
        assert turn.best[0].loss == 0 and turn.best_equity == turn.best[0].equity
        assert turn.loss == pytest.approx(max(0.0, turn.best_equity - turn.equity), abs=1e-9)
        if not turn.decision:
            assert turn.loss == 0 and turn.mark is None
        assert sum(turn.wins) == pytest.approx(1, abs=1e-5)
    # the random bot makes mistakes, and they are marked by the thresholds
    assert report.mistakes
    for turn in report.turns:
        expected = None
        for threshold, mark in zip(THRESHOLDS, MARKS, strict=True):
            if turn.loss >= threshold:
                expected = mark
        assert turn.mark == expected


def test_the_summary_adds_up_the_turns() -> None:
    game = bot_game(TRIGAMMON, 24)
    report = analyse(game, workers=1)
    for summary in report.players:
        mine = [t for t in report.turns if t.player == summary.player]
        decisions = [t for t in mine if t.decision]
        assert summary.decisions == len(decisions)
        assert summary.equity_lost == pytest.approx(sum(t.loss for t in decisions))
        mean = summary.equity_lost / max(1, len(decisions))
        assert summary.error_rate == pytest.approx(1000 * mean)
        assert summary.rating == pytest.approx(500 * mean)
        assert summary.marks == {m: sum(t.mark == m for t in mine) for m in MARKS}
        assert summary.luck == pytest.approx(sum(t.luck for t in mine))


def test_luck_averages_to_nothing_over_all_rolls() -> None:
    """The luck of a roll is its equity less the average of all 21 rolls: weighted by
    how often each roll comes up, the luck of every roll from a position sums to 0."""
    position = Position.start(TRIGAMMON)
    evaluator = find_evaluator()
    total = 0.0
    for dice in ROLLS:
        play = next(iter(position.with_dice(*dice).legal_plays()))
        turn = _judge(_Task(1, position, dice, play, evaluator, 0))
        total += turn.luck * (1 if dice[0] == dice[1] else 2)
    assert total / 36 == pytest.approx(0, abs=1e-5)


def test_a_blunder_in_the_last_race_is_marked_very_bad() -> None:
    # O bears its last checker off next turn: X's 2-1 must take both of its checkers
    # off now. Moving one onto the other (2/1 1/off) loses the game.
    start = Position.build(CLASSIC, {0: {23: 1, 24: 1}, 1: {24: 1}}, dice=(2, 1))
    game = Game(start=start)
    game.play("2/1/off")
    report = analyse(game, workers=1)
    turn = report.turns[0]
    assert turn.best[0].notation == "2/off 1/off" and turn.best_equity > 0.99
    assert turn.loss > 1.5 and turn.mark == "??"


def test_any_executor_and_cancel() -> None:
    game = bot_game(CLASSIC, 16)
    here = analyse(game, workers=1)
    with ThreadPoolExecutor(2) as executor:
        threads = analyse(game, executor=executor)
    assert threads == here
    seen: list[tuple[int, int]] = []
    cancel = threading.Event()

    def progress(done: int, total: int) -> None:
        seen.append((done, total))
        if done == 5:
            cancel.set()

    partial = analyse(game, workers=1, progress=progress, cancel=cancel)
    assert partial.cancelled and len(partial.turns) == 5 and seen[-1] == (5, 16)


def test_reports_print_as_tables_with_names_escaped() -> None:
    game = bot_game(CLASSIC, 6)
    game.names = ["<b>Ann</b> | x", "Bo"]
    report = analyse(game, workers=1)
    markdown = report.to_markdown()
    assert "| &lt;b&gt;Ann&lt;/b&gt; \\| x |" in markdown and markdown.count("\n| 6 |") == 1
    assert "&lt;b&gt;Ann&lt;/b&gt;" in report._repr_html_() and "<b>Ann" not in report._repr_html_()


HOSTILE_NAMES = [
    "<img src=x onerror=alert(document.domain)>",
    "<script>alert(1)</script>",
    "[click](javascript:alert(1))",
    "![x](http://x/y.png)",
    "**bold** _it_ `code` ~~gone~~",
    "a | b \\| c",
    "&lt;img src=x&gt; &amp; &#60;",
    "<http://example.com>",
]


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_markdown_shows_every_name_as_text(name: str) -> None:
    """Found by the red team: ``to_markdown()`` wrote player names raw, so a .mat player
    named ``<img src=x onerror=alert(document.domain)>`` ran script wherever the Markdown
    was rendered as HTML. Rendered by a Markdown renderer that passes HTML through (as
    GitHub's and Jupyter's do for safe tags), each name is one cell of plain text."""
    mistune = pytest.importorskip("mistune")
    game = bot_game(CLASSIC, 4)
    game.names = [name, "Bo"]
    rendered = mistune.create_markdown(escape=False, plugins=["table"])(
        analyse(game, workers=1).to_markdown()
    )
    assert isinstance(rendered, str)
    for tag in ("<img", "<script", "<a ", "<strong", "<em", "<code", "<del"):
        assert tag not in rendered, tag
    cells = [html.unescape(cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", rendered)]
    assert name in cells


def test_next_mistake_and_bad_arguments() -> None:
    report = analyse(bot_game(CLASSIC, 30), workers=1)
    first = min(report.marks)
    assert report.next_mistake(0) == first
    assert report.next_mistake(first, -1) is None
    assert report.next_mistake(len(report.turns) + len(report.cube) + 1) is None
    with pytest.raises(ValueError, match="thresholds"):
        analyse(bot_game(CLASSIC, 2), thresholds=(0.1, 0.05, 0.2))
    with pytest.raises(ValueError, match="ply"):
        analyse(bot_game(CLASSIC, 2), ply=3)
    with pytest.raises(ValueError, match="a Game or a Match"):
        analyse("game")  # type: ignore[call-overload]
    with pytest.raises(ValueError, match="turn 99"):
        report.turn(99)
    assert report.turn(first).ply == first
    with pytest.raises(ValueError, match="step"):
        report.next_mistake(0, 0)
    assert sorted({*report.marked(0), *report.marked(1)}) == report.marked() == list(report.marks)
    assert report.next_mistake(0, 1, 1) == min(report.marked(1))
    with pytest.raises(ValueError, match="a game of 2 has no player number 2"):
        report.marked(2)


def test_gnubg_judges_classic_games() -> None:
    pytest.importorskip("gnubg_nn")
    game = bot_game(CLASSIC, 10)
    report = analyse(game, evaluator="gnubg", workers=1)
    assert report.evaluator == "gnubg" and len(report.turns) == 10


def doubled_game() -> Game:
    """Two turns of a classic game with a double and a take between them."""
    game = Game(CLASSIC, seed=4)
    game.roll_opening([3, 5])
    game.play("13/8 24/21")
    game.double()
    game.take()
    game.roll(6, 4)
    game.play("24/14")
    return game


def test_a_review_judges_the_plays_and_the_cube_decisions() -> None:
    """The plays under their own plies, and the cube's actions beside them: a double
    at the start of a money game gives the cube away for nothing (a blunder at any
    sensible evaluator), and taking it is right."""
    game = doubled_game()
    report = analyse(game, workers=1)
    assert [t.ply for t in report.turns] == [1, 4]
    assert report.plies == 2
    double, take = report.cube
    assert (double.ply, double.player, double.action) == (2, 0, "double")
    assert double.options[0][0] == "no double" and double.loss >= 0.16 and double.mark == "??"
    assert (take.ply, take.player, take.action) == (3, 1, "take")
    assert take.options[0][0] == "take" and take.loss == 0 and take.mark is None
    # money play: a pass loses the cube's value, 1 point per point of the cube
    assert dict(take.options)["drop"] == pytest.approx(-1)
    assert (
        report.marks[2] == "??" and report.judged(2) == double and report.judged(4) in report.turns
    )
    x = report.players[0]
    assert x.cube_decisions == 1 and x.cube_lost == double.loss
    assert x.decisions == sum(t.decision for t in report.turns if t.player == 0) + 1
    assert x.marks["??"] == sum(t.mark == "??" for t in report.turns if t.player == 0) + 1
    assert "| 2 | Player X | double | no double |" in report.to_markdown()
    assert "<td>double</td><td>no double</td>" in report._repr_html_()
    # a short, readable repr (a notebook's plain-text view), not every turn's fields
    assert re.fullmatch(
        r"<Report of a classic game: 2 turns judged by neural 0-ply, \d marked; "
        r"Player X PR \d+\.\d, Player O PR \d+\.\d>",
        repr(report),
    )


@pytest.mark.parametrize("length", [26, 40, 64])
def test_games_of_long_matches_are_judged(length: int) -> None:
    """Found by the red team: matches of 26-64 points were accepted everywhere, but
    ``analyse()`` of any game 26 or more points away failed and the whole review was
    lost: the cube decisions are judged with the table extended as gnubg extends it."""
    game = Game(CLASSIC, seed=4, match=MatchState(length, (0, 3)))
    game.roll_opening([3, 5])
    game.play("13/8 24/21")
    game.double()
    game.take()
    game.roll(6, 4)
    game.play("24/14")
    report = analyse(game, workers=1)
    assert [c.action for c in report.cube] == ["double", "take"]
    assert report.cube[0].mark == "??" and len(report.turns) == 2


def race(o_pips: dict[int, int]) -> Game:
    """A money game from a race: X (69 pips) to roll, the cube centred; O's checkers on
    the points given by their pips (the set-up numbers points along each path)."""
    x_pips = {6: 4, 5: 4, 4: 4, 3: 3}
    path: dict[int, dict[int | str, int]] = {
        player: {25 - pips: count for pips, count in checkers.items()}
        for player, checkers in enumerate((x_pips, o_pips))
    }
    return Game(CLASSIC, start=Position.build(CLASSIC, path))


AHEAD_BY_13 = {8: 3, 6: 4, 5: 4, 4: 2, 3: 2}
"""O's checkers, by pips, 13 pips behind X's 69 (``race``)."""


def test_a_missed_double_is_a_cube_error_and_a_cash_is_right() -> None:
    """X leads a race by 19% (69 pips to 82): a double and a pass, by the 8-9-12 rule of
    thumb and by GNU Backgammon at 2-ply (pass by 0.298; gnubg ID bO85AADcew8AAA, X to
    roll). Rolling instead is judged as a decision not to double; doubling and O's pass
    are both right. (At 78 pips gnubg 2-ply passes by only 0.013: too close a call for
    a 0-ply model's verdict.)"""
    game = race(AHEAD_BY_13)
    game.roll(2, 1)
    game.play(next(iter(game.legal_plays())))
    (missed,) = analyse(game, workers=1).cube
    assert (missed.ply, missed.player, missed.action) == (1, 0, "no double")
    decision = missed.decision
    assert decision.action == "double" and not decision.take
    assert missed.loss == pytest.approx(
        decision.normalised(decision.double_pass) - decision.normalised(decision.no_double)
    )
    assert missed.mark == _mark(missed.loss, THRESHOLDS)

    cashed = race(AHEAD_BY_13)
    cashed.double()
    cashed.drop()
    double, drop = analyse(cashed, workers=1).cube
    assert (double.action, double.loss, drop.action, drop.loss) == ("double", 0, "drop", 0)


def test_a_missed_redouble_is_called_so() -> None:
    """The race above with X owning a 2-cube: rolling is a missed redouble, and the
    report and the board's review say "no redouble" (walk 31 read
    "no double ??" on a 2-cube)."""
    path = race(AHEAD_BY_13).position
    game = Game(CLASSIC, start=path, cube=Cube(2, owner=0))
    game.roll(2, 1)
    game.play(next(iter(game.legal_plays())))
    report = analyse(game, workers=1)
    (missed,) = report.cube
    assert missed.action == "no double" and missed.options[0][0] == "double"
    assert (missed.said(missed.action), missed.said("double")) == ("no redouble", "redouble")
    assert " | no redouble | redouble | " in report.to_markdown()
    shown = review_view(report, 1)["turn"]
    assert shown is not None and shown["played"] == "no redouble"
    assert (action_text("no double"), action_text("double", 1)) == ("no double", "double")


def test_no_cube_decision_where_none_was_open() -> None:
    """The opening roll's turn, a turn after a take (its player just doubled), a
    trigammon game (no cube), and a roll far from doubling are not cube decisions."""
    assert [c.action for c in analyse(doubled_game(), workers=1).cube] == ["double", "take"]
    assert analyse(bot_game(TRIGAMMON, 12), workers=1).cube == ()
    game = race({24: 5, 17: 5, 12: 5})  # O far behind: too good to double (a gammon)
    game.roll(2, 1)
    game.play(next(iter(game.legal_plays())))
    assert analyse(game, workers=1).cube == ()


def test_the_equity_graph_has_a_column_for_every_record_of_the_line() -> None:
    """Cube actions take a ply of the line without a turn judged: the graph keeps a
    column for each (``data-ply`` is the ply ``goto`` shows); each line has a colour
    of its own and the legend names its player beside the player's checker."""
    from trigammon_widget.pictures.chart import MARK_COLOURS, equity_graph
    from trigammon_widget.pictures.themes import THEMES

    game = doubled_game()
    report = analyse(game, workers=1)
    theme = THEMES["light"]
    drawn = equity_graph(report, plies=len(game.turns))  # the light theme's checkers
    assert drawn._repr_svg_() == drawn  # it shows itself in a notebook
    columns = re.findall(r'data-kind="turn" data-ply="(\d+)"', drawn)
    assert columns == ["0", "1", "2", "3", "4"]
    assert "<title>3. Player O take (best: take)</title>" in drawn and ">turn 4</text>" in drawn
    with speaking("es"):  # its words in the language spoken
        spoken = equity_graph(report, plies=len(game.turns))
    assert "<title>3. Player O aceptar (mejor: aceptar)</title>" in spoken
    assert ">turno 4</text>" in spoken and ">50%</text>" in spoken
    # without the line's length, the columns reach the last turn judged
    assert re.findall(r'data-ply="(\d+)"', equity_graph(report)) == columns
    with pytest.raises(ValueError, match="one per player"):
        equity_graph(report, colors=theme.checkers)
    with pytest.raises(ValueError, match="start: one win chance per player"):
        equity_graph(report, start=[1.0])
    with pytest.raises(ValueError, match="end: one win chance per player"):
        equity_graph(report, end=[1.0, 0.0, 0.0])
    with pytest.raises(ValueError, match="plies must be a turn number"):
        equity_graph(report, plies=-1)
    with pytest.raises(ValueError, match="shown must be a turn number"):
        equity_graph(report, shown=1.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="needs a Report"):
        equity_graph(game)  # type: ignore[arg-type]
    for player in range(2):  # each line in its colour; the legend shows whose it is
        line = re.search(rf'<g class="tg-graph-line" data-player="{player}".*?</g>', drawn)
        assert line and f'stroke="{theme.lines[player]}"' in line.group()
        legend = re.search(rf'<g data-player="{player}"><title>(.*?)</title>(.*?)</g>', drawn)
        assert legend and legend.group(1) == report.names[player]
        assert f'fill="{theme.checkers[player]}"' in legend.group(2)
        assert f'stroke="{theme.lines[player]}"' in legend.group(2)
        assert f">{report.names[player]}</text>" in legend.group(2)
    # Each marked turn's dot: filled in its mark's colour, ringed in its player's line
    # colour, so that whose it is shows where the lines overlap (walk 23).
    dots = re.findall(
        r'<circle [^>]*fill="([^"]+)" stroke="([^"]+)"[^>]* data-player="(\d)"', drawn
    )
    marked = [(report.marks[ply], report.judged(ply)) for ply in sorted(report.marks)]
    assert [(fill, stroke, int(player)) for fill, stroke, player in dots] == [
        (getattr(theme, MARK_COLOURS[mark]), theme.lines[judged.player], judged.player)
        for mark, judged in marked
        if judged is not None
    ]
    assert dots  # the game has a marked turn
    # and a key along the bottom says what each dot's colour means (walk 28)
    key = re.search(r'<g class="tg-graph-marks".*?</g>', drawn)
    assert key is not None
    assert re.findall(r'<circle [^>]*fill="([^"]+)"', key.group()) == [
        getattr(theme, MARK_COLOURS[mark]) for mark in ("?!", "?", "??")
    ]
    assert re.findall(r">([^<]+)</text>", key.group()) == ["?! doubtful", "? bad", "?? very bad"]


def test_gnubg_s_own_cube_actions_are_judged_right() -> None:
    """An independent reference: in the 7-point match GNU Backgammon played against
    itself (its own export), no double, take, pass or close decision not to double is
    marked worse than doubtful (it loses less than 0.08), and one at most is doubtful:
    game 1's double at ply 10, which the plain model on 0-ply chances put 0.04-0.07
    short of waiting with any net, where gnubg's cubeful 2-ply evaluation doubled. The
    review judges cube decisions one roll deep (``CUBE_PLY``), as the bots make them."""

    from trigammon_widget import Match

    text = (GNUBG_FILES / "match7.mat").read_text()
    match = Match.from_mat(text)
    neural = find_evaluator("neural")
    judged = [
        (number, report)
        for number, game in enumerate(match.games, 1)
        for report in _cube_reports(game, neural, THRESHOLDS)
    ]
    assert len(judged) >= 20 and {"double", "take", "drop", "no double"} <= {
        c.action for _, c in judged
    }
    marked = [(number, c.ply, c.action, c.mark) for number, c in judged if c.mark is not None]
    assert marked in ([], [(1, 10, "double", "?!")])


def test_the_tutor_warns_of_a_bad_play_and_refuses_an_illegal_one() -> None:
    from trigammon_widget.engine import Move, Play
    from trigammon_widget.session.coaching import tutor_warning

    start = Position.build(CLASSIC, {0: {23: 1, 24: 1}, 1: {24: 1}}, dice=(2, 1))
    blunder, best = start.parse_play("2/1/off"), start.parse_play("2/off 1/off")
    evaluator = find_evaluator()
    found = tutor_warning(start, blunder, evaluator, 0.08)
    assert found is not None and found[1] == best
    assert found[0]["best"] == "2/off 1/off" and found[0]["loss"] > 1
    assert tutor_warning(start, blunder, evaluator, 3) is None  # within the threshold
    assert tutor_warning(start, best, evaluator, 0.08) is None
    with pytest.raises(ValueError, match="not a legal play"):
        tutor_warning(start, Play((Move(0, 1, 1, False),)), evaluator, 0.08)
    with pytest.raises(ValueError, match="threshold"):
        tutor_warning(start, blunder, evaluator, -1)


def short_match() -> Match:
    """A 3-point match of three short games: each opening play, a second turn, then a
    double the opponent passes (the last game goes on)."""
    match = Match(3, names=["Ann", "<b>Bo|"], seed=5)
    for number in range(3):
        game = match.game if number == 0 else match.new_game()
        game.roll_opening([3, 1] if number % 2 else [1, 3])
        game.play(None if len(game.legal_plays()) == 1 else next(iter(game.legal_plays())))
        game.roll(6, 5)
        game.play(next(iter(game.legal_plays())))
        if number < 2:
            game.double()
            game.drop()
    return match


def test_a_match_is_judged_game_by_game_with_totals() -> None:
    """``analyse(match)``: each game's report is the game's own analysis, and each
    player's match statistics are the games' sums (GNU Backgammon's match statistics:
    plays and cube decisions apart, then overall)."""
    match = short_match()
    report = analyse(match, workers=1)
    assert len(report.games) == len(match.games) == 3
    for game, judged in zip(match.games, report.games, strict=True):
        assert judged == analyse(game, workers=1)
    assert [c.action for c in report.games[0].cube] == ["double", "drop"]
    for player in range(2):
        total = report.players[player]
        games = [judged.players[player] for judged in report.games]
        assert total.decisions == sum(g.decisions for g in games) > 0
        assert total.equity_lost == pytest.approx(sum(g.equity_lost for g in games))
        assert total.error_rate == pytest.approx(1000 * total.equity_lost / total.decisions)
        assert total.rating == pytest.approx(total.error_rate / 2)
        assert total.cube_decisions == sum(g.cube_decisions for g in games)
        assert total.checker_decisions + total.cube_decisions == total.decisions
        assert total.marks == {m: sum(g.marks[m] for g in games) for m in MARKS}
    text = report.to_markdown()
    assert text.startswith("Analysis of a 3-point match of classic, 3 games")
    assert "| &lt;b&gt;Bo\\| |" in text and "| PR Ann | PR &lt;b&gt;Bo\\| |" in text
    assert "&lt;b&gt;Bo|" in report._repr_html_() and "<b>" not in report._repr_html_()
    assert repr(report).startswith("<MatchReport of a classic 3-point match: 3 games")


def test_a_turn_a_rollout_rated_is_judged_by_it() -> None:
    """Walk 27 read a tutor's stop by Hints' rollout (bar/6 1/3 better, 0.115 lost)
    beside the review's bar/8 and 0.144 by the net: a turn whose roll was rolled out
    takes the rollout's best plays, loss and mark, and its player's summary follows;
    a turn whose play the rollout left out, and a report without rollouts, stay."""
    game = Game(CLASSIC, start=Position.start(CLASSIC).with_dice(6, 5), names=("Ann", "Bo"))
    game.play("13/2")
    game.roll(3, 1)
    game.play("8/5 6/5")
    report = analyse(game)
    first, second = report.turns
    assert first.by == "net" and first.mark is not None  # 13/2 at the opening: bad
    rolled = first.position
    best, made = rolled.parse_play("24/13"), rolled.parse_play("13/2")
    ratings = (
        PlayRating("24/13", best, 0.10, 0.0, 0.53, 0.12),
        PlayRating("13/2", made, 0.07, 0.03, 0.52, 0.14),
    )
    judged = with_rollouts(report, {rolled: ratings})
    turn = judged.turns[0]
    assert (turn.by, turn.loss, turn.mark, turn.best) == ("rollout", 0.03, None, ratings)
    assert turn.chances == (0.52, 0.14)  # the play made's chances, by the rollout too
    assert (turn.equity, turn.best_equity) == (0.07, 0.10)
    assert turn.luck == first.luck and turn.wins == first.wins  # the net's, as before
    assert judged.turns[1] is second
    ann = judged.players[0]
    assert ann.equity_lost == pytest.approx(0.03) and sum(ann.marks.values()) == 0
    assert judged.players[1] == report.players[1]
    assert judged.marked(0) == []
    # On the line: a bad play by the rollout's figures too.
    worse = (ratings[0], PlayRating("13/2", made, 0.02, 0.08, 0.50, 0.16))
    assert with_rollouts(report, {rolled: worse}).turns[0].mark == "?"
    # A rollout without the play made, or of another roll, changes nothing.
    assert with_rollouts(report, {rolled: ratings[:1]}) is report
    assert with_rollouts(report, {second.position: ratings}) is report
