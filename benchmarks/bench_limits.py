"""What each input limit of ``SECURITY.md`` costs at the limit: time and memory.

Run ``python benchmarks/bench_limits.py`` (``--quick`` for a quarter of each size,
``CASE ...`` for some cases only). Each case runs in a process of its own, which
builds its input, then measures the operation alone: CPU seconds of the process
(the clock also counts other work on a shared machine), the peak of the memory
Python allocates during it (``tracemalloc``) and the growth of the process's peak
resident size (libcairo's and Pillow's images, which Python does not see). Targets:
every documented size loads in seconds (< 15 s of CPU) in bounded memory (< 500 MB).
"""

from __future__ import annotations

import json
import random
import resource
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

TARGET_SECONDS = 15.0
TARGET_MB = 500.0
QUICK = "--quick" in sys.argv
SCALE = 0.25 if QUICK else 1.0


def measure(operation: Callable[[], object], memory: bool) -> dict[str, float]:
    """Time, or (``memory``) the memory the operation takes: apart, in two processes,
    since tracing Python's allocations slows it several times over."""
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    if memory:
        tracemalloc.start()
    cpu, wall = time.process_time(), time.perf_counter()
    try:
        operation()
    except ValueError as error:
        print(f"    (refused: {str(error)[:100]})", file=sys.stderr)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    if not memory:
        return {"cpu": cpu, "wall": wall}
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - rss
    return {"python_mb": peak / 1e6, "rss_mb": grown / 1024}


# inputs ---------------------------------------------------------------------------------


def random_game(variant: Any, seed: int, records: int | None = None) -> Any:
    """A game of random plays; with ``records``, a tree of that many: when a line ends,
    play goes on from a random earlier turn along other plays."""
    from trigammon_widget.engine import Game

    rng = random.Random(seed)
    game = Game(variant, seed=seed)
    while game.roll_opening() is None:
        pass
    while True:
        total = len(game.to_dict()["turns"]) if records and game.is_over() else 0
        if game.is_over():
            if not records or total >= records:
                return game
            game.goto(rng.randrange(game.ply))
            continue
        if records and len(game.turns) >= records:
            return game
        if game.position.dice is None:
            game.roll()
        try:
            game.play(rng.choice(list(game.legal_plays())))
        except ValueError:  # the game's records are full
            return game


