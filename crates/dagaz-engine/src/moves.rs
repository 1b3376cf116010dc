//! A move: the small list of actions that changes the board, plus what `log` wrote.

use dagaz_ir::{Action, Value};
use smallvec::SmallVec;

/// A complete move. Two moves with the same actions, in whatever order, are the same move:
/// for draughts, the same start, end and set of captured pieces.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Move {
    pub(crate) actions: SmallVec<[Action; 6]>,
    pub(crate) notation: SmallVec<[Value; 4]>,
}

impl Move {
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }
}
