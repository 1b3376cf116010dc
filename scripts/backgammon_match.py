#!/usr/bin/env python3
"""dagaz against OpenSpiel's MCTSBot at backgammon (issue #59): OpenSpiel holds the game.

    python3 scripts/backgammon_match.py --games 100 --jobs 2     # 1000 ms a move, 1000 simulations
    python3 scripts/backgammon_match.py --quick                   # 2 games, 200 ms, 100 simulations

The opponent is OpenSpiel's C++ MCTSBot (`pyspiel.MCTSBot`, uct_c 2, `--simulations`, default
1000, random rollouts: `pyspiel.RandomRolloutEvaluator(1, seed)`); `--bot python` takes the
Python one (`open_spiel.python.algorithms.mcts`, the same algorithm, about 3x slower). OpenSpiel's
`backgammon` with `full_scoring` holds the position, rolls the dice (a numpy RandomState seeded
from `--seed` and the game's number, so a run is reproducible apart from dagaz's timing) and says
when the game is over and for how much (1, a gammon 2, a backgammon 3).

dagaz moves by one process a move: `dagaz bestmove RULES --moves <every move and roll so far>
--movetime MS`, RULES a private copy of games/backgammon.game (or of `--game-file`, another
evaluation to try, say) made at the start, so an edit during the match changes nothing; its move (a whole roll, `13/7 8/7*`) is played in OpenSpiel through the
action path that ends in the same position (scripts/backgammon_referee.py's `apply_written`), and
the bot's turn (two actions for a double) goes to dagaz as the dagaz move that ends where the bot's
turn ended. A move that is not legal in OpenSpiel, a crash, or no answer within 10 x the move
time + 30 s loses the game for dagaz and is reported loudly. dagaz moves first in odd games when
the opening roll lets it: the roll decides who starts, so the colours alternate instead.

Output: a line per game on stderr, a summary, then on stdout a Markdown row: games, W, L, score %,
points for and against, incidents. Exit status 0; 1 when dagaz had an illegal move or crash.
The script uses scripts/.venv/differential (with the pinned open_spiel), making it on first use.
"""

import argparse
import multiprocessing
import random
import shutil
import tempfile
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import backgammon_referee as bg  # noqa: E402  (positions, dagaz's notation, action paths)
import differential  # noqa: E402  (the venv and the pin)
import support  # noqa: E402

COLOURS = ("White", "Black")  # dagaz's players: OpenSpiel's X (0) and O (1)


class DagazFailure(Exception):
    pass


def log(msg=""):
    print(msg, file=sys.stderr, flush=True)


def seed_for(seed, game_index, what):
    return random.Random(f"{seed}:{game_index}:{what}").getrandbits(31)


def make_bot(pyspiel, game, args, game_index):
    if args.bot == "cpp":
        ev = pyspiel.RandomRolloutEvaluator(1, seed_for(args.seed, game_index, "rollouts"))
        return pyspiel.MCTSBot(game, ev, args.uct_c, args.simulations, 1000, False,
                               seed_for(args.seed, game_index, "bot"), False)
    import numpy as np
    from open_spiel.python.algorithms import mcts

    ev = mcts.RandomRolloutEvaluator(
        n_rollouts=1, random_state=np.random.RandomState(seed_for(args.seed, game_index, "rollouts")))
    return mcts.MCTSBot(game, uct_c=args.uct_c, max_simulations=args.simulations, evaluator=ev,
                        random_state=np.random.RandomState(seed_for(args.seed, game_index, "bot")))


def game_copy(path):
    """A private copy of the game file: an edit during the match cannot change the rules."""
    tmp = Path(tempfile.mkdtemp(prefix="dagaz-backgammon-"))
    shutil.copy2(path, tmp / "backgammon.game")
    return tmp / "backgammon.game"


def dagaz(binary, *cmd, timeout=60):
    r = subprocess.run([str(binary), *cmd], cwd=support.REPO, capture_output=True, text=True,
                       timeout=timeout)
    lines = [ln.strip() for ln in r.stdout.splitlines() if ln.strip()]
    if r.returncode != 0 or not lines:
        raise DagazFailure(f"exit {r.returncode}: {(r.stderr or r.stdout).strip()[-400:]}")
    return lines


def dagaz_move(binary, args, played):
    """dagaz's move after `played`: the last line of `dagaz bestmove`."""
    limit = args.movetime / 1000 * 10 + 30
    try:
        lines = dagaz(binary, "bestmove", str(args.rules), "--movetime", str(args.movetime),
                      "--moves", *played, timeout=limit)
    except subprocess.TimeoutExpired:
        raise DagazFailure(f"no answer within {limit:.0f} s")
    if lines[-1].startswith("info"):
        raise DagazFailure("no move after the info lines")
    return lines[-1]


def roll_text(s, action):
    """A chance outcome in dagaz's notation: `White a, Black b` at the opening, else `roll h-l`."""
    a, b = bg.differential_dice(s, action)
    if not s.history():
        starter_die, other = max(a, b), min(a, b)
        w, k = (starter_die, other) if action % 2 == 0 else (other, starter_die)
        return f"White {w}, Black {k}"
    return f"roll {max(a, b)}-{min(a, b)}"


