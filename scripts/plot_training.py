"""Draw the learning curves of training runs into ``docs/`` (needs the ``train`` extra).

    python scripts/plot_training.py /work/train-runs/trigammon /work/train-runs/classic

Each run folder's ``log.jsonl`` (written by ``scripts/train.py``) holds the
measurements taken every ``snapshot_every`` games; each becomes a point with its
95% Wilson interval, one panel per run, one line per opponent (the heuristic, gnubg,
a rival net of the package). The same figures are
printed as a Markdown table per run, for ``docs/training.md``.
"""

from __future__ import annotations

import argparse
import json
import textwrap
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from trigammon_widget.judgement.play.rollout import wilson

DOCS = Path(__file__).resolve().parents[1] / "docs"
EVEN = {"trigammon": 1 / 3, "classic": 1 / 2}


def opponents(entries: list[dict[str, Any]]) -> list[str]:
    """The opponents a run was measured against, in the order first met."""
    names = [n for e in entries for n, f in e.items() if isinstance(f, dict)]
    return list(dict.fromkeys(names))


def table(variant: str, entries: list[dict[str, Any]]) -> str:
    """The measurements of a run as a Markdown table: wins with intervals, points."""
    names = opponents(entries)
    head = "| games | hours | " + " | ".join(f"vs {n}: won [95%] | points/game" for n in names)
    rows = [f"\n{variant}:\n", head + " |", "|---" * (2 + 2 * len(names)) + "|"]
    for e in entries:
        cells = [f"{e['games']:,}", f"{e['seconds'] / 3600:.2f}"]
        for n in names:
            f = e.get(n)
            if f is None:
                cells += ["", ""]
                continue
            low, high = wilson(f["wins"], f["games"])
            cells += [
                f"{f['wins'] / f['games']:.1%} [{low:.1%}, {high:.1%}]",
                f"{f['points']:+.3f}",
            ]
        rows.append("| " + " | ".join(cells) + " |")
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="+", type=Path, help="run folders")
    parser.add_argument("--out", type=Path, default=DOCS / "training-curves.png")
    args = parser.parse_args()
    figure, axes = plt.subplots(1, len(args.runs), figsize=(6 * len(args.runs), 4), squeeze=False)
    for axis, run in zip(axes[0], args.runs, strict=True):
        entries = [json.loads(line) for line in (run / "log.jsonl").read_text().splitlines()]
        settings = json.loads((run / "settings.json").read_text())
        variant = settings["variant"]
        for name in opponents(entries):
            points = [(e["games"], e[name]) for e in entries if name in e]
            if not points:
                continue
            games = [g for g, _ in points]
            rates = [f["wins"] / f["games"] for _, f in points]
            bounds = [wilson(f["wins"], f["games"]) for _, f in points]
            axis.plot(games, rates, marker="o", label=f"vs {name}")
            axis.fill_between(games, [b[0] for b in bounds], [b[1] for b in bounds], alpha=0.2)
        axis.axhline(EVEN[variant], color="grey", linestyle=":", label="even")
        axis.set_title(textwrap.fill(f"{variant}: {settings['method']}", 70), fontsize=9)
        print(table(variant, entries))
        axis.set_xlabel("training games")
        axis.set_ylabel("share of games won (95% interval)")
        axis.set_ylim(0, 1)
        axis.grid(alpha=0.3)
        axis.legend(loc="lower right")
    figure.tight_layout()
    figure.savefig(args.out, dpi=110)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
