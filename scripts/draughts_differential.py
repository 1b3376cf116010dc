#!/usr/bin/env python3
"""Differential test of dagaz's draughts move generation against pydraughts.

For each draughts variant that both dagaz and pydraughts implement
(international, english, russian, brazilian) the script plays seeded random
games with dagaz: at every position it asks `dagaz moves` for the legal moves,
picks one at random and plays it with `dagaz fen --fen CURRENT --moves MOVE`.
Every position reached is then given, as the same PDN FEN, to the independent
pure-Python library pydraughts (https://pypi.org/project/pydraughts/, pinned
to version 0.6.7), and the two move sets are compared.

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
numbers to algebraic squares.

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

# variant -> dagaz game file, pydraughts variant name, whether dagaz uses algebraic squares.
VARIANTS = {
    "international": {"game": "games/international.game", "pyd": "standard", "algebraic": False},
    "english": {"game": "games/english.game", "pyd": "english", "algebraic": False},
    "russian": {"game": "games/russian.game", "pyd": "russian", "algebraic": True},
    "brazilian": {"game": "games/brazilian.game", "pyd": "brazilian", "algebraic": True},
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


snapshot_dagaz = support.snapshot_dagaz
ensure_dagaz = support.ensure_dagaz


class Dagaz:
    def __init__(self, binary: Path):
        self.binary = str(binary)

    def run(self, *args: str) -> str:
        r = subprocess.run(
            [self.binary, *args], cwd=REPO, capture_output=True, text=True, timeout=120
        )
        if r.returncode != 0:
            raise RuntimeError(f"dagaz {' '.join(args)} failed ({r.returncode}): {r.stderr.strip()}")
        return r.stdout

    def start_fen(self, game: str) -> str:
        return self.run("fen", game).strip().splitlines()[-1]

    def moves(self, game: str, fen: str) -> list:
        # Without legal moves, `dagaz moves` prints how the game ended ("no legal moves: ...").
        return [line.strip() for line in self.run("moves", game, "--fen", fen).splitlines()
                if line.strip() and not line.startswith("no legal moves")]

    def play(self, game: str, fen: str, move: str) -> str:
        return self.run("fen", game, "--fen", fen, "--moves", move).strip().splitlines()[-1]


# ---------------------------------------------------------------------------
# FEN and square helpers
# ---------------------------------------------------------------------------

ALG_RE = re.compile(r"^([a-z])(\d+)$")


def number_to_algebraic(n: int) -> str:
    """pydraughts' 8x8 numbering for russian/brazilian: 1=a1, 2=c1, ..., 5=b2, ..., 9=a3."""
    row = (n - 1) // 4
    col = ((n - 1) % 4) * 2 + (row % 2)
    return "abcdefgh"[col] + str(row + 1)


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


def dagaz_position(dagaz: Dagaz, game: str, fen: str, algebraic: bool):
    """dagaz's moves of one position: (move strings, {move: triple}, {move: fen after})."""
    moves = dagaz.moves(game, fen)
    side, before = parse_fen(fen, algebraic)
    opponent = "B" if side == "W" else "W"
    triples, after_fens = {}, {}
    for mv in moves:
        squares = split_move(mv)
        caps = ()
        if "x" in mv or ":" in mv:
            after = dagaz.play(game, fen, mv)
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


def probe_position(args):
    binary, variant, fen = args
    cfg = VARIANTS[variant]
    moves, triples, _ = dagaz_position(Dagaz(binary), cfg["game"], fen, cfg["algebraic"])
    return {"fen": fen, "moves": moves, "triples": triples}


# ---------------------------------------------------------------------------
# phase 2: pydraughts
# ---------------------------------------------------------------------------


def pydraughts_triples(job):
    """pydraughts' moves of one FEN, deduplicated to (start, end, sorted captures) triples."""
    variant, fen = job
    cfg = VARIANTS[variant]
    try:
        from draughts import Board  # pydraughts, inside the venv

        board = Board(variant=cfg["pyd"], fen=fen)
        triples = set()
        for m in board.legal_moves():
            steps = list(m.steps_move)
            caps = [c for c in (m.captures or []) if c is not None]
            if cfg["algebraic"]:
                sq = number_to_algebraic
            else:
                sq = str
            start, end = sq(steps[0]), sq(steps[-1])
            cap_sq = tuple(sorted((sq(c) for c in caps), key=lambda s: square_key(s, cfg["algebraic"])))
            triples.add((start, end, cap_sq))
        return variant, fen, sorted(triples), None
    except Exception as exc:  # reported as a disagreement
        return variant, fen, None, f"{type(exc).__name__}: {exc}"


# ---------------------------------------------------------------------------
# main
# ---------------------------------------------------------------------------


