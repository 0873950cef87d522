"""The board in its readers' languages: the catalogues are complete and current, and a
board, a session and the engine speak the language chosen, keeping every error's class
and rule id."""

from __future__ import annotations

import ast
import gettext
import io
import os
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.paths import ROOT

pytest.importorskip("babel")

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_keywords
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

import trigammon_widget
from tests.widget.test_widget import Front
from trigammon_widget import (
    CLASSIC,
    Game,
    IllegalMoveError,
    InvalidPositionError,
    MatchState,
    Move,
    NotationError,
    Play,
    Position,
)
from trigammon_widget.engine import i18n
from trigammon_widget.engine.i18n import LOCALE_DIR, _, environment_language, language, speaking
from trigammon_widget.engine.stakes import points_text
from trigammon_widget.pictures.svg import board_svg
from trigammon_widget.session import Session
from trigammon_widget.session.words import WORDS, words
from trigammon_widget.widget import BoardWidget

sys.path.insert(0, str(ROOT / "scripts"))
import translations  # (scripts/translations.py: the settings pybabel runs with)

TRANSLATED = [code for code in i18n.LANGUAGES if code != i18n.SOURCE_LANGUAGE]
FIELD = re.compile(r"\{(\w*)[^{}]*\}")


def catalogue(path: Path) -> Catalog:
    with path.open("rb") as file:
        return read_po(file)


def messages(found: Catalog) -> dict[tuple[object, str | None], Message]:
    return {(m.id, m.context): m for m in found if m.id}


def _forms(entry: Message) -> tuple[object, ...]:
    """A translation's forms: one, or one per plural form."""
    string = entry.string
    return tuple(string) if isinstance(string, (tuple, list)) else (string,)


def _fields(text: str) -> set[str]:
    """The ``{name}`` fields of a ``str.format`` template (``{{`` and ``}}`` are braces)."""
    return set(FIELD.findall(text.replace("{{", "").replace("}}", "")))


