#!/usr/bin/env python3
"""Two dagaz builds play International draughts against each other over the Hub protocol
(issue #16: the new search against commit 21298ed at equal time).

    python3 scripts/hub_match.py --opponent /work/baseline/target/release/dagaz   # 20 games, 500 ms
    python3 scripts/hub_match.py --opponent OLD --games 40 --movetime 0.2 --seed 3
    python3 scripts/hub_match.py --opponent target/release/dagaz --quick          # 2 games: a check

Each engine is started as `PATH hub games/international.game` (`--game` for another draughts
game pydraughts knows as "standard", i.e. the 10x10 rules; `--opponent-game` gives the opponent
a file of its own, such as the one its commit shipped; `--interpreter` starts the engine under
test as `PATH --interpreter hub ...`, without its compiled chains) through pydraughts' `HubEngine`
(Scan's Hub protocol, version 2), both with `hash 32` and `level move-time=T` a move
(`--movetime`, seconds). The games are pairs: each pair opens with `--random-plies` random legal
moves (default 4, from a generator seeded by `--seed`, so a seed replays the same openings) and
is played twice with the colours swapped, the engine under test (`--dagaz`, default
target/release/dagaz) White in the first game of each pair. pydraughts 0.6.7 holds the board and
referees: a game it says is over scores by its winner; a game still going after `--max-plies`
plies (default 300, the opening's included) is adjudicated a draw. A move that is not among
pydraughts' legal moves, a crash or a protocol failure loses that game for the side that did it,
and is reported loudly and counted.

Output: a progress line per game on stderr, then on stdout a Markdown table (a header, unless
--no-header, and one row): engine | opponent | movetime | games | W | D | L | score % | Elo
difference with a 95% interval | incidents (engine's / opponent's).
Exit status: 0; 1 when the engine under test had an incident; 2 when the match could not be set up.

Each binary is copied to a private file first, so a concurrent `cargo build` cannot swap it
mid-match. The script makes its own virtual environment in scripts/.venv/pydraughts
(git-ignored, shared with scripts/hub_games.py), installs pydraughts==0.6.7 there on first use
and re-runs itself inside it.
"""

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import support  # noqa: E402

support.use_pydraughts(__file__)

import draughts  # noqa: E402
from draughts.engine import HubEngine, Limit  # noqa: E402


class Incident(Exception):
    """A side's illegal move, crash or protocol failure: that side loses the game."""

    def __init__(self, side: str, detail: str):
        super().__init__(detail)
        self.side = side


def start(binary: Path, game: str, flags=()) -> HubEngine:
    engine = HubEngine([str(binary), *flags, "hub", game], cwd=str(support.REPO))
    engine.init()
    engine.configure({"hash": 32})
    engine.ping()
    return engine


def engine_move(engine, side: str, board, limit):
    legal = {m.hub_position_move for m in board.legal_moves()}
    try:
        move = engine.play(board, limit, ponder=False).move
    except KeyError as exc:  # pydraughts found no legal move by that name
        raise Incident(side, f"illegal move ({exc}) at {board.fen}")
    except (EOFError, OSError) as exc:
        raise Incident(side, f"engine failure: {type(exc).__name__}: {exc}")
    if move.hub_position_move not in legal:
        raise Incident(side, f"illegal move {move.hub_move} at {board.fen}")
    return move


def play_game(engines, opening, args):
    """One game from `opening` (moves as pydraughts objects are re-found by their Hub name):
    `engines` is (White's, Black's) as (name, HubEngine). Answers (winner name or None,
    plies, how it ended)."""
    board = draughts.Board("standard")
    for name in opening:
        move = next(m for m in board.legal_moves() if m.hub_position_move == name)
        board.push(move)
    limit = Limit(movetime=args.movetime)
    for _, engine in engines:
        engine.send("new-game")
    while not board.is_over() and len(board.move_stack) < args.max_plies:
        name, engine = engines[0] if board.turn == draughts.WHITE else engines[1]
        board.push(engine_move(engine, name, board, limit))
    plies = len(board.move_stack)
    if not board.is_over():
        return None, plies, f"adjudicated a draw after {args.max_plies} plies, {material(board)}"
    winner = board.winner()
    if winner == draughts.WHITE:
        return engines[0][0], plies, "White won"
    if winner == draughts.BLACK:
        return engines[1][0], plies, "Black won"
    return None, plies, f"drawn by the rules: {draw_reason(board)}, {material(board)}"


