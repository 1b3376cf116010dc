#!/usr/bin/env python3
"""Differential test of dagaz's draughts move generation against pydraughts.

For each draughts variant that both dagaz and pydraughts implement
(international, english, russian, brazilian, italian, frisian, turkish, and the
library's frysk, antidraughts and breakthrough-draughts) the
script plays seeded random games with dagaz: at every position it asks `dagaz
moves` for the legal moves, picks one at random and plays it with `dagaz fen
--fen CURRENT --moves MOVE`. Every position reached is then given, as the same
PDN FEN, to the independent pure-Python library pydraughts
(https://pypi.org/project/pydraughts/, pinned to version 0.6.7), and the two
move sets are compared.

With --history (always for frisian and frysk, whose limit on a king's moves in a row
looks back over the game) a position is not handed over as a FEN, which has no
field for what came before: each game is played in both programs from its
start, dagaz asked with `dagaz moves --fen START --moves m1 m2 ...` and
pydraughts playing the same moves on its own board, and the move sets are
compared at every position on the way; the summary says at how many positions
the moves so far changed dagaz's moves. Random games seldom let one king move
three times in a row, so --perft FEN [--after MOVES] --depth N compares the
two programs' perft (unique moves) instead, after MOVES are played from FEN in
both: every line of the tree, with the moves so far known to both.

A move is compared as the triple (start square, end square, sorted captured
squares). dagaz counts one move per such triple ("unique moves"); pydraughts
lists every capture path separately, so its moves are deduplicated by the
triple. dagaz's move strings list the landing squares but not the captured
pieces, so the captured squares of a dagaz capture are found by playing it
(`dagaz fen`) and diffing the FENs: the pieces of the side that is not to move
that disappeared.

Square numbering (checked empirically against dagaz before being relied on;
the script also compares a few hand-made probe positions that exercise every
square of a long diagonal): international and english use the standard PDN
numbers in both programs (pydraughts variant names "standard" and "english";
english is Black-first with Black on 1-12 in both). For russian and brazilian
dagaz prints algebraic squares, while pydraughts numbers squares from White's
side, 1=a1, 2=c1, 3=e1, 4=g1, 5=b2, ..., 9=a3; the script converts those
numbers to algebraic squares. italian and frisian use the same numbers in
both (italian 1-32 from Black's side on the turned board, frisian and frysk
1-50 as in international). turkish is algebraic in dagaz and in pydraughts' FEN, and
pydraughts numbers its 64 squares rank by rank from White's side (1=a1, 2=b1,
..., 9=a2). turkish keeps captures along different paths apart
((unique-moves paths)), so there dagaz may list several moves with one
(start, end, captured) triple; the triples are compared all the same.
pydraughts 0.6.7 lets a Turkish king move, without capturing, over pieces in its
way (g8-g1 over the men on g3 and g2); such moves are left out of its list and
counted as reconciled before comparing. frysk, antidraughts and
breakthrough-draughts use International's numbers in both (pydraughts variant
names "frysk!", "antidraughts" and "breakthrough"). pydraughts goes on listing
moves once a breakthrough game is won (the first king); its list is taken as
empty there, as dagaz's is.

The script creates its own virtual environment in scripts/.venv/pydraughts
(git-ignored), installs pydraughts==0.6.7 there from PyPI on first use, and
re-runs itself inside it. It uses ./target/release/dagaz and builds it with
`cargo build --release -p dagaz-cli` when it is missing (or with --build).

Every disagreement is printed with its FEN and both move sets. Exit status:
0 when every compared position agrees, 1 when any disagreement (or pydraughts
error) was found, 2 on a usage or setup error.

Usage (from the repository root):

    python3 scripts/draughts_differential.py                 # 30 games x 80 plies per variant
    python3 scripts/draughts_differential.py --games 5 --plies 40 --variants russian english
    python3 scripts/draughts_differential.py --seed 7 --json /tmp/diff.json
    python3 scripts/draughts_differential.py --interpreter   # dagaz without its compiled chains
    python3 scripts/draughts_differential.py --variants frisian --perft "W:W46,K5:B1,K50" \
        --after 5-10 50-45 10-5 45-50 --depth 5
"""

