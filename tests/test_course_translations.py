"""The translated course (issue 26): ``notebooks/es/`` and ``notebooks/nl/`` are made from
the English notebooks and ``notebooks/locale/<code>.po`` by
``scripts/course_translations.py``; they must be current with both, share the English
code, and no catalogue may miss, leave fuzzy or keep a stale text."""

from __future__ import annotations

import ast
import importlib.util
import shutil
import sys
from pathlib import Path
from types import ModuleType

import nbformat
import pytest
from babel.messages.pofile import read_po, write_po

from tests.paths import ROOT


def load() -> ModuleType:
    path = ROOT / "scripts" / "course_translations.py"
    spec = importlib.util.spec_from_file_location("course_translations", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


translations = load()
LANGUAGES = list(translations.TRANSLATED)


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_catalogue_translates_every_text_and_no_other(code: str) -> None:
    assert translations.problems(code) == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_translated_notebooks_are_what_build_makes(code: str) -> None:
    catalogue = translations.catalogue(code)
    for name in translations.TRANSLATED[code]:
        path = ROOT / "notebooks" / code / f"{name}.ipynb"
        expected = translations.translated_notebook(name, code, catalogue)
        assert path.read_text(encoding="utf-8") == expected, (
            f"{path.relative_to(ROOT)} is stale: python scripts/course_translations.py build"
        )


class _Unmarked(ast.NodeTransformer):
    """A tree with each ``N_(...)`` text blanked: what a translation may change."""

    def visit_Call(self, node: ast.Call) -> ast.AST:
        if isinstance(node.func, ast.Name) and node.func.id == "N_":
            return ast.Call(node.func, [ast.Constant("")], [])
        return self.generic_visit(node)


def code_of(path: Path) -> list[str]:
    notebook = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    return [
        ast.dump(_Unmarked().visit(ast.parse(cell.source)))
        for cell in notebook.cells
        if cell.cell_type == "code" and cell.get("id") != translations.LANGUAGE_CELL_ID
    ]


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_translation_shares_the_english_code_and_speaks_its_language(code: str) -> None:
    for name in translations.TRANSLATED[code]:
        path = ROOT / "notebooks" / code / f"{name}.ipynb"
        assert code_of(path) == code_of(ROOT / "notebooks" / f"{name}.ipynb")
        notebook = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
        first = next(cell for cell in notebook.cells if cell.cell_type == "code")
        assert f'set_language("{code}")' in first.source
        # the markdown is translated: no cell of it is the English one
        english = nbformat.read(ROOT / "notebooks" / f"{name}.ipynb", as_version=4)  # type: ignore[no-untyped-call]
        said = {cell.source for cell in english.cells if cell.cell_type == "markdown"}
        kept = [c.source for c in notebook.cells if c.cell_type == "markdown" and c.source in said]
        assert set(kept) <= {"## Trigammon"}, kept  # the same in Spanish


@pytest.fixture
def course(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the English notebooks Dutch translates and of the Dutch catalogue, which the
    script reads."""
    (tmp_path / "locale").mkdir()
    for name in translations.TRANSLATED["nl"]:
        shutil.copy(ROOT / "notebooks" / f"{name}.ipynb", tmp_path)
    shutil.copy(ROOT / "notebooks" / "locale" / "nl.po", tmp_path / "locale")
    monkeypatch.setattr(translations, "NOTEBOOKS", tmp_path)
    monkeypatch.setattr(translations, "LOCALE", tmp_path / "locale")
    assert translations.problems("nl") == []
    return tmp_path


def rewrite(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_changed_english_text_is_untranslated_and_its_old_one_stale(course: Path) -> None:
    rewrite(course / "03_coming_from_classic.ipynb", "## Side by side", "## Side by side, again")
    rewrite(course / "03_coming_from_classic.ipynb", '"A race: X to roll', '"A race: X on roll')
    found = translations.problems("nl")
    assert found == [
        "nl: untranslated in 03_coming_from_classic: '## Side by side, again'",
        "nl: untranslated in 03_coming_from_classic: 'A race: X on roll, cube in the middle.'",
        "nl: stale in 03_coming_from_classic: '## Side by side'",
        "nl: stale in 03_coming_from_classic: 'A race: X to roll, cube in the middle.'",
    ]
    with pytest.raises(translations.CourseTranslationError, match="no translation"):
        translations.translated_notebook(
            "03_coming_from_classic", "nl", translations.catalogue("nl")
        )
    # update keeps every other translation, adds the new texts empty, drops the old
    translations.update("nl")
    catalogue = translations.catalogue("nl")
    assert catalogue.get("## Side by side, again", context="03_coming_from_classic").string == ""
    assert catalogue.get("## Side by side", context="03_coming_from_classic") is None
    assert catalogue.get("players", context="03_coming_from_classic").string == "spelers"
    assert len(translations.problems("nl")) == 2


def test_a_fuzzy_translation_is_reported(course: Path) -> None:
    path = course / "locale" / "nl.po"
    with path.open("rb") as file:
        catalogue = read_po(file, locale="nl")
    message = catalogue.get("players", context="03_coming_from_classic")
    assert message is not None
    message.flags.add("fuzzy")
    with path.open("wb") as file:
        write_po(file, catalogue, no_location=True)
    assert translations.problems("nl") == ["nl: fuzzy in 03_coming_from_classic: 'players'"]


def test_a_translation_must_keep_every_field_of_its_f_string(course: Path) -> None:
    rewrite(course / "locale" / "nl.po", 'msgstr "Beslissing: {decision}."', 'msgstr "Beslissing."')
    with pytest.raises(translations.CourseTranslationError, match=r"keep the fields \{decision\}"):
        translations.translated_notebook(
            "03_coming_from_classic", "nl", translations.catalogue("nl")
        )


def test_the_marker_takes_one_string_literal(course: Path) -> None:
    rewrite(course / "03_coming_from_classic.ipynb", 'N_(\\"Bot\\")', "N_(NAMES)")
    with pytest.raises(translations.CourseTranslationError, match="one string literal: N_"):
        list(translations.texts("03_coming_from_classic"))
