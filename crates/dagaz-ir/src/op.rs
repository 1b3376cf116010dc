//! The commands of the stack machine.
//!
//! A chain is a flat `Vec<Op>`; every operand is already resolved (a slot, a position, a jump
//! target), so running a command never looks a name up. `docs/vm.md` lists each command with
//! its stack effect; keep the two in step.

use crate::value::{Dir, Int, PieceKind, Pos, Value};

/// A jump target: an index into the same chain (`Program::ops`, numbered alike in
/// `Program::run`). It may be the chain's length: running off the end is a failure.
pub type Target = u32;

/// The comparison of a fused compare-and-jump ([`Op::JmpUnlessLocal`]): one of the six
/// comparison commands, as an operand. Each variant compares as the command of its name
/// ([`Cmp::op`]): `Eq` as `=`, `Ne` as `!=`, `Lt` as `<`, `Le` as `<=`, `Gt` as `>` and `Ge`
/// as `>=`.
#[allow(missing_docs)] // the enum's text says what each variant is
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl Cmp {
    /// The six comparisons.
    pub const ALL: [Cmp; 6] = [Cmp::Eq, Cmp::Ne, Cmp::Lt, Cmp::Le, Cmp::Gt, Cmp::Ge];

    /// The stand-alone command that compares the same way.
    pub fn op(self) -> Op {
        match self {
            Cmp::Eq => Op::Eq,
            Cmp::Ne => Op::Ne,
            Cmp::Lt => Op::Lt,
            Cmp::Le => Op::Le,
            Cmp::Gt => Op::Gt,
            Cmp::Ge => Op::Ge,
        }
    }

    /// Whether `a CMP b` holds for two integers: the processor's fast path when the local
    /// holds an integer (any other value goes through [`Cmp::op`]).
    #[inline]
    pub fn holds(self, a: Int, b: Int) -> bool {
        match self {
            Cmp::Eq => a == b,
            Cmp::Ne => a != b,
            Cmp::Lt => a < b,
            Cmp::Le => a <= b,
            Cmp::Gt => a > b,
            Cmp::Ge => a >= b,
        }
    }
}

/// One command of the stack machine.
///
/// Each variant's doc opens with its stack effect, `before -- after` with the top of the stack
/// on the right, as `docs/vm.md` (section 3) writes it. A command *fails* when it makes the
/// machine backtrack to the latest choice point, and *errors* when it stops the whole
/// generation. The *truth* of a value is that of `docs/vm.md` section 5, under which a link
/// navigates: a position value goes there, a direction value steps that way (through the
/// mover's symmetry) and is false off the board. *Plain truth* is the same except that a link
/// is simply true.
///
/// Operands are resolved: a `u16` is a local or global slot, a zone, an invariant or a guard of
/// the same program; a `u8` an attribute bit, a turn variable or an operand count; a [`Target`]
/// a command index in the same chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
// A one-byte tag in front, so dispatch reads it directly instead of decoding a niche.
#[repr(u8)]
pub enum Op {
    // --- values and variables -------------------------------------------------------------
    /// `-- v`: push the constant.
    Push(Value),
    /// `v --`: discard the top value.
    Pop,
    /// `-- v`: push local slot `s` (0 until set in this run).
    LocalGet(u16),
    /// `v --`: store into local slot `s`; the old value goes on the trail.
    LocalSet(u16),
    /// `--`: store the constant into local slot `s` (`Push` and `LocalSet` in one); trailed.
    LocalConst(u16, Value),
    /// `--`: `LocalConst s v`, then continue at `t` (an alternative of `(let x (any a b))` and
    /// its jump to the end, in one).
    LocalConstJmp(u16, Value, Target),
    /// `--`: add the constant to local slot `s`, which must hold a number or a boolean (the
    /// result is an integer); errors otherwise and on overflow; trailed.
    LocalAdd(u16, Int),
    /// `-- v`: push global `s` (0 until set in this generation).
    GlobalGet(u16),
    /// `v --`: store into global `s`; never undone, and a new value marks "a global changed".
    GlobalSet(u16),
    /// `--`: add the constant to global `s`; as `GlobalSet` otherwise.
    GlobalAdd(u16, Int),

