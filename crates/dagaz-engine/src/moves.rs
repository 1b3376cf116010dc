//! A move: the small list of actions that changes the board, plus what `log` wrote.

use crate::model::Game;
use crate::value::{Piece, Pos, Value};
use smallvec::SmallVec;

/// One change a move makes. Each carries what it needs to be undone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// The piece at `at` was lifted into the hand.
    Take { at: Pos, piece: Piece },
    /// The piece at `at` was removed.
    Capture { at: Pos, piece: Piece },
    /// The hand's piece was put at `at`, replacing what stood there.
    Drop {
        at: Pos,
        piece: Piece,
        replaced: Option<Piece>,
    },
}

/// A complete move. Two moves with identical actions are the same move.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Move {
    pub(crate) actions: SmallVec<[Action; 6]>,
    pub(crate) notation: SmallVec<[Value; 4]>,
}

impl Move {
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// The move in the game's notation: the concatenation of what `log` wrote.
    pub fn notation(&self, game: &Game) -> String {
        let mut out = String::new();
        for &value in &self.notation {
            out.push_str(&crate::notation::render_value(game, value, false));
        }
        out
    }
}
