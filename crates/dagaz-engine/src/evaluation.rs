//! What a game declares for judging positions and ending games by their history: the
//! `(evaluation ...)` clause (piece values, piece-square tables, a mobility weight) and the
//! history goals `(draw (repetition N))` and `(draw (quiet-moves N PIECE ...))`.
//!
//! The engine itself never evaluates: these are data for a search (the `dagaz-search` crate)
//! and for anything that plays whole games.

use crate::moves::Move;
use crate::position::Position;
use dagaz_ir::Action;
use dagaz_ir::{PieceKind, PlayerId};

/// Centipawn-like units, from the point of view of the player named.
pub type Score = i32;

/// How a game's positions are judged statically.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Evaluation {
    /// `values[kind]`.
    pub(crate) values: Vec<Score>,
    /// `tables[player][kind]`: a bonus per board position, when the game gives one.
    pub(crate) tables: Vec<Vec<Option<Vec<Score>>>>,
    /// Added per legal move of the side to move (and subtracted per move of its opponent,
    /// where a search knows that count).
    pub(crate) mobility: Score,
    /// Whether the game wrote an `(evaluation ...)` clause, or this is the default.
    pub(crate) declared: bool,
}

/// The value of a piece when the game declares none.
pub const DEFAULT_PIECE_VALUE: Score = 100;
/// The mobility weight when the game declares no evaluation.
pub const DEFAULT_MOBILITY: Score = 1;

impl Evaluation {
    /// Every piece worth [`DEFAULT_PIECE_VALUE`], no tables, mobility [`DEFAULT_MOBILITY`].
    pub(crate) fn default_for(players: usize, kinds: usize) -> Evaluation {
        Evaluation {
            values: vec![DEFAULT_PIECE_VALUE; kinds],
            tables: vec![vec![None; kinds]; players],
            mobility: DEFAULT_MOBILITY,
            declared: false,
        }
    }

    /// Whether the game declared its evaluation (otherwise this is the default).
    pub fn is_declared(&self) -> bool {
        self.declared
    }

    pub fn value(&self, kind: PieceKind) -> Score {
        self.values.get(kind.index()).copied().unwrap_or(0)
    }

    pub fn mobility(&self) -> Score {
        self.mobility
    }

    /// The bonus for a piece of `kind` owned by `owner` standing at board index `at`.
    pub fn table(&self, owner: PlayerId, kind: PieceKind, at: usize) -> Score {
        self.tables
            .get(owner.index())
            .and_then(|t| t.get(kind.index()))
            .and_then(Option::as_ref)
            .and_then(|t| t.get(at))
            .copied()
            .unwrap_or(0)
    }

    /// Material and tables, from the side to move's point of view: its pieces count for it,
    /// every other player's against it.
    pub fn material(&self, position: &Position) -> Score {
        let me = position.to_move();
        position.pieces().fold(0, |sum: Score, (at, piece)| {
            let worth = self.value(piece.kind).saturating_add(self.table(
                piece.owner,
                piece.kind,
                at.index(),
            ));
            if piece.owner == me {
                sum.saturating_add(worth)
            } else {
                sum.saturating_sub(worth)
            }
        })
    }

    /// What a move captures, by these values (a drop that replaces an enemy piece counts).
    pub fn captured_value(&self, mv: &Move) -> Score {
        mv.actions()
            .iter()
            .fold(0, |sum: Score, action| match *action {
                Action::Capture { piece, .. }
                | Action::Drop {
                    replaced: Some(piece),
                    ..
                } => sum.saturating_add(self.value(piece.kind).max(1)),
                _ => sum,
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::goals::{HistoryGoal, HistoryRule, Outcome};

    fn game(text: &str) -> crate::Game {
        crate::load(text).unwrap()
    }

    const BOARD: &str = "(board (name b) (dim \"a-c\") (dim \"2-1\") (dir (name n) 0 -1))
        (piece (name Man) (pre (check is-friend?) (take)) (move (check n) (check is-empty?)) (post (drop)))
        (piece (name King) (pre (check is-friend?) (take)) (move (check n) (check is-empty?)) (post (drop)))";

    #[test]
    fn the_default_counts_every_piece_alike() {
        let g = game(&format!(
            "{BOARD} (game (name t) (board b) (players (White (Man a1 b1)) (Black (King c2))))"
        ));
        let e = g.evaluation();
        assert!(!e.is_declared());
        assert_eq!(e.material(&g.initial_position()), 100);
        assert_eq!(e.mobility(), DEFAULT_MOBILITY);
    }

    #[test]
    fn values_and_tables_count_for_the_side_to_move() {
        // Board order is a2 b2 c2 a1 b1 c1; Black's table is White's turned half a turn.
        let g = game(&format!(
            "{BOARD} (game (name t) (board b) (players (White (Man a1 b1)) (Black (King c2)))
               (evaluation (piece-values (Man 100) (King 300))
                           (piece-table Man 1 2 3 4 5 6)
                           (piece-table King Black 10 20 30 40 50 60)
                           (mobility 3)))"
        ));
        let e = g.evaluation();
        assert!(e.is_declared());
        // White: Man a1 (100 + 4) + Man b1 (100 + 5); Black: King c2 (300 + 30).
        assert_eq!(e.material(&g.initial_position()), 209 - 330);
        assert_eq!(e.table(PlayerId(1), PieceKind(0), 0), 6);
        assert_eq!(e.table(PlayerId(1), PieceKind(1), 2), 30);
        // White has no King table of its own: it gets Black's turned half a turn.
        assert_eq!(e.table(PlayerId(0), PieceKind(1), 2), 40);
        assert_eq!(e.mobility(), 3);
    }

    #[test]
    fn a_table_of_the_wrong_length_is_an_error_at_the_table() {
        let text = format!(
            "{BOARD} (game (name t) (board b) (players (White (Man a1)) (Black (King c2)))
               (evaluation (piece-table Man 1 2 3)))"
        );
        let err = crate::load(&text).unwrap_err();
        assert_eq!(
            err.to_string(),
            "`piece-table` takes 6 numbers (one per board position), found 3"
        );
    }

    #[test]
    fn history_goals_are_read_and_quiet_moves_reset_on_captures_and_named_pieces() {
        let g = game(&format!(
            "{BOARD} (game (name t) (board b) (players (White (Man a1)) (Black (King c2)))
               (draw (repetition 3)) (draw (quiet-moves 100 Man)))"
        ));
        assert_eq!(
            g.history_goals(),
            &[
                HistoryGoal {
                    outcome: Outcome::Draw,
                    rule: HistoryRule::Repetition { times: 3 }
                },
                HistoryGoal {
                    outcome: Outcome::Draw,
                    rule: HistoryRule::QuietMoves {
                        plies: 100,
                        resets: vec![PieceKind(0)]
                    }
                }
            ]
        );
        let moves = crate::MoveGen::default()
            .moves(&g, &g.initial_position())
            .unwrap();
        assert_eq!(moves.len(), 1);
        let rule = &g.history_goals()[1].rule;
        assert!(rule.resets_quiet_count(&moves[0]));
        assert!(!g.history_goals()[0].rule.resets_quiet_count(&moves[0]));
    }
}