    // --- the State environment ------------------------------------------------------------
    /// `-- pos`: the current position.
    Position,
    /// `-- bool`: whether the current position is empty.
    IsEmpty,
    /// `-- bool`: whether the current position holds a piece.
    NotEmpty,
    /// `-- bool`: whether the current position holds a piece of the player to move.
    IsFriend,
    /// `-- bool`: whether it holds none of the player to move's (empty, or an enemy).
    NotFriend,
    /// `-- bool`: whether the current position holds a piece of another player.
    IsEnemy,
    /// `-- bool`: whether it holds none of another player's (empty, or a friend).
    NotEnemy,
    /// `-- player|false`: the owner of the piece at the current position; `false` when empty.
    PlayerAt,
    /// `-- piece|false`: the type of the piece at the current position; `false` when empty.
    PieceAt,
    /// `--`: step in direction `d` through the mover's symmetry; fails off the board, where
    /// the position does not change.
    Nav(Dir),
    /// `--`: make `p` the current position; never fails.
    Goto(Pos),
    /// `--`: fail unless the current position is empty.
    CheckEmpty,
    /// `--`: fail unless the current position holds a piece.
    CheckNotEmpty,
    /// `--`: fail unless the current position holds a piece of the player to move.
    CheckFriend,
    /// `--`: fail when the current position holds a piece of the player to move.
    CheckNotFriend,
    /// `--`: fail unless the current position holds a piece of another player.
    CheckEnemy,
    /// `--`: fail when the current position holds a piece of another player.
    CheckNotEnemy,
    /// `-- bool`: whether the current position is marked by `CaptureLater` in this move.
    IsCaptured,
    /// `-- bool`: whether the current position is not marked by `CaptureLater` in this move.
    NotCaptured,
    /// `--`: fail unless the current position is marked by `CaptureLater` in this move.
    CheckCaptured,
    /// `--`: fail when the current position is marked by `CaptureLater` in this move.
    CheckNotCaptured,
    /// `-- bool`: whether the current position is marked by `Visit` in this move.
    IsVisited,
    /// `-- bool`: whether the current position is not marked by `Visit` in this move.
    NotVisited,
    /// `-- bool`: whether the current position is in zone `z` for the player to move.
    InZone(u16),
    /// `-- bool`: attribute `a` of the piece at the current position; `false` when empty.
    AttrAt(u8),
    /// `v --`: set attribute `a` of the hand's piece to the plain truth of `v`; errors when
    /// the hand is empty.
    SetAttr(u8),
    /// `-- v`: turn variable `t` as the last move left it ([`Value::UNSET`] when it set none).
    TurnGet(u8),
    /// `v --`: record [`Action::SetTurn`](crate::Action::SetTurn): the value turn variable `t`
    /// has after the move; reads in this move still see the old one.
    TurnSet(u8),
    /// `-- n`: how many pieces of the player to move stand on the board.
    FriendCount,
    /// `-- n`: how many pieces of other players stand on the board.
    EnemyCount,
    /// `-- n`: how many pieces of type `k` stand on the board: the player to move's when
    /// `friends`, the other players' otherwise.
    CountOf {
        /// Whose pieces: the player to move's, or the other players'.
        friends: bool,
        /// The piece type counted.
        kind: PieceKind,
    },
    /// `-- n`: the longest line through the current position of pieces that all belong to the
    /// owner of the piece there, along a direction and its opposite (directions whose offsets
    /// are negatives of each other; a direction without an opposite counts one way); 0 on an
    /// empty square.
    LineLength,
    /// `-- n`: how many pieces the group at the current position has: the pieces of the same
    /// owner joined to it along the board's directions; 0 on an empty square.
    GroupSize,
    /// `-- n`: the liberties of the group at the current position: the empty positions next to
    /// any of its pieces, each counted once; 0 on an empty square.
    Liberties,
    /// `--`: capture every piece of the group at the current position (an `Action::Capture`
    /// each); nothing on an empty square.
    CaptureGroup,
    /// `-- bool`: whether pieces of the player to move, stepping along any of the board's
    /// directions, join a position of zone `a` to one of zone `b` (zones as the player to move
    /// sees them).
    Connected(u16, u16),
    /// `-- n`: 1 when the group at the current position (the pieces of the same owner joined
    /// to it along the board's directions) has a piece in zone `z`, as the player to move sees
    /// it; 0 otherwise, and on an empty square. `(group-touches A B ...)` adds one per zone.
    GroupTouches(u16),
    /// `-- bool`: whether the group at the current position goes round at least one position:
    /// some position, whatever stands there, that it cuts off from the edge of the board (the
    /// positions from which a direction steps off it); false on an empty square.
    Encircles,
    /// `-- bool`: whether an enemy attacks the current position, by the game's attack test;
    /// fails inside an attack test (they do not nest).
    IsAttacked,
    /// `-- bool`: whether a royal piece of another player is attacked, on the board as the
    /// move has left it so far (the move gives check); false inside an attack test.
    GivesCheck,
    /// `-- bool`: whether the move, as it has left the board so far, gives check and leaves the
    /// next player no legal move (checkmate); false inside an attack test or a mate test.
    GivesMate,
    /// `-- bool`: whether a royal piece of the player to move is attacked, on the board as the
    /// move has left it so far (after the move's last `drop`: the move leaves its own king in
    /// check); false inside an attack test.
    InCheck,
    /// `-- bool`: in a goal, whether the next player has a legal move after which a goal holds
    /// that it does not lose by (it can answer the move); false elsewhere.
    CanAnswer,
    /// `-- bool`: whether no enemy attacks the current position; fails inside an attack test.
    NotAttacked,
    /// `-- bool`: whether the current position is defended: attacked, by the game's attack
    /// test, for the next player (a piece of another player could take a piece of the next
    /// player's standing there); fails inside an attack test.
    IsDefended,
    /// `-- bool`: the negation of `IsDefended`; fails inside an attack test.
    NotDefended,

