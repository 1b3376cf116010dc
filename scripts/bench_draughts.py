#!/usr/bin/env python3
"""Benchmark dagaz's draughts perft against the py-draughts Python library.

Both engines are measured in the same run, on the same machine, one after the
other (never concurrently), from the same start positions:

* dagaz (./target/release/dagaz, built with `cargo build --release -p
  dagaz-cli` when missing or with --build):
  - `dagaz perft games/international.game --depth 8 --bulk` and
    `dagaz perft games/english.game --depth 10 --bulk`, timed with
    time.perf_counter() around the subprocess (so process start and compiling
    the .game file are included; both are a few milliseconds);
  - `dagaz bench GAME --depth N --repeat K`, which times its own perft runs
    (every leaf played, and bulk counting), best of K.
* py-draughts (https://pypi.org/project/py-draughts/, pinned to 1.10.1; the
  fastest pure-Python draughts library, bitboard move generation), timed with
  time.perf_counter() around the perft call inside Python:
  - a bulk-counting perft written here on its public board API
    (`board.legal_moves`, `board.push`, `board.pop`); it counts one move per
    (start, end, set of captured pieces), as dagaz does. py-draughts has no
    perft of its own on the board API;
  - for international draughts also py-draughts' own `perft` in
    draughts.engines.turbo (the internal int-only move generator of its
    TurboEngine, international board only), also bulk counting.
  py-draughts' StandardBoard is international draughts with the same square
  numbering and start position as dagaz. Its AmericanBoard makes captures
  optional, which is not English draughts, so the script uses a subclass whose
  legal_moves asks the same move-generation core for mandatory captures (no
  majority rule), i.e. English/American checkers rules. AmericanBoard starts
  with White on 21-32 to move, where English draughts starts with Black on 1-12
  to move; the two start positions are mirror images, so the perft counts are
  the same (the table shows the leaves of every row, and the script checks that
  they agree with dagaz's).

The result is printed as a Markdown table (engine, game, depth, leaves,
seconds, leaves/s) ready to paste into the README, followed by the machine
details. The default depths (8 and 10) take two to three minutes in all on a
2-core machine; --quick uses depths 6 and 8, and --intl-depth/--english-depth
set them freely (the same depth is used for both engines).

The script creates its own virtual environment in scripts/.venv/py-draughts
(git-ignored), installs py-draughts==1.10.1 there from PyPI on first use, and
re-runs itself inside it.

Usage (from the repository root):

    python3 scripts/bench_draughts.py                 # international depth 8, english depth 10
    python3 scripts/bench_draughts.py --quick         # depths 6 and 8
    python3 scripts/bench_draughts.py --repeat 3 --bench-repeat 3
"""

import argparse
import os
import sys
import time
from pathlib import Path

import support

REPO = Path(__file__).resolve().parent.parent
VENV = REPO / "scripts" / ".venv" / "py-draughts"
PY_DRAUGHTS_PIN = "py-draughts==1.10.1"
IN_VENV_FLAG = "DAGAZ_BENCH_IN_VENV"

GAMES = {
    "international": {"file": "games/international.game", "title": "International"},
    "english": {"file": "games/english.game", "title": "English"},
}


# ---------------------------------------------------------------------------
# virtual environment
# ---------------------------------------------------------------------------


def ensure_venv_and_reexec() -> None:
    """Re-run this script in its own virtual environment with the pinned library."""
    support.ensure_venv_and_reexec(VENV, PY_DRAUGHTS_PIN, IN_VENV_FLAG, __file__)


# ---------------------------------------------------------------------------
# dagaz
# ---------------------------------------------------------------------------


dagaz_perft = support.dagaz_perft
dagaz_bench = support.dagaz_bench


# ---------------------------------------------------------------------------
# py-draughts
# ---------------------------------------------------------------------------


def py_boards():
    """py-draughts board classes for the two games (imported inside the venv)."""
    from draughts import AmericanBoard, StandardBoard
    from draughts.boards._core import CORE_AMERICAN

    class EnglishBoard(AmericanBoard):
        """AmericanBoard with mandatory captures (py-draughts' AmericanBoard makes them optional)."""

        @property
        def legal_moves(self):
            return self._legal_moves_from_core(CORE_AMERICAN, max_capture=False, captures_optional=False)

    return {"international": StandardBoard, "english": EnglishBoard}


