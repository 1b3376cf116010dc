//! Independent reference implementation of "Very simple checkers".
//!
//! This file deliberately shares no code with the engine: it is a plain, hand-written move
//! generator used by the test suite as a referee. It favours obviously-correct code over speed.
//!
//! Rules implemented (see the test-suite documentation for the full statement):
//! - 10x10 board, files `a..j`, ranks `1..10`, every square playable.
//! - Only men, no kings, no promotion.
//! - Quiet move: one step diagonally forward onto an empty square. White's forward is towards
//!   rank 10. Black's forward is towards rank 1 when `symmetric`, otherwise also towards rank 10
//!   (the seed text uses absolute directions).
//! - Capture: the man is lifted off its start square, then jumps over adjacent enemy men in any
//!   of the four diagonal directions, landing on the empty square just beyond. Captured men are
//!   removed immediately. Every prefix of a chain is a candidate move.
//! - Majority rule: only candidates with the maximum number of captures are legal.
//! - Unique moves: candidates with the same start, end and set of captured men are one move.

#![allow(dead_code)]

use std::collections::BTreeSet;

/// Number of files and ranks.
const SIZE: i8 = 10;

/// The four diagonal directions as (file delta, rank delta).
const DIAGONALS: [(i8, i8); 4] = [(-1, 1), (1, 1), (-1, -1), (1, -1)];

/// A player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    White,
    Black,
}

impl Side {
    /// The other player.
    pub fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
}

/// A square as zero-based (file, rank) coordinates.
///
/// Kept private so the public API only ever deals in square names, which is what the engine
/// under test prints; coordinates cannot be confused between the two implementations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Sq {
    file: i8,
    rank: i8,
}

impl Sq {
    /// Builds a square, or `None` if the coordinates are off the board.
    fn new(file: i8, rank: i8) -> Option<Sq> {
        ((0..SIZE).contains(&file) && (0..SIZE).contains(&rank)).then_some(Sq { file, rank })
    }

    /// The neighbouring square in direction `(df, dr)`, if it is on the board.
    fn offset(self, (df, dr): (i8, i8)) -> Option<Sq> {
        Sq::new(self.file + df, self.rank + dr)
    }

    /// Parses a name such as `"a1"` or `"j10"`.
    ///
    /// Strict on purpose (lowercase file, no leading zero, no sign) so that a typo in a test
    /// fixture is reported instead of silently mapping to some square.
    fn parse(name: &str) -> Option<Sq> {
        let mut chars = name.chars();
        let file_char = chars.next()?;
        let rank_text = chars.as_str();
        if !('a'..='j').contains(&file_char) || rank_text.starts_with('0') {
            return None;
        }
        if !rank_text.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        let rank: i8 = rank_text.parse().ok()?;
        let file = i8::try_from(u32::from(file_char) - u32::from('a')).ok()?;
        Sq::new(file, rank - 1)
    }

    /// The square's name, e.g. `"c3"`.
    fn name(self) -> String {
        // `file` is always in 0..10 by construction, so the addition cannot leave 'a'..='j'.
        let file_char = char::from(b'a' + self.file.unsigned_abs());
        format!("{file_char}{}", self.rank + 1)
    }
}

/// A move in internal coordinates; converted to [`RefMove`] only at the API boundary so perft
/// does not pay for string formatting.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Move {
    from: Sq,
    captured: Vec<Sq>,
    to: Sq,
}

impl Move {
    fn to_ref(&self) -> RefMove {
        RefMove {
            from: self.from.name(),
            captured: self.captured.iter().map(|sq| sq.name()).collect(),
            to: self.to.name(),
        }
    }
}

/// A move as seen by the tests: start square, captured squares (sorted by coordinates, since
/// the order of the jumps does not make another move), end square.
///
/// Two moves are the same exactly when this triple is the same, which is why equality and
/// ordering are derived over all three fields.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RefMove {
    pub from: String,
    pub captured: Vec<String>,
    pub to: String,
}

impl RefMove {
    /// Notation used by the engine: `"<start> - <end>"`.
    ///
    pub fn notation(&self) -> String {
        format!("{} - {}", self.from, self.to)
    }
}

/// Board contents indexed as `[file][rank]`, zero-based.
type Board = [[Option<Side>; SIZE as usize]; SIZE as usize];

