"""The gallery: every case shows what it claims, and docs/gallery/ is up to date."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.paths import ROOT
from trigammon_widget.engine import Position
from trigammon_widget.teaching.gallery import CASES, find_case, study, write_gallery

DOCS = ROOT / "docs" / "gallery"


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.slug)
def test_each_case_forbids_its_attempt_with_the_rule_it_teaches(case: object) -> None:
    from trigammon_widget.teaching.gallery import Case

    assert isinstance(case, Case)
    explanation = case.explanation()
    if case.forbidden is None:
        assert explanation is None
    else:
        assert explanation is not None
        assert explanation.split(": ")[1] in case.rule.split(", ")
    assert case.plays()
    html = case._repr_html_()
    assert "<svg" in html and case.title.split(":")[0] in html


def test_the_cases_cover_what_the_gallery_promises() -> None:
    plays = {case.slug: case.plays() for case in CASES}
    assert plays["classic-blocked-entry"] == ["(no legal move)"]
    assert plays["trigammon-no-entry"] == ["(no legal move)"]
    assert plays["classic-partial-entry"] == ["bar/20"]
    assert plays["classic-higher-die"] == ["12/6"]
    assert plays["classic-doubles-cut-short"] == ["24/18(2)"]
    assert plays["classic-hit-while-bearing-off"] == ["bar/14"]
    assert sorted(plays["trigammon-double-hit"]) == ["10/13*/15*", "10/15*"]
    assert len(plays["classic-higher-die-bear-off"]) == 2


def test_find_and_study() -> None:
    with pytest.raises(ValueError, match="no gallery case"):
        find_case("nope")
    free = study(Position.start().with_dice(3, 1), title="<b>&")
    assert "&lt;b&gt;&amp;" in free._repr_html_()


def test_docs_gallery_is_what_the_command_writes(tmp_path: Path) -> None:
    written = sorted(write_gallery(tmp_path))
    assert [p.name for p in written] == sorted(p.name for p in DOCS.glob("*.svg")), (
        "run: python -m trigammon_widget.teaching.gallery docs/gallery"
    )
    for path in written:
        assert path.read_text() == (DOCS / path.name).read_text(), (
            f"docs/gallery/{path.name} is stale: "
            "python -m trigammon_widget.teaching.gallery docs/gallery"
        )
