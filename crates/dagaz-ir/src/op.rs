//! The commands of the stack machine.
//!
//! A chain is a flat `Vec<Op>`; every operand is already resolved (a slot, a position, a jump
//! target), so running a command never looks a name up. `docs/vm.md` lists each command with
//! its stack effect; keep the two in step.

use crate::value::{Dir, Int, PieceKind, Pos, Value};

/// A jump target: an index into the same chain.
pub type Target = u32;

/// The comparison of a fused compare-and-jump.
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

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
// A one-byte tag in front, so dispatch reads it directly instead of decoding a niche.
#[repr(u8)]
pub enum Op {
    // --- values and variables -------------------------------------------------------------
    /// `-- v`
    Push(Value),
    /// `v --`
    Pop,
    /// `-- v`: a local slot.
    LocalGet(u16),
    /// `v --`: a local slot, undone on backtracking.
    LocalSet(u16),
    /// `--`: store a constant in a local slot (`Push` and `LocalSet` in one).
    LocalConst(u16, Value),
    /// `--`: `LocalConst`, then jump (an alternative of `(let x (any a b))`).
    LocalConstJmp(u16, Value, Target),
    /// `--`: add a constant to a local slot.
    LocalAdd(u16, Int),
    /// `-- v`: a global variable (0 until set).
    GlobalGet(u16),
    /// `v --`: a global variable, never undone.
    GlobalSet(u16),
    /// `--`: add a constant to a global variable.
    GlobalAdd(u16, Int),

    // --- the State environment ------------------------------------------------------------
    /// `-- pos`: the current position.
    Position,
    /// `-- bool`
    IsEmpty,
    NotEmpty,
    IsFriend,
    NotFriend,
    IsEnemy,
    NotEnemy,
    /// `-- player|false`: the owner of the piece at the current position.
    PlayerAt,
    /// `-- piece|false`: the type of the piece at the current position.
    PieceAt,
    /// `--`: step in a direction (through the player's symmetry); fails off the board.
    Nav(Dir),
    /// `--`: go to a position.
    Goto(Pos),
    /// `--`: fail unless the current position is empty (and so on for the others).
    CheckEmpty,
    CheckNotEmpty,
    CheckFriend,
    CheckNotFriend,
    CheckEnemy,
    CheckNotEnemy,
    /// `-- bool`: whether the piece at the current position was taken by `capture-later`.
    IsCaptured,
    NotCaptured,
    /// `--`: fail unless the piece here was (or was not) taken by `capture-later`.
    CheckCaptured,
    CheckNotCaptured,
    /// `-- bool`: whether the current position is in the zone, for the player to move.
    InZone(u16),
    /// `-- bool`: an attribute of the piece at the current position (false when empty).
    AttrAt(u8),
    /// `v --`: set an attribute of the piece in the hand (to the truth of v).
    SetAttr(u8),
    /// `-- v`: a turn variable, as the last move left it (`false` when it set none).
    TurnGet(u8),
    /// `v --`: give a turn variable its value for the next turn (reads still see the old one).
    TurnSet(u8),
    /// `-- bool`: whether an enemy piece attacks the current position (see `AttackTest`).
    /// Inside an attack test it fails instead: attack tests do not nest.
    IsAttacked,
    NotAttacked,

    // --- the Players environment ----------------------------------------------------------
    /// `-- player`
    CurrentPlayer,
    /// `-- player`
    NextPlayer,
    /// `-- n`: 1 on the first turn.
    TurnNumber,
    /// `-- n`: the current player's place in turn order, from 1.
    TurnOrder,

    // --- expressions ----------------------------------------------------------------------
    /// `a1 .. an -- sum`
    Add(u8),
    /// `a1 .. an -- a1 - a2 - .. - an` (n >= 2)
    Sub(u8),
    /// `a1 .. an -- product`
    Mul(u8),
    /// `a b -- a / b` (truncating)
    Div,
    /// `a b -- a mod b` (never negative)
    Mod,
    /// `a -- -a`
    Neg,
    /// `a b -- bool`
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    /// `v -- bool`: the truth of v negated (a link navigates).
    Not,

