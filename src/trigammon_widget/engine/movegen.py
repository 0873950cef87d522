"""The legal-play search (R4-R12) on plain lists: the engine's hot path.

Everything here works in the mover's path coordinates: ``mine[0]`` is the bar,
``mine[1..n]`` the path, ``mine[n + 1]`` the tray. ``blocked[i]`` marks points held
by two or more checkers of one opponent (R6) and bit ``i`` of ``blots`` a lone
opponent checker (R7). A resulting position is identified by an integer key: four
bits of checker count per path index, then one bit per hit point.
"""

from __future__ import annotations

from functools import cache

from .variant import CHECKERS

RawMove = tuple[int, int, int, bool]
"""(start, end, die, hit) in path coordinates."""
RawPlay = tuple[RawMove, ...]
Leaves = dict[int, tuple[RawPlay, int]]


@cache
def key_weights(n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per path index: what one checker adds to a key, and what a hit there adds."""
    counts = tuple(1 << (4 * i) for i in range(n + 2))
    hits = tuple(1 << (4 * (n + 2) + i) for i in range(n + 2))
    return counts, hits


def board_key(mine: list[int], n: int) -> int:
    weights = key_weights(n)[0]
    return sum(c * w for c, w in zip(mine, weights, strict=True))


def search(
    mine: list[int],
    blocked: list[bool],
    blots: int,
    n: int,
    dice: tuple[int, ...],
    key: int,
    moves: RawPlay,
    out: Leaves,
    ordered: bool,
) -> None:
    """Add to ``out`` every end of turn reachable with ``dice`` (played in any order).

    An end is a state where the dice are used up, no remaining die fits, or the mover
    has won (R12); it is stored with the number of dice it counts as using (R9).
    With ``ordered`` (doubles) moves are made in order of start point, farthest from
    home first: every legal sequence of equal dice can be so reordered, which removes
    permutations without losing any result. ``mine`` is restored before returning.
    """
    weights, hit_weights = key_weights(n)
    tray = n + 1
    home_start = n - 5
    last = moves[-1][0] if (ordered and moves) else 0
    sources = (0,) if mine[0] else [i for i in range(last, tray) if mine[i]]
    found = False
    for index, die in enumerate(dice):
        if index and die == dice[0]:
            break
        rest = dice[:index] + dice[index + 1 :]
        for start in sources:
            if not mine[start]:
                continue
            end = start + die
            hit = False
            if end <= n:
                if blocked[end]:
                    continue
                hit = bool(blots >> end & 1)
            else:
                farthest = 0
                while not mine[farthest]:
                    farthest += 1
                if farthest < home_start or (end > tray and start != farthest):
                    continue
                end = tray
            found = True
            mine[start] -= 1
            mine[end] += 1
            child = key + weights[end] - weights[start]
            child_blots = blots
            if hit:
                child += hit_weights[end]
                child_blots = blots & ~(1 << end)
            played = (*moves, (start, end, die, hit))
            if not rest or mine[tray] == CHECKERS:
                used = len(played) + (len(rest) if rest else 0)
                if out.get(child, ((), -1))[1] < used:
                    out[child] = (played, used)
            else:
                search(mine, blocked, child_blots, n, rest, child, played, out, ordered)
            mine[start] += 1
            mine[end] -= 1
    if not found and moves and out.get(key, ((), -1))[1] < len(moves):
        out[key] = (moves, len(moves))


def legal_leaves(
    mine: list[int], blocked: list[bool], blots: int, n: int, die1: int, die2: int
) -> dict[int, RawPlay]:
    """Resulting-position key -> one play reaching it, for every legal play (R4-R12).

    Keeps the plays that use the most dice (R9) and, where only one die of two can
    be used, the higher die when it can be played. No move at all gives one empty
    play.
    """
    high, low = max(die1, die2), min(die1, die2)
    dice = (high,) * 4 if high == low else (high, low)
    out: Leaves = {}
    key = board_key(mine, n)
    search(mine, blocked, blots, n, dice, key, (), out, high == low)
    if not out:
        return {key: ()}
    most = max(used for _, used in out.values())
    plays = {k: played for k, (played, used) in out.items() if used == most}
    if most == 1 and high != low and any(p[0][2] == high for p in plays.values()):
        plays = {k: p for k, p in plays.items() if p[0][2] == high}
    return plays
