"""The course's notebooks run top to bottom, once for the suite and the site together.

``executed(path)`` runs a notebook in a fresh kernel in a scratch copy of its
surroundings (its folder's ``data/``, the suite's ``tests/`` beside it: the files a
lesson writes stay in the scratch folder) and keeps the result in
``build/executed/``, keyed by the notebook's bytes and every file of the package. The
docs build (``docs/_ext/trigammon_docs.py``) and ``tests/test_notebooks.py`` both ask
for it, so the site's pages and the suite's checks are of the same run, made once.

    python scripts/executed_notebooks.py notebooks/01_meet_the_board.ipynb
"""

from __future__ import annotations

import hashlib
import logging
import shutil
import sys
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "trigammon_widget"
CACHE = ROOT / "build" / "executed"
CELL_TIMEOUT = 600.0
"""A cell's ceiling in seconds: analyses run in some, on a busy machine."""
QUIET = logging.getLogger("executed_notebooks")
QUIET.setLevel(logging.WARNING)  # no line per notebook started; failures still said


@cache
def package_digest() -> str:
    """What a run depends on besides the notebook: every file of the package (the
    widget's bundle included)."""
    digest = hashlib.sha256()
    for path in sorted(PACKAGE.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(PACKAGE)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def cached_copy(path: Path) -> Path:
    """Where the run of ``path`` is kept."""
    key = hashlib.sha256(path.read_bytes() + package_digest().encode()).hexdigest()[:16]
    relative = path.resolve().relative_to(ROOT).with_suffix("")
    return CACHE / f"{'-'.join(relative.parts)}-{key}.ipynb"


def executed(path: Path, timeout: float = CELL_TIMEOUT) -> Any:
    """``path`` run top to bottom (or its kept run, while nothing it depends on changed)."""
    kept = cached_copy(path)
    if kept.exists():
        return nbformat.read(kept, as_version=4)  # type: ignore[no-untyped-call]
    notebook = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    relative = path.resolve().parent.relative_to(ROOT)
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch) / relative
        folder.mkdir(parents=True)
        if (path.parent / "data").is_dir():
            shutil.copytree(path.parent / "data", folder / "data")
        (Path(scratch) / "tests").symlink_to(ROOT / "tests")
        NotebookClient(
            notebook,
            timeout=timeout,
            kernel_name="python3",
            log=QUIET,
            resources={"metadata": {"path": str(folder)}},
        ).execute()
    kept.parent.mkdir(parents=True, exist_ok=True)
    partial = kept.with_suffix(".partial")
    nbformat.write(notebook, partial)  # type: ignore[no-untyped-call]
    partial.replace(kept)  # whole or not at all, for a second process asking at once
    return notebook


if __name__ == "__main__":
    for argument in sys.argv[1:]:
        executed(Path(argument))
        print(cached_copy(Path(argument)))
