//! Placing pieces: the `players` clause of a game and a setup text (`--setup`) share one
//! reader of `(PLAYER (PIECE pos ...) ...)`.

use crate::error::{CompileError, CompileErrorKind};
use dagaz_ir::{Board, Piece, PieceKind, PlayerId};
use dagaz_sexpr::{Node, Span};
use indexmap::IndexSet;

/// Why a placement failed, before it is dressed as a compile or a setup error.
///
/// Not `#[non_exhaustive]`, unlike the crate's other error enums: it is no API of its own, only
/// half of a conversion, and each user (this crate for the `players` clause, the engine for
/// setups) must map every variant to its own error kind. A new variant should fail to compile
/// there rather than fall into a catch-all with the wrong message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlaceError {
    /// A form of the wrong shape (a player clause that is no list, a piece list without a
    /// piece name, a position that is neither a name nor a number): what was expected, where,
    /// and the node found instead.
    Expected(&'static str, Span, String),
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
    /// `(PLAYER (PIECE pos ...) ...)`: puts the pieces on `cells` (one per board position).
    /// Positions are names, or numbers on a numbered board. A position already occupied in
    /// `cells`, also by an earlier call, is an error; on any error the pieces placed before it
    /// stay.
    pub fn place_player(&self, node: &Node, cells: &mut [Option<Piece>]) -> Result<(), PlaceError> {
        let items = node.as_list().ok_or_else(|| {
            PlaceError::Expected(
                "a player clause such as `(White (Man a1 c1))`",
                node.span,
                node.describe(),
            )
        })?;
        let (who, groups) = items
            .split_first()
            .ok_or_else(|| PlaceError::Expected("a player name", node.span, node.describe()))?;
        let name = who
            .as_symbol()
            .ok_or_else(|| PlaceError::Expected("a player name", who.span, who.describe()))?;
        let owner = self
            .players
            .get_index_of(name)
            .ok_or_else(|| PlaceError::Unknown("player", name.to_string(), who.span))?;
        for group in groups {
            let parts = group.as_list().ok_or_else(|| {
                PlaceError::Expected(
                    "a piece list such as `(Man a1 c1)`",
                    group.span,
                    group.describe(),
                )
            })?;
            let (kind, squares) = parts.split_first().ok_or_else(|| {
                PlaceError::Expected("a piece name", group.span, group.describe())
            })?;
            let kind_name = kind
                .as_symbol()
                .ok_or_else(|| PlaceError::Expected("a piece name", kind.span, kind.describe()))?;
            let kind_index = self
                .pieces
                .get_index_of(kind_name)
                .ok_or_else(|| PlaceError::Unknown("piece", kind_name.to_string(), kind.span))?;
            let piece = Piece {
                owner: PlayerId(owner as u8),
                kind: PieceKind(kind_index as u8),
                attrs: self.attrs,
            };
            for square in squares {
                let pos_name = match &square.kind {
                    dagaz_sexpr::NodeKind::Symbol(s) => s.clone(),
                    dagaz_sexpr::NodeKind::Int(n) => n.to_string(),
                    _ => {
                        return Err(PlaceError::Expected(
                            "a position name",
                            square.span,
                            square.describe(),
                        ))
                    }
                };
                let pos = self.board.lookup(&pos_name).ok_or_else(|| {
                    PlaceError::Unknown("position", pos_name.clone(), square.span)
                })?;
                match cells.get_mut(pos.index()) {
                    Some(cell @ None) => *cell = Some(piece),
                    _ => return Err(PlaceError::Occupied(pos_name, square.span)),
                }
            }
        }
        Ok(())
    }
}

/// A placement error in the game file itself.
pub fn to_compile_error(e: PlaceError) -> CompileError {
    match e {
        PlaceError::Expected(what, span, found) => CompileError::new(
            CompileErrorKind::Expected {
                expected: what.to_string(),
                found,
            },
            span,
        ),
        PlaceError::Unknown(what, name, span) => {
            CompileError::new(CompileErrorKind::Unknown { what, name }, span)
        }
        PlaceError::Occupied(name, span) => {
            CompileError::new(CompileErrorKind::Occupied(name), span)
        }
    }
}
