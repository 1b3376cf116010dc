#!/usr/bin/env python3
"""Where dagaz's chess games are lost (issue #16): each game of a PGN written by
`scripts/match.py --pgn` replayed under full-strength Stockfish, every dagaz move after the
opening judged against Stockfish's best, printed as one Markdown table.

For each dagaz move (the opening's plies left out: `--skip`, default 8) Stockfish analyses the
position to `--depth` plies (default 18), once for its best move and once with the played move
as the only root move; the *loss* is the difference, in centipawns from dagaz's side (a mate
counts as 1,000). A move that loses at least `--threshold` (default 150) while the position was
not already lost (Stockfish's best at least -300) is an *error*. For each game the first error
is shown with the shallowest depth at which Stockfish, searching the same two ways, already sees
that loss: how deep the refutation lies (depth 1 is Stockfish's evaluation after one ply and its
quiescence search: a loss seen there is one of judgement, not of depth). The mean loss over all
the judged moves shows the games lost by many small losses instead. dagaz's own depth in the match is beside it, as
match.py reported it (mean depth over the match), to set against that.

Needs Stockfish (`apt-get install stockfish`); runs in the virtual environment
scripts/.venv/python-chess (python-chess 1.11.2, made on first use, as match.py makes it).

    python3 scripts/loss_analysis.py /tmp/match.pgn --dagaz-depth 9.5
"""

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import support  # noqa: E402

VENV = support.REPO / "scripts" / ".venv" / "python-chess"
PIN = "chess==1.11.2"
IN_VENV_FLAG = "DAGAZ_LOSS_ANALYSIS_IN_VENV"
MATE = 1000


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("pgn", help="games written by scripts/match.py --pgn")
    ap.add_argument("--depth", type=int, default=18, help="Stockfish's depth (default 18)")
    ap.add_argument("--threshold", type=int, default=150,
                    help="centipawns a move must lose to be an error (default 150)")
    ap.add_argument("--skip", type=int, default=8,
                    help="plies of each game not judged: the opening (default 8)")
    ap.add_argument("--dagaz-depth", type=float,
                    help="dagaz's mean depth in the match, shown beside the errors' depths")
    ap.add_argument("--stockfish", help="the Stockfish binary (default: found on PATH)")
    return ap.parse_args()


def find_stockfish(given):
    import shutil

    for cand in (given, "/usr/games/stockfish", shutil.which("stockfish")):
        if cand and Path(cand).is_file():
            return cand
    sys.exit("loss_analysis: no Stockfish (apt-get install stockfish, or --stockfish PATH)")


def centipawns(score, side):
    return score.pov(side).score(mate_score=MATE * 10) if score else 0


def clamp(cp):
    return max(-MATE, min(MATE, cp))


def judge(engine, board, move, depth, side):
    """(best, played): Stockfish's score of the position and of the played move, clamped."""
    import chess.engine

    limit = chess.engine.Limit(depth=depth)
    best = engine.analyse(board, limit)
    played = engine.analyse(board, limit, root_moves=[move])
    return (clamp(centipawns(best["score"], side)), clamp(centipawns(played["score"], side)),
            best.get("pv", [None])[0])


def seen_at(engine, board, move, depth, side, threshold):
    """The shallowest depth at which the move already loses `threshold` or more."""
    for d in range(1, depth + 1):
        best, played, _ = judge(engine, board, move, d, side)
        if best - played >= threshold:
            return d
    return depth


def main():
    support.ensure_venv_and_reexec(VENV, PIN, IN_VENV_FLAG, __file__)
    import chess
    import chess.engine
    import chess.pgn

    args = parse_args()
    engine = chess.engine.SimpleEngine.popen_uci(find_stockfish(args.stockfish))
    engine.configure({"Threads": 1, "Hash": 64})
    rows = []
    depths = []
    with open(args.pgn, encoding="utf-8") as f:
        while (game := chess.pgn.read_game(f)) is not None:
            dagaz_white = game.headers.get("White", "").startswith("dagaz")
            side = chess.WHITE if dagaz_white else chess.BLACK
            board = game.board()
            errors = []
            losses = []
            for ply, move in enumerate(game.mainline_moves()):
                if board.turn == side and ply >= args.skip:
                    best, played, pv = judge(engine, board, move, args.depth, side)
                    losses.append(max(0, best - played))
                    if best >= -300 and best - played >= args.threshold:
                        errors.append((ply, board.copy(), move, best, played, pv))
                board.push(move)
            first = None
            if errors:
                ply, at, move, best, played, pv = errors[0]
                depth = seen_at(engine, at, move, args.depth, side, args.threshold)
                depths.append(depth)
                number = f"{ply // 2 + 1}{'.' if side == chess.WHITE else '...'}"
                first = (f"{number} {at.san(move)} ({best:+d} → {played:+d}; "
                         f"best {at.san(pv) if pv else '?'})", depth)
            mean = sum(losses) / len(losses) if losses else 0.0
            rows.append((game.headers.get("Round", "?"), game.headers.get("Result", "?"),
                         "White" if dagaz_white else "Black", game.headers.get("Opening", "?"),
                         len(losses), mean, len(errors), first))
    engine.quit()
    print("| game | result | dagaz | opening | moves judged | mean loss (cp) | errors | first error "
          "(Stockfish's score before → after, from dagaz's side) | seen by Stockfish at depth |")
    print("| ---: | --- | --- | --- | ---: | ---: | ---: | --- | ---: |")
    for round_, result, colour, opening, judged, mean, n, first in rows:
        text, depth = first if first else ("none", "—")
        print(f"| {round_} | {result} | {colour} | {opening} | {judged} | {mean:.0f} | {n} | "
              f"{text} | {depth} |")
    print()
    shallow = sum(1 for d in depths if args.dagaz_depth and d <= args.dagaz_depth)
    print(f"Stockfish (full strength, one thread, 64 MiB) to depth {args.depth}; an error loses "
          f"at least {args.threshold} cp where the best move keeps at least -300; the first "
          f"{args.skip} plies of each game are not judged. Games with an error: {len(depths)} of "
          f"{len(rows)}" + (f"; of their first errors, {shallow} are seen by Stockfish within "
                            f"dagaz's mean depth of {args.dagaz_depth}" if args.dagaz_depth
                            else "") + ".")


if __name__ == "__main__":
    main()
