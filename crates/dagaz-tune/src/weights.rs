//! The weights of a game's evaluation as one vector, the features of a position that the
//! evaluation is the dot product of, and the `(evaluation ...)` clause that writes weights back.
//!
//! The search scores a position as the side to move's material and tables less its
//! opponents', plus the mobility weight times its legal moves less its opponent's
//! (`dagaz_engine::Evaluation`). That is linear in the weights: a position is a sparse vector
//! of features (how many more pieces of each kind the side to move has; for each kind and
//! square, whether its piece or an opponent's stands there; the difference in legal moves),
//! and its score is that vector's dot product with the weights. Fitting the weights never
//! evaluates a position again.

use dagaz_engine::{Evaluation, Game, PieceKind, PlayerId, Position};
use std::fmt::Write as _;

/// Where each weight sits in the vector: the piece values, then (when tuned) one table per
/// kind, then the mobility weight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    kinds: usize,
    cells: usize,
    tables: bool,
}

impl Layout {
    /// The layout for `game`, with piece-square tables when `tables`.
    pub fn new(game: &Game, tables: bool) -> Layout {
        Layout {
            kinds: game.piece_count(),
            cells: game.board().len(),
            tables,
        }
    }

    /// How many weights there are.
    pub fn len(&self) -> usize {
        self.kinds + self.table_len() + 1
    }

    /// Whether there are none (never: the mobility weight is always one).
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Whether the tables are weights (otherwise they stay as the game has them).
    pub fn has_tables(&self) -> bool {
        self.tables
    }

    fn table_len(&self) -> usize {
        if self.tables {
            self.kinds * self.cells
        } else {
            0
        }
    }

    fn value(&self, kind: usize) -> usize {
        kind
    }

    /// The weight of `kind` at `cell` of the first player's table.
    fn table(&self, kind: usize, cell: usize) -> usize {
        self.kinds + kind * self.cells + cell
    }

    fn mobility(&self) -> usize {
        self.kinds + self.table_len()
    }

    /// Whether weight `i` is the mobility weight.
    pub(crate) fn is_mobility(&self, i: usize) -> bool {
        i == self.mobility()
    }

    /// The game's own weights, in this layout.
    pub fn weights_of(&self, eval: &Evaluation) -> Vec<f64> {
        let mut w = vec![0.0; self.len()];
        for (k, kind) in kinds(self.kinds) {
            set(&mut w, self.value(k), f64::from(eval.value(kind)));
            if self.tables {
                for cell in 0..self.cells {
                    let v = eval.table(PlayerId(0), kind, cell);
                    set(&mut w, self.table(k, cell), f64::from(v));
                }
            }
        }
        set(&mut w, self.mobility(), f64::from(eval.mobility()));
        w
    }

    /// The features of `position` from the side to move's point of view: its pieces count
    /// for it and every other player's against it; `moves` and `their_moves` are the legal
    /// moves of it and of its opponent. Without tuned tables, the game's tables are summed into
    /// one constant feature (index `usize::MAX`, weight 1), so that the score stays whole.
    pub fn features(
        &self,
        game: &Game,
        position: &Position,
        moves: usize,
        their_moves: usize,
    ) -> Features {
        let me = position.to_move();
        let eval = game.evaluation();
        let mut counts = vec![0i32; self.len()];
        let mut fixed = 0i64;
        for (at, piece) in position.pieces() {
            let sign = if piece.owner == me { 1 } else { -1 };
            let k = piece.kind.index();
            if let Some(c) = counts.get_mut(self.value(k)) {
                *c += sign;
            }
            if self.tables {
                // Other players' tables are the first player's turned half a turn, as the
                // compiler makes them when a game writes one table per kind.
                let cell = if piece.owner == PlayerId(0) {
                    at.index()
                } else {
                    self.cells.saturating_sub(1 + at.index())
                };
                if let Some(c) = counts.get_mut(self.table(k, cell)) {
                    *c += sign;
                }
            } else {
                fixed +=
                    i64::from(sign) * i64::from(eval.table(piece.owner, piece.kind, at.index()));
            }
        }
        if let Some(c) = counts.get_mut(self.mobility()) {
            *c = moves as i32 - their_moves as i32;
        }
        Features {
            entries: counts
                .iter()
                .enumerate()
                .filter(|(_, &c)| c != 0)
                .map(|(i, &c)| (i as u32, c as f32))
                .collect(),
            fixed: fixed as f32,
        }
    }

