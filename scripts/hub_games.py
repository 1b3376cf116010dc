#!/usr/bin/env python3
"""Complete international draughts games against `dagaz hub games/international.game`,
refereed by pydraughts.

pydraughts (https://pypi.org/project/pydraughts/, pinned to 0.6.7) starts dagaz as a Hub
engine with `draughts.engine.HubEngine` (Scan's Hub protocol, version 2) and plays whole
games on its own board: dagaz against a player that picks random legal moves (dagaz as White
and as Black), and dagaz against itself, at a fixed time a move (`level move-time=...`) or
with a clock (`level time=... inc=...`). Every move dagaz answers (`done move=...`, in Hub
notation: `32-28`, `28x19x23` with the captured squares after the end square) must be one of
pydraughts' legal moves; every `info` line must parse; the engine must never die. It also
checks `ping`/`pong` and that the ponder move, when given, is legal after the best move.

The script creates its own virtual environment in scripts/.venv/pydraughts (git-ignored),
installs pydraughts==0.6.7 there from PyPI on first use, and re-runs itself inside it. It
uses ./target/release/dagaz (a private copy) and builds it when it is missing (or with
--build).

Exit status: 0 when every check passed, 1 when any failed.

Usage (from the repository root):

    python3 scripts/hub_games.py                    # 4 games at 200 ms a move
    python3 scripts/hub_games.py --games 6 --movetime 0.1 --seed 3
"""

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import support  # noqa: E402

support.use_pydraughts(__file__)

import draughts  # noqa: E402
from draughts.engine import HubEngine, Limit  # noqa: E402


def legal_hub_moves(board):
    return {m.hub_position_move for m in board.legal_moves()}


def play_game(engine, white, black, limit, max_plies, rng, problems):
    """One game; `white`/`black` are "dagaz" or "random"."""
    board = draughts.Board("standard")
    depths = []
    plies = 0
    while not board.is_over() and plies < max_plies:
        who = white if board.turn == draughts.WHITE else black
        legal = board.legal_moves()
        if who == "random":
            move = rng.choice(legal)
        else:
            try:
                result = engine.play(board, limit, ponder=False)
            except KeyError as e:
                # pydraughts could not find dagaz's move among the legal ones.
                problems.append(f"illegal move from dagaz ({e}) at {board.fen}")
                break
            move = result.move
            if move.hub_position_move not in legal_hub_moves(board):
                problems.append(f"illegal move {move.hub_move} at {board.fen}")
                break
            if result.ponder is not None:
                after = board.copy()
                after.push(move)
                if result.ponder.hub_position_move not in legal_hub_moves(after):
                    problems.append(f"illegal ponder move {result.ponder.hub_move} at {after.fen}")
            info = result.info or {}
            if "depth" in info:
                depths.append(info["depth"])
            if "score" not in info:
                problems.append(f"no score in the last info at {board.fen}")
        board.push(move)
        plies += 1
    if board.is_over():
        winner = board.winner()
        res = {draughts.WHITE: "1-0", draughts.BLACK: "0-1", 0: "draw"}.get(winner, str(winner))
        reason = "the game's end (pydraughts)"
    else:
        res, reason = "*", f"stopped after {max_plies} plies"
    return res, plies, reason, depths


def main():
    args = support.games_args(__doc__, max_plies=200)
    binary = support.private_dagaz(support.REPO / "target" / "release" / "dagaz", args.build)

    counter = support.WarningCounter("pydraughts")
    rng = random.Random(args.seed)
    problems, lines = [], []
    total_plies = 0

    engine = HubEngine([str(binary), "hub", "games/international.game"], cwd=str(support.REPO))
    try:
        engine.init()
        engine.ping()
        engine.configure({"hash": 32})
        engine.ping()
        lines.append(f"engine: {engine.id}; parameters: {', '.join(sorted(engine.options))}")
        t = args.movetime

        def play(g, white, black, clocked):
            # With a clock pydraughts sends `level time=T inc=I` with the same T each move (it
            # does not run the clock itself): 60 moves' worth of movetime.
            limit = Limit(time=60 * t, inc=t / 4) if clocked else Limit(movetime=t)
            engine.send("new-game")
            return play_game(engine, white, black, limit, args.max_plies, rng, problems)

        for line, plies in support.play_games(args.games, play, f"level move-time={t}",
                                              f"level time={60 * t:.0f} inc={t / 4:.2f}"):
            lines.append(line)
            total_plies += plies
        engine.quit()
        engine.p.wait(timeout=10)
        engine.p.stdin.close()
        engine.p.stdout.close()
        if engine.p.returncode != 0:
            problems.append(f"dagaz exited with code {engine.p.returncode}")
    except (EOFError, OSError) as e:
        problems.append(f"engine failure: {type(e).__name__}: {e}")
        engine.kill_process()

    support.report_games("Hub games: pydraughts 0.6.7 against dagaz hub games/international.game", lines,
                         args.games, total_plies, problems, counter, "pydraughts")


if __name__ == "__main__":
    main()
