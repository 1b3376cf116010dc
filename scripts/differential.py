#!/usr/bin/env python3
"""Differential test: dagaz's legal moves against an independent referee library, at every
position of seeded random games.

    python3 scripts/differential.py chess                        # 1,000 positions
    python3 scripts/differential.py chess othello --positions 3000 --seed 7
    python3 scripts/differential.py --list                       # games, files, referees
    python3 scripts/differential.py pyffish:makruk:games/makruk.game   # any Fairy-Stockfish variant

For each GAME the script plays random games: at every position it asks the referee for its
legal moves and dagaz for its own (`dagaz moves GAME.game --moves m1 m2 ...`, one process per
position, 2-6 ms each; with `--via fen` or `both` also `dagaz moves --fen FEN` with the
referee's FEN), maps both into one canonical form (the move as dagaz writes it), compares the
two sets and plays a move chosen at random among those both list. When the referee says the
game is over, dagaz must list no move (`no legal moves ...`). A game ends there, or after
--max-plies plies. Games are played until --positions positions have been compared.

Referees (pinned; installed on first use into scripts/.venv/differential, git-ignored, and the
script re-runs itself there):
  pyffish 0.0.90 (Fairy-Stockfish)   chess and its variants, by variant name
  chess 1.11.2 (python-chess)         the same games, a second referee where it knows them
  open_spiel 2.0.2 (OpenSpiel)        tic-tac-toe, connect four, othello, breakthrough, hex, go
  python-shogi 1.1.1                  shogi (with pyffish's shogi as a second referee)
  pydraughts 0.6.7                    the draughts games: dispatched to draughts_differential.py
  scripts/*_referee.py                games no library knows (alquerque, fanorona, surakarta): move generators of
                                      this repository, written from the rules alone, no package

The canonical form, that is, the notation the dagaz games must use (docs/referees.md):
  chess family   UCI as the referees write it: e2e4, e1g1, e7e8q, e7e8k (antichess); drops P@e4
  shogi          USI as python-shogi writes it: 7g7f, 8h2b+, P*5e (Fairy-Stockfish's c3c4 and
                 P@e5 are turned into it); positions as SFEN
  OpenSpiel      a square is a file letter and a rank number; file a is the leftmost column of
                 the board as OpenSpiel prints it (`str(state)`), rank 1 its BOTTOM printed row.
                 Placement: the square (`b2`; connect four: the square the disc lands on, `d1`);
                 a piece's move: from and to, `a2a3` (captures alike); a pass: `pass`.

Testing the referee side alone: `--self-test` checks the OpenSpiel mappings against OpenSpiel's
printed boards; `--fake-dagaz echo` replaces dagaz by the referee itself answering in the
canonical form (so both directions of each mapping run, and for the chess family pyffish is
compared with python-chess); `--fake-dagaz faulty` spoils some answers to exercise the reports.

Every disagreement is printed with the game, the moves so far, and what only one side lists.
Exit status: 0 when everything agrees, 1 when any disagreement (or error at a position) was
found, 2 on a usage or setup error (e.g. a game file that does not exist yet).
"""

import argparse
import json
import math
import os
import random
import re
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import support  # noqa: E402

REPO = support.REPO
VENV = REPO / "scripts" / ".venv" / "differential"
IN_VENV_FLAG = "DAGAZ_DIFFERENTIAL_VENV"
PINS = {
    "pyffish": "pyffish==0.0.90",
    "python-chess": "chess==1.11.2",
    "open_spiel": "open_spiel==2.0.2",
    "python-shogi": "python-shogi==1.1.1",
}
TARGET = Path(os.environ.get("CARGO_TARGET_DIR") or REPO / "target")
FILES = "abcdefghijklmnopqrstuvwxyz"
GO_COLUMNS = "abcdefghjklmnopqrst"  # Go skips the letter i; dagaz does not
END_PREFIXES = ("no legal moves", "game over")


# ---------------------------------------------------------------------------
# referees: each maps its own actions to the canonical form (the dagaz notation)
# ---------------------------------------------------------------------------


class RefereeError(Exception):
    pass


class Pyffish:
    """Fairy-Stockfish through pyffish, any variant it knows; moves are UCI strings (drops
    `P@e4`), which is already dagaz's notation. The state is the list of moves from the
    variant's start position. The game is over when there is no legal move or a variant rule
    ends it (`is_immediate_game_end`: three checks, the king on the hill, an exploded king)."""

    library = "pyffish"
    has_fen = True

    def __init__(self, variant: str):
        import pyffish

        self.sf, self.variant = pyffish, variant
        self.start = pyffish.start_fen(variant)
        self.hand = pyffish.captures_to_hand(variant)  # FEN marks promoted pieces (`Q~`)
        self.label = f"pyffish {_version('pyffish')} {variant}"

    def new(self):
        return []

    def clone(self, moves):
        return list(moves)

    def legal(self, moves) -> dict:
        ms = self.sf.legal_moves(self.variant, self.start, moves)
        if ms and self.sf.is_immediate_game_end(self.variant, self.start, moves)[0]:
            return {}
        # Fairy-Stockfish writes a pass (Ataxx) as a move from a square to itself: `a1a1`.
        return {("pass" if len(m) == 4 and m[:2] == m[2:] else m): m for m in ms}

    def play(self, moves, action):
        return moves + [action]

    def fen(self, moves) -> str:
        return self.sf.get_fen(self.variant, self.start, moves, False, False, self.hand)

    def show(self, moves) -> str:
        return "FEN " + self.fen(moves)


