#!/usr/bin/env python3
"""One Markdown table of dagaz's perft speed, measured in one run (issue #15): dagaz now,
"today's binary" (commit 21298ed) and the Python libraries that play the same games.

Rows (each counted twice by dagaz: every leaf move played, and bulk, the last ply counted but
not played):

* chess perft(5) from the start, games/chess.game (4,865,609 leaves);
* chess perft(4) from Kiwipete (4,085,603 leaves);
* English draughts perft(10), games/english.game (18,391,564 leaves);
* International draughts perft(8), games/international.game (6,483,961 leaves);
* Turkish draughts perft(7), games/turkish.game (10,782,382 leaves).

How it measures:

* dagaz now is target/release/dagaz (copied to a private directory first, so that a concurrent
  `cargo build` cannot swap it mid-run; the script waits for it when it is missing and never
  builds it), run as `dagaz [--interpreter] perft GAME --depth N [--fen F] [--bulk] [--threads T]` in the
  repository, with this tree's games/;
* today's binary is `--baseline` (default /work/baseline/target/release/dagaz, a release build
  of 21298ed), run the same way (never with --threads) in its own source tree (`--baseline-src`,
  default the `src` folder beside its `target`), so that it reads the rules files of its own
  commit. When it is missing the script says how to build it and leaves its columns out;
* each dagaz time is the best of --repeat whole-process wall times (process start and compiling
  the .game file included: a few milliseconds); now and today's binary alternate run by run,
  so that a change in the machine's load hits both. The peak memory is the largest maximum
  resident set size over the runs, as /usr/bin/time (GNU time, `%M`) reports it (the memory
  columns are left out without it);
* the Python perfts are bench_chess.chess_perft (python-chess 1.11.2) and
  bench_draughts.board_perft (py-draughts 1.10.1; for International also its TurboEngine's
  internal `perft`), run in the virtual environments those scripts use (scripts/.venv/...,
  made on first use), one process per run, each timed around the perft call inside Python
  (interpreter start and imports left out: this favours Python). They count in bulk,
  so they sit on the bulk rows. No Python library plays Turkish draughts;
* every process is pinned to CPU 0 with `taskset -c 0` when taskset exists (with --threads T,
  dagaz now is pinned to CPUs 0..T-1 instead);
* every leaf count, from every engine, is checked against the published count in
  tests/data/chess-perft.tsv and tests/data/draughts-perft.tsv; a mismatch stops the script
  with an error (exit status 1).

The table goes to stdout, followed by notes on the machine and the load; progress goes to
stderr. A full run with the default --repeat 3 takes about ten minutes on a quiet 2-core
machine, the draughts rows most of it, and longer when the other core is busy; --quick uses
small depths (chess 4 and 3, English 7, International 6, Turkish 5) and takes seconds, to check
the script itself (the first run also makes the two virtual environments).

Usage (from the repository root):

    python3 scripts/bench_table.py                      # every row, best of 3
    python3 scripts/bench_table.py --quick --no-python  # check the script in a few seconds
    python3 scripts/bench_table.py --only draughts --repeat 5
    python3 scripts/bench_table.py --only turkish,kiwipete --repeat 1
    python3 scripts/bench_table.py --threads 2          # dagaz now with `perft --threads 2`
    python3 scripts/bench_table.py --interpreter        # dagaz now without its compiled chains
    python3 scripts/bench_table.py --baseline /path/to/old/dagaz --baseline-src /path/to/old/tree
    python3 scripts/bench_table.py --headline           # the README's four rows

--headline measures only what the README's speed table shows: chess perft(5) and Kiwipete
perft(4), English perft(10) and International perft(8), every leaf played, dagaz alone (no
baseline, no Python), and prints those four rows in the README's columns.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import support

REPO = support.REPO
SCRIPTS = REPO / "scripts"
BASELINE_COMMIT = "21298ed"
DEFAULT_BASELINE = Path("/work/baseline/target/release/dagaz")

START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KIWIPETE_FEN = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


class Work:
    """One position and depth: two rows of the table (every leaf played, bulk)."""

    def __init__(self, key, group, title, game, fen, depth, quick_depth, tsv, tsv_key, python):
        self.key, self.group, self.title, self.game = key, group, title, game
        self.fen = fen  # passed as --fen, or None for the game's own start
        self.depth, self.quick_depth = depth, quick_depth
        self.tsv, self.tsv_key = tsv, tsv_key  # where the expected counts are: (name, FEN)
        self.python = python  # "chess", "english", "international" or None


WORKS = [
    Work("start", "chess", "chess perft({d}) from the start", "games/chess.game", None, 5, 4,
         "chess-perft.tsv", (None, START_FEN), "chess"),
    Work("kiwipete", "chess", "Kiwipete perft({d})", "games/chess.game", KIWIPETE_FEN, 4, 3,
         "chess-perft.tsv", (None, KIWIPETE_FEN), "chess"),
    Work("english", "draughts", "English draughts perft({d})", "games/english.game", None, 10, 7,
         "draughts-perft.tsv", ("english", "B:W21-32:B1-12"), "english"),
    Work("international", "draughts", "International draughts perft({d})",
         "games/international.game", None, 8, 6,
         "draughts-perft.tsv", ("international", "W:W31-50:B1-20"), "international"),
    Work("turkish", "draughts", "Turkish draughts perft({d})", "games/turkish.game", None, 7, 5,
         "draughts-perft.tsv",
         ("turkish", "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:"
                     "Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7"), None),
]

T0 = time.perf_counter()


def log(msg):
    print(f"[{time.perf_counter() - T0:7.1f} s] {msg}", file=sys.stderr, flush=True)


def die(msg):
    print(f"\nERROR: {msg}", file=sys.stderr, flush=True)
    sys.exit(1)


# ---------------------------------------------------------------------------
# expected counts
# ---------------------------------------------------------------------------


def expected_count(work: Work, depth: int) -> int:
    """The published perft count at `depth` from tests/data/<tsv> (name and FEN must match)."""
    path = REPO / "tests" / "data" / work.tsv
    name, fen = work.tsv_key
    for line in path.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        cols = line.split("\t")
        if len(cols) < 3 or cols[1] != fen or (name is not None and cols[0] != name):
            continue
        counts = [int(c) for c in cols[2].split(",")]
        if depth > len(counts):
            die(f"{path.relative_to(REPO)} gives no count at depth {depth} for {fen}")
        return counts[depth - 1]
    die(f"no line for {name or ''} {fen} in {path.relative_to(REPO)}")


# ---------------------------------------------------------------------------
# running and timing a process
# ---------------------------------------------------------------------------


TASKSET = shutil.which("taskset")
# GNU time reports the command's own peak memory: the child it forks is a copy of a small
# process. The ru_maxrss that os.wait4 gives for a child that Python starts is at least
# Python's own size, as the high-water mark carries over the exec.
GNU_TIME = "/usr/bin/time" if os.access("/usr/bin/time", os.X_OK) else None


def run_measured(cmd, cwd, cpus="0"):
    """Run `cmd` pinned to `cpus`; (returncode, stdout, stderr, wall seconds, max RSS in KiB or
    None)."""
    full = ([TASKSET, "-c", cpus] if TASKSET else []) + [str(c) for c in cmd]
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile(prefix="bench-rss-") as rss_file:
        if GNU_TIME:
            full = [GNU_TIME, "-f", "%M", "-o", rss_file.name] + full
        t = time.perf_counter()
        p = subprocess.Popen(full, cwd=cwd, stdout=out, stderr=err)
        p.wait()
        dt = time.perf_counter() - t
        out.seek(0)
        err.seek(0)
        rss = None
        if GNU_TIME:
            try:
                rss = int(Path(rss_file.name).read_text().split()[-1])
            except (OSError, ValueError, IndexError):
                rss = None
        return (p.returncode, out.read().decode(errors="replace"), err.read().decode(errors="replace"),
                dt, rss)


class Best:
    """Best time and peak memory over the runs of one command."""

    def __init__(self):
        self.secs = None
        self.rss_kib = 0
        self.error = None

    def add(self, secs, rss_kib):
        self.secs = secs if self.secs is None else min(self.secs, secs)
        self.rss_kib = max(self.rss_kib, rss_kib or 0)


def check_count(what, stdout, expected):
    lines = stdout.strip().splitlines()
    try:
        got = int(lines[-1].replace(",", ""))
    except (IndexError, ValueError):
        die(f"{what}: expected a leaf count on the last line of its output, got:\n{stdout[-2000:]}")
    if got != expected:
        die(f"COUNT MISMATCH: {what} counted {got:,} leaves, the published count is {expected:,}")
    return got


# ---------------------------------------------------------------------------
# the binaries
# ---------------------------------------------------------------------------


def wait_for_binary(path: Path, wait_s: float) -> Path:
    """A private copy of `path` that runs (`perft` of chess to depth 1), waiting up to `wait_s`
    seconds for it to appear (another engineer may be relinking it)."""
    deadline = time.time() + wait_s
    while True:
        if path.exists():
            snap = support.snapshot_dagaz(path)
            r = subprocess.run([str(snap), "perft", "--help"], capture_output=True, text=True)
            if r.returncode == 0:
                return snap
            reason = f"{path} does not run yet: {r.stderr.strip()[:200]}"
        else:
            reason = f"{path} is missing"
        if time.time() >= deadline:
            die(f"{reason}. Build it with `cargo build --release -p dagaz-cli`.")
        log(f"{reason}; waiting (up to {deadline - time.time():.0f} s more)")
        time.sleep(10)


def baseline_howto(path: Path) -> str:
    root = path.parent.parent.parent if path.parent.name == "release" else Path("/work/baseline")
    return (f"build it with\n"
            f"    git -C {REPO} worktree add {root / 'src'} {BASELINE_COMMIT}\n"
            f"    cargo build --release -p dagaz-cli --manifest-path {root / 'src' / 'Cargo.toml'} "
            f"--target-dir {root / 'target'}")


def git_describe(tree: Path) -> str:
    rev = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=tree, capture_output=True, text=True)
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=tree,
                           capture_output=True, text=True)
    desc = rev.stdout.strip() or "?"
    if dirty.stdout.strip():
        desc += " with uncommitted changes"
    return desc


def cpu_times():
    """{cpu number: (busy jiffies, total jiffies)} from /proc/stat (empty where there is none)."""
    out = {}
    try:
        for line in Path("/proc/stat").read_text().splitlines():
            name, *vals = line.split()
            if name.startswith("cpu") and name != "cpu":
                v = [int(x) for x in vals]
                idle = v[3] + (v[4] if len(v) > 4 else 0)
                out[int(name[3:])] = (sum(v[:8]) - idle, sum(v[:8]))
    except (OSError, ValueError, IndexError):
        pass
    return out


def others_busy(before, after, ours):
    """How busy the CPUs other than `ours` were between the two samples (0..1), or None."""
    busy = total = 0
    for cpu, (b0, t0) in before.items():
        if cpu in ours or cpu not in after:
            continue
        busy += after[cpu][0] - b0
        total += after[cpu][1] - t0
    return busy / total if total else None


def built_at(path: Path) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))


# ---------------------------------------------------------------------------
# Python
# ---------------------------------------------------------------------------


def python_venvs(works):
    """{"chess": python, "draughts": python} for the libraries these works need (a library
    whose environment cannot be made is left out, with a warning)."""
    import bench_chess
    import bench_draughts

    wanted = {w.python for w in works if w.python}
    out = {}
    specs = []
    if "chess" in wanted:
        specs.append(("chess", bench_chess.VENV, bench_chess.PIN))
    if wanted & {"english", "international"}:
        specs.append(("draughts", bench_draughts.VENV, bench_draughts.PY_DRAUGHTS_PIN))
    for lib, venv, pin in specs:
        try:
            out[lib] = (support.ensure_venv(venv, pin), pin)
        except (subprocess.CalledProcessError, OSError) as e:
            log(f"WARNING: could not make {venv} with {pin} ({e}); the {lib} Python column is left out")
    return out


# Each child prints "<leaves> <seconds>", the seconds timed around the perft call only.
PY_CHESS = """
import sys, time, chess, bench_chess
fen, depth = sys.argv[1], int(sys.argv[2])
board = chess.Board(fen)
t = time.perf_counter(); n = bench_chess.chess_perft(board, depth); dt = time.perf_counter() - t
print(n, dt)
"""

PY_DRAUGHTS = """
import sys, time, bench_draughts
game, depth, how = sys.argv[1], int(sys.argv[2]), sys.argv[3]
board = bench_draughts.py_boards()[game]()
if how == "turbo":
    from draughts.engines.turbo import perft_from_board as perft
