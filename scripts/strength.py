#!/usr/bin/env python3
"""How strong is dagaz's search? Play it against fixed opponents and report (issue #5).

Three matches, each game driven move by move through the dagaz command line:

1. chess (games/chess.game), dagaz at `--movetime MS` (default 500) against a uniformly random
   mover; python-chess 1.11.2 is the independent referee. A game ends by checkmate, stalemate,
   threefold repetition, the fifty-move rule (both as claimable draws), insufficient material,
   or at a cap of 300 plies (an adjudicated draw). Every dagaz move comes from
   `dagaz bestmove games/chess.game --moves <all moves from the start> --movetime MS`, so dagaz
   knows the history; every one is checked against python-chess's legal moves, and an illegal
   move (or a crash, or a search that does not answer in time) loses the game and is reported
   loudly. The expectation is at least 95% wins.
2. chess against Stockfish (`/usr/games/stockfish` or `stockfish` on PATH; this part is skipped
   with a message when it is missing) with `UCI_LimitStrength true` and `UCI_Elo 1350`, at the
   same time per move (`chess.engine.Limit(time=MS/1000)`), colours alternating.
3. draughts, games/international.game and games/english.game, dagaz at 200 ms a move (or
   `--movetime MS` when given, or `--draughts-movetime MS`) against a random mover whose moves
   come from `dagaz moves`. dagaz is its own referee here: a game ends when `dagaz moves`
   exits 1 with `game over — ...` on standard error (its words say who won) or at a cap of 300 plies (a draw). The first player of the game file moves first.

The random movers are seeded (`--seed`), so a run is reproducible apart from the search's timing.
Progress (one line per finished game) goes to stderr, a Markdown table to stdout.

The script makes its own virtual environment in scripts/.venv/python-chess (git-ignored),
installs chess==1.11.2 there on first use and re-runs itself inside it; it runs a snapshot of
target/release/dagaz (built when missing or with --build).

Usage (from the repository root):

    python3 scripts/strength.py                    # 20 + 10 + 10 + 10 games, 500 ms a move
    python3 scripts/strength.py --quick            # 2 games each at 100 ms: checks the script
    python3 scripts/strength.py --only stockfish --games 4 --seed 7
"""

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import support

REPO = support.REPO
VENV = REPO / "scripts" / ".venv" / "python-chess"
PIN = "chess==1.11.2"
IN_VENV_FLAG = "DAGAZ_STRENGTH_IN_VENV"
CHESS = "games/chess.game"
DRAUGHTS = ["games/international.game", "games/english.game"]
MAX_PLIES = 300
SF_ELO = 1350

INFO = re.compile(r"^info depth (\d+) .*?nodes (\d+) ")
# `dagaz moves` at the end of a game (standard error, exit 1): `game over — Black has no moves and loses`, or a draw.
NO_MOVES = re.compile(r"^game over — (\S+) has no moves and (wins|loses|draws)$")


class Match(support.Tally):
    """The tally of one match, from dagaz's point of view."""

    def __init__(self, engine: str, opponent: str):
        super().__init__()
        self.engine, self.opponent = engine, opponent
        self.depths = []  # depth of the last completed iteration, per dagaz move
        self.nodes = []  # nodes of the last info line (the last completed iteration)
        self.move_secs = []  # wall clock of each dagaz process


class DagazFailure(Exception):
    pass


