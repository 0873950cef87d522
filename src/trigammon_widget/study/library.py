"""A learner's study library: the decisions to practise, in an SQLite file.

``Library(path)`` opens (or makes) a library (``store``). Cards come in from an
analysed game or match (``add_mistakes``), by hand (``add``), from the course's
problems (``add_problems``) and from decks (``import_deck``); each decision is kept
once, by its key (``cards.key_of``). ``due()`` lists the cards to drill now,
``answer()`` judges an answer (``answers.judge``) and reschedules the card by FSRS
(``schedule``), ``regrade()`` overrides the grade given. Every write is one
transaction; a refused call changes nothing.

The library's clock is ``datetime.now(UTC)`` unless one is given (tests and replays
give their own): due times, answers and dates of making are read from it.
"""

from __future__ import annotations

import html
import json
import os
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any, Literal, Unpack

from ..engine import MatchPosition, Play, Position
from ..engine.errors import quote
from ..engine.i18n import _, decimal, ngettext
from ..engine.names import check_name
from ..judgement.analysis import (
    CubeReport,
    MatchReport,
    Report,
    Tables,
    TurnReport,
    cube_options,
    html_tables,
    mark_of,
    markdown_tables,
)
from ..judgement.cube import cube_decision
from ..judgement.judges import PLIES, need_numpy
from . import store
from .answers import Judged, Verdict, judge
from .cards import (
    KEPT,
    Card,
    Choice,
    Draft,
    Filters,
    Source,
    SourceKind,
    check_comment,
    check_filters,
    check_mark,
    check_source,
    check_tags,
    choices_text,
    key_of,
    level_of,
)
from .decks import read_deck, write_deck
from .schedule import LEARNING, Grade, Grading, Memory, Scheduler, check_grade, due_text

__all__ = ["Cards", "Library"]
_SEPARATOR = "\x1f"
"""Between a card's tags in one column of a query: a control character, which no tag
holds (``check_tags``)."""

Clock = Callable[[], datetime]


class Cards(tuple[Card, ...]):
    """Cards of a library, as a tuple that shows itself as a table (a notebook's HTML,
    ``to_markdown``), every text of the learner's shown as text."""

    def _title(self) -> str:
        return ngettext("{count} card", "{count} cards", len(self)).format(count=len(self))

    def _tables(self) -> Tables:
        head = (
            "#", _("variant"), _("question"), _("played"), _("best"), _("loss"), _("tags"),
            _("comment"), _("source"), _("due"),
        )  # fmt: skip
        rows: list[tuple[str, ...]] = [
            (
                str(card.id),
                card.variant,
                card.question(),
                card.said(card.made) if card.made is not None else "",
                card.said(card.best[0].text) if card.best else "",
                "" if card.loss is None else decimal(card.loss, 3),
                ", ".join(card.tags),
                card.comment,
                str(card.source),
                card.due.strftime("%Y-%m-%d %H:%M"),
            )
            for card in self
        ]
        return [(head, rows)]

    def to_markdown(self) -> str:
        """The cards as a Markdown table (Markdown's marks escaped, HTML as entities)."""
        return markdown_tables(self._title(), self._tables())

    def _repr_html_(self) -> str:
        return html_tables(self._title(), self._tables())


