"""The site's own Sphinx extension: what the pages show is made from the code at build time.

- ``course/``: the course's notebooks, executed in fresh kernels (two at a time; the
  run ``tests/test_notebooks.py`` checks, ``scripts/executed_notebooks.py``), their
  boards' live outputs left out as a saved lesson leaves them
  (``trigammon_widget.saving.drop_live_boards``), so each board shows its still picture.
- ``trigammon-gallery``: the gallery's cases (``teaching.gallery.CASES``) with the
  pictures of ``docs/gallery/`` (kept current by ``tests/teaching/test_gallery.py``).
- ``trigammon-layers``: the package's layers and the imports between their rooms, read
  from the sources (``ast``), drawn by Graphviz.
- ``trigammon-public-names``: ``trigammon_widget.__all__``, each name linked to the page
  of the module that defines it.
- A public name documented without a docstring, or missing from the API reference, is a
  warning, so ``./dev docs`` fails; an annotation's short name is linked to the module
  that defines its object, and one a module keeps out of ``__all__`` is shown unlinked.
"""

from __future__ import annotations

import ast
import sys
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from pathlib import Path
from typing import Any

import nbformat
from docutils import nodes
from docutils.statemachine import StringList
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
from executed_notebooks import cached_copy, executed  # noqa: E402

PACKAGE = ROOT / "src" / "trigammon_widget"
NOTEBOOKS = ROOT / "notebooks"
DOCS = ROOT / "docs"
COURSE = DOCS / "course"
"""The executed notebooks the site renders (git-ignored, made by the build)."""

PREFIX = "trigammon_widget."
TYPE_VARIABLES = {"TypeVar", "ParamSpec"}
logger = logging.getLogger(__name__)


def _warn(text: str) -> None:
    """A warning of the API reference's (``-W`` makes it an error)."""
    logger.warning(text, type="trigammon", subtype="api")


def _assigned(node: ast.Assign | ast.AnnAssign) -> list[str]:
    """The names an assignment binds (``a, b = ...`` binds both)."""
    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
    names = []
    for target in targets:
        for element in target.elts if isinstance(target, ast.Tuple) else [target]:
            if isinstance(element, ast.Name):
                names.append(element.id)
    return names


def _render(source: Path) -> None:
    """``source`` executed (``executed_notebooks``), its boards' live outputs dropped as
    a saved lesson drops them, written to ``course/`` unless already there as it is."""
    from trigammon_widget.saving import drop_live_boards

    notebook = executed(source)
    drop_live_boards({"type": "notebook", "content": notebook})
    for cell in notebook.cells:  # the plumbing the lesson folds away stays folded
        if cell.get("metadata", {}).get("jupyter", {}).get("source_hidden"):
            tags = cell.metadata.setdefault("tags", [])
            tags.append("hide-input")
    text = nbformat.writes(notebook)  # type: ignore[no-untyped-call]
    target = COURSE / source.name
    if not target.exists() or target.read_text(encoding="utf-8") != text:
        target.write_text(text, encoding="utf-8")  # an unchanged page is not read again


def stage_course(app: Sphinx) -> None:
    """Fills ``docs/course/`` with the executed English course (``notebooks/*.ipynb``),
    two notebooks at a time (each in its own kernel)."""
    sources = sorted(NOTEBOOKS.glob("*.ipynb"))
    COURSE.mkdir(exist_ok=True)
    for stale in set(COURSE.glob("*.ipynb")) - {COURSE / source.name for source in sources}:
        stale.unlink()
    waiting = [source for source in sources if not cached_copy(source).exists()]
    logger.info(f"course: {len(waiting)} of {len(sources)} notebooks to execute")
    with ThreadPoolExecutor(max_workers=2) as pool:
        list(pool.map(_render, sources))


WIDTH = "   :width: 480px"
"""A gallery picture's width on the page (the drawing is 600 px: it scales down)."""


def _parsed(directive: SphinxDirective, lines: list[str], source: str) -> list[nodes.Node]:
    """reST made from the code, parsed in place of ``directive`` (titles and all)."""
    container = nodes.section()
    container.document = directive.state.document
    nested_parse_with_titles(directive.state, StringList(lines, source=source), container)
    return list(container.children)


