#!/usr/bin/env python3
"""A chess match: dagaz against Stockfish or against another dagaz build, over UCI (issue #16).

dagaz (`--dagaz PATH`, default target/release/dagaz, started as `PATH uci games/chess.game`)
plays either

- Stockfish (`--stockfish-elo N`): `/usr/games/stockfish` or `stockfish` on PATH, with
  `Threads 1`, `Hash 16`, `UCI_LimitStrength true` and `UCI_Elo N` (Stockfish 15 accepts 1350
  to 2850); when it is missing the script says `apt-get install stockfish` and exits 2; or
- another dagaz binary (`--opponent PATH`, e.g. an older build), to compare two versions of
  the search head to head.

Every binary is copied to a private temporary file before it is started, so a concurrent
`cargo build` cannot swap it mid-match. Each game starts fresh engine processes.

The games start from a fixed list of balanced mainline openings (OPENINGS below, 6 to 8 plies
each), each opening played twice with the colours swapped: games 1 and 2 play the first
opening, dagaz White in game 1 and Black in game 2, and so on; `--seed` shuffles the order of
the openings (the same seed gives the same openings, so two runs are comparable). Both sides
get `--movetime MS` a move (`chess.engine.Limit(time=...)`, i.e. `go movetime MS`).
python-chess (1.11.2) referees: checkmate, stalemate, threefold repetition and the fifty-move
rule (both claimed at once), insufficient material; a game reaching `--max-plies` plies
(counting the opening's) is adjudicated a draw. An illegal move (or `bestmove (none)`/`0000`), a
crash or a timeout (no `bestmove` within the move time + 2 s) loses that game for the side that
did it; it is reported loudly on stderr and counted. Anything python-chess logs about an
engine's output (lines it cannot parse, stderr lines) is echoed and counted too.

Output: one progress line per finished game on stderr, then on stdout a Markdown table row
(engine | opponent | games | W | D | L | score % | Elo difference with a 95% interval, logistic
model from the per-game score's variance, 'n/a' at 0% or 100%, no interval when every game was
drawn | dagaz's illegal moves, crashes and timeouts | dagaz's mean depth and nodes/s over its
moves, each from the `info` lines of that move as python-chess merges them, i.e. the last
line's, since every dagaz `info depth` line carries both) and notes below it (the opponent's
depth and nodes/s when it is dagaz, each incident, what python-chess logged, the machine).
`--pgn FILE` also writes the games. Ctrl-C stops the match without a table. Exit status: 0, or 1 when dagaz had an illegal move, crash or timeout, or 2
when the match could not be set up.

The script makes its own virtual environment in scripts/.venv/python-chess (git-ignored),
installs chess==1.11.2 there on first use and re-runs itself inside it.

Usage (from the repository root):

    python3 scripts/match.py --stockfish-elo 1500                 # 10 games, 500 ms a move
    python3 scripts/match.py --stockfish-elo 1500 --games 40 --seed 3 --pgn /tmp/m.pgn
    python3 scripts/match.py --opponent /tmp/dagaz-old --games 20  # this build vs an older one
    python3 scripts/match.py --quick --stockfish-elo 1500          # 2 games at 100 ms: a check
    python3 scripts/match.py --quick --opponent target/release/dagaz
    python3 scripts/match.py --opponent target/release/dagaz --threads 2   # 2 threads vs 1
    python3 scripts/match.py --opponent target/release/dagaz --game /tmp/tuned.game  # tuned vs shipped
"""

import argparse
import asyncio
import concurrent.futures
import hashlib
import logging
import os
import random
import re
import shutil
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import support  # noqa: E402

REPO = support.REPO
VENV = REPO / "scripts" / ".venv" / "python-chess"
PIN = "chess==1.11.2"
IN_VENV_FLAG = "DAGAZ_MATCH_IN_VENV"
GAME = "games/chess.game"
MARGIN = 2.0  # seconds past the move time before a missing answer is a timeout
STARTUP_TIMEOUT = 20.0  # seconds for `uci` ... `uciok` and for setting options

