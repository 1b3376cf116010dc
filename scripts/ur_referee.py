#!/usr/bin/env python3
"""A second implementation of the Royal Game of Ur (Finkel's rules, as games/ur.game states
them), written from the published rules, to referee dagaz: perft from the start, and the move
lists along random games.

The plies are counted as dagaz counts them: a throw is a move of chance (five outcomes, 0 to
4 marked tips, weights 1 4 6 4 1), then the mover's move, or `pass` when it has none (a throw
of 0 included); a move onto a rosette is followed by another throw for the same player. The
moves are written as dagaz writes them (`roll 2`, `a0-c1`, `d1-b1`, `g1-off`, `pass`).

    python3 scripts/ur_referee.py --perft 6
    python3 scripts/ur_referee.py --games 100 --dagaz target/release/dagaz
"""

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import support  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
WHITE_TRACK = ["d1", "c1", "b1", "a1", "a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2", "h1", "g1"]
BLACK_TRACK = [t.replace("1", "3") if t.endswith("1") else t for t in WHITE_TRACK]
TRACKS = {"White": WHITE_TRACK, "Black": BLACK_TRACK}
POOL = {"White": "a0", "Black": "a4"}
ROSETTES = {3, 7, 13}  # track indices of a1/a3, d2, g1/g3
SAFE = 7  # d2
WEIGHTS = [1, 4, 6, 4, 1]
OTHER = {"White": "Black", "Black": "White"}


class Ur:
    """A position: each side's track (index -> True where its piece stands), pool and off
    counts, whose turn, and the throw (None when chance is to throw)."""

    def __init__(self):
        self.on = {"White": set(), "Black": set()}
        self.pool = {"White": 7, "Black": 7}
        self.off = {"White": 0, "Black": 0}
        self.side = "White"
        self.roll = None

    def copy(self):
        c = Ur()
        c.on = {k: set(v) for k, v in self.on.items()}
        c.pool = dict(self.pool)
        c.off = dict(self.off)
        c.side, c.roll = self.side, self.roll
        return c

    def over(self):
        return any(n == 7 for n in self.off.values())

    def moves(self):
        """(text, weight, next position) for each move; empty when the game is over."""
        if self.over():
            return []
        if self.roll is None:
            out = []
            for n, w in enumerate(WEIGHTS):
                c = self.copy()
                c.roll = n
                out.append((f"roll {n}", w, c))
            return out
        out = [m for m in self.piece_moves()]
        if not out:
            c = self.copy()
            c.roll, c.side = None, OTHER[self.side]
            out.append(("pass", 1, c))
        return out

    def piece_moves(self):
        me, roll = self.side, self.roll
        if roll == 0:
            return
        track = TRACKS[me]
        starts = sorted(self.on[me])
        froms = ([-1] if self.pool[me] > 0 else []) + starts
        for start in froms:
            to = start + roll
            name = POOL[me] if start < 0 else track[start]
            c = self.copy()
            if start < 0:
                c.pool[me] -= 1
            else:
                c.on[me].discard(start)
            if to == len(track):
                c.off[me] += 1
                text = f"{name}-off"
                again = False
            elif to > len(track) or to in self.on[me]:
                continue
            else:
                enemy = OTHER[me]
                shared = 4 <= to <= 11
                if shared and to in self.on[enemy]:
                    if to == SAFE:
                        continue
                    c.on[enemy].discard(to)
                    c.pool[enemy] += 1
                c.on[me].add(to)
                text = f"{name}-{track[to]}"
                again = to in ROSETTES
            c.roll = None
            if not again:
                c.side = OTHER[me]
            yield (text, 1, c)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    support.add_referee_options(p, 120)
    p.add_argument("--dagaz", type=Path, default=REPO / "target" / "release" / "dagaz")
    a = p.parse_args()
    if a.perft:
        for d in range(1, a.perft + 1):
            print(d, support.referee_perft(Ur(), d))
    if a.games:
        game = REPO / "games" / "ur.game"
        return support.compare_random_games(a.dagaz, game, Ur, a.games, a.seed, a.plies)
    return 0


if __name__ == "__main__":
    sys.exit(main())
