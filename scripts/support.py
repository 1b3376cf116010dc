"""Shared by the scripts in this folder: a private virtual environment per referee
library, a dagaz binary that a concurrent build cannot swap mid-run, and the options,
tables and reports that several scripts have alike."""

import argparse
import atexit
import logging
import math
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def ensure_venv_and_reexec(venv: Path, pin, flag: str, script: str) -> None:
    """Create `venv` with the pinned package `pin` ("name==version", or a list of them) and
    re-run `script` in it; `flag` (an environment variable) marks the re-run so it happens
    once. Only the pins whose version is not installed yet are installed."""
    if os.environ.get(flag) == "1":
        return
    py = ensure_venv(venv, pin)
    env = dict(os.environ)
    env[flag] = "1"
    os.execve(str(py), [str(py), str(Path(script).resolve()), *sys.argv[1:]], env)


def use_pydraughts(script: str) -> None:
    """Re-runs `script` inside scripts/.venv/pydraughts (git-ignored) with pydraughts 0.6.7,
    making it on first use: the Hub scripts' referee."""
    ensure_venv_and_reexec(REPO / "scripts" / ".venv" / "pydraughts", "pydraughts==0.6.7",
                           "DAGAZ_PYDRAUGHTS_VENV", script)


def ensure_venv(venv: Path, pin) -> Path:
    """Create `venv` with the pinned package `pin` ("name==version", or a list of them), installing
    only the pins whose version is not installed yet; the venv's python."""
    pins = [pin] if isinstance(pin, str) else list(pin)
    py = venv / "bin" / "python"
    if not py.exists():
        print(f"creating virtual environment {venv.relative_to(REPO)}", file=sys.stderr)
        subprocess.check_call([sys.executable, "-m", "venv", str(venv)])
    missing = []
    for p in pins:
        dist, want = p.split("==")
        probe = subprocess.run(
            [str(py), "-c", f"import importlib.metadata as m; print(m.version('{dist}'))"],
            capture_output=True,
            text=True,
        )
        if probe.returncode != 0 or probe.stdout.strip() != want:
            missing.append(p)
    if missing:
        print(f"installing {' '.join(missing)} into {venv.relative_to(REPO)}", file=sys.stderr)
        subprocess.check_call(
            [str(py), "-m", "pip", "install", "--disable-pip-version-check", "-q", *missing]
        )
    return py


def snapshot_dagaz(path: Path) -> Path:
    """Copy the binary to a private temporary directory, so that a concurrent
    `cargo build` that relinks target/release/dagaz cannot swap it mid-run."""
    tmp = Path(tempfile.mkdtemp(prefix="dagaz-snapshot-"))
    atexit.register(shutil.rmtree, tmp, True)
    copy = tmp / path.name
    shutil.copy2(path, copy)
    return copy


def ensure_dagaz(path: Path, force_build: bool) -> None:
    """Build the dagaz binary when it is missing (or when asked), retrying a failed build."""
    if path.exists() and not force_build:
        return
    for attempt in range(3):
        print("building dagaz: cargo build --release -p dagaz-cli", file=sys.stderr)
        r = subprocess.run(["cargo", "build", "--release", "-p", "dagaz-cli"], cwd=REPO)
        if r.returncode == 0 and path.exists():
            return
        if attempt < 2:
            print("build failed (the source may be mid-edit); retrying in 60 s", file=sys.stderr)
            time.sleep(60)
    sys.exit(f"error: could not build {path}")


def add_dagaz_options(p: argparse.ArgumentParser, default: Path = REPO / "target" / "release" / "dagaz",
                      where: str = "", interpreter: bool = False) -> None:
    """--dagaz (the binary; `where` adds to its help's default), --build and, with `interpreter`,
    --interpreter: the options of a script that runs dagaz and builds it with ensure_dagaz."""
    p.add_argument("--dagaz", type=Path, default=default,
                   help=f"dagaz binary (default target/release/dagaz{where})")
    p.add_argument("--build", action="store_true",
                   help="run cargo build --release -p dagaz-cli first even if the binary exists")
    if interpreter:
        p.add_argument("--interpreter", action="store_true",
                       help="run dagaz with --interpreter: every chain in the interpreter, the reference "
                       "the compiled chains (the default) are tested against")


