import tomllib
from pathlib import Path

import trigammon_widget

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


def test_version_matches_pyproject() -> None:
    with PYPROJECT.open("rb") as f:
        version = tomllib.load(f)["project"]["version"]
    assert trigammon_widget.__version__ == version
