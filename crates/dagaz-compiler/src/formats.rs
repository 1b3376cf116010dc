//! What a game declares about writing its positions as text (its `(fen ...)` clause), and the
//! error of reading such a text. The readers and writers are in `fen` and `pdn`.

use dagaz_ir::{Piece, PieceKind, PlayerId, Pos};
use dagaz_sexpr::Span;
use thiserror::Error;

/// A FEN that could not be read: which field, why, and where in the text.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("bad FEN {field}: {message}")]
pub struct FenError {
    pub field: String,
    pub message: String,
    pub span: Span,
}

/// What a game declared about its FEN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenSpec {
    Pdn(PdnSpec),
    Standard(StandardFen),
}

/// The chess-style FEN of a game on a two-dimensional board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandardFen {
    /// Each letter with the piece it stands for.
    pub letters: Vec<(char, Piece)>,
    /// The side-to-move letters.
    pub turn: Vec<(char, PlayerId)>,
    pub castling: Option<Castling>,
    /// The turn variable that holds the en-passant square.
    pub en_passant: Option<usize>,
}

/// The castling field: each letter stands for an attribute on a set of squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Castling {
    pub attribute: u8,
    pub rights: Vec<(char, Vec<Pos>)>,
}

/// What a game declared about its PDN FEN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdnSpec {
    /// Colour letters and the players they stand for, in the order FEN lists them.
    pub colors: Vec<(char, PlayerId)>,
    pub man: PieceKind,
    pub king: PieceKind,
}
