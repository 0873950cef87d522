"""The engine stands alone: importing it loads no Jupyter or widget code."""

from __future__ import annotations

import subprocess
import sys


def test_engine_imports_no_jupyter_code() -> None:
    code = (
        "import sys, trigammon_widget.engine, trigammon_widget;"
        "bad = [m for m in sys.modules if m.split('.')[0] in "
        "('anywidget', 'ipywidgets', 'traitlets', 'IPython', 'ipykernel', 'jupyter_client')];"
        "assert not bad, bad"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
