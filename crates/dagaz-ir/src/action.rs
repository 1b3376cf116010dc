//! What a move does: the small list of changes ([`Action`]s) a chain leaves when it completes,
//! and the order-blind hashing that finds two moves doing the same things.

use crate::value::{Piece, PieceKind, PlayerId, Pos, Value};
use smallvec::SmallVec;

/// One change a move makes. Each carries what it needs to be undone.
///
/// A move is the list of its actions in the order the chain made them; playing it applies them
/// in that order, and two moves with the same actions in another order are the same move
/// ([`same_actions`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// The piece at `at` was lifted into the hand.
    Take {
        /// Where it stood.
        at: Pos,
        /// The piece as it stood there, attributes included.
        piece: Piece,
    },
    /// The piece at `at` was removed: by `capture` at once, or by `capture-later` when the
    /// move is played (the action is the same).
    Capture {
        /// Where it stood.
        at: Pos,
        /// The piece removed.
        piece: Piece,
    },
    /// The hand's piece was put at `at`, replacing what stood there.
    Drop {
        /// Where it was put.
        at: Pos,
        /// The piece as the hand held it, after any `promote` or attribute change.
        piece: Piece,
        /// What stood there and is gone now (a capture by replacement); `None` on an empty
        /// square.
        replaced: Option<Piece>,
    },
    /// A piece of type `kind` left `player`'s hand (the pieces off the board) to be dropped:
    /// the first action of a move made by a `drops` clause.
    FromHand {
        /// Whose hand.
        player: PlayerId,
        /// The type taken.
        kind: PieceKind,
    },
    /// A captured piece joined `player`'s hand as a `kind` (`captures-to-hand`).
    ToHand {
        /// Whose hand.
        player: PlayerId,
        /// The type it joins as (after any demotion).
        kind: PieceKind,
    },
    /// The piece at `at` changed in place (`set-owner`): it was `from`, it is `to`.
    Change {
        /// Where it stands.
        at: Pos,
        /// The piece before.
        from: Piece,
        /// The piece after.
        to: Piece,
    },
    /// The number of seeds at `at` changed (`set-seeds`): it was `from`, it is `to`.
    Seeds {
        /// The position.
        at: Pos,
        /// The seeds before.
        from: u16,
        /// The seeds after.
        to: u16,
    },
    /// The player who made the move moves again (`another-turn`) instead of the next player
    /// in turn order.
    AnotherTurn,
    /// The move is `weight` times as likely as a move of weight 1 among a chance player's
    /// moves (`weight`). It changes nothing; the generator takes it out of the move's
    /// actions into the move's weight.
    Weight {
        /// At least 1.
        weight: u32,
    },
    /// The turn after this move is `player`'s next in the schedule (`turn-to`), not the next
    /// place's.
    TurnTo {
        /// The player who moves next.
        player: PlayerId,
    },
    /// A turn variable gets a value for the next turn.
    SetTurn {
        /// The turn variable, below [`MAX_TURN_VARIABLES`](crate::MAX_TURN_VARIABLES).
        slot: u8,
        /// The value the next turn reads; variables a move does not set read as
        /// [`Value::UNSET`].
        value: Value,
    },
}

/// What one action does to one position of the board: the piece that leaves it and the piece
/// that comes to it (either may be absent). Hands, seeds and turn variables are not the board's
/// pieces and change none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OnBoard {
    /// The position.
    pub at: Pos,
    /// The piece no longer there after the action.
    pub gone: Option<Piece>,
    /// The piece there after the action.
    pub came: Option<Piece>,
}

impl Action {
    /// What the action does to the board's pieces, or `None` when it changes none of them.
    /// Everything kept from the pieces alone (a board's key, material sums) follows a move
    /// through this one reading of its actions.
    pub fn on_board(self) -> Option<OnBoard> {
        let (at, gone, came) = match self {
            Action::Take { at, piece } | Action::Capture { at, piece } => (at, Some(piece), None),
            Action::Drop {
                at,
                piece,
                replaced,
            } => (at, replaced, Some(piece)),
            Action::Change { at, from, to } => (at, Some(from), Some(to)),
            Action::FromHand { .. }
            | Action::ToHand { .. }
            | Action::Seeds { .. }
            | Action::SetTurn { .. }
            | Action::Weight { .. }
            | Action::TurnTo { .. }
            | Action::AnotherTurn => return None,
        };
        Some(OnBoard { at, gone, came })
    }
}

