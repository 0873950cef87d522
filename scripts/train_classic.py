"""Fit a classic phase net or a trigammon net on rated positions (``training.supervised``);
run again to resume.

    python scripts/train_classic.py fit --phase contact --rating ply0 \\
        --data /work/train-runs/classic3/zero-labels --run /work/train-runs/classic3/contact0
    python scripts/train_classic.py fit --phase contact --rating ply2 \\
        --data /work/train-runs/classic-labels --start NETS.npz --run RUN
    python scripts/train_classic.py fit --phase trigammon --rating ply1 --hidden 256 128 \
        --data /work/train-runs/trigammon4/labels --baseline trigammon-v1 --run RUN
    python scripts/train_classic.py join --contact RUN/nets/contact-010.npz \\
        --race RUN2/nets/race-010.npz --out classic-v3.npz
    python scripts/train_classic.py join --contact RUN/nets/contact-006.npz \\
        --race classic-v3.npz --out NETS.npz
    python scripts/train_classic.py ship --net RUN/nets/trigammon-030.npz --version 2 \\
        --method "..." --out src/trigammon_widget/judgement/weights/trigammon-v2.npz

``fit`` reads every chunk of the ``--data`` folders (``scripts/label_classic.py``), on
``--workers`` processes (or a Dask cluster, ``--dask ADDRESS``), and fits one phase's
net, epoch by epoch, in the run folder; the same command after a kill goes on from
the last finished epoch. ``--start`` fine-tunes the phase's net of a phase-nets file
(for ``--phase trigammon``: a trigammon net, a weights file or a net of the package by
name, widened to ``--hidden`` if it has one hidden layer of fewer units) instead of
starting from random weights; ``--baseline`` (the same kinds of weights) first prints
how far that net is from the held-out targets. A trigammon fit's
``RUN/nets/trigammon-NNN.npz`` are ``Network`` weights files. ``--rank-weight W`` adds
the loss on the equity differences between the candidates of each roll
(``judgement.training.ranking``), weighted ``W``, ``--group-batch`` rolls a step. ``join`` puts
fitted classic nets together into one phase-nets weights file (``judgement.nets.phases``) with how
they were made (a phase given as a phase-nets file takes that file's net and its
record); ``ship`` writes a fitted trigammon net as a net of the package, its record
(the fit's settings, positions, seconds) kept and how it was made added.
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

from trigammon_widget.judgement.nets.network import Network
from trigammon_widget.judgement.nets.phases import PhaseNets, is_phases_file
from trigammon_widget.judgement.nets.shipped import load_file
from trigammon_widget.judgement.play.parallel import command_line_executor
from trigammon_widget.judgement.training.supervised import (
    NETS,
    Fit,
    chunk_files,
    fit,
    layers_of,
    measure,
    read_layers,
    read_positions,
)


def run_fit(args: argparse.Namespace) -> None:
    settings = Fit(
        phase=args.phase,
        rating=args.rating,
        hidden=tuple(args.hidden),
        learning_rate=args.learning_rate,
        decay=args.decay,
        batch=args.batch,
        epochs=args.epochs,
        seed=args.seed,
        start=args.start,
        rank_weight=args.rank_weight,
        group_batch=args.group_batch,
    )
    files = chunk_files(args.data)
    if args.limit:
        files = files[: args.limit]
    executor = command_line_executor(args.workers, args.dask)
    print(f"fitting {settings} in {args.run} (pid {os.getpid()}), {len(files)} chunks", flush=True)
    train, held = read_positions(files, settings.phase, settings.rating, executor, cache=args.cache)
    executor.shutdown()
    print(f"{len(train):,} positions to train on, {len(held):,} held out", flush=True)
    if args.baseline:
        players = NETS[settings.phase].players
        found = measure(layers_of(settings.phase, args.baseline), held, players)
        print(f"baseline {args.baseline} on the held-out positions: {found}", flush=True)
    fit(settings, args.run, train, held, lambda line: print(line, flush=True))


def run_join(args: argparse.Namespace) -> None:
    nets = {}
    made = {}
    for phase in ("contact", "crashed", "race"):
        path = getattr(args, phase)
        if path is None:
            continue
        if is_phases_file(path):
            kept = PhaseNets.load(path)
            if phase not in kept.nets:
                raise SystemExit(f"{path} has no {phase} net")
            nets[phase] = kept.nets[phase]
            made[phase] = {"from": Path(path).name, **kept.meta["nets"][phase]}
            continue
        nets[phase] = read_layers(path)
        with open(Path(path).parent.parent / "settings.json") as settings:
            made[phase] = {"file": Path(path).name, **json.load(settings)}
    PhaseNets(nets, {"method": args.method, "nets": made}).save(args.out, version=args.version)
    print(f"wrote {args.out}", flush=True)


def run_ship(args: argparse.Namespace) -> None:
    net = load_file(args.net)  # a plain net or a FeatureNetwork, which keeps its kind
    if not isinstance(net, Network):
        raise SystemExit(f"{args.net} is a phase-nets file: ship writes a trigammon net")
    net.save(
        args.out,
        version=args.version,
        method=args.method,
        games=args.games,
        machine=args.machine,
        trained=args.trained,
        file=Path(args.net).name,
    )
    print(f"wrote {args.out}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    fitting = commands.add_parser("fit", help="fit one phase's net")
    fitting.add_argument("--data", nargs="+", required=True, help="folders of chunk files")
    fitting.add_argument("--run", required=True, type=Path, help="run folder (checkpoint, log)")
    fitting.add_argument("--phase", default="contact", choices=sorted(NETS))
    fitting.add_argument("--rating", default="ply2", help="the chunks' rating to learn")
    fitting.add_argument("--hidden", type=int, nargs="+", default=list(Fit().hidden))
    fitting.add_argument("--learning-rate", type=float, default=Fit().learning_rate)
    fitting.add_argument("--decay", type=float, default=Fit().decay)
    fitting.add_argument("--batch", type=int, default=Fit().batch)
    fitting.add_argument("--epochs", type=int, default=Fit().epochs)
    fitting.add_argument("--seed", type=int, default=0)
    fitting.add_argument("--start", help="weights to fine-tune (a phase-nets file; a net)")
    fitting.add_argument(
        "--rank-weight", type=float, default=0.0, help="weight of the loss on a roll's plays"
    )
    fitting.add_argument("--group-batch", type=int, default=Fit().group_batch)
    fitting.add_argument("--baseline", help="weights to measure on the held-out positions")
    fitting.add_argument("--limit", type=int, default=0, help="read only the first chunks")
    fitting.add_argument("--workers", type=int, default=1, help="processes reading chunks")
    fitting.add_argument("--dask", help="address of a Dask scheduler to read chunks on")
    fitting.add_argument("--cache", type=Path, help="a folder keeping the chunks' inputs")
    joining = commands.add_parser("join", help="put fitted nets into one phase-nets file")
    joining.add_argument("--contact", required=True)
    joining.add_argument("--race", required=True)
    joining.add_argument("--crashed")
    joining.add_argument("--method", required=True, help="how the nets were made, in words")
    joining.add_argument("--version", type=int, default=3)
    joining.add_argument("--out", required=True, type=Path)
    shipping = commands.add_parser("ship", help="write a fitted trigammon net for the package")
    shipping.add_argument("--net", required=True, help="RUN/nets/trigammon-NNN.npz")
    shipping.add_argument("--version", required=True, type=int)
    shipping.add_argument("--method", required=True, help="how the net was made, in words")
    shipping.add_argument("--games", required=True, type=int, help="the games of its positions")
    shipping.add_argument("--machine", required=True, help="where it was made")
    shipping.add_argument("--trained", required=True, help="when (a date)")
    shipping.add_argument("--out", required=True, type=Path)
    args = parser.parse_args()
    {"fit": run_fit, "join": run_join, "ship": run_ship}[args.command](args)


if __name__ == "__main__":
    main()
