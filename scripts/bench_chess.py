#!/usr/bin/env python3
"""Benchmark dagaz's chess perft (games/chess.game) against python-chess.

Both are measured in the same run, on the same machine, one after the other, on the
positions the chess issue names: the start position to depth 5 (4,865,609 leaves) and
Kiwipete to depth 4 (4,085,603 leaves).

* dagaz (./target/release/dagaz, built when missing or with --build):
  - `dagaz perft games/chess.game [--fen F] --depth N --bulk`, timed around the process;
  - `dagaz bench games/chess.game [--fen F] --depth N --repeat K`, which times its own
    perft runs: every leaf move played, and bulk counting (the last ply counted, not played).
* python-chess (pinned to 1.11.2), timed around the perft call inside Python: a perft on
  its public API with bulk counting (`board.legal_moves.count()` at the last ply,
  `push`/`pop` above it), the fastest way its API offers.

The result is a Markdown table for the README, then the machine details. The script makes
its own virtual environment in scripts/.venv/python-chess (git-ignored), installs
chess==1.11.2 there on first use, and re-runs itself inside it.

Usage (from the repository root):

    python3 scripts/bench_chess.py               # start depth 5, Kiwipete depth 4
    python3 scripts/bench_chess.py --quick       # start depth 4, Kiwipete depth 3
    python3 scripts/bench_chess.py --repeat 3 --bench-repeat 3
"""

import argparse
import os
import sys
import time

import support

REPO = support.REPO
VENV = REPO / "scripts" / ".venv" / "python-chess"
PIN = "chess==1.11.2"
IN_VENV_FLAG = "DAGAZ_BENCH_CHESS_IN_VENV"
GAME = "games/chess.game"

POSITIONS = {
    "start": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5),
    "Kiwipete": ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4),
}


def chess_perft(board, depth: int) -> int:
    """Bulk-counting perft on python-chess's public API."""
    if depth == 0:
        return 1
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += chess_perft(board, depth - 1)
        board.pop()
    return total


def parse_args(argv=None):
    p = argparse.ArgumentParser(
        description="Benchmark dagaz's chess perft against python-chess in one run and print "
        "a Markdown table (see the module docstring).",
    )
    p.add_argument("--quick", action="store_true", help="one depth less for each position")
    p.add_argument("--repeat", type=int, default=1,
                   help="runs of each timed perft (dagaz perft and python-chess); best reported")
    p.add_argument("--bench-repeat", type=int, default=1, help="--repeat passed to dagaz bench")
    p.add_argument("--no-python", action="store_true", help="measure dagaz only")
    support.add_dagaz_options(p)
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    support.ensure_venv_and_reexec(VENV, PIN, IN_VENV_FLAG, __file__)
    binary = support.private_dagaz(args.dagaz.resolve(), args.build)
    import chess

    rows = []  # (engine, position, depth, leaves, seconds)
    load_before = os.getloadavg()
    t_start = time.perf_counter()

    def log(msg):
        print(f"[{time.perf_counter() - t_start:7.1f} s] {msg}", file=sys.stderr, flush=True)

    for name, (fen, depth) in POSITIONS.items():
        depth -= 1 if args.quick else 0
        fen_args = ("--fen", fen)
        log(f"dagaz perft {GAME} ({name}) --depth {depth} --bulk")
        leaves, secs = support.dagaz_perft(binary, GAME, depth, args.repeat, fen_args)
        rows.append(("dagaz `perft --bulk` (wall clock, whole process)", name, depth, leaves, secs))
        log(f"dagaz bench {GAME} ({name}) --depth {depth}")
        bench = support.dagaz_bench(binary, GAME, depth, args.bench_repeat, fen_args)
        rows.append(("dagaz `bench`, bulk counting", name, depth, *bench["bulk"]))
        rows.append(("dagaz `bench`, every leaf played", name, depth, *bench["full"]))
        if not args.no_python:
            log(f"python-chess perft ({name}) depth {depth}")
            leaves_py, secs_py = support.timed(
                lambda: chess_perft(chess.Board(fen), depth), args.repeat)
            rows.append(("python-chess 1.11.2 perft, bulk counting", name, depth, leaves_py, secs_py))
    load_after = os.getloadavg()

    support.print_perft_table(rows, "position")
    support.print_perft_footer(args.dagaz.resolve(), "chess", (load_before, load_after), args)
    ok = support.leaf_counts_agree(rows, {name: name for name in POSITIONS}, "python-chess", "position")
    return 0 if ok else 1


if __name__ == "__main__":
    support.run(main)