    // --- the Players environment ----------------------------------------------------------
    /// `-- player`: the player to move.
    CurrentPlayer,
    /// `-- player`: the player after the mover in turn order.
    NextPlayer,
    /// `-- n`: the turns played before this one, plus 1.
    TurnNumber,
    /// `-- n`: the mover's place in the `players` list, from 1.
    TurnOrder,

    // --- expressions ----------------------------------------------------------------------
    /// `a1 .. an -- sum`: of `n` numbers (`Add 0` pushes 0); errors on overflow.
    Add(u8),
    /// `a1 .. an -- a1 - a2 - .. - an`; emitted for `n >= 2`; errors on overflow.
    Sub(u8),
    /// `a1 .. an -- product`: of `n` numbers (`Mul 0` pushes 1); errors on overflow.
    Mul(u8),
    /// `a b -- a / b`: truncated towards zero; errors when `b` is 0 and on overflow.
    Div,
    /// `a b -- a mod b`: the Euclidean remainder, never negative; errors when `b` is 0 and on
    /// overflow.
    Mod,
    /// `a -- -a`: errors on overflow.
    Neg,
    /// `a b -- bool`: whether `a` equals `b`: numbers and booleans by value (`true` is 1),
    /// other values by kind and identity.
    Eq,
    /// `a b -- bool`: whether `a` differs from `b`, as `Eq` compares.
    Ne,
    /// `a b -- bool`: whether `a < b`; numbers and booleans only.
    Lt,
    /// `a b -- bool`: whether `a <= b`; numbers and booleans only.
    Le,
    /// `a b -- bool`: whether `a > b`; numbers and booleans only.
    Gt,
    /// `a b -- bool`: whether `a >= b`; numbers and booleans only.
    Ge,
    /// `v -- bool`: the negated truth of `v`; a link navigates.
    Not,

    // --- control --------------------------------------------------------------------------
    /// `--`: continue at `t`.
    Jmp(Target),
    /// `v --`: continue at `t` when the truth of `v` is false; a link navigates first.
    JmpIfFalse(Target),
    /// `--`: continue at `t` unless `local s CMP n` holds (`LocalGet s`, `Push n`, the
    /// comparison and `JmpIfFalse t` in one).
    JmpUnlessLocal(u16, Cmp, Int, Target),
    /// `v --`: fail when the truth of `v` is false; a link navigates.
    Check,
    /// `--`: `LocalGet s` then `Check`: fail when local `s` is false; a link navigates.
    CheckLocal(u16),
    /// `--`: open a choice point that resumes at `t`; continue with the next command.
    Fork(Target),
    /// `--`: `end-move`: as `Fork t`, except in an attack test where finishing here cannot
    /// capture ([`Program::post_stays`](crate::Program::post_stays), no capture yet, no enemy
    /// here): then continue at `t` with no choice point.
    EndMove(Target),
    /// `--`: `(let V (any K1 … Kn))` and its guard (the `guards[g].len` commands after it):
    /// store in V the first constant whose guard passes, keep the rest in one choice point,
    /// and continue after the guard; fail when none passes.
    AnyGuarded(u16),
    /// `--`: fail.
    Fail,
    /// `--`: where the choice among several `move` clauses starts; nothing, except in an
    /// attack test told to run one clause only, which it goes to.
    Clauses,

