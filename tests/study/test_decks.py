"""Decks: a library's cards out as versioned JSON and into another library, read as
every input is (sizes, types, positions legal in their variant, plays legal in their
roll, texts by the engine's rule), refused whole with the card and field named."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trigammon_widget import CLASSIC, TRIGAMMON, Position
from trigammon_widget.study import Library, decks

from .games import classic_report, cube_report, trigammon_report


@pytest.fixture(scope="module")
def deck(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A teacher's deck: mistakes of both variants, a cube decision, a problem, texts."""
    path = tmp_path_factory.mktemp("teacher") / "teacher.sqlite"
    with Library(path) as teacher:
        teacher.add_mistakes(classic_report(), "Bo", mark="??", tags=["classic"])
        teacher.add_mistakes(trigammon_report(), "Bo", mark="??")
        teacher.add_mistakes(cube_report(), "Ann")
        card = teacher.add(Position.start(CLASSIC).with_dice(6, 5), made="13/2")
        teacher.set_comment(card, 'Run: 24/13.\n<script>alert("x")</script>')
        teacher.set_tags(card, ["opening", "‮rtl‬"])
        return teacher.export_deck("Lesson 13 <homework>")


def test_a_deck_carries_its_cards_to_another_library(deck: str, library: Library) -> None:
    data = json.loads(deck)
    assert data["format"] == "trigammon-widget/deck" and data["version"] == 1
    assert data["name"] == "Lesson 13 <homework>"
    assert library.import_deck(deck, tags=["class"]) == len(data["cards"])
    assert library.import_deck(deck) == 0  # the same decisions are not added twice
    cards = library.cards()
    assert {card.variant for card in cards} == {"classic", "trigammon"}
    assert {card.kind for card in cards} == {"play", "cube"}
    by_position = {entry["position"]: entry for entry in data["cards"]}
    for card in cards:
        entry = by_position[card.position_id]
        assert [[c.text, c.equity] for c in card.best] == entry["best"]
        assert (card.made, card.mark, card.comment) == (
            entry["made"],
            entry["mark"],
            entry["comment"],
        )
        assert set(card.tags) == {*entry["tags"], "class"}
        assert card.reviews == 0 and card.due == library.now()  # a fresh schedule
    again = json.loads(library.export_deck("Back", tag="opening"))
    assert again["cards"][0]["comment"] == 'Run: 24/13.\n<script>alert("x")</script>'


def edited(deck: str, change: Callable[[dict[str, Any]], object]) -> str:
    data = json.loads(deck)
    change(data)
    return json.dumps(data)


def first(data: dict[str, Any]) -> dict[str, Any]:
    card: dict[str, Any] = data["cards"][0]
    return card


WRONG: dict[str, tuple[Callable[[dict[str, Any]], object], str]] = {
    "format": (lambda d: d.update(format="trigammon-widget/game"), "not a deck"),
    "version": (lambda d: d.update(version=2), "newer version"),
    "a key": (lambda d: d.update(extra=1), "unknown key"),
    "the name": (lambda d: d.update(name="\x07"), "name"),
    "cards": (lambda d: d.update(cards={}), "must be a list"),
    "a card's key": (lambda d: first(d).update(score=1), "card 1"),
    "the kind": (lambda d: first(d).update(kind="race"), "kind"),
    "the variant": (lambda d: first(d).update(variant="trigammon"), "position"),
    "the position": (lambda d: first(d).update(position="nonsense"), "position"),
    "no dice": (
        lambda d: first(d).update(position=Position.start(CLASSIC).id),
        "no dice",
    ),
    "an illegal play": (lambda d: first(d)["best"].__setitem__(0, ["24/1", 0.1]), "best"),
    "a play as nobody writes it": (
        lambda d: first(d).update(
            position=Position.start(CLASSIC).with_dice(6, 5).id,
            best=[["24/18 18/13", 0.1]],
            made=None,
            made_equity=None,
        ),
        "written 24/13",
    ),
    "an equity": (lambda d: first(d)["best"][0].__setitem__(1, 1e9), "equity"),
    "a text equity": (lambda d: first(d)["best"][0].__setitem__(1, "0.1"), "equity"),
    "the order": (lambda d: first(d)["best"].reverse(), "best first"),
    "too many choices": (lambda d: first(d)["best"].extend(first(d)["best"]), "choices"),
    "made alone": (lambda d: first(d).update(made_equity=None), "go together"),
    "the evaluator": (lambda d: first(d).update(evaluator="oracle"), "evaluator"),
    "the ply": (lambda d: first(d).update(ply=7), "ply"),
    "the mark": (lambda d: first(d).update(mark="!!"), "mark"),
    "a tag": (lambda d: first(d).update(tags=["\n"]), "tags"),
    "the comment": (lambda d: first(d).update(comment="x" * 2001), "comment"),
    "the source": (lambda d: first(d)["source"].update(date="yesterday"), "date"),
    "the source's kind": (lambda d: first(d)["source"].update(kind="rumour"), "source"),
    "the source's turn": (lambda d: first(d)["source"].update(turn=-3), "turn"),
}


