"""Random walks of intents through the widget's message handler, plausible and hostile.

After every message: exactly one reply came back and nothing escaped; a refusal
changed nothing but the message; and the traits agree with the session's game. The
default run tries ``WALKS * STEPS`` intents; ``-m slow`` runs ten times as many.
Then the red team's messages (issue 42): a message nested 5,000 deep anywhere in it is
answered; a malformed intent is refused in the board's language; a typo in a keyword
of the board (or its session) is refused, naming it and the keywords there are; the
match report counts its games with the language's plural forms.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from types import SimpleNamespace
from typing import Any

import pytest

from tests.waiting import PATIENCE
from trigammon_widget import Match
from trigammon_widget.engine.i18n import LANGUAGES
from trigammon_widget.judgement.analysis import MatchReport
from trigammon_widget.session import ACTIONS, SEATS, Session
from trigammon_widget.widget import BoardWidget

WALKS = 16
STEPS = 120

Intent = dict[str, Any]


class Harness:
    """A widget whose messages are caught, with the checks run after each intent."""

    def __init__(self, widget: BoardWidget) -> None:
        self.widget = widget
        self.sent: list[dict[str, Any]] = []
        widget.send = self.sent.append
        self.count = 0

    def traits(self) -> str:
        view = {key: value for key, value in self.widget.view.items() if key != "message"}
        w = self.widget
        return json.dumps([w.svg, view, w.plays, w.history, w.record], sort_keys=True)

    def send(self, content: Any) -> dict[str, Any]:
        self.count += 1
        before = self.traits()
        self.sent.clear()
        self.widget._on_intent(self.widget, content, [])
        replies = [m for m in self.sent if m.get("kind") == "reply"]
        assert len(replies) == 1, f"{len(replies)} replies to {content!r:.200}"
        reply = replies[0]
        if not reply["ok"]:
            text = reply["error"]["text"]
            assert not text.startswith("internal error"), f"{content!r:.200}: {text}"
            assert len(text) <= 600
            assert self.traits() == before, f"a refused {content!r:.200} changed the board"
            assert self.widget.view["message"]["kind"] == "error"
        self.agrees()
        return reply

    def agrees(self) -> None:
        """The traits are the session's state, as the session draws and lists it (read
        under the board's lock: an analysis may be finishing in its thread)."""
        with self.widget._lock:
            self._agrees()

    def _agrees(self) -> None:
        widget, session = self.widget, self.widget.session
        view = widget.view
        game = session.game
        assert view["version"] == session.version
        assert view["ply"] == game.ply and view["plies"] == len(game.turns)
        assert view["position_id"] == session.view()["position_id"]
        assert widget.svg == session.svg()
        assert widget.plays == session.plays()
        assert widget.history == [dict(entry) for entry in session.history()]
        assert widget.record == session.record()
        assert len(view["names"]) == len(view["seats"]) == view["players"]
        assert 0 <= view["perspective"] < view["players"]


