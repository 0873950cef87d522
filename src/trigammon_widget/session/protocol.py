"""The board's message protocol, declared once: actions, their fields, and the view.

A session method marked ``@action(field=KIND, ...)`` is an intent the front end may
send. From those marks follow the intent decoder (``decode``), the action table of
``docs/widget-protocol.md`` and the TypeScript ``Intent`` union of
``js/protocol.ts``; the ``View`` (and the types inside it) is a ``TypedDict`` whose
TypeScript twin is generated the same way. ``scripts/generate_protocol.py`` rewrites
both generated files; the tests fail when they are out of date.
"""

from __future__ import annotations

import inspect
import json
import types
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, NotRequired, TypedDict, TypeVar, get_args, get_origin

from ..engine.errors import quote
from ..engine.i18n import _, ngettext, speaking
from ..engine.places import MAX_PLACE_TEXT

__all__ = [
    "Action",
    "ExportFile",
    "FramesMessage",
    "IntentError",
    "Kind",
    "Reply",
    "Table",
    "action",
    "actions_of",
    "decode",
    "typescript",
]


class IntentError(ValueError):
    """An intent from the front end that is malformed, stale or out of range."""


MAX_TEXT = 64
"""Longest string field an intent may carry."""


@dataclass(frozen=True)
class Kind:
    """What one intent field holds: its TypeScript type, a check of its JSON value,
    and what it is in words, in the language spoken (``said()``: a refusal of a wrong
    value says it, and the protocol document in English)."""

    ts: str
    check: Callable[[object], bool]
    said: Callable[[], str]


def _int(value: object) -> bool:
    return type(value) is int and abs(value) <= 10**6


INT = Kind("number", _int, lambda: _("a whole number"))
BOOL = Kind("boolean", lambda value: type(value) is bool, lambda: _("true or false"))
PLACE = Kind(
    "Place",
    lambda value: isinstance(value, str) and 0 < len(value) <= MAX_PLACE_TEXT,
    lambda: _('a place ("13", "bar", "off")'),
)
DIE_OR_NONE = Kind(
    "number | null", lambda value: value is None or _int(value), lambda: _("a die 1..6 or null")
)
PLAYER_OR_NONE = Kind(
    "number | null",
    lambda value: value is None or _int(value),
    lambda: _("a player's number or null"),
)
TEXT = Kind(
    "string",
    lambda v: isinstance(v, str) and len(v) <= MAX_TEXT,
    lambda: _("a text of at most {count} characters").format(count=MAX_TEXT),
)


def choice(*values: str) -> Kind:
    """A field holding one of ``values``."""
    return Kind(
        " | ".join(f'"{value}"' for value in values),
        lambda value: value in values,
        lambda: _("one of {values}").format(values=", ".join(f'"{value}"' for value in values)),
    )


@dataclass(frozen=True)
class Action:
    """One intent: the session method it calls and the fields it carries."""

    name: str
    fields: Mapping[str, Kind]
    doc: str
    changes: bool
    """False for questions (``preview``) that change nothing and keep the version."""


F = TypeVar("F", bound=Callable[..., Any])


def action(changes: bool = True, **fields: Kind) -> Callable[[F], F]:
    """Marks a session method as an intent; its fields are its parameters."""

    def mark(method: F) -> F:
        doc = inspect.getdoc(method) or ""
        method.__intent__ = Action(method.__name__, fields, doc.split("\n\n")[0], changes)  # type: ignore[attr-defined]
        return method

    return mark


def actions_of(classes: Iterable[type]) -> dict[str, Action]:
    """Every action declared on each of ``classes`` (its own, not its bases'), by name:
    class by class, each in its definition order."""
    found: dict[str, Action] = {}
    for klass in classes:
        for name, member in vars(klass).items():
            declared = getattr(member, "__intent__", None)
            if isinstance(declared, Action):
                found[name] = declared
    return found


def decode(actions: Mapping[str, Action], content: object) -> tuple[Action, dict[str, Any]]:
    """The action an intent asks for and its checked fields, or ``IntentError``.

    An intent is ``{kind: "intent", id, version, action, ...fields}``; ``id`` and
    ``version`` are the caller's to check.
    """
    if not isinstance(content, dict) or content.get("kind") != "intent":
        raise IntentError(_('not an intent: a message to the board has the kind "intent"'))
    name = content.get("action")
    if not isinstance(name, str) or name not in actions:
        raise IntentError(_("unknown action {action}").format(action=quote(name)))
    declared = actions[name]
    unknown = set(content) - {"kind", "id", "version", "action", *declared.fields}
    if unknown:
        shown = ", ".join(sorted(quote(key) for key in unknown)[:3])
        raise IntentError(
            ngettext(
                "{action}: unexpected field {fields}",
                "{action}: unexpected fields {fields}",
                len(unknown),
            ).format(action=name, fields=shown)
        )
    missing = [field for field in declared.fields if field not in content]
    if missing:
        raise IntentError(
            ngettext(
                "{action}: missing field {fields}",
                "{action}: missing fields {fields}",
                len(missing),
            ).format(action=name, fields=", ".join(missing))
        )
    for field, kind in declared.fields.items():
        if not kind.check(content[field]):
            raise IntentError(
                _("{action}: {field} must be {kind}, not {value}").format(
                    action=name, field=field, kind=kind.said(), value=quote(content[field])
                )
            )
    return declared, {field: content[field] for field in declared.fields}


class ReplyError(TypedDict):
    """A refusal as the front end receives it: the text, and the rule it cites."""

    text: str
    rule: str | None


class ExportFile(TypedDict):
    """A picture to save: ``data`` is its text, or base64 when ``base64`` (PNG, GIF)."""

    filename: str
    mime: str
    data: str
    base64: bool


