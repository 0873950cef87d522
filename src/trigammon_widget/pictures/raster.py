"""Raster pictures: PNG stills and animated GIFs of the one drawing.

``png(...)`` and ``animated_gif(...)`` rasterise with CairoSVG and Pillow, the
optional ``export`` extra (``pip install 'trigammon-widget[export]'``). CairoSVG is
kept by the Kozea team (WeasyPrint's authors), is pure Python over the system's
libcairo2 (on Debian a dependency of Chromium, which the tests use anyway), draws
these pictures faithfully, text included, and needs no browser; Pillow writes the
GIF. A GIF comes from the same replay as the animated SVG (``export.replay``): the
board and each turn's labels are rasterised once and the checkers, rasterised once
per player, are stamped on every frame, so ten turns take a second or two rather
than a render per frame.
"""

from __future__ import annotations

import base64
import io
import math
import os
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..engine import Game
from ..engine.i18n import _
from .export import Replay, Vec, checked_size, look, number, replay_of
from .geometry import R
from .svg import FONT, Drawable, Numbering, board_svg
from .themes import Theme

if TYPE_CHECKING:
    from PIL import Image

__all__ = ["Gif", "Png", "animated_gif", "png"]

CLEAR = 255
"""The colour index left free by the 255-colour palette: a frame's see-through pixels."""
Stamp = tuple[int, int, int]
"""A checker in a frame: its player and the pixel of its sprite's corner."""
Key = tuple[tuple[int, ...], tuple[Stamp, ...], tuple[Stamp, ...], tuple[int, ...]]
"""What a frame shows: windows under the checkers, resting and flying checkers,
windows over them. Equal keys, equal frames."""


class Png(bytes):
    """PNG image data; shows itself in Jupyter and saves itself."""

    def _repr_png_(self) -> bytes:
        return bytes(self)

    def save(self, path: str | os.PathLike[str]) -> None:
        with open(path, "wb") as file:
            file.write(self)


class Gif(bytes):
    """Animated GIF data; shows itself in Jupyter (``image/gif``) and saves itself."""

    def _repr_mimebundle_(self, **_: Any) -> dict[str, str]:
        return {"image/gif": base64.b64encode(self).decode("ascii"), "text/plain": "<GIF>"}

    def save(self, path: str | os.PathLike[str]) -> None:
        with open(path, "wb") as file:
            file.write(self)


# --- raster pictures ------------------------------------------------------------------


def _cairosvg() -> Any:
    try:
        import cairosvg
    except (ImportError, OSError) as error:  # OSError: no libcairo2 on the system
        raise ImportError(
            _(
                "PNG and GIF export need CairoSVG and Pillow: pip install "
                "'trigammon-widget[export]' ({error})"
            ).format(error=error)
        ) from error
    return cairosvg


def png(picture: Drawable | str, *, size: int | None = None, **options: Any) -> Png:
    """A PNG of what ``board_svg`` draws (a position, a game's shown turn...) or of SVG
    markup; ``size`` is its width in pixels, ``options`` are ``board_svg``'s."""
    scale: dict[str, int] = {}
    if not isinstance(picture, str):
        drawn: str = board_svg(picture, size=checked_size(size), **options)
    elif options:
        raise ValueError(
            _("drawing options {options} need a Position or a Game").format(options=sorted(options))
        )
    else:
        drawn = picture
        scale = {} if size is None else {"output_width": checked_size(size) or 0}
    return Png(_cairosvg().svg2png(bytestring=drawn.encode("utf-8"), **scale))


def animated_gif(
    game: Game,
    *,
    first: int = 0,
    last: int | None = None,
    seconds_per_turn: float = 1.5,
    fps: int = 12,
    size: int = 480,
    theme: str | Theme = "light",
    perspective: int | None = None,
    numbering: Numbering = "perspective",
    names: Sequence[str] | None = None,
    colors: Sequence[str] | None = None,
) -> Gif:
    """Turns ``first``..``last`` of the game's line as an animated GIF that loops:
    the replay of ``animated_svg`` (same options), ``size`` pixels wide, ``fps``
    frames a second while checkers move."""
    if isinstance(fps, bool) or not isinstance(fps, int) or not 1 <= fps <= 50:
        raise ValueError(_("fps must be a whole number 1..50, got {fps}").format(fps=repr(fps)))
    replay = replay_of(
        game,
        first,
        last,
        seconds_per_turn,
        look(perspective, numbering, theme, names, colors),
    )
    size = checked_size(size) or 480
    return Gif(_Rasteriser(replay, size).gif(fps))


