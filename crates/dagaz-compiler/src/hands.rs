//! Pieces off the board: what each player's hand holds at the start, and where captured pieces
//! go when the game sends them to the capturer's hand.

use crate::error::CompileError;
use dagaz_ir::{Piece, PieceKind};
use indexmap::IndexSet;

/// A hand count that never runs out (`(Stone unlimited)`): taking from it leaves it as it is.
pub const UNLIMITED: u16 = u16::MAX;

/// What a captured piece's owner-to-be may have to demote it by: its type, or an attribute it
/// has (crazyhouse's promoted pieces).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DemoteFrom {
    /// A piece of this type.
    Kind(PieceKind),
    /// A piece with this attribute bit set.
    Attribute(u8),
}

/// `(captures-to-hand (FROM TO) ...)`: every captured piece joins the capturer's hand; the
/// first demotion whose FROM matches turns it into a TO, and a piece no demotion matches keeps
/// its type.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ToHand {
    /// Whether a captured piece joins its owner's hand (`to-owner`), not the mover's.
    pub to_owner: bool,
    /// The demotions, in the order written.
    pub demotions: Vec<(DemoteFrom, PieceKind)>,
}

impl ToHand {
    /// The type a captured piece joins the hand as.
    pub fn demote(&self, piece: Piece) -> PieceKind {
        self.demotions
            .iter()
            .find(|(from, _)| match *from {
                DemoteFrom::Kind(k) => piece.kind == k,
                DemoteFrom::Attribute(bit) => piece.attr(bit),
            })
            .map_or(piece.kind, |&(_, to)| to)
    }
}

/// The hands the `players` clause gives: `counts[player * kinds + kind]`, [`UNLIMITED`] for
/// `unlimited`. Empty when no player has a hand clause.
pub(crate) fn initial(
    entries: &[dagaz_syntax::Player],
    players: &IndexSet<String>,
    pieces: &IndexSet<String>,
    errors: &mut Vec<CompileError>,
) -> Vec<u16> {
    if entries.iter().all(|e| e.hand.is_empty()) {
        return Vec::new();
    }
    let kinds = pieces.len();
    let mut counts = vec![0u16; players.len() * kinds];
    for entry in entries {
        let Some(player) = players.get_index_of(&entry.name.text) else {
            continue;
        };
        for item in &entry.hand {
            let kind = match crate::lookup::piece_kind(pieces, &item.kind) {
                Ok(kind) => kind.index(),
                Err(e) => {
                    errors.push(e);
                    continue;
                }
            };
            // The syntax bounds a count far below the mark for "unlimited".
            let n = item
                .count
                .map_or(UNLIMITED, |n| u16::try_from(n).unwrap_or(UNLIMITED - 1));
            if let Some(slot) = counts.get_mut(player * kinds + kind) {
                *slot = n;
            }
        }
    }
    counts
}

/// The `captures-to-hand` clause, its names resolved: a FROM is a piece type or an attribute.
pub(crate) fn to_hand(
    clause: &dagaz_syntax::CapturesToHand,
    pieces: &IndexSet<String>,
    attributes: &IndexSet<String>,
    errors: &mut Vec<CompileError>,
) -> ToHand {
    let mut demotions = Vec::new();
    for (from, to) in &clause.demotions {
        let from_kind = pieces
            .get_index_of(&from.text)
            .map(|k| DemoteFrom::Kind(PieceKind(k as u8)))
            .or_else(|| {
                attributes
                    .get_index_of(&from.text)
                    .map(|a| DemoteFrom::Attribute(a as u8))
            });
        let Some(from_kind) = from_kind else {
            errors.push(CompileError::unknown(
                "piece type or attribute",
                &from.text,
                from.span,
            ));
            continue;
        };
        match crate::lookup::piece_kind(pieces, to) {
            Ok(to_kind) => demotions.push((from_kind, to_kind)),
            Err(e) => errors.push(e),
        }
    }
    ToHand {
        to_owner: clause.to_owner,
        demotions,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dagaz_ir::PlayerId;

    #[test]
    fn demotes_by_type_then_by_attribute() {
        let rule = ToHand {
            to_owner: false,
            demotions: vec![
                (DemoteFrom::Kind(PieceKind(3)), PieceKind(0)),
                (DemoteFrom::Attribute(1), PieceKind(0)),
            ],
        };
        let piece = |kind: u8, attrs: u8| Piece {
            owner: PlayerId(1),
            kind: PieceKind(kind),
            attrs,
        };
        assert_eq!(rule.demote(piece(3, 0)), PieceKind(0));
        assert_eq!(rule.demote(piece(2, 0b10)), PieceKind(0));
        assert_eq!(rule.demote(piece(2, 0b01)), PieceKind(2));
        assert_eq!(ToHand::default().demote(piece(4, 0)), PieceKind(4));
    }
}