class Library:
    """A study library in the SQLite file at ``path`` (made if new).

    ``grading`` turns the equity an answer lost into its grade (``schedule.Grading``);
    ``retention`` and ``fuzz`` are FSRS's (``schedule.Scheduler``); ``clock`` says
    what time it is (aware datetimes; default: now, UTC). A file that is not a library,
    or is one of a newer version, is refused with a ``ValueError`` and left as it was.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        grading: Grading | None = None,
        retention: float = 0.9,
        fuzz: bool = True,
        clock: Clock | None = None,
    ) -> None:
        if grading is not None and not isinstance(grading, Grading):
            raise ValueError(
                _("grading must be a Grading, not {value}").format(value=quote(grading))
            )
        if clock is not None and not callable(clock):
            raise ValueError(_("clock must be callable, not {value}").format(value=quote(clock)))
        self._scheduler = Scheduler(retention, fuzz)
        self.grading = grading or Grading()
        self._clock = clock or (lambda: datetime.now(UTC))
        self._path = Path(path)
        self._lock = threading.RLock()
        self._connection = store.connect(self._path)

    # the file --------------------------------------------------------------------------

    @property
    def path(self) -> Path:
        return self._path

    def close(self) -> None:
        """Close the file (a library closed is closed for good)."""
        with self._lock:
            self._connection.close()

    def __enter__(self) -> Library:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def now(self) -> datetime:
        """The library's clock, in UTC."""
        now = self._clock()
        if not isinstance(now, datetime) or now.tzinfo is None:
            raise ValueError(
                _("the clock must give aware datetimes, not {value}").format(value=quote(now))
            )
        return now.astimezone(UTC)

    # reading ---------------------------------------------------------------------------

    def __len__(self) -> int:
        with self._lock:
            count: int = self._connection.execute("SELECT count(*) FROM cards").fetchone()[0]
        return count

    def __repr__(self) -> str:
        return f"<Library {str(self._path)!r}: {len(self)} cards, {self.count(due=True)} due>"

    def _repr_html_(self) -> str:
        """The library's file, its cards, those due and, none due, when the next is."""
        cards, due = len(self), self.count(due=True)
        said = [
            ngettext("{count} card", "{count} cards", cards).format(count=cards),
            ngettext("{count} card due", "{count} cards due", due).format(count=due),
        ]
        next_due = None if due else self.next_due()
        if next_due is not None:
            said.append(_("the next {due}").format(due=due_text(next_due, self.now())))
        return f"<p>{html.escape(str(self._path))}: {html.escape('; '.join(said))}</p>"

    def card(self, card: Card | int) -> Card:
        """The card with id ``card`` (or a card's id) as the library holds it now."""
        ident = _card_id(card)
        found = self._select("WHERE c.id = ?", [ident])
        if not found:
            raise ValueError(_("no card {id} in this library").format(id=ident))
        return found[0]

    def cards(
        self,
        *,
        due_before: datetime | None = None,
        limit: int | None = None,
        **filters: Unpack[Filters],
    ) -> Cards:
        """The cards that pass every filter given (``cards.Filters``: ``variant``,
        ``kind``, ``tag``, ``mark``, ``source``), oldest first, due before
        ``due_before``; at most ``limit``."""
        where, values = _filters(filters, due_before)
        return Cards(self._select(where, values, "c.id", limit))

    def due(
        self, now: datetime | None = None, *, limit: int | None = None, **filters: Unpack[Filters]
    ) -> Cards:
        """The cards due now (or at ``now``), the longest due first, with the filters
        of ``cards``; at most ``limit``."""
        at = self.now() if now is None else _aware(now, "now")
        where, values = _filters(filters, at, inclusive=True)
        return Cards(self._select(where, values, "c.due, c.id", limit))

    def count(self, *, due: bool = False, **filters: Unpack[Filters]) -> int:
        """How many cards pass the filters of ``cards`` (``due``: and are due now)."""
        at = self.now() if due else None
        where, values = _filters(filters, at, inclusive=True)
        with self._lock:
            found: int = self._connection.execute(
                f"SELECT count(*) FROM cards AS c {where}", values
            ).fetchone()[0]
        return found

    def next_due(self, **filters: Unpack[Filters]) -> datetime | None:
        """When the first card that passes the filters is due (None: no card)."""
        where, values = _filters(filters, None)
        with self._lock:
            found = self._connection.execute(
                f"SELECT min(c.due) FROM cards AS c {where}", values
            ).fetchone()[0]
        return None if found is None else datetime.fromisoformat(found)

    def tags(self) -> tuple[str, ...]:
        """Every tag of the library's cards, in order."""
        with self._lock:
            rows = self._connection.execute("SELECT DISTINCT tag FROM tags ORDER BY tag")
            return tuple(row[0] for row in rows)

    # filling ---------------------------------------------------------------------------

    def add_mistakes(
        self,
        report: Report | MatchReport,
        player: int | str,
        *,
        mark: str | None = None,
        loss: float | None = None,
        tags: Sequence[str] = (),
        source: str | None = None,
        date: date | str | None = None,
    ) -> int:
        """Add ``player``'s mistakes of an analysed game or match (``analyse(game)``,
        ``analyse(match)``) and return how many cards were new: each play or cube
        decision marked at least ``mark`` (default ``"?!"``: every marked one), or that
        lost at least ``loss`` points per game (give one or the other). ``player``: an
        index or a name of the report's. ``tags`` go on every card; ``source`` names
        the game (default: its players) and ``date`` says when it was played (default:
        today). A decision the library holds is not added again."""
        if not isinstance(report, Report | MatchReport):
            raise ValueError(
                _("add_mistakes needs an analysis (a Report or a MatchReport), not {kind}").format(
                    kind=type(report).__name__
                )
            )
        if report.cancelled:
            raise ValueError(_("the analysis was cancelled: analyse the whole game first"))
        seat = _player(report.names, player)
        floor = _floor(mark, loss)
        labels = check_tags(tags)
        name = _source_name(source, report.names)
        day = _date(date, self.now())
        games = report.games if isinstance(report, MatchReport) else (report,)
        kind: SourceKind = "match" if isinstance(report, MatchReport) else "game"
        drafts = [
            _mistake(judged, one, kind, name, number, day, labels)
            for number, one in enumerate(games, 1)
            for judged in _decisions(one)
            if judged.player == seat and _marked(judged, floor)
        ]
        return len(self._insert(drafts))

    def add(
        self,
        position: Position | MatchPosition,
        *,
        made: Play | str | None = None,
        tags: Sequence[str] = (),
        comment: str = "",
        source: Source | None = None,
        evaluator: str | None = None,
        ply: int = 0,
    ) -> Card:
        """Add a decision by hand and return its card: a ``Position`` with its dice (a
        checker play), or a classic ``MatchPosition`` before the roll where the player
        to move may double, or with the cube offered (take or pass). ``made``: the play
        or action made, if any. Its best choices are rated now by ``evaluator``
        (default: the project's net) at ``ply``. A decision the library holds already
        is refused."""
        draft = _draft(position, made, evaluator, ply, source or Source("position"))
        draft = replace(
            draft,
            tags=check_tags(tags),
            comment=check_comment(comment),
            source=_dated(draft.source, self.now()),
        )
        added = self._insert([draft])
        if not added:
            held = self._select("WHERE c.key = ?", [key_of(draft.kind, draft.position_id)])
            raise ValueError(
                _("this decision is in the library already: card {id}").format(id=held[0].id)
            )
        return self.card(added[0])

    def add_problems(self, *, tags: Sequence[str] = ("problem",)) -> int:
        """Add the course's problems (``teaching.problems``, both variants) as a starter
        deck: each its position, the evaluator's best plays, its theme and ``tags`` as
        tags, its explanation as the comment, in the language spoken. Returns how many
        were new."""
        need_numpy(_("The course's problems"))
        from ..judgement.evaluation import find_evaluator
        from ..teaching.problems import PROBLEMS
        from ..teaching.toolkit import said

        labels = check_tags(tags)
        today = self.now().date().isoformat()
        drafts = []
        for problem in PROBLEMS:
            ranked = problem.ranked
            drafts.append(
                Draft(
                    kind="play",
                    variant=problem.position.variant.name,
                    position_id=problem.position.id,
                    made=None,
                    made_equity=None,
                    best=tuple(Choice(hint.notation, hint.equity) for hint in ranked[:KEPT]),
                    evaluator=find_evaluator(None).name,
                    ply=0,
                    mark=None,
                    source=Source("problem", said(problem.title), date=today),
                    tags=check_tags((*labels, said(problem.theme))),
                    comment=check_comment(said(problem.explanation)),
                )
            )
        return len(self._insert(drafts))

    def import_deck(self, text: str, *, tags: Sequence[str] = ()) -> int:
        """Add the cards of a deck (``export_deck``'s JSON, from anyone: checked as every
        input is, ``decks``), with ``tags`` besides their own; returns how many were
        new. A deck with anything wrong is refused whole."""
        labels = check_tags(tags)
        now = self.now()
        drafts = [
            replace(
                draft,
                tags=check_tags((*draft.tags, *labels)),
                source=_dated(draft.source, now),
            )
            for draft in read_deck(text)
        ]
        return len(self._insert(drafts))

    def export_deck(self, name: str, **filters: Unpack[Filters]) -> str:
        """The cards that pass the filters as a deck named ``name``: versioned JSON that
        anyone's library reads back (``import_deck``), without the schedule (a deck
        starts afresh in each library)."""
        found = self.cards(**filters)
        return write_deck(check_name(name, _("a deck's name")), found)

    def export_anki(
        self, path: str | os.PathLike[str], name: str, **filters: Unpack[Filters]
    ) -> Path:
        """The cards that pass the filters as the Anki deck ``name``, written to the
        package file ``path`` (.apkg; needs the ``anki`` extra, ``study.anki``): each
        card a note, its position a picture, its best choices and comment on the back."""
        from .anki import write_anki

        found = self.cards(**filters)
        return write_anki(found, check_name(name, _("a deck's name")), path)

    def set_tags(self, card: Card | int, tags: Sequence[str]) -> Card:
        """Give ``card`` these tags (in place of its own)."""
        labels = check_tags(tags)
        ident = self.card(card).id
        with self._lock, store.write(self._connection) as db:
            db.execute("DELETE FROM tags WHERE card = ?", (ident,))
            db.executemany(
                "INSERT INTO tags (card, tag) VALUES (?, ?)", [(ident, t) for t in labels]
            )
        return self.card(ident)

    def set_comment(self, card: Card | int, comment: str) -> Card:
        """Give ``card`` this comment (empty: none)."""
        text = check_comment(comment)
        ident = self.card(card).id
        with self._lock, store.write(self._connection) as db:
            db.execute("UPDATE cards SET comment = ? WHERE id = ?", (text, ident))
        return self.card(ident)

    def remove(self, card: Card | int) -> None:
        """Take ``card`` out of the library, with its answers."""
        ident = self.card(card).id
        with self._lock, store.write(self._connection) as db:
            db.execute("DELETE FROM cards WHERE id = ?", (ident,))

    # drilling --------------------------------------------------------------------------

    def answer(
        self, card: Card | int, answer: Play | str, *, grade: Grade | None = None
    ) -> Verdict:
        """Judge ``answer`` (a play or its notation, a cube action) against the card's
        best (``answers.judge``), grade it from the equity it lost (``grading``; or
        ``grade``, the learner's own: "again", "hard", "good", "easy"), reschedule the
        card and record the answer. An answer that is not a legal choice of the card is
        refused and nothing changes."""
        chosen = None if grade is None else check_grade(grade)
        held = self.card(card)
        judged = judge(held, answer)
        graded = self.grading.grade(judged.loss)
        return self._review(held.id, judged, chosen or graded, graded)

    def regrade(self, verdict: Verdict, grade: Grade) -> Verdict:
        """Override the grade of the card's last answer (``verdict``): the card is
        rescheduled from where it stood before that answer."""
        if not isinstance(verdict, Verdict):
            raise ValueError(_("regrade needs a verdict, not {value}").format(value=quote(verdict)))
        chosen = check_grade(grade)
        with self._lock, store.write(self._connection) as db:
            row = db.execute(
                "SELECT id, before, at, grade FROM reviews WHERE card = ? ORDER BY id DESC LIMIT 1",
                (verdict.card.id,),
            ).fetchone()
            if row is None or row[0] != verdict.review:
                raise ValueError(
                    _("card {id} has been answered since: only its last answer is regraded").format(
                        id=verdict.card.id
                    )
                )
            before = _memory(json.loads(row[1]))
            at = datetime.fromisoformat(row[2])
            memory = self._scheduler.review(before, chosen, at, verdict.card.id)
            lapses = int(chosen == "again") - int(row[3] == "again")
            db.execute("UPDATE reviews SET grade = ? WHERE id = ?", (chosen, row[0]))
            db.execute(
                f"UPDATE cards SET {_MEMORY_SET}, lapses = lapses + ? WHERE id = ?",
                (*_memory_row(memory), lapses, verdict.card.id),
            )
        return replace(verdict, card=self.card(verdict.card.id), grade=chosen)

    def _review(self, ident: int, judged: Judged, grade: Grade, graded: Grade) -> Verdict:
        at = self.now()
        with self._lock, store.write(self._connection) as db:
            row = db.execute(
                f"SELECT {_MEMORY_COLUMNS} FROM cards WHERE id = ?", (ident,)
            ).fetchone()
            if row is None:
                raise ValueError(_("no card {id} in this library").format(id=ident))
            before = _memory(dict(zip(_MEMORY_FIELDS, row, strict=True)))
            memory = self._scheduler.review(before, grade, at, ident)
            db.execute(
                f"UPDATE cards SET {_MEMORY_SET}, reviews = reviews + 1, lapses = lapses + ? "
                "WHERE id = ?",
                (*_memory_row(memory), int(grade == "again"), ident),
            )
            review = db.execute(
                "INSERT INTO reviews (card, at, answer, loss, grade, evaluator, before) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    ident,
                    _iso(at),
                    judged.answer,
                    judged.loss,
                    grade,
                    judged.evaluator,
                    json.dumps(_memory_dict(before)),
                ),
            ).lastrowid
        assert review is not None
        return Verdict(self.card(ident), judged, grade, graded, at, review)

    def reviews(self, card: Card | int) -> list[tuple[datetime, str, float, Grade]]:
        """The answers given to ``card``, oldest first: when, the answer, its loss and
        its grade."""
        ident = self.card(card).id
        with self._lock:
            rows = self._connection.execute(
                "SELECT at, answer, loss, grade FROM reviews WHERE card = ? ORDER BY id", (ident,)
            ).fetchall()
        return [
            (datetime.fromisoformat(at), text, loss, check_grade(g)) for at, text, loss, g in rows
        ]

    # storing ---------------------------------------------------------------------------

    def _insert(self, drafts: Iterable[Draft]) -> list[int]:
        """Store the drafts whose decisions are new, in one transaction; their ids."""
        now = _iso(self.now())
        added: list[int] = []
        with self._lock, store.write(self._connection) as db:
            for draft in drafts:
                source = draft.source
                cursor = db.execute(
                    "INSERT OR IGNORE INTO cards (key, kind, variant, position, made, made_equity, "
                    "best, evaluator, ply, mark, level, source_kind, source_name, source_game, "
                    "source_turn, source_player, source_date, comment, added, due, state, step) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        key_of(draft.kind, draft.position_id),
                        draft.kind,
                        draft.variant,
                        draft.position_id,
                        draft.made,
                        draft.made_equity,
                        choices_text(draft.best),
                        draft.evaluator,
                        draft.ply,
                        draft.mark,
                        level_of(draft.mark),
                        source.kind,
                        source.name,
                        source.game,
                        source.turn,
                        source.player,
                        source.date,
                        draft.comment,
                        now,
                        now,
                        LEARNING,
                        0,
                    ),
                )
                if cursor.rowcount == 1 and cursor.lastrowid is not None:
                    added.append(cursor.lastrowid)
                    db.executemany(
                        "INSERT INTO tags (card, tag) VALUES (?, ?)",
                        [(cursor.lastrowid, tag) for tag in draft.tags],
                    )
        return added

    def _select(
        self, where: str, values: Sequence[object], order: str = "c.id", limit: int | None = None
    ) -> list[Card]:
        if limit is not None and (
            isinstance(limit, bool) or not isinstance(limit, int) or limit < 0
        ):
            raise ValueError(
                _("limit must be a whole number 0 or more, not {value}").format(value=quote(limit))
            )
        bound = "" if limit is None else f" LIMIT {limit}"
        query = (
            f"SELECT {_CARD_COLUMNS}, (SELECT group_concat(tag, '{_SEPARATOR}') FROM tags "
            f"WHERE tags.card = c.id) FROM cards AS c {where} ORDER BY {order}{bound}"
        )
        with self._lock:
            rows = self._connection.execute(query, values).fetchall()
        return [_card(row) for row in rows]


