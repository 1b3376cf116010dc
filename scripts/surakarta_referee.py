#!/usr/bin/env python3
"""An independent move generator for Surakarta as games/surakarta.game states its rules, written
from the rules alone (no dagaz code, no package), for scripts/differential.py.

    python3 scripts/surakarta_referee.py --perft 3           # start-position perft, depth 1..3
    python3 scripts/surakarta_referee.py --moves b2-c3 ...   # the legal moves after these

The rules: 6x6 points a1..f6; White's twelve stones on ranks 1-2, Black's on ranks 5-6; White
first. A stone steps to any of the eight neighbouring points that is empty. Or it captures: it
travels along one of the two circuits, over empty points only (its own starting point counts as
empty), through at least one of the corner loops, to the first stone it meets, which must be an
enemy's; it takes that stone's place. The inner circuit is the files b and e and the ranks 2 and
5, joined at each corner by a small loop (a2 westwards comes back at b1 northwards, and so on);
the outer one the files c and d and the ranks 3 and 4, joined by large loops (a3 westwards comes
back at c1 northwards). Captures are not compulsory. Notation: b2-c3, b2xe6.
"""

import sys

import own_referee
from own_referee import other

FILES = "abcdef"
SIZE = 6
N, S, E, W = (0, 1), (0, -1), (1, 0), (-1, 0)
STEPS = [N, S, E, W, (1, 1), (1, -1), (-1, 1), (-1, -1)]

# A loop: leaving the board from a point in a direction, the stone comes back at another point,
# going in another direction. Each loop is written both ways.
LOOPS = {}


def _loop(a, da, b, db):
    """Leaving from a along da comes back at b going db; and leaving from b against db comes
    back at a going against da."""
    LOOPS[(a, da)] = (b, db)
    LOOPS[(b, (-db[0], -db[1]))] = (a, (-da[0], -da[1]))


for k in (1, 2):  # 1: the small loops of the inner circuit; 2: the large ones of the outer
    lo, hi = k, SIZE - 1 - k
    _loop((0, lo), W, (lo, 0), N)          # bottom left
    _loop((SIZE - 1, lo), E, (hi, 0), N)   # bottom right
    _loop((0, hi), W, (lo, SIZE - 1), S)   # top left
    _loop((SIZE - 1, hi), E, (hi, SIZE - 1), S)  # top right

CIRCUIT_LINES = {1, 2, SIZE - 3, SIZE - 2}  # files b c d e, ranks 2 3 4 5 (0-based 1..4)


def name(p):
    return f"{FILES[p[0]]}{p[1] + 1}"


def on_board(p):
    return 0 <= p[0] < SIZE and 0 <= p[1] < SIZE


class State(own_referee.State):
    @staticmethod
    def start():
        board = {}
        for f in range(SIZE):
            board[(f, 0)] = board[(f, 1)] = "W"
            board[(f, SIZE - 2)] = board[(f, SIZE - 1)] = "B"
        return State(board, "W")


def start():
    """The start position: with `legal`, `play`, `show` (and `outcome` where there is one), what
    scripts/differential.py drives (its class `Own`)."""
    return State.start()


def capture_target(board, start, first, side):
    """The enemy stone the stone on `start` takes by setting out along `first`, or None."""
    horizontal = first[1] == 0
    if start[1 if horizontal else 0] not in CIRCUIT_LINES:
        return None  # no circuit runs through start this way
    p, d, loops = start, first, 0
    while True:
        nxt = (p[0] + d[0], p[1] + d[1])
        if not on_board(nxt):
            nxt, d = LOOPS[(p, d)]
            loops += 1
        p = nxt
        if p == start:
            if d == first:
                return None  # all the way round: nothing to take
            continue
        who = board.get(p)
        if who is None:
            continue
        return p if who != side and loops else None


def legal(state):
    """{notation: (from, to)} of the side to move."""
    side, board = state.mover, state.board
    out = {}
    for p in sorted(q for q, s in board.items() if s == side):
        for d in (N, S, E, W):
            target = capture_target(board, p, d, side)
            if target is not None:
                out[f"{name(p)}x{name(target)}"] = (p, target)
        for d in STEPS:
            to = (p[0] + d[0], p[1] + d[1])
            if on_board(to) and to not in board:
                out[f"{name(p)}-{name(to)}"] = (p, to)
    return out


def play(state, move):
    frm, to = move
    board = dict(state.board)
    board[to] = board.pop(frm)
    return State(board, other(state.mover))


def show(state):
    return own_referee.show_board(state.board, state.mover, FILES, SIZE)


if __name__ == "__main__":
    sys.exit(own_referee.main(sys.modules[__name__]))