def parse_args(argv=None):
    p = argparse.ArgumentParser(
        description="Compare dagaz's draughts move generation with pydraughts on positions "
        "reached by seeded random play (see the module docstring).",
    )
    p.add_argument("--variants", nargs="+", choices=list(VARIANTS), default=list(VARIANTS),
                   help="variants to check (default: all four)")
    p.add_argument("--games", type=int, default=30, help="random games per variant (default 30)")
    p.add_argument("--plies", type=int, default=80, help="most plies per game (default 80)")
    p.add_argument("--seed", type=int, default=2024, help="random seed (default 2024)")
    p.add_argument("--jobs", type=int, default=max(2, os.cpu_count() or 2),
                   help="parallel workers (default: number of CPUs, at least 2)")
    p.add_argument("--dagaz", type=Path, default=REPO / "target" / "release" / "dagaz",
                   help="dagaz binary (default target/release/dagaz)")
    p.add_argument("--build", action="store_true",
                   help="run cargo build --release -p dagaz-cli first even if the binary exists")
    p.add_argument("--no-probes", action="store_true", help="skip the hand-made probe positions")
    p.add_argument("--json", type=Path, help="also write the disagreements and counts to this JSON file")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    ensure_venv_and_reexec()
    ensure_dagaz(args.dagaz.resolve(), args.build)
    binary = snapshot_dagaz(args.dagaz.resolve())

    import importlib.metadata as md

    print(f"dagaz: {args.dagaz.resolve()} (run from a private copy)")
    print(f"pydraughts {md.version('pydraughts')} (venv {VENV.relative_to(REPO)})")
    print(f"variants: {', '.join(args.variants)}; {args.games} games x up to {args.plies} plies; "
          f"seed {args.seed}; {args.jobs} workers")
    t0 = time.perf_counter()

    # Phase 1: dagaz random play (subprocess-bound, so threads are enough).
    game_jobs, probe_jobs = [], []
    for variant in args.variants:
        for g in range(args.games):
            seed = args.seed * 1_000_003 + list(VARIANTS).index(variant) * 10_007 + g
            game_jobs.append((variant, (str(binary), variant, seed, args.plies)))
        if not args.no_probes:
            for fen in PROBES[variant]:
                probe_jobs.append((variant, (str(binary), variant, fen)))

    visited = {v: 0 for v in args.variants}        # positions visited, with repeats
    games_played = {v: 0 for v in args.variants}
    plies_played = {v: 0 for v in args.variants}
    dagaz_pos = {v: {} for v in args.variants}     # fen -> position (unique per variant)
    probe_fens = {v: set() for v in args.variants}
    with ThreadPoolExecutor(max_workers=args.jobs * 2) as pool:
        game_futs = [(v, pool.submit(play_random_game, a)) for v, a in game_jobs]
        probe_futs = [(v, pool.submit(probe_position, a)) for v, a in probe_jobs]
        for v, fut in probe_futs:
            pos = fut.result()
            probe_fens[v].add(pos["fen"])
            dagaz_pos[v].setdefault(pos["fen"], pos)
        for v, fut in game_futs:
            positions = fut.result()
            games_played[v] += 1
            plies_played[v] += len(positions) - 1
            visited[v] += len(positions)
            for pos in positions:
                dagaz_pos[v].setdefault(pos["fen"], pos)
    t1 = time.perf_counter()
    print(f"dagaz random play: {sum(visited.values())} positions visited; with the probes "
          f"{sum(len(d) for d in dagaz_pos.values())} distinct positions, in {t1 - t0:.1f} s")

    # Phase 2: pydraughts (pure Python, CPU-bound, so processes).
    jobs = [(v, fen) for v in args.variants for fen in dagaz_pos[v]]
    py_results = {}
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for variant, fen, triples, err in pool.map(pydraughts_triples, jobs, chunksize=16):
            py_results[(variant, fen)] = (triples, err)
    t2 = time.perf_counter()
    print(f"pydraughts move generation: {len(jobs)} positions in {t2 - t1:.1f} s")
    print()

    # Compare.
    disagreements = []
    stats = {v: {"compared": 0, "agree": 0, "disagree": 0, "captures": 0, "kings": 0,
                 "dagaz_dupes": 0}
             for v in args.variants}
    for v in args.variants:
        for fen, pos in dagaz_pos[v].items():
            st = stats[v]
            st["compared"] += 1
            dz_list = [pos["triples"][m] for m in pos["moves"]]
            dz = set(dz_list)
            if any(t[2] for t in dz):
                st["captures"] += 1
            if "K" in fen.split(":", 1)[1].upper():
                st["kings"] += 1
            dupes = len(dz_list) - len(dz)
            st["dagaz_dupes"] += 1 if dupes else 0
            py, err = py_results[(v, fen)]
            if err is None and set(py) == dz and not dupes:
                st["agree"] += 1
                continue
            st["disagree"] += 1
            rec = {
                "variant": v,
                "fen": fen,
                "probe": fen in probe_fens[v],
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
    print(f"{'variant':<14}{'games':>6}{'plies':>7}{'visited':>9}{'compared':>10}"
          f"{'w/capture':>11}{'w/king':>8}{'agree':>8}{'disagree':>10}")
    for v in args.variants:
        st = stats[v]
        print(f"{v:<14}{games_played[v]:>6}{plies_played[v]:>7}{visited[v]:>9}{st['compared']:>10}"
              f"{st['captures']:>11}{st['kings']:>8}{st['agree']:>8}{st['disagree']:>10}")
    total = sum(s["compared"] for s in stats.values())
    print("w/capture, w/king = compared positions where captures are forced, where a king is on the board")
    print(f"compared = distinct positions (random-game positions plus {sum(len(p) for p in probe_fens.values())} "
          f"probes), {total} in all; total time {time.perf_counter() - t0:.1f} s")
    print("RESULT:", "no disagreements" if not disagreements else f"{len(disagreements)} disagreement(s)")

    if args.json:
        args.json.write_text(json.dumps({"stats": stats, "disagreements": disagreements}, indent=1))
    return 1 if disagreements else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