class _Rasteriser:
    """Frames of a replay: the board once, each set of labels once, checkers stamped."""

    def __init__(self, replay: Replay, width: int) -> None:
        self.replay = replay
        self.cairosvg = _cairosvg()
        x, y, box_width, box_height = replay.box
        self.scale = width / box_width
        self.width, self.height = width, round(box_height * self.scale)
        self.scale_y = self.height / box_height  # the same but for rounding to whole pixels
        self.origin = (x, y)
        board = ET.Element("g")
        band = ET.SubElement(board, "rect", {"fill": replay.parts.theme.background})
        band.attrib.update(
            x=number(x), y=number(y), width=number(box_width), height=number(box_height)
        )
        board.append(ET.Comment("board"))
        board.extend(replay.still)
        self.board = self.image([board])
        self.sprites = [self.sprite(player) for player in range(replay.parts.variant.players)]
        self.layers: dict[tuple[int, ...], Image.Image | None] = {}

    def image(self, elements: Sequence[ET.Element]) -> Image.Image:
        from PIL import Image

        x, y, width, height = self.replay.box
        root = ET.Element(
            "svg",
            {
                "xmlns": "http://www.w3.org/2000/svg",
                "viewBox": f"{number(x)} {number(y)} {number(width)} {number(height)}",
                "width": str(self.width),
                "height": str(self.height),
                "preserveAspectRatio": "none",
                "font-family": FONT,
            },
        )
        root.append(self.replay.defs())
        root.extend(elements)
        text = ET.tostring(root, encoding="unicode")
        text = text.replace("<!--board-->", self.replay.parts.background(), 1)
        data = self.cairosvg.svg2png(bytestring=text.encode("utf-8"))
        return Image.open(io.BytesIO(data)).convert("RGBA")

    def sprite(self, player: int) -> Image.Image:
        from PIL import Image

        reach = R + 2
        pixels = math.ceil(2 * reach * self.scale)
        root = ET.Element(
            "svg",
            {
                "xmlns": "http://www.w3.org/2000/svg",
                "viewBox": " ".join(map(number, (-reach, -reach, 2 * reach, 2 * reach))),
                "width": str(pixels),
                "height": str(pixels),
            },
        )
        root.append(self.replay.parts.checker(player))
        data = self.cairosvg.svg2png(bytestring=ET.tostring(root, encoding="unicode").encode())
        return Image.open(io.BytesIO(data)).convert("RGBA")

    def layer(self, shown: tuple[int, ...]) -> Image.Image | None:
        """The windows ``shown`` (by index) rasterised together, once while they show:
        the frames go forward in time, so only the last few sets are kept."""
        if shown not in self.layers:
            windows = self.replay.windows
            while len(self.layers) >= 4:
                del self.layers[next(iter(self.layers))]
            self.layers[shown] = self.image([windows[i].element for i in shown]) if shown else None
        return self.layers[shown]

    def frame(self, time: float) -> Key:
        """What the frame at ``time`` shows."""
        shown = [i for i, w in enumerate(self.replay.windows) if w.start <= time < w.end]
        below = tuple(i for i in shown if not self.replay.windows[i].above)
        above = tuple(i for i in shown if self.replay.windows[i].above)
        resting: list[Stamp] = []
        flying: list[Stamp] = []
        for checker in self.replay.checkers:
            if checker.off_at is not None and time >= checker.off_at:
                continue
            centre, moving = checker.at(time)
            spot = (checker.player, *self.pixel(centre))
            (flying if moving else resting).append(spot)
        return below, tuple(resting), tuple(flying), above

    def pixel(self, centre: Vec) -> tuple[int, int]:
        half = self.sprites[0].width / 2
        return (
            round((centre[0] - self.origin[0]) * self.scale - half),
            round((centre[1] - self.origin[1]) * self.scale_y - half),
        )

    def draw(self, key: Key) -> Image.Image:
        below, resting, flying, above = key
        canvas = self.board.copy()
        labels = self.layer(below)
        if labels is not None:
            canvas.alpha_composite(labels)
        for player, px, py in (*resting, *flying):
            canvas.alpha_composite(self.sprites[player], (px, py))
        counts = self.layer(above)
        if counts is not None:
            canvas.alpha_composite(counts)
        return canvas.convert("RGB")

    def gif(self, fps: int) -> bytes:
        """The GIF, written frame by frame: each frame drawn, reduced to the palette of
        the first and the last, and cut to what changed since the one before, then let
        go, so memory holds two frames whatever the replay's length."""
        from PIL import GifImagePlugin, Image, ImageChops

        step = 1 / fps
        keys: list[Key] = []
        durations: list[float] = []
        for index in range(math.ceil(self.replay.duration * fps)):
            key = self.frame(index * step)
            if keys and key == keys[-1]:
                durations[-1] += step
            else:
                keys.append(key)
                durations.append(step)
        sample = Image.new("RGB", (self.width * 2, self.height))
        sample.paste(self.draw(keys[0]), (0, 0))
        sample.paste(self.draw(keys[-1]), (self.width, 0))
        palette = sample.quantize(colors=255, method=Image.Quantize.MEDIANCUT)
        out = io.BytesIO()
        before: Image.Image | None = None
        for key, seconds in zip(keys, durations, strict=True):
            frame = self.draw(key).quantize(palette=palette, dither=Image.Dither.NONE)
            shown, box, extra = frame, (0, 0), {}
            if before is None:
                header, _info = GifImagePlugin.getheader(frame, info={"loop": 0})
                out.write(b"".join(header))
            else:  # what changed, over the frame before (disposal 1), the rest see-through
                now, then = _indices(frame), _indices(before)
                changed = ImageChops.difference(then, now)
                cut = changed.getbbox() or (0, 0, 1, 1)
                same = changed.crop(cut).point(lambda value: 255 if value else 0)
                clear = Image.new("L", same.size, CLEAR)
                shown = Image.composite(now.crop(cut), clear, same).convert("P")
                shown.putpalette(palette.getpalette() or [])
                box, extra = cut[:2], {"transparency": CLEAR}
            for chunk in GifImagePlugin.getdata(
                shown, offset=box, duration=round(seconds * 1000), disposal=1, **extra
            ):
                out.write(chunk)
            before = frame
        out.write(b";")  # the GIF's trailer
        return out.getvalue()


def _indices(frame: Image.Image) -> Image.Image:
    """A palette image's colour indices as a greyscale image, to compare two frames."""
    from PIL import Image

    return Image.frombytes("L", frame.size, frame.tobytes())
