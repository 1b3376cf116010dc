#!/usr/bin/env python3
"""How much of the Zillions corpus dagaz reads (issue #58): every `.zrf` file under CORPUS
(default ../shared/zrf, the Dagaz project's 303 files), opened with `dagaz perft FILE --depth N`
for N = 1, 2, 3 as far as the referee's counts go, and compared with the referee's perft of the
same file (CORPUS/referee.jsonl, the Dagaz JavaScript engine's own; its `distinct_counts` where
it lists a move twice).

Each file ends in one of:
- `agrees`: every depth the referee counted gives dagaz's count;
- `differs`: dagaz loads it and counts otherwise (the first depth that differs is shown);
- `loads`: dagaz loads it, the referee has no counts (dice, no page, ...);
- `refused`: dagaz stops with a located error, tallied by its message (`unsupported ZRF keyword
  `add-partial``), so the table says what to translate next;
- `slow`: a depth ran past --timeout seconds.

Usage (from the repository root):

    python3 scripts/zrf_corpus.py                  # the table, and a line per file with --verbose
    python3 scripts/zrf_corpus.py --only checkmate/zrf/chess.zrf --verbose
"""

import argparse
import json
import re
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import support

REPO = support.REPO


def referee(corpus: Path) -> dict:
    """The referee's line of each file, by its path under the corpus."""
    lines = {}
    path = corpus / "referee.jsonl"
    if path.exists():
        for line in path.read_text().splitlines():
            entry = json.loads(line)
            lines[entry["zrf"]] = entry
    return lines


