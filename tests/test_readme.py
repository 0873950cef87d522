"""The README's examples are doctests: the documentation cannot drift from the code."""

from __future__ import annotations

import doctest
from pathlib import Path

README = Path(__file__).parent.parent / "README.md"


def test_readme_examples_run() -> None:
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 10
    assert result.failed == 0
