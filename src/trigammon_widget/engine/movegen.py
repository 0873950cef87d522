"""The legal-play search (R4-R12) on plain lists: the engine's hot path.

Everything here works in the mover's path coordinates: ``mine[0]`` is the bar,
``mine[1..n]`` the path, ``mine[n + 1]`` the tray. ``blocked[i]`` marks points held
by two or more checkers of one opponent (R6) and bit ``i`` of ``blots`` a lone
opponent checker (R7). A resulting position is identified by an integer key: four
bits of checker count per path index (one byte each, so a board converts in one
call), then one bit per hit point.
"""

from __future__ import annotations

from functools import cache

from .variant import CHECKERS

RawMove = tuple[int, int, int, bool]
"""(start, end, die, hit) in path coordinates."""
RawPlay = tuple[RawMove, ...]
"""A play as the search finds it: its raw moves, in order."""
Levels = list[dict[int, RawPlay]]
"""Ends of turn by the number of dice used: ``levels[k]`` maps key -> play using k dice."""


@cache
def key_weights(n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per path index: what one checker adds to a key, and what a hit there adds."""
    counts = tuple(1 << (8 * i) for i in range(n + 2))
    hits = tuple(1 << (8 * (n + 2) + i) for i in range(n + 2))
    return counts, hits


def board_key(mine: list[int] | tuple[int, ...]) -> int:
    """A board's counts as one integer: the key of the boards a search reaches."""
    return int.from_bytes(bytes(mine), "little")


def search(
    mine: list[int],
    blocked: list[bool],
    blots: int,
    n: int,
    dice: tuple[int, ...],
    key: int,
    moves: RawPlay = (),
) -> Levels:
    """Every end of turn reachable from ``mine`` with ``dice`` played in any order.

    An end is a state where the dice are used up, no remaining die fits, or the mover
    has won (R12). Ends are filed by the number of dice used (R9), each with one
    move sequence reaching it. ``moves`` are those already made this turn.

    A win does not excuse the other dice: where the last checker can go off with
    one die or, hitting on the way, with both, R9 wants both, as GNU Backgammon has
    it.

    The search goes level by level, one die per level, copying a board only for
    states that go on. With two different dice, the lower die played first is only
    followed by moves whose order matters: the same checker going on, a bear-off, or
    anything after an entry from the bar or a bear-off. Any other pair of moves by
    different checkers is legal in both orders and was already found higher die
    first. Equal dice (doubles) are played in order of start point,
    farthest from home first: every legal sequence of equal dice can be so reordered
    (moving a checker never helps one behind it), which removes permutations
    without losing any result.
    """
    weights, hit_weights = key_weights(n)
    tray = n + 1
    home_start = n - 5
    ordered = len(dice) > 1 and dice.count(dice[0]) == len(dice)
    first = (0,) if mine[0] else [i for i in range(tray) if mine[i]]
    full = len(moves) + len(dice)
    levels: Levels = [{} for _ in range(full + 1)]
    frontier = [(mine, first, key, blots, moves, dice, -1)]
    while frontier:
        following = []
        for board, sources, base, hittable, played, left, only_from in frontier:
            last = played[-1][0] if ordered and played else 0
            farthest = -1
            found = False
            for index, die in enumerate(left):
                if index and die == left[0]:
                    break
                rest = left[:index] + left[index + 1 :]
                for start in sources:
                    if start < last or not board[start]:
                        continue
                    end = start + die
                    hit = False
                    if end <= n:
                        if blocked[end]:
                            continue
                        hit = hittable >> end & 1 == 1
                    else:
                        if farthest < 0:
                            farthest = next(i for i in sources if board[i])
                        if farthest < home_start or (end > tray and start != farthest):
                            continue
                        end = tray
                        if board[tray] == CHECKERS - 1:  # the last checker: a win (R12)
                            level = levels[full - len(rest)]
                            child = base + weights[tray] - weights[start]
                            if child not in level:
                                level[child] = (*played, (start, tray, die, False))
                            found = True
                            continue
                    found = True
                    if only_from >= 0 and start != only_from and end != tray:
                        continue
                    child = base + weights[end] - weights[start]
                    if hit:
                        child += hit_weights[end]
                    if not rest:
                        level = levels[full]
                        if child not in level:
                            level[child] = (*played, (start, end, die, hit))
                        continue
                    after = board.copy()
                    after[start] -= 1
                    after[end] += 1
                    next_sources: list[int] | tuple[int, ...]
                    if start == 0:
                        next_sources = (0,) if after[0] else [i for i in range(tray) if after[i]]
                    elif end == tray or board[end] or end in sources:
                        next_sources = sources
                    else:
                        next_sources = sorted((*sources, end))
                    following.append(
                        (
                            after,
                            next_sources,
                            child,
                            hittable & ~(1 << end) if hit else hittable,
                            (*played, (start, end, die, hit)),
                            rest,
                            end if index and start and end != tray else -1,
                        )
                    )
            if not found and played:
                levels[len(played)].setdefault(base, played)
        frontier = following
    return levels


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
    key = board_key(mine)
    levels = search(mine, blocked, blots, n, dice, key)
    most = next((used for used in range(len(dice), 0, -1) if levels[used]), 0)
    if not most:
        return {key: ()}
    plays = levels[most]
    if most == 1 and high != low and any(p[0][2] == high for p in plays.values()):
        plays = {k: p for k, p in plays.items() if p[0][2] == high}
    return plays
