//! A move: the small list of actions that changes the board, plus what `log` wrote.

use dagaz_ir::{Action, Piece, Pos, Value};
use smallvec::SmallVec;

/// A complete move. Two moves with the same actions, in whatever order, are the same move:
/// for draughts, the same start, end and set of captured pieces. The generator lists such
/// moves once (with `(unique-moves paths)`, only when their notation is the same too).
///
/// `==` and `Hash` are stricter than that: the same actions in the same order, and the same
/// notation. Moves from one generation never compare equal, since duplicates are gone.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Move {
    pub(crate) actions: SmallVec<[Action; 6]>,
    pub(crate) notation: SmallVec<[Value; 4]>,
    /// How likely the move is among a chance player's moves, relative to the others: the
    /// product of its `(weight N)`s, summed over the duplicates merged into it. 0 reads as 1.
    pub(crate) weight: u64,
}

impl Move {
    /// What the move changes, in the order [`crate::Position::play`] applies them
    /// ([`crate::Position::unplay`] undoes them in reverse). Each records what it found, so a
    /// move is only meaningful in the position it was generated for.
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// Where the move puts a piece down last, and that piece as it lands (its last `Drop`).
    pub fn landing(&self) -> Option<(Pos, Piece)> {
        dagaz_ir::landing(&self.actions)
    }

    /// The move's weight: a chance player's move is drawn with probability its weight over
    /// the sum of the weights of all its moves in the position ([`crate::probabilities`]).
    /// 1 unless `(weight N)` said otherwise; moves of identical effect merged into one add up.
    pub fn weight(&self) -> u64 {
        self.weight.max(1)
    }

    /// What the move's `log` statements wrote, in order: [`Move::notation`] renders and joins
    /// them. The positions among them are the squares a front end shows the move passing
    /// through (the landings of a capture path).
    pub fn logged(&self) -> &[Value] {
        &self.notation
    }

    /// What playing the move changes in [`crate::Position::board_key`]: the key of the board
    /// after it is the key before it exclusive-or'd with this (0 for a move that leaves every
    /// position as it was). A search that follows its line move by move keeps the key this
    /// way instead of reading the whole board at each node.
    pub fn board_change(&self) -> u64 {
        crate::boards::board_change(&self.actions)
    }
}