def dagaz_bestmove(binary: Path, game: str, moves: list, movetime: int, match: Match) -> str:
    """dagaz's move after `moves` from the start, with its depth and nodes recorded."""
    cmd = [str(binary), "bestmove", game, "--movetime", str(movetime)]
    if moves:
        cmd += ["--moves", *moves]
    t = time.perf_counter()
    try:
        r = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True,
                           timeout=movetime / 1000 * 10 + 30)
    except subprocess.TimeoutExpired:
        raise DagazFailure(f"dagaz bestmove did not answer within {movetime / 100 + 30:.0f} s")
    match.move_secs.append(time.perf_counter() - t)
    lines = [ln.strip() for ln in r.stdout.splitlines() if ln.strip()]
    if r.returncode != 0 or not lines or lines[-1].startswith("info"):
        raise DagazFailure(f"dagaz bestmove failed (exit {r.returncode}): "
                           f"{(r.stderr or r.stdout).strip()[:500]}")
    for ln in reversed(lines):
        m = INFO.match(ln)
        if m:
            match.depths.append(int(m.group(1)))
            match.nodes.append(int(m.group(2)))
            break
    return lines[-1]


def dagaz_moves(binary: Path, game: str, moves: list):
    """(legal moves, None) or ([], (the line, side to move, verdict)) when the game is over."""
    cmd = [str(binary), "moves", game]
    if moves:
        cmd += ["--moves", *moves]
    r = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, timeout=120)
    try:
        lines, end = support.moves_answer(r)
    except support.DagazError as e:
        raise DagazFailure(f"dagaz moves failed: {e}")
    if end is not None:
        m = NO_MOVES.match(end)
        if m:
            return [], (end, m.group(1), m.group(2))
        if end.startswith("game over — Draw"):
            return [], (end, None, "draws")
        raise DagazFailure(f"unexpected end-of-game line: {end}")
    return lines, None


def log(msg: str):
    print(msg, file=sys.stderr, flush=True)


def chess_game(binary, movetime, dagaz_white: bool, opponent, match: Match, label: str):
    """One chess game; `opponent(board)` answers a chess.Move. Returns (result, plies, why)."""
    import chess

    board = chess.Board()
    moves = []
    while True:
        outcome = board.outcome(claim_draw=True)
        if outcome is not None:
            why = outcome.termination.name.lower()
            if outcome.winner is None:
                return "draw", len(moves), why
            return ("win" if outcome.winner == dagaz_white else "loss"), len(moves), why
        if len(moves) >= MAX_PLIES:
            return "draw", len(moves), f"{MAX_PLIES}-ply cap (adjudicated draw)"
        if board.turn == dagaz_white:
            try:
                text = dagaz_bestmove(binary, CHESS, moves, movetime, match)
            except DagazFailure as e:
                msg = f"{label}: ply {len(moves) + 1}: {e}"
                match.incidents.append(msg)
                log(f"!!! {msg} -- counted as a loss")
                return "loss", len(moves), "dagaz failed"
            try:
                move = chess.Move.from_uci(text)
            except ValueError:
                move = None
            if move is None or move not in board.legal_moves:
                msg = (f"{label}: ply {len(moves) + 1}: ILLEGAL MOVE {text!r} from dagaz in "
                       f"{board.fen()} after {' '.join(moves) or '(start)'}")
                match.incidents.append(msg)
                log(f"!!! {msg} -- counted as a loss")
                return "loss", len(moves), "illegal move by dagaz"
        else:
            move = opponent(board)
        moves.append(move.uci())
        board.push(move)


def play_chess_random(binary, args, rows):
    import chess  # noqa: F401

    match = Match(f"dagaz chess.game, {args.movetime} ms/move", "uniformly random mover")
    for i in range(args.chess_games):
        rng = random.Random(f"{args.seed}/chess-random/{i}")
        dagaz_white = i % 2 == 0
        label = f"chess vs random, game {i + 1}/{args.chess_games}"
        t = time.perf_counter()
        result, plies, why = chess_game(binary, args.movetime, dagaz_white,
                                        lambda b: rng.choice(list(b.legal_moves)), match, label)
        match.add(result, plies)
        log(f"{label}: dagaz {'White' if dagaz_white else 'Black'}: {result} ({why}) "
            f"in {plies} plies, {time.perf_counter() - t:.0f} s")
    rows.append(match)
    if match.score < 95.0 or match.w < 0.95 * match.games:
        log(f"!!! EXPECTATION NOT MET: dagaz won {match.w}/{match.games} against the random mover "
            "(at least 95% wins expected)")


