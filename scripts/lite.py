"""The course in the browser: a JupyterLite site of the rules lessons, built offline.

``./dev lite`` runs this with the venv of ``scripts/lite/requirements.txt`` (JupyterLite
and the Pyodide kernel, the widget manager's and anywidget's labextensions). The site is
made of, and only of:

- Pyodide's core from npm (``pyodide@PYODIDE``: the WebAssembly CPython and its standard
  library), its lock file cut down to the one package served beside it, micropip (PyPI);
- the pure-Python wheels of ``scripts/lite/wheels.txt`` (PyPI), which the kernel installs
  from the site itself: the PyPI fallback is off, so a student's browser asks nothing of
  any other server;
- trigammon-widget's wheel, built from this checkout with its front end (the bundle
  ``./dev`` builds);
- the lessons of ``LESSONS``, in English and, where the course has them, in Spanish.

Pyodide's own packages (numpy among them) are on no registry this build reaches, so the
site has no numpy: the board, the rules, the editor, the pictures and the random and
heuristic bots run; hints, reviews and neural bots say that they need numpy
(``judgement.judges``). ``docs/lite.md`` says how a site with numpy is published.

Saved widget state is refused (the widget manager's ``saveState`` off, as in the lab's
own configuration): a board comes back by running its cell. The lessons are the site's
files, read from the server; what a student changes stays in their browser.

    python scripts/lite.py [--out build/lite]   # -> build/lite/site/ (index.html)

Downloads are kept in ``build/lite/cache/`` between builds; the inputs are pinned, so a
build is the same build wherever it runs.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HERE = ROOT / "scripts" / "lite"
PYODIDE = "314.0.6"
"""Pyodide's version: the one jupyterlite-pyodide-kernel 0.8.6 is made for
(its ``constants.PYODIDE_VERSION``)."""
PYODIDE_PYTHON = "3.14"
"""The Python of that Pyodide: the wheels are those it installs."""
LESSONS = (
    "01_meet_the_board",
    "02_the_rules",
    "03_coming_from_classic",
    "09_edge_cases",
    "12_document_a_position",
)
"""The rules lessons the site serves (each in every language the course has it in)."""
LANGUAGES = ("es",)
"""The course's translations the site serves beside English (``notebooks/<code>/``)."""
KERNEL_SETTINGS = "@jupyterlite/pyodide-kernel-extension:kernel"
WIDGETS_SETTINGS = "@jupyter-widgets/jupyterlab-manager:plugin"


def run(*command: str | Path, cwd: Path = ROOT) -> None:
    print("+", " ".join(str(part) for part in command), file=sys.stderr)
    subprocess.run([str(part) for part in command], check=True, cwd=cwd)


def wheels(cache: Path) -> list[Path]:
    """The pinned wheels of ``wheels.txt``, for Pyodide's Python (pure Python: any
    platform), downloaded once into ``cache``."""
    folder = cache / "wheels"
    run(
        sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
        "--no-deps", "--only-binary=:all:", "--platform=any", "--implementation=py",
        f"--python-version={PYODIDE_PYTHON}", "--dest", folder, "-r", HERE / "wheels.txt",
    )  # fmt: skip
    return sorted(folder.glob("*.whl"))


def own_wheel(cache: Path) -> Path:
    """trigammon-widget's wheel, built from the checkout (the front end already built)."""
    folder = cache / "own"
    shutil.rmtree(folder, ignore_errors=True)
    run(
        sys.executable, "-m", "pip", "wheel", "--quiet", "--disable-pip-version-check",
        "--no-deps", "--no-build-isolation", "--wheel-dir", folder, ROOT,
    )  # fmt: skip
    (found,) = folder.glob("trigammon_widget-*.whl")
    return found