def session(records: int) -> Any:
    """A classic money session of some ``records`` records: one random game repeated."""
    from trigammon_widget.engine import CLASSIC, Match

    one = random_game(CLASSIC, 4)
    won = one.result(-1)
    record = one.to_dict()
    games, score = [], [0, 0]
    for _ in range(records // len(one.turns)):
        games.append({**record, "match": {"length": 0, "score": list(score), "crawford": False}})
        score[won.winner] += won.points
    data = {
        "format": "trigammon-widget/match",
        "version": 1,
        "variant": "classic",
        "length": 0,
        "crawford": True,
        "jacoby": False,
        "names": list(one.names),
        "games": games,
    }
    return Match.from_dict(data)


# cases ---------------------------------------------------------------------------------


def game_record() -> tuple[str, Callable[[], object]]:
    from trigammon_widget.engine import TRIGAMMON, Game
    from trigammon_widget.engine.game import MAX_GAME_RECORDS

    game = random_game(TRIGAMMON, 7, int(MAX_GAME_RECORDS * SCALE))
    text = game.to_json()
    count = len(game.to_dict()["turns"])
    return f"a game record of {count:,} records ({len(text):,} chars)", lambda: Game.from_json(text)


def match_record() -> tuple[str, Callable[[], object]]:
    from trigammon_widget.engine import Match
    from trigammon_widget.engine.stakes import MAX_MATCH_RECORDS

    match = session(int(MAX_MATCH_RECORDS * SCALE) - 100)
    text = match.to_json()
    return (
        f"a match record of {len(match.games)} games ({len(text):,} chars)",
        lambda: Match.from_json(text),
    )


def hostile_json() -> tuple[str, Callable[[], object]]:
    from trigammon_widget.engine import Game
    from trigammon_widget.engine.records import MAX_RECORD_CHARS

    head = json.dumps(random_game(__import__("trigammon_widget").CLASSIC, 1).to_dict())
    entry = '{"player":0,"dice":[1,2],"play":"1/2"},'
    body = entry * int((MAX_RECORD_CHARS * SCALE - len(head)) // len(entry))
    text = head.replace('"turns": [', '"turns": [' + body, 1)
    return f"a JSON record of {len(text):,} tiny entries' characters", lambda: Game.from_json(text)


def mat_file() -> tuple[str, Callable[[], object]]:
    from trigammon_widget.engine import Match
    from trigammon_widget.engine.stakes import MAX_MATCH_RECORDS

    text = session(int(MAX_MATCH_RECORDS * SCALE) - 100).to_mat()
    return f"a .mat file of {len(text):,} characters", lambda: Match.from_mat(text)


def sgf_file() -> tuple[str, Callable[[], object]]:
    from trigammon_widget.engine import Match
    from trigammon_widget.engine.stakes import MAX_MATCH_RECORDS

    text = session(int(MAX_MATCH_RECORDS * SCALE) - 100).to_sgf()
    return f"an SGF file of {len(text):,} characters", lambda: Match.from_sgf(text)


def long_mat_file() -> tuple[str, Callable[[], object]]:
    """A valid .mat money session of one game repeated up to ``MAX_MATCH_FILE_CHARS``:
    more records than a match keeps, refused once it has read that many."""
    from trigammon_widget.engine import Match
    from trigammon_widget.engine.matchfiles import MAX_MATCH_FILE_CHARS
    from trigammon_widget.engine.matchfiles.mat import _mat_scores

    one = session(90)
    game, won = one.games[0], one.results[0]
    head, rest = one.to_mat().split(" Game 1\n", 1)
    body = rest.split("\n", 1)[1]
    parts, score = [head], [0, 0]
    while sum(map(len, parts)) < MAX_MATCH_FILE_CHARS * SCALE - len(body) - 100:
        parts += [f" Game {len(parts)}\n", _mat_scores(game.names, score) + "\n", body]
        score[won.winner] += won.points
        parts[-3:] = ["".join(parts[-3:])]
    text = "".join(parts)
    return f"a .mat text of {len(text):,} characters", lambda: Match.from_mat(text)


def sgf_value() -> tuple[str, Callable[[], object]]:
    from trigammon_widget.engine import Match
    from trigammon_widget.engine.matchfiles import MAX_MATCH_FILE_CHARS

    base = session(100).to_sgf()
    value = ("x" * 4_500 + "\\]") * int(MAX_MATCH_FILE_CHARS * 0.9 * SCALE // 4_502)
    text = base.replace(";B[", f";C[{value}]B[", 1)
    return f"an SGF with one {len(value):,}-character value", lambda: Match.from_sgf(text)


def wide_tree() -> tuple[str, Callable[[], object]]:
    from trigammon_widget.engine import Game, Position

    start = Position.from_id("T1SSxDvh4AAAAyUpmKwAAQBKb8QDAA").with_dice(1, 1)
    game = Game(start=start)
    for play in start.legal_plays():
        game.goto(0)
        game.play(play)
    text = game.to_json()
    return f"a record of the {len(game.variations(0))} plays of a roll", lambda: Game.from_json(
        text
    )


def deep_tree() -> tuple[str, Callable[[], object]]:
    from trigammon_widget.engine import TRIGAMMON, Game

    rng = random.Random(3)
    game = Game(TRIGAMMON, seed=3)
    while game.roll_opening() is None:
        pass
    while game.ply < 2000 * SCALE:
        if game.position.dice is None:
            game.roll()
        plays = list(game.legal_plays())
        if len(plays) < 2:  # nothing to branch on
            game.play(plays[0])
            continue
        first, other = rng.sample(plays, 2)
        game.play(first)
        game.goto(game.ply - 1)
        game.play(other)
    return (
        f"writing and reading variations nested {game.ply:,} deep",
        lambda: Game.from_json(game.to_json()),
    )


def gif() -> tuple[str, Callable[[], object]]:
    from trigammon_widget.pictures.export import MAX_REPLAY_TURNS
    from trigammon_widget.pictures.raster import animated_gif

    game = replayed(MAX_REPLAY_TURNS)
    return f"a GIF of {len(game.turns)} turns", lambda: animated_gif(game)


def animated() -> tuple[str, Callable[[], object]]:
    from trigammon_widget.pictures.export import MAX_REPLAY_TURNS, animated_svg

    game = replayed(MAX_REPLAY_TURNS)
    size = len(animated_svg(game))
    return f"an animated SVG of {len(game.turns)} turns ({size:,} chars)", lambda: animated_svg(
        game
    )


def replayed(turns: int) -> Any:
    from trigammon_widget.engine import TRIGAMMON, Game
    from trigammon_widget.judgement.play.bot_games import autoplay
    from trigammon_widget.judgement.play.bots import RandomBot

    game = Game(TRIGAMMON, seed=2)
    autoplay(game, [RandomBot(1), RandomBot(2), RandomBot(3)], max_turns=int(turns * SCALE))
    return game


def weights() -> tuple[str, Callable[[], object]]:
    import numpy as np

    from trigammon_widget.judgement.nets.shipped import load_file
    from trigammon_widget.judgement.nets.weights_files import MAX_WEIGHTS

    path = Path(tempfile.mkdtemp()) / "big.npz"
    hidden = int((MAX_WEIGHTS * SCALE) // 210)
    np.savez(
        path,
        meta=np.array(json.dumps({"variant": "classic"})),
        w0=np.zeros((202, hidden), np.float32),
        b0=np.zeros(hidden, np.float32),
        w1=np.zeros((hidden, 6), np.float32),
        b1=np.zeros(6, np.float32),
    )
    return f"a weights file of {hidden * 209:,} weights", lambda: load_file(path)


def phase_weights() -> tuple[str, Callable[[], object]]:
    """Classic's kind of net file (nets by phase) at the limit, read by ``load_file``."""
    import numpy as np

    from trigammon_widget.judgement.nets.phases import PhaseNets, input_size
    from trigammon_widget.judgement.nets.shipped import load_file
    from trigammon_widget.judgement.nets.weights_files import MAX_WEIGHTS

    sizes = {phase: input_size(phase) for phase in ("contact", "crashed", "race")}
    hidden = int((MAX_WEIGHTS * SCALE) // sum(size + 8 for size in sizes.values()))
    nets = {
        phase: (
            (np.zeros((size, hidden), np.float32), np.zeros(hidden, np.float32)),
            (np.zeros((hidden, 6), np.float32), np.zeros(6, np.float32)),
        )
        for phase, size in sizes.items()
    }
    path = Path(tempfile.mkdtemp()) / "phases.npz"
    PhaseNets(nets).save(path)
    count = sum(w.size + b.size for layers in nets.values() for w, b in layers)
    return f"a phase-nets file of {count:,} weights", lambda: load_file(path)


def weights_members() -> tuple[str, Callable[[], object]]:
    """A weights file of as many members as its zip directory may list (tiny nets of one
    layer each, named by every phase-like name), read by ``load_file``: refused as no
    classic net, after every member's header and array is read."""
    import io
    import itertools
    import string
    import zipfile

    import numpy as np

    from trigammon_widget.judgement.nets.shipped import load_file
    from trigammon_widget.judgement.nets.weights_files import MAX_DIRECTORY_BYTES

    def npy(array: Any) -> bytes:
        out = io.BytesIO()
        np.save(out, array)
        return out.getvalue()

    weights, biases = npy(np.zeros((1, 1), np.float32)), npy(np.zeros(1, np.float32))
    path = Path(tempfile.mkdtemp()) / "members.npz"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("meta.npy", npy(np.array(json.dumps({"variant": "classic"}))))
        directory, count = 46 + len("meta.npy"), 1  # a directory entry: 46 bytes and the name
        names = map("".join, itertools.product(string.ascii_lowercase, repeat=3))
        while directory + 2 * (46 + 10) < MAX_DIRECTORY_BYTES * SCALE:
            net = next(names)
            for name, data in ((f"{net}_w0.npy", weights), (f"{net}_b0.npy", biases)):
                archive.writestr(name, data)
                directory += 46 + len(name)
                count += 1
    return f"a weights file of {count:,} members (its directory at the limit)", lambda: load_file(
        path
    )


def hostile_weights() -> tuple[str, Callable[[], object]]:
    """The red team's file (issue 42): a 1 MB file whose member named ``w0`` (numpy reads
    it before ``w0.npy``) holds 8000x25000 deflated zeros, beside a valid ``w0.npy``:
    it cost 1.7 GB; refused now."""
    import io
    import zipfile

    import numpy as np

    from trigammon_widget.judgement.nets.shipped import load_file, network_named

    net = network_named("classic-v2")
    shape = (8000, int(25_000 * SCALE))
    path = Path(tempfile.mkdtemp()) / "hostile.npz"
    head = io.BytesIO()
    np.lib.format.write_array_header_1_0(
        head, {"descr": "<f4", "fortran_order": False, "shape": shape}
    )
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        with archive.open("w0", "w", force_zip64=True) as member:
            member.write(head.getvalue())
            block = bytes(1 << 20)
            for _ in range(shape[0] * shape[1] * 4 >> 20):
                member.write(block)
        arrays = {"meta": np.array(json.dumps({"variant": "classic"}))}
        for k, (w, b) in enumerate(net.layers):
            arrays |= {f"w{k}": w, f"b{k}": b}
        for name, array in arrays.items():
            out = io.BytesIO()
            np.save(out, array)
            archive.writestr(f"{name}.npy", out.getvalue())
    size = path.stat().st_size
    return f"a {size / 1e6:.1f} MB file with a bare w0 of {shape[0]}x{shape[1]}", lambda: load_file(
        path
    )


def benchmark_cancel() -> tuple[str, Callable[[], object]]:
    """``play_table`` here (workers=1) with a bot of 0.1 s a choice: from the cancel to
    the return, the cancel made as the bot starts a choice, the worst moment (issue 42:
    it was 71 s)."""
    import threading
    import time as clock

    from trigammon_widget.engine import Position
    from trigammon_widget.engine.moves import Play
    from trigammon_widget.judgement.play.bots import HeuristicBot
    from trigammon_widget.judgement.training.benchmark import play_table

    chose = threading.Event()

    class Slow:
        def __init__(self) -> None:
            self.bot = HeuristicBot()

        def choose(self, position: Position) -> Play:
            chose.set()
            clock.sleep(0.1)
            return self.bot.choose(position)

    stop = threading.Event()
    table = threading.Thread(
        target=lambda: play_table(Slow(), "heuristic", 30, workers=1, cancel=stop), daemon=True
    )
    table.start()
    chose.wait()

    def cancelled() -> None:
        stop.set()
        table.join()

    return "a benchmark table cancelled, a bot of 0.1 s a choice", cancelled


def cancel() -> tuple[str, Callable[[], object]]:
    import threading
    from concurrent.futures import Executor, Future

    from trigammon_widget.engine import CLASSIC, Position
    from trigammon_widget.judgement.play.rollout import rollout

    class Stalled(Executor):
        def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
            future: Future[Any] = Future()
            future.set_running_or_notify_cancel()
            return future

    def run() -> object:
        stop = threading.Event()
        stop.set()
        return rollout(Position.start(CLASSIC), games=1000, executor=Stalled(), cancel=stop)

    return "a cancelled rollout on an executor that never runs its tasks", run


def board_bots() -> tuple[str, Callable[[], object]]:
    """What a bot's turn at the board costs (issue 42: a bot that hangs cannot be
    cancelled there, so only the package's bots sit at a board): a game of each variant
    with its neural bot in every seat, turn by turn as the board's Step button asks. After
    a first run (the nets read, the compiled code loaded), the title gives the slowest
    turn of a second run; the figures are a third's."""
    import time as clock

    from trigammon_widget.session import Session

    def boards() -> list[Session]:
        found = []
        for variant in ("classic", "trigammon"):
            session = Session(variant, seed=5)
            for player in range(len(session.game.names)):
                session.set_seat(player, "neural")
            found.append(session)
        return found

    def play(sessions: list[Session]) -> list[float]:
        times = []
        for session in sessions:
            while not session.game.is_over():
                started = clock.perf_counter()
                session.bot_turn()
                times.append(clock.perf_counter() - started)
        return times

    play(boards())  # the nets read and the compiled code loaded, once per process
    times = play(boards())
    again = boards()
    return (
        f"{len(times)} bot turns at two boards (slowest {max(times) * 1000:.0f} ms, "
        f"median {sorted(times)[len(times) // 2] * 1000:.1f} ms)",
        lambda: play(again),
    )


CASES: dict[str, Callable[[], tuple[str, Callable[[], object]]]] = {
    "game_record": game_record,
    "match_record": match_record,
    "hostile_json": hostile_json,
    "mat_file": mat_file,
    "sgf_file": sgf_file,
    "long_mat_file": long_mat_file,
    "sgf_value": sgf_value,
    "wide_tree": wide_tree,
    "deep_tree": deep_tree,
    "gif": gif,
    "animated": animated,
    "weights": weights,
    "phase_weights": phase_weights,
    "weights_members": weights_members,
    "hostile_weights": hostile_weights,
    "cancel": cancel,
    "benchmark_cancel": benchmark_cancel,
    "board_bots": board_bots,
}


def main() -> None:
    if len(sys.argv) > 2 and sys.argv[1] == "--case":
        title, operation = CASES[sys.argv[2]]()
        print(json.dumps({"title": title, **measure(operation, "--memory" in sys.argv)}))
        return
    wanted = [name for name in sys.argv[1:] if name in CASES] or list(CASES)
    flags = ["--quick"] if QUICK else []
    print(f"input limits at their size{' (a quarter: --quick)' if QUICK else ''}:")
    for name in wanted:
        found: dict[str, Any] = {}
        for part in ([], ["--memory"]):
            done = subprocess.run(
                [sys.executable, __file__, "--case", name, *flags, *part],
                capture_output=True,
                text=True,
                check=False,
            )
            if done.returncode:
                print(f"  {name}: FAILED\n{done.stderr[-2000:]}")
                break
            found |= json.loads(done.stdout.splitlines()[-1])
        else:
            report(found)


def report(found: dict[str, Any]) -> None:
    ok = found["cpu"] < TARGET_SECONDS and max(found["python_mb"], found["rss_mb"]) < TARGET_MB
    print(
        f"  {found['title']}: {found['cpu']:.2f} s CPU ({found['wall']:.2f} s wall), "
        f"{found['python_mb']:.0f} MB Python, +{found['rss_mb']:.0f} MB resident"
        f"   target < {TARGET_SECONDS:.0f} s, < {TARGET_MB:.0f} MB: "
        f"{'met' if ok else 'MISSED'}",
        flush=True,
    )


if __name__ == "__main__":
    main()
