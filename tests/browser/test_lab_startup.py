"""JupyterLab starts with a clean log (issue 15): no error and no traceback, neither for
the command a newcomer runs first (``./dev lab``) nor for the browser tests' servers.

JupyterLab's start-up runs Node on its own build tooling under ``.venv/``; a
``package.json`` that claims every ``.js`` below the project root as an ES module made
that print "Fail to get yarn configuration" and a Node stack trace.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from .lab_server import LabServer, problems

ROOT = Path(__file__).resolve().parents[2]


def test_no_package_json_claims_every_js_file_as_a_module() -> None:
    package = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    assert "type" not in package, "name ES modules by extension (.mjs) instead"


def test_dev_lab_starts_without_an_error(tmp_path: Path) -> None:
    pytest.importorskip("jupyterlab")
    if shutil.which("npm") is None:
        pytest.skip("./dev lab needs npm")
    # ./dev lab may install the lab extra first: it gets longer to answer.
    with LabServer(tmp_path, launcher=[str(ROOT / "dev"), "lab"], startup_timeout=600) as lab:
        log = lab.log(tail=None)
    assert "is running at" in log, log[-2000:]
    assert not problems(log), "\n".join(problems(log))


def test_the_browser_tests_server_starts_without_an_error(tmp_path: Path) -> None:
    pytest.importorskip("jupyterlab")
    with LabServer(tmp_path) as lab:
        log = lab.log(tail=None)
    assert "is running at" in log
    assert not problems(log), "\n".join(problems(log))