_CARD_FIELDS = (
    "id", "kind", "variant", "position", "made", "made_equity", "best", "evaluator", "ply",
    "mark", "source_kind", "source_name", "source_game", "source_turn", "source_player",
    "source_date", "comment", "added", "due", "reviews", "lapses",
)  # fmt: skip
_CARD_COLUMNS = ", ".join(f"c.{name}" for name in _CARD_FIELDS)
_MEMORY_FIELDS = ("due", "state", "step", "stability", "difficulty", "last_review")
_MEMORY_COLUMNS = ", ".join(_MEMORY_FIELDS)
_MEMORY_SET = ", ".join(f"{name} = ?" for name in _MEMORY_FIELDS)


def _card(row: Sequence[Any]) -> Card:
    (ident, kind, variant, position, made, made_equity, best, evaluator, ply, mark) = row[:10]
    (source_kind, name, game, turn, player, day, comment, added, due, reviews, lapses) = row[10:21]
    tags = row[21]
    return Card(
        id=ident,
        kind=kind,
        variant=variant,
        position_id=position,
        made=made,
        made_equity=made_equity,
        choices=best,
        evaluator=evaluator,
        ply=ply,
        mark=mark,
        source=Source(source_kind, name, game, turn, player, day),
        tags=tuple(sorted(tags.split(_SEPARATOR))) if tags else (),
        comment=comment,
        added=datetime.fromisoformat(added),
        due=datetime.fromisoformat(due),
        reviews=reviews,
        lapses=lapses,
    )