import argparse
import json
import os
import random
import re
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

import support

REPO = Path(__file__).resolve().parent.parent
VENV = REPO / "scripts" / ".venv" / "pydraughts"
PYDRAUGHTS_PIN = "pydraughts==0.6.7"
IN_VENV_FLAG = "DAGAZ_DIFFERENTIAL_IN_VENV"

# variant -> dagaz game file, pydraughts variant name, whether dagaz uses algebraic squares;
# "paths": dagaz keeps captures along different paths apart; "history": always played from the
# start with the moves so far (a rule looks back); "goal": a rule other than having no move ends
# the game (pydraughts still lists moves there, dagaz none), so pydraughts' list is empty once
# its game has a winner.
VARIANTS = {
    "international": {"game": "games/international.game", "pyd": "standard", "algebraic": False},
    "english": {"game": "games/english.game", "pyd": "english", "algebraic": False},
    "russian": {"game": "games/russian.game", "pyd": "russian", "algebraic": True},
    "brazilian": {"game": "games/brazilian.game", "pyd": "brazilian", "algebraic": True},
    "italian": {"game": "games/italian.game", "pyd": "italian", "algebraic": False},
    "frisian": {"game": "games/frisian.game", "pyd": "frisian", "algebraic": False, "history": True},
    "turkish": {"game": "games/turkish.game", "pyd": "turkish", "algebraic": True, "paths": True},
    "frysk": {"game": "games/frysk.game", "pyd": "frysk!", "algebraic": False, "history": True},
    "antidraughts": {"game": "games/antidraughts.game", "pyd": "antidraughts", "algebraic": False},
    "breakthrough-draughts": {"game": "games/breakthrough-draughts.game", "pyd": "breakthrough",
                              "algebraic": False, "goal": True},
}

# Hand-made positions compared besides the random games: a king alone on a long
# diagonal (every square of it is a destination), positions for each side to
# move, multi-captures, and (russian/brazilian) a man that crosses the crown row
# mid-capture, so a wrong square mapping shows up at once.
PROBES = {
    "international": ["W:WK46:B5", "B:WK50,45:BK1,14", "W:W28,33,K48:B23,22,12,K3"],
    "english": ["B:WK32:BK1,5", "W:W6,K29:B25,K10,2", "B:W14,22,K21:B10,K28"],
    "russian": ["W:WKa1:Bh8", "B:Wd4,Kh2:Bc5,Ke7", "W:Wb6,e5:Bc7,f6,Kh8"],
    "brazilian": ["W:WKa1:Bh8", "B:Wd4,Kh2:Bc5,Ke7", "W:Wb6,e5:Bc7,f6,Kh8"],
    "italian": ["W:WK29:BK4", "W:W22:BK18,19", "W:WK22:BK18,10,19,K12", "B:W30,21,22,17,20,K6:B25,28,9,5,1,3"],
    "frisian": ["W:WK46:B5", "W:W33:B23", "W:WK28:B17,19,39,K33", "B:W36,47,K50:B1,5,K11"],
    "turkish": ["W:WKa1:Bh8", "W:WKc1:Bc3,b5,a4,e3", "W:Wb6:Bb7,c8", "B:Wd4,Kh2:Bc5,Ke7"],
    "frysk": ["W:WK46:B5", "W:W33:B23", "W:WK28:B17,19,39,K33", "B:W36,47,K50:B1,5,K11"],
    "antidraughts": ["W:WK46:B5", "B:WK50,45:BK1,14", "W:W28,33,K48:B23,22,12,K3", "W:W6:B1"],
    # A man crowned at the end of its move wins; one that only passes the far row in a capture does
    # not; a position where a king stands is already won.
    "breakthrough-draughts": ["W:W6,7:B2,3", "W:W12:B7,8,18", "W:W13:B8,7,40", "W:WK46:B5",
                              "B:W6:B2,3,13"],
}


# ---------------------------------------------------------------------------
# virtual environment
# ---------------------------------------------------------------------------