def find_stockfish():
    for cand in ("/usr/games/stockfish", shutil.which("stockfish")):
        if cand and os.path.isfile(cand) and os.access(cand, os.X_OK):
            return cand
    return None


def play_chess_stockfish(binary, args, rows):
    import chess
    import chess.engine

    path = find_stockfish()
    if path is None:
        log("Stockfish not found (/usr/games/stockfish or `stockfish` on PATH): skipping the "
            "Stockfish match; install it with `apt-get install stockfish`")
        return
    engine = chess.engine.SimpleEngine.popen_uci(path)
    try:
        engine.configure({"UCI_LimitStrength": True, "UCI_Elo": SF_ELO, "Threads": 1})
        name = engine.id.get("name", "Stockfish")
        limit = chess.engine.Limit(time=args.movetime / 1000)
        match = Match(f"dagaz chess.game, {args.movetime} ms/move",
                      f"{name}, UCI_Elo {SF_ELO}, {args.movetime} ms/move")

        def sf_move(board):
            return engine.play(board, limit).move

        for i in range(args.games):
            dagaz_white = i % 2 == 0
            label = f"chess vs Stockfish, game {i + 1}/{args.games}"
            t = time.perf_counter()
            result, plies, why = chess_game(binary, args.movetime, dagaz_white, sf_move, match,
                                            label)
            match.add(result, plies)
            log(f"{label}: dagaz {'White' if dagaz_white else 'Black'}: {result} ({why}) "
                f"in {plies} plies, {time.perf_counter() - t:.0f} s")
        rows.append(match)
    finally:
        engine.quit()


def play_draughts(binary, args, rows):
    for game in DRAUGHTS:
        short = Path(game).name
        match = Match(f"dagaz {short}, {args.draughts_movetime} ms/move",
                      "random mover (`dagaz moves`)")
        for i in range(args.games):
            rng = random.Random(f"{args.seed}/{short}/{i}")
            dagaz_first = i % 2 == 0
            label = f"{short} vs random, game {i + 1}/{args.games}"
            t = time.perf_counter()
            moves = []
            result = why = None
            while result is None:
                dagaz_to_move = (len(moves) % 2 == 0) == dagaz_first
                try:
                    legal, ended = dagaz_moves(binary, game, moves)
                except DagazFailure as e:
                    sys.exit(f"error: {label}: ply {len(moves) + 1}: {e}")
                if ended is not None:
                    why, _side, verdict = ended
                    if verdict == "draws":
                        result = "draw"
                    elif verdict in ("wins", "loses"):
                        mover_wins = verdict == "wins"
                        result = "win" if mover_wins == dagaz_to_move else "loss"
                    else:
                        sys.exit(f"error: {label}: the game declares no goal: {why}")
                    break
                if len(moves) >= MAX_PLIES:
                    result, why = "draw", f"{MAX_PLIES}-ply cap (adjudicated draw)"
                    break
                if dagaz_to_move:
                    try:
                        mv = dagaz_bestmove(binary, game, moves, args.draughts_movetime, match)
                    except DagazFailure as e:
                        msg = f"{label}: ply {len(moves) + 1}: {e}"
                        match.incidents.append(msg)
                        log(f"!!! {msg} -- counted as a loss")
                        result, why = "loss", "dagaz failed"
                        break
                    if mv not in legal:
                        msg = (f"{label}: ply {len(moves) + 1}: ILLEGAL MOVE {mv!r} from dagaz "
                               f"(not in `dagaz moves`) after {' '.join(moves) or '(start)'}")
                        match.incidents.append(msg)
                        log(f"!!! {msg} -- counted as a loss")
                        result, why = "loss", "illegal move by dagaz"
                        break
                else:
                    mv = rng.choice(legal)
                moves.append(mv)
            match.add(result, len(moves))
            log(f"{label}: dagaz {'first' if dagaz_first else 'second'}: {result} ({why}) "
                f"in {len(moves)} plies, {time.perf_counter() - t:.0f} s")
        rows.append(match)


