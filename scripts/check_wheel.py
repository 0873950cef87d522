"""The release as a user meets it: the sdist and the wheel built, checked by twine, and
each installed into a fresh venv of every Python asked for, with no Node.js on PATH and
away from the checkout, where scripts/wheel_smoke.py draws a board, lists legal plays,
plays a bot game, gives hints and makes a board widget.

    python scripts/check_wheel.py                      # the Python running it
    python scripts/check_wheel.py 3.11 3.12 3.13       # each found on PATH or in pyenv

The wheel is built from the sdist (so the sdist is shown complete) without build
isolation (hatchling and hatch-jupyter-builder from the running venv) and with the
front end's bundle the sdist carries: no Node.js. Dependencies come from the package
index as a user's would. Prints the time each step took; exits non-zero on any failure.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SMOKE = ROOT / "scripts" / "wheel_smoke.py"
NOISE = ("WARNING: Location 'file:", "INFO:hatch_jupyter_builder")


def run(command: list[str], **options: object) -> None:
    """``command`` run, said first; its errors shown but this machine's pip-config noise
    about absent local index folders (as ``dev`` filters it)."""
    print("$", " ".join(command), flush=True)
    done = subprocess.run(command, stderr=subprocess.PIPE, text=True, **options)  # type: ignore[call-overload]
    said = [line for line in done.stderr.splitlines() if not line.startswith(NOISE)]
    if said:
        print(*said, sep="\n", file=sys.stderr, flush=True)
    done.check_returncode()


def find_python(version: str) -> str:
    """Python ``version``'s own executable: pyenv's installed ``X.Y.*`` or ``pythonX.Y``
    on PATH (as ``dev``'s find_python), the first that runs and says it is that version
    (a pyenv shim of a version not activated does not)."""
    root = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
    candidates = [str(p / "bin" / f"python{version}") for p in sorted(root.glob(f"{version}.*"))]
    candidates.append(shutil.which(f"python{version}") or "")
    ask = "import sys; print(f'{sys.version_info[0]}.{sys.version_info[1]}', sys.executable)"
    for candidate in filter(None, candidates):
        said = subprocess.run([candidate, "-c", ask], capture_output=True, text=True)
        found, _, executable = said.stdout.strip().partition(" ")
        if said.returncode == 0 and found == version:
            return executable
    raise SystemExit(f"error: no Python {version} on PATH or in pyenv")


def build(dist: Path) -> tuple[Path, Path]:
    """The sdist, and the wheel built from it; both checked by twine."""
    run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(dist), str(ROOT)],
        env={**os.environ, "PATH": without_node()},
        stdout=subprocess.DEVNULL,
    )
    (sdist,) = dist.glob("trigammon_widget-*.tar.gz")
    (wheel,) = dist.glob("trigammon_widget-*.whl")
    run([sys.executable, "-m", "twine", "check", "--strict", str(sdist), str(wheel)])
    return sdist, wheel


def without_node() -> str:
    """PATH without the folders that hold node or npm."""
    folders = os.environ.get("PATH", "").split(os.pathsep)
    kept = [f for f in folders if not any((Path(f) / tool).exists() for tool in ("node", "npm"))]
    return os.pathsep.join(kept)


def install_and_smoke(python: str, artifact: Path, scratch: Path) -> float:
    """``artifact`` installed into a fresh venv of ``python``; the smoke script run there,
    from a folder outside the checkout, with only the venv on PATH. Its seconds."""
    started = time.monotonic()
    home = scratch / f"venv-{Path(python).name}-{artifact.suffix.strip('.')}"
    run([python, "-m", "venv", str(home)])
    bin_dir = home / "bin"
    isolated = {"PATH": str(bin_dir), "HOME": os.environ.get("HOME", str(scratch))}
    for key in ("PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL", "PIP_CONFIG_FILE", "SSL_CERT_FILE"):
        if key in os.environ:
            isolated[key] = os.environ[key]
    pip = [str(bin_dir / "python"), "-m", "pip", "--disable-pip-version-check", "-q"]
    run([*pip, "install", "--progress-bar", "off", str(artifact)], env=isolated, cwd=scratch)
    run([str(bin_dir / "python"), str(SMOKE)], env=isolated, cwd=scratch)
    return time.monotonic() - started


def main(versions: list[str]) -> None:
    pythons = [find_python(v) for v in versions] or [sys.executable]
    with tempfile.TemporaryDirectory() as folder:
        scratch = Path(folder)
        started = time.monotonic()
        sdist, wheel = build(scratch / "dist")
        print(
            f"built and checked in {time.monotonic() - started:.0f} s: {sdist.name}, {wheel.name}"
        )
        timings = []
        for python in pythons:
            for artifact in (wheel, sdist):
                seconds = install_and_smoke(python, artifact, scratch)
                timings.append(f"{Path(python).name} {artifact.name}: {seconds:.0f} s")
        print("installed and smoke-tested:", *timings, sep="\n  ")


if __name__ == "__main__":
    main(sys.argv[1:])