def plausible(view: dict[str, Any], plays: list[str], rng: random.Random) -> Intent:
    """An intent a real board could send now (not always a legal one)."""
    players = view["players"]
    choices: list[Callable[[], Intent]] = [
        lambda: {"action": "step", "delta": rng.choice([-1, 1])},
        lambda: {"action": "goto", "ply": rng.randint(0, view["plies"])},
        lambda: {"action": "set_perspective", "player": rng.randrange(players)},
        lambda: {"action": "edit", "on": view["mode"] == "play"},
        lambda: {
            "action": "set_seat",
            "player": rng.randrange(players),
            "seat": rng.choice(list(SEATS)),
        },
        lambda: {"action": "bot_turn"},
        lambda: {"action": "undo_move"},
        lambda: {"action": "prefetch"},
        lambda: {"action": "main_line"},
        lambda: {"action": "chances"},
        lambda: {"action": "analyse"},
        lambda: {
            "action": "next_mistake",
            "step": rng.choice([1, -1, 2]),
            "player": rng.choice([None, 0, 1, 3]),
        },
        lambda: {"action": "set_tutor", "on": rng.random() < 0.5},
        lambda: {"action": "take_back"},
        lambda: {"action": "play_on"},
    ]
    # The board's lists: the turns after the shown position, and in the shown turn's place.
    for rows, ply in ((view["variations"], view["ply"]), (view["alternatives"], view["ply"] - 1)):
        if view["mode"] != "play" or not rows:
            continue
        count = len(rows)

        def on_variation(name: str, count: int = count, ply: int = ply) -> Callable[[], Intent]:
            if name == "rename_variation":
                return lambda: {
                    "action": name,
                    "index": rng.randrange(count),
                    "ply": ply,
                    "name": "side",
                }
            return lambda: {"action": name, "index": rng.randrange(count + 1), "ply": ply}

        for name in ("switch_variation", "promote_variation", "delete_variation"):
            choices.append(on_variation(name))
        choices.append(on_variation("rename_variation"))
    cube, match = view["cube"], view["match"]
    if view["mode"] == "play" and cube:
        choices.append(lambda: {"action": rng.choice(["double", "take", "drop"])})
        if cube["can_double"]:
            choices += [lambda: {"action": "double"}] * 2
        if cube["can_answer"]:
            choices += [lambda: {"action": rng.choice(["take", "drop"])}] * 4
    if view["mode"] == "play" and match:
        choices.append(lambda: {"action": "show_game", "index": rng.randrange(match["games"] + 1)})
        choices += [lambda: {"action": "next_game"}] * (4 if match["can_next_game"] else 1)
    if view["mode"] == "play":
        if view["can_roll"]:
            choices += [lambda: {"action": "roll"}] * 4
            choices.append(
                lambda: {"action": "set_dice", "die1": rng.randint(1, 6), "die2": rng.randint(1, 6)}
            )
        if view["targets"]:

            def move() -> Intent:
                start = rng.choice(list(view["targets"]))
                return {"action": "move", "start": start, "end": rng.choice(view["targets"][start])}

            choices += [move] * 6
            choices.append(
                lambda: {
                    "action": "move",
                    "start": str(rng.randint(1, 36)),
                    "end": rng.choice(["off", "bar", "7"]),
                }
            )
        if view["can_confirm"]:
            choices += [lambda: {"action": "confirm"}] * 3
        if plays:
            choices += [lambda: {"action": "play_listed", "index": rng.randrange(len(plays))}] * 3
            choices.append(lambda: {"action": "preview", "index": rng.randrange(len(plays))})
    else:

        def where() -> str:
            return rng.choice([str(rng.randint(1, 36)), "bar", "off", "0", "37"])

        choices += [
            lambda: {
                "action": "place",
                "player": rng.randrange(players),
                "where": where(),
                "count": rng.choice([1, 1, 2, 15, 16, 0, -1]),
            },
            lambda: {
                "action": "remove",
                "player": rng.randrange(players),
                "where": where(),
                "count": rng.choice([1, 3, 0]),
            },
            lambda: {"action": "set_turn", "player": rng.randrange(players)},
            lambda: {"action": "set_edit_player", "player": rng.randrange(players)},
            lambda: {
                "action": "set_setup_dice",
                "die1": rng.choice([None, 1, 6, 7]),
                "die2": rng.choice([None, 2, 6]),
            },
            lambda: {"action": "reset"},
            lambda: {"action": "clear"},
        ]
    return rng.choice(choices)()


def nested(depth: int, inner: Callable[[Any], Any]) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = inner(value)
    return value


DEEP_LIST = nested(5_000, lambda value: [value])
DEEP_DICT = nested(5_000, lambda value: {"a": value})
"""Messages nested deeper than ``repr`` goes at Python's default recursion limit."""

HOSTILE_VALUES: list[Any] = [
    None,
    True,
    -1,
    2**70,
    1.5,
    "",
    "x" * 10_000,
    "\x00",
    "\ud800",
    [],
    {},
    [1, 2],
    {"a": 1},
    "13",
    "bar",
    "off",
    "-3",
    "1e3",
    "²",
    "0x10",
    float("nan"),
    DEEP_LIST,
    DEEP_DICT,
]


