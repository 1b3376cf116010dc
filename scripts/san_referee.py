#!/usr/bin/env python3
"""Referee for dagaz's Standard Algebraic Notation (SAN) in chess: python-chess writes and reads
it, dagaz must write and read the same, at every position of seeded random games.

    python3 scripts/san_referee.py                          # 1,000 positions, seed 1
    python3 scripts/san_referee.py --positions 5000 --seed 7
    python3 scripts/san_referee.py --round-trips 0          # every legal move played in SAN
    python3 scripts/san_referee.py --dagaz target/tests/dagaz --show 3
    python3 scripts/san_referee.py --start-fen "8/8/8/8/8/8/8/K6k w - - 0 1"   # your own starts

The games are random games played with python-chess, each from a start taken in turn from
STARTS below (the start position, Kiwipete, the other perft positions that are rich in castling,
en passant, pins and promotions, a position where one piece needs both its file and its rank to
be told apart, a back-rank mate), or from --start-fen's. A mating move is always played when
there is one, so that games end in checkmate and finished positions are checked too; otherwise
the move is drawn at random. A game stops at checkmate or stalemate, or after --max-plies plies.
Only distinct positions count (placement, side to move, castling rights and the en passant
square), until --positions have been checked. At each position (its FEN as python-chess writes
it with `board.fen(en_passant="fen")`, i.e. the en passant square after every double push, as
standard FEN does):

1. SAN list: `dagaz moves GAME --fen FEN --notation san` must print the same set of moves as
   python-chess's `board.san(move)` for each legal move (piece letters KQRBN, disambiguation by
   file, then rank, then both, `x` for captures and en passant, `=Q`, `O-O`/`O-O-O`, `+` and
   `#`), each once. Where python-chess has no legal move (checkmate, stalemate), dagaz must list
   none: it prints nothing and exits 1, with its `game over ...` line on standard error.
2. Round trip: --round-trips moves drawn at random among the legal ones (default 1; 0: all of
   them) are written in SAN by python-chess and played by dagaz:
   `dagaz fen GAME --fen FEN --moves SAN`; the first four fields of the FEN it prints
   (placement, side, castling, en passant) must be python-chess's after the move (with
   --clocks, the halfmove clock and the move number too).

One dagaz process per position for the list and one per round trip (a few ms each). Progress
goes to stderr; on stdout each disagreement (the first --show of them in full: the FEN, the move,
both sides' answers) and a summary line. Rerun with the same --seed to get the same positions.

The script makes its own virtual environment in scripts/.venv/python-chess (git-ignored, shared
with match.py and bench_chess.py), installs chess==1.11.2 there on first use and re-runs itself
inside it. dagaz is run from a private copy of the binary, so that a concurrent `cargo build`
cannot swap it mid-run.

Exit status: 0 when everything agrees, 1 when anything disagrees (or dagaz fails at a position),
2 on a usage or setup error (bad arguments, a bad start FEN, no dagaz binary, a dagaz without
`--notation san`).
"""

import argparse
import os
import random
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import support  # noqa: E402

REPO = support.REPO
VENV = REPO / "scripts" / ".venv" / "python-chess"
PIN = "chess==1.11.2"
IN_VENV_FLAG = "DAGAZ_SAN_REFEREE_IN_VENV"
TARGET = Path(os.environ.get("CARGO_TARGET_DIR") or REPO / "target")

