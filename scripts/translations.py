"""The translator's commands: Babel's extract, update and compile over the package's
catalogues (``src/trigammon_widget/locale``), with the project's settings.

    python scripts/translations.py extract   # the sources' texts -> messages.pot
    python scripts/translations.py update    # messages.pot -> each <code>/.../messages.po
    python scripts/translations.py compile   # each messages.po -> messages.mo
    python scripts/translations.py init CODE # a new language's messages.po

The catalogues carry no source locations (``--no-location``) and are sorted, so they
change only when a text does. ``tests/test_i18n.py`` fails while the ``.pot`` misses a
text of the sources, a ``.po`` leaves one untranslated or fuzzy, or a ``.mo`` is stale.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "src" / "trigammon_widget" / "locale"
TEMPLATE = LOCALE / "messages.pot"
KEYWORDS = ("N_", "NN_:1,2", "NP_:1c,2")
"""Marks beyond Babel's defaults (``_``, ``gettext``, ``ngettext``, ``pgettext`` ...), in
pybabel's spelling: ``NN_`` marks a singular and its plural, ``NP_`` a context and its
text (``engine.i18n``)."""
COMMENT_TAG = "Translators:"
"""A comment starting so, just above a text, is shown to translators."""
WIDTH = 100


def pybabel(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", *args], check=True, cwd=ROOT)


def extract() -> None:
    keywords = [f"--keyword={word}" for word in KEYWORDS]
    pybabel(
        "extract", "--mapping-file=babel.cfg", *keywords, f"--add-comments={COMMENT_TAG}",
        "--no-location", "--sort-output", "--omit-header", f"--width={WIDTH}",
        f"--output-file={TEMPLATE}", "--project=trigammon-widget", "src/trigammon_widget",
    )  # fmt: skip


def update() -> None:
    pybabel(
        "update", f"--input-file={TEMPLATE}", f"--output-dir={LOCALE}", f"--width={WIDTH}",
        "--ignore-obsolete", "--no-fuzzy-matching",
    )  # fmt: skip


def compile_all() -> None:
    pybabel("compile", f"--directory={LOCALE}", "--statistics")


def init(code: str) -> None:
    pybabel(
        "init", f"--input-file={TEMPLATE}", f"--output-dir={LOCALE}", f"--locale={code}",
        f"--width={WIDTH}",

    )  # fmt: skip


def main(argv: list[str]) -> None:
    commands = {"extract": extract, "update": update, "compile": compile_all}
    if len(argv) == 2 and argv[0] == "init":
        init(argv[1])
    elif len(argv) == 1 and argv[0] in commands:
        commands[argv[0]]()
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
