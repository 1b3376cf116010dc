//! What a move does to royal pieces, read from its actions alone.
//!
//! In chess no move removes a royal piece: the royal rule keeps kings out of reach. Atomic
//! chess needs the two ends of it: a capture that explodes one's own king is not a move, and
//! one that explodes the enemy's king stands whatever it leaves attacked (the game is won).
//! Both are read from the actions, before any attack test runs.

use dagaz_ir::{Action, Piece, PieceKind, PlayerId, Pos};

/// A move's effect on royal pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Fate {
    /// It removes none.
    Untouched,
    /// It removes one of the mover's own: never legal.
    Lost,
    /// It removes an enemy's and none of the mover's: legal whatever it leaves attacked.
    TakesEnemy,
}

/// What a move does to royal pieces, tallied action by action (see [`fate`]).
#[derive(Default)]
pub(crate) struct Tally {
    /// The mover's royal pieces lifted, less those put down.
    lifted: i32,
    lost: bool,
    takes_enemy: bool,
}

impl Tally {
    /// Counts one action of a move by `mover`.
    #[inline]
    pub(crate) fn see(
        &mut self,
        action: &Action,
        mover: PlayerId,
        is_royal: impl Fn(PieceKind) -> bool,
    ) {
        match *action {
            Action::Take { piece, .. } if piece.owner == mover && is_royal(piece.kind) => {
                self.lifted += 1;
            }
            Action::Drop { piece, .. } if piece.owner == mover && is_royal(piece.kind) => {
                self.lifted -= 1;
            }
            _ => {}
        }
        if let Some((_, piece)) = removal(action).filter(|(_, p)| is_royal(p.kind)) {
            if piece.owner == mover {
                self.lost = true;
            } else {
                self.takes_enemy = true;
            }
        }
    }

    /// The fate of the actions seen: one of the mover's royal pieces lost outweighs an enemy's.
    pub(crate) fn fate(&self) -> Fate {
        if self.lost || self.lifted > 0 {
            Fate::Lost
        } else if self.takes_enemy {
            Fate::TakesEnemy
        } else {
            Fate::Untouched
        }
    }
}

/// The fate of royal pieces in a move by `mover`. A royal piece is lost when it is captured
/// (or replaced by a drop), or lifted and never put down again.
pub(crate) fn fate(
    actions: &[Action],
    mover: PlayerId,
    is_royal: impl Fn(PieceKind) -> bool,
) -> Fate {
    let mut tally = Tally::default();
    for action in actions {
        tally.see(action, mover, &is_royal);
    }
    tally.fate()
}

/// Where an action removes a piece, and which: a capture, or a drop that replaces one.
pub(crate) fn removal(action: &Action) -> Option<(Pos, Piece)> {
    match *action {
        Action::Capture { at, piece } => Some((at, piece)),
        Action::Drop { at, replaced, .. } => replaced.map(|p| (at, p)),
        Action::Take { .. }
        | Action::SetTurn { .. }
        | Action::Change { .. }
        | Action::FromHand { .. }
        | Action::ToHand { .. }
        | Action::Seeds { .. }
        | Action::Weight { .. }
        | Action::TurnTo { .. }
        | Action::AnotherTurn => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KING: PieceKind = PieceKind(1);
    const ROOK: PieceKind = PieceKind(0);

    fn piece(kind: PieceKind, owner: u8) -> Piece {
        Piece {
            kind,
            owner: PlayerId(owner),
            attrs: Default::default(),
        }
    }

    fn of(actions: &[Action]) -> Fate {
        fate(actions, PlayerId(0), |k| k == KING)
    }

    #[test]
    fn a_king_step_touches_nothing() {
        let king = piece(KING, 0);
        let at = Pos(0);
        let to = Pos(1);
        assert_eq!(
            of(&[
                Action::Take { at, piece: king },
                Action::Drop {
                    at: to,
                    piece: king,
                    replaced: Some(piece(ROOK, 1))
                }
            ]),
            Fate::Untouched
        );
    }

    #[test]
    fn a_king_lifted_and_not_put_down_is_lost() {
        let king = piece(KING, 0);
        let rook = piece(ROOK, 1);
        assert_eq!(
            of(&[
                Action::Take {
                    at: Pos(0),
                    piece: king
                },
                Action::Capture {
                    at: Pos(1),
                    piece: rook
                }
            ]),
            Fate::Lost
        );
    }

    #[test]
    fn own_loss_outweighs_the_enemy_king() {
        let blast = |p| Action::Capture {
            at: Pos(2),
            piece: p,
        };
        assert_eq!(of(&[blast(piece(KING, 1))]), Fate::TakesEnemy);
        assert_eq!(
            of(&[blast(piece(KING, 1)), blast(piece(KING, 0))]),
            Fate::Lost
        );
        assert_eq!(of(&[blast(piece(ROOK, 1))]), Fate::Untouched);
    }
}
