"""The course in other languages: ``notebooks/<code>/`` made from the English notebooks and
a gettext catalogue per language, ``notebooks/locale/<code>.po``.

The English notebooks are the one source of the course's code. A translated notebook is
its English notebook with each markdown cell replaced by its translation, each text of a
code cell marked ``N_("...")`` (a caption, a table's words, a printed sentence) replaced
by its translation, and a first code cell that sets the package's language, so that what
the library says (rule cards, problems, messages, boards) is in that language too. Every
other character of the code is copied: a fix to a lesson's code lands in every language.

    python scripts/course_translations.py update   # English texts -> each <code>.po
    python scripts/course_translations.py build    # notebooks + each <code>.po -> notebooks/<code>/

``update`` adds each new text with an empty translation and drops the texts the English
notebooks no longer have; a translator then fills in each ``msgstr`` (Poedit or any
editor) and runs ``build``. A text's context (``msgctxt``) is its notebook; a code
text written as an f-string keeps its ``{fields}`` (flag ``python-brace-format``).
``tests/test_course_translations.py`` fails while a catalogue misses, leaves fuzzy or
keeps a stale text, a translation loses a field, or a notebook of ``notebooks/<code>/``
differs from what ``build`` makes.
"""

from __future__ import annotations

import ast
import copy
import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import nbformat
from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
LOCALE = NOTEBOOKS / "locale"
COURSE = (
    "01_meet_the_board",
    "02_the_rules",
    "03_coming_from_classic",
    "04_strategy",
    "05_problems",
    "06_play_and_review",
    "07_for_teachers",
)
TRANSLATED = {
    "es": (*COURSE, "09_edge_cases", "12_document_a_position", "13_practise_your_mistakes"),
    "nl": ("03_coming_from_classic", "09_edge_cases", "12_document_a_position"),
}
"""The notebooks each language translates: all the course and the study library's lesson (13)
in Spanish, the classic rules (notebook 03) in Dutch, and in both the edge cases (09) and
documenting a position (12)."""
MARK = "N_"
"""The marker of a code cell's text (``engine.i18n.N_``: it leaves its text as it is)."""
FORMAT_FLAG = "python-brace-format"
WIDTH = 100
LANGUAGE_CELL_ID = "set-language"


class CourseTranslationError(ValueError):
    """A marked text that is not a literal, or a translation that breaks its code."""


@dataclass(frozen=True)
class Text:
    """A text to translate: its notebook (the context), the English, and whether it is an
    f-string whose ``{fields}`` a translation keeps."""

    notebook: str
    msgid: str
    fields: tuple[str, ...] | None = None


def read(path: Path) -> Any:
    return nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]


def english(name: str) -> Path:
    return NOTEBOOKS / f"{name}.ipynb"


def catalogue_path(code: str) -> Path:
    return LOCALE / f"{code}.po"


def _marked(source: str) -> list[ast.expr]:
    """The literals of ``source`` marked ``N_(...)``, in the order they are written."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == MARK:
            (argument,) = node.args if len(node.args) == 1 and not node.keywords else (None,)
            is_text = isinstance(argument, ast.Constant) and isinstance(argument.value, str)
            if argument is None or not (is_text or isinstance(argument, ast.JoinedStr)):
                raise CourseTranslationError(
                    f"{MARK}() takes one string literal: {ast.unparse(node)}"
                )
            found.append(argument)
    return sorted(found, key=lambda node: (node.lineno, node.col_offset))


def _field(value: ast.FormattedValue) -> str:
    conversion = "" if value.conversion == -1 else f"!{chr(value.conversion)}"
    spec = value.format_spec
    assert spec is None or isinstance(spec, ast.JoinedStr)
    said = "" if spec is None else ":" + _template(spec)
    return f"{{{ast.unparse(value.value)}{conversion}{said}}}"


def _template(node: ast.JoinedStr) -> str:
    """An f-string's text as a translator reads it: ``{fields}`` and ``{{`` braces."""
    parts = []
    for value in node.values:
        if isinstance(value, ast.Constant):
            parts.append(str(value.value).replace("{", "{{").replace("}", "}}"))
        else:
            assert isinstance(value, ast.FormattedValue)
            parts.append(_field(value))
    return "".join(parts)


def _fields(node: ast.JoinedStr) -> tuple[str, ...]:
    return tuple(sorted(_field(v) for v in node.values if isinstance(v, ast.FormattedValue)))


def _text(notebook: str, node: ast.expr) -> Text:
    if isinstance(node, ast.JoinedStr):
        return Text(notebook, _template(node), _fields(node))
    assert isinstance(node, ast.Constant) and isinstance(node.value, str)
    return Text(notebook, node.value)


def texts(name: str) -> Iterator[Text]:
    """The texts of one English notebook, in order: each markdown cell, each marked text."""
    for cell in read(english(name)).cells:
        if cell.cell_type == "markdown":
            yield Text(name, cell.source)
        elif cell.cell_type == "code":
            for node in _marked(cell.source):
                yield _text(name, node)


def _literal(text: Text, translation: str) -> str:
    """The Python literal of a translation, checked to keep its text's fields."""
    literal = ("f" if text.fields is not None else "") + json.dumps(translation, ensure_ascii=False)
    try:
        parsed = ast.parse(literal, mode="eval").body
    except SyntaxError as error:
        raise CourseTranslationError(
            f"{text.notebook}: {translation!r} is not valid: {error.msg}"
        ) from None
    kept = _fields(parsed) if isinstance(parsed, ast.JoinedStr) else ()
    if kept != (text.fields or ()):
        raise CourseTranslationError(
            f"{text.notebook}: {translation!r} must keep the fields {', '.join(text.fields or ())}"
        )
    return literal