# Balanced mainline openings in SAN, 6 to 8 plies; each is played twice, colours swapped.
OPENINGS = [
    ("Ruy Lopez, Morphy Defence", "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6"),
    ("Italian Game, Giuoco Piano", "e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6"),
    ("Scotch Game", "e4 e5 Nf3 Nc6 d4 exd4 Nxd4 Nf6"),
    ("Petrov Defence", "e4 e5 Nf3 Nf6 Nxe5 d6 Nf3 Nxe4"),
    ("Sicilian Defence, Open", "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6"),
    ("Sicilian Defence, Alapin", "e4 c5 c3 Nf6 e5 Nd5 d4 cxd4"),
    ("French Defence, Winawer", "e4 e6 d4 d5 Nc3 Bb4"),
    ("Caro-Kann Defence, Classical", "e4 c6 d4 d5 Nc3 dxe4 Nxe4 Bf5"),
    ("Queen's Gambit Declined", "d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7"),
    ("Slav Defence", "d4 d5 c4 c6 Nf3 Nf6 Nc3 dxc4"),
    ("Nimzo-Indian Defence", "d4 Nf6 c4 e6 Nc3 Bb4"),
    ("Queen's Indian Defence", "d4 Nf6 c4 e6 Nf3 b6"),
    ("King's Indian Defence", "d4 Nf6 c4 g6 Nc3 Bg7 e4 d6"),
    ("Gruenfeld Defence, Exchange", "d4 Nf6 c4 g6 Nc3 d5 cxd5 Nxd5"),
    ("Catalan Opening", "d4 Nf6 c4 e6 g3 d5 Bg2 Be7"),
    ("English Opening, Symmetrical", "c4 c5 Nc3 Nc6 g3 g6 Bg2 Bg7"),
]

PID = re.compile(r"pid=(\d+)")
STOP = threading.Event()  # set on Ctrl-C: games in progress end at their next move
KINDS = {"illegal": "illegal move", "crash": "crash", "timeout": "timeout"}


def log(msg: str):
    print(msg, file=sys.stderr, flush=True)


def parse_args(argv=None):
    p = argparse.ArgumentParser(
        description="Play a chess match between dagaz and Stockfish or another dagaz build and "
        "print a Markdown table row (see the module docstring).")
    p.add_argument("--dagaz", "--engine", dest="dagaz", type=Path,
                   default=REPO / "target" / "release" / "dagaz",
                   help="the dagaz binary under test (default target/release/dagaz)")
    who = p.add_mutually_exclusive_group(required=True)
    who.add_argument("--stockfish-elo", type=int, metavar="N",
                     help="play Stockfish with UCI_LimitStrength and UCI_Elo N")
    who.add_argument("--opponent", type=Path, metavar="PATH",
                     help="play another dagaz binary (e.g. an older build)")
    p.add_argument("--games", type=int, default=None, help="games (default 10; --quick: 2)")
    p.add_argument("--movetime", type=int, default=None,
                   help="ms a move for both sides (default 500; --quick: 100)")
    p.add_argument("--seed", default="1", help="seed of the order of the openings (default 1)")
    p.add_argument("--concurrency", type=int, default=1, metavar="K",
                   help="games played at once (default 1; each keeps one core busy)")
    p.add_argument("--max-plies", type=int, default=300,
                   help="plies (the opening's included) after which a game is a draw (default 300)")
    p.add_argument("--hash", type=int, default=None, metavar="MB",
                   help="pass `--hash MB` to every dagaz binary (default: dagaz's own default)")
    p.add_argument("--game", default=GAME, metavar="FILE",
                   help=f"the .game file dagaz plays (default {GAME}; e.g. one with tuned weights)")
    p.add_argument("--opponent-game", default=None, metavar="FILE",
                   help="the .game file the opponent dagaz plays (default: --game)")
    p.add_argument("--threads", type=int, default=1, metavar="N",
                   help="pass `--threads N` to dagaz (default 1)")
    p.add_argument("--opponent-threads", type=int, default=1, metavar="N",
                   help="pass `--threads N` to the opponent dagaz (default 1)")
    p.add_argument("--pgn", type=Path, default=None, help="also write the games to this PGN file")
    p.add_argument("--quick", action="store_true", help="2 games at 100 ms a move: checks the script")
    args = p.parse_args(argv)
    if args.quick:
        args.games = args.games or 2
        args.movetime = args.movetime or 100
    args.games = 10 if args.games is None else args.games
    args.movetime = 500 if args.movetime is None else args.movetime
    if args.games < 1 or args.movetime < 1 or args.concurrency < 1 or args.max_plies < 1:
        p.error("--games, --movetime, --concurrency and --max-plies must be positive")
    return args


