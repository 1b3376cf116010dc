"""Small move generators of our own for the classics no referee library knows: the tafl games
(brandubh, tablut, hnefatafl), konane and halma. Written from the rules as the game files' headers
state them, independently of the .game files (plain Python, no package), so that
`scripts/differential.py` can compare dagaz with them as it does with the libraries.

Each class is a move generator as differential.py drives them (its class `Own`), as the modules
scripts/GAME_referee.py are: `start()`, `legal(state)` (a dict from the move in dagaz's notation
to what `play` takes; empty when the game is over), `play(state, action)` (a new state; the old
one is left as it was) and `show(state)`.

Squares are file letter + rank number, a1 at the bottom left; a state is (board, player to
move) with the board a dict from (file, rank) (0-based) to (owner, kind)."""

FILES = "abcdefghijklmnopqrstuvwxyz"
ORTHOGONAL = ((0, 1), (0, -1), (1, 0), (-1, 0))


def square(x, y):
    return f"{FILES[x]}{y + 1}"


def parse(sq):
    return FILES.index(sq[0]), int(sq[1:]) - 1


def show_board(board, size, player, glyph):
    rows = []
    for y in reversed(range(size[1])):
        rows.append(f"{y + 1:>2} " + " ".join(glyph(board.get((x, y))) for x in range(size[0])))
    rows.append("   " + " ".join(FILES[: size[0]]))
    return "\n".join(rows) + f"\n{player} to move"


# ---------------------------------------------------------------------------
# tafl
# ---------------------------------------------------------------------------

TAFL = {
    # king: "weak" = on or next to the throne, attackers (or the throne) on all four sides,
    # elsewhere two attackers (or an attacker and a hostile square) on opposite sides;
    # "strong" = attackers (or the throne) on all four sides, anywhere.
    # escape: "corners" or "edge".
    "brandubh": dict(
        n=7, king="weak", escape="corners", corners=True,
        black="d1 d2 d6 d7 a4 b4 f4 g4", white="d3 d5 c4 e4"),
    "tablut": dict(
        n=9, king="weak", escape="edge", corners=False,
        black="d1 e1 f1 e2 d9 e9 f9 e8 a4 a5 a6 b5 i4 i5 i6 h5",
        white="e3 e4 e6 e7 c5 d5 f5 g5"),
    "hnefatafl": dict(
        n=11, king="strong", escape="corners", corners=True,
        black="d1 e1 f1 g1 h1 f2 d11 e11 f11 g11 h11 f10 a4 a5 a6 a7 a8 b6 k4 k5 k6 k7 k8 j6",
        white="f4 e5 f5 g5 d6 e6 g6 h6 e7 f7 g7 f8"),
}


class Tafl:
    """A tafl game: rook moves; the throne (and, with corners, the four corners) only for the
    king, the empty throne passable; custodian capture by the move's piece against a piece of
    the mover's (king included) or an empty hostile square (corners; the throne); the king
    taken as `king` says; White wins with the king on an escape square, Black by taking the
    king; a player without a move has lost (the game is over: it has no moves)."""

    def __init__(self, variant):
        spec = TAFL[variant]
        self.variant, self.n, self.king_rule, self.escape = variant, spec["n"], spec["king"], spec["escape"]
        c = self.n // 2
        self.throne = (c, c)
        m = self.n - 1
        self.corners = {(0, 0), (0, m), (m, 0), (m, m)} if spec["corners"] else set()
        self.restricted = self.corners | {self.throne}
        self.board0 = {parse(s): ("Black", "S") for s in spec["black"].split()}
        self.board0.update({parse(s): ("White", "S") for s in spec["white"].split()})
        self.board0[self.throne] = ("White", "K")

    def start(self):
        return (dict(self.board0), "Black")

    def on_board(self, x, y):
        return 0 <= x < self.n and 0 <= y < self.n

    def is_escape(self, p):
        if self.escape == "corners":
            return p in self.corners
        return p[0] in (0, self.n - 1) or p[1] in (0, self.n - 1)

    def over(self, board):
        kings = [p for p, (o, k) in board.items() if k == "K"]
        return not kings or self.is_escape(kings[0])

    def legal(self, state) -> dict:
        board, player = state
        if self.over(board):
            return {}
        out = {}
        for (x, y), (owner, kind) in sorted(board.items()):
            if owner != player:
                continue
            for dx, dy in ORTHOGONAL:
                tx, ty = x + dx, y + dy
                while self.on_board(tx, ty) and (tx, ty) not in board:
                    if kind == "K" or (tx, ty) not in self.restricted:
                        out[square(x, y) + square(tx, ty)] = ((x, y), (tx, ty))
                    tx, ty = tx + dx, ty + dy
        return out

    def hostile(self, board, p, mover):
        """Whether p closes a trap for `mover` on an enemy piece next to it."""
        if not self.on_board(*p):
            return False
        if p in board:
            return board[p][0] == mover
        return p in self.corners or p == self.throne

    def play(self, state, action):
        board, player = state
        board = dict(board)
        frm, to = action
        board[to] = board.pop(frm)
        for dx, dy in ORTHOGONAL:
            v = (to[0] + dx, to[1] + dy)
            if v not in board or board[v][0] == player:
                continue
            far = (v[0] + dx, v[1] + dy)
            if board[v][1] == "S":
                if self.hostile(board, far, player):
                    del board[v]
            elif self.king_taken(board, v, far, player):
                del board[v]
        return (board, "White" if player == "Black" else "Black")

    def king_taken(self, board, v, far, mover):
        near = abs(v[0] - self.throne[0]) + abs(v[1] - self.throne[1]) <= 1
        if self.king_rule == "strong" or near:
            for dx, dy in ORTHOGONAL:
                s = (v[0] + dx, v[1] + dy)
                if not (s == self.throne or board.get(s, (None,))[0] == mover):
                    return False
            return True
        return self.hostile(board, far, mover)

    def show(self, state):
        def glyph(piece):
            if piece is None:
                return "."
            return {"S": "x" if piece[0] == "Black" else "o", "K": "K"}[piece[1]]

        return show_board(state[0], (self.n, self.n), state[1], glyph)


