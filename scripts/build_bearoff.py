"""Build the one-sided bear-off database (``trigammon_widget.judgement.race.bearoff``).

    python scripts/build_bearoff.py            # writes src/.../judgement/tables/bearoff.npz

Every home board of up to 15 checkers (54,264), each of the 21 rolls played by the
engine's legal-play search (R9, R11): about two minutes on one core. The file holds the
boards and each one's all-off and first-off plays; ``bearoff.load`` derives the
chances from them.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from trigammon_widget.judgement.race.bearoff import TABLE_DIR, TABLE_FILE, home_boards, save

TARGET = Path(__file__).resolve().parents[1] / "src/trigammon_widget/judgement" / TABLE_DIR


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=TARGET / TABLE_FILE, help="file to write")
    args = parser.parse_args()
    boards = home_boards()

    def progress(done: int) -> None:
        if done % 5000 == 0:
            print(f"{done:,} of {len(boards):,} boards", file=sys.stderr, flush=True)

    save(args.out, boards, progress)
    print(f"wrote {args.out} ({args.out.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
