"""Every notebook runs top to bottom: a failing cell fails the build."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = sorted((Path(__file__).parent.parent / "notebooks").glob("*.ipynb"))


def test_the_four_notebooks_exist() -> None:
    assert [p.name for p in NOTEBOOKS] == [
        "01_learn_trigammon.ipynb",
        "02_explore_positions.ipynb",
        "03_edge_cases.ipynb",
        "04_classic_backgammon.ipynb",
    ]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_runs(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    NotebookClient(
        notebook,
        timeout=120,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    ).execute()
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
