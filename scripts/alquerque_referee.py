#!/usr/bin/env python3
"""An independent move generator for Alquerque as games/alquerque.game states its rules, written
from the rules alone (no dagaz code, no package), for scripts/differential.py.

    python3 scripts/alquerque_referee.py --perft 4           # start-position perft, depth 1..4
    python3 scripts/alquerque_referee.py --moves c2-c3 b4-c3  # the legal moves after these

The rules: 5x5 points a1..e5, lines along every rank and file, and diagonals through the points
whose file and rank numbers (a=1) add up to an even number (a1, c1, b2, ..., c3, ...). White's
twelve men on ranks 1-2 and d3 e3, Black's on ranks 4-5 and a3 b3; White first. A man steps
to an adjacent empty point forwards (straight or diagonally) or sideways, never backwards; a man
on the far row cannot step. A man captures by jumping along a line, in any direction, over an
adjacent enemy man to the empty point just beyond; the enemy leaves at once; the same man goes
on capturing while it can, and the move ends only when it cannot. Capturing is compulsory (any
capture may be chosen). Every path of jumps is a move of its own. Notation: c2-c3, c1xc3xe5.
"""

import sys

import own_referee
from own_referee import other

FILES = "abcde"
SIZE = 5
ORTHOGONAL = [(0, 1), (0, -1), (1, 0), (-1, 0)]
DIAGONAL = [(1, 1), (-1, 1), (1, -1), (-1, -1)]


def name(p):
    return f"{FILES[p[0]]}{p[1] + 1}"


def on_board(f, r):
    return 0 <= f < SIZE and 0 <= r < SIZE


def has_diagonals(p):
    # a1 is (0, 0): file 1 + rank 1 even in the players' numbering
    return (p[0] + p[1]) % 2 == 0


def lines_from(p):
    """The directions of the lines through point p."""
    return ORTHOGONAL + (DIAGONAL if has_diagonals(p) else [])


class State(own_referee.State):
    @staticmethod
    def start():
        board = {}
        for f in range(SIZE):
            for r in (0, 1):
                board[(f, r)] = "W"
            for r in (3, 4):
                board[(f, r)] = "B"
        board[(3, 2)] = board[(4, 2)] = "W"  # d3 e3: White's right of the middle row
        board[(0, 2)] = board[(1, 2)] = "B"  # a3 b3: Black's right
        return State(board, "W")


def start():
    """The start position: with `legal`, `play`, `show` (and `outcome` where there is one), what
    scripts/differential.py drives (its class `Own`)."""
    return State.start()


def captures(board, side, p, path, out):
    """Every complete chain of jumps of the man of `side` standing (in thought) on p."""
    extended = False
    for df, dr in lines_from(p):
        mid = (p[0] + df, p[1] + dr)
        to = (p[0] + 2 * df, p[1] + 2 * dr)
        if not on_board(*to) or board.get(mid) != other(side) or to in board:
            continue
        extended = True
        victim = board.pop(mid)
        captures(board, side, to, path + [to], out)
        board[mid] = victim
    if not extended and len(path) > 1:
        out.append(list(path))


def legal(state):
    """{notation: (from, path of landing points)} of the side to move."""
    side, board = state.mover, state.board
    forward = 1 if side == "W" else -1
    far = SIZE - 1 if side == "W" else 0
    jumps, steps = {}, {}
    for p in sorted(q for q, s in board.items() if s == side):
        del board[p]  # the man has left its point while it jumps
        chains = []
        captures(board, side, p, [p], chains)
        board[p] = side
        for chain in chains:
            key = "x".join(name(q) for q in chain)
            if key in jumps:
                raise ValueError(f"two moves written {key}")
            jumps[key] = (p, chain)
        if p[1] == far:
            continue
        for df, dr in lines_from(p):
            if dr == -forward:
                continue  # never backwards
            to = (p[0] + df, p[1] + dr)
            if on_board(*to) and to not in board:
                steps[f"{name(p)}-{name(to)}"] = (p, [p, to])
    return jumps if jumps else steps


def play(state, move):
    frm, path = move
    board = dict(state.board)
    side = board.pop(frm)
    for a, b in zip(path, path[1:]):
        if abs(b[0] - a[0]) == 2 or abs(b[1] - a[1]) == 2:
            del board[((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)]
    board[path[-1]] = side
    return State(board, other(side))


def show(state):
    return own_referee.show_board(state.board, state.mover, FILES, SIZE)


if __name__ == "__main__":
    sys.exit(own_referee.main(sys.modules[__name__]))