    // --- building the move ----------------------------------------------------------------
    /// `--`: lift the piece at the current position into the hand and record `Action::Take`;
    /// errors when the hand is full or the position empty.
    Take,
    /// `--`: put the hand's piece at the current position, replacing what is there, and record
    /// `Action::Drop`; errors when the hand is empty.
    Drop,
    /// `--`: remove the piece at the current position and record `Action::Capture`; errors
    /// when it is empty.
    Capture,
    /// `--`: mark the piece at the current position as captured, leaving it there (it blocks)
    /// until the move is played, and record `Action::Capture`; errors when the position is
    /// empty or already marked.
    CaptureLater,
    /// `--`: mark the current position as visited in this move (the mark is undone by
    /// backtracking); records no action, and a position already marked stays so.
    Visit,
    /// `--`: note the end of a part of the move for `NoMoves`, as a capture is noted: a move
    /// that passed `NoMoves` stands only if no move that goes on past its last capture or part
    /// completes with more of them. Records no action.
    Part,
    /// `--`: the hand's piece becomes type `k`, owner unchanged; errors when the hand is empty.
    Promote(PieceKind),
    /// `piece --`: as `Promote`, with the type from the stack; errors on any other value.
    PromoteTo,
    /// `to --`: move the piece at the current position to `to` (a position, or a direction
    /// stepped from here, failing off the board), replacing what stands there, and record
    /// `Action::Take` and `Action::Drop`; the hand and the current position stay.
    MovePiece,
    /// `p1 .. pn --`: the pieces on the positions `p1` .. `pn` each move one place along the
    /// list, the one on `pn` to `p1`, an empty position passing its emptiness on; record an
    /// `Action::Take` for each piece, then an `Action::Drop` for each. Errors when a value is
    /// not a position or a position is named twice; the hand and the current position stay.
    CyclePieces(u8),
    /// `dir --`: move the piece at the current position and every other piece of its tile
    /// ([`Program::tiles`](crate::Program::tiles)) one step along `dir` at once, and record an
    /// `Action::Take` for each, then an `Action::Drop` for each; a piece of no tile moves
    /// alone. Fails when a step leaves the board or lands on a piece not of the tile; errors
    /// when the position is empty or the value is not a direction. The hand and the current
    /// position stay.
    MoveTile,
    /// `kind player --`: put a new piece of type `kind` belonging to `player`, with the
    /// game's starting attributes (the operand), at the current position, replacing what
    /// stands there; record `Action::Drop`. Errors when a value is not a piece type or a
    /// player.
    Create(u8),
    /// `player --`: the piece at the current position now belongs to `player`; record
    /// `Action::Change`. Errors when the position is empty or the value is not a player.
    SetOwner,
    /// `-- n`: how many seeds the current position holds (0 in a game without seeds).
    Seeds,
    /// `n --`: the current position now holds `n` seeds; record `Action::Seeds` (unless it
    /// held `n` already). Errors when `n` is not a number from 0 to 65,535.
    SetSeeds,
    /// `--`: the player who makes this move moves again; record `Action::AnotherTurn` (once
    /// however often it runs on a path).
    AnotherTurn,
    /// `n --`: the move is `n` times as likely as a move of weight 1 among a chance player's
    /// moves; record `Action::Weight` (two in one move multiply). Errors when `n` is not a
    /// number from 1 to [`MAX_WEIGHT`](crate::MAX_WEIGHT).
    Weight,
    /// `p --`: the turn after this move is player `p`'s next in the schedule; record
    /// `Action::TurnTo` (the last one of a path counts). Errors when `p` is not a player.
    TurnTo,
    /// `v1 .. vn --`: append the values to the move's notation log.
    Log(u8),
    /// `v --`: fail when the plain truth of `v` is false; when it holds, also note invariant
    /// `i` with all the locals, to be checked again whenever a global changes.
    Invariant(u16),
    /// `--`: the move being finished stands only if no move that makes the same captures and
    /// then more completes (`(check no-moves?)`, decided at `Complete`); never fails.
    NoMoves,
    /// `--`: hand the move to the sink (unless `NoMoves` finds it beaten), withdraw the moves
    /// it shows were not captures to the end, then fail.
    Complete,

