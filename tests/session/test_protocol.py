"""The protocol is declared once: Python, TypeScript and the document agree."""

from __future__ import annotations

import importlib.util
import inspect
import typing
from types import ModuleType

import pytest

from tests.paths import ROOT
from trigammon_widget import CLASSIC, TRIGAMMON, Game, Position
from trigammon_widget.session import ACTIONS, FACETS, SEATS, Seat, Session, Traits, View
from trigammon_widget.session.protocol import Action, IntentError, decode
from trigammon_widget.session.state import SessionState
from trigammon_widget.widget import BoardWidget


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("gen", ROOT / "scripts" / "generate_protocol.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_generated_files_are_up_to_date() -> None:
    for path, text in _generator().expected().items():
        assert path.read_text(encoding="utf-8") == text, (
            f"{path.relative_to(ROOT)} is out of date: run python scripts/generate_protocol.py"
        )


def test_the_protocols_order_is_the_facets_and_they_are_the_sessions() -> None:
    """``FACETS`` orders the protocol (issue 43), not Python's method order: the session
    is made of those facets and no other, every action it declares is listed and is one
    of its methods (a facet may refine another's, as the drill does ``set_dice``), in
    the facets' order."""
    facets = {k for k in Session.__mro__[1:] if issubclass(k, SessionState)} - {SessionState}
    assert facets == set(FACETS) == set(Session.__bases__)
    declared = {
        name
        for name in dir(Session)
        if isinstance(getattr(getattr(Session, name), "__intent__", None), Action)
    }
    assert declared <= set(ACTIONS)
    assert all(callable(getattr(Session, name, None)) for name in ACTIONS)
    facet_of = {
        name: index
        for index, facet in enumerate(FACETS)
        for name, member in vars(facet).items()
        if isinstance(getattr(member, "__intent__", None), Action)
    }
    order = [facet_of[name] for name in ACTIONS]
    assert order == sorted(order)
    assert list(ACTIONS)[:2] == ["roll", "set_dice"]  # ``Playing`` first: a turn's actions


def test_each_action_declares_the_parameters_of_its_method() -> None:
    for name, declared in ACTIONS.items():
        parameters = inspect.signature(getattr(Session, name)).parameters
        named = [
            p
            for p in list(parameters)[1:]
            if parameters[p].kind
            not in (inspect.Parameter.VAR_KEYWORD, inspect.Parameter.VAR_POSITIONAL)
        ]
        required = [p for p in named if parameters[p].default is inspect.Parameter.empty]
        assert set(required) <= set(declared.fields), name
        assert set(declared.fields) <= set(named), name


FRONT_END_ONLY = {"play_listed", "prefetch", "preview", "export", "set_edit_player"}
"""Intents of the front end's own gestures (a listed play by its index, drawings asked
ahead, a picture to download, the editor's chosen colour): Python has ``play``,
``session.svg``, ``pictures`` and ``place(player=...)`` for them."""
AS_PROPERTIES = {
    "set_perspective": "perspective",
    "set_tutor": "tutor",
    "set_tutor_level": "tutor_threshold",
}
"""Set through the board's properties."""


def test_the_board_has_a_twin_of_every_action_the_session_declares() -> None:
    """``widget.py`` lists the twins by hand, for the type checker and the reader; this
    holds the list to the declarations, so an action added to the session is not
    forgotten at the board (issue 43)."""
    twins = {
        name
        for name, member in vars(BoardWidget).items()
        if callable(member) and getattr(member, "__wrapped__", None) is getattr(Session, name, 0)
    }
    background = {name for name in ("hints", "chances", "analyse") if name in vars(BoardWidget)}
    assert set(ACTIONS) - FRONT_END_ONLY - set(AS_PROPERTIES) <= twins | background
    assert set(ACTIONS) >= FRONT_END_ONLY and not FRONT_END_ONLY & set(vars(BoardWidget))
    for name in AS_PROPERTIES.values():
        assert isinstance(vars(BoardWidget)[name], property)


def test_the_typescript_union_names_every_action_and_field() -> None:
    text = (ROOT / "js" / "protocol.ts").read_text(encoding="utf-8")
    for name, declared in ACTIONS.items():
        line = next(line for line in text.splitlines() if f'action: "{name}"' in line)
        for field in declared.fields:
            assert f"{field}:" in line


def test_the_widget_syncs_exactly_the_traits() -> None:
    synced = set(BoardWidget.class_own_traits(sync=True))
    assert synced == set(typing.get_type_hints(Traits))


@pytest.mark.parametrize("source", [TRIGAMMON, CLASSIC])
def test_a_view_has_every_field_of_the_view_type(source: object) -> None:
    session = Session(source)  # type: ignore[arg-type]
    hints = typing.get_type_hints(View)
    for mode in ("play", "edit"):
        if mode == "edit":
            session.edit(True)
        view = session.view()
        assert set(view) == set(hints)
        assert view["mode"] == mode
        assert isinstance(view["palette"], dict) and view["targets"] is not None


def test_decode_checks_each_field() -> None:
    declared, fields = decode(
        ACTIONS, {"kind": "intent", "action": "move", "start": "8", "end": "5"}
    )
    assert declared.name == "move" and fields == {"start": "8", "end": "5"}
    bad = [
        None,
        {"kind": "intent", "action": 5},
        {"kind": "intent", "action": "set_seat", "player": 0, "seat": "genius"},
        {"kind": "intent", "action": "goto", "ply": 10**7},
        {"kind": "intent", "action": "goto", "ply": 1.0},
        {"kind": "intent", "action": "move", "start": "", "end": "5"},
    ]
    for content in bad:
        with pytest.raises(IntentError):
            decode(ACTIONS, content)


def test_a_game_given_to_a_board_is_never_changed() -> None:
    game = Game(CLASSIC, start=Position.start(CLASSIC).with_dice(3, 1), names=("Ann", "Bo"))
    board = BoardWidget(game, names=["X", "Y"])
    board.play("8/5 6/5")
    assert game.names == ("Ann", "Bo") and game.ply == 0 and board.game.ply == 1
    assert board.view["names"] == ["X", "Y"]


def test_the_seat_kinds_are_declared_once() -> None:
    """The view's ``Seat`` names the kinds of ``SEATS``, and the front end's seat list is
    generated from it (``js/protocol.ts``), not written again in a panel."""
    assert typing.get_args(Seat) == tuple(SEATS)
    generated = (ROOT / "js" / "protocol.ts").read_text(encoding="utf-8")
    for value, kind in SEATS.items():
        assert f'["{value}", "{kind.label}"]' in generated
    bots = [value for value, kind in SEATS.items() if kind.make is not None]
    for source in (ROOT / "js").rglob("*.ts"):
        if source.name != "protocol.ts":
            text = source.read_text(encoding="utf-8")
            assert not [bot for bot in bots if f'"{bot}"' in text], source.name