def bot_turn(s, bot, binary, args, played):
    """The bot's whole turn on `s` (both halves of a double), as the dagaz move that ends there."""
    here, player = bg.read(s), s.current_player()
    while not s.is_terminal() and not s.is_chance_node() and s.current_player() == player:
        s.apply_action(bot.step(s))
    there = bg.read(s)
    for text in dagaz(binary, "moves", str(args.rules), "--moves", *played):
        if bg.apply_written(here, player, text) == there:
            return text
    raise AssertionError(f"the bot's turn {here} -> {there} is no dagaz move")


def play_game(game_index, args, binary):
    """One game: (dagaz's result, points for dagaz, plies, seconds of dagaz, incident or None)."""
    import numpy as np
    import pyspiel

    game = pyspiel.load_game("backgammon", {"scoring_type": "full_scoring"})
    bot = make_bot(pyspiel, game, args, game_index)
    dice = np.random.RandomState(seed_for(args.seed, game_index, "dice"))
    me = game_index % 2  # dagaz plays White (X) in odd games, Black in even ones
    s, played, secs = game.new_initial_state(), [], 0.0
    while not s.is_terminal():
        if s.is_chance_node():
            actions, probs = zip(*s.chance_outcomes())
            a = int(dice.choice(actions, p=probs))
            played.append(roll_text(s, a))
            s.apply_action(a)
        elif s.current_player() == me:
            t = time.perf_counter()
            try:
                text = dagaz_move(binary, args, played)
            except (DagazFailure, subprocess.TimeoutExpired) as e:
                return "loss", -3, len(played), secs, f"CRASH after {played}: {e}"
            secs += time.perf_counter() - t
            try:
                path = bg.path_to(s, bg.apply_written(bg.read(s), me, text))
            except AssertionError as e:
                path, why = None, str(e)
            if path is None:
                return "loss", -3, len(played), secs, f"ILLEGAL {text!r} after {played}"
            for a in path:
                s.apply_action(a)
            played.append(text)
        else:
            try:
                played.append(bot_turn(s, bot, binary, args, played))
            except (DagazFailure, subprocess.TimeoutExpired) as e:
                return "loss", -3, len(played), secs, f"CRASH listing moves after {played}: {e}"
    points = int(s.returns()[me])
    return ("win" if points > 0 else "loss"), points, len(played), secs, None


def run_game(job):
    game_index, args, binary = job
    t = time.perf_counter()
    result = play_game(game_index, args, binary)
    return game_index, result, time.perf_counter() - t


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=None, help="games (default 100; --quick: 2)")
    p.add_argument("--movetime", type=int, default=None, help="dagaz's ms a move (default 1000)")
    p.add_argument("--simulations", type=int, default=None, help="MCTSBot's (default 1000)")
    p.add_argument("--uct-c", type=float, default=2.0, help="MCTSBot's uct_c (default 2)")
    p.add_argument("--bot", choices=["cpp", "python"], default="cpp", help="which MCTSBot")
    p.add_argument("--seed", type=int, default=1, help="seed of the dice and the bot (default 1)")
    p.add_argument("--jobs", type=int, default=1, help="games played at once (default 1)")
    p.add_argument("--quick", action="store_true", help="2 games, 200 ms, 100 simulations")
    p.add_argument("--game-file", type=Path, default=bg.GAME,
                   help="dagaz's rules (default games/backgammon.game): another evaluation, say")
    support.add_dagaz_options(p)
    args = p.parse_args()
    preset = {"games": 2, "movetime": 200, "simulations": 100} if args.quick else \
        {"games": 100, "movetime": 1000, "simulations": 1000}
    for k, v in preset.items():
        if getattr(args, k) is None:
            setattr(args, k, v)
    return args


def main():
    args = parse_args()
    support.ensure_venv_and_reexec(differential.VENV, differential.PINS["open_spiel"],
                                   differential.IN_VENV_FLAG, __file__)
    binary = support.private_dagaz(args.dagaz.resolve(), args.build)
    args.rules = game_copy(args.game_file.resolve())
    log(f"backgammon: dagaz ({args.movetime} ms/move) against {args.bot} MCTSBot "
        f"({args.simulations} sims, uct_c {args.uct_c:g}, random rollouts); {args.games} games, "
        f"seed {args.seed}, {args.jobs} at once")
    tally, points, incidents, dagaz_secs = support.Tally(), [0, 0], [], 0.0
    jobs = [(i, args, binary) for i in range(args.games)]
    with multiprocessing.Pool(args.jobs) as pool:
        for i, (result, pts, plies, secs, incident), took in pool.imap_unordered(run_game, jobs):
            tally.add(result, plies)
            points[0 if pts > 0 else 1] += abs(pts)
            dagaz_secs += secs
            if incident:
                incidents.append(f"game {i + 1}: {incident}")
                log("!!! " + incidents[-1])
            log(f"game {i + 1}: dagaz {COLOURS[i % 2]}: {result} {pts:+d} in {plies} plies, "
                f"{took:.0f} s [+{tally.w} -{tally.l}, points {points[0]}-{points[1]}]")
    log(f"dagaz's time: {dagaz_secs / 60:.1f} min; incidents: {len(incidents)}")
    print("| games | W | L | score % | points for-against | illegal/crash |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: |")
    print(f"| {tally.games} | {tally.w} | {tally.l} | {tally.score:.1f} | {points[0]}-{points[1]} | "
          f"{len(incidents)} |")
    return 1 if incidents else 0


if __name__ == "__main__":
    support.run(main)