def hostile(view: dict[str, Any], rng: random.Random) -> Any:
    """A message no honest board sends: wrong shapes, types, sizes, versions."""
    kind = rng.randrange(8)
    name = rng.choice(list(ACTIONS))
    fields = {field: rng.choice(HOSTILE_VALUES) for field in ACTIONS[name].fields}
    intent: dict[str, Any] = {
        "kind": "intent",
        "id": rng.choice([1, "1", None, 2.5, -7]),
        "version": view["version"],
        "action": name,
        **fields,
    }
    if kind == 0:
        return rng.choice([*HOSTILE_VALUES, "intent", 42])
    if kind == 1:
        intent["action"] = rng.choice(["", "explode", "__init__", "_changed", "load", "report", 5])
    elif kind == 2:
        intent["version"] = rng.choice([view["version"] - 1, view["version"] + 1, "1", None])
    elif kind == 3:
        intent[rng.choice(["extra", "__class__", "svg"])] = 1
    elif kind == 4 and fields:
        del intent[rng.choice(list(fields))]
    elif kind == 5:
        intent["kind"] = rng.choice(["reply", "frames", None])
    return intent


def walk(seed: int, steps: int) -> Iterator[int]:
    rng = random.Random(seed)
    source: Any = rng.choice(["trigammon", "classic", "match"])
    if source == "match":
        source = Match(3, seed=seed)
    harness = Harness(BoardWidget(source, seed=seed))
    for _ in range(steps):
        view = harness.widget.view
        if rng.random() < 0.7:
            content: Any = {
                "kind": "intent",
                "id": harness.count,
                "version": view["version"],
                **plausible(view, harness.widget.plays, rng),
            }
        else:
            content = hostile(view, rng)
        harness.send(content)
        if rng.random() < 0.5:  # some analyses run to their end, others are cut short
            harness.widget.cancel_analysis()
        assert harness.widget.wait(PATIENCE)  # so that the next refusal is measured alone
    yield harness.count


