//! A game position: the pieces on the board, the side to move and the turns played.

use crate::model::Game;
use crate::moves::{Action, Move};
use crate::value::{Piece, PlayerId, Pos};

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) cells: Vec<Option<Piece>>,
    to_move: PlayerId,
    turns: u32,
}

/// What [`Position::play`] changed besides the board, so that [`Position::unplay`] can restore it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayUndo {
    to_move: PlayerId,
    turns: u32,
}

impl Position {
    /// An empty board of `len` positions with `to_move` to play.
    pub fn empty(len: usize, to_move: PlayerId) -> Position {
        Position {
            cells: vec![None; len],
            to_move,
            turns: 0,
        }
    }

    pub fn piece_at(&self, pos: Pos) -> Option<Piece> {
        self.cells.get(pos.index()).copied().flatten()
    }

    pub(crate) fn put(&mut self, pos: Pos, piece: Option<Piece>) {
        if let Some(cell) = self.cells.get_mut(pos.index()) {
            *cell = piece;
        }
    }

    pub fn to_move(&self) -> PlayerId {
        self.to_move
    }

    pub(crate) fn set_to_move(&mut self, player: PlayerId) {
        self.to_move = player;
    }

    pub fn turns_played(&self) -> u32 {
        self.turns
    }

    /// Every occupied position with its piece.
    pub fn pieces(&self) -> impl Iterator<Item = (Pos, Piece)> + '_ {
        self.cells
            .iter()
            .enumerate()
            .filter_map(|(i, c)| c.map(|p| (Pos(i as u16), p)))
    }

    /// Applies a move generated for this position and passes the turn.
    pub fn play(&mut self, game: &Game, mv: &Move) -> PlayUndo {
        for action in &mv.actions {
            match *action {
                Action::Take { at, .. } | Action::Capture { at, .. } => self.put(at, None),
                Action::Drop { at, piece, .. } => self.put(at, Some(piece)),
            }
        }
        let undo = PlayUndo {
            to_move: self.to_move,
            turns: self.turns,
        };
        self.to_move = game.next_player(self.to_move);
        self.turns = self.turns.saturating_add(1);
        undo
    }

    /// Takes back the move that [`Position::play`] applied.
    pub fn unplay(&mut self, mv: &Move, undo: PlayUndo) {
        for action in mv.actions.iter().rev() {
            match *action {
                Action::Take { at, piece } | Action::Capture { at, piece } => {
                    self.put(at, Some(piece))
                }
                Action::Drop { at, replaced, .. } => self.put(at, replaced),
            }
        }
        self.to_move = undo.to_move;
        self.turns = undo.turns;
    }
}