class PythonChess:
    """python-chess (and its chess.variant boards); moves are `Move.uci()` strings."""

    library = "python-chess"
    has_fen = True

    def __init__(self, variant: str):
        import chess
        import chess.variant

        self.cls = chess.Board if variant == "chess" else chess.variant.find_variant(variant)
        self.label = f"python-chess {_version('chess')} {self.cls.uci_variant}"

    def new(self):
        return self.cls()

    def clone(self, board):
        return board.copy()

    def legal(self, board) -> dict:
        if board.is_variant_end():
            return {}
        return {m.uci(): m for m in board.legal_moves}

    def play(self, board, action):
        board.push(action)
        return board

    def fen(self, board) -> str:
        return board.fen()

    def show(self, board) -> str:
        return "FEN " + board.fen()


def _usi_square(square: str, n: int = 9) -> str:
    """Fairy-Stockfish's shogi square on an n x n board (`c3`: file a at Black's left, rank 1
    at Black's side) as USI writes it (`7g`: file n at Black's left, rank a at White's side)."""
    return f"{n - (ord(square[0]) - ord('a'))}{chr(ord('a') + n - int(square[1:]))}"


def _usi(move: str, n: int = 9) -> str:
    """A Fairy-Stockfish shogi move as USI: `c3c4` -> `7g7f`, `b2h8+` -> `8h2b+`,
    `P@e5` -> `P*5e`."""
    if "@" in move:
        letter, square = move.split("@")
        return f"{letter.upper()}*{_usi_square(square, n)}"
    promote = "+" if move.endswith("+") else ""
    body = move.rstrip("+=")
    squares = re.findall(r"[a-i][0-9]", body)
    return "".join(_usi_square(s, n) for s in squares) + promote


class PyffishShogi(Pyffish):
    """Fairy-Stockfish's shogi, its moves turned into USI; played by moves (its FEN is not
    SFEN)."""

    has_fen = False

    def __init__(self, variant: str = "shogi", size: int = 9):
        super().__init__(variant)
        self.size = size

    def legal(self, moves) -> dict:
        ms = self.sf.legal_moves(self.variant, self.start, moves)
        return {_usi(m, self.size): m for m in ms}


class PythonShogi:
    """python-shogi: moves as `Move.usi()` (`7g7f`, `8h2b+`, `P*5e`), positions as SFEN."""

    library = "python-shogi"
    has_fen = True

    def __init__(self):
        import shogi

        self.shogi = shogi
        self.label = f"python-shogi {_version('python-shogi')}"

    def new(self):
        return self.shogi.Board()

    def clone(self, board):
        return self.shogi.Board(board.sfen())

    def legal(self, board) -> dict:
        return {m.usi(): m for m in board.legal_moves}

    def play(self, board, action):
        board.push(action)
        return board

    def fen(self, board) -> str:
        return board.sfen()

    def show(self, board) -> str:
        return "SFEN " + board.sfen()


class Local:
    """A move generator of this repository, `scripts/MODULE.py`, for a game no library knows. It
    is written from the rules alone, shares no code with dagaz and needs no package; it answers
    in the canonical form itself. The module has `State.start()`, `legal(state)` ({notation:
    move}), `play(state, move)` (a new state; the old one is left as it was) and `show(state)`.

    A game whose moves are one per outcome (the dagaz game's `(unique-moves actions)`: the same
    start, end and pieces taken, by whatever path) has `outcome(move)` too: the referee lists
    every path, and `reconcile` asks dagaz for exactly one path of each outcome."""

    library = "local"
    has_fen = False

    def __init__(self, module: str):
        import importlib

        self.m = importlib.import_module(module)
        self.label = f"scripts/{module}.py"

    def new(self):
        return self.m.State.start()

    def clone(self, state):
        return state

    def legal(self, state) -> dict:
        return self.m.legal(state)

    def play(self, state, action):
        return self.m.play(state, action)

    def distinct(self, state, legal: dict) -> dict:
        """One move per outcome (the first path of each), for perft."""
        if not hasattr(self.m, "outcome"):
            return legal
        out = {}
        for key, move in legal.items():
            out.setdefault(self.m.outcome(move), (key, move))
        return dict(out.values())

    def reconcile(self, state, ref_set: set, dz_set: set) -> set:
        """The referee's list as dagaz must give it: where moves are one per outcome, each
        outcome's paths stand for one move, and the path dagaz lists, when it lists exactly one
        of them, is that move; an outcome of which dagaz lists none or several paths is kept
        whole, so that the comparison reports it."""
        if not hasattr(self.m, "outcome"):
            return ref_set
        legal = self.m.legal(state)
        groups = {}
        for key in ref_set:
            groups.setdefault(self.m.outcome(legal[key]), set()).add(key)
        out = set()
        for paths in groups.values():
            listed = paths & dz_set
            out |= listed if len(listed) == 1 else paths
        return out

    def fen(self, state):
        return None

    def show(self, state) -> str:
        return self.m.show(state)