def _iso(moment: datetime) -> str:
    """A time as the library stores it: ISO 8601 in UTC to the microsecond, so that
    text order is time order."""
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def _memory_row(memory: Memory) -> tuple[object, ...]:
    return (
        _iso(memory.due),
        memory.state,
        memory.step,
        memory.stability,
        memory.difficulty,
        None if memory.last_review is None else _iso(memory.last_review),
    )


def _memory_dict(memory: Memory) -> dict[str, object]:
    return dict(zip(_MEMORY_FIELDS, _memory_row(memory), strict=True))


def _memory(data: dict[str, Any]) -> Memory:
    last = data["last_review"]
    return Memory(
        due=datetime.fromisoformat(data["due"]),
        state=data["state"],
        step=data["step"],
        stability=data["stability"],
        difficulty=data["difficulty"],
        last_review=None if last is None else datetime.fromisoformat(last),
    )


def _card_id(card: Card | int) -> int:
    if isinstance(card, Card):
        return card.id
    if isinstance(card, bool) or not isinstance(card, int):
        raise ValueError(_("a card is a Card or its id, not {value}").format(value=quote(card)))
    return card


def _aware(moment: object, what: str) -> datetime:
    if not isinstance(moment, datetime) or moment.tzinfo is None:
        raise ValueError(
            _("{what} must be an aware datetime, not {value}").format(
                what=what, value=quote(moment)
            )
        )
    return moment