def ensure_venv_and_reexec() -> None:
    """Re-run this script in its own virtual environment with the pinned library."""
    support.ensure_venv_and_reexec(VENV, PYDRAUGHTS_PIN, IN_VENV_FLAG, __file__)


# ---------------------------------------------------------------------------
# dagaz
# ---------------------------------------------------------------------------


class Dagaz:
    def __init__(self, command):
        """`command`: the binary, or a list of it and the flags that go before each subcommand
        (`--interpreter`)."""
        self.command = [str(command)] if isinstance(command, (str, Path)) else [str(c) for c in command]

    def run(self, *args: str) -> str:
        r = subprocess.run(
            [*self.command, *args], cwd=REPO, capture_output=True, text=True, timeout=120
        )
        if r.returncode != 0:
            raise RuntimeError(f"dagaz {' '.join(args)} failed ({r.returncode}): {r.stderr.strip()}")
        return r.stdout

    def start_fen(self, game: str) -> str:
        return self.run("fen", game).strip().splitlines()[-1]

    def listed(self, *args: str) -> list:
        """The moves `dagaz moves ARGS` lists; none on a finished game (exit code 1, how it
        ended on standard error: "game over — Black has no moves and loses")."""
        r = subprocess.run(
            [*self.command, "moves", *args], cwd=REPO, capture_output=True, text=True, timeout=120
        )
        try:
            return support.moves_answer(r)[0]
        except support.DagazError as e:
            raise RuntimeError(f"dagaz moves {' '.join(args)} failed: {e}")

    def moves(self, game: str, fen: str) -> list:
        return self.listed(game, "--fen", fen)

    def play(self, game: str, fen: str, move: str) -> str:
        return self.run("fen", game, "--fen", fen, "--moves", move).strip().splitlines()[-1]

    def moves_after(self, game: str, start: str, history: list) -> list:
        """The moves after `history` is played from `start`: dagaz knows the moves so far."""
        extra = ["--moves", *history] if history else []
        return self.listed(game, "--fen", start, *extra)

    def fen_after(self, game: str, start: str, history: list) -> str:
        extra = ["--moves", *history] if history else []
        return self.run("fen", game, "--fen", start, *extra).strip().splitlines()[-1]


# ---------------------------------------------------------------------------
# FEN and square helpers
# ---------------------------------------------------------------------------

ALG_RE = re.compile(r"^([a-z])(\d+)$")


def number_to_algebraic(n: int) -> str:
    """pydraughts' 8x8 numbering for russian/brazilian: 1=a1, 2=c1, ..., 5=b2, ..., 9=a3."""
    row = (n - 1) // 4
    col = ((n - 1) % 4) * 2 + (row % 2)
    return "abcdefgh"[col] + str(row + 1)


