#!/usr/bin/env python3
"""Referees games/backgammon.game with OpenSpiel's `backgammon` (open_spiel 2.0.2, chance nodes
with explicit probabilities): random games played in both at once, compared at every node.

dagaz plays a roll as one move (a double's four checkers too) and lists each result once;
OpenSpiel plays up to two checkers an action (a double is two actions of the same player) and
lists every order. So a turn is compared as the set of positions it can end in: OpenSpiel's,
every action path through the turn, against dagaz's, each of its moves applied (by this script,
from the move as dagaz writes it) to the position both hold. At a chance node the outcomes and
their probabilities are compared (the opening's 30 of 1/30, then 21 distinct rolls of 1/36 or
2/36); dagaz draws the roll and OpenSpiel is given the same one. At the end the winner and the
stake agree (OpenSpiel's `full_scoring`: 1, a gammon 2, a backgammon 3).

    python3 scripts/backgammon_referee.py --games 1000
    python3 scripts/backgammon_referee.py --perft 4

The script makes its own virtual environment (scripts/.venv/differential, with OpenSpiel).
"""

import argparse
import random
import re
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import differential  # noqa: E402  (the venv and the pin)
import support  # noqa: E402

GAME = support.REPO / "games" / "backgammon.game"
BAR = 100
CELL = re.compile(r"^(p\d+|xbar|obar|xoff|ooff): (\S)(?: (\d+))?(?: \*)?$")
STAKES = {"single game": 1, "gammon": 2, "backgammon": 3}


def read(s):
    """(X's points, O's points, bars, borne off) of an OpenSpiel state: its position."""
    pts = tuple(tuple(s.board(p, i) for i in range(24)) for p in (0, 1))
    bar = tuple(s.board(p, BAR) for p in (0, 1))
    off = tuple(15 - sum(pts[p]) - bar[p] for p in (0, 1))
    return pts, bar, off


def turn_results(s):
    """The positions OpenSpiel's whole turn can end in (both halves of a double)."""
    return set(turn_children(s))


def turn_children(s, out=None):
    """{position: a state} for each position OpenSpiel's whole turn can end in."""
    out, p = {} if out is None else out, s.current_player()
    for a in s.legal_actions():
        c = s.child(a)
        if not c.is_terminal() and c.current_player() == p:
            turn_children(c, out)
        else:
            out.setdefault(read(c), c)
    return out


def perft(s, depth):
    """Leaves `depth` plies below `s`, counted as dagaz counts them: a whole turn is one ply
    and each of its results one move; a roll's outcomes that give the same state are one."""
    if s.is_terminal():
        return 0
    if s.is_chance_node():
        children = {}
        for a, _ in s.chance_outcomes():
            c = s.child(a)
            children.setdefault(str(c), c)
        children = children.values()
    else:
        children = turn_children(s).values()
    if depth == 1:
        return len(children)
    return sum(perft(c, depth - 1) for c in children)


def apply_written(position, player, text):
    """The position after dagaz's move `text` (`13/7 8/7*`, `bar/22`, `6/off`, `pass`) by
    `player` (0 White = OpenSpiel's X, 1 Black = O), played checker by checker; the hits it
    marks must be the hits it makes."""
    pts, bar, off = ([list(x) for x in position[0]], list(position[1]), list(position[2]))
    if text == "pass":
        return position
    me, them = player, 1 - player
    index = (lambda n: 24 - n) if player == 0 else (lambda n: n - 1)
    for step in text.split(" "):
        marked = step.endswith("*")
        a, b = step.rstrip("*").split("/")
        if a == "bar":
            bar[me] -= 1
        else:
            pts[me][index(int(a))] -= 1
        if b == "off":
            off[me] += 1
            hit = False
        else:
            i = index(int(b))
            hit = pts[them][i] == 1
            assert pts[them][i] <= 1, f"{text}: lands on a closed point"
            if hit:
                pts[them][i] = 0
                bar[them] += 1
            pts[me][i] += 1
        assert hit == marked, f"{text}: the hit mark does not match the board"
        assert min(min(pts[me]), bar[me]) >= 0, f"{text}: moves a checker that is not there"
    return tuple(map(tuple, pts)), tuple(bar), tuple(off)