def run(main) -> None:
    """Exits with what `main()` returns; on Ctrl-C with 130, the shell's code for it, and no traceback."""
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)


def private_dagaz(path: Path, force_build: bool) -> Path:
    """A private copy of the dagaz binary at `path`, built first when it is missing (or when asked)."""
    ensure_dagaz(path, force_build)
    return snapshot_dagaz(path)


def dagaz_perft(binary: Path, game: str, depth: int, repeat: int, extra=()):
    """(leaves, best seconds) of `dagaz perft GAME --depth N --bulk [EXTRA...]`, timed around
    the process."""
    best, leaves = None, None
    for _ in range(repeat):
        t = time.perf_counter()
        r = subprocess.run([str(binary), "perft", game, "--depth", str(depth), "--bulk", *extra],
                           cwd=REPO, capture_output=True, text=True)
        dt = time.perf_counter() - t
        if r.returncode != 0:
            sys.exit(f"error: dagaz perft failed: {r.stderr.strip()}")
        leaves = int(r.stdout.strip().splitlines()[-1])
        best = dt if best is None else min(best, dt)
    return leaves, best


BENCH_LINE = re.compile(r"^(full|bulk)\b[^:]*:\s*(\d+) leaves in ([0-9.]+) s")


def dagaz_bench(binary: Path, game: str, depth: int, repeat: int, extra=()):
    """{'full': (leaves, s), 'bulk': (leaves, s)} from `dagaz bench` (its own timing, best of
    repeat)."""
    r = subprocess.run([str(binary), "bench", game, "--depth", str(depth), "--repeat", str(repeat), *extra],
                       cwd=REPO, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"error: dagaz bench failed: {r.stderr.strip()}")
    out = {}
    for line in r.stdout.splitlines():
        m = BENCH_LINE.match(line.strip())
        if m:
            out[m.group(1)] = (int(m.group(2)), float(m.group(3)))
    if set(out) != {"full", "bulk"}:
        sys.exit(f"error: unexpected dagaz bench output:\n{r.stdout}")
    return out


def print_perft_table(rows, column: str) -> None:
    """The Markdown table of perft `rows`, each (engine, `column`'s value, depth, leaves, seconds),
    between blank lines."""
    print()
    print(f"| engine | {column} | depth | leaves | seconds | leaves/s |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    for engine, name, depth, leaves, secs in rows:
        print(f"| {engine} | {name} | {depth} | {leaves:,} | {secs:.2f} | {fmt_rate(leaves, secs)} |")
    print()


def print_perft_footer(binary: Path, library: str, load: tuple, args) -> None:
    """The machine, and the load average `load` (before, after) and the repeats of a perft benchmark
    run with `args` (its --repeat and --bench-repeat)."""
    for line in machine_info(binary, library):
        print(line)
    before, after = load
    print(f"load average (1 min) before/after: {before[0]:.2f} / {after[0]:.2f}; "
          f"timings are the best of {args.repeat} run(s) (dagaz bench: best of {args.bench_repeat})")


def leaf_counts_agree(rows, names: dict, rival: str, each: str) -> bool:
    """Whether every perft row of the same `names` value (keyed by the label to warn with) counts the
    same leaves; says so, or warns for each that does not."""
    ok = True
    for label, name in names.items():
        counts = {r[3] for r in rows if r[1] == name}
        if len(counts) != 1:
            ok = False
            print(f"WARNING: leaf counts differ for {label}: {sorted(counts)}")
    if ok:
        print(f"leaf counts agree between dagaz and {rival} for every {each}")
    return ok


def timed(fn, repeat: int):
    best, result = None, None
    for _ in range(repeat):
        t = time.perf_counter()
        result = fn()
        dt = time.perf_counter() - t
        best = dt if best is None else min(best, dt)
    return result, best


def fmt_rate(leaves: int, seconds: float) -> str:
    rate = leaves / seconds if seconds > 0 else float("inf")
    if rate >= 1e6:
        return f"{rate / 1e6:.2f} M"
    return f"{rate / 1e3:.0f} k"


def cpu_name() -> str:
    """The processor's model name, from /proc/cpuinfo where there is one."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "?"


def machine_info(binary: Path, library: str) -> list:
    """Lines naming the CPU, the dagaz build and the Python library's version."""
    cpu = cpu_name()
    rev = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True, text=True)
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=REPO,
                           capture_output=True, text=True)
    commit = "working tree at " + (rev.stdout.strip() or "?")
    if dirty.stdout.strip():
        commit += " (with uncommitted changes)"
    built = time.strftime("%Y-%m-%d %H:%M", time.localtime(binary.stat().st_mtime))
    import importlib.metadata as md

    return [
        f"CPU: {cpu}, {os.cpu_count()} logical CPUs; {platform.system()} {platform.release()}",
        f"dagaz {commit} (`{binary.relative_to(REPO) if binary.is_relative_to(REPO) else binary}`, "
        f"release build of {built}); Python {platform.python_version()}, {library} {md.version(library)}",
    ]


