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
    args = support.games_args(__doc__, max_plies=300)
    binary = support.private_dagaz(support.REPO / "target" / "release" / "dagaz", args.build)

    counter = support.WarningCounter("chess.engine")
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

        def play(g, white, black, clocked):
            def limit_for(board):
                if clocked:  # clocks: 60 moves' worth of movetime each, plus a small increment
                    return chess.engine.Limit(white_clock=60 * t, black_clock=60 * t,
                                              white_inc=t / 4, black_inc=t / 4)
                return chess.engine.Limit(time=t)

            return play_game(engine, g, white, black, limit_for, args.max_plies, rng, problems)

        total_plies = 0
        for line, plies in support.play_games(args.games, play, f"{t * 1000:.0f} ms a move",
                                              f"clocks {60 * t:.0f} s + {t / 4:.2f} s"):
            lines.append(line)
            total_plies += plies
        engine.quit()
    except (chess.engine.EngineError, chess.engine.EngineTerminatedError) as e:
        problems.append(f"engine failure: {type(e).__name__}: {e}")
        try:
            engine.close()
        except Exception:
            pass
        total_plies = 0

    support.report_games(f"UCI games: python-chess {chess.__version__} against dagaz uci games/chess.game",
                         lines, args.games, total_plies, problems, counter, "python-chess")


if __name__ == "__main__":
    main()
