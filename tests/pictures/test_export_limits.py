"""Replays within bounds: a GIF is written frame by frame (memory holds two frames), a
replay shows at most ``MAX_REPLAY_TURNS`` turns, and the board exports a long line's
last ones."""

from __future__ import annotations

import io
import math
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.paths import ROOT
from tests.waiting import PATIENCE
from trigammon_widget.engine import CLASSIC, TRIGAMMON, Game
from trigammon_widget.judgement.play.bot_games import autoplay
from trigammon_widget.judgement.play.bots import HeuristicBot, RandomBot
from trigammon_widget.pictures.export import (
    MAX_REPLAY_TURNS,
    MAX_SIZE,
    animated_svg,
    look,
    replay_of,
)
from trigammon_widget.session import Session

SOURCE = ROOT / "src"


@pytest.fixture(scope="module")
def pillow() -> object:
    pytest.importorskip("cairosvg", exc_type=ImportError)
    return pytest.importorskip("PIL.Image")


def random_game(turns: int) -> Game:
    game = Game(TRIGAMMON, seed=2)
    autoplay(game, [RandomBot(1), RandomBot(2), RandomBot(3)], max_turns=turns)
    return game


def test_a_streamed_gif_shows_every_frame_as_drawn(pillow: object) -> None:
    """Each frame, cut to what changed and see-through elsewhere, composes to the frame
    drawn (reduced to the GIF's palette), held as long."""
    from PIL import Image, ImageChops

    from trigammon_widget.pictures.raster import Key, _Rasteriser

    game = Game(CLASSIC, seed=3)
    autoplay(game, [HeuristicBot()] * 2, max_turns=5)
    replay = replay_of(game, 0, None, 1.0, look(None, "perspective", "light", None, None))
    rasteriser = _Rasteriser(replay, 240)
    gif = rasteriser.gif(8)
    keys: list[Key] = []
    durations: list[int] = []
    for index in range(math.ceil(replay.duration * 8)):
        key = rasteriser.frame(index / 8)
        if keys and key == keys[-1]:
            durations[-1] += 125
        else:
            keys.append(key)
            durations.append(125)
    sample = Image.new("RGB", (480, rasteriser.height))
    sample.paste(rasteriser.draw(keys[0]), (0, 0))
    sample.paste(rasteriser.draw(keys[-1]), (240, 0))
    palette = sample.quantize(colors=255, method=Image.Quantize.MEDIANCUT)
    image = Image.open(io.BytesIO(gif))
    assert getattr(image, "n_frames", 1) == len(keys) > 20
    for index, (key, duration) in enumerate(zip(keys, durations, strict=True)):
        image.seek(index)
        expected = rasteriser.draw(key).quantize(palette=palette, dither=Image.Dither.NONE)
        difference = ImageChops.difference(image.convert("RGB"), expected.convert("RGB"))
        assert difference.getbbox() is None, index
        assert abs(image.info["duration"] - duration) <= 10  # GIF keeps centiseconds


def test_a_long_gif_keeps_two_frames_in_memory(tmp_path: Path, pillow: object) -> None:
    """Found by the red team: the board's GIF export kept every frame, so a 100-turn
    game took 1.7 GB more."""
    script = textwrap.dedent(
        """
        import resource
        from trigammon_widget import CLASSIC, Game, HeuristicBot, autoplay
        from trigammon_widget.pictures.raster import animated_gif

        game = Game(CLASSIC, seed=3)
        autoplay(game, [HeuristicBot()] * 2, max_turns=60)
        small = Game(CLASSIC, seed=3)
        autoplay(small, [HeuristicBot()] * 2, max_turns=2)
        animated_gif(small)  # everything imported and warm
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        animated_gif(game)
        after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        print(len(game.turns), (after - before) // 1024)
        """
    )
    environment = {**os.environ, "PYTHONPATH": str(SOURCE)}
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env=environment,
        timeout=PATIENCE,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    turns, grown = map(int, done.stdout.split())
    assert turns == 60 and grown < 150, f"{grown} MB more for a GIF of {turns} turns"


def test_a_replay_shows_at_most_max_replay_turns() -> None:
    """Found by the red team: no turn cap (an animated SVG of a 13,000-turn game was a
    50 MB reply)."""
    game = random_game(MAX_REPLAY_TURNS + 20)
    with pytest.raises(ValueError, match=f"at most {MAX_REPLAY_TURNS} turns, not 120"):
        animated_svg(game)
    part = animated_svg(game, first=20)
    assert part.count('class="tg-caption"') >= MAX_REPLAY_TURNS
    with pytest.raises(ValueError, match=r"seconds_per_turn must be a number 0\.3\.\.10"):
        animated_svg(game, first=100, seconds_per_turn=11)
    with pytest.raises(ValueError, match=rf"1\.\.{MAX_SIZE}"):
        animated_svg(game, first=100, size=MAX_SIZE + 1)


def test_the_board_replays_a_long_lines_last_turns() -> None:
    session = Session(random_game(MAX_REPLAY_TURNS + 20))
    file = session.export("animated-svg")["file"]
    assert f"turns 21 to {MAX_REPLAY_TURNS + 20} replayed" in file["data"]
