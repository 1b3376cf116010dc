//! The boards a game has been through, for positional superko (`(superko positional)`), and
//! the Zobrist keys that tell boards apart.
//!
//! A board's key is the XOR of one key per piece on it (its position, owner, type and
//! attributes); [`crate::Position::zobrist`] starts from the same keys. Every action records
//! what it found and what it left, so the XOR of what a move's actions change turns the key of
//! the board before the move into the key of the board after it: the generator knows whether a
//! move brings back an earlier board without playing it.
//!
//! The keys seen are kept in a persistent hash set (`im`, the `imbl` fork): a clone of a
//! position shares it, and playing a move on one copy adds a key without touching the others.
//! Only positions of a game that declares the rule carry one.

use dagaz_ir::{Action, Piece, Pos};
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// SplitMix64's finaliser: a key per feature, without a table of random numbers.
pub(crate) fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The key of `piece` standing on `pos`.
pub(crate) fn piece_key(pos: Pos, piece: Piece) -> u64 {
    mix(1 << 48
        | u64::from(pos.0) << 24
        | u64::from(piece.owner.0) << 16
        | u64::from(piece.kind.0) << 8
        | u64::from(piece.attrs))
}

/// The key of a whole board: the XOR of its pieces' keys (0 for an empty board).
pub(crate) fn board_key(cells: &[Option<Piece>]) -> u64 {
    cells
        .iter()
        .enumerate()
        .filter_map(|(i, c)| c.map(|p| piece_key(Pos(i as u16), p)))
        .fold(0, |h, k| h ^ k)
}

/// What `actions`, played in order, change in the board's key: 0 when they leave every
/// position as it was (a pass, or a move that only changes hands or turn variables).
pub(crate) fn board_change(actions: &[Action]) -> u64 {
    // Positional superko compares the pieces alone (no game has both it and seeds).
    actions
        .iter()
        .filter_map(|a| a.on_board())
        .fold(0, |change, o| {
            change
                ^ o.gone.map_or(0, |p| piece_key(o.at, p))
                ^ o.came.map_or(0, |p| piece_key(o.at, p))
        })
}

/// Passes a board key through as its own hash: the keys are already well mixed.
#[derive(Clone, Copy, Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = mix(self.0 ^ u64::from(b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

type KeySet =
    im::GenericHashSet<u64, BuildHasherDefault<KeyHasher>, im::shared_ptr::DefaultSharedPtr>;

/// The keys of the boards a game has had: at its start (the game's start, a setup or a FEN)
/// and after each move played since, the current board's included.
#[derive(Clone)]
pub(crate) struct SeenBoards {
    /// The current board's key.
    current: u64,
    seen: KeySet,
}

impl SeenBoards {
    /// A history that begins with the board `cells`.
    pub(crate) fn new(cells: &[Option<Piece>]) -> SeenBoards {
        let current = board_key(cells);
        let mut seen = KeySet::default();
        seen.insert(current);
        SeenBoards { current, seen }
    }

    /// The current board's key.
    pub(crate) fn current(&self) -> u64 {
        self.current
    }

    /// How many different boards the game has had.
    pub(crate) fn len(&self) -> usize {
        self.seen.len()
    }

    /// Whether a move whose actions change the key by `change` brings back a board the game
    /// has had before. A move that leaves the board as it is does not.
    pub(crate) fn repeated_by(&self, change: u64) -> bool {
        change != 0 && self.seen.contains(&(self.current ^ change))
    }

    /// Records the board after a move that changed the key by `change`; whether it is new
    /// (what [`SeenBoards::leave`] must be told).
    pub(crate) fn enter(&mut self, change: u64) -> bool {
        self.current ^= change;
        self.seen.insert(self.current).is_none()
    }

    /// Takes back [`SeenBoards::enter`]: `new` is what it answered.
    pub(crate) fn leave(&mut self, change: u64, new: bool) {
        if new {
            self.seen.remove(&self.current);
        }
        self.current ^= change;
    }
}

impl PartialEq for SeenBoards {
    fn eq(&self, other: &SeenBoards) -> bool {
        self.current == other.current && (self.seen.ptr_eq(&other.seen) || self.seen == other.seen)
    }
}

impl Eq for SeenBoards {}

impl Hash for SeenBoards {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.current.hash(state);
        self.seen.len().hash(state);
    }
}

impl std::fmt::Debug for SeenBoards {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SeenBoards")
            .field("current", &format_args!("{:#018x}", self.current))
            .field("boards", &self.seen.len())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dagaz_ir::{PieceKind, PlayerId};

    fn stone(owner: u8) -> Piece {
        Piece {
            owner: PlayerId(owner),
            kind: PieceKind(0),
            attrs: 0,
        }
    }

    #[test]
    fn a_move_changes_the_key_as_the_board_it_leaves() {
        let mut cells = vec![None; 4];
        cells[1] = Some(stone(1));
        let before = board_key(&cells);
        // Black drops on 0 and captures White's stone on 1.
        let actions = [
            Action::Drop {
                at: Pos(0),
                piece: stone(0),
                replaced: None,
            },
            Action::Capture {
                at: Pos(1),
                piece: stone(1),
            },
        ];
        cells[0] = Some(stone(0));
        cells[1] = None;
        assert_eq!(before ^ board_change(&actions), board_key(&cells));
        assert_eq!(board_change(&[]), 0, "a pass changes nothing");
    }

    #[test]
    fn enter_and_leave_keep_the_set_of_boards() {
        let cells = vec![None; 4];
        let mut seen = SeenBoards::new(&cells);
        let start = seen.clone();
        let put = piece_key(Pos(2), stone(0));
        assert!(!seen.repeated_by(put));
        assert!(!seen.repeated_by(0), "a pass never repeats");
        let new = seen.enter(put);
        assert!(new);
        assert_eq!(seen.len(), 2);
        // Taking the stone away again brings back the empty board.
        assert!(seen.repeated_by(put));
        let again = seen.enter(0);
        assert!(!again, "a pass adds no board");
        seen.leave(0, again);
        seen.leave(put, new);
        assert_eq!(seen, start);
        assert_eq!(start.len(), 1);
    }
}
