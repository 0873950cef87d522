"""A slow, independent reading of R4-R12 for cross-checking the engine's search.

It works on absolute points and tries every order of the dice with no pruning, so
it shares no code or trick with ``movegen``. Only the final positions are compared.
"""

from __future__ import annotations

from itertools import permutations

from trigammon_widget.engine import CHECKERS, Position


def _single_moves(pos: Position, die: int) -> list[Position]:
    """Positions after one checker of the player to move travels ``die`` points."""
    variant = pos.variant
    me = pos.turn
    board = pos.boards[me]
    n = variant.points
    results = []
    on_bar = board[0] > 0
    farthest = min((i for i in range(n + 1) if board[i]), default=n + 1)
    for start in range(n + 1):
        if not board[start] or (on_bar and start != 0):
            continue
        target = start + die
        boards = [list(b) for b in pos.boards]
        if target > n:
            all_home = farthest >= n - 5
            if not all_home:
                continue
            if target > n + 1 and start != farthest:
                continue
            boards[me][start] -= 1
            boards[me][n + 1] += 1
        else:
            point = variant.absolute(me, target)
            owner = pos.point(point)
            if owner is not None and owner[0] != me and owner[1] >= 2:
                continue
            boards[me][start] -= 1
            boards[me][target] += 1
            if owner is not None and owner[0] != me:
                victim = owner[0]
                boards[victim][variant.path(victim, point)] -= 1
                boards[victim][0] += 1
        results.append(Position(variant, tuple(tuple(b) for b in boards), me))
    return results


def _sequences(pos: Position, dice: tuple[int, ...]) -> set[tuple[Position, int]]:
    """(end position, dice used) for every maximal sequence with the dice in this order.

    A win (R12) ends the sequence, and the dice left count as not used: R9 still
    prefers a sequence that uses them all, as GNU Backgammon reads it (the last
    checker off with one die, or hitting on the way off with both: only the latter).
    """
    if not dice:
        return {(pos, 0)}
    nexts = _single_moves(pos, dice[0])
    if not nexts:
        return {(pos, 0)}
    found = set()
    for after in nexts:
        if after.borne_off(after.turn) == CHECKERS:
            found.add((after, 1))
            continue
        for end, used in _sequences(after, dice[1:]):
            found.add((end, used + 1))
    return found


def legal_results(pos: Position) -> set[Position]:
    """The positions every legal play leads to, turn and dice unchanged (R9 applied)."""
    assert pos.dice is not None
    d1, d2 = pos.dice
    bare = Position(pos.variant, pos.boards, pos.turn)
    orders = [(d1,) * 4] if d1 == d2 else list(permutations((d1, d2)))
    ends: set[tuple[Position, int, int]] = set()
    for order in orders:
        for end, used in _sequences(bare, order):
            ends.add((end, used, order[0]))
    most = max(used for _, used, _ in ends)
    best = {(end, first) for end, used, first in ends if used == most}
    if most == 1 and d1 != d2 and any(first == max(d1, d2) for _, first in best):
        best = {(end, first) for end, first in best if first == max(d1, d2)}
    return {end for end, _ in best}
