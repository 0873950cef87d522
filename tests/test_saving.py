"""A saved notebook keeps a board's still picture, not its live widget (issue 41: a lesson
saved and opened again with a new kernel logged "Error: widget model not found")."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from trigammon_widget import BoardWidget
from trigammon_widget.saving import LIVE, drop_live_boards

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def displayed(board: BoardWidget) -> list[dict[str, Any]]:
    """The outputs a notebook keeps of ``board`` displayed: nbformat's display_data."""
    from IPython.core.interactiveshell import InteractiveShell
    from IPython.utils.capture import capture_output

    InteractiveShell.instance()
    with capture_output() as shown:
        board._ipython_display_()
    return [
        {"output_type": "display_data", "data": output.data, "metadata": output.metadata}
        for output in shown.outputs
    ]


def notebook(*outputs: dict[str, Any]) -> dict[str, Any]:
    """A contents model of a notebook with one code cell holding ``outputs``."""
    cell = {"cell_type": "code", "source": "board", "outputs": list(outputs), "metadata": {}}
    markdown = {"cell_type": "markdown", "source": "# A lesson", "metadata": {}}
    return {"type": "notebook", "content": {"cells": [markdown, cell], "metadata": {}}}


def test_a_saved_board_keeps_its_still_picture_and_not_the_live_widget() -> None:
    live, still = displayed(BoardWidget("classic", seed=1))
    assert WIDGET_VIEW in live["data"] and LIVE.items() <= live["metadata"].items()
    assert WIDGET_VIEW not in still["data"] and "trigammon-static" in still["data"]["text/html"]
    printed = {"output_type": "stream", "name": "stdout", "text": "hello\n"}
    slider = {"output_type": "display_data", "data": {WIDGET_VIEW: {"model_id": "1"}}}
    model = notebook(printed, live, still, slider)
    drop_live_boards(model, path="lesson.ipynb", contents_manager=None)
    kept = model["content"]["cells"][1]["outputs"]
    assert kept == [printed, still, slider]  # another widget's output is not ours to drop


@pytest.mark.parametrize(
    "model",
    [
        {"type": "file", "content": "text", "format": "text"},
        {"type": "directory"},
        {"type": "notebook", "content": None},
        {"type": "notebook", "content": {"cells": "none"}},
        {"type": "notebook", "content": {"cells": ["cell", {"outputs": None}, {"outputs": [1]}]}},
    ],
)
def test_anything_but_a_notebook_is_saved_as_it_came(model: dict[str, Any]) -> None:
    before = copy.deepcopy(model)
    drop_live_boards(model)
    assert model == before
