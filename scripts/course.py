"""The learner's working copy of the course: ``course/``, made from ``notebooks/``.

Running a notebook saves its outputs into it. A learner who worked in ``notebooks/``
would turn the checkout dirty just by using it, and a later ``git pull`` would conflict
with their own work. So JupyterLab opens a copy instead: ``course/`` beside
``notebooks/`` (git-ignored; at the same depth, so the notebooks' relative paths, such
as ``../tests/data``, still hold). It is made on first use, and each later run copies
in what is new in ``notebooks/`` (a notebook or a data file added since) without
touching a file the learner already has: their work is kept. Delete a notebook from
``course/`` to get it afresh.

The course in other languages comes with it: ``course/es/`` (the whole course in
Spanish) and ``course/nl/`` (the classic rules, notebook 03, in Dutch), made from the
English notebooks by ``scripts/course_translations.py``.

``python scripts/course.py`` brings the copy up to date, says on stderr what it copied,
and prints the path of the course's first notebook (what ``./dev lab`` opens): the
Spanish one when the environment's language is Spanish (``LANGUAGE=es ./dev lab``, read
as the package reads it), or the one ``--language`` names; English where that language
has no first lesson of its own.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

from trigammon_widget.engine.i18n import environment_language, find_language

ROOT = Path(__file__).resolve().parents[1]
SOURCE = "notebooks"
COPY = "course"
FIRST = "01_meet_the_board.ipynb"
LEFT_OUT = {".ipynb_checkpoints", "handouts", "__pycache__", "locale"}
"""What is never copied: JupyterLab's checkpoints, files a notebook wrote, the
translations' catalogues (the translated notebooks are made from them)."""


def working_copy(root: Path = ROOT, language: str = "en") -> tuple[Path, list[Path]]:
    """``root/course`` brought up to date from ``root/notebooks``: the first notebook's
    path in ``language`` (English where it has none), and the files copied (relative to
    the copy), none of them already there."""
    source, copy = root / SOURCE, root / COPY
    if not source.is_dir():
        raise FileNotFoundError(f"no {SOURCE}/ folder in {root}")
    copied: list[Path] = []
    for path in sorted(source.rglob("*")):
        relative = path.relative_to(source)
        if LEFT_OUT & set(relative.parts) or not path.is_file():
            continue
        target = copy / relative
        if target.exists():
            continue  # the learner's own, perhaps worked in
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)
        copied.append(relative)
    translated = copy / language / FIRST
    return translated if translated.exists() else copy / FIRST, copied


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="the project's folder")
    parser.add_argument(
        "--language",
        type=find_language,
        default=environment_language(),
        help="the course's language: en, es, nl (default: the environment's)",
    )
    arguments = parser.parse_args()
    first, copied = working_copy(arguments.root, arguments.language)
    if copied:
        print(f"==> {COPY}/: copied {len(copied)} file(s) from {SOURCE}/", file=sys.stderr)
    print(first)
    return 0


if __name__ == "__main__":
    sys.exit(main())