def _filters(
    filters: Mapping[str, object], due: datetime | None, *, inclusive: bool = False
) -> tuple[str, list[object]]:
    """The ``WHERE`` clause of the filters given (checked, ``cards.check_filters``) and
    of a due time, and its values."""
    checked = check_filters(filters)
    clauses: list[str] = []
    values: list[object] = []
    for name in ("variant", "kind"):
        if name in checked:
            clauses.append(f"c.{name} = ?")
            values.append(checked[name])
    if "tag" in checked:
        clauses.append("EXISTS (SELECT 1 FROM tags WHERE tags.card = c.id AND tags.tag = ?)")
        values.append(checked["tag"])
    if "mark" in checked:
        clauses.append("c.level >= ?")
        values.append(level_of(checked["mark"]))
    if "source" in checked:
        clauses.append("c.source_name = ?")
        values.append(checked["source"])
    if due is not None:
        clauses.append("c.due <= ?" if inclusive else "c.due < ?")
        values.append(_iso(_aware(due, "due")))
    return ("WHERE " + " AND ".join(clauses) if clauses else ""), values


def _player(names: Sequence[str], player: object) -> int:
    """A player of a report, by index or by name."""
    if isinstance(player, str) and player in names:
        return list(names).index(player)
    if not isinstance(player, bool) and isinstance(player, int) and 0 <= player < len(names):
        return player
    raise ValueError(
        _("player must be one of {names} or 0..{last}, not {value}").format(
            names=", ".join(names), last=len(names) - 1, value=quote(player)
        )
    )


