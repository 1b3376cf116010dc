//! Search scores: centipawn-like numbers, with mates as a distance from a large constant so
//! that a quicker win scores higher and a slower loss scores higher than a quicker one.

use std::fmt;

/// The score of a mate found at the root (no move needed): nothing scores higher.
pub const MATE: i32 = 1_000_000;
/// Scores beyond this (in absolute value) are mates.
pub const MATE_BOUND: i32 = MATE - 10_000;
/// Larger than any score.
pub const INFINITY: i32 = MATE + 1;

/// A score as a protocol reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns from the side to move's point of view.
    Cp(i32),
    /// Mate in this many moves (the side to move's own moves); negative when it is mated.
    Mate(i32),
}

impl Score {
    /// Reads a search score.
    pub fn from_search(value: i32) -> Score {
        if value > MATE_BOUND {
            // MATE - plies; the side to move needs (plies + 1) / 2 of its own moves.
            Score::Mate((MATE - value + 1) / 2)
        } else if value < -MATE_BOUND {
            Score::Mate(-((MATE + value) / 2))
        } else {
            Score::Cp(value)
        }
    }
}

/// UCI's form: `cp 35`, `mate 2`, `mate -1`.
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(cp) => write!(f, "cp {cp}"),
            Score::Mate(n) => write!(f, "mate {n}"),
        }
    }
}

/// A mate `ply` plies from the root, for the side that delivers it.
pub(crate) fn mate_in(ply: u32) -> i32 {
    MATE - ply as i32
}

/// Mate scores are stored in the transposition table relative to the node, so that they stay
/// right when the node is reached at another ply.
pub(crate) fn to_table(value: i32, ply: u32) -> i32 {
    if value > MATE_BOUND {
        value + ply as i32
    } else if value < -MATE_BOUND {
        value - ply as i32
    } else {
        value
    }
}

pub(crate) fn from_table(value: i32, ply: u32) -> i32 {
    if value > MATE_BOUND {
        value - ply as i32
    } else if value < -MATE_BOUND {
        value + ply as i32
    } else {
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mates_count_the_winners_moves() {
        // Mate delivered by the side to move's first move: one ply away.
        assert_eq!(Score::from_search(mate_in(1)), Score::Mate(1));
        assert_eq!(Score::from_search(mate_in(3)), Score::Mate(2));
        // Mated now (no move), and mated after one reply.
        assert_eq!(Score::from_search(-mate_in(0)), Score::Mate(0));
        assert_eq!(Score::from_search(-mate_in(2)), Score::Mate(-1));
        assert_eq!(Score::from_search(35), Score::Cp(35));
        assert_eq!(Score::Mate(-3).to_string(), "mate -3");
        assert_eq!(Score::Cp(-20).to_string(), "cp -20");
    }

    #[test]
    fn table_scores_are_relative_to_the_node() {
        let at_root = mate_in(5);
        let stored = to_table(at_root, 2);
        assert_eq!(from_table(stored, 2), at_root);
        assert_eq!(from_table(stored, 0), mate_in(3));
        assert_eq!(to_table(17, 9), 17);
    }
}