impl Action {
    /// The action as one number (variant, position, pieces), for hashing: in line, as the
    /// hash of every move generated calls it for each action (`#[inline]` left it a call).
    #[inline(always)]
    fn code(self) -> u64 {
        let piece =
            |p: Piece| u64::from(p.owner.0) << 16 | u64::from(p.kind.0) << 8 | u64::from(p.attrs);
        let (tag, at, a, b) = match self {
            Action::Take { at, piece: p } => (1, at, piece(p), 0),
            Action::Capture { at, piece: p } => (2, at, piece(p), 0),
            Action::Drop {
                at,
                piece: p,
                replaced,
            } => (3, at, piece(p), replaced.map_or(0, |r| piece(r) + 1)),
            Action::SetTurn { slot, value } => {
                return 4 | u64::from(slot) << 3 | value_code(value) << 8;
            }
            Action::FromHand { player, kind } => {
                return 5 | u64::from(player.0) << 3 | u64::from(kind.0) << 11;
            }
            Action::ToHand { player, kind } => {
                return 6 | u64::from(player.0) << 3 | u64::from(kind.0) << 11;
            }
            Action::Change { at, from, to } => (7, at, piece(to), piece(from)),
            // Tag 0 is the last free one: the seeds take it, and another turn is tag 0 at
            // `u16::MAX`, which is no position (`MAX_POSITIONS`).
            Action::Seeds { at, from, to } => (0, at, u64::from(from), u64::from(to)),
            Action::AnotherTurn => (0, Pos(u16::MAX), 0, 0),
            Action::Weight { weight } => (0, Pos(u16::MAX - 1), u64::from(weight), 0),
            // At another turn's place, told apart from it by the player counted from 1.
            Action::TurnTo { player } => (0, Pos(u16::MAX), u64::from(player.0) + 1, 0),
        };
        tag | u64::from(at.0) << 3 | a << 19 | b << 43
    }
}

/// A value as a number that differs for different values: for hashing actions here, and
/// public for the engine, which hashes the turn variables of a position with it.
pub fn value_code(v: Value) -> u64 {
    let (tag, n): (u64, u64) = match v {
        Value::Int(n) => (0, u64::from(n as u32)),
        Value::Bool(b) => (1, u64::from(b)),
        Value::Str(s) => (2, u64::from(s.0)),
        Value::Pos(p) => (3, u64::from(p.0)),
        Value::Dir(d) => (4, u64::from(d.0)),
        Value::Player(p) => (5, u64::from(p.0)),
        Value::Piece(k) => (6, u64::from(k.0)),
    };
    tag | n << 3
}

/// A hash of a list of actions that ignores their order, so that two moves doing the same
/// things in another order (a capture loop run the other way round) hash alike. Equal lists
/// hash alike; unequal ones may too, so [`same_actions`] settles a match where it must.
pub fn unordered_hash(actions: &[Action]) -> u64 {
    // Each action's code fully mixed (SplitMix64's finaliser), then summed: order-independent,
    // and two different moves collide about as rarely as two random 64-bit numbers. A single
    // multiply was cheaper but close to linear in the codes: on a grid, a step from `a` to `b`
    // and one from `a + 1` to `b - 1` often hashed alike, and a count that trusts the hash
    // (quiescence's, see `MoveGen::generate_captures_unchecked`) lost moves.
    actions.iter().fold(0u64, |h, a| {
        let mut z = a.code().wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        h.wrapping_add(z ^ (z >> 31))
    })
}

/// Where a move puts a piece down last, and that piece as it lands (after any promotion): its
/// last `Drop`. `None` for a move that drops nothing.
pub fn landing(actions: &[Action]) -> Option<(Pos, Piece)> {
    actions.iter().rev().find_map(|a| match *a {
        Action::Drop { at, piece, .. } => Some((at, piece)),
        _ => None,
    })
}

