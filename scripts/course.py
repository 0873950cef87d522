"""The learner's working copy of the course: ``course/``, made from ``notebooks/``.

Running a notebook saves its outputs into it. A learner who worked in ``notebooks/``
would turn the checkout dirty just by using it, and a later ``git pull`` would conflict
with their own work. So JupyterLab opens a copy instead: ``course/`` beside
``notebooks/`` (git-ignored; at the same depth, so the notebooks' relative paths, such
as ``../tests/data``, still hold). It is made on first use, and each later run copies
in what is new in ``notebooks/``: a notebook or a data file added since, and a newer
version of a lesson the learner has not touched (``course/.versions.json`` keeps the
digest of each file as it was copied). A file the learner worked in is theirs and is
kept; when the course's version of it has changed, the run says so once, and deleting it
from ``course/`` gets the new one.

The course in other languages comes with it: ``course/es/`` (the course's Spanish
lessons) and ``course/nl/`` (notebooks 03, 09 and 12 in Dutch), made from the English
notebooks by ``scripts/course_translations.py``.

The copy is the learner's, so nothing in it is ever written over or written through:
a file is created only where nothing is (not even a link to nothing, which would put the
file outside ``course/``), and never inside a linked folder or under a plain file where
a folder goes. What such an entry keeps out is left out and said, and the rest is
copied all the same.

``python scripts/course.py`` brings the copy up to date, says on stderr what it copied
and what it left out, and prints the path of the course's first notebook (what
``./dev lab`` opens): the Spanish one when the environment's language is Spanish
(``LANGUAGE=es ./dev lab``, read as the package reads it), or the one ``--language``
names; English where that language has no first lesson of its own.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
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
VERSIONS = ".versions.json"
"""In ``course/``: each file's digest as last copied (or said to be out of date)."""
CHANGED = "yours differs from the course's new version: delete it to get the new one"


class NoCourseFolder(Exception):
    """``course/`` is there but is no folder (a file, a link to nothing)."""


def working_copy(
    root: Path = ROOT, language: str = "en"
) -> tuple[Path, list[Path], list[tuple[Path, str]]]:
    """``root/course`` brought up to date from ``root/notebooks``: the first notebook's
    path in ``language`` (English where it has none), the files copied (relative to
    the copy), none of them already there, and the files left out, each with what of
    the learner's is in its way."""
    source, copy = root / SOURCE, root / COPY
    if not source.is_dir():
        raise FileNotFoundError(f"no {SOURCE}/ folder in {root}")
    if not copy.is_dir() and (copy.exists() or copy.is_symlink()):
        raise NoCourseFolder(f"{copy} is not a folder: move it away to get the course")
    copied: list[Path] = []
    left_out: list[tuple[Path, str]] = []
    versions = _read_versions(copy / VERSIONS)
    for path in sorted(source.rglob("*")):
        relative = path.relative_to(source)
        if LEFT_OUT & set(relative.parts) or not path.is_file():
            continue
        target = copy / relative
        blocked = _in_the_way(copy, relative)
        if blocked:
            left_out.append((relative, blocked))
            continue
        key, digest = relative.as_posix(), _digest(path)
        if target.is_symlink() or (target.exists() and not target.is_file()):
            continue  # the learner's own, whatever it is
        if target.exists():
            known, held = versions.get(key), _digest(target)
            if held == digest or known == digest:
                versions[key] = digest  # up to date, or the learner's work on this version
                continue
            if known != held:  # worked in (or copied before versions were kept): theirs
                left_out.append((relative, CHANGED))
                versions[key] = digest  # said once for this version
                continue
        try:
            _replace(target, path.read_bytes(), like=path)
        except OSError as error:
            left_out.append((relative, f"{error.strerror or error}"))
            continue
        versions[key] = digest
        copied.append(relative)
    if copy.is_dir() and not (copy / VERSIONS).is_symlink():
        _replace(copy / VERSIONS, json.dumps(versions, indent=1, sort_keys=True).encode())
    translated = copy / language / FIRST
    return translated if translated.exists() else copy / FIRST, copied, left_out


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _read_versions(path: Path) -> dict[str, str]:
    """The digests kept in ``course/``; none where the file is missing, a link or damaged."""
    if path.is_symlink() or not path.is_file():
        return {}
    try:
        found = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(found, dict):
        return {}
    return {k: v for k, v in found.items() if isinstance(k, str) and isinstance(v, str)}


def _replace(target: Path, data: bytes, like: Path | None = None) -> None:
    """``data`` at ``target``, whole or not at all: written beside it ("x": never through
    a link), with ``like``'s times and mode, and moved into place (which replaces a
    file, never follows a link)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    fresh = target.with_name(f".{target.name}.new")
    fresh.unlink(missing_ok=True)
    with fresh.open("xb") as out:
        out.write(data)
    if like is not None:
        shutil.copystat(like, fresh)
    os.replace(fresh, target)


def _in_the_way(copy: Path, relative: Path) -> str | None:
    """What keeps a file out of its folder in the copy: a folder above it that is a link
    (the file would land outside the copy) or a plain file, or None."""
    folder = copy
    for part in relative.parts[:-1]:
        folder = folder / part
        if folder.is_symlink():
            return f"{COPY}/{folder.relative_to(copy)} is a link, not a folder of the course"
        if folder.exists() and not folder.is_dir():
            return f"{COPY}/{folder.relative_to(copy)} is a file, not a folder"
    target = copy / relative
    if target.is_symlink() and not target.exists():
        return f"{COPY}/{relative} is a link to nothing (delete it to get the file afresh)"
    return None


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
    try:
        first, copied, left_out = working_copy(arguments.root, arguments.language)
    except (FileNotFoundError, NoCourseFolder) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    if copied:
        print(f"==> {COPY}/: copied {len(copied)} file(s) from {SOURCE}/", file=sys.stderr)
    for relative, reason in left_out:
        print(f"==> {COPY}/: left out {relative}: {reason}", file=sys.stderr)
    print(first)
    return 0


if __name__ == "__main__":
    sys.exit(main())