def draw_reason(board) -> str:
    """Which of pydraughts' draw rules ended a drawn game (International rules), asked in
    the order pydraughts' `is_draw` asks them, so the label is the rule it found first."""
    game = board._game
    kings_only = game.consecutive_noncapture_king_moves
    if kings_only >= 50:
        return "25 moves of kings alone"
    (wm, wk), (bm, bk) = counts(board)
    for (lone_men, lone_kings), (men, kings) in [((wm, wk), (bm, bk)), ((bm, bk), (wm, wk))]:
        if (lone_men, lone_kings) != (0, 1) or kings < 1:
            continue
        if (men + kings == 3 and kings_only >= 32) or (men + kings <= 2 and kings_only >= 10):
            return f"{men + kings} pieces against a lone king ({kings_only} king plies)"
    return "the third repetition"


def counts(board) -> tuple:
    """The pieces left, as (men, kings) of White and of Black."""
    by_player = {draughts.WHITE: [0, 0], draughts.BLACK: [0, 0]}
    for piece in board._game.board.searcher.uncaptured_pieces:
        if piece is not None:
            by_player[piece.player][1 if piece.king else 0] += 1
    return tuple(by_player[draughts.WHITE]), tuple(by_player[draughts.BLACK])


def material(board) -> str:
    """The pieces left, as men and kings a side: `W 2m1k B 0m1k`."""
    (wm, wk), (bm, bk) = counts(board)
    return f"W {wm}m{wk}k B {bm}m{bk}k"


def random_opening(rng: random.Random, plies: int) -> list:
    """`plies` random legal moves from the start, by their Hub position names."""
    board = draughts.Board("standard")
    names = []
    for _ in range(plies):
        legal = board.legal_moves()
        if not legal or board.is_over():
            break
        move = rng.choice(legal)
        names.append(move.hub_position_move)
        board.push(move)
    return names


def shown(opening: list) -> str:
    """An opening in the usual notation (32-28, 28x19)."""
    board = draughts.Board("standard")
    out = []
    for name in opening:
        move = next(m for m in board.legal_moves() if m.hub_position_move == name)
        out.append(move.hub_move)
        board.push(move)
    return " ".join(out) or "(none)"


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="Two dagaz builds play International draughts over "
                                "Hub (see the module docstring).")
    p.add_argument("--opponent", type=Path, required=True, help="the other dagaz binary")
    p.add_argument("--dagaz", type=Path, default=support.REPO / "target" / "release" / "dagaz",
                   help="the binary under test (default target/release/dagaz)")
    p.add_argument("--game", default="games/international.game",
                   help="the game file both play (default games/international.game)")
    p.add_argument("--opponent-game", default=None,
                   help="the opponent's game file, e.g. the one its commit shipped (default: --game)")
    p.add_argument("--interpreter", action="store_true",
                   help="run the binary under test with --interpreter (not its compiled chains)")
    p.add_argument("--games", type=int, default=None, help="games, an even number (default 20)")
    p.add_argument("--movetime", type=float, default=None, help="seconds a move (default 0.5)")
    p.add_argument("--random-plies", type=int, default=4, help="random moves opening each pair")
    p.add_argument("--max-plies", type=int, default=300, help="a longer game is a draw")
    p.add_argument("--seed", type=int, default=1, help="seed of the openings")
    p.add_argument("--quick", action="store_true", help="2 games at 0.1 s a move: a check")
    p.add_argument("--no-header", action="store_true", help="print the table row alone")
    p.add_argument("--build", action="store_true", help="cargo build --release -p dagaz-cli first")
    args = p.parse_args(argv)
    for key, quick, full in (("games", 2, 20), ("movetime", 0.1, 0.5)):
        if getattr(args, key) is None:
            setattr(args, key, quick if args.quick else full)
    if args.games < 2 or args.games % 2 or args.movetime <= 0:
        p.error("--games must be even and at least 2, --movetime positive")
    return args