    /// The `(evaluation ...)` clause of `weights` (rounded to whole numbers) for `game`, laid
    /// out as the shipped games write theirs: the values on one line, each table a row of
    /// the board a line, the mobility last. Tables that are not weights are written as the
    /// game has them (the first player's), and only where the game has one.
    pub fn clause(&self, game: &Game, weights: &[f64]) -> String {
        let eval = game.evaluation();
        let mut text = String::from("(evaluation\n      (piece-values");
        for (k, kind) in kinds(self.kinds) {
            let v = round(weights.get(self.value(k)).copied().unwrap_or(0.0));
            let _ = write!(text, " ({} {v})", game.piece_name(kind));
        }
        text.push(')');
        let width = row_width(game);
        for (k, kind) in kinds(self.kinds) {
            let table: Vec<i64> = (0..self.cells)
                .map(|cell| {
                    if self.tables {
                        round(weights.get(self.table(k, cell)).copied().unwrap_or(0.0))
                    } else {
                        i64::from(eval.table(PlayerId(0), kind, cell))
                    }
                })
                .collect();
            if table.iter().all(|&v| v == 0) {
                continue;
            }
            let _ = write!(text, "\n      (piece-table {}", game.piece_name(kind));
            let wide = table.iter().map(|v| v.to_string().len()).max().unwrap_or(1);
            for row in table.chunks(width) {
                text.push_str("\n        ");
                for v in row {
                    let _ = write!(text, " {v:>wide$}");
                }
            }
            text.push(')');
        }
        let mobility = round(weights.get(self.mobility()).copied().unwrap_or(0.0));
        let _ = write!(text, "\n      (mobility {mobility}))");
        text
    }
}

/// A position's features: (weight index, how many) pairs, and the part of the score that no
/// weight being tuned stands for (the game's own tables, when they are not tuned).
#[derive(Clone, Debug, PartialEq)]
pub struct Features {
    pub(crate) entries: Vec<(u32, f32)>,
    pub(crate) fixed: f32,
}

impl Features {
    /// The score these features get from `weights`, in the evaluation's units.
    pub fn score(&self, weights: &[f64]) -> f64 {
        self.entries
            .iter()
            .fold(f64::from(self.fixed), |sum, &(i, c)| {
                sum + f64::from(c) * weights.get(i as usize).copied().unwrap_or(0.0)
            })
    }
}

fn kinds(count: usize) -> impl Iterator<Item = (usize, PieceKind)> {
    (0..count).filter_map(|k| PieceKind::from_index(k).map(|kind| (k, kind)))
}

fn set(weights: &mut [f64], i: usize, v: f64) {
    if let Some(w) = weights.get_mut(i) {
        *w = v;
    }
}

fn round(v: f64) -> i64 {
    // Weights stay far inside i64; `as` saturates anything that is not.
    v.round() as i64
}

/// How many numbers a table row has: the board's first dimension, when the positions fill
/// whole rows of it; else ten.
fn row_width(game: &Game) -> usize {
    let cells = game.board().len();
    game.board()
        .dims()
        .first()
        .map(Vec::len)
        .filter(|&w| w > 0 && cells % w == 0)
        .unwrap_or(10)
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    fn game(file: &str) -> Game {
        let path = format!("{}/../../games/{file}", env!("CARGO_MANIFEST_DIR"));
        Game::load(&std::fs::read_to_string(path).unwrap()).unwrap()
    }

    /// The features' score with the game's own weights is the search's evaluation.
    #[test]
    fn features_score_as_the_search_evaluates() {
        let chess = game("chess.game");
        let position = chess
            .from_fen("r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 1")
            .unwrap();
        let eval = chess.evaluation();
        let expected = eval.material(position.to_move(), position.pieces());
        for tables in [false, true] {
            let layout = Layout::new(&chess, tables);
            let weights = layout.weights_of(eval);
            let f = layout.features(&chess, &position, 30, 25);
            assert_eq!(
                f.score(&weights).round() as i32,
                expected + eval.mobility() * 5
            );
        }
        let english = game("english.game");
        let start = english.initial_position();
        let layout = Layout::new(&english, false);
        let f = layout.features(&english, &start, 7, 7);
        // Twelve men each, the same moves: nothing to tell them apart.
        assert_eq!(f.score(&layout.weights_of(english.evaluation())), 0.0);
    }

    /// The clause written from the game's own weights compiles to the same evaluation.
    #[test]
    fn the_clause_of_a_games_weights_is_its_evaluation() {
        for (file, tables) in [
            ("chess.game", false),
            ("chess.game", true),
            ("english.game", false),
            ("othello.game", true),
        ] {
            let g = game(file);
            let layout = Layout::new(&g, tables);
            let clause = layout.clause(&g, &layout.weights_of(g.evaluation()));
            let path = format!("{}/../../games/{file}", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(path).unwrap();
            let rewritten = crate::rewrite(&text, &clause).unwrap();
            let again = Game::load(&rewritten).unwrap();
            let expected = g.evaluation();
            if !expected.is_declared() {
                // The default's tables are empty and its mobility 1; written out, it is
                // declared.
                let declared = again.evaluation();
                assert!(declared.is_declared());
                assert_eq!(declared.mobility(), expected.mobility(), "{file}");
                for k in 0..g.piece_count() {
                    let kind = PieceKind::from_index(k).unwrap();
                    assert_eq!(declared.value(kind), expected.value(kind), "{file}");
                }
                continue;
            }
            assert_eq!(again.evaluation(), expected, "{file} {tables}:\n{clause}");
        }
    }
}