class Dagaz:
    """`dagaz play --human both` on backgammon: both sides typed, chance rolled by dagaz."""

    def __init__(self, binary, seed):
        self.proc = subprocess.Popen(
            [str(binary), "play", str(GAME), "--human", "both", "--seed", str(seed)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            bufsize=0)
        self.rolls = []
        self.board = {}

    def until_prompt(self):
        """Reads to the next `... to move> ` prompt (or the end): the text before it, and the
        rolls it reports."""
        text = ""
        while not text.endswith(" to move> "):
            ch = self.proc.stdout.read(1)
            if not ch:
                break
            text += ch
        board = None
        for line in text.splitlines():
            if " rolls " in line:
                self.rolls.append(line.split(" rolls ", 1)[1])
            m = CELL.match(line)
            if m and m.group(1) == "xbar":  # the first line of a board drawn
                board = {}
            if m and board is not None:
                board[m.group(1)] = (m.group(2), int(m.group(3) or 0))
        if board is not None:
            self.board = board
        return text

    def position(self):
        """The last board dagaz drew, in the form of `read`."""
        pts = [[0] * 24, [0] * 24]
        bar, off = [0, 0], [0, 0]
        for name, (glyph, n) in self.board.items():
            side = 0 if glyph.isupper() else 1
            if name.startswith("p"):
                pts[side][int(name[1:]) - 1] = n
            elif name.endswith("bar"):
                bar[side] = n
            elif name.endswith("off"):
                off[side] = n
        return tuple(map(tuple, pts)), tuple(bar), tuple(off)

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        return self.until_prompt()

    def moves(self, binary, played):
        """The legal moves. `play` writes them apart with ", " when one has a space; else
        (single checkers, or one move) `dagaz moves` says where each ends."""
        text = self.send("moves")
        line = next(x for x in text.splitlines() if x.startswith("legal moves: "))
        listed = line[len("legal moves: "):]
        if ", " in listed:
            return listed.split(", ")
        r = subprocess.run([str(binary), "moves", str(GAME), "--moves", *played],
                           capture_output=True, text=True, check=True)
        return r.stdout.splitlines()

    def close(self):
        try:
            self.proc.stdin.write("quit\n")
        except BrokenPipeError:
            pass
        self.proc.wait()


def opening_outcome(s, roll):
    """OpenSpiel's opening outcome for dagaz's `White a, Black b` (even ids: X starts)."""
    w, b = (int(x.split(" ")[1]) for x in roll.split(", "))
    starter = 0 if w > b else 1
    for a, _ in s.chance_outcomes():
        if a % 2 == starter and set(differential_dice(s, a)) == {w, b}:
            return a
    raise AssertionError(f"no opening outcome for {roll}")


def differential_dice(s, a):
    text = s.action_to_string(-1, a)  # "chance outcome 4 X starts, (roll: 14)"
    digits = text.rsplit("roll: ", 1)[1].rstrip(")")
    return int(digits[0]), int(digits[1])


def roll_outcome(s, roll):
    hi, lo = (int(x) for x in roll.split(" ")[1].split("-"))
    for a, _ in s.chance_outcomes():
        if sorted(differential_dice(s, a)) == sorted((hi, lo)):
            return a
    raise AssertionError(f"no outcome for {roll}")


def openspiel_chance(s):
    """OpenSpiel's chance outcomes as {(starter or None, high die, low die): probability},
    outcomes that give the same state merged."""
    dist = Counter()
    for a, p in s.chance_outcomes():
        lo, hi = sorted(differential_dice(s, a))
        dist[(a % 2 if not s.history() else None, hi, lo)] += Fraction(p).limit_denominator(1000)
    return dist


def dagaz_chance(binary, played):
    """dagaz's outcomes after `played`, in the form of `openspiel_chance`."""
    args = ["--moves", *played] if played else []
    r = subprocess.run([str(binary), "moves", str(GAME), *args],
                       capture_output=True, text=True, check=True)
    dist = Counter()
    for line in r.stdout.splitlines():
        text, p = line.rsplit("  ", 1)
        if text.startswith("roll "):
            hi, lo = (int(x) for x in text[5:].split("-"))
            key = (None, hi, lo)
        else:
            w, b = (int(x.split(" ")[1]) for x in text.split(", "))
            key = (0 if w > b else 1, max(w, b), min(w, b))
        dist[key] += Fraction(p)
    return dist


def compare_chance(pyspiel, binary):
    """The opening's outcomes and a roll's, with their probabilities, in both."""
    s = pyspiel.load_game("backgammon").new_initial_state()
    ours, theirs = dagaz_chance(binary, []), openspiel_chance(s)
    assert ours == theirs, f"the opening: dagaz {dict(ours)}, OpenSpiel {dict(theirs)}"
    s.apply_action(2)  # X starts with 1-3
    s.apply_action(s.legal_actions()[0])
    # Chance's roll does not depend on the position: after any first move of dagaz's.
    r = subprocess.run([str(binary), "moves", str(GAME), "--moves", "White 3, Black 1"],
                       capture_output=True, text=True, check=True)
    ours = dagaz_chance(binary, ["White 3, Black 1", r.stdout.splitlines()[0]])
    theirs = openspiel_chance(s)
    assert ours == theirs, f"a roll: dagaz {dict(ours)}, OpenSpiel {dict(theirs)}"
    return len(theirs)


def path_to(s, target):
    """An OpenSpiel action path through the turn that ends in `target`."""
    p = s.current_player()
    for a in s.legal_actions():
        c = s.child(a)
        if not c.is_terminal() and c.current_player() == p:
            rest = path_to(c, target)
            if rest is not None:
                return [a] + rest
        elif read(c) == target:
            return [a]
    return None


def play_game(pyspiel, binary, seed, tally):
    g = pyspiel.load_game("backgammon", {"scoring_type": "full_scoring"})
    s, d, rng = g.new_initial_state(), Dagaz(binary, seed), random.Random(seed)
    try:
        first = d.until_prompt()
        turns, played = 0, []
        while not s.is_terminal():
            assert s.is_chance_node() == bool(d.rolls), "OpenSpiel and dagaz disagree on who moves"
            if s.is_chance_node():
                roll = d.rolls.pop(0)
                played.append(roll)
                s.apply_action(opening_outcome(s, roll) if not s.history()
                               else roll_outcome(s, roll))
                tally["rolls"] += 1
                continue
            player, here = s.current_player(), read(s)
            assert d.position() == here, f"turn {turns}: the positions differ\n{s}\n{d.board}"
            theirs = turn_results(s)
            ours = d.moves(binary, played)
            results = {m: apply_written(here, player, m) for m in ours}
            if set(results.values()) != theirs or len(set(results.values())) != len(ours):
                raise AssertionError(
                    f"turn {turns}: dagaz {len(ours)} moves, {len(set(results.values()))} results; "
                    f"OpenSpiel {len(theirs)} results; dagaz only: "
                    f"{[m for m, r in results.items() if r not in theirs][:5]}; "
                    f"OpenSpiel only: {sorted(theirs - set(results.values()))[:2]}\n{s}\n"
                    f"{d.send('history')}")
            move = rng.choice(ours)
            for a in path_to(s, results[move]):
                s.apply_action(a)
            tally["moves"] += len(ours)
            turns += 1
            played.append(move)
            last = d.send(move)
        returns = s.returns()
        end = next(x for x in last.splitlines() if x.startswith("game over"))
        winner = "White" if returns[0] > 0 else "Black"
        stake = STAKES[end.rsplit(": ", 1)[1]]
        assert end.startswith(f"game over — {winner} wins"), f"{end} / OpenSpiel {returns}"
        assert stake == abs(returns[0]), f"{end} / OpenSpiel {returns}"
        tally[f"stake {stake}"] += 1
        tally["turns"] += turns
        del first
    finally:
        d.close()


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=100, help="random games to compare")
    p.add_argument("--seed", type=int, default=1, help="the first game's seed (then +1)")
    p.add_argument("--perft", type=int, metavar="N",
                   help="print OpenSpiel's perft 1..N from the start, in dagaz's plies, and stop")
    support.add_dagaz_options(p)
    a = p.parse_args()
    support.ensure_venv_and_reexec(differential.VENV, differential.PINS["open_spiel"],
                                   differential.IN_VENV_FLAG, __file__)
    import pyspiel

    if a.perft:
        start = pyspiel.load_game("backgammon").new_initial_state()
        for depth in range(1, a.perft + 1):
            print(depth, perft(start, depth), flush=True)
        return 0
    binary = support.private_dagaz(a.dagaz.resolve(), a.build)
    tally = Counter()
    try:
        rolls = compare_chance(pyspiel, binary)
    except (AssertionError, subprocess.CalledProcessError) as e:
        print(f"chance: {e}")
        return 1
    print(f"chance agrees: the opening's 30 outcomes of 1/30, a roll's {rolls}", file=sys.stderr)
    for i in range(a.games):
        try:
            play_game(pyspiel, binary, a.seed + i, tally)
        except AssertionError as e:
            print(f"game {i + 1} (seed {a.seed + i}): {e}")
            return 1
        if (i + 1) % 10 == 0:
            print(f"{i + 1} games agree: {dict(tally)}", file=sys.stderr)
    print(f"{a.games} games agree: {tally['turns']} turns, {tally['rolls']} rolls, "
          f"{tally['moves']} moves compared; stakes {tally['stake 1']} single, "
          f"{tally['stake 2']} gammon, {tally['stake 3']} backgammon")
    return 0


if __name__ == "__main__":
    support.run(main)
