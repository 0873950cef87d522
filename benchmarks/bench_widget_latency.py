"""Board widget latency in a real JupyterLab, measured inside Debian's chromium.

Run ``python benchmarks/bench_widget_latency.py`` (or ``./dev bench``). It starts
JupyterLab on a scratch notebook, opens it in headless chromium through Playwright,
and measures, with ``performance.now()`` inside the page:

1. click -> redraw: for at least ``MOVES`` checker moves per variant, made with the
   mouse as a player makes them (click a movable checker, then one of its lit
   targets), the time from the target click reaching the page to the board's SVG
   being replaced, and to the next frame after it. Between turns the script clicks
   Confirm and Roll (not timed).
2. stepping: a seeded random trigammon self-play game of ``TURNS`` turns is loaded
   and stepped through from the start with ArrowRight, one turn per key press,
   timing key press -> new board, and to the next frame. Then ArrowRight is held
   (``HELD`` key repeats at 30 per second, as a keyboard's auto-repeat sends them)
   from the start: it reports how many turns the board moved and how many presses
   were drawn at once (while Python answers, a press beyond the drawings sent ahead
   is dropped: the board never runs ahead of them, and the key repeats).

After answering a change, Python sends the drawings of the neighbouring turns and
of each legal move ahead (``frames``); the board draws a step or a move from them at
once and Python's answer confirms it, or, without a drawing, the board is replaced
by Python's answer after the round trip through the kernel. Like a person, the script
clicks again once the board has settled (Python answered and its drawings came);
it reports how long after Python's answer the drawings came. Targets, on "SVG
replaced", on the stock server: p95 < 50 ms for click -> redraw per variant, p95 <
35 ms for a step; "next frame" adds the wait for the frame that shows it.

It runs twice, each time with a fresh server: the stock JupyterLab server, and one
whose kernel websockets set TCP_NODELAY. jupyter_server leaves Nagle's algorithm on,
so an answer written right after the kernel's "busy" status can wait for the
browser's delayed ACK (40 ms on Linux); the second run shows the widget's own cost
without that. The whole script takes about three minutes.
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.lab_server import (  # noqa: E402
    CHROMIUM_ARGS,
    CHROMIUM_PATH,
    KERNEL_IDLE,
    LabServer,
    centre,
    write_notebook,
)

MOVES = 60
"""Checker moves timed per variant (the issue asks for at least 50)."""
TURNS = 300
"""Turns of the game stepped through."""
HELD = 60
"""Key repeats of a held ArrowRight (two seconds)."""
CLICK_TARGET_MS = 50.0
STEP_TARGET_MS = 35.0
SEED = 2024

SETUP = f"""\
import random
from trigammon_widget.engine import Game, TRIGAMMON
from trigammon_widget.widget import BoardWidget

def self_play(turns, seed):
    game = Game(TRIGAMMON, seed=seed)
    while game.roll_opening() is None:
        pass
    rng = random.Random(seed)
    while game.ply < turns and not game.is_over():
        if game.position.dice is None:
            game.roll()
        plays = list(game.legal_plays())
        game.play(rng.choice(plays) if plays else None)
    return game

