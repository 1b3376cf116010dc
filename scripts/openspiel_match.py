#!/usr/bin/env python3
"""dagaz against OpenSpiel's MCTSBot in the games both know (issue #16).

    python3 scripts/openspiel_match.py --game connect-four                # 10 games, 1000 ms a move
    python3 scripts/openspiel_match.py --game hex --search mcts --movetime 2000 --games 4
    python3 scripts/openspiel_match.py --game othello --simulations 5000 --uct-c 1.4 --seed 7
    python3 scripts/openspiel_match.py --game tic-tac-toe --quick          # 2 games, 200 ms, 100 sims

Games (the dagaz game file; the OpenSpiel game, which referees):
  tic-tac-toe    games/tic-tac-toe.game     tic_tac_toe
  connect-four   games/connect-four.game    connect_four
  othello        games/othello.game         othello
  breakthrough   games/breakthrough.game    breakthrough
  hex            games/hex.game             hex(board_size=11)

The opponent is `open_spiel.python.algorithms.mcts.MCTSBot(game, uct_c, max_simulations,
RandomRolloutEvaluator(n_rollouts=1))` (`--uct-c`, default 2; `--simulations`, default 1000),
the bot and its evaluator each with a numpy RandomState seeded from `--seed` and the game's
number, so a run is reproducible apart from dagaz's timing. dagaz moves by one process a move:
`dagaz bestmove GAME --moves <every move so far> --movetime MS [--search S]` (`--movetime`,
default 1000; `--search alphabeta|mcts|mcts-rave`, passed only when given, else the game's own
choice: what its `(search ...)` clause says, `mcts-rave` for hex.game and `mcts` for
connect-four.game, else alphabeta); the last line of its standard output is its move.
`--game-file` plays another file of the same game (another evaluation, say) instead.

OpenSpiel holds the game: it says when the game is over, and its returns give the result. The
moves go between the two through scripts/differential.py's mappings of OpenSpiel's actions to
dagaz's notation (the same ones its differential test checks): every dagaz move must be one of
the mapped legal actions of OpenSpiel's state. An illegal move, a crash, or no answer within 10 x
the move time + 30 s loses that game for dagaz, and is reported loudly on stderr and counted.
The colours alternate: dagaz moves first in game 1 (and 3, 5, ...), second in game 2 (4, 6, ...).

Output: one progress line per finished game on stderr (game, who moved first, result, plies,
seconds), a summary on stderr, then on stdout a Markdown table (a header, unless --no-header, and
one row): game | dagaz (search, movetime) | opponent (MCTSBot sims, uct_c) | games | W | D | L |
score % | illegal moves/crashes. Exit status: 0; 1 when dagaz had an illegal move or crash; 2 when
the match could not be set up.

The script uses scripts/differential.py's virtual environment (scripts/.venv/differential,
git-ignored) with its pinned open_spiel, making it on first use and re-running itself inside it.
It runs a private copy of target/release/dagaz (built when missing, or with --build), so a
concurrent `cargo build` cannot swap the binary mid-match.
"""

import argparse
import random
import re
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import differential  # noqa: E402  (the OpenSpiel mappings, the venv and the pin)
import support  # noqa: E402

REPO = support.REPO
GAMES = ["tic-tac-toe", "connect-four", "othello", "breakthrough", "hex"]  # names in differential.GAMES
IN_VENV_FLAG = "DAGAZ_OPENSPIEL_MATCH_VENV"
INFO = re.compile(r"^info depth (\d+) .*?nodes (\d+) ")


class DagazFailure(Exception):
    pass


class Tally(support.Tally):
    """The match so far, from dagaz's point of view."""

    def __init__(self):
        super().__init__()
        self.dagaz_secs, self.bot_secs = [], []  # per move: dagaz's whole process, the bot's step
        self.depths = []  # of each dagaz move's last info line


def log(msg: str = ""):
    print(msg, file=sys.stderr, flush=True)


def declared_search(game_file: Path) -> str:
    """The search a game file asks for: `mcts` or `mcts-rave` when a `(search mcts)` or
    `(search mcts-rave)` clause stands outside the comments, else `alphabeta` (dagaz's
    default)."""
    text = "\n".join(line.split(";", 1)[0] for line in game_file.read_text().splitlines())
    m = re.search(r"\(\s*search\s+(mcts|mcts-rave)\s*\)", text)
    return m.group(1) if m else "alphabeta"