def _floor(mark: object, loss: object) -> float | int:
    """The least a decision must have lost to be added: a mark's level (an int), or a
    loss in points (a float)."""
    if mark is not None and loss is not None:
        raise ValueError(_("give a mark or a loss, not both"))
    if loss is not None:
        if isinstance(loss, bool) or not isinstance(loss, int | float) or not 0 <= loss <= 3:
            raise ValueError(
                _("loss must be an equity 0..3, not {value}").format(value=quote(loss))
            )
        return float(loss)
    return level_of(check_mark("?!" if mark is None else mark))


def _decisions(report: Report) -> list[TurnReport | CubeReport]:
    """A game's judged plays and cube decisions, in the order of the line."""
    found: list[TurnReport | CubeReport] = [*report.turns, *report.cube]
    return sorted(found, key=lambda judged: judged.ply)


def _marked(judged: TurnReport | CubeReport, floor: float | int) -> bool:
    if isinstance(judged, TurnReport) and not judged.decision:
        return False
    if isinstance(floor, float):
        return judged.loss >= floor and judged.loss > 0
    return level_of(judged.mark) >= floor


def _mistake(
    judged: TurnReport | CubeReport,
    report: Report,
    kind: SourceKind,
    name: str,
    number: int,
    day: str,
    tags: tuple[str, ...],
) -> Draft:
    """A decision of a report as a card."""
    source = Source(
        kind,
        name,
        number if kind == "match" else None,
        judged.ply,
        report.names[judged.player],
        day,
    )
    if isinstance(judged, CubeReport):
        options = judged.options
        return Draft(
            kind="cube",
            variant=report.variant,
            position_id=judged.position.id,
            made=judged.action,
            made_equity=dict(options)[judged.action],
            best=tuple(Choice(text, equity) for text, equity in options),
            evaluator=report.evaluator,
            ply=report.ply,
            mark=judged.mark,
            source=source,
            tags=tags,
        )
    return Draft(
        kind="play",
        variant=report.variant,
        position_id=judged.position.id,
        made=judged.notation,
        made_equity=judged.equity,
        best=tuple(Choice(rating.notation, rating.equity) for rating in judged.best[:KEPT]),
        evaluator=report.evaluator,
        ply=report.ply,
        mark=judged.mark,
        source=source,
        tags=tags,
    )


