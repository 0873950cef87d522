"""The learner works in ``course/``, a git-ignored copy of ``notebooks/`` (issue 22 item
16): running the course never changes a tracked file, and a learner's work is kept."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

from tests.paths import ROOT

FIRST = "01_meet_the_board.ipynb"


def course() -> ModuleType:
    spec = importlib.util.spec_from_file_location("course", ROOT / "scripts" / "course.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_copy_is_made_then_kept(tmp_path: Path) -> None:
    source = tmp_path / "notebooks"
    shutil.copytree(ROOT / "notebooks", source, ignore=shutil.ignore_patterns("handouts"))
    (source / ".ipynb_checkpoints").mkdir()
    (source / ".ipynb_checkpoints" / "x-checkpoint.ipynb").write_text("{}")
    first, copied, left_out = course().working_copy(tmp_path)
    assert first == tmp_path / "course" / "01_meet_the_board.ipynb" and first.exists()
    notebooks = sorted(p.name for p in source.glob("*.ipynb"))
    assert sorted(p.name for p in (tmp_path / "course").glob("*.ipynb")) == notebooks
    assert Path("data/classic_game.json") in copied
    assert Path("es/01_meet_the_board.ipynb") in copied
    assert not (tmp_path / "course" / ".ipynb_checkpoints").exists()
    assert not (tmp_path / "course" / "locale").exists()  # the catalogues are not the course
    # the learner's work stays; what is new in notebooks/ comes in
    first.write_text("my work")
    (source / "13_new.ipynb").write_text("{}")
    _, again, left_out = course().working_copy(tmp_path)
    assert again == [Path("13_new.ipynb")] and first.read_text() == "my work" and not left_out


def test_a_new_version_of_a_lesson_replaces_an_untouched_copy_and_is_said_of_a_worked_one(
    tmp_path: Path,
) -> None:
    """The newcomer's walk (issue 41) found a course copy older than the lessons, with no
    word of it: an untouched copy now follows the lesson; a worked-in one is kept and
    the run says, once, that the lesson has changed."""
    source = tmp_path / "notebooks"
    source.mkdir()
    for name in ("a.ipynb", "b.ipynb"):
        (source / name).write_text("version 1")
    module = course()
    module.working_copy(tmp_path)
    copy = tmp_path / "course"
    (copy / "b.ipynb").write_text("my work")  # the learner ran b
    for name in ("a.ipynb", "b.ipynb"):
        (source / name).write_text("version 2")
    _, copied, left_out = module.working_copy(tmp_path)
    assert copied == [Path("a.ipynb")] and (copy / "a.ipynb").read_text() == "version 2"
    assert left_out == [(Path("b.ipynb"), module.CHANGED)]
    assert (copy / "b.ipynb").read_text() == "my work"
    # said once: the next run is quiet, and the learner's file stays theirs
    assert module.working_copy(tmp_path)[1:] == ([], [])
    assert (copy / "b.ipynb").read_text() == "my work"
    # deleted, it comes back as the course has it now
    (copy / "b.ipynb").unlink()
    assert module.working_copy(tmp_path)[1] == [Path("b.ipynb")]
    assert (copy / "b.ipynb").read_text() == "version 2"
    assert not list(copy.glob(".*.new"))


def test_the_first_lesson_is_in_the_language_asked_for(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "notebooks", tmp_path / "notebooks")
    first, _, _ = course().working_copy(tmp_path, "es")
    assert first == tmp_path / "course" / "es" / "01_meet_the_board.ipynb" and first.exists()
    assert (tmp_path / "course" / "nl" / "03_coming_from_classic.ipynb").exists()
    # Dutch has the classic rules only: its course starts with the English first lesson
    assert course().working_copy(tmp_path, "nl")[0] == tmp_path / "course" / FIRST


def run_course(root: Path, *arguments: str, **environment: str) -> subprocess.CompletedProcess[str]:
    """``scripts/course.py`` with the environment's language variables as given."""
    variables = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
    env = {k: v for k, v in os.environ.items() if k not in variables} | environment
    script = str(ROOT / "scripts" / "course.py")
    return subprocess.run(
        [sys.executable, script, "--root", str(root), *arguments],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )


def test_the_command_prints_the_notebook_to_open(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "notebooks", tmp_path / "notebooks")
    done = run_course(tmp_path)
    assert done.stdout.strip() == str(tmp_path / "course" / FIRST)
    assert "copied" in done.stderr
    spanish = str(tmp_path / "course" / "es" / FIRST)
    assert run_course(tmp_path, LANG="es_ES.UTF-8").stdout.strip() == spanish
    assert run_course(tmp_path, "--language", "es", LANG="nl_NL").stdout.strip() == spanish


def test_the_working_copy_is_not_tracked() -> None:
    found = subprocess.run(
        ["git", "check-ignore", "-q", "course/01_meet_the_board.ipynb"], cwd=ROOT, check=False
    )
    assert found.returncode == 0, "course/ must be git-ignored"
    # the notebooks relative paths hold from the copy: course/ is beside notebooks/
    assert (ROOT / "course" / ".." / "tests" / "data" / "gnubg" / "match7.mat").resolve().exists()
