"""What a saved notebook keeps of a board: its still picture, not the live widget.

A board is two outputs (``widget``): the live widget, whose state lives in the kernel,
and its drawing as a still picture. Saved with the live output, a notebook opened again
with a new kernel asks the page for a widget that no longer exists: JupyterLab shows
"Error displaying widget: model not found" where the board was and logs "Error: widget
model not found". ``drop_live_boards``, a Jupyter server's pre-save hook, leaves each
board's live output out of the file, so the notebook opens again on its still pictures
(the last position each board showed); the notebook open in the page keeps its live
boards. Run the cell again for a live board.

The lab that ``./dev lab`` starts saves so (``scripts/lab/jupyter_server_config.json``);
for a lab of your own, in its ``jupyter_server_config.py``::

    c.ContentsManager.pre_save_hook = "trigammon_widget.saving.drop_live_boards"
"""

from __future__ import annotations

from typing import Any

__all__ = ["LIVE", "drop_live_boards"]

LIVE = {"trigammon_widget": "live"}
"""The output metadata that marks a board's live output (``BoardWidget``'s display)."""


def _live(output: object) -> bool:
    if not isinstance(output, dict):
        return False
    metadata = output.get("metadata")
    return isinstance(metadata, dict) and LIVE.items() <= metadata.items()


def drop_live_boards(model: dict[str, Any], **_context: Any) -> None:
    """Leaves the boards' live outputs out of a notebook about to be saved (a Jupyter
    server's ``pre_save_hook``: ``model`` is the contents model, changed in place).
    Anything that is not a notebook, or not shaped like one, is saved as it came."""
    content = model.get("content") if model.get("type") == "notebook" else None
    cells = content.get("cells") if isinstance(content, dict) else None
    for cell in cells if isinstance(cells, list) else ():
        outputs = cell.get("outputs") if isinstance(cell, dict) else None
        if isinstance(outputs, list):
            cell["outputs"] = [output for output in outputs if not _live(output)]
