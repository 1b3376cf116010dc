//! The environments a bare name is looked up in, innermost first:
//! [`local`] (`let`) → [`state`] (the board) → [`players`] → [`global`].
//!
//! Each layer has two halves: a compile-time `resolve` that turns a name into a slot, a constant
//! or a command wherever the answer cannot change, and the run-time data those commands touch.
//! The undo trail is shared: savepoints cover locals and the board; globals are never undone.
//!
//! The compile-time halves (`resolve`, [`local::Scopes`], [`state::GameNames`], the name
//! enums) are public only because `dagaz-compiler` resolves names with them; the run-time
//! halves are public for the processor's callers in `dagaz-engine`, which load a position
//! into [`state::State`] and read the globals.

pub mod global;
pub mod local;
pub mod players;
pub mod state;

/// One entry of the undo trail: what a change overwrote, so that backtracking can put it
/// back, newest first. The current position and the hand are not here: they are saved whole
/// in each choice point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Undo {
    /// Local slot `s` held this value before.
    Local(u16, dagaz_ir::Value),
    /// The board cell at this position held this before (`None`: it was empty).
    Cell(dagaz_ir::Pos, Option<dagaz_ir::Piece>),
    /// A mark set at a position: by `capture-later` or by `visit`. (One variant for both keeps
    /// the processor's unwinding loop as small as it was.)
    Mark(dagaz_ir::Pos, Mark),
    /// The position held this many seeds before.
    Seeds(dagaz_ir::Pos, u16),
}

/// Which of the per-move marks an [`Undo::Mark`] set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// `capture-later`'s: the piece there is taken when the move is played.
    Captured,
    /// `visit`'s: the position was passed in this move.
    Visited,
}
