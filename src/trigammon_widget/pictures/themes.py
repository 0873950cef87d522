"""The board's looks: its themes (``THEMES``, ``Theme``), the widget's CSS custom
properties made from them (``css_variables``), and the ink that reads on a colour.

One ``Theme`` colours the board (``svg.board_svg``), its pictures and the widget's
controls around it, so they always match.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..engine.i18n import _

__all__ = ["THEMES", "Style", "Theme", "css_variables", "find_theme", "ink", "relative_luminance"]


@dataclass(frozen=True)
class Theme:
    """Colours of one look. ``checkers`` and ``edges`` hold one colour per player."""

    background: str
    frame: str
    frame_edge: str
    field: str
    points: tuple[str, str]
    numbers: str
    tray: str
    text: str
    muted: str
    checkers: tuple[str, str, str]
    edges: tuple[str, str, str]
    highlight: str
    """Places lit up: where a picked-up checker may go, the points a picture shows."""
    arrow: str
    selected: str
    casing: str
    """The outline of every mark drawn over checkers (lit places, arrows, the picked-up
    checker's ring): with it, a mark reads on a checker of any colour."""
    lines: tuple[str, str, str]
    """The equity graph's line of each player: readable on ``background`` (3:1)."""
    panel: str
    """The widget around the board: panels, their borders, buttons, hovered rows."""
    border: str
    button: str
    hover: str
    on_accent: str
    """Text on the accent colour (``arrow``): a primary button's label."""
    error: str
    best: str
    """The better play an analysis shows beside the play made."""
    doubtful: str
    """A review's "doubtful" mark (``?!``)."""
    warning: str
    """Between ``doubtful`` and ``error``: a review's "bad" mark (``?``)."""


THEMES: Mapping[str, Theme] = {
    "light": Theme(
        background="#fbf8f1",
        frame="#6b4a34",
        frame_edge="#4a3223",
        field="#efe4cb",
        points=("#b0503d", "#3e6275"),
        numbers="#f4ead6",
        tray="#4f3526",
        text="#2a2019",
        muted="#6e6055",
        checkers=("#f8f3e6", "#26262b", "#e69f00"),
        edges=("#2a2019", "#000000", "#6b4600"),
        highlight="#d4379b",
        arrow="#1f6fd1",
        selected="#1f6fd1",
        casing="#1a1a1f",
        lines=("#2f5fa8", "#26262b", "#9a5a00"),
        panel="#f4ecdc",
        border="#d6c7ab",
        button="#fffdf8",
        hover="#efe4cb",
        on_accent="#ffffff",
        error="#a8231a",
        best="#1f8a4c",
        doubtful="#f2b705",
        warning="#c25e00",
    ),
    "dark": Theme(
        background="#17191e",
        frame="#30343c",
        frame_edge="#0c0d10",
        field="#454a54",
        points=("#9a4236", "#4f7a8f"),
        numbers="#c8ccd4",
        tray="#22252b",
        text="#e8eaee",
        muted="#9ba1ab",
        checkers=("#efe9da", "#131417", "#e69f00"),
        edges=("#0c0d10", "#a4a9b3", "#0c0d10"),
        highlight="#ff5cb8",
        arrow="#6cb6ff",
        selected="#6cb6ff",
        casing="#0c0d10",
        lines=("#efe9da", "#8fb8ff", "#e69f00"),
        panel="#1f2228",
        border="#3a3f48",
        button="#262a31",
        hover="#30343c",
        on_accent="#0c0d10",
        error="#ff9b8f",
        best="#5fd38d",
        doubtful="#ffd23f",
        warning="#ffa657",
    ),
}
"""The built-in looks; pass a ``Theme`` of your own to ``board_svg(theme=...)`` for others."""


def css_variables(theme: Theme) -> dict[str, str]:
    """The widget's CSS custom properties for ``theme``: its stylesheet has no colour
    of its own, so the board and the controls around it always match."""

    def soft(colour: str, percent: int) -> str:
        return f"color-mix(in srgb, {colour} {percent}%, transparent)"

    return {
        "--tgw-bg": theme.background,
        "--tgw-fg": theme.text,
        "--tgw-muted": theme.muted,
        "--tgw-panel": theme.panel,
        "--tgw-border": theme.border,
        "--tgw-button": theme.button,
        "--tgw-hover": theme.hover,
        "--tgw-accent": theme.selected,
        "--tgw-accent-soft": soft(theme.selected, 16),
        "--tgw-on-accent": theme.on_accent,
        "--tgw-highlight": theme.highlight,
        "--tgw-casing": theme.casing,
        "--tgw-doubtful": theme.doubtful,
        "--tgw-error": theme.error,
        "--tgw-error-soft": soft(theme.error, 12),
        "--tgw-best": theme.best,
        "--tgw-warning": theme.warning,
    }


def find_theme(theme: str | Theme) -> Theme:
    """A theme by name (``"light"``, ``"dark"``), or the ``Theme`` given."""
    if isinstance(theme, Theme):
        return theme
    if isinstance(theme, str) and theme in THEMES:
        return THEMES[theme]
    known = ", ".join(map(repr, THEMES))
    raise ValueError(
        _("unknown theme {theme}: use {known} or a Theme").format(theme=repr(theme), known=known)
    )


def relative_luminance(colour: str) -> float | None:
    """Relative luminance of a ``#rgb`` / ``#rrggbb`` colour; None for other CSS colours."""
    text = colour.strip().lstrip("#")
    if not colour.strip().startswith("#") or len(text) not in (3, 6):
        return None
    if len(text) == 3:
        text = "".join(c * 2 for c in text)
    try:
        channels = [int(text[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    except ValueError:
        return None
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def ink(fill: str) -> str:
    """Text colour that reads on ``fill``."""
    luminance = relative_luminance(fill)
    return "#111111" if luminance is None or luminance > 0.3 else "#ffffff"


# --- drawing --------------------------------------------------------------------------


@dataclass(frozen=True)
class Style:
    """What one drawing needs besides the geometry: colours, names, who moves."""

    theme: Theme
    fills: tuple[str, ...]
    names: tuple[str, ...]
    mover: int
