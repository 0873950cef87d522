"""The wheel carries the built front end, so `pip install` users need no Node.js."""

from __future__ import annotations

import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.paths import ROOT
from tests.waiting import PATIENCE

STATIC = "trigammon_widget/static/"


def test_wheel_contains_the_built_widget(tmp_path: Path) -> None:
    pytest.importorskip("hatchling")
    pytest.importorskip("hatch_jupyter_builder")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            str(ROOT),
            "--no-deps",
            "--no-build-isolation",
            "--disable-pip-version-check",
            "--quiet",
            "--wheel-dir",
            str(tmp_path),
        ],
        check=True,
        cwd=tmp_path,
        timeout=PATIENCE,
    )
    (wheel,) = tmp_path.glob("trigammon_widget-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        script = archive.read(f"{STATIC}widget.js").decode()
        style = archive.read(f"{STATIC}widget.css").decode()
    # The bundle is anywidget's ES module (a default export) that sends the protocol's
    # intents, and its stylesheet is scoped to the widget.
    assert re.search(r"export\s*\{[^}]*as default\s*\}", script)
    assert '"intent"' in script and '"preview"' in script
    assert ".trigammon-widget" in style
    # Only the package: no front-end sources or node_modules ride along.
    assert "trigammon_widget/widget.py" in names
    # The evaluators' nets ride along: evaluate() works from a plain pip install.
    for net in (
        "trigammon-v3",
        "trigammon-v2",
        "trigammon-v1",
        "classic-v2",
        "classic-v3",
        "classic-v4",
        "classic-v5",
    ):
        assert f"trigammon_widget/judgement/weights/{net}.npz" in names
    for table in ("bearoff.npz", "trigammon-reference.json"):  # bear-offs, the benchmark
        assert f"trigammon_widget/judgement/tables/{table}" in names
    # The compiled catalogues: a plain pip install speaks Spanish and Dutch.
    for code in ("es", "nl"):
        assert f"trigammon_widget/locale/{code}/LC_MESSAGES/messages.mo" in names

    assert not [n for n in names if n.startswith(("js/", "node_modules/")) or "/node_modules/" in n]
    # The built files are the ones the widget loads.
    built = ROOT / "src" / "trigammon_widget" / "static"
    assert script == (built / "widget.js").read_text()
    assert style == (built / "widget.css").read_text()