def perft(binary: Path, path: Path, depth: int, timeout: float):
    """(count, None) or (None, why)."""
    try:
        r = subprocess.run([str(binary), "perft", str(path), "--depth", str(depth)],
                           capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "slow"
    if r.returncode != 0:
        # The message's first line, without the file's name: what to tally.
        first = (r.stderr.strip().splitlines() or ["(no message)"])[0]
        return None, re.sub(r"^error: (\S+: )?", "", first)
    return int(r.stdout.strip().splitlines()[-1]), None


def judge(binary: Path, path: Path, entry: dict, timeout: float):
    """(verdict, detail) for one file."""
    expected = (entry or {}).get("distinct_counts") or (entry or {}).get("counts") or []
    if (entry or {}).get("random_turns"):
        expected = []
    got = []
    for depth in range(1, max(len(expected), 1) + 1):
        count, why = perft(binary, path, depth, timeout)
        if why == "slow":
            return "slow", f"depth {depth}"
        if why is not None:
            return "refused", why
        got.append(count)
        if depth <= len(expected) and count != expected[depth - 1]:
            return "differs", (f"depth {depth}: dagaz {count}, referee {expected[depth - 1]}"
                               + page_rules(entry))
    if not expected:
        return "loads", f"perft 1 = {got[0]}"
    return "agrees", " ".join(str(c) for c in got)


def page_rules(entry: dict) -> str:
    """Why the referee may count otherwise: the rule scripts its page loads beyond the converted
    file (`extensions`, rules the ZRF does not state: goals, invariants, other setups, ...)."""
    scripts = [e.split("/")[-1] for e in (entry or {}).get("extensions", [])]
    if not scripts:
        return "; no page rule script"
    return "; the page adds " + ", ".join(scripts)


def known_reasons(path: Path) -> dict:
    """FILE -> why it differs, from the tab-separated file of reasons found file by file
    (`FOLDER/zrf/NAME.zrf<TAB>reason`; `#` starts a comment line)."""
    if not path.is_file():
        return {}
    rows = (line.split("\t", 1) for line in path.read_text().splitlines()
            if line.strip() and not line.startswith("#"))
    return {name.strip(): why.strip() for name, why in rows}


def print_table(differing: list, reasons: dict) -> None:
    """The files that differ as a Markdown table: the first depth that differs, both counts,
    and why (the reason found, else the rule scripts the referee's page adds)."""
    print("\n| differs | first depth | dagaz | referee | why |")
    print("|---|---|---|---|---|")
    for name, detail in differing:
        m = re.match(r"depth (\d+): dagaz (\d+), referee (\d+); (.*)", detail)
        if m:
            scripts = m.group(4).replace("the page adds ", "not yet found; the page adds ")
            why = reasons.get(name, scripts)
            print(f"| `{name}` | {m.group(1)} | {m.group(2)} | {m.group(3)} | {why} |")


def plays(binary: Path, path: Path, games: int, timeout: float):
    """None when `games` random games, each to its end or 500 plies, play without an error; else
    why not (the first line of the message, or "slow")."""
    command = [str(binary), "match", str(path), "--random", "--games", str(games), "--nodes", "1",
               "--random-plies", "500", "--max-plies", "500"]
    try:
        r = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "slow"
    if r.returncode != 0:
        return (r.stderr.strip().splitlines() or ["(no message)"])[0]
    return None


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--corpus", type=Path, default=REPO.parent / "shared" / "zrf",
                   help="the directory of FOLDER/zrf/NAME.zrf files and referee.jsonl")
    p.add_argument("--only", action="append", help="a file under the corpus (repeat it)")
    p.add_argument("--timeout", type=float, default=20.0, help="seconds for one perft (default 20)")
    p.add_argument("--verbose", action="store_true", help="a line per file")
    p.add_argument("--play", type=int, default=0, metavar="N",
                   help="also play N games of random moves (each to its end or 500 plies) in every "
                        "file that loads, through `dagaz match --random`; counts the files that play "
                        "them all without an error")
    p.add_argument("--table", action="store_true",
                   help="also print the files that differ as a Markdown table, with why each "
                        "differs (from --reasons, else the rule scripts the referee's page adds)")
    p.add_argument("--reasons", type=Path, default=REPO / "scripts" / "zrf_reasons.tsv",
                   help="FILE<TAB>why lines for the table (default scripts/zrf_reasons.tsv)")
    support.add_dagaz_options(p)
    args = p.parse_args()
    if not args.corpus.is_dir():
        print(f"error: no corpus at {args.corpus}", file=sys.stderr)
        return 2
    binary = support.private_dagaz(args.dagaz.resolve(), args.build)
    lines = referee(args.corpus)
    files = sorted(args.corpus.glob("*/zrf/*.zrf"))
    if args.only:
        files = [args.corpus / f for f in args.only]
    verdicts, reasons, differing = Counter(), Counter(), []
    start = time.perf_counter()
    for i, path in enumerate(files, 1):
        name = str(path.relative_to(args.corpus))
        verdict, detail = judge(binary, path, lines.get(name), args.timeout)
        verdicts[verdict] += 1
        if verdict == "differs":
            differing.append((name, detail))
        if verdict == "refused":
            reasons[detail] += 1
        elif args.play and verdict != "slow":
            failed = plays(binary, path, args.play, 10 * args.timeout)
            verdicts["plays" if failed is None else "fails to play"] += 1
            if failed is not None:
                detail += f"; fails to play: {failed}"
        if args.verbose:
            print(f"{verdict:8} {name}: {detail}")
        elif i % 25 == 0:
            print(f"zrf_corpus: {i}/{len(files)} files", file=sys.stderr)
    print(f"{len(files)} files in {time.perf_counter() - start:.0f} s: "
          + ", ".join(f"{verdicts[v]} {v}" for v in ("agrees", "differs", "loads", "slow", "refused")
                      + (("plays", "fails to play") if args.play else ())))
    print("\nwhy refused (files):")
    for why, n in reasons.most_common():
        print(f"  {n:4}  {why}")
    if args.table:
        print_table(differing, known_reasons(args.reasons))
    return 0


if __name__ == "__main__":
    support.run(main)