def _ttt(state, text, n):
    m = re.fullmatch(r"[xo]\((\d+),(\d+)\)", text)  # x(row,col), row 0 = top printed row
    return f"{FILES[int(m.group(2))]}{n - int(m.group(1))}"


def _as_is(state, text, n):
    return text


def _gomoku(state, text, n):
    m = re.fullmatch(r"(\d+),(\d+)", text)  # row,col; row 0 = top printed row
    return f"{FILES[int(m.group(2))]}{n - int(m.group(1))}"


def _connect_four(state, text, n):
    m = re.fullmatch(r"[xo](\d+)", text)  # the column, 0 = leftmost
    col = int(m.group(1))
    rows = [ln for ln in str(state).splitlines() if len(ln) == n[1] and set(ln) <= set("xo.")]
    rows = rows[: n[0]]  # top printed row first; a disc lands on the lowest empty one
    height = sum(1 for row in rows if row[col] != ".")
    return f"{FILES[col]}{height + 1}"


def _othello(state, text, n):
    if text == "pass":
        return "pass"
    m = re.fullmatch(r"([a-z])(\d+)", text)  # OpenSpiel's rank 1 is the TOP printed row
    return f"{m.group(1)}{n + 1 - int(m.group(2))}"


def _breakthrough(state, text, n):
    m = re.fullmatch(r"([a-z])(\d+)([a-z])(\d+)\*?", text)  # a capture ends with *
    return "".join(m.groups())  # ranks already count from the bottom printed row


def _hex(state, text, n):
    m = re.fullmatch(r"([a-z])(\d+)", text)  # row 1 is the TOP printed row
    return f"{m.group(1)}{n + 1 - int(m.group(2))}"


def _go(state, text, n):
    colour, point = text.split(" ", 1)  # "B d4", "W PASS"; rank 1 is the bottom printed row
    if point == "PASS":
        return "pass"
    m = re.fullmatch(r"([a-z])(\d+)", point)
    return f"{FILES[GO_COLUMNS.index(m.group(1))]}{m.group(2)}"


class OpenSpiel:
    """An OpenSpiel game; `mapper(state, action_string, size)` gives the canonical move.

    Go: OpenSpiel lists a placement that brings back an earlier whole board (positional superko)
    as legal, and ends the game there as a draw; dagaz's Go forbids it. With superko=True the
    referee keeps its own record of the boards of the game (as OpenSpiel prints them), and
    `forbidden(state)` names the placements of its list whose board is in that record; each must
    be one that OpenSpiel ends the game at, and the other way round, or it is a referee error.
    The comparison then takes OpenSpiel's whole list: dagaz must list every move of it but the
    forbidden ones, and none of those."""

    library = "open_spiel"
    has_fen = False

    def __init__(self, game: str, mapper, size, superko: bool = False):
        import pyspiel

        self.game = pyspiel.load_game(game)
        self.mapper, self.size, self.superko = mapper, size, superko
        self.label = f"open_spiel {_version('open_spiel')} {game}"
        self.record = None  # (actions, boards seen, state after them) of the last game asked

    def new(self):
        return self.game.new_initial_state()

    def clone(self, state):
        return state.clone()

    def legal(self, state) -> dict:
        if state.is_terminal():
            return {}
        player = state.current_player()
        out = {}
        for a in state.legal_actions():
            text = state.action_to_string(player, a)
            try:
                canon = self.mapper(state, text, self.size)
            except Exception as exc:
                raise RefereeError(f"cannot map {text!r}: {type(exc).__name__}: {exc}")
            if canon in out:
                raise RefereeError(f"two actions map to {canon}: {out[canon]} and {a}")
            out[canon] = a
        return out

    def forbidden(self, state) -> set:
        """The moves of `legal(state)` that bring back a board the game has had (Go only)."""
        if not self.superko or state.is_terminal():
            return set()
        seen = self._boards_seen(state)
        out = set()
        for canon, a in self.legal(state).items():
            if canon == "pass":
                continue
            child = state.child(a)
            repeats, ends = _board(child) in seen, child.is_terminal()
            if repeats != ends:
                raise RefereeError(
                    f"{canon}: the board after it is {'' if repeats else 'not '}one the game has had, "
                    f"but OpenSpiel {'goes on' if repeats else 'ends the game'} there")
            if repeats:
                out.add(canon)
        return out

    def _boards_seen(self, state) -> set:
        """The boards of the game up to `state`: at its start and after every action since,
        extending the record of the last call when `state` continues that game."""
        actions = state.history()
        if self.record is None or actions[: len(self.record[0])] != self.record[0]:
            start = self.game.new_initial_state()
            self.record = ([], {_board(start)}, start)
        done, seen, last = self.record
        seen, last = set(seen), last.clone()
        for a in actions[len(done):]:
            last.apply_action(a)
            seen.add(_board(last))
        self.record = (list(actions), seen, last)
        return seen

    def play(self, state, action):
        state.apply_action(action)
        return state

    def fen(self, state):
        return None

    def show(self, state) -> str:
        return ("(the board as OpenSpiel prints it; dagaz's rank 1 is its bottom row)\n"
                + str(state).strip("\n"))