def dagaz_bestmove(binary: Path, game_file: str, moves: list, args, tally: Tally) -> str:
    """dagaz's move after `moves` from the start: the last line of `dagaz bestmove`."""
    cmd = [str(binary), "bestmove", game_file, "--movetime", str(args.movetime)]
    if args.search:
        cmd += ["--search", args.search]
    if moves:
        cmd += ["--moves", *moves]
    limit = args.movetime / 1000 * 10 + 30
    t = time.perf_counter()
    try:
        r = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, timeout=limit)
    except subprocess.TimeoutExpired:
        raise DagazFailure(f"no answer within {limit:.0f} s")
    tally.dagaz_secs.append(time.perf_counter() - t)
    lines = [ln.strip() for ln in r.stdout.splitlines() if ln.strip()]
    if r.returncode != 0 or not lines or lines[-1].startswith("info"):
        raise DagazFailure(f"exit {r.returncode}: {(r.stderr or r.stdout).strip()[-500:]}")
    for ln in reversed(lines):
        m = INFO.match(ln)
        if m:
            tally.depths.append(int(m.group(1)))
            break
    return lines[-1]


def seed_for(seed: int, game_index: int, what: str) -> int:
    return random.Random(f"{seed}:{game_index}:{what}").getrandbits(32)


def play_game(binary, spec, referee, args, game_index: int, tally: Tally):
    """One game; (result for dagaz, plies, how it ended)."""
    import numpy as np
    from open_spiel.python.algorithms import mcts

    evaluator = mcts.RandomRolloutEvaluator(
        n_rollouts=1, random_state=np.random.RandomState(seed_for(args.seed, game_index, "rollouts")))
    bot = mcts.MCTSBot(referee.game, uct_c=args.uct_c, max_simulations=args.simulations,
                       evaluator=evaluator,
                       random_state=np.random.RandomState(seed_for(args.seed, game_index, "bot")))
    dagaz_player = game_index % 2  # OpenSpiel's player 0 moves first in all these games
    state = referee.new()
    moves = []
    while not state.is_terminal():
        legal = referee.legal(state)  # dagaz's notation -> OpenSpiel's action
        if state.current_player() == dagaz_player:
            try:
                text = dagaz_bestmove(binary, spec.file, moves, args, tally)
            except DagazFailure as exc:
                return incident(tally, game_index, "CRASH", f"dagaz bestmove failed: {exc}", moves)
            if text not in legal:
                return incident(tally, game_index, "ILLEGAL MOVE",
                                f"dagaz played {text!r}; OpenSpiel's legal moves: "
                                f"{' '.join(sorted(legal))}\n{referee.show(state)}", moves)
            action = legal[text]
        else:
            t = time.perf_counter()
            action = bot.step(state)
            tally.bot_secs.append(time.perf_counter() - t)
            text = next((c for c, a in legal.items() if a == action), None)
            if text is None:
                raise differential.RefereeError(
                    f"MCTSBot's action {action} ({state.action_to_string(action)}) has no mapping")
        state.apply_action(action)
        moves.append(text)
    returns = state.returns()
    mine = returns[dagaz_player]
    result = "win" if mine > 0 else "loss" if mine < 0 else "draw"
    return result, len(moves), f"returns {returns[0]:g}/{returns[1]:g}"


