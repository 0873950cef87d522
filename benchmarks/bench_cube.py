"""Classic cube decisions beside GNU Backgammon 2-ply's, on 300 decisions of real play.

Run ``python benchmarks/bench_cube.py`` (``--evaluator gnubg`` for the cube model on
gnubg's 0-ply chances, ``--net PATH`` for a classic weights file, ``--ply 1`` for
chances one roll deep, ``--method janowski`` for the plain model on 0-ply chances).
The decisions (``benchmarks/data/cube-reference.json``, made by
``scripts/make_cube_reference.py``): money play and 5- and 7-point matches, the cube
centred or owned by the player on roll, from cubeless self-play of gnubg's net and the
package's, each position one where doubling is right or within 0.2 of right by
gnubg 2-ply (the file's ``made`` says how).

For each decision the doubler's choice (double or not) and the taker's (take or
pass) are compared with gnubg 2-ply's, and their cost is read off the reference's
equities (normalised: money points per point of the cube now, match equities as
gnubg's equivalent money): a double the reference would not make costs the no-double
equity less the double's (the taker answering right), a pass of a take the take's
equity less the pass's, and so on. Figures, each with its 95% interval (Wilson for
shares, normal for the mean): double/no-double agreement, take/pass agreement, the
mean error a decision (a position is two decisions: the double and the answer; 600 in
all) and the errors over 0.1, listed. The first line is gnubg 0-ply's own, from the
file. Targets (issue 46): take/pass >= 97%, double/no-double >= 88%, mean error <=
0.005.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from trigammon_widget.engine.stakes import MatchPosition
from trigammon_widget.judgement.cube.cubeful import cubeful_decision
from trigammon_widget.judgement.cube.decision import CubeDecision, cube_decision
from trigammon_widget.judgement.evaluation import (
    Evaluator,
    NeuralEvaluator,
    evaluate,
    find_evaluator,
)
from trigammon_widget.judgement.nets.shipped import load_file
from trigammon_widget.judgement.play.rollout import Z95, wilson

REFERENCE = Path(__file__).parent / "data" / "cube-reference.json"
TARGETS = {"take": 0.97, "double": 0.88, "error": 0.005}
BLUNDER = 0.1


@dataclass(frozen=True)
class Choice:
    """A side's cube choices in one position: whether to double, whether to take."""

    double: bool
    take: bool


@dataclass(frozen=True)
class Verdict:
    """One decision judged by the reference: agreements and the equity lost."""

    double_right: bool
    take_right: bool
    double_loss: float
    take_loss: float


def judge(choice: Choice, reference: dict[str, Any]) -> Verdict:
    """``choice`` against the reference's equities (the doubler's, normalised)."""
    no_double, take, drop = (
        reference["no_double"],
        reference["double_take"],
        reference["double_pass"],
    )
    doubled = min(take, drop)  # the taker answers right
    should_double = doubled > no_double
    should_take = take <= drop
    best = max(no_double, doubled)
    double_loss = best - (doubled if choice.double else no_double)
    take_loss = 0.0 if choice.take == should_take else abs(take - drop)
    return Verdict(
        choice.double == should_double, choice.take == should_take, double_loss, take_loss
    )


def of_reference(rated: dict[str, Any]) -> Choice:
    """The choices a rating in the file implies (gnubg 0-ply's, say)."""
    doubled = min(rated["double_take"], rated["double_pass"])
    return Choice(doubled > rated["no_double"], rated["double_take"] <= rated["double_pass"])


def of_decision(decision: CubeDecision) -> Choice:
    return Choice(decision.double, decision.take)


Decider = Callable[[MatchPosition], Choice]


def janowski(evaluator: Evaluator, ply: int) -> Decider:
    """``cube.cube_decision`` on the evaluator's cubeless chances ``ply`` rolls deep."""

    def decide(match: MatchPosition) -> Choice:
        chances = evaluate(match.position, evaluator=evaluator, ply=ply)
        return of_decision(cube_decision(match, chances))

    return decide


def cubeful(evaluator: Evaluator, ply: int) -> Decider:
    """``cubeful.cubeful_decision``: the cube model at the leaves, ``ply`` rolls deep."""

    def decide(match: MatchPosition) -> Choice:
        return of_decision(cubeful_decision(match, evaluator, ply=ply))

    return decide


METHODS = {"janowski": janowski, "cubeful": cubeful}


