"""Train an evaluator net (``judgement.training.self_play``); run it again to resume.

    python scripts/train.py --variant trigammon --games 200000 --run /work/train-runs/trigammon
    python scripts/train.py --variant classic --teacher gnubg --teacher-plies 1 \\
        --games 20000 --run /work/train-runs/classic

Self-play runs on ``--workers`` processes (default 1; the learner shares the first
core), or on a Dask cluster with ``--dask tcp://scheduler:8786``. The run folder
keeps the checkpoint, the measured nets (``nets/``) and ``log.jsonl``; the same
command after a kill goes on from the last checkpoint. ``--ship NAME`` copies the net
to the package's ``judgement/weights/`` folder as ``NAME.npz`` (a version such as
``trigammon-v3``) with its record.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from dataclasses import fields
from pathlib import Path

from trigammon_widget.judgement.nets.shipped import SHIPPED_DIR
from trigammon_widget.judgement.play.parallel import command_line_executor
from trigammon_widget.judgement.training.self_play import Settings, train

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "trigammon_widget" / "judgement"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--run", required=True, type=Path, help="run folder (checkpoints, log)")
    parser.add_argument("--games", required=True, type=int, help="train until this many games")
    parser.add_argument("--workers", type=int, default=1, help="self-play processes")
    parser.add_argument("--dask", help="address of a Dask scheduler to play the games on")
    parser.add_argument("--every", type=float, default=60.0, help="seconds between lines")
    parser.add_argument("--ship", metavar="NAME", help="copy the result into the package as NAME")
    defaults = Settings()
    for f in fields(Settings):
        flag = "--" + f.name.replace("_", "-")
        default = getattr(defaults, f.name)
        if isinstance(default, bool):
            parser.add_argument(flag, action=argparse.BooleanOptionalAction, default=default)
        else:
            kind = str if default is None else type(default)
            parser.add_argument(flag, type=kind, default=default)
    args = parser.parse_args()
    shipped_as = args.ship and re.fullmatch(rf"{args.variant}-v(\d+)", args.ship)
    if args.ship is not None and not shipped_as:
        parser.error(f"--ship {args.ship}: name it {args.variant}-vN, its variant and version")
    settings = Settings(**{f.name: getattr(args, f.name) for f in fields(Settings)})
    executor = command_line_executor(args.workers, args.dask)
    print(f"training {settings} in {args.run} (pid {os.getpid()})", flush=True)
    net = train(
        settings, args.run, args.games, executor, lambda line: print(line, flush=True), args.every
    )
    executor.shutdown()
    if shipped_as:
        target = PACKAGE / SHIPPED_DIR / f"{args.ship}.npz"
        net.save(target, version=int(shipped_as.group(1)))
        print(f"shipped {target}", file=sys.stderr)


if __name__ == "__main__":
    main()
