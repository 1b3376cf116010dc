//! What can go wrong while a chain runs.

use dagaz_ir::ValueType;
use thiserror::Error;

/// Why a run stopped: a limit was reached or a command met a value it cannot work with.
///
/// An error stops the whole generation, unlike a failure, which only backtracks. The processor
/// reports it in a [`Fault`](crate::Fault) with the command that raised it; the engine adds the
/// game, the piece and the source span. The sink may raise some too (`TooManyMoves`, or any
/// error met while re-checking invariants), and the processor passes them on.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum GenErrorKind {
    /// More commands than [`StepLimits::steps`](crate::StepLimits::steps) in one generation (all
    /// start squares and pieces together); the budget.
    #[error("move generation exceeded its step budget of {0} steps")]
    StepLimit(u64),
    /// One move more than [`StepLimits::moves`](crate::StepLimits::moves) in one position; the limit.
    /// Raised by the sink, which counts the distinct moves.
    #[error("more than {0} moves in one position")]
    TooManyMoves(usize),
    /// A choice point more than [`StepLimits::choices`](crate::StepLimits::choices) open at once; the
    /// limit.
    #[error("more than {0} open choice points")]
    TooManyChoices(usize),
    /// An action more than [`StepLimits::actions`](crate::StepLimits::actions) in one move; the limit.
    #[error("a move makes more than {0} changes (takes, drops, captures)")]
    TooManyActions(usize),
    /// A value more than [`StepLimits::notation`](crate::StepLimits::notation) in one move's
    /// notation; the limit.
    #[error("a move's notation holds more than {0} values")]
    TooLongNotation(usize),
    /// The moves of one position hold more than [`StepLimits::volume`](crate::StepLimits::volume)
    /// changes and notation values together; the limit. Raised by the sink, which keeps them.
    #[error("the moves of one position hold more than {0} changes and notation values")]
    TooMuchVolume(usize),
    /// Arithmetic, a comparison, `LocalAdd` or `GlobalAdd` met a value that is neither an
    /// integer nor a boolean; its type.
    #[error("expected a number, found {0}")]
    NotANumber(ValueType),
    /// `Div` or `Mod` by 0.
    #[error("division by zero")]
    DivideByZero,
    /// An integer result outside the 32 bits of [`Int`](dagaz_ir::Int).
    #[error("arithmetic overflow")]
    Overflow,
    /// `Take` at an empty position.
    #[error("`take` at an empty position")]
    TakeEmpty,
    /// `SetOwner` at an empty position.
    #[error("`set-owner` at an empty position")]
    SetOwnerEmpty,
    /// `Capture` or `CaptureLater` at an empty position.
    #[error("`capture` at an empty position")]
    CaptureEmpty,
    /// `Drop` with an empty hand.
    #[error("`drop` with nothing in the hand")]
    DropEmptyHand,
    /// `Take` with a piece already in the hand: the hand holds one piece.
    #[error("`take` while a piece is already in the hand")]
    HandFull,
    /// `CaptureLater` at a position already marked in this move.
    #[error("`capture-later` of a piece already captured in this move")]
    CapturedTwice,
    /// `Promote` or `PromoteTo` with an empty hand.
    #[error("`promote` with nothing in the hand")]
    PromoteEmptyHand,
    /// `SetAttr` (or `SetAttrConst`) with an empty hand.
    #[error("`set-attr` with nothing in the hand")]
    SetAttrEmptyHand,
    /// `SetSeeds` to a number a position cannot hold.
    #[error("`set-seeds` to {0}: a position holds from 0 to 65535 seeds")]
    SeedsOutOfRange(i32),
    /// `Weight` of a number out of range.
    #[error("`weight` {0}: a move's weight is a number from 1 to 1000000")]
    WeightOutOfRange(i32),
    /// `SetSeeds` in a game whose positions keep no seeds (only a program run outside its
    /// game could do it: a game that sets seeds keeps them).
    #[error("`set-seeds` in a game that keeps no seeds")]
    NoSeeds,
    /// `MovePiece` from an empty position.
    #[error("`move-piece` from an empty position")]
    MoveEmpty,
    /// `MoveTile` at an empty position.
    #[error("`move-tile` at an empty position")]
    TileEmpty,
    /// `CyclePieces` with a position named twice: the pieces would have two places to go.
    #[error("`cycle-pieces` names a position twice")]
    CycleTwice,
    /// `PromoteTo`, `MovePiece` or `MoveTile` given a value of the wrong kind.
    #[error("expected {expected}, found {found}")]
    WrongType {
        /// What the command needed, as the message says it ("a piece type").
        expected: &'static str,
        /// What it found.
        found: ValueType,
    },
    /// A broken invariant of the machine; only a compiler bug could cause one.
    #[error("internal error: {0}")]
    Internal(Internal),
}

/// Faults that only a bug in the compiler could cause: a game, however wrong, never raises
/// them.
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum Internal {
    /// A command popped more values than the data stack held: the stack discipline of
    /// `docs/vm.md` section 8 is broken.
    #[error("the data stack is empty")]
    EmptyStack,
    /// An invariant's condition holds a command that its re-evaluation cannot run (one that
    /// is not [`Op::is_pure`](dagaz_ir::Op::is_pure)).
    #[error("an invariant holds a command that is not pure")]
    ImpureInvariant,
}
