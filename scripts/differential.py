#!/usr/bin/env python3
"""Differential test: dagaz's legal moves against an independent referee library, at every
position of seeded random games.

    python3 scripts/differential.py chess                        # 1,000 positions
    python3 scripts/differential.py chess othello --positions 3000 --seed 7
    python3 scripts/differential.py --list                       # games, files, referees
    python3 scripts/differential.py pyffish:makruk:games/makruk.game   # any Fairy-Stockfish variant
    python3 scripts/differential.py chess960 --random-960 --max-plies 30   # a Chess960 array a game
    python3 scripts/differential.py chess --interpreter          # dagaz without its compiled chains

For each GAME the script plays random games: at every position it asks the referee for its
legal moves and dagaz for its own (`dagaz moves GAME.game --moves m1 m2 ...`, one process per
position, 2-6 ms each; with `--via fen` or `both` also `dagaz moves --fen FEN` with the
referee's FEN), maps both into one canonical form (the move as dagaz writes it), compares the
two sets and plays a move chosen at random among those both list. When the referee says the
game is over, dagaz must list no move (exit code 1, `game over — ...` on standard error). A game ends there, or after
--max-plies plies. Games are played until --positions positions have been compared. A game
starts from the game's start, or from a FEN given to both sides (`--start-fen`, or a Chess960
array drawn for each game with `--random-960`; dagaz then gets `--fen START --moves ...`).

Referees (pinned; installed on first use into scripts/.venv/differential, git-ignored, and the
script re-runs itself there):
  pyffish 0.0.90 (Fairy-Stockfish)   chess and its variants, by variant name
  chess 1.11.2 (python-chess)         the same games, a second referee where it knows them
  open_spiel 2.0.2 (OpenSpiel)        tic-tac-toe, connect four, othello, breakthrough, hex, go,
                                      gomoku, clobber, ultimate tic-tac-toe, y, havannah, pentago,
                                      lines of action, nine men's morris, chinese checkers,
                                      dots and boxes
  python-shogi 1.1.1                  shogi (with pyffish's shogi as a second referee)
  pydraughts 0.6.7                    the draughts games: dispatched to draughts_differential.py
  this repository (class Own)         games no library knows: move generators of our own, written
                                      from the rules alone, no package: classic_referees.py (tafl:
                                      brandubh, tablut, hnefatafl; konane; halma) and one
                                      scripts/GAME_referee.py each (alquerque, fanorona, surakarta)

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
import importlib
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
import classic_referees  # noqa: E402
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
OWN = "this repository"  # the move generators of scripts/ (class Own): no package, nothing to pin
TARGET = Path(os.environ.get("CARGO_TARGET_DIR") or REPO / "target")
FILES = "abcdefghijklmnopqrstuvwxyz"
GO_COLUMNS = "abcdefghjklmnopqrst"  # Go skips the letter i, as dagaz's Go boards do


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

    def new(self, start=None):
        # The moves are from `self.start`: a game from another start (Chess960) sets it anew.
        self.start = start or self.sf.start_fen(self.variant)
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


class PyffishNullPass(Pyffish):
    """Fairy-Stockfish for a game whose pass is its own general's null move: Janggi writes it
    `e2e2`, and the game file writes it so too (the general stays put, so not while in check)."""

    def legal(self, moves) -> dict:
        ms = self.sf.legal_moves(self.variant, self.start, moves)
        if ms and self.sf.is_immediate_game_end(self.variant, self.start, moves)[0]:
            return {}
        # Janggi's 100 plies without a capture end the game by the count: a claim in
        # Fairy-Stockfish (`is_optional_game_end`), automatic in the game file.
        if ms and int(self.fen(moves).split()[4]) >= 100:
            return {}
        return {m: m for m in ms}


class PythonChess:
    """python-chess (and its chess.variant boards); moves are `Move.uci()` strings."""

    library = "python-chess"
    has_fen = True

    def __init__(self, variant: str):
        import chess
        import chess.variant

        self.chess960 = variant == "chess960"
        self.cls = chess.Board if variant in ("chess", "chess960") else chess.variant.find_variant(variant)
        self.label = f"python-chess {_version('chess')} {variant if self.chess960 else self.cls.uci_variant}"

    def new(self, start=None):
        # Chess960 writes castling as the king taking its rook (`e1h1`), as Fairy-Stockfish does.
        if start is None:
            return self.cls(chess960=self.chess960)
        return self.cls(start, chess960=self.chess960)

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


def _usi_square(square: str, n: int = 9, ranks: int = 0) -> str:
    """Fairy-Stockfish's shogi square on a board of n files and `ranks` ranks (n x n when 0;
    `c3`: file a at Black's left, rank 1 at Black's side) as USI writes it (`7g`: file n at
    Black's left, rank a at White's side)."""
    return f"{n - (ord(square[0]) - ord('a'))}{chr(ord('a') + (ranks or n) - int(square[1:]))}"


def _usi(move: str, n: int = 9, ranks: int = 0) -> str:
    """A Fairy-Stockfish shogi move as USI: `c3c4` -> `7g7f`, `b2h8+` -> `8h2b+`,
    `P@e5` -> `P*5e`."""
    if "@" in move:
        letter, square = move.split("@")
        return f"{letter.upper()}*{_usi_square(square, n, ranks)}"
    promote = "+" if move.endswith("+") else ""
    body = move.rstrip("+=")
    squares = re.findall(r"[a-i][0-9]", body)
    return "".join(_usi_square(s, n, ranks) for s in squares) + promote


class PyffishShogi(Pyffish):
    """Fairy-Stockfish's shogi, its moves turned into USI; played by moves (its FEN is not
    SFEN)."""

    has_fen = False

    def __init__(self, variant: str = "shogi", size: int = 9, ranks: int = 0):
        super().__init__(variant)
        self.size, self.ranks = size, ranks

    def legal(self, moves) -> dict:
        ms = self.sf.legal_moves(self.variant, self.start, moves)
        if ms and self.sf.is_immediate_game_end(self.variant, self.start, moves)[0]:
            return {}
        return {_usi(m, self.size, self.ranks): m for m in ms}


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


class Own:
    """A move generator of this repository for a game no library knows: a module
    `scripts/GAME_referee.py`, or an instance of a class of `scripts/classic_referees.py` (tafl,
    konane, halma). It is written from the rules alone, shares no code with dagaz and needs no
    package; it answers in the canonical form itself. It has `start()` (the start position),
    `legal(state)` ({notation: move}; empty when the game is over), `play(state, move)` (a new
    state; the old one is left as it was) and `show(state)`; no FEN, so dagaz gets the moves.

    A game whose moves are one per outcome (the dagaz game's `(unique-moves actions)`: the same
    start, end and pieces taken, by whatever path) has `outcome(move)` too: the referee lists
    every path, and `reconcile` asks dagaz for exactly one path of each outcome."""

    library = OWN
    has_fen = False

    def __init__(self, generator, label: str):
        self.g, self.label = generator, label

    def new(self):
        return self.g.start()

    def clone(self, state):
        return state

    def legal(self, state) -> dict:
        return self.g.legal(state)

    def play(self, state, action):
        return self.g.play(state, action)

    def distinct(self, state, legal: dict) -> dict:
        """One move per outcome (the first path of each), for perft."""
        if not hasattr(self.g, "outcome"):
            return legal
        out = {}
        for key, move in legal.items():
            out.setdefault(self.g.outcome(move), (key, move))
        return dict(out.values())

    def reconcile(self, state, ref_set: set, dz_set: set) -> set:
        """The referee's list as dagaz must give it: where moves are one per outcome, each
        outcome's paths stand for one move, and the path dagaz lists, when it lists exactly one
        of them, is that move; an outcome of which dagaz lists none or several paths is kept
        whole, so that the comparison reports it."""
        if not hasattr(self.g, "outcome"):
            return ref_set
        legal = self.g.legal(state)
        groups = {}
        for key in ref_set:
            groups.setdefault(self.g.outcome(legal[key]), set()).add(key)
        out = set()
        for paths in groups.values():
            listed = paths & dz_set
            out |= listed if len(listed) == 1 else paths
        return out

    def fen(self, state):
        return None

    def show(self, state) -> str:
        return self.g.show(state)


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


def _lines_of_action(state, text, n):
    m = re.fullmatch(r"([a-h][1-8])[-x]([a-h][1-8])", text)  # b1-b3, a capture c1xa3
    return "".join(m.groups())  # rank 1 is already the bottom printed row


def _hex(state, text, n):
    m = re.fullmatch(r"([a-z])(\d+)", text)  # row 1 is the TOP printed row
    return f"{m.group(1)}{n + 1 - int(m.group(2))}"


def _uttt(state, text, n):
    # "Local board B: x(r,c)": board B = 3 * its row + its column in the big board, row 0 at the top
    m = re.fullmatch(r"Local board (\d): [xo]\((\d),(\d)\)", text)
    board, r, c = (int(g) for g in m.groups())
    return f"{FILES[3 * (board % 3) + c]}{n - 3 * (board // 3) - r}"


def _uttt_turn(state, texts, n):
    # A free choice is a turn of two actions, "Choose local board B" then the cell; the move is
    # the cell's. A forced board is the cell's action alone.
    *choice, last = texts
    if choice and (len(choice) > 1 or not re.fullmatch(r"Choose local board \d", choice[0])):
        raise ValueError(f"not a choice of board and its cell: {texts}")
    return _uttt(state, last, n)


# OpenSpiel's pentago turns: the letter after the cell, s-z, names the quadrant and the way.
PENTAGO_TURNS = dict(zip("stuvwxyz", ["nwL", "nwR", "neL", "neR", "seL", "seR", "swL", "swR"]))


def _pentago(state, text, n):
    m = re.fullmatch(r"([a-f])(\d)([s-z])", text)  # row 1 is the TOP printed row
    return f"{m.group(1)}{n + 1 - int(m.group(2))}{PENTAGO_TURNS[m.group(3)]}"


def pentago_after(grid, move, mark):
    """The printed board (rows top to bottom) after the canonical `move` by the player whose
    marble prints as `mark`: the marble on its cell, then the quadrant turned."""
    rows = [list(r) for r in grid]
    cell, quadrant, way = move[:2], move[2:4], move[4]
    rows[6 - int(cell[1])][FILES.index(cell[0])] = mark
    top, left = (0 if quadrant[0] == "n" else 3), (0 if quadrant[1] == "w" else 3)
    block = [[rows[top + r][left + c] for c in range(3)] for r in range(3)]
    for r in range(3):
        for c in range(3):  # clockwise: (r, c) comes from (2 - c, r); anticlockwise from (c, 2 - r)
            rows[top + r][left + c] = block[2 - c][r] if way == "R" else block[c][2 - r]
    return ["".join(r) for r in rows]


def _dots(state, text, n):
    # P1(h,r,c): the line across from dot (r, c) to (r, c + 1); P1(v,r,c): down from (r, c) to
    # (r + 1, c); dot row 0 at the top. The canonical grid has the dots on odd files and ranks.
    m = re.fullmatch(r"P[12]\(([hv]),(\d+),(\d+)\)", text)
    kind, r, c = m.group(1), int(m.group(2)), int(m.group(3))
    if kind == "h":
        return f"{FILES[2 * c + 1]}{2 * n + 1 - 2 * r}"
    return f"{FILES[2 * c]}{2 * n - 2 * r}"


def _go(state, text, n):
    colour, point = text.split(" ", 1)  # "B d4", "W PASS"; rank 1 is the bottom printed row
    if point == "PASS":
        return "pass"
    m = re.fullmatch(r"([a-hj-t])(\d+)", point.lower())
    return f"{m.group(1)}{m.group(2)}"  # GTP's point, as dagaz names it


def _mancala(state, text, n):
    pit = int(text)  # 0 North's store, 1-6 South's pits, 7 South's store, 8-13 North's pits
    return f"{FILES[pit]}1" if pit < 7 else f"{FILES[14 - pit]}2"


def _oware(state, text, n):
    if text.isupper():  # South's houses A-F, left to right
        return f"{FILES[ord(text) - ord('A') + 1]}1"
    return f"{FILES[6 - (ord(text) - ord('a'))]}2"  # North's a-f from its left: g2 to b2


class OpenSpiel:
    """An OpenSpiel game; `mapper(state, action_string, size)` gives the canonical move.

    Go: OpenSpiel lists a placement that brings back an earlier whole board (positional superko)
    as legal, and ends the game there as a draw; dagaz's Go forbids it. With superko=True the
    referee keeps its own record of the boards of the game (as OpenSpiel prints them), and
    `forbidden(state)` names the placements of its list whose board is in that record; each must
    be one that OpenSpiel ends the game at, and the other way round, or it is a referee error.
    The comparison then takes OpenSpiel's whole list: dagaz must list every move of it but the
    forbidden ones, and none of those.

    With `turns=True`, a move is a turn: the actions from one that the player to move takes, for
    as long as the same player stays to move (Ultimate tic-tac-toe's choice of a small board, then
    the cell in it; nine men's morris's action that completes a mill, then the removal; chinese
    checkers' chain of hops, ended by a `Pass` or by itself). `legal` lists each turn as one move,
    whose action is the tuple of its actions, and the mapper is given the list of the turn's
    action strings in place of one (`mapper(state, texts, size)`, `state` where the turn starts),
    so each such game writes the joined move its own way; perft counts a turn as one move."""

    library = "open_spiel"
    has_fen = False

    def __init__(self, game: str, mapper, size, superko: bool = False, turns: bool = False):
        import pyspiel

        self.game = pyspiel.load_game(game)
        self.mapper, self.size, self.superko, self.turns = mapper, size, superko, turns
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
            if self.turns:
                self._turn(out, state, player, state, (a,), [text])
            else:
                self._add(out, state, text, a)
        return out

    def _turn(self, out, start, player, state, actions, texts):
        """Adds to `out` every turn that begins with `actions` (taken from `start`; the last of
        them, whose string ends `texts`, from `state`): one move when the player to move changes
        after it (or the game ends), else the turn goes on with each of the player's actions."""
        child = state.child(actions[-1])
        if child.is_terminal() or child.current_player() != player:
            self._add(out, start, texts, actions)
            return
        more = child.legal_actions()
        if not more:
            raise RefereeError(f"{texts} leaves the same player to move with no action")
        for b in more:
            text = child.action_to_string(player, b)
            self._turn(out, start, player, child, actions + (b,), texts + [text])

    def _add(self, out, state, text, action):
        try:
            canon = self.mapper(state, text, self.size)
        except Exception as exc:
            raise RefereeError(f"cannot map {text!r}: {type(exc).__name__}: {exc}")
        if canon in out:
            raise RefereeError(f"two actions map to {canon}: {out[canon]} and {action}")
        out[canon] = action

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
        for a in action if isinstance(action, tuple) else (action,):
            state.apply_action(a)
        return state

    def fen(self, state):
        return None

    def show(self, state) -> str:
        return ("(the board as OpenSpiel prints it; dagaz's rank 1 is its bottom row)\n"
                + str(state).strip("\n"))


# Nine men's morris: OpenSpiel's points 0-23 (row by row from the top of its printed board) on
# a 7x7 grid, file a the leftmost printed column, rank 1 the bottom printed row.
MORRIS_POINTS = ("a7 d7 g7 b6 d6 f6 c5 d5 e5 a4 b4 c4 e4 f4 g4 c3 d3 e3 b2 d2 f2 a1 d1 g1").split()


def _morris(state, text, n):
    m = re.fullmatch(r"Point (\d+)", text)  # a placement (or, after a mill, a removal)
    if m:
        return MORRIS_POINTS[int(m.group(1))]
    m = re.fullmatch(r"Move (\d+) -> (\d+)", text)
    return MORRIS_POINTS[int(m.group(1))] + MORRIS_POINTS[int(m.group(2))]


def _morris_turn(state, texts, n):
    # An action that completes a mill is followed by the same player's removal: d2xg7, a1d1xg7.
    if len(texts) > 2:
        raise ValueError(f"more than a move and its removal: {texts}")
    return "x".join(_morris(state, t, n) for t in texts)


# Chinese checkers: OpenSpiel's holes 0-120 (row by row from the top of its printed star) named by
# their printed column (a-y, one letter per character) and row (17 at the top).
CHECKERS_HOLES = """
    m17 l16 n16 k15 m15 o15 j14 l14 n14 p14 a13 c13 e13 g13 i13 k13 m13 o13 q13 s13 u13 w13 y13
    b12 d12 f12 h12 j12 l12 n12 p12 r12 t12 v12 x12 c11 e11 g11 i11 k11 m11 o11 q11 s11 u11 w11
    d10 f10 h10 j10 l10 n10 p10 r10 t10 v10 e9 g9 i9 k9 m9 o9 q9 s9 u9 d8 f8 h8 j8 l8 n8 p8 r8
    t8 v8 c7 e7 g7 i7 k7 m7 o7 q7 s7 u7 w7 b6 d6 f6 h6 j6 l6 n6 p6 r6 t6 v6 x6 a5 c5 e5 g5 i5
    k5 m5 o5 q5 s5 u5 w5 y5 j4 l4 n4 p4 k3 m3 o3 l2 n2 m1
""".split()


def _checkers_turn(state, texts, n):
    # A step (`3->14`), a pass, or a chain of hops (`3=>14`, each hop an action by the same
    # player, ended by a `Pass` or by itself when no hop is left): the holes it passes through,
    # `j14i13`, `k15m13o11`; a pass alone is `pass`.
    if texts == ["Pass"]:
        return "pass"
    first, *hops = texts
    if hops and hops[-1] == "Pass":
        hops.pop()
    m = re.fullmatch(r"(\d+)(->|=>)(\d+)", first)
    path = CHECKERS_HOLES[int(m.group(1))] + CHECKERS_HOLES[int(m.group(3))]
    if hops and m.group(2) == "->":
        raise ValueError(f"a step goes on: {texts}")
    for text in hops:
        m = re.fullmatch(r"(\d+)=>(\d+)", text)
        if not m:
            raise ValueError(f"a chain goes on with {text!r}")
        path += CHECKERS_HOLES[int(m.group(2))]
    return path


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
    if game in ("breakthrough", "lines-of-action"):
        return [ln[1:] for ln in lines if ln[:1].isdigit()]
    if game == "chinese-checkers":  # 17 rows of 25 characters, a hole every other one
        return [ln.ljust(25) for ln in lines[:17]]
    if game == "nine-mens-morris":  # the points' characters; the lines between them too
        return ["".join(lines[r][c] for c in (0, 2, 4, 7, 10, 12, 14)) for r in range(0, 13, 2)]
    if game == "hex":
        return ["".join(ln.split()) for ln in lines if ln.strip()][:11]
    if game == "go-9x9":
        return [ln.split()[1] for ln in lines if re.match(r"^ ?\d+ ", ln)]
    if game == "dots-and-boxes":  # the lines as drawn, each box three characters wide
        return [ln.ljust(9) for ln in lines[:5]]
    if game == "pentago":
        return [ln[4:15].replace(" ", "") for ln in lines if ln[2:3].isdigit()]
    if game in ("y-5", "havannah-4"):  # a row: its number, then its cells; [O] the last move
        rows = []
        for ln in lines:
            t = ln.replace("[", " ").replace("]", " ").split()
            if t and t[0].isdigit():
                y = int(t[0]) - 1  # Havannah's rows below the middle one begin at file y - 3
                rows.append([" "] * (max(0, y - 3) if game == "havannah-4" else 0)
                            + [c for c in t[1:] if c in ".O@"])
        return rows
    if game == "ultimate-tic-tac-toe":  # three small boards a line, a blank line between bands
        return [ln.replace(" ", "") for ln in lines if re.fullmatch(r"[.xo]{3}( [.xo]{3}){2}", ln)]
    raise ValueError(game)


def cell(grid, square, columns=FILES):
    """The printed cell of a canonical square: file a = leftmost column (`columns` names
    them: Go's skip i), rank 1 = bottom row."""
    return grid[len(grid) - int(square[1:])][columns.index(square[0])]


EMPTY = ".-+"


def self_test(args) -> int:
    """Fixed facts read off OpenSpiel's boards, then random games in which every move's
    canonical square(s) must be where the printed board changes."""
    facts = {
        "tic-tac-toe": ([], {"a3", "b3", "c3", "a2", "b2", "c2", "a1", "b1", "c1"}),
        "connect-four": (["d1", "d2"], {"a1", "b1", "c1", "d3", "e1", "f1", "g1"}),
        "othello": ([], {"c5", "d6", "e3", "f4"}),
        "hex": ([], {f"{f}{r}" for f in FILES[:11] for r in range(1, 12)}),
        "go-9x9": ([], {f"{f}{r}" for f in GO_COLUMNS[:9] for r in range(1, 10)} | {"pass"}),
        "y-5": ([], {f"{f}{r}" for r in range(1, 6) for f in FILES[:r]}),
        "dots-and-boxes": ([], {"a2", "a4", "b1", "b3", "b5", "c2", "c4", "d1", "d3", "d5", "e2", "e4"}),
        "pentago": ([], {f"{f}{r}{t}" for f in FILES[:6] for r in range(1, 7) for t in PENTAGO_TURNS.values()}),
        "havannah-4": ([], {f"{FILES[x]}{8 - y - 1}" for x in range(7) for y in range(7) if abs(x - y) < 4}),
        "ultimate-tic-tac-toe": (["i7"], {f"{f}{r}" for f in "ghi" for r in (1, 2, 3)}),
        "breakthrough": ([], {f"{f}7{g}6" for f in FILES[:8] for g in FILES[:8]
                              if abs(FILES.index(f) - FILES.index(g)) <= 1}),
        # Black's stones on rows 1 and 8 move two squares up or down their column or a
        # diagonal (c1a3, f1h3: the line a3-c1 holds c1 and a3), or six along their row.
        "lines-of-action": ([], {f"{f}{r}{g}{s}" for f in "bcdefg" for (r, s) in (("1", "3"), ("8", "6"))
                                 for g in FILES[:8] if abs(FILES.index(f) - FILES.index(g)) in (0, 2)}
                            | {"b1h1", "g1a1", "b8h8", "g8a8"}),
        # North's marbles step down or hop over the row in front of them.
        "chinese-checkers": ([], set("j14i13 j14k13 k15i13 k15m13 l14k13 l14m13 m15k13 m15o13 "
                                     "n14m13 n14o13 o15m13 o15q13 p14o13 p14q13".split())),
        # White's men on a7, d7 and a4, Black's on c5, d5 and b2: g7 completes the top row,
        # a1 the left column, and either takes any black man (none is in a mill).
        "nine-mens-morris": (["a7", "c5", "d7", "d5", "a4", "b2"],
                             set(MORRIS_POINTS) - {"a7", "c5", "d7", "d5", "a4", "b2", "g7", "a1"}
                             | {f"{p}x{q}" for p in ("g7", "a1") for q in ("c5", "d5", "b2")}),
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
            history = []
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
                elif name == "chinese-checkers":
                    squares = re.findall(r"[a-y]\d+", move)
                    ok = (cell(before, squares[0]) not in EMPTY and cell(after, squares[0]) in EMPTY
                          and cell(before, squares[-1]) in EMPTY
                          and cell(after, squares[-1]) == cell(before, squares[0]))
                elif name == "nine-mens-morris":
                    main, _, gone = move.partition("x")
                    squares = re.findall(r"[a-g]\d", main)
                    ok = cell(after, squares[-1]) not in EMPTY
                    ok = ok and (len(squares) == 1 and cell(before, squares[0]) in EMPTY
                                 or cell(before, squares[0]) not in EMPTY and cell(after, squares[0]) in EMPTY)
                    ok = ok and (not gone or cell(before, gone) not in EMPTY and cell(after, gone) in EMPTY)
                elif name == "dots-and-boxes":
                    fx, y = FILES.index(move[0]), 5 - int(move[1:])
                    at = 4 * (fx // 2) + (fx % 2)  # a line across is three characters
                    width = 3 if fx % 2 else 1
                    seg = [g[y][at:at + width] for g in (before, after)]
                    ok = seg[0] not in ("│", "───") and seg[1] in ("│", "───")
                elif name == "pentago":
                    ok = pentago_after(before, move, "O" if len(history) % 2 == 0 else "@") == after
                    history.append(move)
                elif name in ("breakthrough", "lines-of-action"):
                    fr, to = re.fullmatch(r"([a-z]\d+)([a-z]\d+)", move).groups()
                    ok = (cell(before, fr) not in EMPTY and cell(after, fr) in EMPTY
                          and cell(after, to) == cell(before, fr))
                else:
                    columns = GO_COLUMNS if name == "go-9x9" else FILES
                    ok = cell(before, move, columns) in EMPTY and cell(after, move, columns) not in EMPTY
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


def pyffish_spec(name, variant, file=None, python_chess=None, null_pass=False):
    make = PyffishNullPass if null_pass else Pyffish
    refs = [("pyffish", f"pyffish {variant}", lambda a: make(variant))]
    if python_chess:
        refs.append(("python-chess", f"python-chess {python_chess}", lambda a: PythonChess(python_chess)))
    return Spec(name, file or f"games/{name}.game", refs)


def own_spec(name, label, make, note=""):
    """A game checked against a move generator of this repository (`Own`), which `make()` gives: a
    module `scripts/GAME_referee.py`, or an instance of a class of `scripts/classic_referees.py`."""
    return Spec(name, f"games/{name}.game", [(OWN, label, lambda a: Own(make(), label))], note)


def own_module(module):
    """`make` for `own_spec`: the module `scripts/MODULE.py`, imported when first needed."""
    return lambda: importlib.import_module(module)


def openspiel_spec(name, game, mapper, size, note="", turns=False):
    def make(args):
        return OpenSpiel(game, mapper, size, superko=mapper is _go, turns=turns)

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
        pyffish_spec("capablanca", "capablanca"),
        pyffish_spec("shatranj", "shatranj"),
        pyffish_spec("chaturanga", "chaturanga"),
        pyffish_spec("extinction", "extinction"),
        pyffish_spec("losers", "losers"),
        pyffish_spec("grand", "grand"),
        pyffish_spec("minixiangqi", "minixiangqi"),
        pyffish_spec("janggi", "janggi", null_pass=True),  # bikjang is a turn variable: --via moves
        pyffish_spec("amazons", "amazons"),  # its FEN writes arrows as `*`: run with --via moves
        pyffish_spec("chess960", "fischerandom", python_chess="chess960"),
        pyffish_spec("racing-kings", "racingkings", python_chess="racingkings"),
        pyffish_spec("seirawan", "seirawan"),
        Spec("shogi", "games/shogi.game", [
            ("python-shogi", "python-shogi shogi", lambda a: PythonShogi()),
            ("pyffish", "pyffish shogi", lambda a: PyffishShogi()),
        ]),
        Spec("minishogi", "games/minishogi.game", [
            ("pyffish", "pyffish minishogi", lambda a: PyffishShogi("minishogi", 5)),
        ]),
        Spec("dobutsu", "games/dobutsu.game", [
            ("pyffish", "pyffish dobutsu", lambda a: PyffishShogi("dobutsu", 3, 4)),
        ]),
        openspiel_spec("tic-tac-toe", "tic_tac_toe", _ttt, 3, "x(r,c) -> file c, rank 3-r"),
        openspiel_spec("gomoku", "gomoku", _gomoku, 15, "r,c -> file c, rank 15-r"),
        openspiel_spec("clobber", "clobber", _as_is, 5, "a5b5 as is (rank 1 the bottom printed row)"),
        openspiel_spec("connect-four", "connect_four", _connect_four, (6, 7),
                       "column c -> the square the disc lands on"),
        openspiel_spec("othello", "othello", _othello, 8, "d3 -> d6 (rank 9-r); pass -> pass"),
        openspiel_spec("breakthrough", "breakthrough", _breakthrough, 8, "a7a6 as is, capture's * dropped"),
        openspiel_spec("hex", "hex(board_size=11)", _hex, 11, "a1 -> a11 (rank 12-r)"),
        openspiel_spec("nine-mens-morris", "nine_mens_morris", _morris_turn, 7,
                       "Point 0 -> a7 (row by row from the top); Move 0 -> 1 -> a7d7; a removal after "
                       "a mill joins its move: d2xg7", turns=True),
        openspiel_spec("chinese-checkers", "chinese_checkers", _checkers_turn, 17,
                       "3->14 -> j14i13 (printed column a-y, row 17 at the top); a chain of hops and "
                       "its Pass join: k15m13o11", turns=True),
        openspiel_spec("lines-of-action", "lines_of_action", _lines_of_action, 8,
                       "b1-b3, c1xa3 -> b1b3, c1a3 (rank 1 the bottom printed row)"),
        openspiel_spec("mancala", "mancala", _mancala, 6, "pit 1-6 -> b1-g1, 8-13 -> g2-b2"),
        openspiel_spec("oware", "oware", _oware, 6, "house A-F -> b1-g1, a-f -> g2-b2"),
        openspiel_spec("go-9x9", "go(board_size=9,max_game_length=100000)", _go, 9,
                       "B j9 -> i9 (no letter skipped); PASS -> pass"),
        openspiel_spec("go-13x13", "go(board_size=13,max_game_length=100000)", _go, 13,
                       "B n13 -> m13 (no letter skipped); PASS -> pass"),
        openspiel_spec("go-19x19", "go(board_size=19,max_game_length=100000)", _go, 19,
                       "B t19 -> s19 (no letter skipped); PASS -> pass"),
        openspiel_spec("ultimate-tic-tac-toe", "ultimate_tic_tac_toe", _uttt_turn, 9,
                       "a choice of board and the cell in it are one move; Local board B: x(r,c) -> "
                       "file 3*(B%3)+c, rank 9-3*(B//3)-r", turns=True),
        own_spec("brandubh", "classic_referees.py brandubh", lambda: classic_referees.Tafl("brandubh")),
        own_spec("tablut", "classic_referees.py tablut", lambda: classic_referees.Tafl("tablut")),
        own_spec("hnefatafl", "classic_referees.py hnefatafl", lambda: classic_referees.Tafl("hnefatafl")),
        own_spec("konane", "classic_referees.py konane 8x8", lambda: classic_referees.Konane(8)),
        own_spec("halma", "classic_referees.py halma 8x8", classic_referees.Halma),
        own_spec("alquerque", "scripts/alquerque_referee.py", own_module("alquerque_referee"),
                 "c2-c3, c1xc3xe5 as is"),
        own_spec("fanorona", "scripts/fanorona_referee.py", own_module("fanorona_referee"),
                 "e2-e3, f2-e3A-d3W as is; one path per outcome"),
        openspiel_spec("pentago", "pentago", _pentago, 6,
                       "a1s -> a6nwL: the cell (rank 7-r), then s-z as the quadrant and the way "
                       "(s nwL, t nwR, u neL, v neR, w seL, x seR, y swL, z swR)"),
        openspiel_spec("dots-and-boxes", "dots_and_boxes", _dots, 2,
                       "P1(h,r,c) -> file 2c+1, rank 5-2r; P1(v,r,c) -> file 2c, rank 4-2r "
                       "(the grid of dots, lines and boxes, dots on odd files and ranks)"),
        openspiel_spec("y-5", "y(board_size=5)", _hex, 5, "c1 -> c5 (rank 6-r; row 1, the long one, on top)"),
        openspiel_spec("havannah-4", "havannah(board_size=4)", _hex, 7,
                       "d1 -> d7 (rank 8-r; row 1 on top)"),
        own_spec("surakarta", "scripts/surakarta_referee.py", own_module("surakarta_referee"),
                 "b2-c3, b2xe6 as is"),
    ]
}
DRAUGHTS = ["international", "english", "russian", "brazilian", "italian", "frisian",
            "turkish", "frysk", "antidraughts", "breakthrough-draughts"]  # draughts_differential.py


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


DagazError = support.DagazError


class Dagaz:
    def __init__(self, binary: Path, flags=()):
        """`flags` go before each subcommand (`--interpreter`)."""
        self.command = [str(binary), *flags]
        self.calls, self.seconds = 0, 0.0

    def moves(self, spec, moves=(), fen=None, start=None):
        args = [*self.command, "moves", spec.file]
        if fen is not None:
            args += ["--fen", fen]
        elif start is not None:
            args += ["--fen", start]
        if fen is None and moves:
            args += ["--moves", *moves]
        self.calls += 1
        t = time.perf_counter()
        r = subprocess.run(args, cwd=REPO, capture_output=True, text=True, timeout=120)
        self.seconds += time.perf_counter() - t
        return support.moves_answer(r)


class FakeDagaz:
    """Stands in for dagaz to test the referee side alone: replays the move list (dagaz
    notation) on a fresh referee, which needs the canonical form mapped back to the
    referee's action, and answers the referee's own moves in the canonical form. `faulty`
    also drops one move and adds a bogus one at some positions, to exercise the reports."""

    def __init__(self, mode: str, args):
        self.mode, self.args, self.calls, self.seconds, self.refs = mode, args, 0, 0.0, {}
        self.last = {}  # game -> (moves, state) of the previous call, to extend by a move

    def moves(self, spec, moves=(), fen=None, start=None):
        self.calls += 1
        if fen is not None or start is not None:
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


def chess960_array(rng) -> str:
    """A Chess960 first row, drawn with `rng`: the bishops on squares of both colours, the queen
    and the knights on any of the rest, the king between the rooks on the last three."""
    row = [None] * 8
    row[rng.choice(range(0, 8, 2))] = "b"
    row[rng.choice(range(1, 8, 2))] = "b"
    for piece in "qnn":
        row[rng.choice([i for i in range(8) if row[i] is None])] = piece
    for i, piece in zip([i for i in range(8) if row[i] is None], "rkr"):
        row[i] = piece
    return "".join(row)


def start_fen(args, rng, game_index):
    """The FEN a game starts from: `--start-fen`'s in turn, a Chess960 array (`--random-960`),
    or None for the game's own start."""
    if args.random_960:
        row = chess960_array(rng)
        return f"{row}/pppppppp/8/8/8/8/PPPPPPPP/{row.upper()} w KQkq - 0 1"
    if args.start_fen:
        return args.start_fen[game_index % len(args.start_fen)]
    return None


def play_game(spec, referees, dagaz, args, game_index, budget, report, superko):
    """One random game; returns (positions compared, how it ended). Each position where the
    driving referee lists moves that bring back an earlier board (Go) is added to `superko`."""
    rng = random.Random(f"{args.seed}:{spec.name}:{game_index}")
    start = start_fen(args, rng, game_index)
    states = [r.new(start) if start else r.new() for r in referees]
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
                report(spec, r.label, "referee", game_index, history, r.show(states[i]), start=start,
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
                dz, end = dagaz.moves(spec, history, fen, start)
            except DagazError as exc:
                report(spec, referees[0].label, view, game_index, history, referees[0].show(states[0]),
                       start=start, error=f"dagaz error: {exc}")
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
                    report(spec, r.label, view, game_index, history, r.show(states[i]), start=start,
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
        # Shogi's people notation asks 8h2b= where 8h2b+ is legal too (`(notation shogi)`).
        asks = spec.name in ("shogi", "minishogi", "dobutsu") and move + "+" in dagaz_moves
        history.append(move + "=" if asks else move)
    return compared, "cut (--max-plies)"


def run_spec(spec, dagaz, args, disagreements):
    referees = [make(args) for _, _, make in spec.referees]
    per_game = Counter()
    shown = [0]

    def report(spec_, label, view, game_index, history, board, error=None, only_dagaz=(),
               only_referee=(), dupes=(), repeats=(), start=None):
        rec = {"game": spec_.name, "referee": label, "view": view, "game_index": game_index,
               "start": start,
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
        if start:
            print(f"  start: {start}")
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
    if args.interpreter:
        cmd.append("--interpreter")
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
    p.add_argument("--start-fen", action="append", metavar="FEN",
                   help="start the games from this FEN instead of the game's start (repeat it: the games "
                   "take them in turn); the referee and dagaz are given it")
    p.add_argument("--random-960", action="store_true",
                   help="start each game from a Chess960 array drawn with the game's seed (castling "
                   "rights KQkq); with --max-plies of 20-40, a run covers many arrays")
    p.add_argument("--pass-weight", type=float, default=1.0,
                   help="how likely the random player passes, against 1 for each other move (default 1; "
                   "0: only when nothing else is legal). Go's games go on longer with less, and meet "
                   "positional superko more often")
    p.add_argument("--show", type=int, default=10, help="disagreements printed in full per game (default 10)")
    support.add_dagaz_options(p, TARGET / "release" / "dagaz", interpreter=True,
                              where=", or under $CARGO_TARGET_DIR; built with cargo build --release -p "
                              "dagaz-cli when missing")
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
        dagaz = Dagaz(support.private_dagaz(args.dagaz.resolve(), args.build),
                      ["--interpreter"] if args.interpreter else [])
        print(f"dagaz: {args.dagaz.resolve()} (run from a private copy)"
              + (" with --interpreter" if args.interpreter else ""))
    if args.random_960 or args.start_fen:
        print("starts: " + ("a Chess960 array drawn for each game" if args.random_960
                            else f"{len(args.start_fen)} FEN(s) in turn"))
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
    support.run(main)
