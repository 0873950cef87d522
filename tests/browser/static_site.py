"""A built static site served from 127.0.0.1, and a page that no request leaves the
machine from: what the docs site's and the JupyterLite site's browser tests share."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

TYPES = {".mjs": "text/javascript", ".wasm": "application/wasm"}
"""The types a static host must give Pyodide's files (``docs/lite.md``)."""
LOCAL_SCHEMES = {"file", "data", "blob", "about"}
"""Requests that never leave the machine, whatever their host."""


class SiteHandler(SimpleHTTPRequestHandler):
    """A static host, as a teacher's would be: module scripts and WebAssembly with their
    own types (a module worker refuses a script of any other type), and quiet."""

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        return TYPES.get(Path(path).suffix) or super().guess_type(path)

    def log_message(self, format: str, *args: Any) -> None:
        """The test's output is the browser's, not one line per file served."""


@contextmanager
def served(folder: Path) -> Iterator[str]:
    """``folder`` served on 127.0.0.1 (a free port), as its address."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(SiteHandler, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def offline_page(browser: Any, **context_options: Any) -> Iterator[tuple[Any, list[str]]]:
    """A page whose every request to anywhere but 127.0.0.1 (or a file, or inline data)
    is refused and listed; the requests that tried to leave, checked empty at the end."""
    context = browser.new_context(**context_options)
    outside: list[str] = []

    def guard(route: Any) -> None:
        url = urlsplit(route.request.url)
        if url.scheme in LOCAL_SCHEMES or url.hostname == "127.0.0.1":
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    context.route("**/*", guard)
    try:
        yield context.new_page(), outside
    finally:
        context.close()
    assert not outside, f"requests left the machine: {outside}"