    // --- superinstructions ----------------------------------------------------------------
    // Never emitted by the compiler and never listed: `dagaz_vm::fuse` puts them in
    // `Program::run`, the copy of the chain the processor runs. Each does what the commands
    // it stands for do, in order, then goes on after the last of them; so each is `--`.
    /// `--`: `Take`, `Position`, `Log 1`.
    TakeLog,
    /// `--`: `Position`, `Log 1`.
    LogPosition,
    /// `--`: `Position`, `LocalSet s`.
    LocalPosition(u16),
    /// `--`: `AttrAt a`, `LocalSet s` (operands `s`, `a`).
    LocalAttr(u16, u8),
    /// `--`: `Push v`, `SetAttr a`, for a number or boolean `v` whose truth is the `bool`.
    SetAttrConst(u8, bool),
    /// `--`: `Drop`, `Complete`.
    DropComplete,
    /// `--`: `InZone z`, `Check`.
    CheckZone(u16),
    /// `--`: `InZone z`, `JmpIfFalse t`.
    JmpUnlessZone(u16, Target),
    /// `--`: `PieceAt`, `Push v`, `Eq`, `Check`.
    CheckPieceEq(Value),
    /// `--`: a board test (`CheckEmpty` … `CheckNotCaptured`), `Jmp t`.
    TestJmp(Test, Target),
    /// `--`: `Nav d`, `Jmp t`.
    NavJmp(Dir, Target),
    /// `--`: `Nav d`, a board test.
    NavTest(Dir, Test),
    /// `--`: `Nav d`, a board test, `Jmp t`.
    NavTestJmp(Dir, Test, Target),
    /// `--`: `CheckLocal s`, a board test.
    LocalTest(u16, Test),
    /// `--`: `CheckLocal s`, a board test, `Jmp t`.
    LocalTestJmp(u16, Test, Target),
    /// `--`: `EndMove t`, `Jmp u`.
    EndMoveJmp(Target, Target),
    /// `--`: `Clauses`, `Fork t`.
    ClausesFork(Target),
    /// `--`: `Push d` (a direction), `JmpIfFalse t`: step in direction `d`, or continue at `t`
    /// where that leaves the board.
    NavOrJmp(Dir, Target),
    /// `--`: a board question (`IsEmpty` … `NotCaptured`), `JmpIfFalse t`: go on when the
    /// answer is true, else continue at `t`.
    TestOrJmp(Test, Target),
    /// `--`: `NavOrJmp d t`, then `TestOrJmp x t` (the same `t`): the usual opening of
    /// `(if (and DIR QUESTION) ...)` and `(while (and DIR QUESTION) ...)`.
    NavTestOrJmp(Dir, Test, Target),
}

/// The board tests a superinstruction can make: `CheckEmpty` … `CheckNotCaptured`, as an
/// operand. Each fails the superinstruction when it does not hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Test {
    /// [`Op::CheckEmpty`].
    Empty,
    /// [`Op::CheckNotEmpty`].
    NotEmpty,
    /// [`Op::CheckFriend`].
    Friend,
    /// [`Op::CheckNotFriend`].
    NotFriend,
    /// [`Op::CheckEnemy`].
    Enemy,
    /// [`Op::CheckNotEnemy`].
    NotEnemy,
    /// [`Op::CheckCaptured`].
    Captured,
    /// [`Op::CheckNotCaptured`].
    NotCaptured,
}

impl Test {
    /// The test a command makes, when it is one of the eight board tests; `None` for any
    /// other command. Public for `dagaz_vm::fuse`, which builds the superinstructions.
    pub fn of(op: Op) -> Option<Test> {
        Some(match op {
            Op::CheckEmpty => Test::Empty,
            Op::CheckNotEmpty => Test::NotEmpty,
            Op::CheckFriend => Test::Friend,
            Op::CheckNotFriend => Test::NotFriend,
            Op::CheckEnemy => Test::Enemy,
            Op::CheckNotEnemy => Test::NotEnemy,
            Op::CheckCaptured => Test::Captured,
            Op::CheckNotCaptured => Test::NotCaptured,
            _ => return None,
        })
    }
}

impl Op {
    /// Commands an invariant's condition may use: they read only locals, globals and constants,
    /// so the condition can be evaluated again later with saved locals. Public for the
    /// compiler, which refuses any other command in an invariant.
    pub fn is_pure(self) -> bool {
        matches!(
            self,
            Op::Push(_)
                | Op::LocalGet(_)
                | Op::GlobalGet(_)
                | Op::Add(_)
                | Op::Sub(_)
                | Op::Mul(_)
                | Op::Div
                | Op::Mod
                | Op::Neg
                | Op::Not
                | Op::Jmp(_)
                | Op::JmpIfFalse(_)
        ) || self.is_comparison()
    }

    /// Whether the command is one of the six comparisons, which leave a boolean.
    pub fn is_comparison(self) -> bool {
        Cmp::ALL.iter().any(|c| c.op() == self)
    }
}

/// The command's name, as the disassembly and `docs/vm.md` write it: its variant's name,
/// which its derived `Debug` text starts with (before the operands).
pub(crate) fn op_name(op: &Op) -> String {
    let mut name = format!("{op:?}");
    if let Some(end) = name.find(['(', ' ']) {
        name.truncate(end);
    }
    name
}