def parse_args(argv=None):
    p = argparse.ArgumentParser(
        description="Play dagaz against a random mover and Stockfish (chess) and a random mover "
        "(International and English draughts) and print a Markdown table (see the module "
        "docstring).")
    p.add_argument("--games", type=int, default=None,
                   help="games per match (default: 20 against the random chess mover, 10 in "
                        "the others; --quick: 2)")
    p.add_argument("--movetime", type=int, default=None,
                   help="time per move in ms for every match: dagaz's and Stockfish's in chess, "
                        "dagaz's in draughts (default 500 in chess, 200 in draughts; --quick: 100)")
    p.add_argument("--draughts-movetime", type=int, default=None,
                   help="dagaz's time per move in draughts in ms (overrides --movetime there)")
    p.add_argument("--only", choices=["chess", "stockfish", "draughts"],
                   help="play one match (chess = against the random chess mover)")
    p.add_argument("--seed", default="1", help="seed of the random movers (default 1)")
    p.add_argument("--quick", action="store_true",
                   help="2 games each at 100 ms a move: checks the script itself")
    support.add_dagaz_options(p)
    args = p.parse_args(argv)
    if args.quick:
        args.games = args.games or 2
        args.movetime = args.movetime or 100
    args.chess_games = args.games or 20
    args.games = args.games or 10
    args.draughts_movetime = args.draughts_movetime or args.movetime or 200
    args.movetime = args.movetime or 500
    return args


def main(argv=None) -> int:
    args = parse_args(argv)
    support.ensure_venv_and_reexec(VENV, PIN, IN_VENV_FLAG, __file__)
    binary = support.private_dagaz(args.dagaz.resolve(), args.build)

    rows = []
    t0 = time.perf_counter()
    load_before = os.getloadavg()
    if args.only in (None, "chess"):
        play_chess_random(binary, args, rows)
    if args.only in (None, "stockfish"):
        play_chess_stockfish(binary, args, rows)
    if args.only in (None, "draughts"):
        play_draughts(binary, args, rows)
    load_after = os.getloadavg()
    total = time.perf_counter() - t0

    print()
    print("| engine | opponent | games | W | D | L | score % |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
    for m in rows:
        print(f"| {m.engine} | {m.opponent} | {m.games} | {m.w} | {m.d} | {m.l} | {m.score:.1f} |")
    print()
    for m in rows:
        depth = sum(m.depths) / len(m.depths) if m.depths else 0
        nodes = sum(m.nodes) / len(m.nodes) if m.nodes else 0
        secs = max(m.move_secs) if m.move_secs else 0
        plies = sum(m.plies) / len(m.plies) if m.plies else 0
        print(f"- {m.engine} vs {m.opponent}: {len(m.depths)} dagaz moves, mean depth "
              f"{depth:.1f}, mean nodes {nodes:,.0f} (of its last info line), slowest move {secs:.2f} s (whole process); "
              f"mean game length {plies:.0f} plies; incidents: {len(m.incidents)}")
        for inc in m.incidents:
            print(f"  - {inc}")
    for m in rows:
        if m.opponent.startswith("uniformly") and m.w < 0.95 * m.games:
            print(f"- EXPECTATION NOT MET: {m.w}/{m.games} wins against the random chess mover "
                  "(at least 95% expected)")
    print()
    for line in support.machine_info(args.dagaz.resolve(), "chess"):
        print(line)
    print(f"seed {args.seed}; total {total / 60:.1f} min; load average (1 min) before/after: "
          f"{load_before[0]:.2f} / {load_after[0]:.2f}")
    return 0


if __name__ == "__main__":
    support.run(main)