def board_perft(board, depth: int) -> int:
    """Bulk-counting perft on py-draughts' public board API."""
    if depth == 0:
        return 1
    moves = board.legal_moves
    if depth == 1:
        return len(moves)
    total = 0
    push, pop = board.push, board.pop
    for m in moves:
        push(m)
        total += board_perft(board, depth - 1)
        pop()
    return total


timed = support.timed


# ---------------------------------------------------------------------------
# main
# ---------------------------------------------------------------------------


def parse_args(argv=None):
    p = argparse.ArgumentParser(
        description="Benchmark dagaz's draughts perft against py-draughts in one run and print a "
        "Markdown table (see the module docstring).",
    )
    p.add_argument("--intl-depth", type=int, default=8, help="international perft depth (default 8)")
    p.add_argument("--english-depth", type=int, default=10, help="english perft depth (default 10)")
    p.add_argument("--quick", action="store_true", help="use depths 6 (international) and 8 (english)")
    p.add_argument("--repeat", type=int, default=1,
                   help="runs of each timed perft (dagaz perft and py-draughts); the best is reported (default 1)")
    p.add_argument("--bench-repeat", type=int, default=1, help="--repeat passed to dagaz bench (default 1)")
    p.add_argument("--no-bench", action="store_true", help="skip `dagaz bench`")
    p.add_argument("--games", nargs="+", choices=list(GAMES), default=list(GAMES),
                   help="games to measure (default both)")
    support.add_dagaz_options(p)
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    ensure_venv_and_reexec()
    binary = support.private_dagaz(args.dagaz.resolve(), args.build)
    if args.quick:
        args.intl_depth, args.english_depth = 6, 8
    depths = {"international": args.intl_depth, "english": args.english_depth}

    boards = py_boards()
    from draughts.engines.turbo import perft_from_board

    rows = []  # (engine, game, depth, leaves, seconds)
    load_before = os.getloadavg()
    t_start = time.perf_counter()
    for game in args.games:
        cfg, depth = GAMES[game], depths[game]
        title = cfg["title"]

        def log(msg):
            print(f"[{time.perf_counter() - t_start:7.1f} s] {msg}", file=sys.stderr, flush=True)

        log(f"dagaz perft {cfg['file']} --depth {depth} --bulk")
        leaves, secs = dagaz_perft(binary, cfg["file"], depth, args.repeat)
        rows.append(("dagaz `perft --bulk` (wall clock, whole process)", title, depth, leaves, secs))

        if not args.no_bench:
            log(f"dagaz bench {cfg['file']} --depth {depth} --repeat {args.bench_repeat}")
            bench = dagaz_bench(binary, cfg["file"], depth, args.bench_repeat)
            rows.append(("dagaz `bench`, bulk counting", title, depth, *bench["bulk"]))
            rows.append(("dagaz `bench`, every leaf played", title, depth, *bench["full"]))

        log(f"py-draughts board perft, {game}, depth {depth}")
        board_cls = boards[game]
        leaves_py, secs_py = timed(lambda: board_perft(board_cls(), depth), args.repeat)
        rows.append(("py-draughts `legal_moves`/`push`/`pop` perft, bulk counting", title, depth,
                     leaves_py, secs_py))

        if game == "international":
            log(f"py-draughts turbo perft, depth {depth}")
            leaves_t, secs_t = timed(lambda: perft_from_board(board_cls(), depth), args.repeat)
            rows.append(("py-draughts `engines.turbo.perft` (TurboEngine's internal generator), bulk",
                         title, depth, leaves_t, secs_t))
    load_after = os.getloadavg()

    support.print_perft_table(rows, "game")
    print("py-draughts English uses AmericanBoard's move-generation core with captures made mandatory "
          "(AmericanBoard itself makes captures optional); every count is one move per "
          "(start, end, captured set).")
    support.print_perft_footer(args.dagaz.resolve(), "py-draughts", (load_before, load_after), args)
    # Every engine must count the same leaves for the same game and depth.
    titles = {game: GAMES[game]["title"] for game in args.games}
    ok = support.leaf_counts_agree(rows, titles, "py-draughts", "game")
    return 0 if ok else 1


if __name__ == "__main__":
    support.run(main)