class WarningCounter(logging.Handler):
    """Keeps what a client library logs at warning level and above (unexpected engine lines,
    protocol errors) on its logger `logger`, so that a script can count them as problems."""

    def __init__(self, logger: str):
        super().__init__(logging.WARNING)
        self.records = []
        logging.getLogger(logger).addHandler(self)

    def emit(self, record):
        self.records.append(self.format(record))


def games_args(doc: str, max_plies: int):
    """The parsed options of a script that plays whole games against dagaz (uci_games.py,
    hub_games.py); `doc` is its help, `max_plies` its default cap on a game's length."""
    ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=4, help="games to play (default 4)")
    ap.add_argument("--movetime", type=float, default=0.2, help="seconds a move (default 0.2)")
    ap.add_argument("--max-plies", type=int, default=max_plies, help="stop a game after this many plies")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--build", action="store_true", help="rebuild dagaz first")
    return ap.parse_args()


# Who plays White and Black in the games of play_games, in turn; the fourth is played with a clock.
SCHEDULE = [("dagaz", "random"), ("random", "dagaz"), ("dagaz", "dagaz"), ("dagaz", "dagaz")]


def play_games(count: int, play, move_mode: str, clock_mode: str):
    """Plays `count` games in the turns of SCHEDULE: `play(g, white, black, clocked)` plays game g
    and returns (result, plies, reason, dagaz's search depths). Yields each game's line (its mode
    named by `move_mode` or `clock_mode`) and its plies as it ends."""
    for g in range(count):
        white, black = SCHEDULE[g % len(SCHEDULE)]
        clocked = g % len(SCHEDULE) == 3
        start = time.perf_counter()
        res, plies, reason, depths = play(g, white, black, clocked)
        secs = time.perf_counter() - start
        mean = sum(depths) / len(depths) if depths else 0
        mode = clock_mode if clocked else move_mode
        yield (f"game {g + 1}: {white} vs {black} ({mode}): {res} by {reason}, {plies} plies "
               f"in {secs:.1f} s, dagaz's mean depth {mean:.1f}"), plies


def report_games(title: str, lines, games: int, plies: int, problems, logged, library: str) -> None:
    """Prints a games script's report: `title`, its `lines`, the count and every problem (with
    what `library` logged into the WarningCounter `logged`); exits 1 when there is one, else 0."""
    for record in logged.records:
        problems.append(f"{library} logged: {record}")
    print(title)
    for line in lines:
        print("  " + line)
    print(f"  {games} games, {plies} plies; problems: {len(problems)}")
    for p in problems:
        print("  PROBLEM: " + p)
    sys.exit(1 if problems else 0)


class Tally:
    """A match's wins, draws and losses from dagaz's point of view, with each game's length and
    every incident (illegal move, crash, timeout) dagaz had."""

    def __init__(self):
        self.w = self.d = self.l = 0
        self.incidents = []
        self.plies = []

    def add(self, result: str, plies: int):
        """Counts a game: `result` is "win", "draw" or anything else for a loss."""
        self.plies.append(plies)
        if result == "win":
            self.w += 1
        elif result == "draw":
            self.d += 1
        else:
            self.l += 1

    @property
    def games(self):
        return self.w + self.d + self.l

    @property
    def score(self):
        """dagaz's score in per cent."""
        return 100.0 * (self.w + 0.5 * self.d) / self.games if self.games else 0.0


