//! How a game ends: the goals a game declares, judged when the side to move has no moves
//! (checkmate, stalemate, no moves) or by its history (repetition, quiet moves).

use dagaz_ir::{Action, Piece, PieceKind, PlayerId, Program};
use dagaz_sexpr::Span;
use std::fmt;

/// `(goal win|loss|draw STATEMENT ...)`: after every move, the chain runs for the player who
/// made it, from the last position the move put a piece on; when it completes, the game ends.
#[derive(Clone, Debug)]
pub struct GoalProgram {
    /// The result for the player who made the move.
    pub outcome: Outcome,
    /// `(goal win "three in a row" ...)`: the words the end is said in, when the game names it.
    pub name: Option<String>,
    /// The statements as a chain with one `move` clause.
    pub program: Program,
    /// The clause, for messages.
    pub span: Span,
}

/// When a player may pass: `(pass always)` or `(pass when-blocked)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PassRule {
    /// Passing is always a move (Go); the game ends when every player passed in a row.
    Always,
    /// Passing is the only move of a player who has no other while another player has one
    /// (Othello); when no player can move, the game ends.
    WhenBlocked,
}

/// How a game that ended without a goal deciding it is scored: `(score pieces)` or
/// `(score area)`. The highest score wins; equal scores draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndScore {
    /// The player's pieces on the board (Othello).
    Pieces,
    /// The player's pieces plus the empty regions bordered only by them (Go's area score).
    Area,
    /// The seeds on the positions holding the player's pieces (the sowing games: pits and
    /// store).
    Seeds,
}

/// How a game ends, always for the side to move in the position where it ends (the player who
/// has no legal moves, or whose turn it is when a history rule applies).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// `(win ...)`: the side to move wins.
    Win,
    /// `(loss ...)`: the side to move loses (checkmate, or no moves in draughts).
    Loss,
    /// `(draw ...)`: nobody wins.
    Draw,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::Win => "win",
            Outcome::Loss => "loss",
            Outcome::Draw => "draw",
        })
    }
}

/// When a goal applies to the side to move, which has no legal moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoalCondition {
    /// `no-moves`: always.
    NoMoves,
    /// `(checkmated)`: a royal piece of the side to move is attacked.
    Checkmated,
    /// `stalemated`: no royal piece of the side to move is attacked.
    Stalemated,
}

impl fmt::Display for GoalCondition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GoalCondition::NoMoves => "no moves",
            GoalCondition::Checkmated => "checkmate",
            GoalCondition::Stalemated => "stalemate",
        })
    }
}

/// `(loss checkmated)`: the outcome for the side to move when the condition holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Goal {
    /// The result for the side to move.
    pub outcome: Outcome,
    /// `(end CONDITION)`: the `score` clause decides instead (`outcome` is then `Draw`).
    pub by_score: bool,
    /// When the goal applies.
    pub condition: GoalCondition,
    /// `(draw "the board is full" no-moves)`: the words the end is said in, when the game
    /// names it.
    pub name: Option<String>,
}

/// A way the history of a game ends it, whatever the moves left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HistoryRule {
    /// `(repetition N)`: the same position (pieces, side to move, turn variables) for the
    /// N-th time.
    Repetition {
        /// N: how many occurrences end the game, counting the current one; at least 1.
        times: u32,
    },
    /// `(quiet-moves N PIECE ...)`: N moves in a row (plies) without a capture and without a
    /// move of any of these piece types.
    QuietMoves {
        /// N, in plies (one player's move each), at least 1: chess's fifty-move rule is 100.
        plies: u32,
        /// The piece types whose moves restart the count besides captures (chess's pawns);
        /// may be empty.
        resets: Vec<PieceKind>,
        /// `(while SIDE SIDE)`: the count ends the game only while the pieces on the board
        /// are so (draughts' 16- and 5-move rules for a lone king).
        material: Option<Material>,
    },
}

/// `(while SIDE SIDE)` of a game of two players: one player's pieces on the board fit the
/// first side and the other's the second, either way round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Material {
    /// The two sides, in the order written.
    pub sides: [SideCount; 2],
}

/// Bounds on one player's pieces on the board, inclusive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideCount {
    /// How many pieces of any type: `(pieces LO HI)`, or any number.
    pub pieces: (u32, u32),
    /// How many of a type: `(King 1 3)`.
    pub kinds: Vec<(PieceKind, u32, u32)>,
}

impl Material {
    /// Whether `pieces`, every piece on the board, fit the two sides one way round.
    pub fn holds(&self, pieces: &[Piece]) -> bool {
        let [a, b] = &self.sides;
        let (first, second) = (PlayerId(0), PlayerId(1));
        (a.fits(first, pieces) && b.fits(second, pieces))
            || (a.fits(second, pieces) && b.fits(first, pieces))
    }
}

impl SideCount {
    fn fits(&self, player: PlayerId, pieces: &[Piece]) -> bool {
        let within = |n: usize, (lo, hi): (u32, u32)| (lo as usize..=hi as usize).contains(&n);
        let mine = || pieces.iter().filter(|p| p.owner == player);
        within(mine().count(), self.pieces)
            && self
                .kinds
                .iter()
                .all(|&(kind, lo, hi)| within(mine().filter(|p| p.kind == kind).count(), (lo, hi)))
    }
}

/// `(draw (repetition 3))`: the outcome when the rule applies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistoryGoal {
    /// The result for the side to move when the rule applies.
    pub outcome: Outcome,
    /// `(end (repetition 2))`: the `score` clause decides instead (`outcome` is then `Draw`).
    pub by_score: bool,
    /// What in the history ends the game.
    pub rule: HistoryRule,
    /// `(draw "the fifty-move rule" (quiet-moves 100 Pawn))`: the words the end is said in,
    /// when the game names it.
    pub name: Option<String>,
}

impl HistoryRule {
    /// Whether a move with these actions restarts the count of quiet moves (a capture, or a move
    /// of a reset type).
    pub fn resets_quiet_count(&self, actions: &[Action]) -> bool {
        let HistoryRule::QuietMoves { resets, .. } = self else {
            return false;
        };
        actions.iter().any(|action| match *action {
            Action::Capture { .. }
            | Action::Drop {
                replaced: Some(_), ..
            } => true,
            Action::Take { piece, .. } => resets.contains(&piece.kind),
            _ => false,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn material_holds_for_either_player_on_either_side() {
        let (man, king) = (PieceKind(0), PieceKind(1));
        // Three pieces with a king against a lone king.
        let material = Material {
            sides: [
                SideCount {
                    pieces: (3, 3),
                    kinds: vec![(king, 1, 3)],
                },
                SideCount {
                    pieces: (1, 1),
                    kinds: vec![(king, 1, 1)],
                },
            ],
        };
        let piece = |owner, kind| Piece::new(PlayerId(owner), kind);
        let three = [piece(0, king), piece(0, man), piece(0, man)];
        let lone = |owner| piece(owner, king);
        assert!(material.holds(&[three[0], three[1], lone(1), three[2]]));
        let turned: Vec<Piece> = three.iter().map(|p| piece(1, p.kind)).collect();
        assert!(material.holds(&[turned[0], lone(0), turned[1], turned[2]]));
        assert!(!material.holds(&[piece(0, man), piece(0, man), piece(0, man), lone(1)]));
        assert!(!material.holds(&[three[0], three[1], piece(1, man)]));
        assert!(!material.holds(&[three[0], three[1], three[2], lone(1), lone(1)]));
        assert!(!material.holds(&[]));
    }
}
