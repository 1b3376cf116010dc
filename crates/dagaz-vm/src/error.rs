//! What can go wrong while a chain runs.

use dagaz_ir::ValueType;
use thiserror::Error;

/// Why a run stopped: a limit was reached or a command met a value it cannot work with.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum GenErrorKind {
    #[error("move generation exceeded its step budget of {0} steps")]
    StepLimit(u64),
    #[error("more than {0} moves in one position")]
    TooManyMoves(usize),
    #[error("more than {0} open choice points")]
    TooManyChoices(usize),
    #[error("a move makes more than {0} changes (takes, drops, captures)")]
    TooManyActions(usize),
    #[error("expected a number, found {0}")]
    NotANumber(ValueType),
    #[error("division by zero")]
    DivideByZero,
    #[error("arithmetic overflow")]
    Overflow,
    #[error("`take` at an empty position")]
    TakeEmpty,
    #[error("`capture` at an empty position")]
    CaptureEmpty,
    #[error("`drop` with nothing in the hand")]
    DropEmptyHand,
    #[error("`take` while a piece is already in the hand")]
    HandFull,
    #[error("`capture-later` of a piece already captured in this move")]
    CapturedTwice,
    #[error("`promote` with nothing in the hand")]
    PromoteEmptyHand,
    #[error("`set-attr` with nothing in the hand")]
    SetAttrEmptyHand,
    #[error("`move-piece` from an empty position")]
    MoveEmpty,
    #[error("expected {expected}, found {found}")]
    WrongType {
        expected: &'static str,
        found: ValueType,
    },
    #[error("internal error: {0}")]
    Internal(Internal),
}

/// Faults that only a bug in the compiler could cause.
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum Internal {
    #[error("the data stack is empty")]
    EmptyStack,
    #[error("an invariant holds a command that is not pure")]
    ImpureInvariant,
}