@pytest.mark.parametrize("what", list(WRONG))
def test_a_deck_with_anything_wrong_is_refused_whole(
    deck: str, library: Library, what: str
) -> None:
    change, said = WRONG[what]
    with pytest.raises(ValueError, match=said):
        library.import_deck(edited(deck, change))
    assert len(library) == 0


def test_a_cube_cards_choices_are_a_pair(deck: str, library: Library) -> None:
    def wrong_pair(data: dict[str, Any]) -> None:
        cube = next(card for card in data["cards"] if card["kind"] == "cube")
        cube["best"] = [["take", 0.5], ["double", 0.4]]

    with pytest.raises(ValueError, match="no double and double, or take and drop"):
        library.import_deck(edited(deck, wrong_pair))


def test_the_size_of_a_deck_is_bounded(
    deck: str, library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(decks, "MAX_DECK_CARDS", 2)
    with pytest.raises(ValueError, match="at most 2 cards"):
        library.import_deck(deck)
    with pytest.raises(ValueError, match="at most 10,000,000 characters"):
        library.import_deck(" " * 10_000_001)
    for text in ("[", '{"format": NaN}', "1" * 30, 5):
        with pytest.raises(ValueError):
            library.import_deck(text)  # type: ignore[arg-type]


def test_an_empty_deck(library: Library) -> None:
    text = library.export_deck("Nothing yet")
    assert json.loads(text)["cards"] == [] and library.import_deck(text) == 0


@st.composite
def mutations(draw: st.DrawFn, deck: str) -> str:
    """The deck's JSON with a random value put somewhere in a card."""
    data = json.loads(deck)
    card = draw(st.sampled_from(data["cards"]))
    key = draw(st.sampled_from(sorted(card)))
    value = draw(
        st.one_of(
            st.none(),
            st.booleans(),
            st.integers(-(10**6), 10**6),
            st.floats(allow_nan=False, allow_infinity=False),
            st.text(max_size=30),
            st.lists(st.text(max_size=8), max_size=3),
            st.just(copy.deepcopy(card.get(key))),
        )
    )
    card[key] = value
    return json.dumps(data)


def test_any_edit_is_read_or_refused_with_a_value_error(deck: str, tmp_path: Path) -> None:
    """Whatever a card's field holds, the deck is read or refused with a ValueError."""
    with Library(tmp_path / "fuzz.sqlite") as library:

        @settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
        @given(st.data())
        def check(data: st.DataObject) -> None:
            text = data.draw(mutations(deck))
            try:
                library.import_deck(text)
            except ValueError as error:
                assert len(str(error)) < 1000

        check()


def test_trigammon_positions_stay_trigammon(library: Library) -> None:
    trigammon = Position.start(TRIGAMMON).with_dice(6, 5)
    library.add(trigammon)
    deck = library.export_deck("tri")
    with Library(library.path.with_name("b.sqlite")) as other:
        other.import_deck(deck)
        (card,) = other.cards()
        assert card.position == trigammon and card.variant == "trigammon"