/// A position: board, side to move, and the direction convention for Black.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPosition {
    board: Board,
    to_move: Side,
    /// When true Black moves towards rank 1; when false Black also moves towards rank 10.
    symmetric: bool,
}

/// Reads a square of a board; coordinates in a `Sq` are always valid.
fn get(board: &Board, sq: Sq) -> Option<Side> {
    board[sq.file.unsigned_abs() as usize][sq.rank.unsigned_abs() as usize]
}

/// Writes a square of a board.
fn set(board: &mut Board, sq: Sq, value: Option<Side>) {
    board[sq.file.unsigned_abs() as usize][sq.rank.unsigned_abs() as usize] = value;
}

/// Every square of the board, in (file, rank) order.
fn all_squares() -> impl Iterator<Item = Sq> {
    (0..SIZE).flat_map(|file| (0..SIZE).map(move |rank| Sq { file, rank }))
}

impl RefPosition {
    /// The standard starting position with White to move.
    pub fn start(symmetric: bool) -> RefPosition {
        const WHITE: [&str; 15] = [
            "a1", "c1", "e1", "g1", "i1", "b2", "d2", "f2", "h2", "j2", "a3", "c3", "e3", "g3",
            "i3",
        ];
        const BLACK: [&str; 15] = [
            "b8", "d8", "f8", "h8", "j8", "a7", "c7", "e7", "g7", "i7", "b6", "d6", "f6", "h6",
            "j6",
        ];
        // The lists above are fixed and valid, but rather than assert that we fall back to an
        // empty board, which any start-position test would immediately flag.
        RefPosition::from_lists(&WHITE, &BLACK, Side::White, symmetric).unwrap_or(RefPosition {
            board: [[None; SIZE as usize]; SIZE as usize],
            to_move: Side::White,
            symmetric,
        })
    }

    /// Builds a position from square names.
    ///
    /// Returns `None` if a name is invalid or a square is listed twice (in either list).
    pub fn from_lists(
        white: &[&str],
        black: &[&str],
        to_move: Side,
        symmetric: bool,
    ) -> Option<RefPosition> {
        let mut board: Board = [[None; SIZE as usize]; SIZE as usize];
        let pieces = white
            .iter()
            .map(|name| (name, Side::White))
            .chain(black.iter().map(|name| (name, Side::Black)));
        for (name, side) in pieces {
            let sq = Sq::parse(name)?;
            if get(&board, sq).is_some() {
                return None;
            }
            set(&mut board, sq, Some(side));
        }
        Some(RefPosition {
            board,
            to_move,
            symmetric,
        })
    }

    /// The side to move.
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Whether Black's forward direction is mirrored (towards rank 1).
    pub fn symmetric(&self) -> bool {
        self.symmetric
    }

    /// The piece on a named square; `None` for an empty or invalid square.
    pub fn piece_at(&self, name: &str) -> Option<Side> {
        Sq::parse(name).and_then(|sq| get(&self.board, sq))
    }

    /// All legal moves, sorted and without duplicates.
    pub fn legal_moves(&self) -> Vec<RefMove> {
        let mut moves: Vec<RefMove> = self.moves().iter().map(Move::to_ref).collect();
        // The internal order is by coordinates; re-sort by names so the order is stable and
        // matches the `Ord` the tests see.
        moves.sort();
        moves
    }

    /// The child position after `mv`.
    ///
    /// `mv` should be one of [`RefPosition::legal_moves`]. An illegal move yields an unchanged
    /// copy of `self` (same side to move), which any comparison with the engine will flag;
    /// use [`RefPosition::try_play`] to detect it explicitly.
    pub fn play(&self, mv: &RefMove) -> RefPosition {
        self.try_play(mv).unwrap_or_else(|| self.clone())
    }

    /// The child position after `mv`, or `None` if `mv` is not legal here.
    pub fn try_play(&self, mv: &RefMove) -> Option<RefPosition> {
        // Matching against the generated list (rather than just parsing) guarantees the
        // referee never applies a move its own rules would not allow.
        self.moves()
            .into_iter()
            .find(|candidate| candidate.to_ref() == *mv)
            .map(|candidate| self.apply(&candidate))
    }