def _board(state):
    """A Go board as OpenSpiel prints it: its rows, top to bottom."""
    return tuple(printed_grid("go-9x9", state))


def _version(dist: str) -> str:
    import importlib.metadata as md

    return md.version(dist)


# ---------------------------------------------------------------------------
# self-test of the OpenSpiel mappings against OpenSpiel's printed boards
# ---------------------------------------------------------------------------


def printed_grid(game: str, state):
    """The board as `str(state)` prints it: rows top to bottom, one character a cell
    ('.', '-' or '+' empty)."""
    lines = str(state).splitlines()
    if game == "tic-tac-toe":
        return [ln for ln in lines if len(ln) == 3][:3]
    if game == "connect-four":
        return [ln for ln in lines if len(ln) == 7][:6]
    if game == "othello":
        return ["".join(ln.split()[1:9]) for ln in lines if ln[:1].isdigit()]
    if game == "breakthrough":
        return [ln[1:] for ln in lines if ln[:1].isdigit()]
    if game == "hex":
        return ["".join(ln.split()) for ln in lines if ln.strip()][:11]
    if game == "go-9x9":
        return [ln.split()[1] for ln in lines if re.match(r"^ ?\d+ ", ln)]
    raise ValueError(game)


def cell(grid, square):
    """The printed cell of a canonical square: file a = leftmost column, rank 1 = bottom row."""
    return grid[len(grid) - int(square[1:])][FILES.index(square[0])]


EMPTY = ".-+"


def self_test(args) -> int:
    """Fixed facts read off OpenSpiel's boards, then random games in which every move's
    canonical square(s) must be where the printed board changes."""
    facts = {
        "tic-tac-toe": ([], {"a3", "b3", "c3", "a2", "b2", "c2", "a1", "b1", "c1"}),
        "connect-four": (["d1", "d2"], {"a1", "b1", "c1", "d3", "e1", "f1", "g1"}),
        "othello": ([], {"c5", "d6", "e3", "f4"}),
        "hex": ([], {f"{f}{r}" for f in FILES[:11] for r in range(1, 12)}),
        "go-9x9": ([], {f"{f}{r}" for f in FILES[:9] for r in range(1, 10)} | {"pass"}),
        "breakthrough": ([], {f"{f}7{g}6" for f in FILES[:8] for g in FILES[:8]
                              if abs(FILES.index(f) - FILES.index(g)) <= 1}),
    }
    failures = 0
    for name, (prefix, want) in facts.items():
        spec = GAMES[name]
        ref = spec.referees[0][2](args)
        st = ref.new()
        for m in prefix:
            st = ref.play(st, ref.legal(st)[m])
        got = set(ref.legal(st))
        ok = got == want
        failures += not ok
        print(f"self-test {name}: after {' '.join(prefix) or 'the start'}: "
              f"{'ok' if ok else f'FAILED, got {sorted(got)}'}")
        checked = 0
        for g in range(20):
            rng = random.Random(f"self-test:{name}:{g}")
            st = ref.new()
            while True:
                legal = ref.legal(st)
                if not legal:
                    break
                move = rng.choice(sorted(legal))
                before = printed_grid(name, st)
                st = ref.play(st, legal[move])
                after = printed_grid(name, st)
                if move == "pass":
                    ok = before == after
                elif name == "breakthrough":
                    fr, to = re.fullmatch(r"([a-z]\d+)([a-z]\d+)", move).groups()
                    ok = (cell(before, fr) not in EMPTY and cell(after, fr) in EMPTY
                          and cell(after, to) == cell(before, fr))
                else:
                    ok = cell(before, move) in EMPTY and cell(after, move) not in EMPTY
                checked += 1
                if not ok:
                    failures += 1
                    print(f"  FAILED: {move} is not where the printed board changed:")
                    print("\n".join(before), "\n--\n" + "\n".join(after))
                    break
        print(f"self-test {name}: {checked} moves of 20 random games checked against the printed board")
    print("RESULT:", "self-test passed" if not failures else f"{failures} self-test failure(s)")
    return 1 if failures else 0


# ---------------------------------------------------------------------------
# the games
# ---------------------------------------------------------------------------


class Spec:
    def __init__(self, name, file, referees, note=""):
        self.name, self.file, self.note = name, file, note
        self.referees = referees  # [(library, label, factory)]; the first drives the game

    @property
    def libraries(self):
        return sorted({lib for lib, _, _ in self.referees})


def pyffish_spec(name, variant, file=None, python_chess=None):
    refs = [("pyffish", f"pyffish {variant}", lambda a: Pyffish(variant))]
    if python_chess:
        refs.append(("python-chess", f"python-chess {python_chess}", lambda a: PythonChess(python_chess)))
    return Spec(name, file or f"games/{name}.game", refs)