/// Whether two action lists hold the same actions, in any order.
pub fn same_actions(a: &[Action], b: &[Action]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut x: SmallVec<[u64; 8]> = a.iter().map(|a| a.code()).collect();
    let mut y: SmallVec<[u64; 8]> = b.iter().map(|a| a.code()).collect();
    x.sort_unstable();
    y.sort_unstable();
    x == y
}

#[cfg(test)]
mod tests {
    use super::*;

    fn man(owner: u8) -> Piece {
        Piece::new(PlayerId(owner), PieceKind(0))
    }

    #[test]
    fn order_of_actions_does_not_matter_but_their_content_does() {
        let take = Action::Take {
            at: Pos(1),
            piece: man(0),
        };
        let capture = |at| Action::Capture {
            at: Pos(at),
            piece: man(1),
        };
        let (c1, c2) = (capture(2), capture(3));
        let drop = Action::Drop {
            at: Pos(1),
            piece: man(0),
            replaced: None,
        };
        let a = [take, c1, c2, drop];
        let b = [take, c2, c1, drop];
        assert_eq!(unordered_hash(&a), unordered_hash(&b));
        assert!(same_actions(&a, &b));
        let c = [take, c1, drop];
        assert!(!same_actions(&a, &c));
        let other = Action::Drop {
            at: Pos(4),
            piece: man(0),
            replaced: None,
        };
        assert!(!same_actions(&a, &[take, c1, c2, other]));
        assert_ne!(unordered_hash(&a), unordered_hash(&[take, c1, c2, other]));
    }

    #[test]
    fn on_board_names_what_leaves_and_what_comes() {
        let (a, b) = (man(0), man(1));
        let at = Pos(5);
        let seen = |action: Action| action.on_board().map(|o| (o.at, o.gone, o.came));
        assert_eq!(
            seen(Action::Take { at, piece: a }),
            Some((at, Some(a), None))
        );
        assert_eq!(
            seen(Action::Capture { at, piece: b }),
            Some((at, Some(b), None))
        );
        let drop = |replaced| Action::Drop {
            at,
            piece: a,
            replaced,
        };
        assert_eq!(seen(drop(None)), Some((at, None, Some(a))));
        assert_eq!(seen(drop(Some(b))), Some((at, Some(b), Some(a))));
        let change = Action::Change { at, from: a, to: b };
        assert_eq!(seen(change), Some((at, Some(a), Some(b))));
        let hand = Action::ToHand {
            player: PlayerId(0),
            kind: PieceKind(0),
        };
        let seeds = Action::Seeds { at, from: 1, to: 2 };
        for action in [hand, seeds, Action::AnotherTurn] {
            assert_eq!(action.on_board(), None);
        }
    }

    #[test]
    fn seeds_and_another_turn_are_actions_of_their_own() {
        let sow = |at, from, to| Action::Seeds {
            at: Pos(at),
            from,
            to,
        };
        let a = [sow(1, 4, 0), sow(2, 4, 5), sow(3, 4, 5)];
        let b = [sow(1, 4, 0), sow(3, 4, 5), sow(2, 4, 5)];
        assert!(same_actions(&a, &b));
        assert_eq!(unordered_hash(&a), unordered_hash(&b));
        assert!(!same_actions(
            &a,
            &[sow(1, 4, 0), sow(2, 4, 5), sow(3, 4, 6)]
        ));
        assert!(!same_actions(&[sow(1, 4, 0)], &[sow(1, 0, 4)]));
        let again = [sow(1, 4, 0), Action::AnotherTurn];
        assert!(!same_actions(&again, &[sow(1, 4, 0), sow(0, 0, 0)]));
        assert_ne!(Action::AnotherTurn.code(), sow(0, 0, 0).code());
        assert_ne!(
            Action::AnotherTurn.code(),
            Action::SetTurn {
                slot: 0,
                value: Value::Int(0)
            }
            .code()
        );
    }
}