    /// Applies an internal move that is known to be legal.
    fn apply(&self, mv: &Move) -> RefPosition {
        let mut board = self.board;
        // Lift first: the end square may equal the start square (a closed capture loop).
        set(&mut board, mv.from, None);
        for &sq in &mv.captured {
            set(&mut board, sq, None);
        }
        set(&mut board, mv.to, Some(self.to_move));
        RefPosition {
            board,
            to_move: self.to_move.opponent(),
            symmetric: self.symmetric,
        }
    }

    /// Rank delta of a quiet step for `side`.
    fn forward(&self, side: Side) -> i8 {
        match side {
            Side::White => 1,
            Side::Black if self.symmetric => -1,
            // The non-symmetric seed uses absolute directions, so Black steps "north" too.
            Side::Black => 1,
        }
    }

    /// All legal moves in internal form, with the majority rule applied.
    fn moves(&self) -> Vec<Move> {
        let side = self.to_move;
        let own: Vec<Sq> = all_squares()
            .filter(|&sq| get(&self.board, sq) == Some(side))
            .collect();

        // A set removes candidates with an identical (from, captured, to) triple.
        let mut captures = BTreeSet::new();
        for &from in &own {
            let mut board = self.board;
            // The man leaves its start square before jumping, so that square counts as empty.
            set(&mut board, from, None);
            let mut captured = Vec::new();
            self.extend_captures(&mut board, from, from, &mut captured, &mut captures);
        }

        let max = captures
            .iter()
            .map(|mv: &Move| mv.captured.len())
            .max()
            .unwrap_or(0);
        if max > 0 {
            return captures
                .into_iter()
                .filter(|mv| mv.captured.len() == max)
                .collect();
        }

        // No capture anywhere: only quiet moves remain (all have zero captures).
        let dr = self.forward(side);
        let mut quiet = BTreeSet::new();
        for &from in &own {
            for df in [-1, 1] {
                if let Some(to) = from.offset((df, dr)) {
                    if get(&self.board, to).is_none() {
                        quiet.insert(Move {
                            from,
                            captured: Vec::new(),
                            to,
                        });
                    }
                }
            }
        }
        quiet.into_iter().collect()
    }

    /// Depth-first search of capture chains from `at`, recording every prefix as a candidate.
    ///
    /// `board` has the moving man lifted and already-captured men removed; it is restored
    /// before returning so the caller can try other branches.
    fn extend_captures(
        &self,
        board: &mut Board,
        from: Sq,
        at: Sq,
        captured: &mut Vec<Sq>,
        out: &mut BTreeSet<Move>,
    ) {
        let enemy = self.to_move.opponent();
        for dir in DIAGONALS {
            let Some(over) = at.offset(dir) else { continue };
            let Some(land) = over.offset(dir) else {
                continue;
            };
            if get(board, over) != Some(enemy) || get(board, land).is_some() {
                continue;
            }
            // Removal is immediate: the square can be crossed or landed on later in this move.
            set(board, over, None);
            captured.push(over);
            // FMJD "unique moves": the same start, end and set of captured men is one move,
            // whatever the order of the jumps, so the set is keyed by the sorted captures.
            let mut set_of_captures = captured.clone();
            set_of_captures.sort();
            out.insert(Move {
                from,
                captured: set_of_captures,
                to: land,
            });
            self.extend_captures(board, from, land, captured, out);
            captured.pop();
            set(board, over, Some(enemy));
        }
    }

    /// Leaf count of the move tree to `depth`, using internal moves to avoid string work.
    fn perft_internal(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|mv| self.apply(mv).perft_internal(depth - 1))
            .sum()
    }
}

/// Number of leaf nodes of the legal move tree of depth `depth` below `pos`.
///
/// A position whose side to move has no legal move has no children, so it counts 0 at any
/// depth >= 1 and 1 at depth 0.
pub fn perft(pos: &RefPosition, depth: u32) -> u64 {
    pos.perft_internal(depth)
}

