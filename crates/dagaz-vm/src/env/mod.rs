//! The environments a bare name is looked up in, innermost first:
//! [`local`] (`let`) → [`state`] (the board) → [`players`] → [`global`].
//!
//! Each layer has two halves: a compile-time `resolve` that turns a name into a slot, a constant
//! or a command wherever the answer cannot change, and the run-time data those commands touch.
//! The undo trail is shared: savepoints cover locals and the board; globals are never undone.

pub mod global;
pub mod local;
pub mod players;
pub mod state;

/// One undone change. The current position and the hand are saved whole in each choice point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Undo {
    Local(u16, dagaz_ir::Value),
    Cell(dagaz_ir::Pos, Option<dagaz_ir::Piece>),
    /// A `capture-later` mark set at a position.
    Mark(dagaz_ir::Pos),
}
