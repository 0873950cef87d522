"""Rewrites the files generated from the session's protocol declarations.

``js/protocol.ts`` (the ``Intent`` union, the ``View`` types and the lists of choices
such as the seats) and the action table of ``docs/widget-protocol.md`` (between its
``actions`` markers) follow from the ``@action`` marks, the ``View`` TypedDict and the
declarations (``SEATS``) of ``trigammon_widget.session``.
``tests/session/test_protocol.py`` fails while either file is out of date.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from trigammon_widget.judgement.analysis import MARK_NAMES
from trigammon_widget.session import ACTIONS, SEATS, Traits
from trigammon_widget.session.protocol import (
    FramesMessage,
    Reply,
    Table,
    action_table,
    typescript,
)
from trigammon_widget.session.slices import MAX_PACE
from trigammon_widget.session.words import WORDS
from trigammon_widget.study.schedule import GRADE_WORDS

ROOT = Path(__file__).resolve().parents[1]
TS_FILE = ROOT / "js" / "protocol.ts"
DOC_FILE = ROOT / "docs" / "widget-protocol.md"
_TABLE = re.compile(r"(<!-- actions:begin -->\n)(?:.*?\n)?(<!-- actions:end -->)", re.DOTALL)


def tables() -> dict[str, Table]:
    """The lists of choices the front end shows, from the session's declarations."""
    seats: dict[str, str] = {value: kind.label for value, kind in SEATS.items()}
    return {
        "SEATS": Table("Who can sit at a player's place (session.seats.SEATS).", seats),
        "MARKS": Table(
            "A review's marks and what each says (judgement.analysis.MARK_NAMES).",
            dict(MARK_NAMES),
        ),
        "GRADES": Table(
            "A drill's grades, FSRS's ratings (study.schedule.GRADE_WORDS).",
            {grade: text for grade, text in GRADE_WORDS.items()},
        ),
        "WORDS": Table(
            "The front end's words by key, in English (session.words.WORDS): the board "
            "sends them in its language (the words trait).",
            dict(WORDS),
        ),
    }


def numbers() -> dict[str, tuple[str, int]]:
    """The limits the front end's controls show, from the session's declarations."""
    return {
        "MAX_PACE": ("Slowest pace of the bots' turns, ms (session.slices.MAX_PACE).", MAX_PACE),
    }


def expected() -> dict[Path, str]:
    """Each generated file's text as the declarations make it."""
    doc = DOC_FILE.read_text(encoding="utf-8")
    table = action_table(ACTIONS)
    return {
        TS_FILE: typescript(ACTIONS, [Traits, Reply, FramesMessage], tables(), numbers()),
        DOC_FILE: _TABLE.sub(lambda match: f"{match.group(1)}{table}\n{match.group(2)}", doc),
    }


def main() -> int:
    for path, text in expected().items():
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