/// Per-move breakdown of `perft(pos, depth)`: each legal move with the perft of its child at
/// `depth - 1`. Handy for locating the first divergence from the engine.
pub fn divide(pos: &RefPosition, depth: u32) -> Vec<(RefMove, u64)> {
    let Some(below) = depth.checked_sub(1) else {
        return Vec::new();
    };
    let mut out: Vec<(RefMove, u64)> = pos
        .moves()
        .iter()
        .map(|mv| (mv.to_ref(), pos.apply(mv).perft_internal(below)))
        .collect();
    out.sort();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn notations(pos: &RefPosition) -> Vec<String> {
        let mut list: Vec<String> = pos.legal_moves().iter().map(RefMove::notation).collect();
        list.sort();
        list
    }

    #[test]
    fn start_position_has_nine_quiet_moves() {
        let expected = [
            "a3 - b4", "c3 - b4", "c3 - d4", "e3 - d4", "e3 - f4", "g3 - f4", "g3 - h4", "i3 - h4",
            "i3 - j4",
        ];
        for symmetric in [true, false] {
            let pos = RefPosition::start(symmetric);
            assert_eq!(pos.to_move(), Side::White);
            assert_eq!(notations(&pos), expected);
        }
    }

    #[test]
    fn backward_capture_is_forced() -> Result<(), String> {
        for symmetric in [true, false] {
            let pos = RefPosition::from_lists(&["e5"], &["d4"], Side::White, symmetric)
                .ok_or("invalid fixture")?;
            let moves = pos.legal_moves();
            assert_eq!(moves.len(), 1);
            assert_eq!(moves[0].notation(), "e5 - c3");
            assert_eq!(moves[0].captured, ["d4"]);

            let child = pos.try_play(&moves[0]).ok_or("legal move rejected")?;
            assert_eq!(child.to_move(), Side::Black);
            assert_eq!(child.piece_at("c3"), Some(Side::White));
            assert_eq!(child.piece_at("d4"), None);
            assert_eq!(child.piece_at("e5"), None);
        }
        Ok(())
    }

    #[test]
    fn only_longest_chain_survives() -> Result<(), String> {
        // c3 x d4 -> e5 x f6 -> g7; h4 is never adjacent to the path, so 2 captures is the
        // maximum and the 1-capture prefix "c3 - e5" is illegal.
        let pos = RefPosition::from_lists(&["c3"], &["d4", "f6", "h4"], Side::White, true)
            .ok_or("invalid fixture")?;
        let moves = pos.legal_moves();
        assert_eq!(moves.len(), 1);
        assert_eq!(moves[0].notation(), "c3 - g7");
        assert_eq!(moves[0].captured, ["d4", "f6"]);
        Ok(())
    }

    #[test]
    fn closed_loop_returns_to_lifted_start_as_one_move() -> Result<(), String> {
        // Diamond around e3: c3 -> e5 -> g3 -> e1 -> c3 clockwise or anticlockwise. The start
        // square is empty because the man was lifted; the two orders capture the same set, so
        // they are one move.
        let pos = RefPosition::from_lists(&["c3"], &["d4", "f4", "f2", "d2"], Side::White, true)
            .ok_or("invalid fixture")?;
        let moves = pos.legal_moves();
        assert_eq!(moves.len(), 1);
        assert_eq!(moves[0].notation(), "c3 - c3");
        assert_eq!(moves[0].captured.len(), 4);
        let child = pos.play(&moves[0]);
        assert_eq!(child.piece_at("c3"), Some(Side::White));
        assert_eq!(perft(&child, 1), 0, "black has no men left, hence no moves");
        Ok(())
    }

    #[test]
    fn from_lists_rejects_bad_input() {
        assert!(RefPosition::from_lists(&["a1", "a1"], &[], Side::White, true).is_none());
        assert!(RefPosition::from_lists(&["a1"], &["a1"], Side::White, true).is_none());
        for bad in ["k1", "a0", "a11", "a01", "A1", "a", "", "a+1", "a1 "] {
            assert!(
                RefPosition::from_lists(&[bad], &[], Side::White, true).is_none(),
                "{bad:?} accepted"
            );
        }
        assert!(RefPosition::from_lists(&["j10"], &["a1"], Side::Black, false).is_some());
    }

    #[test]
    fn non_symmetric_black_steps_towards_rank_ten() -> Result<(), String> {
        let pos =
            RefPosition::from_lists(&[], &["e5"], Side::Black, false).ok_or("invalid fixture")?;
        assert_eq!(notations(&pos), ["e5 - d6", "e5 - f6"]);
        let pos =
            RefPosition::from_lists(&[], &["e5"], Side::Black, true).ok_or("invalid fixture")?;
        assert_eq!(notations(&pos), ["e5 - d4", "e5 - f4"]);
        Ok(())
    }
}
