"""The README's and the docs site's examples are doctests, so the documentation cannot
drift from the code: every page of ``docs/`` (the guide above all) and the README run as
written, each page in a namespace of its own. The site itself is built by ``./dev docs``
(every warning an error), which ``./dev test`` runs; tests/browser/test_docs_browser.py
opens it."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

from tests.paths import ROOT

GENERATED = {ROOT / "docs" / "course", ROOT / "docs" / "api"}
"""The site's sources that the build makes (the executed course, the API pages)."""
PAGES = sorted(
    path
    for path in [ROOT / "README.md", *(ROOT / "docs").rglob("*.md")]
    if not GENERATED & set(path.parents)
)
EXAMPLES = [path for path in PAGES if ">>> " in path.read_text(encoding="utf-8")]


def test_the_guide_keeps_its_examples() -> None:
    """Every page of the guide shows the API at work, and the README does too."""
    named = {path.relative_to(ROOT).as_posix() for path in EXAMPLES}
    guide = {p.relative_to(ROOT).as_posix() for p in (ROOT / "docs" / "guide").glob("*.md")}
    assert {"README.md", "docs/getting-started.md"} <= named
    assert len(guide & named) >= 8, sorted(guide - named)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_the_examples_run(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # examples read the suite's data by paths from the checkout
    result = doctest.testfile(
        str(path), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False
    )
    assert result.attempted > 0
    assert result.failed == 0


def _steps(script: str, function: str) -> list[str]:
    """What ``function`` of the ``dev`` script logs, in order, its ``ensure_*`` callees'
    steps included."""
    found = re.search(rf"^{function}\(\) \{{\n(.*?)^\}}", script, re.S | re.M)
    assert found is not None, function
    steps: list[str] = []
    for said in re.finditer(r'\blog "([^"$]+)|\b(ensure_\w+)\b', found[1]):
        if said[1]:
            steps.append(said[1].strip())
        elif said[2] != function:
            steps += _steps(script, said[2])
    return steps


def test_getting_started_says_dev_lab_s_set_up_steps_in_the_order_they_print() -> None:
    """Issue 41: the README named ``./dev lab``'s first-start steps in another order than
    they print. Its backticked steps (now in the site's getting-started page) are the
    ``==>`` lines of ``dev``'s ``cmd_lab``, as they come, then the course's copy
    (``scripts/course.py``)."""
    text = (ROOT / "docs" / "getting-started.md").read_text(encoding="utf-8")
    paragraph = text[text.index("prints its set-up steps") :].split("\n\n")[0]
    named = re.findall(r"`([^`]+)`", paragraph.split("then\nJupyterLab")[0].split("`==>`")[1])
    printed = _steps((ROOT / "dev").read_text(encoding="utf-8"), "cmd_lab")
    printed.append("course/: copied")  # scripts/course.py, the lab's last step
    assert len(named) == len(printed), (named, printed)
    for step, line in zip(named, printed, strict=True):  # a log line stops at its first $
        assert line.startswith(step) or step.startswith(line), (step, line)
