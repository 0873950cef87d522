"""Cube decisions rated by Debian's GNU Backgammon: run inside gnubg, not by Python.

    GNUBG_CUBE_IN=in.json GNUBG_CUBE_OUT=out.json gnubg -t -q -p scripts/gnubg_cube.py

``scripts/make_cube_reference.py`` writes the input and runs this. The input is a list
of decisions: ``board`` (gnubg's ``anBoard``: the opponent's 25 counts, then the
side of the player on roll), ``cube`` (its value), ``owner`` (-1 centred, 1 the
player on roll, 0 the opponent), ``length`` (0 for money, no Jacoby rule) and
``score`` (the opponent's, the roller's). For each, the output holds gnubg's cubeful
equities at each of ``PLIES`` (``no_double``, ``double_take``, ``double_pass``,
normalised: money points per point of the cube now, a pass worth +1; match equities
as gnubg's equivalent money) and its cubeless chances at each (win, gammon,
backgammon, gammon loss, backgammon loss). Evaluations are gnubg's own 0-ply and its
2-ply with pruning nets ("world class"), deterministic and noiseless.
"""

import json
import os
from typing import Any

import gnubg  # type: ignore[import-not-found]  # Debian gnubg's embedded module

PLIES = (0, 2)


def rate(decision: dict[str, Any], plies: int) -> dict[str, Any]:
    cube_info = gnubg.cubeinfo(
        decision["cube"],
        decision["owner"],
        1,  # the player on roll is anBoard[1]
        decision["length"],
        tuple(decision["score"]),
        0,  # never the Crawford game: no cube decision there
        0,
    )
    context = gnubg.evalcontext(1, plies, 1, 1, 0.0)
    board = tuple(tuple(side) for side in decision["board"])
    _optimal, no_double, take, drop, _code, text = gnubg.cfevaluate(board, cube_info, context)
    chances = gnubg.evaluate(board, cube_info, context)[:5]
    return {
        "no_double": no_double,
        "double_take": take,
        "double_pass": drop,
        "text": text,
        "chances": list(chances),
    }


def main() -> None:
    gnubg.command("set jacoby off")
    with open(os.environ["GNUBG_CUBE_IN"]) as source:
        decisions = json.load(source)
    rated = [{f"ply{n}": rate(d, n) for n in PLIES} for d in decisions]
    target = os.environ["GNUBG_CUBE_OUT"]
    with open(target + ".part", "w") as out:
        json.dump(rated, out)
    os.replace(target + ".part", target)


main()