def _translated_code(name: str, source: str, catalogue: Catalog) -> str:
    """``source`` with each marked literal replaced by its translation's literal."""
    code = source.encode()
    starts = [0]  # where each line starts: ast offsets count UTF-8 bytes
    for line in code.split(b"\n"):
        starts.append(starts[-1] + len(line) + 1)
    for node in reversed(_marked(source)):
        text = _text(name, node)
        assert node.end_lineno is not None and node.end_col_offset is not None
        start = starts[node.lineno - 1] + node.col_offset
        end = starts[node.end_lineno - 1] + node.end_col_offset
        code = code[:start] + _literal(text, translation(catalogue, text)).encode() + code[end:]
    return code.decode()


def translation(catalogue: Catalog, text: Text) -> str:
    """``text`` in the catalogue's language, or an error if it has no translation."""
    message = catalogue.get(text.msgid, context=text.notebook)
    if message is None or not message.string or message.fuzzy:
        raise CourseTranslationError(
            f"{catalogue.locale}: no translation of {text.notebook}: {text.msgid[:60]!r}"
        )
    return str(message.string)


def language_cell(code: str) -> Any:
    cell = nbformat.v4.new_code_cell(  # type: ignore[no-untyped-call]
        f'import trigammon_widget\n\ntrigammon_widget.set_language("{code}")',
        metadata={"jupyter": {"source_hidden": True}},
    )
    cell.id = LANGUAGE_CELL_ID
    return cell


def translated_notebook(name: str, code: str, catalogue: Catalog) -> str:
    """The text of ``notebooks/<code>/<name>.ipynb``, as ``build`` writes it."""
    notebook = read(english(name))
    cells: list[Any] = []
    for cell in notebook.cells:
        cell = copy.deepcopy(cell)
        if cell.cell_type == "markdown":
            cell.source = translation(catalogue, Text(name, cell.source))
        elif cell.cell_type == "code":
            if not any(c.cell_type == "code" for c in cells):
                cells.append(language_cell(code))
            cell.source = _translated_code(name, cell.source, catalogue)
        cells.append(cell)
    notebook.cells = cells
    return str(nbformat.writes(notebook)) + "\n"  # type: ignore[no-untyped-call]


def catalogue(code: str) -> Catalog:
    with catalogue_path(code).open("rb") as file:
        return read_po(file, locale=code)


def problems(code: str) -> list[str]:
    """What keeps ``<code>.po`` from being current with the English notebooks: texts
    missing or fuzzy, texts it keeps that the notebooks no longer have."""
    found = catalogue(code)
    wanted = {(text.notebook, text.msgid) for name in TRANSLATED[code] for text in texts(name)}
    kept = {(str(m.context), str(m.id)) for m in found if m.id}
    said = []
    for notebook, msgid in sorted(wanted):
        message = found.get(msgid, context=notebook)
        if message is None or not message.string:
            said.append(f"{code}: untranslated in {notebook}: {msgid[:60]!r}")
        elif message.fuzzy:
            said.append(f"{code}: fuzzy in {notebook}: {msgid[:60]!r}")
    said += [
        f"{code}: stale in {notebook}: {msgid[:60]!r}" for notebook, msgid in sorted(kept - wanted)
    ]
    return said


def new_catalogue(code: str) -> Catalog:
    """An empty catalogue for a new language, its header filled in."""
    language = Locale.parse(code).english_name
    catalogue = Catalog(
        locale=code,
        header_comment=f"# {language} translation of the course notebooks: fill in each "
        'msgstr,\n# then python scripts/course_translations.py build (docs, "The course").',
        project="trigammon-widget course",
        version="1",
        last_translator="trigammon-widget",
        language_team=language,
        fuzzy=False,
    )
    catalogue.msgid_bugs_address = ""  # none: Babel's constructor would fill in a placeholder
    catalogue.revision_date = catalogue.creation_date
    return catalogue


def update(code: str) -> Path:
    """``<code>.po`` with the English notebooks' texts in order: the translations kept,
    new texts empty, vanished ones dropped."""
    path = catalogue_path(code)
    old = catalogue(code) if path.exists() else new_catalogue(code)
    new = Catalog(locale=code, header_comment=old.header_comment, fuzzy=False)
    new.mime_headers = old.mime_headers
    for name in TRANSLATED[code]:
        for text in texts(name):
            kept = old.get(text.msgid, context=text.notebook)
            flags = [FORMAT_FLAG] if text.fields is not None else []
            if kept is not None and kept.fuzzy:
                flags.append("fuzzy")
            new.add(
                text.msgid,
                kept.string if kept is not None else "",
                context=text.notebook,
                flags=flags,
            )
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as file:
        write_po(file, new, width=WIDTH, no_location=True)
    return path


def build(code: str) -> list[Path]:
    """Write ``notebooks/<code>/`` from the English notebooks and ``<code>.po``."""
    found = catalogue(code)
    written = []
    for name in TRANSLATED[code]:
        path = NOTEBOOKS / code / f"{name}.ipynb"
        path.parent.mkdir(exist_ok=True)
        path.write_text(translated_notebook(name, code, found), encoding="utf-8")
        written.append(path)
    return written


def main(argv: list[str]) -> None:
    if argv == ["update"]:
        for code in TRANSLATED:
            print(update(code).relative_to(ROOT))
    elif argv == ["build"]:
        for code in TRANSLATED:
            for path in build(code):
                print(path.relative_to(ROOT))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