    // --- control --------------------------------------------------------------------------
    Jmp(Target),
    /// `v --`: jump when v is false (a link navigates, and is false off the board).
    JmpIfFalse(Target),
    /// `--`: jump unless `local CMP number` holds (`LocalGet`, `Push`, the comparison and
    /// `JmpIfFalse` in one).
    JmpUnlessLocal(u16, Cmp, Int, Target),
    /// `v --`: fail (backtrack) when v is false; a link navigates.
    Check,
    /// `--`: `LocalGet` then `Check`.
    CheckLocal(u16),
    /// `--`: open a choice point; backtracking resumes at the target.
    Fork(Target),
    /// `--`: `end-move`: `Fork` to go on at the target, the next command (a jump to `post`)
    /// first. In an attack test, when `post` stays put (`Program::post_stays`), no capture was
    /// made and the current position holds no enemy, finishing here cannot capture: it goes
    /// straight on to the target.
    EndMove(Target),
    /// `--`: `(let V (any K1 ... Kn))` and the checks after it (the guard, the next commands):
    /// tries each constant in turn, running the guard without a choice point, and opens one
    /// choice point, for the remaining constants, only when a constant passes. Then V holds it
    /// and execution goes on after the guard.
    AnyGuarded(u16),
    /// `--`: backtrack to the latest choice point.
    Fail,
    /// `--`: where the choice among the `move` clauses starts (chains with several). Does
    /// nothing, except in an attack test told to run one clause only: it goes to that clause.
    Clauses,

    // --- building the move ----------------------------------------------------------------
    /// `--`: lift the piece at the current position into the hand.
    Take,
    /// `--`: put the hand's piece at the current position.
    Drop,
    /// `--`: remove the piece at the current position.
    Capture,
    /// `--`: capture the piece at the current position when the move ends; until then it
    /// stays (and blocks) and is marked captured.
    CaptureLater,
    /// `--`: the piece in the hand becomes this type.
    Promote(PieceKind),
    /// `piece --`: the piece in the hand becomes the type on the stack.
    PromoteTo,
    /// `to --`: move the piece at the current position to `to` (a position, or a direction
    /// from here), replacing what stands there; the hand and the current position stay.
    MovePiece,
    /// `v1 .. vn --`: append to the move's notation.
    Log(u8),
    /// `v --`: like `Check`, and remember the check so that it is evaluated again whenever a
    /// global changes (a broken invariant).
    Invariant(u16),
    /// `--`: the move being finished stands only if no move that makes the same captures and
    /// then more completes (`(check no-moves?)`: capture to the end).
    NoMoves,
    /// `--`: the move is complete: record it, then backtrack for the next.
    Complete,

    // --- superinstructions ----------------------------------------------------------------
    // Never emitted by the compiler and never listed: `fuse` puts them in `Program::run`, the
    // copy of the chain the processor runs. Each does what the commands it stands for do, in
    // order, then goes on after the last of them (see `vm::fuse`).
    /// `Take`, `Position`, `Log 1`.
    TakeLog,
    /// `Position`, `Log 1`.
    LogPosition,
    /// `Position`, `LocalSet s`.
    LocalPosition(u16),
    /// `AttrAt a`, `LocalSet s`.
    LocalAttr(u16, u8),
    /// `Push v`, `SetAttr a`, for a number or boolean `v` (its truth).
    SetAttrConst(u8, bool),
    /// `Drop`, `Complete`.
    DropComplete,
    /// `InZone z`, `Check`.
    CheckZone(u16),
    /// `InZone z`, `JmpIfFalse t`.
    JmpUnlessZone(u16, Target),
    /// `PieceAt`, `Push v`, `Eq`, `Check`.
    CheckPieceEq(Value),
    /// A board test (`CheckEmpty` … `CheckNotCaptured`), `Jmp t`.
    TestJmp(Test, Target),
    /// `Nav d`, `Jmp t`.
    NavJmp(Dir, Target),
    /// `Nav d`, a board test.
    NavTest(Dir, Test),
    /// `Nav d`, a board test, `Jmp t`.
    NavTestJmp(Dir, Test, Target),
    /// `CheckLocal s`, a board test.
    LocalTest(u16, Test),
    /// `CheckLocal s`, a board test, `Jmp t`.
    LocalTestJmp(u16, Test, Target),
    /// `EndMove t`, `Jmp u`.
    EndMoveJmp(Target, Target),
    /// `Clauses`, `Fork t`.
    ClausesFork(Target),
}

/// The board tests a superinstruction can make: `CheckEmpty` … `CheckNotCaptured`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Test {
    Empty,
    NotEmpty,
    Friend,
    NotFriend,
    Enemy,
    NotEnemy,
    Captured,
    NotCaptured,
}

impl Test {
    /// The test a command makes, when it is one.
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
    /// Commands an invariant's condition may use: they read only locals, globals and constants.
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
                | Op::Eq
                | Op::Ne
                | Op::Lt
                | Op::Le
                | Op::Gt
                | Op::Ge
                | Op::Not
                | Op::Jmp(_)
                | Op::JmpIfFalse(_)
        )
    }
}