def po_path(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / "messages.po"


@pytest.fixture
def package_language() -> Iterator[None]:
    """A test that sets the package's language gets it back as it was."""
    before = i18n._package_language
    yield
    i18n._package_language = before


# --- the catalogues ---------------------------------------------------------------------


def test_extraction_finds_no_text_missing_from_the_template() -> None:
    """``pybabel extract`` with the project's settings finds exactly the template's texts:
    none missing (a new message not extracted), none stale."""
    keywords = {"_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
    keywords |= parse_keywords(list(translations.KEYWORDS))
    found = {
        (message, context)
        for _file, _line, message, _comments, context in extract_from_dir(
            ROOT / "src" / "trigammon_widget",
            method_map=[("**.py", "python")],
            keywords=keywords,
        )
    }
    found_ids = {(m if isinstance(m, str) else tuple(m), c) for m, c in found}
    template = set(messages(catalogue(translations.TEMPLATE)))
    assert found_ids - template == set(), "run: python scripts/translations.py extract"
    assert template - found_ids == set(), "run: python scripts/translations.py extract"


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_catalogue_translates_every_text_of_the_template(code: str) -> None:
    translated = catalogue(po_path(code))
    template = messages(catalogue(translations.TEMPLATE))
    entries = messages(translated)
    assert set(entries) == set(template), "run: python scripts/translations.py update"
    plurals = translated.num_plurals
    for key, entry in entries.items():
        assert not entry.fuzzy, f"{code}: fuzzy {key}"
        forms = _forms(entry)
        assert all(forms) and len(forms) == (plurals if entry.pluralizable else 1), (
            f"{code}: untranslated {key}"
        )


@pytest.mark.parametrize("code", TRANSLATED)
def test_translations_keep_the_fields_of_their_text(code: str) -> None:
    """Every ``{name}`` of an English text is in its translation (and no other), so
    ``.format`` fills it in every language; ``player {...}`` is said as the catalogue
    says ``player {player}``, so a board can put the player's name in its place."""
    entries = messages(catalogue(po_path(code)))
    player = entries[("player {player}", None)].string
    assert isinstance(player, str)
    for (msgid, _context), entry in entries.items():
        english = msgid if isinstance(msgid, tuple) else (msgid,)
        forms = [str(form) for form in _forms(entry)]
        fields = {name for text in english for name in _fields(str(text))}
        for form in forms:
            assert _fields(form) == fields, (code, msgid, form)
            form.format(**dict.fromkeys(fields, "x"))  # well formed
        for said in re.findall(r"\bplayer (\{\w+\})", " ".join(map(str, english))):
            assert all(player.replace("{player}", said) in form for form in forms), (msgid, said)


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_compiled_catalogue_is_current_with_its_source(code: str) -> None:
    """The shipped ``.mo`` says what its ``.po`` says (``translations.py compile``)."""
    compiled = io.BytesIO()
    write_mo(compiled, catalogue(po_path(code)))
    compiled.seek(0)
    fresh = gettext.GNUTranslations(compiled)
    with (po_path(code).with_suffix(".mo")).open("rb") as file:
        shipped = gettext.GNUTranslations(file)
    assert shipped._catalog == fresh._catalog, "run: python scripts/translations.py compile"  # type: ignore[attr-defined]


ENGLISH_LITERAL = re.compile(r"""["'`][A-Z][a-z]+(?:[ ,.:;!?][^"'`]*)?["'`]""")
"""A string literal that reads as English text: a capitalised word, maybe a phrase."""
NOT_WORDS = {'"Escape"', '"Enter"', '"Tab"', '"Refused"', '"Lost"'}
"""Capitalised literals that are no words a person reads: key names, error names."""


def test_the_front_end_keeps_no_words_of_its_own() -> None:
    """The panels ask for their words by key: no English word of ``WORDS`` is written in
    a TypeScript source but the generated ``protocol.ts``, nor any capitalised English
    text (comments aside)."""
    sources = {
        path.name: re.sub(r"//.*|/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.S)
        for path in (ROOT / "js").rglob("*.ts")
        if path.name != "protocol.ts"
    }
    for text in WORDS.values():
        for name, source in sources.items():
            assert f'"{text}"' not in source and f"`{text}`" not in source, (name, text)
    for name, source in sources.items():
        found = set(ENGLISH_LITERAL.findall(source)) - NOT_WORDS
        assert not found, (name, found)


SAME_WORDS = {
    "bytes", "hints_by", "id_of", "match", "milliseconds", "pips one", "pips other",
    "post_crawford", "pr", "rule R13", "tutor",
}  # fmt: skip
"""The front end's words that are the same in English, Spanish and Dutch: loanwords of the
game (*match*, *pips*, *post-Crawford*, *PR*, *tutor*, R13's *Gammons*) and templates of
units and marks."""


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_board_sends_every_word_in_its_language(code: str) -> None:
    """No English word left but the loanwords; plural forms and words said in a context
    come from their own entries (*Play* the column is not *Play* the button)."""
    english = words()
    with speaking(code):
        spoken = words()
    assert set(spoken) == set(WORDS)
    same = {key for key in spoken if spoken[key] == english[key]}
    assert same <= SAME_WORDS | ({"hints", "kind_hints"} if code == "nl" else set())
    assert spoken["play"] != spoken["autoplay_play"]  # a column of plays; the verb
    assert spoken["decimal_mark"] == ","
    assert (
        spoken["turns one"].startswith("{count} ") and spoken["turns one"] != spoken["turns other"]
    )


STATUS_OPENERS = ("to_move", "to_move_setup", "to_roll", "doubled", "doubled_to_you")
"""The words that open the board's status line (``js/panels/toolbar.ts``), after the
mover's colour; each also said to the person in front of the board (``<key> you``)."""
SIDE_BY_SIDE = [("undo_move", "take_back"), ("undo_move", "confirm"), ("take_back", "play_on")]
"""Buttons a learner sees together (the toolbar's and the tutor's, which shows while a
play is on the board): each says a different thing."""


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_the_status_line_starts_with_a_capital_and_buttons_side_by_side_differ(
    code: str,
) -> None:
    """Issue 41: the Spanish status line read "mueve Jugador X 4-1", and "Deshacer" (the
    tutor's take back) sat beside "Deshacer movimiento" (undo a move). A template that
    opens the line starts with a capital or with its field (a name, capitalised as
    written); two buttons side by side share no first word."""
    with speaking(code):
        spoken = words()
        record = _("{who} wins").format(who="Ana")  # a game record's last line
    openers = [key for key in spoken if key.removesuffix(" you") in STATUS_OPENERS]
    assert set(STATUS_OPENERS) < set(openers)  # and some in the second person
    for key in openers:
        text = spoken[key]
        assert text.startswith("{") or text[0].isupper(), (code, key, text)
    assert record[0].isupper(), record
    for first, second in SIDE_BY_SIDE:
        assert spoken[first].split()[0] != spoken[second].split()[0], (code, first, second)


def _written_out(text: ast.expr) -> bool:
    """Whether an error's argument is a message written out: an f-string, or a string
    longer than a rule id (``"R9"``)."""
    if isinstance(text, ast.JoinedStr):
        return True
    return isinstance(text, ast.Constant) and isinstance(text.value, str) and len(text.value) > 3


UNSPOKEN = {"compiled.py", "fast.py", "i18n.py"}
"""Modules whose errors are for the programmer only, in English: the compiled search's
overflow, the fast path's environment switch, and the choice of language itself."""
UNSPOKEN_ERRORS = {"TypeError"}
"""Errors of the program itself, in English: a declaration the protocol's generator
cannot spell in TypeScript (``session.protocol``)."""


@pytest.mark.parametrize("layer", ["engine", "session"])
def test_every_error_of_the_engine_and_the_session_goes_through_the_catalogues(
    layer: str,
) -> None:
    """No ``raise ...Error("text")`` (or an f-string) is left: each message is a
    catalogue entry, so it reaches the reader in their language."""
    left = []
    for path in sorted((ROOT / "src" / "trigammon_widget" / layer).glob("*.py")):
        if path.name in UNSPOKEN:
            continue
        source = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(source)):
            if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)):
                continue
            if isinstance(node.exc.func, ast.Name) and node.exc.func.id in UNSPOKEN_ERRORS:
                continue
            for arg in node.exc.args:
                text = arg.value if isinstance(arg, ast.Subscript) else arg
                if _written_out(text):
                    left.append(f"{path.name}:{node.lineno}")
    assert left == []