def number_to_algebraic_64(n: int) -> str:
    """pydraughts' 8x8 numbering for turkish: 1=a1, 2=b1, ..., 8=h1, 9=a2."""
    return "abcdefgh"[(n - 1) % 8] + str((n - 1) // 8 + 1)


def pyd_square(variant: str):
    """How a pydraughts square number of `variant` is written in dagaz's notation."""
    if variant == "turkish":
        return number_to_algebraic_64
    return number_to_algebraic if VARIANTS[variant]["algebraic"] else str


def expand_squares(field: str, algebraic: bool) -> set:
    """The squares of one FEN colour field (without its W/B letter); kings' K dropped."""
    out = set()
    for tok in field.split(","):
        tok = tok.strip()
        if not tok:
            continue
        if tok[0] in "Kk":
            tok = tok[1:]
        if not algebraic and "-" in tok:
            a, b = tok.split("-")
            out.update(str(i) for i in range(int(a), int(b) + 1))
        else:
            out.add(tok)
    return out


def parse_fen(fen: str, algebraic: bool):
    """(side to move, {'W': squares, 'B': squares}) of a PDN FEN."""
    fen = fen.strip().strip("[]")
    if fen.upper().startswith("FEN"):
        fen = fen[3:].strip().strip('"')
    parts = fen.split(":")
    side = parts[0].strip().upper()
    pieces = {"W": set(), "B": set()}
    for p in parts[1:]:
        p = p.strip()
        if p and p[0].upper() in pieces:
            pieces[p[0].upper()] |= expand_squares(p[1:], algebraic)
    return side, pieces


def square_key(sq: str, algebraic: bool):
    if algebraic:
        m = ALG_RE.match(sq)
        return (int(m.group(2)), m.group(1)) if m else (0, sq)
    return (int(sq), "")


def split_move(move: str) -> list:
    return [s for s in re.split(r"[-x:]", move) if s]


def fmt_triple(t) -> str:
    start, end, caps = t
    return f"{start}->{end}" + (f" x[{','.join(caps)}]" if caps else "")


# ---------------------------------------------------------------------------
# phase 1: random games with dagaz
# ---------------------------------------------------------------------------


def dagaz_position(dagaz: Dagaz, game: str, fen: str, algebraic: bool, start=None, history=None):
    """dagaz's moves of one position: (move strings, {move: triple}, {move: fen after}). With
    `history`, dagaz is asked about the position those moves reach from `start` (which `fen`
    shows), so that it knows the moves so far."""
    if history is None:
        moves = dagaz.moves(game, fen)
        play = lambda mv: dagaz.play(game, fen, mv)  # noqa: E731
    else:
        moves = dagaz.moves_after(game, start, history)
        play = lambda mv: dagaz.fen_after(game, start, history + [mv])  # noqa: E731
    side, before = parse_fen(fen, algebraic)
    opponent = "B" if side == "W" else "W"
    triples, after_fens = {}, {}
    for mv in moves:
        squares = split_move(mv)
        caps = ()
        if "x" in mv or ":" in mv:
            after = play(mv)
            after_fens[mv] = after
            _, after_pieces = parse_fen(after, algebraic)
            gone = before[opponent] - after_pieces[opponent]
            caps = tuple(sorted(gone, key=lambda s: square_key(s, algebraic)))
        triples[mv] = (squares[0], squares[-1], caps)
    return moves, triples, after_fens


def play_random_game(args):
    """One seeded random game; returns the list of positions it visited."""
    binary, variant, seed, plies = args
    cfg = VARIANTS[variant]
    dagaz = Dagaz(binary)
    rng = random.Random(seed)
    fen = dagaz.start_fen(cfg["game"])
    positions = []
    for ply in range(plies + 1):
        moves, triples, after_fens = dagaz_position(dagaz, cfg["game"], fen, cfg["algebraic"])
        positions.append({"fen": fen, "moves": moves, "triples": triples})
        if not moves or ply == plies:
            break
        mv = rng.choice(moves)
        fen = after_fens.get(mv) or dagaz.play(cfg["game"], fen, mv)
    return positions


def history_game(args):
    """One seeded random game played from the start in both programs, each knowing the moves so
    far: dagaz is given them with `--moves`, pydraughts plays them on its own board. Returns
    the positions on the way, with both programs' moves."""
    binary, variant, seed, plies, start = args
    cfg = VARIANTS[variant]
    from draughts import Board  # pydraughts, inside the venv

    dagaz = Dagaz(binary)
    rng = random.Random(seed)
    start = start or dagaz.start_fen(cfg["game"])
    board = Board(variant=cfg["pyd"], fen=start)
    history, positions = [], []
    for ply in range(plies + 1):
        fen = dagaz.fen_after(cfg["game"], start, history)
        moves, triples, _ = dagaz_position(dagaz, cfg["game"], fen, cfg["algebraic"], start, history)
        py_moves, err, dropped = {}, None, 0
        try:
            for m in pyd_legal_moves(board, variant):
                py_moves.setdefault(pyd_triple(m, variant), m)
            kept, dropped = reconcile(variant, fen, sorted(py_moves))
            py_moves = {t: py_moves[t] for t in kept}
        except Exception as exc:  # reported as a disagreement
            err = f"{type(exc).__name__}: {exc}"
        # Whether the moves so far matter here: dagaz's moves differ from those of the FEN alone.
        looks_back = sorted(dagaz.moves(cfg["game"], fen)) != sorted(moves)
        positions.append({"key": " ".join([start, *history]), "fen": fen, "history": list(history),
                          "moves": moves, "triples": triples, "looks_back": looks_back,
                          "pydraughts": (sorted(py_moves), err, dropped)})
        common = [mv for mv in moves if triples[mv] in py_moves]
        if not common or ply == plies:
            break
        mv = rng.choice(common)
        history.append(mv)
        board.push(py_moves[triples[mv]])
    return positions


def probe_position(args):
    binary, variant, fen = args
    cfg = VARIANTS[variant]
    moves, triples, _ = dagaz_position(Dagaz(binary), cfg["game"], fen, cfg["algebraic"])
    return {"fen": fen, "moves": moves, "triples": triples}


# ---------------------------------------------------------------------------
# phase 2: pydraughts
# ---------------------------------------------------------------------------


def pyd_triple(m, variant: str):
    """A pydraughts move as a (start, end, sorted captured squares) triple in dagaz's squares."""
    algebraic = VARIANTS[variant]["algebraic"]
    sq = pyd_square(variant)
    steps = list(m.steps_move)
    caps = [c for c in (m.captures or []) if c is not None]
    cap_sq = tuple(sorted((sq(c) for c in caps), key=lambda s: square_key(s, algebraic)))
    return sq(steps[0]), sq(steps[-1]), cap_sq


def pyd_legal_moves(board, variant: str) -> list:
    """pydraughts' legal moves, none once a game whose goal ends it has a winner (pydraughts
    lists moves after breakthrough's first king; the game is over there)."""
    if VARIANTS[variant].get("goal") and board.winner():
        return []
    return board.legal_moves()


def through_a_piece(fen: str, triple) -> bool:
    """Whether a quiet move along a rank or file passes over an occupied square of `fen`."""
    start, end, caps = triple
    a, b = ALG_RE.match(start), ALG_RE.match(end)
    if caps or not a or not b:
        return False
    _, pieces = parse_fen(fen, True)
    occupied = pieces["W"] | pieces["B"]
    (fa, ra), (fb, rb) = (ord(a.group(1)), int(a.group(2))), (ord(b.group(1)), int(b.group(2)))
    if fa == fb:
        step = 1 if rb > ra else -1
        between = [f"{a.group(1)}{r}" for r in range(ra + step, rb, step)]
    elif ra == rb:
        step = 1 if fb > fa else -1
        between = [f"{chr(f)}{ra}" for f in range(fa + step, fb, step)]
    else:
        return False
    return any(sq in occupied for sq in between)


def reconcile(variant: str, fen: str, triples) -> tuple:
    """pydraughts' triples without those of a known pydraughts fault, and how many were left
    out. turkish: pydraughts lets a flying king move, without capturing, over pieces in its
    way (docs/draughts.md section 7); such moves are left out."""
    if variant != "turkish":
        return triples, 0
    kept = [t for t in triples if not through_a_piece(fen, t)]
    return kept, len(triples) - len(kept)


def pydraughts_triples(job):
    """pydraughts' moves of one FEN, deduplicated to (start, end, sorted captures) triples."""
    variant, fen = job
    cfg = VARIANTS[variant]
    try:
        from draughts import Board  # pydraughts, inside the venv

        board = Board(variant=cfg["pyd"], fen=fen)
        triples, dropped = reconcile(variant, fen, sorted({pyd_triple(m, variant)
                                                          for m in pyd_legal_moves(board, variant)}))
        return variant, fen, triples, None, dropped
    except Exception as exc:  # reported as a disagreement
        return variant, fen, None, f"{type(exc).__name__}: {exc}", 0


# ---------------------------------------------------------------------------
# main
# ---------------------------------------------------------------------------


def parse_args(argv=None):
    p = argparse.ArgumentParser(
        description="Compare dagaz's draughts move generation with pydraughts on positions "
        "reached by seeded random play (see the module docstring).",
    )
    p.add_argument("--variants", nargs="+", choices=list(VARIANTS), default=list(VARIANTS),
                   help="variants to check (default: all)")
    p.add_argument("--games", type=int, default=30, help="random games per variant (default 30)")
    p.add_argument("--plies", type=int, default=80, help="most plies per game (default 80)")
    p.add_argument("--seed", type=int, default=2024, help="random seed (default 2024)")
    p.add_argument("--jobs", type=int, default=max(2, os.cpu_count() or 2),
                   help="parallel workers (default: number of CPUs, at least 2)")
    support.add_dagaz_options(p, interpreter=True)
    p.add_argument("--no-probes", action="store_true", help="skip the hand-made probe positions")
    p.add_argument("--history", action="store_true",
                   help="play every variant's games from the start in both programs, each knowing "
                   "the moves so far, instead of handing positions over as FEN (frisian and frysk always)")
    p.add_argument("--json", type=Path, help="also write the disagreements and counts to this JSON file")
    p.add_argument("--perft", metavar="FEN",
                   help="instead of random games: compare perft from FEN (one variant, not turkish)")
    p.add_argument("--after", nargs="+", default=[], metavar="MOVE",
                   help="with --perft: play these moves (dagaz notation) first, in both programs")
    p.add_argument("--depth", type=int, default=4, help="with --perft: the deepest depth (default 4)")
    args = p.parse_args(argv)
    if args.perft and (len(args.variants) != 1 or VARIANTS[args.variants[0]].get("paths")):
        p.error("--perft takes one variant with --variants, and not turkish (it counts paths)")
    return args


def pyd_perft(board, variant: str, depth: int) -> int:
    """pydraughts' perft, one move per (start, end, captured) triple, as dagaz counts."""
    moves = {}
    for m in pyd_legal_moves(board, variant):
        moves.setdefault(pyd_triple(m, variant), m)
    if depth == 1:
        return len(moves)
    total = 0
    for m in moves.values():
        board.push(m)
        total += pyd_perft(board, variant, depth - 1)
        board.pop()
    return total


def perft_compare(args, binary: Path) -> int:
    """--perft: dagaz's and pydraughts' perft from a FEN after some moves, depth by depth."""
    from draughts import Board  # pydraughts, inside the venv

    variant = args.variants[0]
    cfg = VARIANTS[variant]
    dagaz = Dagaz(binary)
    board = Board(variant=cfg["pyd"], fen=args.perft)
    for mv in args.after:
        squares = split_move(mv)
        found = [m for m in board.legal_moves()
                 if pyd_triple(m, variant)[:2] == (squares[0], squares[-1])]
        if len({pyd_triple(m, variant) for m in found}) != 1:
            sys.exit(f"error: {mv} is not one legal move for pydraughts here")
        board.push(found[0])
    after = ["--moves", *args.after] if args.after else []
    print(f"{variant} perft from {args.perft}" + (f" after {' '.join(args.after)}" if args.after else ""))
    print(f"{'depth':>5}{'dagaz':>14}{'pydraughts':>14}{'seconds':>9}")
    differ = 0
    for depth in range(1, args.depth + 1):
        t = time.perf_counter()
        dz = int(dagaz.run("perft", cfg["game"], "--fen", args.perft, "--depth", str(depth), "--bulk",
                           *after).split()[-1])
        py = pyd_perft(board, variant, depth)
        differ += dz != py
        print(f"{depth:>5}{dz:>14,}{py:>14,}{time.perf_counter() - t:>9.1f}"
              + ("" if dz == py else "  DIFFERENT"), flush=True)
    print("RESULT:", "the same counts" if not differ else f"{differ} depth(s) differ")
    return 1 if differ else 0


def main(argv=None) -> int:
    args = parse_args(argv)
    ensure_venv_and_reexec()
    binary = [str(support.private_dagaz(args.dagaz.resolve(), args.build))] + (
        ["--interpreter"] if args.interpreter else [])
    if args.perft:
        return perft_compare(args, binary)

    import importlib.metadata as md

    print(f"dagaz: {args.dagaz.resolve()} (run from a private copy)"
          + (" with --interpreter" if args.interpreter else ""))
    print(f"pydraughts {md.version('pydraughts')} (venv {VENV.relative_to(REPO)})")
    print(f"variants: {', '.join(args.variants)}; {args.games} games x up to {args.plies} plies; "
          f"seed {args.seed}; {args.jobs} workers")
    with_history = [v for v in args.variants if args.history or VARIANTS[v].get("history")]
    if with_history:
        print(f"played from the start with the moves so far: {', '.join(with_history)}")
    t0 = time.perf_counter()

    # Phase 1: dagaz random play (subprocess-bound, so threads are enough). Games played with
    # their history run in both programs at once (pydraughts is CPU-bound, so processes).
    game_jobs, history_jobs, probe_jobs = [], [], []
    history = {v: args.history or VARIANTS[v].get("history", False) for v in args.variants}
    for variant in args.variants:
        for g in range(args.games):
            seed = args.seed * 1_000_003 + list(VARIANTS).index(variant) * 10_007 + g
            if history[variant]:
                history_jobs.append((variant, (binary, variant, seed, args.plies, None)))
            else:
                game_jobs.append((variant, (binary, variant, seed, args.plies)))
        if not args.no_probes:
            for fen in PROBES[variant]:
                probe_jobs.append((variant, (binary, variant, fen)))

    visited = {v: 0 for v in args.variants}        # positions visited, with repeats
    games_played = {v: 0 for v in args.variants}
    plies_played = {v: 0 for v in args.variants}
    # key -> position (unique per variant): the FEN, or with history the start and the moves
    dagaz_pos = {v: {} for v in args.variants}
    probe_fens = {v: set() for v in args.variants}
    py_results = {}

    def add_game(v, positions):
        games_played[v] += 1
        plies_played[v] += len(positions) - 1
        visited[v] += len(positions)
        for pos in positions:
            key = pos.get("key", pos["fen"])
            dagaz_pos[v].setdefault(key, pos)
            if "pydraughts" in pos:
                py_results[(v, key)] = pos["pydraughts"]

    with ThreadPoolExecutor(max_workers=args.jobs * 2) as pool, \
            ProcessPoolExecutor(max_workers=args.jobs) as procs:
        history_futs = [(v, procs.submit(history_game, a)) for v, a in history_jobs]
        game_futs = [(v, pool.submit(play_random_game, a)) for v, a in game_jobs]
        probe_futs = [(v, pool.submit(probe_position, a)) for v, a in probe_jobs]
        for v, fut in probe_futs:
            pos = fut.result()
            probe_fens[v].add(pos["fen"])
            dagaz_pos[v].setdefault(pos["fen"], pos)
        for v, fut in game_futs + history_futs:
            add_game(v, fut.result())
    t1 = time.perf_counter()
    print(f"dagaz random play: {sum(visited.values())} positions visited; with the probes "
          f"{sum(len(d) for d in dagaz_pos.values())} distinct positions, in {t1 - t0:.1f} s")

    # Phase 2: pydraughts (pure Python, CPU-bound, so processes), for the positions given as FEN.
    jobs = [(v, key) for v in args.variants for key in dagaz_pos[v] if (v, key) not in py_results]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for variant, fen, triples, err, dropped in pool.map(pydraughts_triples, jobs, chunksize=16):
            py_results[(variant, fen)] = (triples, err, dropped)
    t2 = time.perf_counter()
    print(f"pydraughts move generation: {len(jobs)} positions in {t2 - t1:.1f} s")
    print()

    # Compare.
    disagreements = []
    stats = {v: {"compared": 0, "agree": 0, "disagree": 0, "captures": 0, "kings": 0,
                 "dagaz_dupes": 0, "looks_back": 0, "reconciled": 0}
             for v in args.variants}
    for v in args.variants:
        for key, pos in dagaz_pos[v].items():
            fen = pos["fen"]
            st = stats[v]
            st["compared"] += 1
            dz_list = [pos["triples"][m] for m in pos["moves"]]
            dz = set(dz_list)
            if any(t[2] for t in dz):
                st["captures"] += 1
            if "K" in fen.split(":", 1)[1].upper():
                st["kings"] += 1
            st["looks_back"] += 1 if pos.get("looks_back") else 0
            dupes = len(dz_list) - len(dz)
            st["dagaz_dupes"] += 1 if dupes else 0
            if VARIANTS[v].get("paths"):
                dupes = 0  # captures along different paths are different moves there
            py, err, dropped = py_results[(v, key)]
            st["reconciled"] += dropped
            if err is None and set(py) == dz and not dupes:
                st["agree"] += 1
                continue
            st["disagree"] += 1
            rec = {
                "variant": v,
                "fen": fen,
                "moves_from_start": pos.get("history"),
                "probe": key in probe_fens[v],
                "dagaz_moves": pos["moves"],
                "dagaz": sorted(dz),
                "pydraughts": py,
                "pydraughts_error": err,
                "only_dagaz": sorted(dz - set(py or [])),
                "only_pydraughts": sorted(set(py or []) - dz),
                "dagaz_duplicate_triples": dupes,
            }
            disagreements.append(rec)

    for i, rec in enumerate(disagreements, 1):
        print(f"DISAGREEMENT {i}: {rec['variant']}{' (probe)' if rec['probe'] else ''}")
        print(f"  fen: {rec['fen']}")
        if rec["moves_from_start"]:
            print(f"  reached by: {' '.join(rec['moves_from_start'])}")
        if rec["pydraughts_error"]:
            print(f"  pydraughts error: {rec['pydraughts_error']}")
        if rec["dagaz_duplicate_triples"]:
            print(f"  dagaz lists {rec['dagaz_duplicate_triples']} move(s) with a duplicate "
                  f"(start, end, captured) triple")
        print(f"  dagaz moves ({len(rec['dagaz_moves'])}): {' '.join(rec['dagaz_moves'])}")
        print(f"  dagaz      ({len(rec['dagaz'])}): {'; '.join(map(fmt_triple, rec['dagaz']))}")
        if rec["pydraughts"] is not None:
            print(f"  pydraughts ({len(rec['pydraughts'])}): {'; '.join(map(fmt_triple, rec['pydraughts']))}")
        print(f"  only in dagaz:      {'; '.join(map(fmt_triple, rec['only_dagaz'])) or '-'}")
        print(f"  only in pydraughts: {'; '.join(map(fmt_triple, rec['only_pydraughts'])) or '-'}")
        print()

    print("Summary")
    w = max(14, *(len(v) + 2 for v in args.variants))
    print(f"{'variant':<{w}}{'games':>6}{'plies':>7}{'visited':>9}{'compared':>10}"
          f"{'w/capture':>11}{'w/king':>8}{'agree':>8}{'disagree':>10}")
    for v in args.variants:
        st = stats[v]
        print(f"{v:<{w}}{games_played[v]:>6}{plies_played[v]:>7}{visited[v]:>9}{st['compared']:>10}"
              f"{st['captures']:>11}{st['kings']:>8}{st['agree']:>8}{st['disagree']:>10}")
    total = sum(s["compared"] for s in stats.values())
    print("w/capture, w/king = compared positions where captures are forced, where a king is on the board")
    for v in args.variants:
        if stats[v]["reconciled"]:
            print(f"{v}: reconciled {stats[v]['reconciled']} pydraughts moves of a known fault, left "
                  f"out before comparing (a king's quiet move over pieces in its way)")
    for v in with_history:
        print(f"{v}: played with the moves so far; at {stats[v]['looks_back']} of its positions they "
              f"change dagaz's moves (the moves of the FEN alone differ)")
    print(f"compared = distinct positions (random-game positions plus {sum(len(p) for p in probe_fens.values())} "
          f"probes), {total} in all; total time {time.perf_counter() - t0:.1f} s")
    print("RESULT:", "no disagreements" if not disagreements else f"{len(disagreements)} disagreement(s)")

    if args.json:
        args.json.write_text(json.dumps({"stats": stats, "disagreements": disagreements}, indent=1))
    return 1 if disagreements else 0


if __name__ == "__main__":
    support.run(main)