# ---------------------------------------------------------------------------
# konane
# ---------------------------------------------------------------------------


class Konane:
    """Konane on an n x n board full of stones, Black's where file + rank is even (a1 is
    Black's). Black first lifts one of its stones from a corner or the centre, White then one of
    its own next to the gap; from then on a move jumps a stone of the mover's over an adjacent
    enemy stone onto the empty square beyond, along a row or a column, taking it, and may go on
    jumping in the same direction. A player who cannot move loses (the game is over)."""

    def __init__(self, n=8):
        self.n = n
        lo, hi = n // 2 - 1, n // 2
        corners_and_centre = [(0, 0), (n - 1, n - 1), (0, n - 1), (n - 1, 0),
                              (lo, lo), (hi, hi), (lo, hi), (hi, lo)]
        self.opening = {p for p in corners_and_centre if sum(p) % 2 == 0}  # Black's own

    def start(self):
        board = {(x, y): ("Black" if (x + y) % 2 == 0 else "White")
                 for x in range(self.n) for y in range(self.n)}
        return (board, "Black")

    def legal(self, state) -> dict:
        board, player = state
        out = {}
        full = self.n * self.n
        if len(board) == full:
            for p in sorted(self.opening):
                if board[p] == player:
                    out[square(*p)] = ("lift", p)
            return out
        if len(board) == full - 1:
            gap = next((x, y) for x in range(self.n) for y in range(self.n) if (x, y) not in board)
            for dx, dy in ORTHOGONAL:
                p = (gap[0] + dx, gap[1] + dy)
                if board.get(p) == player:
                    out[square(*p)] = ("lift", p)
            return out
        for (x, y), owner in sorted(board.items()):
            if owner != player:
                continue
            for dx, dy in ORTHOGONAL:
                cx, cy, taken = x, y, []
                while True:
                    over, to = (cx + dx, cy + dy), (cx + 2 * dx, cy + 2 * dy)
                    if board.get(over) not in (None, player) and self.on_board(*to) and to not in board:
                        taken.append(over)
                        cx, cy = to
                        out[square(x, y) + square(cx, cy)] = ("jump", (x, y), (cx, cy), tuple(taken))
                    else:
                        break
        return out

    def on_board(self, x, y):
        return 0 <= x < self.n and 0 <= y < self.n

    def play(self, state, action):
        board, player = dict(state[0]), state[1]
        if action[0] == "lift":
            del board[action[1]]
        else:
            _, frm, to, taken = action
            board[to] = board.pop(frm)
            for p in taken:
                del board[p]
        return (board, "White" if player == "Black" else "Black")

    def show(self, state):
        return show_board(state[0], (self.n, self.n), state[1],
                          lambda o: "." if o is None else ("x" if o == "Black" else "o"))


# ---------------------------------------------------------------------------
# halma
# ---------------------------------------------------------------------------

KING_STEPS = ORTHOGONAL + ((1, 1), (1, -1), (-1, 1), (-1, -1))


class Halma:
    """Halma for two on 8x8 with camps of ten: a step to an empty neighbour (eight directions),
    or a chain of jumps over single pieces of either side onto empty squares, never landing
    twice on a square (the start included); nothing is captured. White starts in the camp
    around a1, Black around h8; all ten in the other camp wins (the game is over). The draw by
    the number of moves is a history rule that `dagaz moves` does not apply either."""

    CAMP = ["a1", "b1", "c1", "d1", "a2", "b2", "c2", "a3", "b3", "a4"]

    def __init__(self):
        self.n = 8
        self.camps = {"White": {parse(s) for s in self.CAMP}}
        self.camps["Black"] = {(7 - x, 7 - y) for x, y in self.camps["White"]}

    def start(self):
        board = {p: "White" for p in self.camps["White"]}
        board.update({p: "Black" for p in self.camps["Black"]})
        return (board, "White")

    def won(self, board, player):
        enemy = "Black" if player == "White" else "White"
        return all(board.get(p) == player for p in self.camps[enemy])

    def legal(self, state) -> dict:
        board, player = state
        if self.won(board, "White") or self.won(board, "Black"):
            return {}
        out = {}
        for (x, y), owner in sorted(board.items()):
            if owner != player:
                continue
            for dx, dy in KING_STEPS:
                to = (x + dx, y + dy)
                if self.on_board(to) and to not in board:
                    out[square(x, y) + square(*to)] = ((x, y), to)
            seen, todo = {(x, y)}, [(x, y)]
            while todo:
                cx, cy = todo.pop()
                for dx, dy in KING_STEPS:
                    over, to = (cx + dx, cy + dy), (cx + 2 * dx, cy + 2 * dy)
                    if (over in board and over != (x, y) and self.on_board(to) and to not in board
                            and to not in seen):
                        seen.add(to)
                        todo.append(to)
                        out[square(x, y) + square(*to)] = ((x, y), to)
        return out

    def on_board(self, p):
        return 0 <= p[0] < self.n and 0 <= p[1] < self.n

    def play(self, state, action):
        board, player = dict(state[0]), state[1]
        frm, to = action
        board[to] = board.pop(frm)
        return (board, "White" if player == "Black" else "Black")

    def show(self, state):
        return show_board(state[0], (self.n, self.n), state[1],
                          lambda o: "." if o is None else ("o" if o == "White" else "x"))
