"""The front end's stylesheets: one per panel, imported by its module, every rule scoped
under the widget's root class (anywidget injects the CSS into the whole page), and no
colour of their own (each is a variable of ``svg.THEMES``)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.paths import ROOT
from trigammon_widget.pictures.themes import THEMES, css_variables

JS = ROOT / "js"
SHEETS = sorted(JS.rglob("*.css"))
ROOT_CLASS = ".trigammon-widget"


def selectors(css: str) -> Iterator[str]:
    """Every selector of every rule in ``css``, inside at-rules such as ``@media`` too."""
    text = re.sub(r"/\*.*?\*/", "", css, flags=re.DOTALL)
    start = 0
    for index, char in enumerate(text):
        if char == "{":
            prelude = text[start:index].strip()
            if not prelude.startswith("@"):
                yield from (part.strip() for part in prelude.split(","))
            start = index + 1
        elif char in "};":
            start = index + 1


def test_selectors_reads_rules_inside_at_rules() -> None:
    css = "/* a, b */ .a, .b > c { x: 1; } @media print { .d { y: 2; } }"
    assert list(selectors(css)) == [".a", ".b > c", ".d"]


@pytest.mark.parametrize("sheet", SHEETS, ids=lambda path: str(path.relative_to(JS)))
def test_every_rule_is_scoped_under_the_widget(sheet: Path) -> None:
    found = list(selectors(sheet.read_text(encoding="utf-8")))
    assert found
    unscoped = [s for s in found if not re.match(rf"{re.escape(ROOT_CLASS)}(?![\w-])", s)]
    assert not unscoped, unscoped


@pytest.mark.parametrize("sheet", SHEETS, ids=lambda path: str(path.relative_to(JS)))
def test_the_stylesheets_take_their_colours_from_the_themes(sheet: Path) -> None:
    css = sheet.read_text(encoding="utf-8")
    literal = re.findall(r"#[0-9a-fA-F]{3,8}\b|rgba?\(|hsla?\(", css)
    assert not literal, f"{sheet.name} has colours of its own: {literal[:5]}"
    fonts = {"--tgw-mono", "--tgw-sans"}  # the widget's own, not a colour
    used = {name for name in re.findall(r"var\((--tgw-[a-z-]+)", css) if name not in fonts}
    for theme in THEMES.values():
        assert used <= set(css_variables(theme)), used - set(css_variables(theme))


def test_each_panel_imports_its_own_stylesheet() -> None:
    for module in sorted((JS / "panels").glob("*.ts")):
        sheet = module.with_suffix(".css")
        assert sheet.exists(), f"{sheet.name} is missing"
        assert f'import "./{sheet.name}";' in module.read_text(encoding="utf-8"), module.name
    importers = {p.read_text(encoding="utf-8") for p in JS.rglob("*.ts")}
    for sheet in SHEETS:
        assert any(f'import "./{sheet.name}";' in text for text in importers), sheet.name


def test_the_bundle_holds_every_stylesheet_shared_rules_first() -> None:
    bundle = ROOT / "src" / "trigammon_widget" / "static" / "widget.css"
    if not bundle.exists():
        pytest.skip("the bundle is not built: npm run build")
    built = bundle.read_text(encoding="utf-8")
    for sheet in SHEETS:
        first = next(selectors(sheet.read_text(encoding="utf-8")))
        assert first.replace(" ", "") in built.replace(" ", ""), sheet.name
    # the panels' rules build on the shared ones: .tgw-hint-play overrides .tgw-row
    assert built.index(".tgw-row{") < built.index(".tgw-hint-play{")