def report(name: str, decisions: list[dict[str, Any]], verdicts: list[Verdict]) -> None:
    count = len(verdicts)
    doubles = sum(v.double_right for v in verdicts)
    takes = sum(v.take_right for v in verdicts)
    errors = [v.double_loss + v.take_loss for v in verdicts]  # two decisions a position
    mean = sum(errors) / (2 * count)
    spread = math.sqrt(sum((e / 2 - mean) ** 2 for e in errors) / (count - 1))
    half = Z95 * spread / math.sqrt(count)
    d_low, d_high = wilson(doubles, count)
    t_low, t_high = wilson(takes, count)

    def verdict(ok: bool) -> str:
        return "ok" if ok else "MISSED"

    print(
        f"{name}: {count} positions\n"
        f"  double/no double {doubles / count:.1%} [95% {d_low:.1%}..{d_high:.1%}] "
        f"(target >= {TARGETS['double']:.0%}: {verdict(doubles / count >= TARGETS['double'])})\n"
        f"  take/pass        {takes / count:.1%} [95% {t_low:.1%}..{t_high:.1%}] "
        f"(target >= {TARGETS['take']:.0%}: {verdict(takes / count >= TARGETS['take'])})\n"
        f"  mean error {mean:.4f} a decision [95% {mean - half:.4f}..{mean + half:.4f}] "
        f"(target <= {TARGETS['error']}: {verdict(mean <= TARGETS['error'])})",
        flush=True,
    )
    contexts: dict[str, list[int]] = {}
    for decision, v in zip(decisions, verdicts, strict=True):
        tally = contexts.setdefault(decision["context"], [0, 0, 0])
        tally[0] += v.double_right
        tally[1] += v.take_right
        tally[2] += 1
    print(
        "  by context (double, take): "
        + "; ".join(f"{n} {d}/{c}, {t}/{c}" for n, (d, t, c) in contexts.items())
    )
    big = [
        (d, v)
        for d, v in zip(decisions, verdicts, strict=True)
        if max(v.double_loss, v.take_loss) > BLUNDER
    ]
    print(f"  errors over {BLUNDER}: {len(big)}")
    for decision, v in big:
        what = []
        if v.double_loss > BLUNDER:
            what.append(f"double/no double {v.double_loss:.3f}")
        if v.take_loss > BLUNDER:
            what.append(f"take/pass {v.take_loss:.3f}")
        two = decision["ply2"]
        print(
            f"    {decision['gnubg_id']} ({decision['context']}): {', '.join(what)}; gnubg "
            f"2-ply {two['text']} (ND {two['no_double']:+.3f}, D/T {two['double_take']:+.3f})"
        )


def read(path: Path) -> list[dict[str, Any]]:
    decisions: list[dict[str, Any]] = json.loads(path.read_text())["decisions"]
    return decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", type=Path, default=REFERENCE)
    parser.add_argument("--net", help="a classic weights file instead of the shipped nets")
    parser.add_argument("--evaluator", default="neural", help="an evaluator's name")
    parser.add_argument("--method", choices=sorted(METHODS), default="cubeful")
    parser.add_argument("--ply", type=int, default=0, help="rolls of look-ahead (0 or 1)")
    args = parser.parse_args()
    decisions = read(args.reference)
    evaluator = NeuralEvaluator(load_file(args.net)) if args.net else find_evaluator(args.evaluator)
    print(f"load average {os.getloadavg()[0]:.1f}", flush=True)
    gnubg = [judge(of_reference(d["ply0"]), d["ply2"]) for d in decisions]
    report("gnubg 0-ply (its own cubeful evaluation)", decisions, gnubg)
    decide = METHODS[args.method](evaluator, args.ply)
    start = time.perf_counter()
    verdicts = [judge(decide(MatchPosition.from_id(d["id"])), d["ply2"]) for d in decisions]
    seconds = time.perf_counter() - start
    name = f"{args.net or args.evaluator}, {args.method} at ply {args.ply}"
    report(f"{name} ({seconds / len(decisions) * 1e3:.0f} ms a decision)", decisions, verdicts)
    low, mean, high = paired(verdicts, gnubg)
    print(
        f"  mean error less gnubg 0-ply's, decision by decision: {mean:+.4f} "
        f"[95% {low:+.4f}..{high:+.4f}]"
    )


def paired(mine: list[Verdict], theirs: list[Verdict]) -> tuple[float, float, float]:
    """The mean error a decision of ``mine`` less that of ``theirs``, position by position,
    with its 95% normal interval: (low, mean, high)."""
    differences = [
        (a.double_loss + a.take_loss - b.double_loss - b.take_loss) / 2
        for a, b in zip(mine, theirs, strict=True)
    ]
    count = len(differences)
    mean = sum(differences) / count
    spread = math.sqrt(sum((d - mean) ** 2 for d in differences) / (count - 1))
    half = Z95 * spread / math.sqrt(count)
    return mean - half, mean, mean + half


if __name__ == "__main__":
    main()
