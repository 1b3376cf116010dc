#!/usr/bin/env python3
"""Where dagaz's perft time goes (issue #15): each run of the speed table sampled under
`perf record` and its samples shared out among the engine's parts, printed as one Markdown
table.

Runs (the rows of scripts/bench_table.py that miss their targets; --only picks some):

* `start`: chess perft(5) from the start, every leaf played; `start-bulk`: the same, `--bulk`;
* `kiwipete`: Kiwipete perft(4), every leaf played;
* `english`: English draughts perft(10), every leaf played; `english-bulk`: the same, `--bulk`;
* `international`: International draughts perft(8), every leaf played.

How it measures: `perf record -e cpu-clock -F HZ --call-graph dwarf` (a timer, so it works in
a virtual machine without hardware counters), the process pinned to one CPU with taskset;
then `perf script`, and each sample's call stack (inlined frames included) is given to one
part, the first of these that it passes through:

1. *attack tests the chains ask*: `Sink::attacked` (chess's `not-attacked?` in castling);
2. *royal rule*: the legality module (`keep_legal`, `count_legal`, `leaves_attacked`, the
   prober that records and re-runs the attack test), the chains it runs included;
3. *completing moves*: `Processor::complete` and the sink behind it (duplicates, invariants
   and their re-checks, building each `Move` or counting it);
4. *chains*: `Processor::run_holding` and below: setting up a run, the compiled chains (or
   the interpreter) and the processor code they call, backtracking;
5. *play / take back*: `Position::play` and `unplay` between plies;
6. *generator*: the rest of `MoveGen::generate` (setting up a generation, the loop over the
   board's pieces, gathering the moves);
7. *perft loop*: the rest of `Perft::count_at`;
8. *libc memcpy / memset*: samples in libc's copy and fill routines, which perf cannot
   unwind (their callers are unknown; most of the copying is building each `Move`);
9. *start-up*: everything else (loading and compiling the game).

Two more tables share the *royal rule* and *completing moves* parts out by the innermost of
their functions a sample is in (the rays walked, the chains the prober runs, recording the
test once a position, re-running the parts a move disturbs, judging each move; the invariants,
the sink, the processor's side). Another shares the *chains* part out by chain (the compiled
function `chain_N`, named by the piece the generated source says it was written for; *run
set-up* is the rest: setting up and ending each run, where no chain is on the stack). Needs `perf` (Debian's
linux-perf) and a release build with line tables (the workspace's `release` profile).
"""

import argparse
import collections
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

RUNS = {
    "start": ("chess perft(5)", ["games/chess.game", "--depth", "5"]),
    "start-bulk": ("chess perft(5) bulk", ["games/chess.game", "--depth", "5", "--bulk"]),
    "kiwipete": ("Kiwipete perft(4)", ["games/chess.game", "--depth", "4", "--fen", KIWIPETE]),
    "english": ("English perft(10)", ["games/english.game", "--depth", "10"]),
    "english-bulk": (
        "English perft(10) bulk",
        ["games/english.game", "--depth", "10", "--bulk"],
    ),
    "international": ("International perft(8)", ["games/international.game", "--depth", "8"]),
}

# (part, markers): a sample belongs to the first part one of whose markers is a substring of
# a frame of its stack.
PARTS = [
    ("attack tests the chains ask", ["as dagaz_vm::processor::Sink>::attacked"]),
    (
        "royal rule",
        ["dagaz_engine::legality::", "keep_legal", "count_legal", "leaves_attacked"],
    ),
    ("completing moves", ["dagaz_vm::processor::Processor::complete"]),
    ("chains", ["dagaz_vm::processor::Processor::run_holding"]),
    (
        "play / take back",
        ["dagaz_engine::position::Position::play", "dagaz_engine::position::Position::unplay"],
    ),
    ("generator", ["dagaz_engine::movegen::MoveGen::"]),
    ("perft loop", ["dagaz_engine::perft::Perft::count_at"]),
]
OTHER = "start-up"
# libc's copy and fill routines: perf cannot unwind out of them, so their callers are unknown
# (where perf does unwind them, most of the copying is `Accepted::keep` building a
# `Move`).
LIBC_COPY = "libc memcpy / memset"

# Within a part, each sample goes to the first of these its stack meets from the leaf up
# (the innermost), else to the part's own code.
DETAILS = {
    "royal rule": [
        ("rays walked", ["legality::probe::walk_rays"]),
        ("chains run by the prober", ["legality::probe::run_unit"]),
        ("recording the test once a position", ["legality::probe::Prober::record"]),
        ("re-running disturbed parts", ["legality::probe::Prober::rerun", "rerun_remembering"]),
        ("judging each move", ["legality::Legality::leaves_attacked"]),
    ],
    "completing moves": [
        ("invariants kept and re-checked", ["Accepted::meta_of", "Accepted::recheck",
                                            "Accepted::holds"]),
        ("the sink: duplicates, building or counting the move",
         ["as dagaz_vm::processor::Sink>::complete"]),
        ("the processor's side", ["dagaz_vm::processor::Processor::complete"]),
    ],
}

FRAME = re.compile(r"^\s+[0-9a-f]+ (.+?)\+0x[0-9a-f]+ \(")
CHAIN = re.compile(r"dagaz_native::(chain_\d+)\b")