def find_stockfish():
    for cand in ("/usr/games/stockfish", shutil.which("stockfish")):
        if cand and os.path.isfile(cand) and os.access(cand, os.X_OK):
            return cand
    return None


def describe_binary(original: Path, copy: Path) -> str:
    """`path` (sha256 prefix, modification time): enough to tell two builds apart."""
    digest = hashlib.sha256(copy.read_bytes()).hexdigest()[:10]
    built = time.strftime("%Y-%m-%d %H:%M", time.localtime(copy.stat().st_mtime))
    shown = original.relative_to(REPO) if original.is_relative_to(REPO) else original
    return f"`{shown}` ({digest}, {built})"


def fmt_nps(nps: float) -> str:
    if nps >= 1e6:
        return f"{nps / 1e6:.2f} M"
    return f"{nps / 1e3:.0f} k"


class EngineLog(logging.Handler):
    """Keeps (and echoes) what python-chess logs at warning level and above: engine output it
    could not parse, engine stderr lines, protocol errors. The pid in the message says whose."""

    def __init__(self):
        super().__init__(logging.WARNING)
        self.records = []  # (pid or None, message)
        self.records_lock = threading.Lock()  # not `self.lock`: that is the Handler's own

    def emit(self, record):
        msg = self.format(record)
        m = PID.search(msg)
        with self.records_lock:
            self.records.append((int(m.group(1)) if m else None, msg))
        log(f"!!! python-chess: {msg}")


class Player:
    """How to start one side: a command, its options, and its tallies over the match."""

    def __init__(self, role: str, label: str, command: list, options: dict, is_dagaz: bool):
        self.role, self.label, self.command = role, label, command
        self.options, self.is_dagaz = options, is_dagaz
        self.depths, self.nps, self.slowest = [], [], 0.0
        self.incidents = []
        self.pids = set()
        self.lock = threading.Lock()

    def start(self):
        import chess.engine

        engine = chess.engine.SimpleEngine.popen_uci(self.command, cwd=str(REPO),
                                                     timeout=STARTUP_TIMEOUT)
        with self.lock:
            self.pids.add(engine.transport.get_pid())
        if self.options:
            try:
                engine.configure(self.options)
            except BaseException:
                engine.close()  # else its event loop keeps the script alive
                raise
        engine.timeout = MARGIN  # play() now waits movetime + MARGIN at most
        return engine


class Failure(Exception):
    """An illegal move, crash or timeout; `kind` names which."""

    def __init__(self, kind: str, detail: str):
        super().__init__(detail)
        self.kind = kind


def ask_move(player: Player, engine, board, limit, game_id, stats):
    """`player`'s move in `board`, its depth and nps recorded in `stats`; Failure otherwise."""
    import chess.engine

    t = time.perf_counter()
    try:
        result = engine.play(board, limit, game=game_id,
                             info=chess.engine.INFO_ALL if player.is_dagaz else chess.engine.INFO_NONE)
    except (TimeoutError, asyncio.TimeoutError, concurrent.futures.TimeoutError):
        raise Failure("timeout", f"no bestmove within {limit.time + MARGIN:.1f} s")
    except chess.engine.EngineTerminatedError as e:
        raise Failure("crash", f"engine died: {e}")
    except chess.engine.EngineError as e:
        raise Failure("illegal", f"bad bestmove: {e}")
    secs = time.perf_counter() - t
    move = result.move
    if not move or move not in board.legal_moves:
        raise Failure("illegal", f"bestmove {move.uci() if move is not None else '(none)'} "
                                 "is no legal move")
    stats["slowest"] = max(stats["slowest"], secs)
    if "depth" in result.info:
        stats["depths"].append(result.info["depth"])
    if "nps" in result.info:
        stats["nps"].append(result.info["nps"])
    return move


