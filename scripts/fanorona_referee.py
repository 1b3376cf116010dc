#!/usr/bin/env python3
"""An independent move generator for Fanorona as games/fanorona.game states its rules, written
from the rules alone (no dagaz code, no package), for scripts/differential.py.

    python3 scripts/fanorona_referee.py --perft 3            # start-position perft, depth 1..3
    python3 scripts/fanorona_referee.py --moves d3-e3W ...   # the legal moves after these

The rules: 9x5 points a1..i5, lines along every rank and file, and diagonals through the points
whose file and rank numbers (a=1) add up to an even number (a1, c1, ..., e3, ...). White on ranks
1-2, Black on ranks 4-5; on rank 3 Black on a3 c3 f3 h3, White on b3 d3 g3 i3, e3 empty. White
first. A piece moves along a line to an adjacent empty point. It captures by approach when the
point beyond its landing point, in the direction it moved, holds an enemy: that enemy and the
unbroken row of enemies behind it leave the board. It captures by withdrawal when the point
behind its starting point, opposite to the direction it moved, holds an enemy: that enemy and
the row behind it leave. When both are possible, the player chooses (two moves). Capturing is
compulsory. After a capture the same piece may go on capturing, as long as it likes: each step
a capture, never in the direction of the step before, never to a point it has stood on in this
turn (its starting point included). On the first move of the game White captures once only.
Two sequences with the same start, end and stones taken are one move: `legal` lists every path,
`moves` groups them by `outcome`. Notation: a move without capture e2-e3; a capture with each
landing point and the kind of each capture (A approach, W withdrawal): d3-e3W, f2-e3A-d3W.
"""

import sys

import own_referee
from own_referee import other

FILES = "abcdefghi"
WIDTH, HEIGHT = 9, 5
ORTHOGONAL = [(0, 1), (0, -1), (1, 0), (-1, 0)]
DIAGONAL = [(1, 1), (-1, 1), (1, -1), (-1, -1)]


def name(p):
    return f"{FILES[p[0]]}{p[1] + 1}"


def on_board(p):
    return 0 <= p[0] < WIDTH and 0 <= p[1] < HEIGHT


def lines_from(p):
    """The directions of the lines through p: diagonals only where file + rank is even."""
    return ORTHOGONAL + (DIAGONAL if (p[0] + p[1]) % 2 == 0 else [])


def add(p, d, k=1):
    return (p[0] + k * d[0], p[1] + k * d[1])


class State(own_referee.State):
    def __init__(self, board, mover, ply):
        super().__init__(board, mover)
        self.ply = ply  # moves played since the start

    @staticmethod
    def start():
        board = {}
        for f in range(WIDTH):
            board[(f, 0)] = board[(f, 1)] = "W"
            board[(f, 3)] = board[(f, 4)] = "B"
        for f, side in zip(range(WIDTH), "BWBW.BWBW"):
            if side != ".":
                board[(f, 2)] = side
        return State(board, "W", 0)


def start():
    """The start position: with `legal`, `play`, `show` (and `outcome` where there is one), what
    scripts/differential.py drives (its class `Own`)."""
    return State.start()


def row_of_enemies(board, first, d, enemy):
    """The enemy at `first` and the unbroken row of enemies after it along d."""
    out = []
    p = first
    while on_board(p) and board.get(p) == enemy:
        out.append(p)
        p = add(p, d)
    return out


def capture_steps(board, p, side, last_dir, visited):
    """The capturing steps from p: (direction, landing, kind, captured points)."""
    enemy = other(side)
    out = []
    for d in lines_from(p):
        if d == last_dir:
            continue
        to = add(p, d)
        if not on_board(to) or to in board or to in visited:
            continue
        ahead = row_of_enemies(board, add(to, d), d, enemy)
        if ahead:
            out.append((d, to, "A", ahead))
        back = (-d[0], -d[1])
        behind = row_of_enemies(board, add(p, back), back, enemy)
        if behind:
            out.append((d, to, "W", behind))
    return out


def chains(board, p, side, last_dir, visited, text, steps, single, out):
    """Every capture sequence from p, each prefix a move: notation -> its steps so far."""
    for d, to, kind, taken in capture_steps(board, p, side, last_dir, visited):
        here = f"{text}-{name(to)}{kind}"
        removed = {q: board.pop(q) for q in taken}
        moved = board.pop(p)
        board[to] = moved
        steps.append((to, tuple(taken)))
        if here in out:
            raise ValueError(f"two moves written {here}")
        out[here] = list(steps)
        if not single:
            chains(board, to, side, d, visited | {to}, here, steps, single, out)
        steps.pop()
        del board[to]
        board[p] = moved
        board.update(removed)


def legal(state):
    """{notation: (from, [(landing, captured points), ...])} of the side to move."""
    side, board = state.mover, state.board
    single = state.ply == 0  # the first move of the game captures once
    captures, paika = {}, {}
    for p in sorted((q for q, s in board.items() if s == side), key=lambda q: (q[1], q[0])):
        found = {}
        chains(board, p, side, None, {p}, name(p), [], single, found)
        for key, steps in found.items():
            captures[key] = (p, steps)
        for d in lines_from(p):
            to = add(p, d)
            if on_board(to) and to not in board:
                paika[f"{name(p)}-{name(to)}"] = (p, [(to, ())])
    return captures if captures else paika


def outcome(move):
    """What a move does: its start, its end and the points it empties of enemies. Two paths
    with the same outcome are one move (the dagaz game's `(unique-moves actions)`)."""
    frm, steps = move
    return frm, steps[-1][0], frozenset(q for _, taken in steps for q in taken)


def moves(state):
    """The moves of the side to move, one per outcome: {outcome: [notations of its paths]}."""
    out = {}
    for key, move in legal(state).items():
        out.setdefault(outcome(move), []).append(key)
    return out


def play(state, move):
    frm, steps = move
    board = dict(state.board)
    side = board.pop(frm)
    for _, taken in steps:
        for q in taken:
            del board[q]
    board[steps[-1][0]] = side
    return State(board, other(side), state.ply + 1)


def show(state):
    return own_referee.show_board(state.board, state.mover, FILES, HEIGHT, f", ply {state.ply}")


if __name__ == "__main__":
    sys.exit(own_referee.main(sys.modules[__name__]))