/// The command's name, as the disassembly and `docs/vm.md` write it.
pub fn op_name(op: &Op) -> &'static str {
    match op {
        Op::Push(_) => "Push",
        Op::Pop => "Pop",
        Op::LocalGet(_) => "LocalGet",
        Op::LocalSet(_) => "LocalSet",
        Op::LocalAdd(..) => "LocalAdd",
        Op::LocalConst(..) => "LocalConst",
        Op::LocalConstJmp(..) => "LocalConstJmp",
        Op::CheckLocal(_) => "CheckLocal",
        Op::CheckCaptured => "CheckCaptured",
        Op::CheckNotCaptured => "CheckNotCaptured",
        Op::GlobalGet(_) => "GlobalGet",
        Op::GlobalSet(_) => "GlobalSet",
        Op::GlobalAdd(..) => "GlobalAdd",
        Op::Position => "Position",
        Op::IsEmpty => "IsEmpty",
        Op::NotEmpty => "NotEmpty",
        Op::IsFriend => "IsFriend",
        Op::NotFriend => "NotFriend",
        Op::IsEnemy => "IsEnemy",
        Op::NotEnemy => "NotEnemy",
        Op::PlayerAt => "PlayerAt",
        Op::PieceAt => "PieceAt",
        Op::Nav(_) => "Nav",
        Op::Goto(_) => "Goto",
        Op::CheckEmpty => "CheckEmpty",
        Op::CheckNotEmpty => "CheckNotEmpty",
        Op::CheckFriend => "CheckFriend",
        Op::CheckNotFriend => "CheckNotFriend",
        Op::CheckEnemy => "CheckEnemy",
        Op::CheckNotEnemy => "CheckNotEnemy",
        Op::IsCaptured => "IsCaptured",
        Op::NotCaptured => "NotCaptured",
        Op::InZone(_) => "InZone",
        Op::CaptureLater => "CaptureLater",
        Op::Promote(_) => "Promote",
        Op::PromoteTo => "PromoteTo",
        Op::MovePiece => "MovePiece",
        Op::AttrAt(_) => "AttrAt",
        Op::SetAttr(_) => "SetAttr",
        Op::TurnGet(_) => "TurnGet",
        Op::TurnSet(_) => "TurnSet",
        Op::IsAttacked => "IsAttacked",
        Op::NotAttacked => "NotAttacked",
        Op::NoMoves => "NoMoves",
        Op::CurrentPlayer => "CurrentPlayer",
        Op::NextPlayer => "NextPlayer",
        Op::TurnNumber => "TurnNumber",
        Op::TurnOrder => "TurnOrder",
        Op::Add(_) => "Add",
        Op::Sub(_) => "Sub",
        Op::Mul(_) => "Mul",
        Op::Div => "Div",
        Op::Mod => "Mod",
        Op::Neg => "Neg",
        Op::Eq => "Eq",
        Op::Ne => "Ne",
        Op::Lt => "Lt",
        Op::Le => "Le",
        Op::Gt => "Gt",
        Op::Ge => "Ge",
        Op::Not => "Not",
        Op::Jmp(_) => "Jmp",
        Op::JmpIfFalse(_) => "JmpIfFalse",
        Op::JmpUnlessLocal(..) => "JmpUnlessLocal",
        Op::Check => "Check",
        Op::Fork(_) => "Fork",
        Op::EndMove(_) => "EndMove",
        Op::AnyGuarded(_) => "AnyGuarded",
        Op::Fail => "Fail",
        Op::Clauses => "Clauses",
        Op::Take => "Take",
        Op::Drop => "Drop",
        Op::Capture => "Capture",
        Op::Log(_) => "Log",
        Op::Invariant(_) => "Invariant",
        Op::Complete => "Complete",
        Op::TakeLog => "TakeLog",
        Op::LogPosition => "LogPosition",
        Op::LocalPosition(_) => "LocalPosition",
        Op::LocalAttr(..) => "LocalAttr",
        Op::SetAttrConst(..) => "SetAttrConst",
        Op::DropComplete => "DropComplete",
        Op::CheckZone(_) => "CheckZone",
        Op::JmpUnlessZone(..) => "JmpUnlessZone",
        Op::CheckPieceEq(_) => "CheckPieceEq",
        Op::TestJmp(..) => "TestJmp",
        Op::NavJmp(..) => "NavJmp",
        Op::NavTest(..) => "NavTest",
        Op::NavTestJmp(..) => "NavTestJmp",
        Op::LocalTest(..) => "LocalTest",
        Op::LocalTestJmp(..) => "LocalTestJmp",
        Op::EndMoveJmp(..) => "EndMoveJmp",
        Op::ClausesFork(_) => "ClausesFork",
    }
}
