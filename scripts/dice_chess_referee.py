#!/usr/bin/env python3
"""Referees games/dice-chess.game with a second implementation of dice chess built on
python-chess (chess==1.11.2): perft from the start, and the move lists along random games.

The rules, as the game file states them: a die (1 pawn ... 6 king, each 1/6) names the piece
type that moves; its moves are chess's pseudo-legal moves (no check, no castling); a roll
whose type cannot move passes; capturing the king wins. The plies are counted as dagaz counts
them: a roll is a move of chance, then the mover's move or `pass`. Moves are written as dagaz
writes them (`roll knight`, `g1f3`, `e7e8q`, `pass`).

    python3 scripts/dice_chess_referee.py --perft 6
    python3 scripts/dice_chess_referee.py --games 100

The script makes its own virtual environment (scripts/.venv/differential, with python-chess).
"""

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import differential  # noqa: E402  (the venv and the pin)
import support  # noqa: E402

GAME = support.REPO / "games" / "dice-chess.game"
FACES = ["pawn", "knight", "bishop", "rook", "queen", "king"]


class DiceChess:
    """A position: python-chess's board (castling rights cleared) and the roll (None when
    chance is to roll)."""

    def __init__(self, chess, board=None, roll=None):
        self.chess = chess
        self.board = board or chess.Board(chess.STARTING_FEN.replace("KQkq", "-"))
        self.roll = roll

    def over(self):
        return any(not self.board.pieces(self.chess.KING, c) for c in (True, False))

    def moves(self):
        """(text, weight, next position) for each move; empty when the game is over."""
        if self.over():
            return []
        if self.roll is None:
            return [(f"roll {f}", 1, DiceChess(self.chess, self.board, i + 1))
                    for i, f in enumerate(FACES)]
        out = []
        for mv in self.board.pseudo_legal_moves:
            if self.board.piece_type_at(mv.from_square) == self.roll:
                after = self.board.copy(stack=False)
                after.push(mv)
                out.append((mv.uci(), 1, DiceChess(self.chess, after)))
        if not out:
            after = self.board.copy(stack=False)
            after.push(self.chess.Move.null())
            out.append(("pass", 1, DiceChess(self.chess, after)))
        return out


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    support.add_referee_options(p, 200)
    support.add_dagaz_options(p)
    a = p.parse_args()
    support.ensure_venv_and_reexec(differential.VENV, differential.PINS["python-chess"],
                                   differential.IN_VENV_FLAG, __file__)
    import chess

    if a.perft:
        for d in range(1, a.perft + 1):
            print(d, support.referee_perft(DiceChess(chess), d), flush=True)
    if a.games:
        binary = support.private_dagaz(a.dagaz.resolve(), a.build)
        return support.compare_random_games(binary, GAME, lambda: DiceChess(chess), a.games,
                                            a.seed, a.plies)
    return 0


if __name__ == "__main__":
    support.run(main)
