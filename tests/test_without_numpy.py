"""The board where numpy cannot be imported (a browser's Python: ``docs/lite.md``).

A fresh Python whose import system refuses numpy, numba and ``_multiprocessing`` (as
WebAssembly's CPython lacks them) makes a board, rolls, moves, edits a set-up, draws it,
lists the legal plays and plays heuristic and random bots' games; hints, chances, a
review, the tutor and a neural seat are refused by ``NumpyMissingError`` in the board's
language, and change nothing.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

BLOCKER = """
import sys

class Refuse:
    '''The modules a browser's Python has not.'''

    BLOCKED = ("numpy", "numba", "_multiprocessing")

    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in self.BLOCKED:
            raise ImportError(f"No module named {name!r} (refused by the test)")
        return None

sys.meta_path.insert(0, Refuse())
"""

SCRIPT = """
import json, sys
from trigammon_widget import BoardWidget, Position
from trigammon_widget.judgement.judges import NumpyMissingError, has_numpy

found = {"has_numpy": has_numpy()}
board = BoardWidget("classic", seed=3)
found["svg"] = board.svg.startswith("<svg")
plays = board.legal_plays
found["plays"] = len(plays)
board.play(next(iter(plays)))
found["played"] = len(board.game.turns)
board.roll()
found["rolled"] = board.position.dice is not None
version = board.view["version"]
refused = {}
for name, ask in [
    ("hints", board.hints),
    ("chances", board.chances),
    ("analyse", board.analyse),
    ("tutor", lambda: setattr(board, "tutor", True)),
    ("neural", lambda: board.set_seat(1, "neural")),
]:
    try:
        ask()
    except NumpyMissingError as error:
        refused[name] = str(error)
found["refused"] = refused
found["unchanged"] = board.view["version"] == version and not board.tutor
spanish = BoardWidget("trigammon", seed=1, language="es")
spanish.roll()
try:
    spanish.hints()
except NumpyMissingError as error:
    found["spanish"] = str(error)
board.edit(True)
board.clear()
board.place(0, 6, 2)
board.place(1, 19, 2)
board.edit(False)
found["edited"] = [side[6] for side in board.position.boards] == [2, 2]  # each its 6 point
for variant, seats in (("trigammon", ["heuristic"] * 3), ("classic", ["heuristic", "random"])):
    game = BoardWidget(variant, seed=2)
    for player, seat in enumerate(seats):
        game.set_seat(player, seat)
    game.autoplay()
    found[variant] = game.game.is_over()
absent = ("numpy", "numba", "concurrent.futures.process")
found["loaded"] = sorted(name for name in absent if name in sys.modules)
print(json.dumps(found))
"""


@pytest.fixture(scope="module")
def found(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    folder = tmp_path_factory.mktemp("no-numpy")
    (folder / "sitecustomize.py").write_text(BLOCKER, encoding="utf-8")
    source = Path(__file__).resolve().parents[1] / "src"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(folder), str(source)])}
    env.pop("LANGUAGE", None)
    env["LANG"] = "C.UTF-8"
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_numpy_is_refused_there(found: dict[str, object]) -> None:
    assert found["has_numpy"] is False
    assert found["loaded"] == []  # nor numba, nor the process pool


def test_the_board_plays_edits_and_draws_without_numpy(found: dict[str, object]) -> None:
    assert found["svg"] is True
    assert isinstance(found["plays"], int) and found["plays"] > 1
    assert found["played"] == 1
    assert found["rolled"] is True
    assert found["edited"] is True


def test_heuristic_and_random_bots_play_whole_games_without_numpy(
    found: dict[str, object],
) -> None:
    assert found["trigammon"] is True
    assert found["classic"] is True


def test_what_needs_the_nets_says_it_needs_numpy_and_changes_nothing(
    found: dict[str, object],
) -> None:
    refused = found["refused"]
    assert isinstance(refused, dict)
    assert set(refused) == {"hints", "chances", "analyse", "tutor", "neural"}
    assert all("numpy" in message for message in refused.values())
    assert refused["hints"].startswith("Hints:")
    assert refused["neural"].startswith("A neural bot:")
    assert found["unchanged"] is True
    spanish = found["spanish"]
    assert isinstance(spanish, str) and "numpy" in spanish
    assert not spanish.startswith("Hints:")  # in the board's language