def _draft(
    position: object, made: object, evaluator: str | None, ply: object, source: Source
) -> Draft:
    """A decision added by hand, rated now."""
    check_source(source)
    if isinstance(ply, bool) or ply not in PLIES:
        raise ValueError(
            _("ply must be one of {plies}, not {ply}").format(plies=PLIES, ply=quote(ply))
        )
    need_numpy(_("A card added by hand"))
    from ..judgement.evaluation import find_evaluator, hints

    chosen = find_evaluator(evaluator)
    if isinstance(position, MatchPosition) and position.position.dice is not None:
        position = position.position
    if isinstance(position, MatchPosition):
        return _cube_draft(position, made, chosen.name, int(ply), source)
    if not isinstance(position, Position):
        raise ValueError(
            _("a card is made of a Position or a MatchPosition, not {kind}").format(
                kind=type(position).__name__
            )
        )
    if position.dice is None:
        raise ValueError(_("a checker play needs its dice: add position.with_dice(d1, d2)"))
    chosen.check(position.variant)
    ranked = hints(position, evaluator=chosen, ply=int(ply))
    if len(ranked) < 2:
        raise ValueError(_("no decision to practise: the roll has one legal play"))
    best = tuple(Choice(hint.notation, hint.equity) for hint in ranked[:KEPT])
    made_text = made_equity = None
    if made is not None:
        play = position.parse_play(made) if isinstance(made, str) else made
        if not isinstance(play, Play):
            raise ValueError(
                _("made must be a play or its notation, not {value}").format(value=quote(made))
            )
        reached = position.after(position.legal_plays().check(play).moves).boards
        hint = next(h for h in ranked if position.after(h.play.moves).boards == reached)
        made_text, made_equity = hint.notation, hint.equity
    return Draft(
        kind="play",
        variant=position.variant.name,
        position_id=position.id,
        made=made_text,
        made_equity=made_equity,
        best=best,
        evaluator=chosen.name,
        ply=int(ply),
        mark=_mark(best[0].equity, made_equity),
        source=source,
    )