def incident(tally: Tally, game_index: int, kind: str, detail: str, moves):
    msg = (f"{kind} (game {game_index + 1}, dagaz {'first' if game_index % 2 == 0 else 'second'}, "
           f"after {len(moves)} plies): {detail}\n  moves: {' '.join(moves) or '(none)'}")
    tally.incidents.append(f"{kind}: game {game_index + 1}, ply {len(moves) + 1}")
    log("!" * 78)
    log("!!! " + msg.replace("\n", "\n!!! "))
    log("!" * 78)
    return "loss", len(moves), kind.lower()


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="Play dagaz against OpenSpiel's MCTSBot and print a "
                                "Markdown table row (see the module docstring).")
    p.add_argument("--game", required=True, choices=GAMES)
    p.add_argument("--games", type=int, default=None, help="games to play (default 10; --quick: 2)")
    p.add_argument("--movetime", type=int, default=None,
                   help="dagaz's time per move in ms (default 1000; --quick: 200)")
    p.add_argument("--game-file", type=Path, default=None,
                   help="dagaz's game file (default: the game's own, games/GAME.game): a variant "
                        "of it, such as another evaluation, to measure before it is shipped")
    p.add_argument("--search", choices=["alphabeta", "mcts", "mcts-rave"],
                   help="dagaz's search, passed on as --search (default: not passed: the game's own "
                        "choice, its (search ...) clause, else alphabeta)")
    p.add_argument("--simulations", type=int, default=None,
                   help="MCTSBot's max_simulations a move (default 1000; --quick: 100)")
    p.add_argument("--uct-c", type=float, default=2.0, help="MCTSBot's uct_c (default 2)")
    p.add_argument("--seed", type=int, default=1, help="seed of the bot and its rollouts (default 1)")
    p.add_argument("--quick", action="store_true",
                   help="2 games at 200 ms a move against 100 simulations: checks the script")
    p.add_argument("--no-header", action="store_true",
                   help="print the table row alone (to append to an earlier run's table)")
    p.add_argument("--dagaz", type=Path, default=differential.TARGET / "release" / "dagaz",
                   help="dagaz binary (default target/release/dagaz, or under $CARGO_TARGET_DIR)")
    p.add_argument("--build", action="store_true", help="cargo build --release -p dagaz-cli first")
    args = p.parse_args(argv)
    quick = {"games": 2, "movetime": 200, "simulations": 100}
    full = {"games": 10, "movetime": 1000, "simulations": 1000}
    for k, v in (quick if args.quick else full).items():
        if getattr(args, k) is None:
            setattr(args, k, v)
    if args.games < 1 or args.movetime < 1 or args.simulations < 1:
        p.error("--games, --movetime and --simulations must be at least 1")
    return args


def main(argv=None) -> int:
    args = parse_args(argv)
    support.ensure_venv_and_reexec(differential.VENV, differential.PINS["open_spiel"],
                                   IN_VENV_FLAG, __file__)
    spec = differential.GAMES[args.game]
    library, _, make = spec.referees[0]
    assert library == "open_spiel", spec.referees
    if args.game_file:
        spec = differential.Spec(spec.name, str(args.game_file.resolve()), spec.referees, spec.note)
    if not (REPO / spec.file).exists():
        log(f"error: {spec.file} does not exist")
        return 2
    support.ensure_dagaz(args.dagaz.resolve(), args.build)
    binary = support.snapshot_dagaz(args.dagaz.resolve())
    machine = support.machine_info(args.dagaz.resolve(), "open_spiel")
    referee = make(argparse.Namespace(go_superko=""))

    search = args.search or declared_search(REPO / spec.file)
    engine = f"{search}, {args.movetime} ms/move"
    opponent = f"MCTSBot {args.simulations} sims, uct_c {args.uct_c:g}"
    log(f"{args.game}: dagaz {spec.file} ({engine}) against {opponent}, random rollouts "
        f"({referee.label}); {args.games} games, seed {args.seed}")

    tally = Tally()
    t0 = time.perf_counter()
    for g in range(args.games):
        t = time.perf_counter()
        result, plies, why = play_game(binary, spec, referee, args, g, tally)
        tally.add(result, plies)
        log(f"{args.game} game {g + 1}/{args.games}: dagaz {'first' if g % 2 == 0 else 'second'}: "
            f"dagaz {result} ({why}) in {plies} plies, {time.perf_counter() - t:.1f} s "
            f"[+{tally.w} ={tally.d} -{tally.l}]")
    total = time.perf_counter() - t0

    def mean(xs):
        return sum(xs) / len(xs) if xs else 0.0

    log()
    log(f"{tally.games} games in {total / 60:.1f} min; mean length {mean(tally.plies):.0f} plies; "
        f"dagaz {len(tally.dagaz_secs)} bestmove calls, mean {mean(tally.dagaz_secs):.2f} s (whole process), "
        f"slowest {max(tally.dagaz_secs, default=0):.2f} s, mean depth {mean(tally.depths):.1f} "
        f"(last info line); MCTSBot {len(tally.bot_secs)} moves, mean {mean(tally.bot_secs):.2f} s")
    for inc in tally.incidents:
        log(f"INCIDENT {inc}")
    for line in machine:
        log(line)

    if not args.no_header:
        print("| game | dagaz | opponent | games | W | D | L | score % | illegal/crash |")
        print("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    print(f"| {args.game} | {engine} | {opponent} | {tally.games} | {tally.w} | {tally.d} | "
          f"{tally.l} | {tally.score:.1f} | {len(tally.incidents)} |", flush=True)
    return 1 if tally.incidents else 0


if __name__ == "__main__":
    support.run(main)