def local_spec(name, module, note=""):
    return Spec(name, f"games/{name}.game", [("local", f"scripts/{module}.py", lambda a: Local(module))],
                note)


def openspiel_spec(name, game, mapper, size, note=""):
    def make(args):
        return OpenSpiel(game, mapper, size, superko=mapper is _go)

    return Spec(name, f"games/{name}.game", [("open_spiel", f"open_spiel {game}", make)], note)


GAMES = {
    s.name: s
    for s in [
        pyffish_spec("chess", "chess", python_chess="chess"),
        pyffish_spec("crazyhouse", "crazyhouse", python_chess="crazyhouse"),
        pyffish_spec("atomic", "atomic", python_chess="atomic"),
        pyffish_spec("antichess", "antichess", python_chess="antichess"),
        pyffish_spec("three-check", "3check", python_chess="3check"),
        pyffish_spec("king-of-the-hill", "kingofthehill", python_chess="kingofthehill"),
        pyffish_spec("ataxx", "ataxx"),
        pyffish_spec("xiangqi", "xiangqi"),
        pyffish_spec("gardner", "gardner"),
        pyffish_spec("giveaway", "giveaway"),
        pyffish_spec("knightmate", "knightmate"),
        pyffish_spec("horde", "horde", python_chess="horde"),
        pyffish_spec("fox-and-hounds", "fox-and-hounds"),
        pyffish_spec("makruk", "makruk"),
        pyffish_spec("los-alamos", "losalamos"),
        Spec("shogi", "games/shogi.game", [
            ("python-shogi", "python-shogi shogi", lambda a: PythonShogi()),
            ("pyffish", "pyffish shogi", lambda a: PyffishShogi()),
        ]),
        Spec("minishogi", "games/minishogi.game", [
            ("pyffish", "pyffish minishogi", lambda a: PyffishShogi("minishogi", 5)),
        ]),
        openspiel_spec("tic-tac-toe", "tic_tac_toe", _ttt, 3, "x(r,c) -> file c, rank 3-r"),
        openspiel_spec("gomoku", "gomoku", _gomoku, 15, "r,c -> file c, rank 15-r"),
        openspiel_spec("clobber", "clobber", _as_is, 5, "a5b5 as is (rank 1 the bottom printed row)"),
        openspiel_spec("connect-four", "connect_four", _connect_four, (6, 7),
                       "column c -> the square the disc lands on"),
        openspiel_spec("othello", "othello", _othello, 8, "d3 -> d6 (rank 9-r); pass -> pass"),
        openspiel_spec("breakthrough", "breakthrough", _breakthrough, 8, "a7a6 as is, capture's * dropped"),
        openspiel_spec("hex", "hex(board_size=11)", _hex, 11, "a1 -> a11 (rank 12-r)"),
        openspiel_spec("go-9x9", "go(board_size=9,max_game_length=100000)", _go, 9,
                       "B j9 -> i9 (no letter skipped); PASS -> pass"),
        openspiel_spec("go-13x13", "go(board_size=13,max_game_length=100000)", _go, 13,
                       "B n13 -> m13 (no letter skipped); PASS -> pass"),
        openspiel_spec("go-19x19", "go(board_size=19,max_game_length=100000)", _go, 19,
                       "B t19 -> s19 (no letter skipped); PASS -> pass"),
        local_spec("alquerque", "alquerque_referee", "c2-c3, c1xc3xe5 as is"),
        local_spec("fanorona", "fanorona_referee", "e2-e3, f2-e3A-d3W as is; one path per outcome"),
        local_spec("surakarta", "surakarta_referee", "b2-c3, b2xe6 as is"),
    ]
}
DRAUGHTS = ["international", "english", "russian", "brazilian", "italian", "frisian",
            "turkish"]  # draughts_differential.py


def resolve(name: str):
    """A game name, or `pyffish:VARIANT[:FILE]` for any Fairy-Stockfish variant."""
    if name in GAMES:
        return GAMES[name]
    if name.startswith("pyffish:"):
        parts = name.split(":", 2)
        return pyffish_spec(parts[1], parts[1], parts[2] if len(parts) > 2 else None)
    return None


# ---------------------------------------------------------------------------
# dagaz
# ---------------------------------------------------------------------------


class DagazError(Exception):
    pass


def parse_moves_output(text: str):
    """(moves, end line or None) of `dagaz moves` output."""
    moves, end = [], None
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        if line.startswith(END_PREFIXES):
            end = line
        elif " " in line:
            raise DagazError(f"unexpected line in `dagaz moves` output: {line!r}")
        else:
            moves.append(line)
    return moves, end


class Dagaz:
    def __init__(self, binary: Path):
        self.binary = str(binary)
        self.calls, self.seconds = 0, 0.0

    def moves(self, spec, moves=(), fen=None):
        args = [self.binary, "moves", spec.file]
        if fen is not None:
            args += ["--fen", fen]
        elif moves:
            args += ["--moves", *moves]
        self.calls += 1
        t = time.perf_counter()
        r = subprocess.run(args, cwd=REPO, capture_output=True, text=True, timeout=120)
        self.seconds += time.perf_counter() - t
        if r.returncode != 0:
            raise DagazError(f"exit {r.returncode}: {r.stderr.strip()}")
        return parse_moves_output(r.stdout)