class Reply(TypedDict):
    """Python's answer to every intent: done, or refused and why (nothing changed)."""

    kind: Literal["reply"]
    id: int | None
    ok: bool
    error: ReplyError | None
    svg: NotRequired[str]
    file: NotRequired[ExportFile]


class FramesMessage(TypedDict):
    """Drawings sent ahead: ``steps`` by ply (valid while ``line`` holds) and ``moves``
    by ``"from>to"`` (valid for ``version`` only)."""

    kind: Literal["frames"]
    version: int
    line: int
    steps: dict[str, str]
    moves: dict[str, str]


# --- generated documents --------------------------------------------------------------


def _ts_type(hint: object, names: dict[str, type]) -> str:
    """The TypeScript spelling of a Python type hint of the view."""
    origin = get_origin(hint)
    if hint is type(None) or hint is None:
        return "null"
    if hint is int or hint is float:
        return "number"
    if hint is str:
        return "string"
    if hint is bool:
        return "boolean"
    if hint is Any:
        return "unknown"
    if origin is Literal:
        return " | ".join(f'"{value}"' for value in get_args(hint))
    if origin is list or origin is tuple:
        args = [arg for arg in get_args(hint) if arg is not Ellipsis]
        inner = _ts_type(args[0], names)
        return f"({inner})[]" if " " in inner else f"{inner}[]"
    if origin is dict:
        key, value = get_args(hint)
        return f"Record<{_ts_type(key, names)}, {_ts_type(value, names)}>"
    if origin in (typing.Union, types.UnionType):
        return " | ".join(_ts_type(arg, names) for arg in get_args(hint))
    if origin is NotRequired:
        return _ts_type(get_args(hint)[0], names)
    if isinstance(hint, type) and typing.is_typeddict(hint):
        names[hint.__name__] = hint
        return hint.__name__
    raise TypeError(f"no TypeScript spelling for {hint!r}")


def _interfaces(roots: Sequence[type]) -> list[str]:
    """``interface`` blocks for ``roots`` and every TypedDict inside them."""
    names: dict[str, type] = {root.__name__: root for root in roots}
    done: dict[str, str] = {}
    while len(done) < len(names):
        for name, hint in list(names.items()):
            if name in done:
                continue
            lines = [f"export interface {name} {{"]
            doc = inspect.getdoc(hint)
            if doc and doc != inspect.getdoc(dict):
                lines.insert(0, f"/** {doc.splitlines()[0]} */")
            hints = typing.get_type_hints(hint, include_extras=True)
            for field, field_hint in hints.items():
                optional = get_origin(field_hint) is NotRequired or field in getattr(
                    hint, "__optional_keys__", ()
                )
                lines.append(f"  {field}{'?' if optional else ''}: {_ts_type(field_hint, names)};")
            lines.append("}")
            done[name] = "\n".join(lines)
    return [done[name] for name in names]


@dataclass(frozen=True)
class Table:
    """A list of choices the front end shows, each a value and its label, declared once
    in Python (such as the seats, ``session.seats.SEATS``)."""

    doc: str
    choices: Mapping[str, str]


def typescript(
    actions: Mapping[str, Action],
    roots: Sequence[type],
    tables: Mapping[str, Table] = {},
    numbers: Mapping[str, tuple[str, int]] = {},
) -> str:
    """``js/protocol.ts``: the ``Intent`` union, an interface for each TypedDict of
    ``roots`` and every TypedDict inside them, each of ``tables`` as a constant of
    ``[value, label]`` pairs, and each of ``numbers`` (a doc and a value) as a constant."""
    union = []
    for declared in actions.values():
        fields = "".join(f"; {field}: {kind.ts}" for field, kind in declared.fields.items())
        union.append(f'  | {{ action: "{declared.name}"{fields} }}')
    return "\n".join(
        [
            "// Generated by scripts/generate_protocol.py from the session's",
            "// @action declarations and the protocol's TypedDicts. Do not edit by hand.",
            "",
            '/** An absolute point "1".."36", the mover\'s "bar" or the mover\'s tray "off". */',
            "export type Place = string;",
            "",
            "/** Every intent the board may send (Python checks each field again). */",
            "export type Intent =",
            *union,
            "  ;",
            "",
            'export type Action = Intent["action"];',
            "",
            "/** Whether an action changes the board (false: a question such as preview). */",
            "export const CHANGES: Record<Action, boolean> = {",
            *(f"  {name}: {str(a.changes).lower()}," for name, a in actions.items()),
            "};",
            "",
            *(_table(name, table) for name, table in tables.items()),
            *(
                f"/** {doc} */\nexport const {name} = {value};\n"
                for name, (doc, value) in numbers.items()
            ),
            *("\n".join([block, ""]) for block in _interfaces(roots)),
        ]
    )


def _table(name: str, table: Table) -> str:
    pairs = [
        f"  [{json.dumps(value)}, {json.dumps(label)}]," for value, label in table.choices.items()
    ]
    return "\n".join([f"/** {table.doc} */", f"export const {name} = [", *pairs, "] as const;", ""])


def action_table(actions: Mapping[str, Action]) -> str:
    """The Markdown table of actions in ``docs/widget-protocol.md`` (in English)."""
    rows = ["| action | fields | effect |", "|---|---|---|"]
    for declared in actions.values():
        with speaking("en"):
            kinds = [(field, kind.said()) for field, kind in declared.fields.items()]
        fields = ", ".join(f"`{field}`: {said}" for field, said in kinds)
        effect = " ".join(declared.doc.split()).replace("``", "`").replace("|", "\\|")
        rows.append(f"| `{declared.name}` | {fields} | {effect} |")
    return "\n".join(rows)