def chain_names(repo):
    """`chain_N` → the piece's name, from the newest generated chains.rs, when there is one."""
    files = glob.glob(os.path.join(repo, "target/release/build/dagaz-native-*/out/chains.rs"))
    if not files:
        return {}
    names = {}
    label = None
    with open(max(files, key=os.path.getmtime), encoding="utf-8") as f:
        for line in f:
            # A chain written once serves every game with the same commands: the piece's
            # name is the label (the first game that has it is the one named in the file).
            m = re.match(r"// \S+\.game: (.+)$", line)
            if m:
                label = m.group(1).strip()
            m = re.match(r"fn (chain_\d+)_0\(", line)
            if m and label:
                names[m.group(1)] = label
                label = None
    return names


def stacks(data):
    """Each sample's frames (symbols, leaf first) from `perf script`."""
    out = subprocess.run(
        ["perf", "script", "-i", data, "-F", "ip,sym,symoff,dso"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    frames = []
    for line in out.splitlines():
        if not line.strip():
            if frames:
                yield frames
            frames = []
            continue
        m = FRAME.match(line)
        if m:
            frames.append(m.group(1))
    if frames:
        yield frames


def classify(frames):
    for part, markers in PARTS:
        if any(marker in frame for frame in frames for marker in markers):
            return part
    if frames and re.match(r"__(memcpy|memmove|memset)", frames[0]):
        return LIBC_COPY
    return OTHER


def detail(part, frames):
    for frame in frames:
        for name, markers in DETAILS.get(part, []):
            if any(marker in frame for marker in markers):
                return name
    return "other"


def measure(dagaz, repo, args, hz, cpu):
    with tempfile.TemporaryDirectory() as tmp:
        data = os.path.join(tmp, "perf.data")
        cmd = ["perf", "record", "-q", "-e", "cpu-clock", "-F", str(hz), "--call-graph",
               "dwarf,32768", "-o", data, "--"]
        if shutil.which("taskset"):
            cmd += ["taskset", "-c", str(cpu)]
        start = time.monotonic()
        subprocess.run(cmd + [dagaz, "perft"] + args, cwd=repo, check=True,
                       stdout=subprocess.DEVNULL)
        seconds = time.monotonic() - start
        parts = collections.Counter()
        chains = collections.Counter()
        details = collections.Counter()
        total = 0
        for frames in stacks(data):
            total += 1
            part = classify(frames)
            parts[part] += 1
            if part in DETAILS:
                details[(part, detail(part, frames))] += 1
            if part == "chains":
                named = next((m.group(1) for f in frames for m in [CHAIN.search(f)] if m), None)
                # No compiled chain on the stack: the run's set-up and end (or, with a
                # game run by the interpreter, the interpreter).
                chains[named or "run set-up"] += 1
        return seconds, total, parts, chains, details


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    repo = os.path.dirname(here)
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dagaz", default=os.path.join(repo, "target/release/dagaz"),
                    help="the binary to sample (default target/release/dagaz)")
    ap.add_argument("--only", help="comma-separated runs: " + ", ".join(RUNS))
    ap.add_argument("--hz", type=int, default=2000, help="samples a second (default 2000)")
    ap.add_argument("--cpu", type=int, default=0, help="the CPU to pin to (default 0)")
    opts = ap.parse_args()
    if not shutil.which("perf"):
        sys.exit("where_time_goes: needs `perf` (apt-get install linux-perf)")
    if not os.path.exists(opts.dagaz):
        sys.exit(f"where_time_goes: no binary at {opts.dagaz} (cargo build --release)")
    chosen = opts.only.split(",") if opts.only else list(RUNS)
    for name in chosen:
        if name not in RUNS:
            sys.exit(f"where_time_goes: no run named {name!r} (runs: {', '.join(RUNS)})")
    names = chain_names(repo)
    results = {}
    for name in chosen:
        title, args = RUNS[name]
        print(f"sampling {title} ...", file=sys.stderr, flush=True)
        results[name] = measure(opts.dagaz, repo, args, opts.hz, opts.cpu)

    def pct(n, total):
        return f"{100.0 * n / total:.1f}%" if total else "-"

    print("| part | " + " | ".join(RUNS[n][0] for n in chosen) + " |")
    print("| --- |" + " ---: |" * len(chosen))
    for part in [p for p, _ in PARTS] + [LIBC_COPY, OTHER]:
        cells = [pct(results[n][2][part], results[n][1]) for n in chosen]
        print(f"| {part} | " + " | ".join(cells) + " |")
    print("| samples (wall time under perf) | " + " | ".join(
        f"{results[n][1]:,} ({results[n][0]:.2f} s)" for n in chosen) + " |")
    print()
    print("The *chains* part by chain, as a share of the whole run:")
    print()
    print("| run | chains, largest first |")
    print("| --- | --- |")
    for n in chosen:
        _, total, _, chains, _ = results[n]
        top = ", ".join(f"{names.get(c, c)} {pct(k, total)}" for c, k in chains.most_common(6))
        print(f"| {RUNS[n][0]} | {top} |")
    for part, rows in DETAILS.items():
        if not any(results[n][2][part] for n in chosen):
            continue
        print()
        print(f"The *{part}* part in detail, as a share of the whole run:")
        print()
        print("| " + part + " | " + " | ".join(RUNS[n][0] for n in chosen) + " |")
        print("| --- |" + " ---: |" * len(chosen))
        for name in [r for r, _ in rows] + ["other"]:
            cells = [pct(results[n][4][(part, name)], results[n][1]) for n in chosen]
            print(f"| {name} | " + " | ".join(cells) + " |")
    print()
    print(f"Binary: {opts.dagaz}; perf record -e cpu-clock -F {opts.hz} --call-graph dwarf, "
          f"pinned to CPU {opts.cpu}. Shares are of the samples of the whole process.")


if __name__ == "__main__":
    main()