# --- choosing the language ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, "en"),
        ({"LANG": "es_ES.UTF-8"}, "es"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LC_ALL": "nl_BE.UTF-8", "LANG": "es_ES.UTF-8"}, "nl"),
        ({"LC_MESSAGES": "es_AR", "LANG": "nl_NL"}, "es"),
        ({"LANGUAGE": "fr:nl:es", "LANG": "es_ES"}, "nl"),
        ({"LANGUAGE": "", "LANG": "es_ES"}, "es"),
        ({"LANGUAGE": "fr", "LANG": "es_ES"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
    ],
)
def test_the_default_language_is_the_environments(environ: dict[str, str], expected: str) -> None:
    assert environment_language(environ) == expected


def test_a_new_process_speaks_its_environments_language() -> None:
    env = {**os.environ, "LANG": "es_ES.UTF-8", "PYTHONPATH": str(ROOT / "src")}
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        env.pop(variable, None)
    code = "import trigammon_widget as t; print(t.Game('classic', seed=1).names[0])"
    said = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert said.stdout.strip() == "Jugador X"


def test_set_language_speaks_package_wide(package_language: None) -> None:
    trigammon_widget.set_language("nl")
    assert language() == "nl"
    assert points_text(1) == "1 punt" and points_text(2) == "2 punten"
    trigammon_widget.set_language("es_ES.UTF-8")
    assert language() == "es"
    assert points_text(1) == "1 punto" and points_text(3) == "3 puntos"
    trigammon_widget.set_language("en")
    assert points_text(1) == "1 point" and points_text(0) == "0 points"


@pytest.mark.parametrize("code", ["fr", "", "e", 3, None])
def test_an_unknown_language_is_refused_and_changes_nothing(
    code: Any, package_language: None
) -> None:
    trigammon_widget.set_language("nl")
    with pytest.raises(ValueError, match=r"no language .*: choose one of en, es, nl") as refused:
        trigammon_widget.set_language(code)
    assert repr(code)[:10] in str(refused.value)
    assert language() == "nl"
    with pytest.raises(ValueError, match="no language"):
        BoardWidget("classic", seed=1, language=code if code is not None else "xx")


def test_a_speaking_block_is_local_to_its_context() -> None:
    heard: list[str] = []

    def other_thread() -> None:
        heard.append(language())

    with speaking("es"):
        assert _("Roll") == "Tirar"
        worker = threading.Thread(target=other_thread)
        worker.start()
        worker.join()
        with speaking("nl"):
            assert _("Roll") == "Gooien"
        assert language() == "es"
    assert heard == ["en"] and language() == "en"


# --- the engine in Spanish and Dutch ------------------------------------------------------


def test_errors_keep_their_class_and_rule_in_every_language() -> None:
    # Player 0 has a checker on the bar and rolls 6-5; point 13 (path 12) is its own.
    position = Position.build(CLASSIC, {0: {0: 1, 12: 14}, 1: {1: 15}}, dice=(6, 5))
    said: dict[str, str] = {}
    for code in i18n.LANGUAGES:
        with speaking(code):
            with pytest.raises(IllegalMoveError) as refused:
                position.legal_plays().check(Play((Move(12, 18, 6),)))
            assert type(refused.value) is IllegalMoveError and refused.value.rule == "R8"
            said[code] = str(refused.value)
            with pytest.raises(NotationError):
                position.parse_play("13/x")
            with pytest.raises(InvalidPositionError):
                Position.build(CLASSIC, {0: {1: 16}})
    assert said == {
        "en": "R8: 1 checker is still on the bar and must enter before any other checker moves",
        "es": (
            "R8: todavía queda 1 ficha en la barra y debe entrar antes de que se mueva otra ficha"
        ),
        "nl": "R8: er staat nog 1 schijf op de bar, die moet ingaan voordat een andere schijf zet",
    }


def test_plurals_follow_the_count() -> None:
    position = Position.build(CLASSIC, {0: {0: 2, 12: 13}, 1: {1: 15}}, dice=(6, 5))
    with speaking("es"), pytest.raises(IllegalMoveError) as refused:
        position.legal_plays().check(Play((Move(12, 18, 6),)))
    assert refused.value.reason.startswith("todavía quedan 2 fichas en la barra y deben entrar")


def test_records_and_notation_words_are_translated() -> None:
    game = Game(CLASSIC, seed=3)
    game.roll_opening()
    game.play(next(iter(game.legal_plays())))
    with speaking("es"):
        record = game.record()
    assert record.splitlines()[0] == "partida de classic"
    assert record.splitlines()[1] == "  X: Player X"  # names are the game's, given once
    assert "tirada inicial 1:" in record
    with speaking("nl"):
        assert game.record().splitlines()[0] == "classic-spel"


# --- a board in Spanish --------------------------------------------------------------------


def test_a_spanish_board_plays_a_turn_and_refuses_in_spanish() -> None:
    start = Position.build(CLASSIC, {0: {12: 15}, 1: {10: 2, 1: 13}}, dice=(3, 1))
    widget = BoardWidget(Game(CLASSIC, start=start), language="es")
    english = BoardWidget(Game(CLASSIC, start=start))
    front = Front(widget)
    assert widget.words["roll"] == "Tirar" and english.words["roll"] == "Roll"
    assert set(widget.words) == set(WORDS)
    # Point 13 (path 12) + 3 is path 15, held by two checkers of player 1: R6.
    refused = front.send("move", start="12", end="15")
    assert not refused["ok"]
    assert refused["error"] == {
        "text": "la casilla 10 está bloqueada por dos o más fichas adversarias",
        "rule": "R6",
    }
    assert widget.view["message"]["text"] == refused["error"]["text"]
    assert front.send("move", start="12", end="16")["ok"]  # by 13, with the 1 then the 3
    assert front.send("confirm")["ok"]
    assert widget.view["message"]["text"] == "Player X tiró 3-1: 13/9"
    assert widget.game.turns[-1].notation == "13/9"  # notation is the same everywhere

    # The package's language is untouched: a board beside it speaks English.
    assert language() == "en"
    with pytest.raises(IllegalMoveError) as again:
        english.move("12", "15")
    assert str(again.value).startswith("R6: 10 is blocked")


def test_a_session_speaks_its_language_without_a_widget() -> None:
    session = Session("classic", seed=1, language="nl")
    assert session.language == "nl"
    message = session.view()["message"]
    assert message is not None and message["text"].startswith("Openingsworp (R2): ")
    with pytest.raises(ValueError) as refused:
        session.undo_move()
    assert (
        session.message(refused.value)["text"] == "geen beweging van deze beurt om terug te nemen"
    )
    assert language() == "en"


def test_a_refusal_names_the_player_in_the_boards_language() -> None:
    session = Session("classic", seed=1, names=["Ana", "Bo"], language="es")
    game = session.game
    with speaking("es"):
        error = IllegalMoveError(
            "R14", _("player {player} owns the cube: only its owner may double").format(player=1)
        )
    assert game.names[1] == "Bo"
    assert session.message(error)["text"] == "el cubo lo tiene Bo: solo su dueño puede doblar"


ENGLISH_WORDS = re.compile(
    r"\b(?:the|to|and|turn|player|rolled|doubles|takes|wins|points?|game|opening|roll|"
    r"starts|cube|dice|checker|move|must|play|line|main|nothing|offered|first|has)\b"
)
"""Words that show an English sentence and are no Spanish or Dutch words (notation and
names have none of them)."""


def session_messages(code: str) -> list[str]:
    """Every message a classic match session says, in ``code``: the opening, a roll, moves,
    a refusal of each kind, the cube's actions and the end of the game."""
    game = Game(CLASSIC, seed=3, match=MatchState(5, (1, 2)))
    game.roll_opening([3, 5])
    game.play("13/8 24/21")
    session = Session(game, names=["Ann", "Bo"], language=code)
    said: list[str] = []

    def note() -> None:
        message = session.view()["message"]
        said.append("" if message is None else message["text"])

    def refused(action: Any, *args: Any) -> None:
        with pytest.raises(ValueError) as error:
            action(*args)
        said.append(session.message(error.value)["text"])

    refused(session.move, "13", "9")  # Bo has not rolled
    refused(session.undo_move)
    refused(session.take)  # no double is offered
    session.double()
    note()
    refused(session.roll)  # Ann must answer first
    session.take()
    note()
    session.roll(6, 4)
    note()
    refused(session.double)  # Bo has rolled, and Ann owns the cube
    refused(session.confirm)  # no move made: the play is not complete
    session.play("24/14")
    note()
    session.double()
    note()
    session.drop()
    note()
    refused(session.roll)  # the game is over
    session.main_line()
    note()
    return said


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_session_leaves_no_english_sentence(code: str) -> None:
    english = session_messages("en")
    spoken = session_messages(code)
    assert len(spoken) == len(english) and all(english)
    sentences = 0
    for en, said in zip(english, spoken, strict=True):
        if ENGLISH_WORDS.search(en):  # a sentence (not a play's notation alone)
            sentences += 1
            assert not ENGLISH_WORDS.search(said.lower()), (en, said)
        else:
            assert said == en, (en, said)
    assert sentences >= 10


def test_the_drawing_says_its_words_in_the_language_spoken() -> None:
    start = Position.start(CLASSIC)
    with speaking("es"):
        spanish = board_svg(start)
    with speaking("nl"):
        dutch = board_svg(start.with_dice(3, 1))
    texts = set(re.findall(r">([^<>]*[a-zA-Z][^<>]*)<", spanish))
    assert texts == {
        "posición de Classic, mueve Jugador X",
        "Jugador X",
        "Jugador O",
        "X",  # the letters on the players' discs
        "O",
        "167 pips",
        "167 pips · le toca tirar",
    }
    assert "Classic-stelling, Speler X aan zet, dobbelstenen 3-1" in dutch
    assert "167 pips · aan zet" in dutch


def test_the_tutor_writes_numbers_as_its_language_does() -> None:

    with speaking("es"):
        assert i18n.decimal(0.125, 3) == "0,125"
    with speaking("nl"):
        assert i18n.decimal(1.5, 2) == "1,50"
    assert i18n.decimal(0.125, 3) == "0.125"
