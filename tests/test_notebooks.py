"""Every notebook runs top to bottom: a failing cell fails the build."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = sorted((Path(__file__).parent.parent / "notebooks").glob("*.ipynb"))


@cache
def executed(path: Path) -> Any:
    """The notebook run top to bottom in a fresh kernel (once per test session)."""
    notebook = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    NotebookClient(
        notebook,
        timeout=120,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    ).execute()
    return notebook


def test_the_notebooks_exist() -> None:
    assert [p.name for p in NOTEBOOKS] == [
        "01_learn_trigammon.ipynb",
        "02_explore_positions.ipynb",
        "03_edge_cases.ipynb",
        "04_classic_backgammon.ipynb",
        "05_match_play.ipynb",
        "06_analyse_a_game.ipynb",
        "07_document_a_position.ipynb",
    ]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_runs(path: Path) -> None:
    notebook = executed(path)
    errors = [
        output
        for cell in notebook.cells
        if cell.cell_type == "code"
        for output in cell.get("outputs", [])
        if output.get("output_type") == "error"
    ]
    assert not errors
    saved = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    assert all(not cell.get("outputs") for cell in saved.cells)


def test_the_learning_notebook_first_shows_the_learners_home_in_front() -> None:
    """RULES.md Seating: X's first board has X's side at the bottom, its home (31..36)
    on the left of its outer zone (25..30)."""
    notebook = executed(NOTEBOOKS[0])
    pictures = [
        output["data"]["image/svg+xml"]
        for cell in notebook.cells
        if cell.cell_type == "code"
        for output in cell.get("outputs", [])
        if "image/svg+xml" in output.get("data", {})
    ]
    root = ET.fromstring(pictures[0])
    assert root.get("data-perspective") == "0"
    lanes: dict[int, tuple[float, float]] = {}  # X's path position: centre of its lane
    for point in root.iter():
        if point.get("data-kind") == "point":
            area = next(e for e in point if e.tag.endswith("polygon"))
            xy = [tuple(map(float, p.split(","))) for p in area.get("points", "").split()]
            lanes[int(point.get("data-path", ""))] = (
                sum(x for x, _ in xy) / len(xy),
                sum(y for _, y in xy) / len(xy),
            )
    bottom_y = max(y for _, y in lanes.values())
    bottom = sorted((x, path) for path, (x, y) in lanes.items() if y == bottom_y)
    assert [path for _, path in bottom] == list(range(36, 24, -1))


def test_the_analysis_notebook_shows_the_report_and_the_graph() -> None:
    """Notebook 06 shows a review's tables and its equity graph, not internal reprs."""
    notebook = executed(NOTEBOOKS[5])
    outputs = [
        output
        for cell in notebook.cells
        if cell.cell_type == "code"
        for output in cell.get("outputs", [])
    ]
    shown = [output.get("data", {}) for output in outputs]
    assert any('class="tg-graph"' in data.get("image/svg+xml", "") for data in shown)
    assert any("<table>" in data.get("text/html", "") for data in shown)
    assert not any("TurnReport(" in data.get("text/plain", "") for data in shown)
    text = "".join(output.get("text", "") for output in outputs)
    assert "lost" in text and "best:" in text  # the biggest mistakes, named
