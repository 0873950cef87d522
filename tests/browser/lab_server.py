"""A real JupyterLab server for the widget's browser tests and latency benchmark, and the
Chromium that drives it.

``LabServer(root)`` starts ``jupyter lab`` (which also serves Notebook 7 at
``/tree`` and ``/notebooks``) on a free loopback port with a random token, in a
subprocess of this Python, so the kernel runs in the same environment and imports
the package under test. Its settings and workspaces live under ``root`` so no
developer's JupyterLab state leaks in, and it reads the Jupyter configuration of the
lab ``./dev lab`` starts (``LAB_CONFIG``: no news question, notebooks saved without
their live boards), so the tests see the lab a learner does.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import Any

from tests.paths import ROOT
from tests.waiting import PATIENCE, PATIENCE_MS

LAB_CONFIG = ROOT / "scripts" / "lab"
"""The course's Jupyter configuration (``./dev lab`` reads it too)."""
CHROMIUM_PATH = Path("/usr/lib/chromium/chromium")
"""Debian's Chromium: the one browser the tests and the latency benchmark drive."""
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

STARTUP_TIMEOUT = PATIENCE
"""Seconds for the server to answer ``/api``, at most."""

KERNEL_IDLE = "Python 3 (ipykernel) | Idle"
"""JupyterLab's status bar once the notebook's kernel is up and waiting."""

PROBLEM = re.compile(
    r"Traceback|\b\w*Error\b|\bException\b|\bFail(ed)? to\b|^\[[EC] ", re.MULTILINE
)
"""A line of a server log that says something went wrong: an error or critical log
record, a traceback, a Node stack's ``Error:``, JupyterLab's "Fail to get ..."."""


def problems(log: str) -> list[str]:
    """The lines of ``log`` that report an error, a failure or a traceback."""
    return [line[:300] for line in log.splitlines() if PROBLEM.search(line)]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def write_notebook(path: Path, cells: Sequence[str]) -> Path:
    """An ``.ipynb`` of code cells (nbformat 4), without outputs."""
    notebook = {
        "nbformat": 4,
        "nbformat_minor": 5,
        "metadata": {
            "kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)"},
            "language_info": {"name": "python"},
        },
        "cells": [
            {
                "cell_type": "code",
                "id": f"cell-{index}",
                "metadata": {},
                "execution_count": None,
                "outputs": [],
                "source": source,
            }
            for index, source in enumerate(cells)
        ],
    }
    path.write_text(json.dumps(notebook, indent=1), encoding="utf-8")
    return path


class LabServer:
    """``jupyter lab`` serving ``root`` on 127.0.0.1; a context manager.

    ``launcher`` starts it another way, such as ``["./dev", "lab"]`` (which serves the
    project's notebooks and finds ``LAB_CONFIG`` itself); ``root`` then holds only its
    settings and log.
    """

    def __init__(
        self,
        root: Path,
        extra_args: Sequence[str] = (),
        launcher: Sequence[str] | None = None,
        startup_timeout: float = STARTUP_TIMEOUT,
    ) -> None:
        self.root = root
        self.extra_args = list(extra_args)
        self.launcher = list(launcher) if launcher else None
        self.startup_timeout = startup_timeout
        self.port = free_port()
        self.token = secrets.token_hex(16)
        self.base = f"http://127.0.0.1:{self.port}"
        self.log_path = root / "jupyter-server.log"
        self._process: subprocess.Popen[bytes] | None = None

    def url(self, path: str) -> str:
        """``path`` on the server, with the token (``path`` starts with ``/``)."""
        sep = "&" if "?" in path else "?"
        return f"{self.base}{path}{sep}token={self.token}"

    def start(self) -> LabServer:
        env = {
            **os.environ,
            "JUPYTERLAB_SETTINGS_DIR": str(self.root / ".lab-settings"),
            "JUPYTERLAB_WORKSPACES_DIR": str(self.root / ".lab-workspaces"),
            "JUPYTER_RUNTIME_DIR": str(self.root / ".jupyter-runtime"),
            "PYTHONUNBUFFERED": "1",
        }
        if self.launcher is None:
            env["JUPYTER_CONFIG_PATH"] = str(LAB_CONFIG)
        serve_root = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={self.root}"]
        command = [
            *(self.launcher or serve_root),
            "--no-browser",
            "--ip=127.0.0.1",
            f"--port={self.port}",
            "--port-retries=0",
            f"--IdentityProvider.token={self.token}",
            "--ServerApp.disable_check_xsrf=True",
            "--LabApp.news_url=",
        ]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            command.append("--allow-root")
        command += self.extra_args
        log = self.log_path.open("wb")
        self._process = subprocess.Popen(
            command, cwd=self.root, env=env, stdout=log, stderr=subprocess.STDOUT
        )
        log.close()
        self._wait_until_up()
        return self

    def _wait_until_up(self) -> None:
        deadline = time.monotonic() + self.startup_timeout
        while time.monotonic() < deadline:
            if self._process is not None and self._process.poll() is not None:
                raise RuntimeError(f"jupyter lab exited early:\n{self.log()}")
            try:
                with urllib.request.urlopen(self.url("/api/status"), timeout=2) as response:
                    if response.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            time.sleep(0.25)
        self.stop()
        raise RuntimeError(f"jupyter lab did not answer in {self.startup_timeout} s:\n{self.log()}")

    def api(self, path: str, method: str = "GET") -> Any:
        request = urllib.request.Request(self.url(path), method=method)
        with urllib.request.urlopen(request, timeout=10) as response:
            body = response.read()
        return json.loads(body) if body else None

    def log(self, tail: int | None = 4000) -> str:
        """The server's output so far (its last ``tail`` characters; None: all of it)."""
        try:
            text = self.log_path.read_text(errors="replace")
            return text if tail is None else text[-tail:]
        except OSError:
            return ""

    def stop(self) -> None:
        process, self._process = self._process, None
        if process is None or process.poll() is not None:
            return
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)

    def __enter__(self) -> LabServer:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.stop()


def centre(page: Any, locator: Any) -> tuple[float, float]:
    """Where ``locator`` is on screen once scrolled to and settled (the same box two
    frames running, for as long as that takes): JupyterLab renders cells as they come
    into view, which can move what is below them."""
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        settle(page)
        settled = locator.bounding_box()
        if settled == box:
            break
        box = settled
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def settle(page: Any, due_ms: int = 0) -> None:
    """Lets the page run what it has pending: every timer due within ``due_ms`` (timers
    fire in the order they fall due, so those the page set earlier, due as soon, have
    run), then two frames. A condition on the page's own clock, not a guess at how long
    a busy machine takes: a check that nothing happened follows this (and a kernel round
    trip, for what the page sends to Python)."""
    page.evaluate(
        "due => new Promise(done => setTimeout(() => requestAnimationFrame(() => "
        "requestAnimationFrame(() => done())), due))",
        due_ms,
    )


class PatientBrowser:
    """A browser whose every page waits up to ``PATIENCE`` for a condition (Playwright's
    default is 30 s, which a loaded machine exceeds): the one place that says so."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser

    def new_page(self, **options: Any) -> Any:
        page = self._browser.new_page(**options)
        page.set_default_timeout(PATIENCE_MS)
        return page

    def new_context(self, **options: Any) -> Any:
        context = self._browser.new_context(**options)
        context.set_default_timeout(PATIENCE_MS)
        return context

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)