def main(argv=None) -> int:
    args = parse_args(argv)
    support.ensure_dagaz(args.dagaz.resolve(), args.build)
    if not args.opponent.exists():
        print(f"error: {args.opponent} does not exist", file=sys.stderr)
        return 2
    mine = support.snapshot_dagaz(args.dagaz.resolve())
    theirs = support.snapshot_dagaz(args.opponent.resolve())
    counter = support.WarningCounter("pydraughts")

    rng = random.Random(args.seed)
    tally = support.Tally()
    incidents = {"dagaz": [], "opponent": []}
    t0 = time.perf_counter()
    print(f"{args.game}: {args.dagaz} against {args.opponent}, {args.movetime} s a move, "
          f"{args.games} games, seed {args.seed}", file=sys.stderr, flush=True)
    for g in range(args.games):
        if g % 2 == 0:
            opening = random_opening(rng, args.random_plies)
        engines = {"dagaz": None, "opponent": None}
        started = time.perf_counter()
        try:
            engines = {"dagaz": start(mine, args.game, ["--interpreter"] if args.interpreter else []),
                       "opponent": start(theirs, args.opponent_game or args.game)}
            order = ("dagaz", "opponent") if g % 2 == 0 else ("opponent", "dagaz")
            winner, plies, why = play_game([(n, engines[n]) for n in order], opening, args)
        except Incident as inc:
            incidents[inc.side].append(f"game {g + 1}: {inc}")
            print(f"!!! {inc.side}: game {g + 1}: {inc}", file=sys.stderr, flush=True)
            winner = "opponent" if inc.side == "dagaz" else "dagaz"
            plies, why = 0, f"{inc.side}'s incident"
        finally:
            for engine in engines.values():
                if engine is not None:
                    try:
                        engine.quit()
                        engine.p.wait(timeout=10)
                    except Exception:  # a dead engine: make sure it is gone
                        engine.kill_process()
                    for pipe in (engine.p.stdin, engine.p.stdout):
                        if pipe is not None:
                            pipe.close()
        result = "draw" if winner is None else "win" if winner == "dagaz" else "loss"
        tally.add(result, plies)
        print(f"game {g + 1}/{args.games}: dagaz {'White' if g % 2 == 0 else 'Black'}, opening "
              f"{shown(opening)}: dagaz {result} ({why}) in {plies} plies, "
              f"{time.perf_counter() - started:.0f} s [+{tally.w} ={tally.d} -{tally.l}]",
              file=sys.stderr, flush=True)
    print(f"{tally.games} games in {(time.perf_counter() - t0) / 60:.1f} min", file=sys.stderr)
    for record in counter.records:
        print(f"pydraughts logged: {record}", file=sys.stderr)
    for line in support.machine_info(args.dagaz.resolve(), "pydraughts"):
        print(line, file=sys.stderr)
    if not args.no_header:
        print("| engine | opponent | move time | games | W | D | L | score % | Elo (95%) | incidents |")
        print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |")
    print(f"| {args.dagaz} | {args.opponent} | {args.movetime} s | {tally.games} | {tally.w} | "
          f"{tally.d} | {tally.l} | {tally.score:.1f} | "
          f"{support.elo_with_interval(tally.w, tally.d, tally.l)} | "
          f"{len(incidents['dagaz'])} / {len(incidents['opponent'])} |", flush=True)
    return 1 if incidents["dagaz"] else 0


if __name__ == "__main__":
    support.run(main)
