"""JupyterLab starts with a clean log (issue 15): no error and no traceback, neither for
the command a newcomer runs first (``./dev lab``) nor for the browser tests' servers.

JupyterLab's start-up runs Node on its own build tooling under ``.venv/``; a
``package.json`` that claims every ``.js`` below the project root as an ES module made
that print "Fail to get yarn configuration" and a Node stack trace.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.paths import ROOT

from .lab_server import KERNEL_IDLE, LabServer, problems


def test_no_package_json_claims_every_js_file_as_a_module() -> None:
    package = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    assert "type" not in package, "name ES modules by extension (.mjs) instead"


@pytest.fixture(scope="module")
def dev_lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LabServer]:
    """The lab ``./dev lab`` starts, serving the course's working copy (``course/``)."""
    pytest.importorskip("jupyterlab")
    if shutil.which("npm") is None:
        pytest.skip("./dev lab needs npm")
    # ./dev lab may install the lab extra first: it gets longer to answer.
    launcher = [str(ROOT / "dev"), "lab"]
    with LabServer(
        tmp_path_factory.mktemp("dev-lab"), launcher=launcher, startup_timeout=600
    ) as lab:
        yield lab


def test_dev_lab_starts_without_an_error(dev_lab: LabServer) -> None:
    log = dev_lab.log(tail=None)
    assert "is running at" in log, log[-2000:]
    assert not problems(log), "\n".join(problems(log))


def test_dev_lab_opens_the_first_lesson_with_nothing_over_it(
    dev_lab: LabServer, browser: Any
) -> None:
    """Issue 41: on a first start JupyterLab asked "Would you like to get notified about
    official Jupyter news?" in a pop-up over lesson 1. The lab ``./dev lab`` starts reads
    the course's Jupyter configuration (``scripts/lab/``, not the user's home), which
    answers it: no news fetched, no question asked."""
    notification = "/lab/api/settings/@jupyterlab/apputils-extension:notification"
    defaults = dev_lab.api(notification)["schema"]["properties"]  # the lab's, overridden
    assert defaults["fetchNews"]["default"] == "false"
    assert defaults["checkForUpdates"]["default"] is False
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    try:
        page.goto(dev_lab.url("/lab/tree/01_meet_the_board.ipynb"))  # course/ is its root
        page.get_by_text(KERNEL_IDLE).wait_for(timeout=120_000)
        page.get_by_role("heading", name="1. Meet the board").first.wait_for()
        assert page.locator(".Toastify__toast").count() == 0
        assert page.get_by_text("notified about official Jupyter news").count() == 0
    finally:
        page.close()


def test_the_browser_tests_server_starts_without_an_error(tmp_path: Path) -> None:
    pytest.importorskip("jupyterlab")
    with LabServer(tmp_path) as lab:
        log = lab.log(tail=None)
    assert "is running at" in log
    assert not problems(log), "\n".join(problems(log))