def pyodide(cache: Path, target: Path, micropip: Path) -> None:
    """Pyodide's core from npm into ``target``, with micropip beside it and a lock file
    that lists micropip alone (what is not here is not offered)."""
    tarball = cache / f"pyodide-{PYODIDE}.tgz"
    if not tarball.exists():
        run("npm", "pack", f"pyodide@{PYODIDE}", "--silent", "--pack-destination", cache)
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    with tarfile.open(tarball) as archive:
        for member in archive.getmembers():
            name = Path(member.name)
            if member.isfile() and len(name.parts) == 2 and name.suffix != ".map":
                with archive.extractfile(member) as source:  # type: ignore[union-attr]
                    (target / name.name).write_bytes(source.read())
    lock_path = target / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    entry = lock["packages"]["micropip"]
    shutil.copy(micropip, target / micropip.name)
    entry.update(
        file_name=micropip.name,
        sha256=hashlib.sha256(micropip.read_bytes()).hexdigest(),
        version=micropip.name.split("-")[1],
    )
    lock["packages"] = {"micropip": entry}
    lock_path.write_text(json.dumps(lock, indent=1), encoding="utf-8")


INSTALL_CELL = {
    "cell_type": "code",
    "execution_count": None,
    "id": "install-trigammon-widget",
    "metadata": {"tags": ["lite"]},
    "outputs": [],
    "source": ["%pip install trigammon-widget"],
}
"""The cell each lesson of the site starts with: the kernel installs the package from
the site's own wheels (piplite)."""


def content(target: Path) -> list[Path]:
    """The lessons, English at the top and each translation in its folder, each
    starting with ``INSTALL_CELL``."""
    shutil.rmtree(target, ignore_errors=True)
    copied = []
    for folder, source in (
        ("", ROOT / "notebooks"),
        *((c, ROOT / "notebooks" / c) for c in LANGUAGES),
    ):
        for lesson in LESSONS:
            path = source / f"{lesson}.ipynb"
            if path.exists():
                destination = target / folder / path.name
                destination.parent.mkdir(parents=True, exist_ok=True)
                notebook = json.loads(path.read_text(encoding="utf-8"))
                notebook["cells"].insert(0, INSTALL_CELL)
                destination.write_text(json.dumps(notebook, indent=1) + "\n", encoding="utf-8")
                copied.append(destination)
    return copied


def configure(lite: Path, piplite: list[Path]) -> None:
    """The site's settings: wheels from the site only, no saved widget state."""
    (lite / "jupyter_lite_config.json").write_text(
        json.dumps(
            {
                "LiteBuildConfig": {
                    "contents": ["content"],
                    "output_dir": "../site",
                    "no_sourcemaps": True,
                    "apps": ["lab", "notebooks", "tree"],
                },
                "PipliteAddon": {"piplite_urls": [str(path) for path in piplite]},
            },
            indent=1,
        ),
        encoding="utf-8",
    )
    (lite / "jupyter-lite.json").write_text(
        json.dumps(
            {
                "jupyter-lite-schema-version": 0,
                "jupyter-config-data": {
                    "appName": "trigammon-widget: the course",
                    "litePluginSettings": {KERNEL_SETTINGS: {"disablePyPIFallback": True}},
                },
            },
            indent=1,
        ),
        encoding="utf-8",
    )
    (lite / "overrides.json").write_text(
        json.dumps({WIDGETS_SETTINGS: {"saveState": False}}, indent=1), encoding="utf-8"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "lite")
    options = parser.parse_args(argv)
    out: Path = options.out.resolve()
    started = time.monotonic()
    cache = out / "cache"
    lite = out / "src"
    cache.mkdir(parents=True, exist_ok=True)
    shutil.rmtree(lite, ignore_errors=True)
    lite.mkdir(parents=True)
    downloaded = wheels(cache)
    (micropip,) = (path for path in downloaded if path.name.startswith("micropip-"))
    served = [path for path in downloaded if path != micropip] + [own_wheel(cache)]
    pyodide(cache, lite / "static" / "pyodide", micropip)
    lessons = content(lite / "content")
    configure(lite, served)
    shutil.rmtree(out / "site", ignore_errors=True)
    run(Path(sys.executable).parent / "jupyter", "lite", "build", cwd=lite)
    site = out / "site"
    size = sum(path.stat().st_size for path in site.rglob("*") if path.is_file())
    print(
        f"the site: {site}/index.html ({len(lessons)} lessons, {size / 2**20:.1f} MiB, "
        f"built in {time.monotonic() - started:.0f} s)",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
