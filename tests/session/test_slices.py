"""The session without the widget: its slices, who writes them, the one swap, and the
facts every part of the board reads from them."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.paths import ROOT
from trigammon_widget import CLASSIC, TRIGAMMON, Game, MatchState, Position
from trigammon_widget.session import Session
from trigammon_widget.session.slices import Board

SESSION = ROOT / "src" / "trigammon_widget" / "session"
SLICES = ("board", "look", "seating", "analyses", "tutor", "drill")
OWNERS = {
    "playing.py": {"board"},
    "match_play.py": {"board", "seating"},  # the next game gives the person their seat back
    "navigation.py": {"board"},
    "editing.py": {"board"},
    "look.py": {"look"},
    "seats.py": {"seating"},
    "judging.py": {"analyses"},
    "tutoring.py": {"tutor"},
    "drilling.py": {"board", "look", "drill"},  # each card on the board, from its mover's seat
    "state.py": {"board"},  # the first swap, of the board it was made with
}
"""Which slices each module of the session may swap in (``slices`` says why)."""


def swapped(path: Path) -> set[str]:
    """The slices a module hands to ``self._swap``."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "_swap"
        ):
            found |= {word.arg for word in node.keywords if word.arg in SLICES}
    return found


def assigned(path: Path) -> set[str]:
    """The session's slice fields a module assigns to itself (``self._board = ...``)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Attribute) and target.attr.lstrip("_") in {
                    *SLICES,
                    "version",
                    "line",
                }:
                    found.add(target.attr)
    return found


@pytest.mark.parametrize("path", sorted(SESSION.glob("*.py")), ids=lambda p: p.name)
def test_each_module_swaps_only_the_slices_it_owns(path: Path) -> None:
    assert swapped(path) <= OWNERS.get(path.name, set())


def test_the_owners_swap_what_they_own() -> None:
    for name, owned in OWNERS.items():
        assert swapped(SESSION / name) == owned, name


@pytest.mark.parametrize("path", sorted(SESSION.glob("*.py")), ids=lambda p: p.name)
def test_only_the_swap_installs_slices(path: Path) -> None:
    if path.name == "state.py":
        assert assigned(path) == {f"_{name}" for name in (*SLICES, "version", "line")}
    else:
        assert not assigned(path), f"{path.name} sets {assigned(path)} itself: use _swap"


def passed(names: tuple[str, str] = ("Ann", "Bo")) -> Session:
    """A classic game at 1-2 in a match to 5 where Ann doubled, Bo took and redoubled,
    and Ann passed."""
    game = Game(CLASSIC, seed=3, match=MatchState(5, (1, 2)))
    game.roll_opening([3, 5])
    game.play("13/8 24/21")
    session = Session(game, names=names)
    session.double()
    session.take()
    session.roll(6, 4)
    session.play("24/14")
    session.double()
    session.drop()
    return session


def test_a_passed_double_ends_the_game_for_every_part_of_the_board() -> None:
    """Issue 22, 2: the label, the buttons, the cube and the messages agree."""
    session = passed()
    board = session.board
    assert board.game_over and not board.may_double and not board.may_answer
    assert not board.may_roll and not board.rolled
    view = session.view()
    assert view["cube"] is not None
    assert not view["cube"]["can_double"] and not view["cube"]["can_answer"]
    assert not view["can_roll"] and not view["bot_to_move"] and not view["can_confirm"]
    assert view["message"] == {
        "kind": "info",
        "text": "Bo wins 2 points (double passed)",
        "rule": None,
    }
    for action in (session.double, session.take, session.drop, session.roll):
        version = session.version
        with pytest.raises(ValueError, match="the game is over: Bo wins 2 points") as refused:
            action()
        assert getattr(refused.value, "rule", None) in ("R12", "R14")
        assert "double passed" in str(refused.value) and "player 1" not in str(refused.value)
        assert session.version == version and session.board is board


def test_a_refusal_changes_no_slice() -> None:
    session = Session(Game(CLASSIC, start=Position.start(CLASSIC).with_dice(3, 1)))
    before = (session.board, session.version, session.view(), session.svg())
    for attempt in (
        lambda: session.move("1", "3"),
        lambda: session.play("24/18"),
        lambda: session.undo_move(),
        lambda: session.take(),
        lambda: session.goto(7),
        lambda: session.place(0, "3"),
        lambda: session.set_seat(5, "human"),
        lambda: session.next_mistake(),
    ):
        with pytest.raises(ValueError):
            attempt()
        board, version, view, svg = before
        assert session.board is board and session.version == version
        assert {**session.view(), "message": None} == {**view, "message": None}
        assert session.svg() == svg


def test_an_action_swaps_a_new_board_and_counts_a_change() -> None:
    session = Session(Game(CLASSIC, start=Position.start(CLASSIC).with_dice(3, 1)))
    board, version = session.board, session.version
    session.move("17", "20")
    assert session.board is not board and session.version == version + 1
    assert board.done == () and len(session.board.done) == 1  # the old slice is as it was
    assert isinstance(session.board, Board)


def test_the_tutor_holds_a_play_on_the_board_and_its_answers_release_it() -> None:
    session = Session(Game(CLASSIC, start=Position.start(CLASSIC).with_dice(6, 5)))
    session.set_tutor(True, 0.0)
    session.play("13/2")  # far worse than 24/13
    held = session.board.held
    assert held is not None and held.play == session.position.parse_play("13/2")
    assert session.view()["tutor"]["warning"] == held.warning
    assert session.game.ply == 0
    # Held, the play is taken back or played on: Confirm is no answer to the tutor.
    assert not session.view()["can_confirm"] and session.view()["primary"] is None
    # the pips are those of the board drawn: the held play made
    after = session.position.after(held.play.moves)
    assert session.view()["pips"] == [after.pip_count(p) for p in (0, 1)]
    before = session.view()
    with pytest.raises(ValueError, match="the tutor holds this play: take it back or play on"):
        session.confirm()
    assert session.view() == before
    session.take_back()
    assert session.board.held is None and session.game.ply == 0
    session.play("13/2")
    session.play_on()
    assert session.board.held is None and session.game.ply == 1


def test_analyses_coming_in_count_no_change() -> None:
    """A request made while hints are refined is not stale for it."""
    session = Session(Game(TRIGAMMON, start=Position.start(TRIGAMMON).with_dice(3, 1)))
    job = session.hints(candidates=2, games=2, truncate=2, workers=1)
    assert job is not None
    version, message = session.version, session.view()["message"]
    assert session.report_progress(job, 1, job.total)
    assert session.finish(job, job.work(lambda done, total: None, job.stop))
    assert session.version == version and session.view()["message"] == message
    assert session.analysis is not None and session.analysis["status"] == "done"


def test_a_board_of_another_player_count_refits_the_look_and_the_seats() -> None:
    session = Session("trigammon", seed=1, perspective=2, colors=["red", "green", "blue"])
    session.set_seat(2, "random")
    session.load(Position.start(CLASSIC).id)
    view = session.view()
    assert view["perspective"] == 1 and view["seats"] == ["human", "human"]
    assert view["colors"] != ["red", "green"]
