"""The package's layers, as the README's development section draws them: every module
imports only from its own row and the rows below it, and the engine needs neither
numpy nor Jupyter. Imports inside functions and for type checking count too; the
few that go up are listed, each with its reason."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parent.parent / "src" / "trigammon_widget"

LAYERS = [
    {"widget"},
    {"session", "protocol"},
    {"coaching", "chart"},
    {"sheets", "problems", "lessons", "gallery", "export"},
    {"analysis", "rollout", "training", "bots"},
    {"cube", "met", "evaluation", "network"},
    {"svg", "parallel"},
    {"engine"},
]
"""Top to bottom; a module is named by its first part below the package."""
RANK = {name: rank for rank, names in enumerate(LAYERS) for name in names}
UPWARD = {
    # Positions, games and matches draw themselves in a notebook (``_repr_svg_``,
    # ``to_svg``, ``to_animated_svg``), as python-chess boards do: imported on use.
    ("engine", "svg"),
    ("engine", "export"),
    # A hint's rollout, for its type only.
    ("evaluation", "rollout"),
}


def unit(path: Path) -> str:
    return path.relative_to(PACKAGE).parts[0].removesuffix(".py")


def imported(path: Path) -> set[str]:
    """The package's own units that ``path`` imports (relative imports, resolved)."""
    package = path.relative_to(PACKAGE).parts[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package[: len(package) - (node.level - 1)]
            target = (*base, *(node.module.split(".") if node.module else ()))
            names = [target] if target else [(alias.name,) for alias in node.names]
            found.update(name[0] for name in names)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
            "trigammon_widget."
        ):
            found.add((node.module or "").split(".")[1])
    return found


MODULES = sorted(p for p in PACKAGE.rglob("*.py") if unit(p) != "__init__")


def test_every_module_has_a_layer() -> None:
    assert {unit(p) for p in MODULES} == set(RANK)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_go_down(path: Path) -> None:
    own = RANK[unit(path)]
    upward = sorted(
        name
        for name in imported(path)
        if RANK.get(name, own) < own and (unit(path), name) not in UPWARD
    )
    assert not upward, f"{path.name} imports {upward} from a layer above"


def test_the_engine_needs_no_numpy_and_no_jupyter() -> None:
    for path in (PACKAGE / "engine").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import | ast.ImportFrom):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
                module = node.module if isinstance(node, ast.ImportFrom) else None
                for name in [*names, module or ""]:
                    assert name.split(".")[0] not in {
                        "numpy",
                        "anywidget",
                        "traitlets",
                        "IPython",
                    }, f"{path.name} imports {name}"