class FakeDagaz:
    """Stands in for dagaz to test the referee side alone: replays the move list (dagaz
    notation) on a fresh referee, which needs the canonical form mapped back to the
    referee's action, and answers the referee's own moves in the canonical form. `faulty`
    also drops one move and adds a bogus one at some positions, to exercise the reports."""

    def __init__(self, mode: str, args):
        self.mode, self.args, self.calls, self.seconds, self.refs = mode, args, 0, 0.0, {}
        self.last = {}  # game -> (moves, state) of the previous call, to extend by a move

    def moves(self, spec, moves=(), fen=None):
        self.calls += 1
        if fen is not None:
            raise DagazError("the fake dagaz takes no FEN")
        if spec.name not in self.refs:
            self.refs[spec.name] = spec.referees[0][2](self.args)
        ref = self.refs[spec.name]
        moves = list(moves)
        done, state = self.last.get(spec.name, ([], None))
        if state is None or done != moves[: len(done)]:
            done, state = [], ref.new()
        state = ref.clone(state)
        for i, m in enumerate(moves[len(done):], len(done) + 1):
            legal = ref.legal(state)
            if m not in legal:
                raise DagazError(f"--moves: move {i} ({m}) is not legal here")
            state = ref.play(state, legal[m])
        self.last[spec.name] = (moves, ref.clone(state))
        out = sorted(set(ref.legal(state)) - (ref.forbidden(state) if hasattr(ref, "forbidden") else set()))
        if self.mode == "faulty" and out and len(moves) % 37 == 5:
            out = out[1:] + ["zz99"]
        return out, (None if out else "no legal moves (fake)")


# ---------------------------------------------------------------------------
# the differential run
# ---------------------------------------------------------------------------


def play_game(spec, referees, dagaz, args, game_index, budget, report, superko):
    """One random game; returns (positions compared, how it ended). Each position where the
    driving referee lists moves that bring back an earlier board (Go) is added to `superko`."""
    rng = random.Random(f"{args.seed}:{spec.name}:{game_index}")
    states = [r.new() for r in referees]
    active = [True] * len(referees)
    history = []  # the moves played, in dagaz notation
    compared = 0
    for ply in range(args.max_plies + 1):
        if compared >= budget:
            return compared, "cut (position budget)"
        legal, forbidden = [], []
        for i, r in enumerate(referees):
            if not active[i]:
                legal.append(None)
                forbidden.append(set())
                continue
            try:
                legal.append(r.legal(states[i]))
                forbidden.append(r.forbidden(states[i]) if hasattr(r, "forbidden") else set())
            except Exception as exc:
                report(spec, r.label, "referee", game_index, history, r.show(states[i]),
                       error=f"referee error: {type(exc).__name__}: {exc}")
                if i == 0:
                    return compared + 1, "stopped (referee error)"
                active[i] = False
                legal[i:] = [None]
                forbidden[i:] = [set()]
        if forbidden[0]:
            superko.append({"game_index": game_index, "ply": len(history), "moves": list(history),
                            "forbidden": sorted(forbidden[0])})
        views = []
        if args.via in ("moves", "both") or not referees[0].has_fen:
            views.append(("moves", None))
        if args.via in ("fen", "both") and referees[0].has_fen:
            views.append(("fen", referees[0].fen(states[0])))
        dagaz_moves = None
        for view, fen in views:
            try:
                dz, end = dagaz.moves(spec, history, fen)
            except DagazError as exc:
                report(spec, referees[0].label, view, game_index, history, referees[0].show(states[0]),
                       error=f"dagaz error: {exc}")
                return compared + 1, "stopped (dagaz error)"
            dz_set = set(dz)
            dupes = sorted(m for m, c in Counter(dz).items() if c > 1)
            if end is not None and dz:
                dupes.append(f"(moves and an end line: {end})")
            for i, r in enumerate(referees):
                if legal[i] is None:
                    continue
                # The referee's whole list: dagaz lists all of it but the moves that bring back
                # an earlier board, and none of those.
                ref_set = set(legal[i]) - forbidden[i]
                if hasattr(r, "reconcile"):
                    ref_set = r.reconcile(states[i], ref_set, dz_set)
                if ref_set != dz_set or dupes:
                    report(spec, r.label, view, game_index, history, r.show(states[i]),
                           only_dagaz=sorted(dz_set - ref_set), only_referee=sorted(ref_set - dz_set),
                           dupes=dupes, repeats=sorted(dz_set & forbidden[i]))
            if view == "moves" or dagaz_moves is None:
                dagaz_moves = dz_set
        compared += 1
        primary = legal[0]
        if not primary:
            return compared, "ended (the referee has no move)"
        if ply == args.max_plies:
            return compared, "cut (--max-plies)"
        common = sorted(set(primary) & dagaz_moves)
        if not common:
            return compared, "stopped (no move both list)"
        if args.pass_weight == 1 or "pass" not in common or len(common) == 1:
            move = rng.choice(common)
        else:
            move = rng.choices(common, [args.pass_weight if m == "pass" else 1 for m in common])[0]
        for i, r in enumerate(referees):
            if not active[i]:
                continue
            if move in legal[i]:
                states[i] = r.play(states[i], legal[i][move])
            else:
                active[i] = False  # reported above; this referee sits the rest of the game out
        history.append(move)
    return compared, "cut (--max-plies)"


