"""The package's layers, as the docs' architecture page draws them: every module
imports only from its own layer and the layers below it, no two modules import each
other round a circle, the engine's modules included, and the engine needs neither
numpy nor Jupyter. Imports inside functions and for type checking count too; nothing
is allowed upward, and only the position's own notation and IDs (``FACADES``) import
back."""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

from tests.paths import ROOT

PACKAGE = ROOT / "src" / "trigammon_widget"

LAYERS = [
    {"widget", "saving"},
    {"session"},
    {"study"},
    {"teaching"},
    {"pictures"},
    {"judgement"},
    {"engine"},
]
"""Top to bottom, one row per layer; a module's layer is its first part below the package."""
RANK = {name: rank for rank, names in enumerate(LAYERS) for name in names}


def unit(path: Path) -> str:
    return path.relative_to(PACKAGE).parts[0].removesuffix(".py")


def module(path: Path) -> str:
    """The module's dotted name below the package (a package's face is the package)."""
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = sorted(p for p in PACKAGE.rglob("*.py") if p.parent != PACKAGE or p.stem != "__init__")
NAMES = {module(p) for p in MODULES}


def imported(path: Path) -> set[str]:
    """The package's own modules that ``path`` imports (relative imports, resolved)."""
    package = path.relative_to(PACKAGE).parts[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets: list[tuple[str, ...]] = []
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package[: len(package) - (node.level - 1)]
            target = (*base, *(node.module.split(".") if node.module else ()))
            targets = [target] if node.module else [(*target, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
            "trigammon_widget."
        ):
            targets = [tuple((node.module or "").split(".")[1:])]
        for target in targets:
            name = ".".join(target)
            while name and name not in NAMES:
                name = name.rpartition(".")[0]
            if name:
                found.add(name)
    return found - {module(path)}


def test_every_module_has_a_layer() -> None:
    assert {unit(p) for p in MODULES} == set(RANK)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_go_down(path: Path) -> None:
    own = RANK[unit(path)]
    upward = sorted(name for name in imported(path) if RANK[name.split(".")[0]] < own)
    assert not upward, f"{path.name} imports {upward} from a layer above"


FACADES = {
    ("engine.position", "engine.diagram"): "str(position): the text board",
    ("engine.position", "engine.notation"): "Position.format_play and parse_play",
    ("engine.position", "engine.ids"): "Position.id, from_id, to_dict and from_dict",
    ("engine.stakes", "engine.ids"): "MatchPosition.id, xgid, gnubg_id and their readers",
}
"""The only imports that run back up: a position's own notation and IDs, which python-chess
keeps on its board too (``board.san()``, ``board.fen()``), made on use by the modules that
read and write them (those modules build positions, so they sit above them). Each
is an import inside the methods named; the file formats of games and matches import
the values and are never imported by them."""


def test_no_module_imports_round_a_circle() -> None:
    graph: dict[str, set[str]] = {}
    for path in MODULES:
        name = module(path)
        graph.setdefault(name, set()).update(
            target for target in imported(path) if (name, target) not in FACADES
        )
    try:
        tuple(TopologicalSorter(graph).static_order())
    except CycleError as error:
        pytest.fail(f"modules import each other round a circle: {error.args[1]}")


@pytest.mark.parametrize(("importer", "facade"), FACADES)
def test_each_facade_is_imported_only_inside_its_methods(importer: str, facade: str) -> None:
    """A facade stays an import on use: never at the top of the module, where it would
    tie the two modules into one."""
    path = PACKAGE / (importer.replace(".", "/") + ".py")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    on_use = {
        node
        for function in ast.walk(tree)
        if isinstance(function, ast.FunctionDef)
        for node in ast.walk(function)
    }
    found = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module == facade.rpartition(".")[2]
    ]
    assert found, f"{importer} no longer imports {facade}: drop it from FACADES"
    assert all(node in on_use for node in found), f"{importer} imports {facade} at the top"


COMPILED = {PACKAGE / "engine" / "compiled.py", PACKAGE / "engine" / "twister.py"}
"""The engine's optional compiled fast path (the ``fast`` extra: the search, and
CPython's random generator for whole games in compiled code): numpy and numba are
their tools. Nothing else in the engine imports them; ``engine.fast`` loads the
search by name where numba is installed, so the pure engine (the reference) never
needs numpy."""


def test_the_engine_needs_no_numpy_and_no_jupyter() -> None:
    for path in (PACKAGE / "engine").rglob("*.py"):
        banned = {"anywidget", "traitlets", "IPython"}
        if path not in COMPILED:
            banned |= {"numpy", "numba"}
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import | ast.ImportFrom):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
                module = node.module if isinstance(node, ast.ImportFrom) else None
                for name in [*names, module or ""]:
                    assert name.split(".")[0] not in banned, f"{path.name} imports {name}"
                    assert name.rpartition(".")[2] != "compiled" or path.stem == "fast", (
                        f"{path.name} imports the compiled fast path; only engine.fast loads it"
                    )


ROOMS = [
    {"training"},
    {"analysis", "risk"},
    {"play"},
    {"cube"},
    {"evaluation"},
    {"nets"},
    {"inputs", "race"},
    {"outcome_vectors", "threads", "judges"},
    {""},
]
"""The judgement's rooms, top to bottom, as its ``__init__`` tells them: a sub-package
or a module of its own; ``""`` is the package itself (its data folders)."""
ROOM_RANK = {name: rank for rank, names in enumerate(ROOMS) for name in names}


def room(name: str) -> str:
    """The room of a judgement module's dotted name (``judgement.nets.shipped``: nets)."""
    return name.split(".")[1] if "." in name else ""


JUDGED = [p for p in MODULES if unit(p) == "judgement"]


def test_every_judgement_module_has_a_room() -> None:
    assert {room(module(p)) for p in JUDGED} == set(ROOM_RANK)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_rooms_are_entered_by_their_faces(path: Path) -> None:
    """A module imports another room's names from that room's face (its ``__init__``),
    never from a module behind it; the compiled twins alone are imported by name, where
    the fast path is in use, so that no face loads numba."""
    own = module(path)
    behind = sorted(
        name
        for name in imported(path)
        if name.startswith("judgement.")
        and name.count(".") > 1
        and room(name) != (room(own) if unit(path) == "judgement" else None)
        and not name.rpartition(".")[2].startswith("compiled")
    )
    assert not behind, f"{path.name} imports {behind} past their rooms' faces"


@pytest.mark.parametrize("path", JUDGED, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_judgement_rooms_import_down(path: Path) -> None:
    own = room(module(path))
    upward = sorted(
        name
        for name in imported(path)
        if name.startswith("judgement")
        and room(name) != own
        and ROOM_RANK[room(name)] <= ROOM_RANK[own]
    )
    assert not upward, f"{path.name} imports {upward} from its own floor or above"
