"""Sphinx configuration of the trigammon-widget site (``./dev docs``).

Sphinx with MyST: the guide is Markdown that the suite doctests (``tests/test_docs.py``),
the API reference is autodoc over every module (autosummary, recursive), the course is
the notebooks executed at build time (MyST-NB renders them, ``_ext/trigammon_docs.py``
runs them) and the theme is Furo, which loads nothing from the network. Every warning
fails the build (``-W``): a broken cross-reference, a dead internal link, a public name
without a docstring.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE / "_ext"))

import trigammon_widget  # noqa: E402

project = "trigammon-widget"
author = "The trigammon-widget authors"
copyright = "2026, the trigammon-widget authors"
release = version = trigammon_widget.__version__

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.graphviz",
    "trigammon_docs",
]
exclude_patterns = ["_templates", "**.ipynb_checkpoints"]
templates_path = ["_templates"]

# Markdown: headings linkable as [text](page.md#heading).
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence"]

# The course: executed by trigammon_docs.stage_course, rendered as it stands.
nb_execution_mode = "off"
nb_ipywidgets_js: dict[str, dict[str, str]] = {}  # no widget manager from a CDN
nb_mime_priority_overrides = [("html", "application/vnd.jupyter.widget-view+json", None)]
nb_merge_streams = True

# The API reference: a page per module, every public name with its docstring.
autosummary_generate = True
autosummary_ignore_module_all = True  # every submodule gets its page; autodoc keeps __all__
autodoc_default_options = {
    "members": True,
    "undoc-members": True,
    "show-inheritance": True,
}
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_preserve_defaults = True
add_module_names = False
# Cross-references must resolve; only names outside the package may stay plain text
# (no intersphinx: the build reaches no network).
nitpicky = True
nitpick_ignore_regex = [
    (r"py:.*", r"(?!trigammon_widget\b).*"),
]

html_theme = "furo"
html_title = f"trigammon-widget {version}"
html_static_path: list[str] = []
html_show_sourcelink = False
html_copy_source = False
graphviz_output_format = "svg"