# The starts the games take in turn: (name, FEN).
STARTS = [
    ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
    ("Kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
    ("promotions", "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1"),
    ("en passant at once", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"),
    ("perft 3 (en passant, pins)", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
    ("perft 4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"),
    ("perft 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"),
    # Three queens and four knights on a d4 they all reach: Qa4d4, Nb5d4 and the like.
    ("disambiguation", "1k5r/8/8/1N3N1q/Q6Q/1N3N2/8/Q3K3 w - - 0 1"),
    ("back-rank mate", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"),
]


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def key(fen: str) -> str:
    """The FEN's first four fields: what makes a position distinct here."""
    return " ".join(fen.split()[:4])


def features(board, move):
    """What the SAN of `move` shows beyond a plain move: castling, a capture, en passant, a
    promotion, a check, a mate, and the disambiguation (by file, by rank, by both)."""
    san = board.san(move)
    out = []
    if san.startswith("O-O"):
        out.append("castlings")
    if "x" in san:
        out.append("captures")
    if board.is_en_passant(move):
        out.append("en passant")
    if "=" in san:
        out.append("promotions")
    out.append({"+": "checks", "#": "mates"}.get(san[-1], "quiet"))
    body = san.rstrip("+#").split("=")[0].replace("x", "")
    if body[0] in "KQRBN" and len(body) > 3:
        extra = body[1:-2]
        out.append("by file and rank" if len(extra) == 2 else "by rank" if extra.isdigit() else "by file")
    return [f for f in out if f != "quiet"]


COVERAGE = ["castlings", "captures", "en passant", "promotions", "checks", "mates", "by file",
            "by rank", "by file and rank"]


DagazError = support.DagazError


class Dagaz:
    """Runs `dagaz [--interpreter] SUBCOMMAND GAME --fen FEN ...`, one process a call."""

    def __init__(self, binary: Path, game: str, flags=()):
        self.command = [str(binary), *flags]
        self.game = game
        self.calls, self.seconds = 0, 0.0

    def run(self, sub: str, fen: str, *extra: str) -> subprocess.CompletedProcess:
        self.calls += 1
        t = time.perf_counter()
        try:
            r = subprocess.run([*self.command, sub, self.game, "--fen", fen, *extra], cwd=REPO,
                               capture_output=True, text=True, timeout=120)
        except subprocess.TimeoutExpired:
            raise DagazError(f"`dagaz {sub}` ran for more than 120 s")
        finally:
            self.seconds += time.perf_counter() - t
        return r

    def san_moves(self, fen: str):
        """(moves, end line or None, exit status, stderr) of `moves --notation san`: the status is
        0 when the answer reads as a list or an end (exit 1), else dagaz's own."""
        r = self.run("moves", fen, "--notation", "san")
        try:
            moves, end = support.moves_answer(r)
        except DagazError:
            # Not a list nor an end: the caller reports the exit status and the message.
            return [], None, r.returncode, r.stderr.strip()
        return moves, end, 0, r.stderr.strip()

    def fen_after(self, fen: str, san: str) -> str:
        """The FEN dagaz prints after playing `san` from `fen`; DagazError when it fails."""
        r = self.run("fen", fen, "--moves", san)
        lines = [ln.strip() for ln in r.stdout.splitlines() if ln.strip()]
        if r.returncode != 0 or len(lines) != 1:
            what = r.stderr.strip() or r.stdout.strip() or "(no output)"
            raise DagazError(f"exit {r.returncode}: {what}")
        return lines[0]


def find_binary(args):
    """(the dagaz binary, a private copy of it): --dagaz; by default target/release/dagaz, else
    target/tests/dagaz (the test build), else target/release/dagaz built with cargo. Exits 2 when
    there is none."""
    if args.dagaz is not None:
        path = args.dagaz.resolve()
        if not path.is_file() and not args.build:
            log(f"error: {path} does not exist (build it, or give another --dagaz)")
            sys.exit(2)
    else:
        path = TARGET / "release" / "dagaz"
        tests = TARGET / "tests" / "dagaz"
        if not path.is_file() and tests.is_file() and not args.build:
            path = tests
    try:
        return path, support.private_dagaz(path, args.build)
    except SystemExit as e:  # the build failed
        if e.code not in (None, 0):
            log(str(e.code))
            sys.exit(2)
        raise


def check_dagaz(dagaz: Dagaz) -> None:
    """Exits 2 unless this dagaz knows `moves --notation san` and the game has SAN."""
    start = STARTS[0][1]
    r = dagaz.run("moves", start, "--notation", "san")
    if r.returncode != 0 or "Nf3" not in r.stdout.split():
        log(f"error: this dagaz cannot list moves in SAN (`dagaz moves {dagaz.game} --fen ... "
            f"--notation san` exited {r.returncode}: {(r.stderr or r.stdout).strip()[:300]})")
        sys.exit(2)
    r = dagaz.run("fen", start, "--moves", "e4")
    if r.returncode != 0:
        log(f"error: `dagaz fen {dagaz.game} --fen ... --moves e4` exited {r.returncode}: "
            f"{r.stderr.strip()[:300]}")
        sys.exit(2)


class Referee:
    """The run: the counts and the disagreements, reported as they come."""

    def __init__(self, args, dagaz: Dagaz):
        self.args, self.dagaz = args, dagaz
        self.positions = self.san_moves = self.san_positions_bad = 0
        self.trips = self.trips_bad = 0
        self.errors = 0
        self.finished = 0  # positions without a legal move
        self.shown = 0
        self.disagreements = 0
        self.covered = Counter()  # the SAN features of the moves that agree

    def report(self, kind: str, where: str, fen: str, lines) -> None:
        self.disagreements += 1
        if self.shown >= self.args.show:
            return
        self.shown += 1
        print(f"DISAGREEMENT ({kind}) {where}")
        print(f"  FEN: {fen}")
        for line in lines:
            print(f"  {line}")
        sys.stdout.flush()

    def check_list(self, board, fen: str, where: str) -> None:
        """Step 1: the SAN lists."""
        ours = Counter(board.san(m) for m in board.legal_moves)
        ref = set(ours)
        try:
            dz, end, code, err = self.dagaz.san_moves(fen)
        except DagazError as e:
            self.errors += 1
            self.san_positions_bad += 1
            self.report("SAN list", where, fen, [f"dagaz error: {e}"])
            return
        if not ref:
            self.finished += 1
            if dz:
                self.san_positions_bad += 1
                self.report("SAN list", where, fen, [
                    f"python-chess: no legal move ({'checkmate' if board.is_checkmate() else 'stalemate'})",
                    f"dagaz lists:  {' '.join(sorted(dz))}"])
            return
        if code != 0:
            self.errors += 1
            self.san_positions_bad += 1
            self.report("SAN list", where, fen, [f"dagaz exit {code}: {err or '(no message)'}",
                                                 f"python-chess: {' '.join(sorted(ref))}"])
            return
        dz_set = set(dz)
        dupes = sorted(m for m, c in Counter(dz).items() if c > 1)
        py_dupes = sorted(m for m, c in ours.items() if c > 1)  # python-chess never; a check of the check
        if dz_set == ref and not dupes and not py_dupes:
            self.san_moves += len(ref)
            for m in board.legal_moves:
                self.covered.update(features(board, m))
            return
        self.san_positions_bad += 1
        lines = [f"only dagaz:        {' '.join(sorted(dz_set - ref)) or '-'}",
                 f"only python-chess: {' '.join(sorted(ref - dz_set)) or '-'}"]
        for only in sorted(dz_set - ref) + sorted(ref - dz_set):
            # A move both list but write differently: show its coordinates where python-chess knows it.
            try:
                lines.append(f"  {only} is {board.parse_san(only).uci()} for python-chess")
            except ValueError:
                pass
        if dupes:
            lines.append(f"dagaz lists twice: {' '.join(dupes)}")
        if py_dupes:
            lines.append(f"python-chess writes two moves alike: {' '.join(py_dupes)}")
        if end is not None:
            lines.append(f"dagaz also says: {end}")
        self.report("SAN list", where, fen, lines)

    def round_trip(self, board, fen: str, move, where: str) -> None:
        """Step 2: python-chess's SAN of `move`, played by dagaz; the FENs after it."""
        san = board.san(move)
        after = board.copy(stack=False)
        after.push(move)
        want = after.fen(en_passant="fen")
        self.trips += 1
        try:
            got = self.dagaz.fen_after(fen, san)
        except DagazError as e:
            self.errors += 1
            self.trips_bad += 1
            self.report("round trip", where, fen, [f"move: {san} ({move.uci()})", f"dagaz error: {e}",
                                                   f"python-chess: {want}"])
            return
        fields = 6 if self.args.clocks else 4
        if got.split()[:fields] != want.split()[:fields]:
            self.trips_bad += 1
            names = ["placement", "side", "castling", "en passant", "halfmove clock", "move number"]
            differ = [n for n, a, b in zip(names[:fields], got.split(), want.split()) if a != b]
            self.report("round trip", where, fen, [
                f"move: {san} ({move.uci()})", f"dagaz:        {got}", f"python-chess: {want}",
                f"differ in: {', '.join(differ) or 'the number of fields'}"])

    def position(self, board, rng, where: str) -> None:
        fen = board.fen(en_passant="fen")
        self.positions += 1
        self.check_list(board, fen, where)
        legal = list(board.legal_moves)
        if not legal:
            return
        n = self.args.round_trips
        for move in (legal if n == 0 or n >= len(legal) else rng.sample(legal, n)):
            self.round_trip(board, fen, move, where)

    def game(self, chess, index: int, seen: set, t0: float) -> None:
        """One random game from STARTS[index % len]; checks each new position on the way."""
        name, start = self.args.starts[index % len(self.args.starts)]
        rng = random.Random(f"{self.args.seed}:{index}")
        board = chess.Board(start)
        for ply in range(self.args.max_plies + 1):
            if self.positions >= self.args.positions:
                return
            k = key(board.fen(en_passant="fen"))
            if k not in seen:
                seen.add(k)
                self.position(board, rng, f"game {index} (from {name}), ply {ply}")
                if self.positions % self.args.progress == 0:
                    log(f"san_referee: {self.positions}/{self.args.positions} positions, "
                        f"{self.disagreements} disagreements, {time.perf_counter() - t0:.1f} s")
            legal = list(board.legal_moves)
            if not legal or ply == self.args.max_plies:
                return
            mates = [m for m in legal if board.gives_check(m) and self.mates(board, m)]
            board.push(rng.choice(mates) if mates else rng.choice(legal))

    @staticmethod
    def mates(board, move) -> bool:
        board.push(move)
        try:
            return board.is_checkmate()
        finally:
            board.pop()


def parse_args(argv=None):
    p = argparse.ArgumentParser(
        description="Check dagaz's SAN (Standard Algebraic Notation) for chess against python-chess "
        "at the positions of seeded random games: the moves it lists with `--notation san`, and "
        "the position it reaches from a move given in SAN (see the module docstring).",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="Exit status: 0 all agree, 1 a disagreement (or a dagaz failure at a position), "
        "2 bad arguments or setup (no binary, a dagaz without --notation san, a bad --start-fen).")
    p.add_argument("--positions", type=int, default=1000, help="distinct positions to check (default 1000)")
    p.add_argument("--seed", type=int, default=1, help="random seed of the games (default 1)")
    p.add_argument("--max-plies", type=int, default=100,
                   help="longest game, in plies; the games then take the next start (default 100)")
    p.add_argument("--round-trips", type=int, default=1, metavar="N",
                   help="moves per position that python-chess writes in SAN and dagaz plays, their "
                   "FENs compared (default 1; 0: every legal move)")
    p.add_argument("--start-fen", action="append", metavar="FEN",
                   help="start the games from this FEN (repeat it: the games take them in turn) "
                   "instead of the built-in starts")
    p.add_argument("--clocks", action="store_true",
                   help="in the round trips compare the whole FEN, the halfmove clock and the move "
                   "number too (default: the first four fields)")
    p.add_argument("--game", default="chess",
                   help="the game dagaz is given: a shipped game's name or a .game file (default chess)")
    p.add_argument("--show", type=int, default=10, help="disagreements printed in full (default 10)")
    p.add_argument("--progress", type=int, default=100,
                   help="a progress line on stderr every this many positions (default 100)")
    p.add_argument("--dagaz", type=Path, default=None,
                   help="dagaz binary (default target/release/dagaz, or target/tests/dagaz when only "
                   "that exists, under $CARGO_TARGET_DIR if set; built with cargo build --release "
                   "-p dagaz-cli when neither exists)")
    p.add_argument("--build", action="store_true",
                   help="run cargo build --release -p dagaz-cli first even if the binary exists")
    p.add_argument("--interpreter", action="store_true",
                   help="run dagaz with --interpreter (every chain in the interpreter)")
    args = p.parse_args(argv)
    for name in ("positions", "max_plies", "progress"):
        if getattr(args, name) < 1:
            p.error(f"--{name.replace('_', '-')} must be 1 or more")
    for name in ("round_trips", "show"):
        if getattr(args, name) < 0:
            p.error(f"--{name.replace('_', '-')} must be 0 or more")
    return args


def main(argv=None) -> int:
    args = parse_args(argv)
    support.ensure_venv_and_reexec(VENV, PIN, IN_VENV_FLAG, __file__)
    import chess

    if args.start_fen:
        args.starts = []
        for i, fen in enumerate(args.start_fen):
            try:
                board = chess.Board(fen)
            except ValueError as e:
                log(f"error: --start-fen {fen!r}: {e}")
                return 2
            if board.status() != chess.STATUS_VALID:
                log(f"error: --start-fen {fen!r} is not a valid position ({board.status()!r})")
                return 2
            args.starts.append((f"--start-fen {i + 1}", fen))
    else:
        args.starts = STARTS

    source, binary = find_binary(args)
    flags = ["--interpreter"] if args.interpreter else []
    dagaz = Dagaz(binary, args.game, flags)
    check_dagaz(dagaz)
    shown = source.relative_to(REPO) if source.is_relative_to(REPO) else source
    print(f"dagaz: {shown} (run from a private copy)"
          + (" with --interpreter" if args.interpreter else "")
          + f"; python-chess {chess.__version__}")
    print(f"seed {args.seed}; {args.positions} positions; at most {args.max_plies} plies a game; "
          + ("every legal move played back from SAN; " if args.round_trips == 0 else
             f"{args.round_trips} move(s) a position played back from SAN; ")
          + f"{len(args.starts)} start(s)", flush=True)

    ref = Referee(args, dagaz)
    seen, games, t0 = set(), 0, time.perf_counter()
    while ref.positions < args.positions:
        before = ref.positions
        ref.game(chess, games, seen, t0)
        games += 1
        if games >= 50 * len(args.starts) and ref.positions == before:
            log("error: the games find no new positions (too few starts, or too short games)")
            break
    dt = time.perf_counter() - t0

    summary = f"san_referee: {ref.positions:,} positions, {ref.san_moves:,} moves in SAN agree"
    if ref.san_positions_bad:
        summary += f" ({ref.san_positions_bad} positions disagree)"
    summary += f"; {ref.trips - ref.trips_bad:,} round trips agree"
    if ref.trips_bad:
        summary += f" ({ref.trips_bad} disagree)"
    if ref.disagreements > ref.shown:
        summary += f"; {ref.disagreements - ref.shown} more disagreements not shown (--show)"
    print(summary)
    print(f"  {games} games, {ref.finished} finished positions (no legal move); {dt:.1f} s, "
          f"{dagaz.calls} dagaz calls ({dagaz.seconds:.1f} s); dagaz failed {ref.errors} times")
    print("  the SAN moves that agree include: "
          + ", ".join(f"{ref.covered[c]:,} {c}" for c in COVERAGE[:6])
          + "; disambiguated " + ", ".join(f"{c} {ref.covered[c]:,}" for c in COVERAGE[6:]))
    return 1 if ref.disagreements else 0


if __name__ == "__main__":
    support.run(main)