def run_spec(spec, dagaz, args, disagreements):
    referees = [make(args) for _, _, make in spec.referees]
    per_game = Counter()
    shown = [0]

    def report(spec_, label, view, game_index, history, board, error=None, only_dagaz=(),
               only_referee=(), dupes=(), repeats=()):
        rec = {"game": spec_.name, "referee": label, "view": view, "game_index": game_index,
               "seed": f"{args.seed}:{spec_.name}:{game_index}", "ply": len(history),
               "moves": list(history), "board": board, "error": error,
               "only_dagaz": list(only_dagaz), "only_referee": list(only_referee), "dupes": list(dupes),
               "repeats": list(repeats)}
        disagreements.append(rec)
        per_game["disagreements"] += 1
        if shown[0] >= args.show:
            return
        shown[0] += 1
        print(f"DISAGREEMENT {spec_.name} vs {label} (dagaz given the {view}), game {game_index} "
              f"(seed {rec['seed']}), ply {len(history)}")
        print(f"  moves: {' '.join(history) or '(start)'}")
        for line in board.splitlines():
            print(f"  | {line}")
        if error:
            print(f"  {error}")
        else:
            print(f"  only dagaz:   {' '.join(only_dagaz) or '-'}")
            print(f"  only referee: {' '.join(only_referee) or '-'}")
            if dupes:
                print(f"  dagaz lists twice: {' '.join(dupes)}")
            if repeats:
                print(f"  of which bring back an earlier board (superko): {' '.join(repeats)}")

    t0 = time.perf_counter()
    calls0, seconds0 = dagaz.calls, dagaz.seconds
    compared, games, endings, superko = 0, 0, Counter(), []
    while compared < args.positions:
        n, how = play_game(spec, referees, dagaz, args, games, args.positions - compared, report,
                           superko)
        compared += n
        games += 1
        endings[how] += 1
    dt = time.perf_counter() - t0
    return {
        "game": spec.name, "file": spec.file, "referees": [r.label for r in referees],
        "positions": compared, "games": games, "endings": dict(endings),
        "disagreements": per_game["disagreements"],
        "superko_positions": len(superko), "superko_moves": sum(len(p["forbidden"]) for p in superko),
        "superko": superko,
        "dagaz_calls": dagaz.calls - calls0, "dagaz_seconds": round(dagaz.seconds - seconds0, 2),
        "seconds": round(dt, 2),
    }


def run_draughts(variants, args) -> int:
    games = max(1, math.ceil(args.positions / 60))  # about 60 distinct positions a game
    cmd = [sys.executable, str(REPO / "scripts" / "draughts_differential.py"), "--variants", *variants,
           "--games", str(games), "--seed", str(args.seed), "--dagaz", str(args.dagaz)]
    print(f"draughts: {' '.join(cmd[1:])}", flush=True)
    return subprocess.run(cmd, cwd=REPO).returncode


# ---------------------------------------------------------------------------
# main
# ---------------------------------------------------------------------------


def list_games():
    print(f"{'game':<18}{'file':<30}{'exists':<8}referees")
    for s in GAMES.values():
        exists = "yes" if (REPO / s.file).exists() else "no"
        refs = ", ".join(f"{label} ({PINS.get(lib, 'this repository')})" for lib, label, _ in s.referees)
        print(f"{s.name:<18}{s.file:<30}{exists:<8}{refs}")
        if s.note:
            print(f"{'':<18}mapping: {s.note}")
    for v in DRAUGHTS:
        f = f"games/{v}.game"
        exists = "yes" if (REPO / f).exists() else "no"
        print(f"{v:<18}{f:<30}{exists:<8}pydraughts (scripts/draughts_differential.py)")
    print("pyffish:VARIANT[:FILE]: any Fairy-Stockfish variant against FILE (default games/VARIANT.game)")