def elo_with_interval(w: int, d: int, l: int) -> str:
    """The logistic Elo difference of the score, with a 95% interval from the variance of the
    per-game score (normal approximation); 'n/a' at 0% or 100%."""
    n = w + d + l
    if n == 0:
        return "n/a"
    s = (w + 0.5 * d) / n
    if s <= 0.0 or s >= 1.0:
        return "n/a"
    var = (w * (1 - s) ** 2 + d * (0.5 - s) ** 2 + l * s ** 2) / n
    se = math.sqrt(var / n)
    if se == 0.0:  # every game drawn: no spread to estimate an interval from
        return f"{elo_point(s)} (interval n/a)"
    return f"{elo_point(s)} ({elo_point(s - 1.96 * se)}, {elo_point(s + 1.96 * se)})"


def elo_point(x: float) -> str:
    """The logistic Elo difference of a score fraction x."""
    if x <= 0.0:
        return "-inf"
    if x >= 1.0:
        return "+inf"
    v = round(-400 * math.log10(1 / x - 1))
    return f"{v:+d}" if v else "0"


# The line `dagaz moves` writes on standard error, with exit code 1, on a finished position.
END_PREFIXES = ("game over",)
EXIT_GAME_OVER = 1


class DagazError(Exception):
    """dagaz answered something a script cannot read."""


def parse_moves_output(text: str):
    """The moves of `dagaz moves` output, a move a line."""
    moves = []
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        if " " in line:
            raise DagazError(f"unexpected line in `dagaz moves` output: {line!r}")
        moves.append(line)
    return moves


def moves_answer(r):
    """(moves, end line or None) of a finished `dagaz moves` process `r` (a CompletedProcess
    with text output): the moves on exit 0; none and the `game over ...` line of standard error
    on exit 1; DagazError on anything else."""
    if r.returncode == 0:
        return parse_moves_output(r.stdout), None
    end = r.stderr.strip()
    if r.returncode == EXIT_GAME_OVER and end.startswith(END_PREFIXES) and not r.stdout.strip():
        return [], end
    raise DagazError(f"exit {r.returncode}: {(r.stderr or r.stdout).strip()[:500]}")


def dagaz_move_list(binary: Path, game: Path, played):
    """dagaz's legal moves after `played` (from the start), sorted, as `dagaz moves` writes
    them (a chance outcome's probability left off)."""
    args = [str(binary), "moves", str(game)] + (["--moves", *played] if played else [])
    r = subprocess.run(args, capture_output=True, text=True)
    return sorted(line.split("  ")[0] for line in r.stdout.splitlines())


def compare_random_games(binary: Path, game: Path, start, games: int, seed: int, plies: int) -> int:
    """Random games played by a referee's positions (`start()` makes the first; a position's
    `moves()` gives (text, weight, next position), none when the game is over), its move list
    compared with dagaz's at every ply; a move drawn by weight. 0 when all agree, else 1 after
    printing where they first differ."""
    import random

    rng = random.Random(seed)
    for g in range(games):
        position, played = start(), []
        for _ in range(plies):
            moves = position.moves()
            ours = sorted(t for t, _, _ in moves)
            theirs = dagaz_move_list(binary, game, played)
            if ours != theirs:
                print(f"game {g + 1} after {' '.join(played) or 'the start'}:")
                print(f"  referee {ours}")
                print(f"  dagaz   {theirs}")
                return 1
            if not moves:
                break
            text, _, position = rng.choices(moves, weights=[w for _, w, _ in moves])[0]
            played.append(text)
        print(f"game {g + 1}: {len(played)} plies agree", file=sys.stderr)
    print(f"{games} games agree")
    return 0


def referee_perft(position, depth: int) -> int:
    """Leaves `depth` plies below a referee's position (see `compare_random_games`)."""
    if depth == 0:
        return 1
    return sum(referee_perft(c, depth - 1) for _, _, c in position.moves())


def add_referee_options(p: argparse.ArgumentParser, plies: int) -> None:
    """--perft, --games, --plies and --seed: the options of a referee written from the rules."""
    p.add_argument("--perft", type=int, metavar="N", help="print perft 1..N from the start")
    p.add_argument("--games", type=int, default=0, help="random games to compare with dagaz")
    p.add_argument("--plies", type=int, default=plies, help="most plies of each random game")
    p.add_argument("--seed", type=int, default=1)