long_game = self_play({TURNS}, {SEED})
assert long_game.ply == {TURNS}, long_game.ply
"""
CELLS = [
    SETUP,
    f"trigammon = BoardWidget('trigammon', seed={SEED})\ntrigammon",
    f"classic = BoardWidget('classic', seed={SEED})\nclassic",
    "history = BoardWidget(long_game)\nhistory",
]
BOARDS = {"trigammon": 0, "classic": 1, "history": 2}

# Installed on one widget: stamps the press (capture phase, before the widget's own
# handlers) and the moment the board's SVG is replaced, then the next frame; and how
# long after each answer of Python (a new version) its drawings sent ahead came.
INSTRUMENT = """
root => {
    const board = root.querySelector(".tgw-board");
    const bench = {start: 0, redraw: [], frame: [], answered: 0, ahead: []};
    root.__bench = bench;
    new MutationObserver(() => {
        const now = performance.now();
        if (root.dataset.frames !== root.dataset.version) bench.answered = now;
        else if (bench.answered) {
            bench.ahead.push(now - bench.answered);
            bench.answered = 0;
        }
    }).observe(root, {attributes: true, attributeFilter: ["data-version", "data-frames"]});
    const stamp = event => {
        const press = event.type === "keydown" || board.contains(event.target);
        if (press) bench.start = performance.now();
    };
    root.addEventListener("pointerup", stamp, {capture: true});
    root.addEventListener("keydown", stamp, {capture: true});
    new MutationObserver(() => {
        if (!bench.start) return;
        const start = bench.start;
        bench.start = 0;
        bench.redraw.push(performance.now() - start);
        requestAnimationFrame(() => bench.frame.push(performance.now() - start));
    }).observe(board, {childList: true});
}
"""


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def report(title: str, values: Sequence[float], target: str) -> None:
    print(
        f"  {title:<36} n={len(values):<4} p50 {percentile(values, 0.5):6.1f} ms   "
        f"p95 {percentile(values, 0.95):6.1f} ms   max {max(values):6.1f} ms   "
        f"mean {statistics.fmean(values):6.1f} ms   target {target}"
    )


def version(widget: Any) -> int:
    return int(widget.get_attribute("data-version"))


def wait_newer(page: Any, widget: Any, before: int) -> None:
    """Waits until Python answered, and the drawings it sends ahead came."""
    page.wait_for_function(
        "([el, v]) => Number(el.dataset.version) > v && el.dataset.frames === el.dataset.version",
        arg=[widget.element_handle(), before],
        timeout=15_000,
    )


def play_moves(page: Any, widget: Any, moves: int, rng: random.Random) -> dict[str, list[float]]:
    """Makes ``moves`` checker moves with the mouse; returns the page's timings."""
    widget.evaluate(INSTRUMENT)
    made = 0
    while made < moves:
        roll = widget.get_by_role("button", name="Roll")
        confirm = widget.get_by_role("button", name="Confirm")
        sources = widget.locator(".tgw-movable[data-kind=stack], .tgw-movable[data-kind=bar]").all()
        if sources:
            source = rng.choice(sources)
            page.mouse.click(*centre(page, source.locator("[data-kind=checker]").last))
            targets = widget.locator(".tgw-target[data-kind=point], .tgw-target[data-kind=tray]")
            target = rng.choice(targets.all())
            before = version(widget)
            page.mouse.click(*centre(page, target))
            wait_newer(page, widget, before)
            made += 1
        elif confirm.is_enabled():
            before = version(widget)
            confirm.click()
            wait_newer(page, widget, before)
        elif roll.is_enabled():
            before = version(widget)
            roll.click()
            wait_newer(page, widget, before)
        else:
            raise RuntimeError("the board offers no move, confirm or roll")
    page.wait_for_timeout(100)  # the last frame callback
    bench: dict[str, list[float]] = widget.evaluate("root => root.__bench")
    return bench


def step_through(page: Any, widget: Any) -> dict[str, list[float]]:
    """Goes to the start, then ArrowRight through every turn; returns the page's timings."""
    widget.locator(".tgw-status").click()  # focus the widget
    before = version(widget)
    page.keyboard.press("Home")
    wait_newer(page, widget, before)
    widget.evaluate(INSTRUMENT)
    for ply in range(1, TURNS + 1):
        before = version(widget)
        page.keyboard.press("ArrowRight")
        wait_newer(page, widget, before)
        shown = widget.locator(".tgw-history .tgw-current").get_attribute("data-ply")
        if shown != str(ply):
            raise RuntimeError(f"step {ply}: the history marks turn {shown}")
    page.wait_for_timeout(100)
    bench: dict[str, list[float]] = widget.evaluate("root => root.__bench")
    return bench


HOLD_KEY = """(root, count) => new Promise(done => {
    let sent = 0;
    const timer = setInterval(() => {
        const key = {key: "ArrowRight", bubbles: true, repeat: true};
        root.dispatchEvent(new KeyboardEvent("keydown", key));
        if (++sent === count) {
            clearInterval(timer);
            done();
        }
    }, 33);
})"""


def hold_right(page: Any, widget: Any) -> tuple[int, dict[str, list[float]]]:
    """Goes to the start, then holds ArrowRight for ``HELD`` repeats; returns the turns
    the board moved once Python caught up, and the page's timings."""
    before = version(widget)
    page.keyboard.press("Home")
    wait_newer(page, widget, before)
    widget.evaluate(INSTRUMENT)
    widget.evaluate(HOLD_KEY, HELD)
    settled = "el => el.dataset.frames === el.dataset.version"
    last = -1
    while last != version(widget):  # Python's answers have stopped coming
        last = version(widget)
        page.wait_for_function(settled, arg=widget.element_handle(), timeout=15_000)
        page.wait_for_timeout(300)
    ply = widget.locator(".tgw-history .tgw-current").get_attribute("data-ply")
    bench: dict[str, list[float]] = widget.evaluate("root => root.__bench")
    return int(ply), bench