def referee_perft(specs, depth: int) -> int:
    """Each referee's perft from the start, to `depth`: a line per game, referee and depth."""

    def count(r, state, d):
        legal = r.legal(state)
        if hasattr(r, "distinct"):
            legal = r.distinct(state, legal)
        if d == 1:
            return len(legal)
        return sum(count(r, r.play(r.clone(state), m), d - 1) for m in legal.values())

    for spec in specs:
        for lib, label, make in spec.referees:
            r = make(argparse.Namespace(go_superko=""))
            for d in range(1, depth + 1):
                print(f"{spec.name}\t{d}\t{count(r, r.new(), d)}\t{r.label}", flush=True)
    return 0


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="Compare dagaz's legal moves with a referee library's "
                                "along seeded random games (see the module docstring).")
    p.add_argument("games", nargs="*", metavar="GAME", help="games to check (see --list)")
    p.add_argument("--list", action="store_true", help="list the known games and their referees")
    p.add_argument("--positions", type=int, default=1000, help="positions to compare per game (default 1000)")
    p.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    p.add_argument("--max-plies", type=int, default=200, help="longest game, in plies (default 200)")
    p.add_argument("--via", choices=["moves", "fen", "both"], default="both",
                   help="how dagaz gets each position: the moves from the start, the referee's FEN, "
                   "or both (default; games whose referee has no FEN always use the moves)")
    p.add_argument("--pass-weight", type=float, default=1.0,
                   help="how likely the random player passes, against 1 for each other move (default 1; "
                   "0: only when nothing else is legal). Go's games go on longer with less, and meet "
                   "positional superko more often")
    p.add_argument("--show", type=int, default=10, help="disagreements printed in full per game (default 10)")
    p.add_argument("--dagaz", type=Path, default=TARGET / "release" / "dagaz",
                   help="dagaz binary (default target/release/dagaz, or under $CARGO_TARGET_DIR; "
                   "built with cargo build --release -p dagaz-cli when missing)")
    p.add_argument("--build", action="store_true", help="run cargo build --release -p dagaz-cli first")
    p.add_argument("--fake-dagaz", choices=["echo", "faulty"],
                   help="test the referee side alone: a stand-in for dagaz that answers the referee's "
                   "own moves in the canonical form (faulty: with some moves wrong)")
    p.add_argument("--json", type=Path, help="also write the counts and disagreements to this file")
    p.add_argument("--perft", type=int, metavar="DEPTH",
                   help="print each referee's start-position perft to DEPTH (its legal moves, counted "
                   "move by move), then stop: the counts tests/data/games-perft.tsv records")
    p.add_argument("--self-test", action="store_true",
                   help="check the OpenSpiel mappings against OpenSpiel's printed boards, then stop")
    args = p.parse_args(argv)
    if not args.list and not args.games and not args.self_test:
        p.error("name at least one GAME (or --list, --self-test)")
    if not args.pass_weight >= 0:
        p.error("--pass-weight must be 0 or more")
    for g in args.games:
        if resolve(g) is None and g not in DRAUGHTS:
            p.error(f"unknown game {g!r}; see --list")
    return args


def main(argv=None) -> int:
    args = parse_args(argv)
    if args.list:
        list_games()
        return 0
    specs = [resolve(g) for g in args.games if g not in DRAUGHTS]
    draughts = [g for g in args.games if g in DRAUGHTS]
    pins = sorted({PINS[lib] for s in specs for lib in s.libraries if lib in PINS})
    if args.self_test:
        pins = sorted(set(pins) | {PINS["open_spiel"]})
    if pins:
        support.ensure_venv_and_reexec(VENV, pins, IN_VENV_FLAG, __file__)
    if args.self_test:
        return self_test(args)
    if args.perft is not None:
        return referee_perft(specs, args.perft)

    status = 0
    if not args.fake_dagaz:
        for spec in [s for s in specs if not (REPO / s.file).exists()]:
            print(f"{spec.name}: SKIPPED, {spec.file} does not exist")
            specs.remove(spec)
            status = 2
    if args.fake_dagaz:
        args.via = "moves"
        dagaz = FakeDagaz(args.fake_dagaz, args)
        print(f"dagaz: a fake ({args.fake_dagaz}) that answers the referee's own moves")
    elif specs:
        support.ensure_dagaz(args.dagaz.resolve(), args.build)
        dagaz = Dagaz(support.snapshot_dagaz(args.dagaz.resolve()))
        print(f"dagaz: {args.dagaz.resolve()} (run from a private copy)")
    print(f"seed {args.seed}; {args.positions} positions per game; at most {args.max_plies} plies a game; "
          f"dagaz given the {args.via if args.via != 'both' else 'moves and the FEN'}", flush=True)

    disagreements, results = [], []
    for spec in specs:
        res = run_spec(spec, dagaz, args, disagreements)
        results.append(res)
        recon = (f"{res['superko_positions']} positions had moves that bring back an earlier board "
                 f"({res['superko_moves']} moves: listed by the referee, which ends the game there, "
                 f"and by dagaz not)") if res["superko_positions"] else ""
        endings = ", ".join(f"{how}: {n}" for how, n in sorted(res["endings"].items()))
        print(f"{spec.name}: {res['positions']} positions compared, {res['games']} games ({endings}), "
              f"{res['disagreements']} disagreements; {res['seconds']:.1f} s ({res['dagaz_calls']} dagaz "
              f"calls: {res['dagaz_seconds']:.1f} s); referees: {', '.join(res['referees'])}"
              + (f"; superko: {recon}" if recon else ""), flush=True)

    if disagreements:
        status = 1
    if draughts:
        rc = run_draughts(draughts, args)
        if rc == 1:
            status = 1
        elif rc != 0:
            status = max(status, rc) if status != 1 else 1
    if args.json:
        args.json.write_text(json.dumps({"results": results, "disagreements": disagreements}, indent=1))
    print("RESULT:", "no disagreements" if status == 0 else
          "disagreements (see above)" if status == 1 else "setup error (see above)")
    return status


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
