"""What the move generators scripts/GAME_referee.py (alquerque, fanorona, surakarta) share, none
of it a rule of a game: the two sides, the position, the board as they print it, perft and their
command line.

A generator is a module with `start()`, `legal(state)`, `play(state, move)`, `show(state)` and,
where moves are one per outcome, `outcome(move)` (what scripts/differential.py drives, its class
`Own`); its states are `State`s (the board as {(file, rank): 'W' | 'B'}, 0-based, and the
side to move, 'W' or 'B'), with more of their own where the game needs it. Each ends with

    if __name__ == "__main__":
        sys.exit(own_referee.main(sys.modules[__name__]))

which gives it the command line

    python3 scripts/GAME_referee.py --perft N         # start-position perft, depth 1..N
    python3 scripts/GAME_referee.py --moves M ...     # the board and the legal moves after these

and, for a generator with `outcome`, `--paths` (perft counts each path, not each outcome).
"""

import argparse


def other(side):
    return "B" if side == "W" else "W"


class State:
    """A position: the board and the side to move ('W' or 'B')."""

    def __init__(self, board, mover):
        self.board = board  # {(f, r): 'W' | 'B'}
        self.mover = mover


def show_board(board, mover, files, height, note=""):
    """The board, rank `height` on top, White's men o and Black's x; the files' letters under
    it, then who is to move (and `note` after that)."""
    rows = []
    for r in range(height - 1, -1, -1):
        rows.append(f"{r + 1} " + " ".join(
            {"W": "o", "B": "x"}.get(board.get((f, r)), ".") for f in range(len(files))))
    rows.append("  " + " ".join(files) + f"   ({'White' if mover == 'W' else 'Black'} to move{note})")
    return "\n".join(rows)


def perft(game, state, depth, paths=False):
    """Leaves at `depth`: one per move; where the game has `outcome`, one per outcome (the first
    path of each), or with `paths`, one per path."""
    found = game.legal(state)
    if not paths and hasattr(game, "outcome"):
        first = {}
        for key, move in found.items():
            first.setdefault(game.outcome(move), key)
        found = {key: found[key] for key in first.values()}
    if depth == 1:
        return len(found)
    return sum(perft(game, game.play(state, m), depth - 1, paths) for m in found.values())


def main(game):
    """The command line of the generator `game` (a module): its docstring's first line is the
    description."""
    p = argparse.ArgumentParser(description=game.__doc__.splitlines()[0])
    p.add_argument("--perft", type=int, metavar="DEPTH")
    p.add_argument("--moves", nargs="*", default=[])
    if hasattr(game, "outcome"):
        p.add_argument("--paths", action="store_true", help="perft: count each path, not each outcome")
    args = p.parse_args()
    state = game.start()
    for m in args.moves:
        state = game.play(state, game.legal(state)[m])
    if args.perft:
        for d in range(1, args.perft + 1):
            print(d, perft(game, state, d, getattr(args, "paths", False)), flush=True)
    else:
        print(game.show(state))
        print(" ".join(sorted(game.legal(state))))