else:
    perft = bench_draughts.board_perft
t = time.perf_counter(); n = perft(board, depth); dt = time.perf_counter() - t
print(n, dt)
"""


def python_runs(label, cmd, expected, repeat):
    best = Best()
    for i in range(repeat):
        rc, out, err, _wall, _rss = run_measured(cmd, SCRIPTS)
        if rc != 0:
            die(f"{label} failed (exit {rc}):\n{err[-2000:]}")
        try:
            leaves_s, secs_s = out.split()[-2:]
            leaves, secs = int(leaves_s), float(secs_s)
        except ValueError:
            die(f"{label}: unexpected output:\n{out[-2000:]}")
        if leaves != expected:
            die(f"COUNT MISMATCH: {label} counted {leaves:,} leaves, the published count is {expected:,}")
        best.add(secs, 0)
        log(f"  {label}: {secs:.2f} s (run {i + 1}/{repeat})")
    return best


# ---------------------------------------------------------------------------
# the table
# ---------------------------------------------------------------------------


def cell(best, leaves):
    if best is None:
        return "—"
    if best.error:
        return best.error
    rate = leaves / best.secs / 1e6 if best.secs > 0 else float("inf")
    return f"{best.secs:.2f} s, {rate:.2f} M/s"


def ratio(a, b):
    """How many times as fast `b` is as `a` (a's seconds over b's), or a dash."""
    if a is None or b is None or a.error or b.error or not b.secs:
        return "—"
    return f"{a.secs / b.secs:.2f}×"


def mib(best):
    if best is None or best.error or not best.rss_kib:
        return "—"
    return f"{best.rss_kib / 1024:.1f}"


def print_headline(rows, repeat):
    """The README's speed table: each work's leaves, time and rate, every leaf played."""
    print("| work | leaves | time | leaves/s |")
    print("| --- | ---: | ---: | ---: |")
    for title, leaves, b_now, _base, _py, _pyb in rows:
        work = title.removesuffix(", every leaf played")
        print(f"| {work} | {leaves:,} | {b_now.secs:.2f} s | {leaves / b_now.secs / 1e6:.2f} M |")
    print()
    print(f"Best of {repeat} whole-process runs of `dagaz perft`, one core ({support.cpu_name()}).")


def parse_args(argv=None):
    p = argparse.ArgumentParser(
        description="Measure dagaz's perft now, today's binary (21298ed) and the Python libraries "
        "in one run and print one Markdown table (see the module docstring).",
    )
    p.add_argument("--repeat", type=int, default=3, help="runs of each measurement; the best is kept (default 3)")
    p.add_argument("--quick", action="store_true",
                   help="small depths (chess 4 and 3, English 7, International 6, Turkish 5), to check the script")
    keys = ["chess", "draughts"] + [w.key for w in WORKS]
    p.add_argument("--only", metavar="|".join(keys),
                   help="only the chess rows, only the draughts rows, or only the named positions "
                   "(comma-separated, e.g. `turkish,international`)")
    p.add_argument("--no-python", action="store_true", help="leave out python-chess and py-draughts")
    p.add_argument("--threads", type=int, help="pass `--threads N` to dagaz now's perft (not to today's binary)")
    p.add_argument("--interpreter", action="store_true",
                   help="run dagaz now with `--interpreter` (not the shipped games' chains compiled "
                   "into the binary, its default)")
    p.add_argument("--dagaz", type=Path, default=REPO / "target" / "release" / "dagaz",
                   help="dagaz now (default target/release/dagaz; never built by this script)")
    p.add_argument("--wait", type=float, default=600,
                   help="seconds to wait for --dagaz when it is missing or being relinked (default 600)")
    p.add_argument("--baseline", type=Path, default=DEFAULT_BASELINE,
                   help=f"today's binary, a release build of {BASELINE_COMMIT} (default {DEFAULT_BASELINE})")
    p.add_argument("--headline", action="store_true",
                   help="the README's table: four rows, every leaf played, dagaz alone")
    p.add_argument("--baseline-src", type=Path,
                   help="the baseline's source tree, whose games/ it reads (default: `src` beside its "
                   "`target` folder, else this repository)")
    args = p.parse_args(argv)
    if args.only:
        args.only = set(args.only.split(","))
        if not args.only <= set(keys):
            p.error(f"--only: unknown {', '.join(sorted(args.only - set(keys)))} (choose from {', '.join(keys)})")
    if args.repeat < 1:
        p.error("--repeat must be at least 1")
    if args.threads is not None and args.threads < 1:
        p.error("--threads must be at least 1")
    return args


def main(argv=None) -> int:
    args = parse_args(argv)
    works = [w for w in WORKS if not args.only or w.group in args.only or w.key in args.only]
    if args.headline:
        works = [w for w in works if w.key != "turkish"]
        args.no_python = True

    now = wait_for_binary(args.dagaz.resolve(), args.wait)
    now_desc = f"working tree at {git_describe(REPO)}, built {built_at(args.dagaz.resolve())}"

    baseline = None
    baseline_src = None
    if args.baseline.exists() and not args.headline:
        baseline = support.snapshot_dagaz(args.baseline.resolve())
        baseline_src = args.baseline_src
        if baseline_src is None:
            guess = args.baseline.resolve().parent.parent.parent / "src"
            baseline_src = guess if (guess / "games").is_dir() else REPO
        baseline_desc = (f"`{args.baseline}`, {git_describe(baseline_src)}, built "
                         f"{built_at(args.baseline.resolve())}, run in {baseline_src}")
    elif not args.headline:
        log(f"WARNING: today's binary {args.baseline} is missing, so its columns are left out; "
            + baseline_howto(args.baseline))

    venvs = {} if args.no_python else python_venvs(works)

    now_cpus = "0" if args.threads is None else f"0-{min(args.threads, os.cpu_count() or 1) - 1}"
    now_extra = [] if args.threads is None else ["--threads", str(args.threads)]
    if args.interpreter:
        now_extra.append("--interpreter")

    load_before = os.getloadavg()
    cpu_before = cpu_times()
    rows = []  # (title, leaves, now Best, baseline Best or None, python cell text, python Best)
    for w in works:
        depth = w.quick_depth if args.quick else w.depth
        title = w.title.format(d=depth)
        expected = expected_count(w, depth)
        fen_args = [] if w.fen is None else ["--fen", w.fen]
        for mode in ("full",) if args.headline else ("full", "bulk"):
            bulk = ["--bulk"] if mode == "bulk" else []
            row_title = f"{title}, {'every leaf played' if mode == 'full' else 'bulk'}"
            log(f"{row_title}: {expected:,} leaves")
            b_now = Best()
            b_base = Best() if baseline else None
            for i in range(args.repeat):
                cmd = [now, "perft", w.game, "--depth", depth, *fen_args, *bulk, *now_extra]
                rc, out, err, dt, rss = run_measured(cmd, REPO, now_cpus)
                if rc != 0:
                    die(f"dagaz now failed on {row_title} (exit {rc}): {' '.join(map(str, cmd))}\n{err[-2000:]}")
                check_count(f"dagaz now, {row_title}", out, expected)
                b_now.add(dt, rss)
                msg = f"  now {dt:.2f} s" + (f", {rss / 1024:.1f} MiB" if rss else "")
                if b_base is not None and not b_base.error:
                    cmd = [baseline, "perft", w.game, "--depth", depth, *fen_args, *bulk]
                    rc, out, err, dt, rss = run_measured(cmd, baseline_src)
                    if rc != 0:
                        log(f"WARNING: today's binary failed on {row_title} (exit {rc}): {err.strip()[:500]}")
                        b_base.error = "failed"
                    else:
                        check_count(f"today's binary, {row_title}", out, expected)
                        b_base.add(dt, rss)
                        msg += f"; today's {dt:.2f} s" + (f", {rss / 1024:.1f} MiB" if rss else "")
                log(msg + f" (run {i + 1}/{args.repeat})")

            py_text, py_best = "—", None
            if mode == "bulk" and w.python == "chess" and "chess" in venvs:
                py, pin = venvs["chess"]
                fen = w.fen or START_FEN
                py_best = python_runs(f"{pin} {title}", [py, "-c", PY_CHESS, fen, depth], expected,
                                      args.repeat)
                py_text = "python-chess " + cell(py_best, expected)
            elif mode == "bulk" and w.python in ("english", "international") and "draughts" in venvs:
                py, pin = venvs["draughts"]
                py_best = python_runs(f"{pin} board API, {title}",
                                      [py, "-c", PY_DRAUGHTS, w.python, depth, "board"], expected, args.repeat)
                py_text = "py-draughts " + cell(py_best, expected)
                if w.python == "international":
                    turbo = python_runs(f"{pin} TurboEngine perft, {title}",
                                        [py, "-c", PY_DRAUGHTS, w.python, depth, "turbo"], expected,
                                        args.repeat)
                    py_text += f"; its TurboEngine's own perft {cell(turbo, expected)}"
                    if turbo.secs < py_best.secs:
                        py_best = turbo  # the ratio column compares with the fastest
            elif mode == "bulk" and w.python is None:
                py_text = "— (no Python library plays it)"
            rows.append((row_title, expected, b_now, b_base, py_text, py_best))
    load_after = os.getloadavg()
    ours = set(range(int(now_cpus.split("-")[-1]) + 1)) if TASKSET else set()
    busy_others = others_busy(cpu_before, cpu_times(), ours) if TASKSET else None

    if args.headline:
        print_headline(rows, args.repeat)
        return 0

    base_hdr = f"today's binary ({BASELINE_COMMIT})"
    now_hdr = "dagaz now" + (f" (`--threads {args.threads}`)" if args.threads else "") + (" `--interpreter`" if args.interpreter else "")
    hdr = ["work", "leaves", now_hdr]
    if baseline:
        hdr += [base_hdr, "speed-up"]
    python_on = bool(venvs)
    if python_on:
        hdr += ["python-chess / py-draughts (bulk)", "now vs Python"]
    if GNU_TIME:
        hdr += ["max RSS now (MiB)"]
        if baseline:
            hdr += ["max RSS today's (MiB)"]

    print("| " + " | ".join(hdr) + " |")
    print("|" + "|".join([" --- ", " ---: ", " ---: "]
                         + ([" ---: ", " ---: "] if baseline else [])
                         + ([" --- ", " ---: "] if python_on else [])
                         + ([" ---: "] * ((1 + bool(baseline)) if GNU_TIME else 0))) + "|")
    for title, leaves, b_now, b_base, py_text, py_best in rows:
        cells = [title, f"{leaves:,}", cell(b_now, leaves)]
        if baseline:
            cells += [cell(b_base, leaves), ratio(b_base, b_now)]
        if python_on:
            cells += [py_text, ratio(py_best, b_now)]
        if GNU_TIME:
            cells += [mib(b_now)]
            if baseline:
                cells += [mib(b_base)]
        print("| " + " | ".join(cells) + " |")

    print()
    pin_note = "pinned to CPU 0 with taskset" if TASKSET else "NOT pinned (no taskset on this machine)"
    print(f"Best of {args.repeat} run(s); dagaz times are whole-process wall times, {pin_note}"
          + (f" (dagaz now on CPUs {now_cpus} for --threads {args.threads})" if args.threads else "")
          + ("; Python times are the perft call alone, inside the interpreter" if python_on else "")
          + ("; speed-up is today's binary's time over now's" if baseline else "")
          + ("; \"now vs Python\" is the Python library's bulk time (the faster of py-draughts' two for "
             "International) over dagaz now's" if python_on else "")
          + ". "
          + ("Max RSS is the dagaz process's peak resident set, the largest over the runs (GNU time's %M). "
             if GNU_TIME else "No memory columns: /usr/bin/time (GNU time) is missing. ")
          + "Every leaf count was checked against tests/data/*-perft.tsv.")
    print(f"CPU: {support.cpu_name()}, {os.cpu_count()} logical CPUs. dagaz now: {now_desc}.")
    if baseline:
        print(f"Today's binary: {baseline_desc}.")
    if python_on:
        print("Python " + subprocess.run([str(next(iter(venvs.values()))[0]), "-c",
                                          "import platform; print(platform.python_version())"],
                                         capture_output=True, text=True).stdout.strip()
              + ", " + ", ".join(pin for _, pin in venvs.values()) + ".")
    others = ""
    if busy_others is not None and len(cpu_before) > len(ours):
        others = (f"; the other CPUs were {100 * busy_others:.0f}% busy during the run"
                  + (" (noisy figures: the shared caches and memory bus were in use)" if busy_others > 0.25
                     else ""))
    print(f"Load average (1 min) before/after: {load_before[0]:.2f} / {load_after[0]:.2f}{others}; "
          f"the run took {time.perf_counter() - T0:.0f} s.")
    return 0


if __name__ == "__main__":
    support.run(main)