@pytest.fixture(autouse=True)
def small_analyses(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hints, chances and reviews from a walk are real but small: here, a few games."""
    hints, chances, analyse = Session.hints, Session.chances, Session.analyse
    monkeypatch.setattr(
        Session, "hints", lambda self: hints(self, 2, games=2, workers=1, truncate=3)
    )
    monkeypatch.setattr(
        Session, "chances", lambda self: chances(self, games=2, workers=1, truncate=3)
    )
    monkeypatch.setattr(Session, "analyse", lambda self: analyse(self, workers=1))


@pytest.mark.parametrize("seed", range(WALKS))
def test_random_walks_of_intents(seed: int) -> None:
    assert sum(walk(seed, STEPS)) == STEPS


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(1000, 1000 + 10 * WALKS))
def test_long_random_walks_of_intents(seed: int) -> None:
    assert sum(walk(seed, STEPS)) == STEPS


# --- the red team's messages (issue 42) ----------------------------------------------


def test_a_message_nested_deep_anywhere_is_answered() -> None:
    """Found by the red team: a list nested 5,000 deep handed to the handler got no
    reply (the RecursionError of its ``repr`` escaped through logging)."""
    harness = Harness(BoardWidget("classic", seed=1))
    for deep in (DEEP_LIST, DEEP_DICT):
        version = harness.widget.view["version"]
        intent = {"kind": "intent", "id": 1, "version": version, "action": "goto", "ply": 0}
        for content in (
            deep,
            {**intent, "ply": deep},
            {**intent, "version": deep},
            {**intent, "id": deep},
            {**intent, "action": deep},
            {**intent, "kind": deep},
            {**intent, "extra": deep},
        ):
            reply = harness.send(content)  # one reply, and the checks after every message
            assert reply["ok"] == (
                content.get("id") is deep if isinstance(content, dict) else False
            )


MALFORMED: list[Intent] = [
    {"kind": "nonsense"},
    {"kind": "intent", "id": 1, "version": 0, "action": "explode"},
    {"kind": "intent", "id": 1, "version": 0, "action": "roll", "extra": 1},
    {"kind": "intent", "id": 1, "version": 0, "action": "roll", "extra": 1, "more": 2},
    {"kind": "intent", "id": 1, "version": 0, "action": "goto"},
    {"kind": "intent", "id": 1, "version": 0, "action": "set_dice"},
    {"kind": "intent", "id": 1, "version": 0, "action": "goto", "ply": "x"},
    {"kind": "intent", "id": 1, "version": 0, "action": "set_seat", "player": 0, "seat": 5},
    {"kind": "intent", "id": 1, "version": 0, "action": "set_tutor", "on": 5},
    {"kind": "intent", "id": 1, "version": 0, "action": "move", "start": 5, "end": "off"},
    {"kind": "intent", "id": 1, "version": 0, "action": "rename_variation", "index": 0,
     "ply": 0, "name": "x" * 100},
]  # fmt: skip
"""An intent of each way the decoder refuses one."""


def test_a_malformed_intent_is_refused_in_the_boards_language() -> None:
    """Found by the red team: a Spanish or Dutch board refused malformed intents in
    English ("unknown action ...", "missing field(s) ..."): the decoder's texts were
    outside the catalogues. Each refusal differs from the English one, and a field or
    two takes the language's singular or plural."""
    said: dict[str, list[str]] = {}
    for language in LANGUAGES:
        harness = Harness(BoardWidget("trigammon", seed=3, language=language))
        said[language] = [harness.send(intent)["error"]["text"] for intent in MALFORMED]
    for language in LANGUAGES[1:]:
        for english, other in zip(said["en"], said[language], strict=True):
            assert english != other, f"{language}: {other!r} is English"
    for texts in said.values():  # one field and two are said apart
        assert len(set(texts)) == len(texts)


@pytest.mark.parametrize("make", [BoardWidget, Session])
def test_a_keyword_that_is_not_the_boards_is_refused(make: Callable[..., Any]) -> None:
    """Found by the red team: ``BoardWidget("trigammon", sead=3, nmes=[...])``, a typo in
    a keyword, was accepted silently (another seed, the default names)."""
    with pytest.raises(TypeError, match=r"'nmes', 'sead': it takes .*\bnames\b.*\bseed\b") as error:
        make("trigammon", sead=3, nmes=["Ann", "Bo", "Cy"])
    assert isinstance(error.value, ValueError)  # as every refusal of the package
    assert make("trigammon", seed=3, names=["Ann", "Bo", "Cy"]).game.names == ("Ann", "Bo", "Cy")


def test_a_keyword_a_newcomer_guesses_says_where_the_thing_is() -> None:
    """The third walk tried ``BoardWidget("classic", match=5)``: the refusal says how a
    match is given."""
    with pytest.raises(ValueError, match=r"'match': it takes .*; a match is given as the game: "):
        BoardWidget("classic", match=5)


def test_the_widgets_own_keywords_still_pass() -> None:
    board = BoardWidget("classic", layout={"width": "500px"}, tooltip="a board")
    assert board.layout.width == "500px" and board.tooltip == "a board"


TITLES = {
    "en": ("1 game:", "2 games:", "1000000 games:"),
    "es": ("1 partida:", "2 partidas:", "1000000 partidas:"),
    "nl": ("1 spel:", "2 spellen:", "1000000 spellen:"),
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_match_reports_title_counts_its_games(language: str) -> None:
    """Found by the red team: the title read "1 partidas", "1 spellen", "1 games"."""
    from trigammon_widget.engine.i18n import speaking

    game: Any = SimpleNamespace(players=())  # a game's report as the title reads it
    for count, expected in zip((1, 2, 1_000_000), TITLES[language], strict=True):
        for length in (0, 5):
            report = MatchReport("classic", length, ("a", "b"), "neural", (game,) * count, ())
            with speaking(language):
                title = report.to_markdown().splitlines()[0]
            assert expected in title, title
