//! What a game declares about writing its positions as text (its `(fen ...)` clause), and the
//! error of reading such a text. The readers and writers are in `fen` and `pdn`.

use dagaz_ir::{Dir, Piece, PieceKind, PlayerId, Pos};
use dagaz_sexpr::Span;
use thiserror::Error;

/// A FEN that could not be read: which field, why, and where in the text.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("bad FEN {field}: {message}")]
pub struct FenError {
    /// The part of the FEN at fault, as a person names it (`"placement"`, `"side to move"`,
    /// `"castling"`, `"White list"`), or `"(the game)"` when the game declares no FEN at all.
    pub field: String,
    /// What is wrong with it, and what was expected.
    pub message: String,
    /// The bytes of the FEN text (not of the game file) to blame; the whole text when the game
    /// declares no FEN.
    pub span: Span,
}

/// What a game declared about its FEN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenSpec {
    /// `(fen pdn ...)`: the draughts style, `W:W31-50:B1-20`.
    Pdn(PdnSpec),
    /// `(fen standard ...)`: the chess style, rows of letters and digits then the other fields.
    Standard(StandardFen),
}

/// The chess-style FEN of a game on a two-dimensional board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandardFen {
    /// Each letter with the piece it stands for.
    pub letters: Vec<(char, Piece)>,
    /// Each letter written after a `+` (SFEN: `+P`) with the piece it stands for.
    pub plus_letters: Vec<(char, Piece)>,
    /// Shogi's SFEN: placement, side to move, hands (`-`, or counts and letters: `2Pb`) and the
    /// move number; no castling, en-passant or clock fields.
    pub sfen: bool,
    /// The side-to-move letters.
    pub turn: Vec<(char, PlayerId)>,
    /// What the castling field stands for; `None` when the game has no castling, and then only
    /// `-` is accepted there.
    pub castling: Option<Castling>,
    /// The turn variable that holds the en-passant square.
    pub en_passant: Option<usize>,
    /// `(piece-count PIECE MIN [MAX])`: each player has from MIN to MAX pieces of the type.
    pub counts: Vec<(PieceKind, u32, u32)>,
    /// `(forbidden-ranks PIECE RANK ...)`: no piece of the type stands on these ranks, given
    /// as indices into the board's second dimension.
    pub forbidden_ranks: Vec<(PieceKind, Vec<usize>)>,
    /// `(hands)`: the players' hands follow the placement in brackets, one piece letter per
    /// piece (`[QPp]`; `[]` when all are empty).
    pub hands: bool,
    /// `(promoted ATTRIBUTE)`: the attribute bit of pieces written with `~` after the letter.
    pub promoted: Option<u8>,
}

/// The castling field: each letter stands for an attribute on a set of squares, or on a king
/// and one of its rooks wherever they stand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Castling {
    /// The attribute's bit (in [`Piece::attrs`]) that the field grants; reading a FEN clears
    /// it on every other piece, so only the field decides it.
    pub attribute: u8,
    /// Each letter with the squares whose pieces it gives the attribute (`K` → e1 and h1);
    /// a letter needs a piece on every one of its squares.
    pub rights: Vec<(char, Vec<Pos>)>,
    /// `(king PIECE) (rook PIECE)`: the letters name a king and a rook wherever they stand
    /// (Chess960), and `rights` is empty.
    pub rooks: Option<CastlingRooks>,
}

/// Castling letters for kings and rooks that may start anywhere on their row. `K` (a side's
/// letter) names the player's king and its farthest rook in the side's direction, as X-FEN
/// has it; a file letter (`C`, in the case of a player's side letters) names the king and the
/// rook on that file of the king's row, as Shredder-FEN has it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CastlingRooks {
    /// The king's piece type: one per player that has rights.
    pub king: PieceKind,
    /// The rook's piece type.
    pub rook: PieceKind,
    /// Each side's letter, its player and the direction from the king to the rooks it names.
    pub sides: Vec<(char, PlayerId, Dir)>,
}

/// What a game declared about its PDN FEN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdnSpec {
    /// Colour letters and the players they stand for, in the order FEN lists them.
    pub colors: Vec<(char, PlayerId)>,
    /// The piece type of a square written bare (`31`).
    pub man: PieceKind,
    /// The piece type of a square written with `K` (`K31`).
    pub king: PieceKind,
}
