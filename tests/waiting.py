"""How long a test waits for a condition, at most (issue 42).

Waits in tests are conditions with a ceiling, never a guess at how long work takes:
a developer's machine and CI are often busy (other suites, a training run), and a
wait that holds on a quiet machine fails there. ``PATIENCE`` is long enough that only
a hang reaches it; a test that needs a quiet machine is a benchmark
(``benchmarks/``). Imported as ``tests.waiting`` from every folder of the suite.
"""

from __future__ import annotations

PATIENCE = 600.0
"""Seconds a test waits for a condition (work in a thread, a kernel, a page) at most."""
PATIENCE_MS = PATIENCE * 1000
"""``PATIENCE`` in milliseconds, as Playwright counts."""