def play_game(index: int, opening, dagaz_white: bool, dagaz: Player, opponent: Player, args):
    """One game from `opening`; a dict describing it, `score` from dagaz's point of view."""
    import chess
    import chess.engine

    name, sans = opening
    board = chess.Board()
    for san in sans.split():
        board.push_san(san)
    limit = chess.engine.Limit(time=args.movetime / 1000)
    players = {chess.WHITE: dagaz if dagaz_white else opponent,
               chess.BLACK: opponent if dagaz_white else dagaz}
    stats = {p.role: {"depths": [], "nps": [], "slowest": 0.0} for p in (dagaz, opponent)}
    engines = {}
    game_id = object()
    t0 = time.perf_counter()
    winner, reason, failure = None, None, None
    try:
        for colour, player in players.items():
            try:
                engines[colour] = player.start()
            except Exception as e:  # noqa: BLE001 - any start-up failure is a crash
                f = Failure("crash", f"could not start: {type(e).__name__}: {e}")
                f.at = (colour, None, None)
                raise f from None
        while True:
            if STOP.is_set():
                return None
            outcome = board.outcome(claim_draw=True)
            if outcome is not None:
                winner, reason = outcome.winner, outcome.termination.name.lower()
                break
            if board.ply() >= args.max_plies:
                reason = f"{args.max_plies}-ply cap (adjudicated draw)"
                break
            player = players[board.turn]
            try:
                move = ask_move(player, engines[board.turn], board, limit, game_id,
                                stats[player.role])
            except Failure as f:
                f.at = (board.turn, board.ply() + 1, board.fen())
                raise
            board.push(move)
    except Failure as f:
        colour, ply, fen = f.at
        culprit = players[colour]
        where = f" at ply {ply} ({fen})" if ply is not None else ""
        failure = (culprit, f"game {index + 1} ({name}): {culprit.role} {culprit.label}: "
                            f"{f.kind.upper()}{where}: {f}")
        with culprit.lock:
            culprit.incidents.append((f.kind, failure[1]))
        winner, reason = (not colour), f"{KINDS[f.kind]} by {culprit.role}"
    finally:
        for engine in engines.values():
            try:
                engine.quit()
            except Exception:  # noqa: BLE001 - a dead or hung engine: close() kills it
                pass
            engine.close()
    for p in (dagaz, opponent):
        with p.lock:
            p.depths += stats[p.role]["depths"]
            p.nps += stats[p.role]["nps"]
            p.slowest = max(p.slowest, stats[p.role]["slowest"])
    if winner is None:
        score, result = 0.5, "1/2-1/2"
    else:
        score = 1.0 if winner == dagaz_white else 0.0
        result = "1-0" if winner else "0-1"
    return {"index": index, "opening": name, "sans": sans, "dagaz_white": dagaz_white,
            "score": score, "result": result, "reason": reason, "plies": board.ply(),
            "secs": time.perf_counter() - t0, "failure": failure, "board": board,
            "dagaz_depths": stats["dagaz"]["depths"], "dagaz_nps": stats["dagaz"]["nps"]}


def write_pgn(path: Path, games, dagaz: Player, opponent: Player, args):
    import chess.pgn

    with open(path, "w") as f:
        for g in sorted(games, key=lambda g: g["index"]):
            pgn = chess.pgn.Game.from_board(g["board"])
            pgn.headers["Event"] = f"dagaz match, {args.movetime} ms/move"
            pgn.headers["Round"] = str(g["index"] + 1)
            white, black = (dagaz, opponent) if g["dagaz_white"] else (opponent, dagaz)
            pgn.headers["White"] = f"{white.role}: {white.label}"
            pgn.headers["Black"] = f"{black.role}: {black.label}"
            pgn.headers["Result"] = g["result"]
            pgn.headers["Opening"] = g["opening"]
            pgn.headers["Termination"] = g["reason"]
            print(pgn, file=f, end="\n\n")


