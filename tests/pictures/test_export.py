"""Exports: the animated SVG replay, PNG stills and animated GIFs (issue 14)."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest

from trigammon_widget.engine import CLASSIC, TRIGAMMON, Game, Position, Turn, find_variant
from trigammon_widget.judgement.play.bot_games import autoplay
from trigammon_widget.judgement.play.bots import HeuristicBot
from trigammon_widget.pictures.export import animated_svg
from trigammon_widget.pictures.raster import animated_gif, png
from trigammon_widget.pictures.svg import board_svg
from trigammon_widget.teaching.gallery import CASES, find_case

NS = {"svg": "http://www.w3.org/2000/svg"}


def bot_game(variant: str, turns: int, seed: int = 5) -> Game:
    game = Game(find_variant(variant), seed=seed)
    autoplay(game, [HeuristicBot()] * game.variant.players, max_turns=turns)
    return game


@pytest.fixture(scope="module")
def long_game() -> Game:
    return bot_game("trigammon", 50)


def centres(element: ET.Element) -> Iterator[tuple[str, float, float]]:
    """(player, x, y) of every checker drawn as circles in a board_svg picture."""
    for checker in element.iterfind(".//svg:g[@data-kind='checker']", NS):
        circle = checker.find("svg:circle", NS)
        if circle is not None:
            yield (
                checker.get("data-player", ""),
                float(circle.get("cx", 0)),
                float(circle.get("cy", 0)),
            )


def test_a_50_turn_game_is_one_small_self_contained_svg(long_game: Game) -> None:
    assert len(long_game.turns) == 50
    picture = animated_svg(long_game)
    assert len(picture.encode()) < 300_000
    root = ET.fromstring(picture)
    assert root.find("svg:script", NS) is None and "<script" not in picture
    assert "@import" not in picture and "url(" not in picture
    hrefs = {use.get("href") for use in root.iter("{http://www.w3.org/2000/svg}use")}
    ids = {element.get("id") for element in root.iter() if element.get("id")}
    assert hrefs and all(href and href[1:] in ids for href in hrefs)  # every link is inside
    assert re.findall(r"https?://[^\s\"']*", picture) == ["http://www.w3.org/2000/svg"]
    # Every animation named by an element is defined, and each turn has its caption.
    style = root.find("svg:style", NS)
    assert style is not None and style.text is not None
    defined = set(re.findall(r"@keyframes ([\w-]+)", style.text))
    named = set(re.findall(r"animation-name:([\w-]+)", picture))
    assert named and named <= defined
    captions = [t.text for t in root.iterfind(".//svg:g[@class='tg-caption']/svg:text", NS)]
    assert len(captions) == 51
    first = long_game.turns[0]
    assert isinstance(first, Turn)
    assert captions[0] == (
        f"1. {long_game.names[first.player]} {first.dice[0]}-{first.dice[1]}: {first.notation}"
    )


@pytest.mark.parametrize("variant", ["trigammon", "classic"])
def test_without_animation_it_shows_the_last_position_as_board_svg_draws_it(variant: str) -> None:
    game = bot_game(variant, 30, seed=11)
    picture = ET.fromstring(animated_svg(game, perspective=1))
    still = ET.fromstring(board_svg(game.position_at(30), perspective=1))
    shown = set()
    for use in picture.iterfind(".//svg:g[@class='tg-checkers']/svg:use", NS):
        if use.get("opacity") != "0":
            x, y = re.findall(r"[-\d.]+", use.get("transform", ""))
            shown.add((use.get("href", "")[-1], float(x), float(y)))
    drawn = {(player, round(x, 1), round(y, 1)) for player, x, y in centres(still)}
    assert shown == drawn
    # The last turn's labels are the only ones not hidden; the board is board_svg's.
    visible = [
        g
        for g in picture.iterfind("svg:g", NS)
        if g.find("svg:g[@class='tg-turn']", NS) is not None
    ]
    assert [g.get("opacity") for g in visible].count(None) == 1
    assert still.find("svg:g[@class='tg-points']", NS) is not None
    assert picture.find("svg:g[@class='tg-points']", NS) is not None


def test_a_hit_sends_the_checker_to_the_bar_and_bearing_off_fills_the_tray() -> None:
    hit = find_case("trigammon-double-hit").animated()
    assert hit.count("transform:translate") > 8  # two hitter moves, two victims to the bar
    bear = find_case("classic-higher-die-bear-off").animated()
    tree = ET.fromstring(bear)
    slabs = tree.findall(".//svg:g[@data-point='off']", NS)
    assert len(slabs) == 13  # 12 already off, then the 6 bears one off (R11)


def test_names_and_ids_are_unique_to_each_replay() -> None:
    one, two = bot_game("classic", 4, seed=1), bot_game("classic", 4, seed=2)
    prefix = re.compile(r'id="(tg[0-9a-f]{8})-')
    a, b = prefix.findall(animated_svg(one)), prefix.findall(animated_svg(two))
    assert a and b and set(a) != set(b)
    assert prefix.findall(animated_svg(one)) == a  # the same replay, the same names


def test_options_are_checked() -> None:
    game = bot_game("classic", 3)
    with pytest.raises(ValueError, match="nothing to replay"):
        animated_svg(game, first=2, last=2)
    with pytest.raises(ValueError, match=r"last must be a turn 0\.\.3"):
        animated_svg(game, last=9)
    with pytest.raises(ValueError, match="seconds_per_turn"):
        animated_svg(game, seconds_per_turn=0)
    with pytest.raises(ValueError, match="size"):
        animated_svg(game, size=-1)
    with pytest.raises(ValueError, match="perspective"):
        animated_svg(game, perspective=2)
    with pytest.raises(ValueError, match="fps"):
        animated_gif(game, fps=0)
    part = ET.fromstring(animated_svg(game, first=1, last=2, size=320, theme="dark"))
    assert part.get("width") == "320"
    assert len(part.findall(".//svg:g[@class='tg-caption']", NS)) == 2


def test_the_gallery_replays_each_sequence() -> None:
    sequences = [case.slug for case in CASES if case.replay is not None]
    assert "trigammon-double-hit" in sequences and "classic-partial-entry" in sequences
    assert "classic-higher-die-bear-off" in sequences
    with pytest.raises(ValueError, match="no replay"):
        find_case("classic-blocked-entry").animated()


# --- raster pictures (the export extra) -------------------------------------------------


@pytest.fixture(scope="module")
def pillow() -> object:
    pytest.importorskip("cairosvg", exc_type=ImportError)
    return pytest.importorskip("PIL.Image")


def test_png_of_a_position_a_game_and_markup(pillow: object) -> None:
    from PIL import Image

    position = Position.start(TRIGAMMON).with_dice(3, 1)
    for picture, width in (
        (png(position, size=400), 400),
        (png(bot_game("classic", 2), size=300, theme="dark"), 300),
        (png(board_svg(Position.start(CLASSIC)), size=250), 250),
    ):
        assert picture.startswith(b"\x89PNG")
        assert Image.open(io.BytesIO(picture)).width == width
    with pytest.raises(ValueError, match="need a Position or a Game"):
        png(board_svg(position), theme="dark")


def test_gif_replays_the_turns_and_ends_on_the_last_position(pillow: object) -> None:
    from PIL import Image, ImageChops, ImageFilter

    game = bot_game("classic", 4, seed=3)
    gif = animated_gif(game, size=360, seconds_per_turn=1.0, fps=10)
    image = Image.open(io.BytesIO(gif))
    assert image.format == "GIF" and image.width == 360 and image.info["loop"] == 0
    frames: int = getattr(image, "n_frames", 1)
    durations = []
    for index in range(frames):
        image.seek(index)
        durations.append(image.info["duration"])
    assert frames > 10
    assert sum(durations) == pytest.approx(5000, abs=100)  # 4 turns and the last held
    # Its last frame is board_svg's picture of the last position, and a caption: they
    # differ by edges and colours a little (a misplaced checker would differ by ~200).
    last = image.convert("RGB")
    final = board_svg(game.position_at(4).with_dice(), perspective=game.position_at(0).turn)
    still = Image.open(io.BytesIO(png(final, size=360))).convert("RGB")
    difference = ImageChops.difference(last.crop((0, 0, 360, still.height)), still)
    _, high = difference.convert("L").filter(ImageFilter.BoxBlur(5)).getextrema()
    assert isinstance(high, int) and high < 100