def _cube_draft(
    position: MatchPosition, made: object, evaluator: str, ply: int, source: Source
) -> Draft:
    """A cube decision added by hand: double or not, or (offered) take or pass."""
    legal = position.legal_cube_actions()
    asked: Literal["double", "take"]
    if "take" in legal:
        asked = "take"
    elif "double" in legal:
        asked = "double"
    else:
        raise ValueError(_("no cube decision here: the player to move may not double (R14)"))
    from ..judgement.evaluation import evaluate

    chances = evaluate(position.position, evaluator=evaluator, ply=ply)
    options = cube_options(asked, cube_decision(position, chances))
    made_text = made_equity = None
    if made is not None:
        choices = dict(options)
        text = "drop" if made == "pass" else made
        if text not in choices:
            raise ValueError(
                _("made must be one of {choices}, not {value}").format(
                    choices=", ".join(choices), value=quote(made)
                )
            )
        made_text, made_equity = str(text), choices[str(text)]
    return Draft(
        kind="cube",
        variant=position.position.variant.name,
        position_id=position.id,
        made=made_text,
        made_equity=made_equity,
        best=tuple(Choice(text, equity) for text, equity in options),
        evaluator=evaluator,
        ply=ply,
        mark=_mark(options[0][1], made_equity),
        source=source,
    )


def _mark(best: float, made: float | None) -> str | None:
    return None if made is None else mark_of(max(0.0, best - made))


def _source_name(source: object, names: Sequence[str]) -> str:
    if source is None:
        return " - ".join(names)
    return check_name(source, _("a source's name"))


def _date(day: object, now: datetime) -> str:
    """A game's date as a card keeps it (ISO), today's by default."""
    if day is None:
        return now.date().isoformat()
    if isinstance(day, datetime):
        return day.date().isoformat()
    if isinstance(day, date):
        return day.isoformat()
    if isinstance(day, str):
        try:
            return date.fromisoformat(day).isoformat()
        except ValueError:
            pass
    raise ValueError(
        _("a date is a date or ISO text (2025-05-01), not {value}").format(value=quote(day))
    )


def _dated(source: Source, now: datetime) -> Source:
    """``source`` with today's date, where it has none."""
    return source if source.date else replace(source, date=now.date().isoformat())