def main(argv=None) -> int:
    args = parse_args(argv)
    support.ensure_venv_and_reexec(VENV, PIN, IN_VENV_FLAG, __file__)
    import chess
    import chess.engine

    engine_log = EngineLog()
    logging.getLogger("chess.engine").addHandler(engine_log)

    # The openings must be legal; this is a check of the list itself.
    for name, sans in OPENINGS:
        board = chess.Board()
        for san in sans.split():
            board.push_san(san)

    hash_args = ["--hash", str(args.hash)] if args.hash is not None else []
    source = args.dagaz.resolve()
    if not source.is_file():
        log(f"error: {source} is missing; build it with `cargo build --release -p dagaz-cli` "
            "or pass --dagaz PATH")
        return 2
    copy = support.snapshot_dagaz(source)
    threads_args = ["--threads", str(args.threads)] if args.threads != 1 else []
    label = describe_binary(source, copy)
    if args.game != GAME:
        label += f", {args.game}"
    if args.threads != 1:
        label += f", {args.threads} threads"
    dagaz = Player("dagaz", label, [str(copy), "uci", args.game, *hash_args, *threads_args],
                   {}, True)
    if args.opponent is not None:
        osource = args.opponent.resolve()
        if not osource.is_file():
            log(f"error: the opponent {osource} is missing")
            return 2
        ocopy = support.snapshot_dagaz(osource)
        ogame = args.opponent_game or args.game
        othreads = ["--threads", str(args.opponent_threads)] if args.opponent_threads != 1 else []
        olabel = "dagaz " + describe_binary(osource, ocopy)
        if ogame != GAME:
            olabel += f", {ogame}"
        if args.opponent_threads != 1:
            olabel += f", {args.opponent_threads} threads"
        opponent = Player("opponent", olabel,
                          [str(ocopy), "uci", ogame, *hash_args, *othreads], {}, True)
    else:
        sf = find_stockfish()
        if sf is None:
            log("error: Stockfish not found (/usr/games/stockfish or `stockfish` on PATH); "
                "install it with `apt-get install stockfish`")
            return 2
        opponent = Player("opponent", f"Stockfish, UCI_Elo {args.stockfish_elo}", [sf],
                          {"Threads": 1, "Hash": 16, "UCI_LimitStrength": True,
                           "UCI_Elo": args.stockfish_elo}, False)

    # Start each side once: a broken binary or a rejected option stops here, not 10 games later.
    for p in (dagaz, opponent):
        try:
            engine = p.start()
        except Exception as e:  # noqa: BLE001
            log(f"error: could not start the {p.role} ({' '.join(p.command)}): "
                f"{type(e).__name__}: {e}")
            return 2
        name = engine.id.get("name", "?")
        engine.quit()
        if not p.is_dagaz:
            p.label = f"{name}, UCI_Elo {args.stockfish_elo}"
        log(f"{p.role}: {name}: {p.label}")

    order = list(range(len(OPENINGS)))
    random.Random(args.seed).shuffle(order)
    schedule = [(i, OPENINGS[order[(i // 2) % len(order)]], i % 2 == 0) for i in range(args.games)]
    if args.concurrency > (os.cpu_count() or 1):
        log(f"warning: --concurrency {args.concurrency} exceeds the {os.cpu_count()} logical CPUs; "
            "engines will be starved of time")

    games = []
    t0 = time.perf_counter()
    load_before = os.getloadavg()
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=args.concurrency)
    futures = [pool.submit(play_game, i, opening, white, dagaz, opponent, args)
               for i, opening, white in schedule]
    try:
        for fut in concurrent.futures.as_completed(futures):
            g = fut.result()
            games.append(g)
            if g["failure"] is not None:
                log(f"!!! {g['failure'][1]} -- counted as a loss for the {g['failure'][0].role}")
            outcome = {1.0: "dagaz wins", 0.5: "draw", 0.0: "dagaz loses"}[g["score"]]
            depth = (f"; dagaz mean depth {sum(g['dagaz_depths']) / len(g['dagaz_depths']):.1f}"
                     if g["dagaz_depths"] else "")
            nps = (f", {fmt_nps(sum(g['dagaz_nps']) / len(g['dagaz_nps']))}nps"
                   if g["dagaz_nps"] else "")
            log(f"game {g['index'] + 1}/{args.games} ({len(games)} done): {g['opening']} "
                f"({g['sans']}), dagaz {'White' if g['dagaz_white'] else 'Black'}: {g['result']} "
                f"({outcome}: {g['reason']}), {g['plies']} plies, {g['secs']:.0f} s{depth}{nps}")
    except KeyboardInterrupt:
        STOP.set()
        pool.shutdown(wait=True, cancel_futures=True)
        log(f"interrupted after {len(games)} games")
        return 130
    pool.shutdown()
    total = time.perf_counter() - t0
    load_after = os.getloadavg()

    w = sum(1 for g in games if g["score"] == 1.0)
    d = sum(1 for g in games if g["score"] == 0.5)
    l = sum(1 for g in games if g["score"] == 0.0)
    n = len(games)
    score = 100.0 * (w + 0.5 * d) / n
    depth = f"{sum(dagaz.depths) / len(dagaz.depths):.1f}" if dagaz.depths else "n/a"
    nps = fmt_nps(sum(dagaz.nps) / len(dagaz.nps)) if dagaz.nps else "n/a"
    kinds = [k for k, _ in dagaz.incidents]
    incidents = (f"{len(kinds)} ({kinds.count('illegal')} illegal, {kinds.count('crash')} crash, "
                 f"{kinds.count('timeout')} timeout)") if kinds else "0"

    print(f"| engine | opponent | games | W | D | L | score % | Elo diff (95%) | "
          f"illegal/crash/timeout | dagaz depth | dagaz nodes/s |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | --- | --- | ---: | ---: |")
    print(f"| dagaz {dagaz.label}, {args.movetime} ms/move | {opponent.label}, {args.movetime} ms/move "
          f"| {n} | {w} | {d} | {l} | {score:.1f} | {support.elo_with_interval(w, d, l)} | {incidents} "
          f"| {depth} | {nps} |")
    print()
    plies = sum(g["plies"] for g in games) / n
    print(f"- {len(dagaz.depths)} dagaz moves, slowest {dagaz.slowest:.2f} s (the move time is "
          f"{args.movetime} ms; more than {MARGIN:.0f} s over it is a timeout); mean game length "
          f"{plies:.0f} plies; openings: {len({g['opening'] for g in games})} of {len(OPENINGS)}, "
          f"seed {args.seed}")
    if opponent.is_dagaz:
        odepth = f"{sum(opponent.depths) / len(opponent.depths):.1f}" if opponent.depths else "n/a"
        onps = fmt_nps(sum(opponent.nps) / len(opponent.nps)) if opponent.nps else "n/a"
        print(f"- opponent dagaz: mean depth {odepth}, mean {onps}nodes/s, slowest move "
              f"{opponent.slowest:.2f} s")
    for p in (dagaz, opponent):
        for _, msg in p.incidents:
            print(f"- INCIDENT: {msg}")
    if engine_log.records:
        roles = {pid: p.role for p in (dagaz, opponent) for pid in p.pids}
        counts = {}
        for pid, _ in engine_log.records:
            counts[roles.get(pid, "?")] = counts.get(roles.get(pid, "?"), 0) + 1
        print(f"- python-chess logged {len(engine_log.records)} warnings/errors about engine "
              f"output ({', '.join(f'{k}: {v}' for k, v in sorted(counts.items()))}); the first:")
        for _, msg in engine_log.records[:5]:
            print(f"  - {msg}")
    else:
        print("- python-chess logged no warnings about either engine's output")
    if args.pgn is not None:
        write_pgn(args.pgn, games, dagaz, opponent, args)
        print(f"- games written to {args.pgn}")
    for line in support.machine_info(source, "chess"):
        print(f"- {line}")
    print(f"- {n} games, concurrency {args.concurrency}, total {total / 60:.1f} min; load average "
          f"(1 min) before/after: {load_before[0]:.2f} / {load_after[0]:.2f}")
    return 1 if dagaz.incidents else 0


if __name__ == "__main__":
    support.run(main)