NODELAY_EXTENSION = """\
from jupyter_server.services.kernels.websocket import KernelWebsocketHandler

_open = KernelWebsocketHandler.open


async def open(self, kernel_id):
    self.set_nodelay(True)
    return await _open(self, kernel_id)


KernelWebsocketHandler.open = open


def _jupyter_server_extension_points():
    return [{"module": "bench_nodelay"}]


def _load_jupyter_server_extension(app):
    app.log.info("bench_nodelay: TCP_NODELAY on kernel websockets")
"""
"""A server extension for the second run: jupyter_server leaves Nagle's algorithm on
for its kernel websockets, so a message written while an earlier one is unacknowledged
can wait for the browser's delayed ACK (40 ms on Linux)."""

SERVERS = {
    "stock JupyterLab server": [],
    "kernel websockets with TCP_NODELAY": [
        "--ServerApp.jpserver_extensions={'bench_nodelay': True}"
    ],
}


def measure(label: str, server_args: list[str]) -> bool:
    """One run against a fresh server; True when every target was met."""
    from playwright.sync_api import sync_playwright

    met = True
    with tempfile.TemporaryDirectory(prefix="bench-widget-") as scratch:
        root = Path(scratch)
        write_notebook(root / "bench.ipynb", CELLS)
        (root / "bench_nodelay.py").write_text(NODELAY_EXTENSION)  # on the server's path
        with LabServer(root, server_args) as lab, sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=str(CHROMIUM_PATH), headless=True, args=CHROMIUM_ARGS
            )
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            started = time.perf_counter()
            page.goto(lab.url("/lab/tree/bench.ipynb"))
            page.get_by_text(KERNEL_IDLE).wait_for(timeout=90_000)
            page.locator(".jp-Notebook").first.click()
            page.get_by_role("menuitem", name="Run", exact=True).click()
            page.get_by_text("Run All Cells", exact=True).click()
            widgets = page.locator(".trigammon-widget[data-version]")
            widgets.nth(len(BOARDS) - 1).wait_for(timeout=90_000)
            print(f"\n== {label} (ready in {time.perf_counter() - started:.1f} s)")

            rng = random.Random(SEED)
            print("click -> redraw (target click to the board's new SVG):")
            for name in ("trigammon", "classic"):
                bench = play_moves(page, widgets.nth(BOARDS[name]), MOVES, rng)
                target = f"p95 < {CLICK_TARGET_MS:.0f} ms"
                report(f"{name}: SVG replaced", bench["redraw"], target)
                report(f"{name}: next frame", bench["frame"], target)
                report(f"{name}: drawings came after answer", bench["ahead"], "-")
                met &= percentile(bench["redraw"], 0.95) < CLICK_TARGET_MS

            print(f"stepping through a {TURNS}-turn trigammon game (ArrowRight):")
            bench = step_through(page, widgets.nth(BOARDS["history"]))
            target = f"p95 < {STEP_TARGET_MS:.0f} ms"
            report("step: SVG replaced", bench["redraw"], target)
            report("step: next frame", bench["frame"], target)
            report("step: drawings came after answer", bench["ahead"], "-")
            slow = [t for t in bench["redraw"] if t >= STEP_TARGET_MS]
            steps = len(bench["redraw"])
            print(f"  {len(slow)} of {steps} steps took {STEP_TARGET_MS:.0f} ms or more")
            met &= percentile(bench["redraw"], 0.95) < STEP_TARGET_MS
            turns, bench = hold_right(page, widgets.nth(BOARDS["history"]))
            print(
                f"holding ArrowRight ({HELD} repeats at 30/s): the board moved {turns} turns, "
                f"{len(bench['redraw'])} presses drawn at once; the others came beyond the "
                "drawings sent ahead and were dropped"
            )
            report("held: SVG replaced", bench["redraw"], "-")
            browser.close()
    return met


def main() -> int:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        print("skipped: playwright is not installed (pip install -e '.[test]')")
        return 0
    if not CHROMIUM_PATH.exists():
        print(f"skipped: Debian chromium not found at {CHROMIUM_PATH} (apt-get install chromium)")
        return 0
    print(
        f"{MOVES} mouse moves per variant, a {TURNS}-turn game; times from the press "
        "reaching the page, through the kernel, to the board redrawn"
    )
    results = {label: measure(label, args) for label, args in SERVERS.items()}
    print()
    for label, met in results.items():
        print(f"{label}: {'all targets met' if met else 'MISSED a target'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