class GalleryDirective(SphinxDirective):
    """Every case of the gallery: its rule, its story, its picture and its replay."""

    def run(self) -> list[nodes.Node]:
        from trigammon_widget.teaching import gallery
        from trigammon_widget.teaching.gallery import CASES

        self.env.note_dependency(str(gallery.__file__))
        lines: list[str] = []
        for case in CASES:
            title = f"{case.rule}: {case.title}"
            lines += [title, "-" * len(title), "", case.story, ""]
            lines += [f".. image:: gallery/{case.slug}.svg", f"   :alt: {case.title}", WIDTH, ""]
            if case.forbidden is not None:
                lines += [f"Forbidden: ``{case.explanation()}``", ""]
            if case.replay is not None:
                lines += [
                    f"Replayed (``{case.replay}``):",
                    "",
                    f".. image:: gallery/{case.slug}-replay.svg",
                    f"   :alt: {case.title}, replayed",
                    WIDTH,
                    "",
                ]
        return _parsed(self, lines, "gallery")


LAYERS = [
    "widget",
    "saving",
    "session",
    "study",
    "teaching",
    "pictures",
    "judgement",
    "engine",
]
"""The package's top-level units, top to bottom (``tests/test_layers.py`` holds the order)."""


def _imports(path: Path) -> set[str]:
    """The rooms ``path`` imports from (relative imports, resolved, any depth)."""
    package = path.relative_to(PACKAGE).parts[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package[: len(package) - (node.level - 1)]
            target = (*base, *(node.module.split(".") if node.module else ()))
            if not target and node.names:
                target = (node.names[0].name,)
            if target:
                found.add(target[0])
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(PREFIX):
            found.add((node.module or "").split(".")[1])
    return found


def _inner(room: str) -> list[Path]:
    folder = PACKAGE / room
    return sorted(folder.rglob("*.py")) if folder.is_dir() else [PACKAGE / f"{room}.py"]


class LayersDirective(SphinxDirective):
    """The layers as Graphviz draws them: one row a layer, an arrow for each room's
    imports of another (the width grows with the number of files that import)."""

    def run(self) -> list[nodes.Node]:
        for path in PACKAGE.rglob("*.py"):
            self.env.note_dependency(str(path))
        rooms = [room for room in LAYERS if _inner(room)[0].exists()]
        sizes = {room: sum(len(p.read_text().splitlines()) for p in _inner(room)) for room in rooms}
        counts: dict[tuple[str, str], int] = {}
        for room in rooms:
            for path in _inner(room):
                for target in _imports(path) & set(rooms) - {room}:
                    counts[room, target] = counts.get((room, target), 0) + 1
        dot = [
            "digraph layers {",
            '  rankdir=TB; nodesep=0.4; ranksep=0.45; bgcolor="transparent";',
            '  node [shape=box, style="rounded,filled", fillcolor="#eef3fb", color="#4a6fa5",',
            '        fontname="Helvetica"];',
            '  edge [color="#4a6fa5", arrowsize=0.7];',
        ]
        for room in rooms:
            folder = "/" if (PACKAGE / room).is_dir() else ".py"
            dot.append(f'  "{room}" [label="{room}{folder}\\n{sizes[room]:,} lines"];')
        for (source, target), count in sorted(counts.items()):
            width = 1 + min(count, 20) / 5
            dot.append(
                f'  "{source}" -> "{target}" [penwidth={width:.1f}, tooltip="{count} files"];'
            )
        dot.append("}")
        lines = [
            ".. graphviz::",
            "   :align: center",
            "   :alt: the package's layers and their imports",
            "",
        ]
        lines += [f"   {line}" for line in dot]
        return _parsed(self, lines, "layers")


def _defining_module(name: str, value: object) -> str:
    """Where a public name of the package is defined (and so documented)."""
    import importlib
    import pkgutil

    import trigammon_widget

    module = getattr(value, "__module__", None)
    if isinstance(module, str) and module.startswith(PREFIX) and hasattr(value, "__qualname__"):
        return module
    for info in pkgutil.walk_packages(trigammon_widget.__path__, "trigammon_widget."):
        if info.ispkg:
            continue
        source = importlib.import_module(info.name)
        tree = ast.parse(Path(source.__file__ or "").read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.Assign | ast.AnnAssign) and name in _assigned(node):
                return info.name
    raise ValueError(f"trigammon_widget.{name}: no module of the package defines it")


class PublicNamesDirective(SphinxDirective):
    """``from trigammon_widget import ...``: every name, linked to where it is defined."""

    def run(self) -> list[nodes.Node]:
        import trigammon_widget

        for path in PACKAGE.rglob("*.py"):
            self.env.note_dependency(str(path))
        lines = []
        for name in sorted(trigammon_widget.__all__, key=str.lower):
            if name == "__version__":
                continue
            module = _defining_module(name, getattr(trigammon_widget, name))
            lines.append(f"- :py:obj:`{name} <{module}.{name}>` ({module})")
        return _parsed(self, lines, "public names")


def check_docstring(
    app: Sphinx, what: str, name: str, obj: object, options: Any, lines: list[str]
) -> None:
    """A public name of a module (not a member of a class) documented without a docstring
    is a warning: ``-W`` makes it an error. (Autodoc asks for the docstrings of a module's
    imported names too before it leaves them out: those are not this module's to explain.)"""
    module, _, last = name.rpartition(".")
    defined_in = getattr(obj, "__module__", module) if what != "data" else module
    named = what in {"module", "class", "exception", "function", "data"} and defined_in == module
    if named and not last.startswith("_") and not any(line.strip() for line in lines):
        _warn(f"{name}: a public name without a docstring")


@cache
def _public_names(path: Path) -> list[str]:
    """A module's public names: its ``__all__``, or without one what it defines at the
    top without a leading underscore (type variables aside)."""
    names: list[str] = []
    imported: set[str] = set()  # documented where they are defined
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ImportFrom):
            imported |= {alias.asname or alias.name for alias in node.names}
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.append(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            value = node.value
            if isinstance(value, ast.Call) and getattr(value.func, "id", "") in TYPE_VARIABLES:
                continue
            found = _assigned(node)
            if found == ["__all__"] and isinstance(value, ast.List | ast.Tuple):
                names = [str(e.value) for e in value.elts if isinstance(e, ast.Constant)]
                break
            names += found
    return [name for name in names if not name.startswith("_") and name not in imported]


def resolve_unlisted(
    app: Sphinx, env: Any, node: Any, contnode: nodes.Element
) -> nodes.Element | None:
    """A signature may name a type its module keeps out of ``__all__`` (a result's parts,
    a type variable): shown as plain text. A name that does not exist stays a warning."""
    target = node.get("reftarget", "")
    if node.get("refdomain") != "py" or not target.startswith(PREFIX):
        return None
    import importlib

    module, _, name = target.rpartition(".")
    try:
        found = hasattr(importlib.import_module(module), name)
    except ImportError:
        return None
    return contnode if found else None


def qualify_short_names(app: Sphinx, doctree: nodes.document) -> None:
    """An annotation's short name (``Net``) read in its module is linked to the module
    that defines that very object, not to any module defining a name alike."""
    for node in doctree.findall(addnodes.pending_xref):
        target, module = node.get("reftarget", ""), node.get("py:module") or ""
        if node.get("refdomain") != "py" or "." in target or not module.startswith(PREFIX):
            continue
        value = getattr(sys.modules.get(module), target, None)
        homes = [
            name
            for name, home in list(sys.modules.items())
            if name.startswith(PREFIX)
            and getattr(home, "__file__", None)
            and vars(home).get(target) is value is not None
            and target in _public_names(Path(home.__file__ or ""))
        ]
        if len(homes) == 1:
            node["reftarget"] = f"{homes[0]}.{target}"


def check_every_name_documented(app: Sphinx, env: Any) -> None:
    """Every public name of every module has its entry in the API reference (a name
    autodoc leaves out for want of a docstring is caught here)."""
    documented = set(env.domains["py"].objects)
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "__init__.py":
            continue
        module = PREFIX + ".".join(path.relative_to(PACKAGE).with_suffix("").parts)
        if module not in documented:
            _warn(f"{module}: a module without its API page")
            continue
        for name in _public_names(path):
            if f"{module}.{name}" not in documented:
                _warn(f"{module}.{name}: public, not in the API reference (no docstring?)")


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("builder-inited", stage_course)
    app.connect("autodoc-process-docstring", check_docstring)
    app.connect("env-check-consistency", check_every_name_documented)
    app.connect("missing-reference", resolve_unlisted)
    app.connect("doctree-read", qualify_short_names)
    app.add_directive("trigammon-gallery", GalleryDirective)
    app.add_directive("trigammon-layers", LayersDirective)
    app.add_directive("trigammon-public-names", PublicNamesDirective)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
