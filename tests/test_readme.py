"""The README's examples are doctests: the documentation cannot drift from the code."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

README = Path(__file__).parent.parent / "README.md"


def test_readme_examples_run() -> None:
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 10
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


def test_the_readme_says_dev_lab_s_set_up_steps_in_the_order_they_print() -> None:
    """Issue 41: the README named ``./dev lab``'s first-start steps in another order than
    they print. Its backticked steps are the ``==>`` lines of ``dev``'s ``cmd_lab``, as
    they come, then the course's copy (``scripts/course.py``)."""
    text = README.read_text(encoding="utf-8")
    paragraph = text[text.index("prints its set-up steps") :].split("\n\n")[0]
    named = re.findall(r"`([^`]+)`", paragraph.split("then\nJupyterLab")[0].split("`==>`")[1])
    printed = _steps((README.parent / "dev").read_text(encoding="utf-8"), "cmd_lab")
    printed.append("course/: copied")  # scripts/course.py, the lab's last step
    assert len(named) == len(printed), (named, printed)
    for step, line in zip(named, printed, strict=True):  # a log line stops at its first $
        assert line.startswith(step) or step.startswith(line), (step, line)
