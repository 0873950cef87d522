"""The study library's speed, against issue 45's targets.

Run ``python benchmarks/bench_study.py`` (or ``./dev bench``; ``--no-browser`` leaves
out the board). It prints the machine's load first, then:

1. the due list of a library of 100,000 cards (target < 50 ms): a library of that many
   checker-play cards of both variants, as months of drilling leave it (due times
   spread over the year ahead, 1% due now), and the same library with every card due
   (after a long holiday): ``due()`` whole, the drill's next card (``due(limit=1)``
   and ``count(due=True)``, what the board asks for each card), each the median and
   worst of ``REPEATS`` runs on a warm file, and the median CPU time (the machine may be
   busy: the wall times then include the waits for a core);
2. ``add_mistakes`` from the analysis of a 25-game money session between a heuristic
   and a random bot (target < 2 s beyond the analysis, which is timed apart): every
   marked decision of both players, into a new library;
3. the board, in a real JupyterLab in Debian's chromium: a library of ``CARDS`` cards
   drilled, each answered by a click on the plays list (answer -> verdict drawn,
   timed), then ``n`` pressed for the next card (key -> the next card's board drawn,
   the stepping benchmark's "SVG replaced"; target p95 < 100 ms).
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from bench_widget_latency import INSTRUMENT, percentile, report, version, wait_newer

from trigammon_widget import CLASSIC, TRIGAMMON, HeuristicBot, Match, RandomBot, autoplay
from trigammon_widget.engine import random_positions
from trigammon_widget.judgement.analysis import analyse
from trigammon_widget.study import Choice, Library, Source, store
from trigammon_widget.study.cards import Draft

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

LIBRARY_CARDS = 100_000
DUE_TARGET_MS = 50.0
REPEATS = 9
GAMES = 25
ADD_TARGET_S = 2.0
CARDS = 60
"""Cards drilled at the board (the issue's p95 needs some 50)."""
NEXT_TARGET_MS = 100.0
NOW = datetime(2025, 5, 1, 9, 0, tzinfo=UTC)


def timed(work: Callable[[], object]) -> tuple[float, float, float]:
    """The median and the worst wall time of ``REPEATS`` runs of ``work``, and the
    median CPU time (what the work itself costs, however busy the machine), in ms."""
    work()  # warm
    walls, cpus = [], []
    for _ in range(REPEATS):
        wall, cpu = time.perf_counter(), time.process_time()
        work()
        walls.append(1000 * (time.perf_counter() - wall))
        cpus.append(1000 * (time.process_time() - cpu))
    return statistics.median(walls), max(walls), statistics.median(cpus)


def big_library(path: Path) -> Library:
    """A library of ``LIBRARY_CARDS`` checker-play cards, half of each variant, made
    through the library's own insert. The due list never reads a position, so the
    cards' IDs are made up, each as long as a real one of its variant (real IDs of
    100,000 distinct positions take minutes of self-play to find)."""
    library = Library(path, clock=lambda: NOW)
    drafts = []
    for variant in (CLASSIC, TRIGAMMON):
        length = len(random_positions(variant, 1, seed=45)[0].id)
        best = tuple(Choice(f"{n}/{n - 3} {n}/{n - 1}", -0.01 * n) for n in range(20, 25))
        for number in range(LIBRARY_CARDS // 2):
            drafts.append(
                Draft(
                    kind="play",
                    variant=variant.name,
                    position_id=f"{number:0{length}d}",
                    made=best[-1].text,
                    made_equity=best[-1].equity,
                    best=best,
                    evaluator="neural",
                    ply=0,
                    mark="?",
                    source=Source("game", "a bench game", None, 1, "You", "2025-01-01"),
                    tags=("bench",),
                )
            )
    library._insert(drafts)
    return library


def spread(library: Library, fraction_due: float) -> None:
    """Every card due within the year ahead; ``fraction_due`` of them due now."""
    rng = random.Random(45)
    rows = []
    for (ident,) in library._connection.execute("SELECT id FROM cards"):
        ahead = 0.0 if rng.random() < fraction_due else rng.uniform(1, 365)
        rows.append((store_time(NOW + timedelta(days=ahead) - timedelta(minutes=1)), ident))
    with store.write(library._connection) as db:
        db.executemany("UPDATE cards SET due = ? WHERE id = ?", rows)


def store_time(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def due_list() -> bool:
    print(f"\n1. the due list of a library of {LIBRARY_CARDS:,} cards (target < 50 ms)")
    met = True
    with tempfile.TemporaryDirectory(prefix="bench-study-") as scratch:
        started = time.perf_counter()
        library = big_library(Path(scratch) / "big.sqlite")
        size = (Path(scratch) / "big.sqlite").stat().st_size
        print(f"   made in {time.perf_counter() - started:.1f} s, {size / 1e6:.0f} MB")
        for label, fraction in (("1% due now", 0.01), ("every card due", 1.0)):
            spread(library, fraction)
            due = library.count(due=True)
            print(f"   {label} ({due:,} cards due):")
            cases: list[tuple[str, Callable[[], object], bool]] = [
                ("due() whole", library.due, fraction < 1),
                ("due(limit=1), the drill's next card", lambda: library.due(limit=1), True),
                ("count(due=True)", lambda: library.count(due=True), True),
                ("due(tag='bench', limit=20)", lambda: library.due(tag="bench", limit=20), True),
            ]
            for name, work, targeted in cases:
                median, worst, cpu = timed(work)
                target = f"< {DUE_TARGET_MS:.0f} ms" if targeted else "-"
                print(
                    f"     {name:<38} median {median:6.1f} ms  worst {worst:6.1f} ms  "
                    f"CPU {cpu:6.1f} ms  {target}"
                )
                if targeted:
                    met &= median < DUE_TARGET_MS
        library.close()
    return met


def add_from_a_match() -> bool:
    print(f"\n2. add_mistakes from the analysis of a {GAMES}-game match (target < 2 s beyond it)")
    match = Match(0, names=["Ann", "Bo"], seed=45)
    for number in range(GAMES):
        autoplay(match.game, [HeuristicBot(), RandomBot(number)])
        if number < GAMES - 1:
            match.new_game()
    turns = sum(len(game.turns) for game in match.games)
    started = time.perf_counter()
    report_ = analyse(match)
    analysis = time.perf_counter() - started
    print(f"   analysis of {GAMES} games, {turns} records: {analysis:.1f} s (not counted)")
    with tempfile.TemporaryDirectory(prefix="bench-study-") as scratch:
        library = Library(Path(scratch) / "mistakes.sqlite")
        started = time.perf_counter()
        added = library.add_mistakes(report_, "Ann") + library.add_mistakes(report_, "Bo")
        took = time.perf_counter() - started
        again = time.perf_counter()
        library.add_mistakes(report_, "Ann")
        library.add_mistakes(report_, "Bo")
        twice = time.perf_counter() - again
        library.close()
    print(
        f"   add_mistakes, both players: {added} cards in {took:.2f} s   target < {ADD_TARGET_S} s"
    )
    print(f"   the same again (every decision known): {twice:.2f} s")
    return took < ADD_TARGET_S


SETUP = f"""\
import pathlib, tempfile
from trigammon_widget import random_positions
from trigammon_widget.study import Library
from trigammon_widget.widget import BoardWidget

library = Library(pathlib.Path(tempfile.mkdtemp()) / "drill.sqlite")
for variant in ("classic", "trigammon"):
    kept = [p for p in random_positions(variant, 200, seed=45) if len(p.legal_plays()) > 1]
    for position in kept[: {CARDS} // 2 + 2]:
        try:
            library.add(position)
        except ValueError:
            pass  # the same decision twice
board = BoardWidget("classic")
board.drill(library)
"""
CELLS = [SETUP, "board"]


def drill_at_the_board() -> bool:
    from playwright.sync_api import sync_playwright

    print(f"\n3. the board: {CARDS} cards drilled in JupyterLab (target p95 < 100 ms)")
    with tempfile.TemporaryDirectory(prefix="bench-study-") as scratch:
        root = Path(scratch)
        write_notebook(root / "drill.ipynb", CELLS)
        with LabServer(root) as lab, sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=str(CHROMIUM_PATH), headless=True, args=CHROMIUM_ARGS
            )
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.goto(lab.url("/lab/tree/drill.ipynb"))
            page.get_by_text(KERNEL_IDLE).wait_for(timeout=90_000)
            page.locator(".jp-Notebook").first.click()
            page.get_by_role("menuitem", name="Run", exact=True).click()
            page.get_by_text("Run All Cells", exact=True).click()
            widget = page.locator(".trigammon-widget[data-version]").first
            widget.wait_for(timeout=300_000)
            answers, following = drill(page, widget)
            browser.close()
    report("answer -> verdict drawn", answers, "-")
    report("n -> the next card drawn", following, f"p95 < {NEXT_TARGET_MS:.0f} ms")
    return percentile(following, 0.95) < NEXT_TARGET_MS


ANSWERED = """root => root.addEventListener("pointerup", event => {
    if (event.target.closest(".tgw-play")) root.__bench.start = performance.now();
}, {capture: true})"""
"""Stamps a click on the plays list as the press (the stepping benchmark's instrument
stamps presses on the board and keys)."""


def drill(page: Any, widget: Any) -> tuple[list[float], list[float]]:
    """Answers each card from the plays list, then presses n; the page's timings of both."""
    answers: list[float] = []
    following: list[float] = []
    rng = random.Random(45)
    for _ in range(CARDS):
        if widget.locator("[data-role=drill-summary]").is_visible():
            break
        widget.evaluate(INSTRUMENT)
        widget.evaluate(ANSWERED)
        plays = widget.locator(".tgw-play").all()
        before = version(widget)
        page.mouse.click(*centre(page, rng.choice(plays)))
        settled(page, widget, before)
        answers += widget.evaluate("root => root.__bench.redraw")
        widget.evaluate(INSTRUMENT)
        before = version(widget)
        widget.locator(".tgw-status").click()  # the board has the keys
        page.keyboard.press("n")
        settled(page, widget, before)
        following += widget.evaluate("root => root.__bench.redraw")
    return answers, following


def settled(page: Any, widget: Any, before: int) -> None:
    """Python answered, its drawings sent ahead came, and the frame after them."""
    wait_newer(page, widget, before)
    page.wait_for_timeout(50)


def main() -> int:
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(f"load average (1, 5, 15 min): {load} on {os.cpu_count()} cores")
    results = {"due list": due_list(), "add_mistakes": add_from_a_match()}
    browser = "--no-browser" not in sys.argv[1:]
    if browser and CHROMIUM_PATH.exists():
        results["board"] = drill_at_the_board()
    elif browser:
        print(f"\n3. skipped: Debian chromium not found at {CHROMIUM_PATH}")
    print()
    for name, met in results.items():
        print(f"{name}: {'target met' if met else 'MISSED the target'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
