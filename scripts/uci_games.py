#!/usr/bin/env python3
"""Complete chess games against `dagaz uci games/chess.game`, refereed by python-chess.

python-chess (https://pypi.org/project/chess/, pinned to 1.11.2) starts dagaz as a UCI
engine with `chess.engine.SimpleEngine.popen_uci` and plays whole games: dagaz against a
player that picks random legal moves (dagaz as White and as Black), and dagaz against itself,
at a fixed time a move or with clocks (`go wtime ... btime ... winc ... binc ...`). Every move
dagaz answers must be legal in python-chess's own board, every `info` line must parse (python-
chess logs a warning or an error for anything it cannot read; the script counts those), and
the engine must never die. It also checks a mate in one (`score mate 1`), an infinite analysis
stopped after a while, and `isready` round trips.

The script creates its own virtual environment in scripts/.venv/python-chess (git-ignored),
installs chess==1.11.2 there from PyPI on first use, and re-runs itself inside it. It uses
./target/release/dagaz (a private copy of it, so that a concurrent build cannot swap it) and
builds it with `cargo build --release -p dagaz-cli` when it is missing (or with --build).

Exit status: 0 when every check passed, 1 when any failed.

Usage (from the repository root):

    python3 scripts/uci_games.py                    # 4 games at 200 ms a move
    python3 scripts/uci_games.py --games 6 --movetime 0.1 --seed 3
"""

import argparse
import logging
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import support  # noqa: E402

support.ensure_venv_and_reexec(
    support.REPO / "scripts" / ".venv" / "python-chess",
    "chess==1.11.2",
    "DAGAZ_UCI_GAMES_VENV",
    __file__,
)

import chess  # noqa: E402
import chess.engine  # noqa: E402


def play_game(engine, game_id, white, black, limit_for, max_plies, rng, problems):
    """One game; `white`/`black` are "dagaz" or "random". Returns (result, plies, reason)."""
    board = chess.Board()
    depths = []
    while not board.is_game_over(claim_draw=True) and board.ply() < max_plies:
        who = white if board.turn == chess.WHITE else black
        if who == "random":
            move = rng.choice(list(board.legal_moves))
        else:
            # A new `game` makes python-chess send `ucinewgame` first.
            result = engine.play(board, limit_for(board), game=game_id, info=chess.engine.INFO_ALL)
            move = result.move
            if move is None or move not in board.legal_moves:
                problems.append(f"illegal or missing move {move} at {board.fen()}")
                break
            if "depth" in result.info:
                depths.append(result.info["depth"])
            if "score" not in result.info:
                problems.append(f"no score in the last info at {board.fen()}")
        board.push(move)
    if board.is_game_over(claim_draw=True):
        outcome = board.outcome(claim_draw=True)
        reason = outcome.termination.name.lower()
        res = board.result(claim_draw=True)
    else:
        reason, res = f"stopped after {max_plies} plies", "*"
    return res, board.ply(), reason, depths


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=4, help="games to play (default 4)")
    ap.add_argument("--movetime", type=float, default=0.2, help="seconds a move (default 0.2)")
    ap.add_argument("--max-plies", type=int, default=300, help="stop a game after this many plies")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--build", action="store_true", help="rebuild dagaz first")
    args = ap.parse_args()

    binary = support.REPO / "target" / "release" / "dagaz"
    support.ensure_dagaz(binary, args.build)
    binary = support.snapshot_dagaz(binary)

    counter = support.WarningCounter()
    logging.getLogger("chess.engine").addHandler(counter)
    rng = random.Random(args.seed)
    problems = []
    lines = []

    engine = chess.engine.SimpleEngine.popen_uci([str(binary), "uci", "games/chess.game"],
                                                 cwd=str(support.REPO))
    try:
        lines.append(f"engine: {engine.id.get('name')} by {engine.id.get('author')}; "
                     f"options: {', '.join(sorted(engine.options))}")
        engine.configure({"Hash": 32})
        engine.ping()  # isready / readyok

        # A mate in one, and an infinite analysis stopped after a while.
        mate = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 0 1")
        info = engine.analyse(mate, chess.engine.Limit(depth=3))
        score = info["score"].white()
        if score != chess.engine.Mate(1) or info.get("pv", [None])[0] != chess.Move.from_uci("h5f7"):
            problems.append(f"mate in one: got {score} {info.get('pv')}")
        lines.append(f"mate in one: score {score}, pv {' '.join(m.uci() for m in info.get('pv', []))}")
        with engine.analysis(chess.Board(), chess.engine.Limit()) as analysis:
            time.sleep(0.5)
            analysis.stop()
            best = analysis.wait()
        if best.move is None or best.move not in chess.Board().legal_moves:
            problems.append(f"infinite analysis: bad best move {best.move}")
        lines.append(f"infinite analysis stopped after 0.5 s: bestmove {best.move}, "
                     f"depth {analysis.info.get('depth')}")

        t = args.movetime
        schedule = [("dagaz", "random"), ("random", "dagaz"), ("dagaz", "dagaz"), ("dagaz", "dagaz")]
        total_plies = 0
        for g in range(args.games):
            white, black = schedule[g % len(schedule)]
            clocked = g % len(schedule) == 3
            if clocked:
                # Clocks: 60 moves' worth of movetime each, plus a small increment.
                clocks = {"w": 60 * t, "b": 60 * t}

                def limit_for(board, clocks=clocks):
                    return chess.engine.Limit(white_clock=clocks["w"], black_clock=clocks["b"],
                                              white_inc=t / 4, black_inc=t / 4)
            else:
                def limit_for(board):
                    return chess.engine.Limit(time=t)
            start = time.perf_counter()
            res, plies, reason, depths = play_game(engine, g, white, black, limit_for, args.max_plies,
                                                   rng, problems)
            secs = time.perf_counter() - start
            total_plies += plies
            mean = sum(depths) / len(depths) if depths else 0
            mode = f"clocks {60 * t:.0f} s + {t / 4:.2f} s" if clocked else f"{t * 1000:.0f} ms a move"
            lines.append(f"game {g + 1}: {white} vs {black} ({mode}): {res} by {reason}, {plies} plies "
                         f"in {secs:.1f} s, dagaz's mean depth {mean:.1f}")
        engine.quit()
    except (chess.engine.EngineError, chess.engine.EngineTerminatedError) as e:
        problems.append(f"engine failure: {type(e).__name__}: {e}")
        try:
            engine.close()
        except Exception:
            pass
        total_plies = 0

    for record in counter.records:
        problems.append(f"python-chess logged: {record}")
    print("UCI games: python-chess", chess.__version__, "against", "dagaz uci games/chess.game")
    for line in lines:
        print("  " + line)
    print(f"  {args.games} games, {total_plies} plies; problems: {len(problems)}")
    for p in problems:
        print("  PROBLEM: " + p)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
