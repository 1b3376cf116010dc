//! Placing pieces: the `players` clause of a game and a setup text (`--setup`) share one placer
//! of `(PLAYER (PIECE pos ...) ...)` entries, whose shape `dagaz_syntax::player` reads.

use crate::error::{CompileError, CompileErrorKind};
use dagaz_ir::{Board, Piece, PieceKind, PlayerId};
use dagaz_sexpr::Span;
use dagaz_syntax::Player;
use indexmap::IndexSet;

/// Why a placement failed, before it is dressed as a compile or a setup error. (A form of the
/// wrong shape is `dagaz_syntax`'s error, found before placing.)
///
/// Not `#[non_exhaustive]`, unlike the crate's other error enums: it is no API of its own, only
/// half of a conversion, and each user (this crate for the `players` clause, the engine for
/// setups) must map every variant to its own error kind. A new variant should fail to compile
/// there rather than fall into a catch-all with the wrong message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlaceError {
    /// A name the game does not have: what it should name (`"player"`, `"piece"` or
    /// `"position"`), the name, where.
    Unknown(&'static str, String, Span),
    /// A position given two pieces (its name as written, where the second is).
    Occupied(String, Span),
}

/// Places pieces on a board by name: what the `players` clause and a setup text have in
/// common. It only resolves names; the caller owns the cells and decides the side to move.
pub struct Placer<'a> {
    /// The board the names are positions of.
    pub board: &'a Board,
    /// Player names in turn order.
    pub players: &'a IndexSet<String>,
    /// Piece type names in declaration order.
    pub pieces: &'a IndexSet<String>,
    /// The attributes every placed piece starts with.
    pub attrs: u8,
}

impl Placer<'_> {
    /// Puts a player's pieces on `cells` (one per board position): every one it can, and a
    /// mistake for each one it cannot (an unknown player places nothing). Positions are names,
    /// or numbers on a numbered board. A position already occupied in `cells`, also by an
    /// earlier call, is a mistake.
    pub fn place_player(&self, player: &Player, cells: &mut [Option<Piece>]) -> Vec<PlaceError> {
        let mut errors = Vec::new();
        let Some(owner) = self.players.get_index_of(&player.name.text) else {
            let name = player.name.text.clone();
            return vec![PlaceError::Unknown("player", name, player.name.span)];
        };
        for group in &player.groups {
            let Some(kind) = self.pieces.get_index_of(&group.kind.text) else {
                let name = group.kind.text.clone();
                errors.push(PlaceError::Unknown("piece", name, group.kind.span));
                continue;
            };
            let piece = Piece {
                owner: PlayerId(owner as u8),
                kind: PieceKind(kind as u8),
                attrs: self.attrs,
            };
            for square in &group.squares {
                let Some(pos) = self.board.lookup(&square.text) else {
                    let name = square.text.clone();
                    errors.push(PlaceError::Unknown("position", name, square.span));
                    continue;
                };
                match cells.get_mut(pos.index()) {
                    Some(cell @ None) => *cell = Some(piece),
                    _ => errors.push(PlaceError::Occupied(square.text.clone(), square.span)),
                }
            }
        }
        errors
    }
}

/// A placement error in the game file itself.
pub(crate) fn to_compile_error(e: PlaceError) -> CompileError {
    match e {
        PlaceError::Unknown(what, name, span) => CompileError::unknown(what, &name, span),
        PlaceError::Occupied(name, span) => {
            CompileError::new(CompileErrorKind::Occupied(name), span)
        }
    }
}
