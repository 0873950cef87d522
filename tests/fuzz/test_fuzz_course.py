"""Fuzzing the course copier (``scripts/course.py``, issue 42): whatever a learner's
``course/`` holds (their own files, folders where files go, plain files where folders
go, links to elsewhere or to nothing), bringing it up to date writes nothing outside
``course/``, changes nothing already in it, copies every file whose place is free, says
which it left out and why, and never stops half-way."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from hypothesis import strategies as st

from tests.fuzz.test_fuzz_parsers import fuzz
from tests.paths import ROOT
from tests.test_course import course

EXAMPLES = {"course_states": 150}
"""Inputs per property in a default run."""

FILES = [
    "01_meet_the_board.ipynb",
    "02_play.ipynb",
    "data/game.json",
    "data/deeper/match.mat",
    "es/01_meet_the_board.ipynb",
    "es/02_play.ipynb",
    "nl/03_coming_from_classic.ipynb",
]
"""A small ``notebooks/`` folder: lessons, data, the translated courses."""
FOLDERS = sorted({str(Path(name).parent) for name in FILES} - {"."} | {"data"})
OBSTACLES = ["own file", "folder", "link to a file", "dangling link", "link to a folder"]
"""What a learner may have put at a file's or a folder's place in ``course/``."""


COURSE = course()


def snapshot(folder: Path) -> dict[str, tuple[str, str]]:
    """Every entry under ``folder`` (links not followed): its kind and contents."""
    found: dict[str, tuple[str, str]] = {}
    for path in sorted(folder.rglob("*")):
        name = str(path.relative_to(folder))
        if path.is_symlink():
            found[name] = ("link", os.readlink(path))
        elif path.is_dir():
            found[name] = ("folder", "")
        else:
            found[name] = ("file", path.read_text())
    return found


def put(copy: Path, name: str, obstacle: str, outside: Path) -> None:
    """``obstacle`` at ``name`` in the course, its folders made first (unless an
    obstacle is above it already)."""
    place = copy / name
    if blocked_above(copy, name):
        return
    place.parent.mkdir(parents=True, exist_ok=True)
    if place.exists() or place.is_symlink():
        return
    if obstacle == "own file":
        place.write_text("the learner's")
    elif obstacle == "folder":
        place.mkdir()
    elif obstacle == "link to a file":
        place.symlink_to(outside / "theirs.txt")
    elif obstacle == "dangling link":
        place.symlink_to(outside / f"planted-{place.name}")
    else:
        place.symlink_to(outside / "elsewhere", target_is_directory=True)


def made(root: Path, obstacles: dict[str, str]) -> None:
    """``notebooks/`` of ``FILES``, ``outside/`` beside it, and ``course/`` with
    ``obstacles`` (a path in the course: what is there)."""
    for name in FILES:
        path = root / "notebooks" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"lesson {name}")
    outside = root / "outside"
    (outside / "elsewhere").mkdir(parents=True)
    (outside / "theirs.txt").write_text("outside")
    (root / "course").mkdir()
    for name, obstacle in sorted(obstacles.items(), key=lambda item: item[0].count("/")):
        put(root / "course", name, obstacle, outside)


def blocked_above(copy: Path, name: str) -> bool:
    """Whether a folder above ``name`` in the course is a link or a plain file."""
    above = (copy / name).parents[: len(Path(name).parts) - 1]
    return any(p.is_symlink() or (p.exists() and not p.is_dir()) for p in above)


def in_the_way(copy: Path, name: str) -> bool:
    """Whether something of the learner's holds a file's place or a folder above it."""
    target = copy / name
    return blocked_above(copy, name) or target.exists() or target.is_symlink()


def check_state(obstacles: dict[str, str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        made(root, obstacles)
        outside, copy = snapshot(root / "outside"), root / "course"
        before = snapshot(copy)
        free = [name for name in FILES if not in_the_way(copy, name)]
        first, copied, left_out = COURSE.working_copy(root)
        assert snapshot(root / "outside") == outside, "written outside course/"
        after = snapshot(copy)
        assert {name: after[name] for name in before} == before, "the learner's changed"
        assert sorted(map(str, copied)) == sorted(free)
        for name in free:
            assert after[name] == ("file", f"lesson {name}")
        blocked = {str(name) for name, _ in left_out}
        assert blocked <= set(FILES) - set(free) and all(reason for _, reason in left_out)
        assert first == copy / FILES[0]


test_course_states, test_course_states_slow = fuzz(
    "course_states",
    st.dictionaries(st.sampled_from(FILES + FOLDERS), st.sampled_from(OBSTACLES), max_size=5),
    check_state,
    EXAMPLES["course_states"],
)


def run(root: Path) -> subprocess.CompletedProcess[str]:
    script = str(ROOT / "scripts" / "course.py")
    return subprocess.run(
        [sys.executable, script, "--root", str(root), "--language", "en"],
        capture_output=True,
        text=True,
        check=False,
    )


def test_a_dangling_link_in_the_course_is_not_written_through(tmp_path: Path) -> None:
    """Found by the red team (issue 42): a dangling link in ``course/`` was written
    through: a file made outside the course."""
    made(tmp_path, {"02_play.ipynb": "dangling link", "es": "link to a folder"})
    done = run(tmp_path)
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / "outside" / "planted-02_play.ipynb").exists()
    assert not list((tmp_path / "outside" / "elsewhere").iterdir())
    assert "02_play.ipynb" in done.stderr and "es" in done.stderr
    assert (tmp_path / "course" / "01_meet_the_board.ipynb").read_text().startswith("lesson")


def test_a_file_where_a_folder_goes_leaves_out_that_folder_alone(tmp_path: Path) -> None:
    """Found by the red team (issue 42): where ``course/es`` was a plain file, the copier
    stopped with a FileExistsError traceback half-way and skipped the rest."""
    made(tmp_path, {"es": "own file"})
    done = run(tmp_path)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert "es" in done.stderr and "not a folder" in done.stderr
    assert (tmp_path / "course" / "es").read_text() == "the learner's"
    for name in FILES:
        if not name.startswith("es/"):
            assert (tmp_path / "course" / name).read_text() == f"lesson {name}"
    assert done.stdout.strip() == str(tmp_path / "course" / FILES[0])


def test_a_course_that_is_no_folder_is_said_so(tmp_path: Path) -> None:
    made(tmp_path, {})
    (tmp_path / "course").rmdir()
    (tmp_path / "course").write_text("not a course")
    done = run(tmp_path)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "course" in done.stderr and (tmp_path / "course").read_text() == "not a course"
