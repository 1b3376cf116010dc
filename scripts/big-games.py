#!/usr/bin/env python3
"""Writes large hostile game files for measuring the reader's and the compiler's memory
(issue #17): python3 scripts/big-games.py DIR [MEGABYTES]. Each is about MEGABYTES (default
50) of text; run `/usr/bin/time -v dagaz check FILE` and `dagaz moves FILE` on each."""
import os
import sys

out = sys.argv[1]
size = int(sys.argv[2]) * 1_000_000 if len(sys.argv) > 2 else 50_000_000
os.makedirs(out, exist_ok=True)
board = '(board (name b) (dim "a-c") (dim "1"))\n'
game = '(game (name "t") (players (White (P a1))))\n'

def write(name, body):
    with open(os.path.join(out, name), "w") as f:
        f.write(body)

# Millions of atoms in one list.
write("atoms.game", board + game + "(piece (name P) (move " + "1 " * (size // 2) + "))\n")
# Millions of empty lists.
write("lists.game", board + game + "(x " + "()" * (size // 2) + ")\n")
# Lists nested as deep as the reader allows, over and over.
deep = "(" * 190 + ")" * 190
write("deep.game", board + game + deep * (size // len(deep)) + "\n")
# A players clause with millions of entries.
write("players.game", board + '(piece (name P) (move))\n(game (name "t") (players (White (P '
      + "a1 " * (size // 3) + "))))\n")
# Millions of statements.
write("statements.game", board + game + "(piece (name P) (move " + "(take)" * (size // 6) + "))\n")
