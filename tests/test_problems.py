"""Every problem's answer is the evaluator's best play, by a clear margin."""

from __future__ import annotations

import pytest

from trigammon_widget.judgement.analysis import THRESHOLDS
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


def test_a_problem_hides_its_answer_until_asked() -> None:
    problem = find_problem("trigammon-hit-the-leader")
    html = problem.html(2)
    question, answer = html.split("<details", 1)
    assert "Problem 2: Whom to hit?" in question and problem.answer not in question
    assert problem.answer in answer and "X wins" in answer and "<svg" in answer
    assert problem.question_html() in question and "X rolls 4-3." in question
    assert answer.count("<tr>") == 1 + 3  # the header and the three best plays
    assert "best" in answer and f"{problem.ranked[1].notation}" in answer
