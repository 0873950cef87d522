"""Every problem's answer is the evaluator's best play, by a clear margin; each classic
answer is GNU Backgammon 2-ply's best play by that margin too."""

from __future__ import annotations

import pytest

from trigammon_widget.engine import Position
from trigammon_widget.judgement.analysis import THRESHOLDS
from trigammon_widget.judgement.evaluation import GnubgEvaluator, hints
from trigammon_widget.teaching.problems import MARGIN, PROBLEMS, Problem, find_problem


def test_at_least_twenty_problems_across_both_variants() -> None:
    variants = [problem.variant for problem in PROBLEMS]
    assert len(PROBLEMS) >= 20
    assert variants.count("classic") >= 8 and variants.count("trigammon") >= 8
    assert len({problem.slug for problem in PROBLEMS}) == len(PROBLEMS)
    assert find_problem(PROBLEMS[0].slug) is PROBLEMS[0]
    with pytest.raises(ValueError, match="no problem 'nope'"):
        find_problem("nope")


@pytest.mark.parametrize("problem", PROBLEMS, ids=lambda p: p.slug)
def test_the_answer_is_the_evaluators_best_play(problem: Problem) -> None:
    position = problem.position
    assert position.turn == 0 and position.dice is not None  # X to play a roll
    ranked = problem.ranked  # the numbers the answer shows
    assert ranked[0].play == position.parse_play(problem.answer), ranked[0].notation
    assert ranked[0].equity - ranked[1].equity >= MARGIN > THRESHOLDS[0]  # not a coin flip
    assert len(problem.explanation.split()) >= 25


@pytest.mark.parametrize("problem", PROBLEMS, ids=lambda p: p.slug)
def test_a_problem_at_the_start_has_a_roll_that_can_open_the_game(problem: Problem) -> None:
    """R2: classic plays the two opening dice, so its first move is never a double
    (issue 41: "X rolls 6-6 ... the first move of the game" could not happen)."""
    position = problem.position
    assert position.dice is not None
    if position.boards == Position.start(position.variant).boards:
        doubles_open = position.variant.opening_move == "fresh-roll"
        assert doubles_open or position.dice[0] != position.dice[1], problem.slug


@pytest.mark.parametrize(
    "problem", [p for p in PROBLEMS if p.variant == "classic"], ids=lambda p: p.slug
)
def test_a_classic_answer_is_gnubg_2_plys_best_play_by_the_margin(problem: Problem) -> None:
    """The reference agrees, and not by a hair: the opening 6-5's 24/13 led by only
    0.024 at 2-ply, so that problem became the 6-5 reply to O's 3-1."""
    pytest.importorskip("gnubg_nn", reason="gnubg-nn has wheels for CPython 3.11 x86_64")
    ranked = hints(problem.position, evaluator=GnubgEvaluator(plies=2))
    assert ranked[0].play == problem.position.parse_play(problem.answer), ranked[0].notation
    assert ranked[0].equity - ranked[1].equity >= MARGIN


def test_a_problem_hides_its_answer_until_asked() -> None:
    problem = find_problem("trigammon-hit-the-leader")
    html = problem.html(2)
    question, answer = html.split("<details", 1)
    assert "Problem 2: Whom to hit?" in question and problem.answer not in question
    assert problem.answer in answer and "X wins" in answer and "<svg" in answer
    assert problem.question_html() in question and "X rolls 4-3." in question
    assert answer.count("<tr>") == 1 + 3  # the header and the three best plays
    assert "best" in answer and f"{problem.ranked[1].notation}" in answer
