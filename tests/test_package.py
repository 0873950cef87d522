import tomllib

import trigammon_widget
from tests.paths import ROOT

PYPROJECT = ROOT / "pyproject.toml"


def test_version_matches_pyproject() -> None:
    with PYPROJECT.open("rb") as f:
        version = tomllib.load(f)["project"]["version"]
    assert trigammon_widget.__version__ == version
