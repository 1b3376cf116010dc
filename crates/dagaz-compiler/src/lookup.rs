//! A player's or a piece type's name looked up among the game's, with the compile error for an
//! unknown one: shared by the declarations and the hands, which each resolve both.

use crate::error::CompileError;
use dagaz_ir::{PieceKind, PlayerId};
use dagaz_syntax::Ident;
use indexmap::IndexSet;

/// The piece type `name` names.
pub(crate) fn piece_kind(
    pieces: &IndexSet<String>,
    name: &Ident,
) -> Result<PieceKind, CompileError> {
    pieces
        .get_index_of(&name.text)
        .map(|i| PieceKind(i as u8))
        .ok_or_else(|| CompileError::unknown("piece type", &name.text, name.span))
}

/// The player `name` names.
pub(crate) fn player(players: &IndexSet<String>, name: &Ident) -> Result<PlayerId, CompileError> {
    players
        .get_index_of(&name.text)
        .map(|i| PlayerId(i as u8))
        .ok_or_else(|| CompileError::unknown("player", &name.text, name.span))
}
