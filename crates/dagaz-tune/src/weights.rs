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

use dagaz_engine::{Evaluation, Game, PieceKind, PlayerId, Position, Stage};
use std::fmt::Write as _;

/// Where each weight sits in the vector: the piece values, then (when tuned) one table per
/// kind, then one weight per formation, then the mobility weight. A tapered evaluation has two of each value and table, the
/// opening's and the endgame's, and a position's features split between them by its phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    kinds: usize,
    cells: usize,
    tables: bool,
    /// How many `(formation ...)` terms the game has (always tuned: they are few).
    formations: usize,
    /// 2 for a tapered evaluation (opening, endgame), else 1.
    stages: usize,
}

/// The stages of a layout, by index.
const STAGES: [Stage; 2] = [Stage::Opening, Stage::Endgame];

impl Layout {
    /// The layout for `game`, with piece-square tables when `tables`.
    pub fn new(game: &Game, tables: bool) -> Layout {
        Layout {
            kinds: game.piece_count(),
            cells: game.board().len(),
            tables,
            formations: game.evaluation().formations().len(),
            stages: if game.evaluation().is_tapered() { 2 } else { 1 },
        }
    }

    /// How many weights there are.
    pub fn len(&self) -> usize {
        self.values_len() + self.table_len() + self.stages * self.formations + 1
    }

    /// Whether there are none (never: the mobility weight is always one).
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Whether the tables are weights (otherwise they stay as the game has them).
    pub fn has_tables(&self) -> bool {
        self.tables
    }

    fn values_len(&self) -> usize {
        self.kinds * self.stages
    }

    fn table_len(&self) -> usize {
        if self.tables {
            self.stages * self.kinds * self.cells
        } else {
            0
        }
    }

    fn stages(&self) -> impl Iterator<Item = (usize, Stage)> {
        STAGES.into_iter().enumerate().take(self.stages)
    }

    fn value(&self, stage: usize, kind: usize) -> usize {
        stage * self.kinds + kind
    }

    /// The weight of `kind` at `cell` of the first player's table.
    fn table(&self, stage: usize, kind: usize, cell: usize) -> usize {
        self.values_len() + (stage * self.kinds + kind) * self.cells + cell
    }

    /// The weight of formation `f`.
    fn formation(&self, stage: usize, f: usize) -> usize {
        self.values_len() + self.table_len() + stage * self.formations + f
    }

    fn mobility(&self) -> usize {
        self.values_len() + self.table_len() + self.stages * self.formations
    }

    /// Whether weight `i` is the mobility weight.
    pub(crate) fn is_mobility(&self, i: usize) -> bool {
        i == self.mobility()
    }

    /// The game's own weights, in this layout.
    pub fn weights_of(&self, eval: &Evaluation) -> Vec<f64> {
        let mut w = vec![0.0; self.len()];
        for (s, stage) in self.stages() {
            for (k, kind) in kinds(self.kinds) {
                set(
                    &mut w,
                    self.value(s, k),
                    f64::from(eval.value_at(stage, kind)),
                );
                if self.tables {
                    for cell in 0..self.cells {
                        let v = eval.table_at(stage, PlayerId(0), kind, cell);
                        set(&mut w, self.table(s, k, cell), f64::from(v));
                    }
                }
            }
            for (f, formation) in eval.formations().iter().enumerate() {
                let v = f64::from(formation.weight(stage));
                set(&mut w, self.formation(s, f), v);
            }
        }
        set(&mut w, self.mobility(), f64::from(eval.mobility()));
        w
    }

    /// The features of `position` from the side to move's point of view: its pieces count
    /// for it and every other player's against it (in a tapered evaluation, each piece's
    /// count splits between the opening's weight and the endgame's by the position's phase);
    /// `moves` and `their_moves` are the legal moves of it and of its opponent. Without tuned
    /// tables, the game's tables are summed into one constant feature (weight 1), so that the
    /// score stays whole.
    pub fn features(
        &self,
        game: &Game,
        position: &Position,
        moves: usize,
        their_moves: usize,
    ) -> Features {
        let me = position.to_move();
        let eval = game.evaluation();
        let opening = eval.opening_share(position.pieces());
        let shares = [opening, 1.0 - opening];
        let mut counts = vec![0f64; self.len()];
        let mut fixed = 0f64;
        for (at, piece) in position.pieces() {
            let sign = if piece.owner == me { 1.0 } else { -1.0 };
            let k = piece.kind.index();
            // Other players' tables are the first player's turned half a turn, as the
            // compiler makes them when a game writes one table per kind.
            let cell = if piece.owner == PlayerId(0) {
                at.index()
            } else {
                self.cells.saturating_sub(1 + at.index())
            };
            for (s, stage) in self.stages() {
                let share = sign * shares.get(s).copied().unwrap_or(0.0);
                if let Some(c) = counts.get_mut(self.value(s, k)) {
                    *c += share;
                }
                if self.tables {
                    if let Some(c) = counts.get_mut(self.table(s, k, cell)) {
                        *c += share;
                    }
                } else {
                    let bonus = eval.table_at(stage, piece.owner, piece.kind, at.index());
                    fixed += share * f64::from(bonus);
                }
            }
            for (f, formation) in eval.formations().iter().enumerate() {
                if formation.from() != piece.kind {
                    continue;
                }
                let pairs = formation.pairs_at(piece.owner, at, position) as f64;
                for (s, _) in self.stages() {
                    let share = sign * shares.get(s).copied().unwrap_or(0.0);
                    if let Some(c) = counts.get_mut(self.formation(s, f)) {
                        *c += share * pairs;
                    }
                }
            }
        }
        if let Some(c) = counts.get_mut(self.mobility()) {
            *c = moves as f64 - their_moves as f64;
        }
        Features {
            entries: counts
                .iter()
                .enumerate()
                .filter(|(_, &c)| c != 0.0)
                .map(|(i, &c)| (i as u32, c as f32))
                .collect(),
            fixed: fixed as f32,
        }
    }

    /// The `(evaluation ...)` clause of `weights` (rounded to whole numbers) for `game`, laid
    /// out as the shipped games write theirs: the values on one line, each table a row of
    /// the board a line, then (tapered) the game's phase and the endgame's values and tables,
    /// the mobility last. Tables that are not weights are written as the game has them (the
    /// first player's), and only where the game has one.
    pub fn clause(&self, game: &Game, weights: &[f64]) -> String {
        let eval = game.evaluation();
        let mut text = String::from("(evaluation");
        let mut opening_tables = Vec::new();
        for (s, stage) in self.stages() {
            let indent = if s == 0 {
                "\n      "
            } else {
                text.push_str("\n      (phase");
                for (_, kind) in kinds(self.kinds) {
                    let _ = write!(
                        text,
                        " ({} {})",
                        game.piece_name(kind),
                        eval.phase_weight(kind)
                    );
                }
                text.push_str(")\n      (endgame");
                "\n         "
            };
            let _ = write!(text, "{indent}(piece-values");
            for (k, kind) in kinds(self.kinds) {
                let v = round(weights.get(self.value(s, k)).copied().unwrap_or(0.0));
                let _ = write!(text, " ({} {v})", game.piece_name(kind));
            }
            text.push(')');
            let width = row_width(game);
            for (k, kind) in kinds(self.kinds) {
                let table: Vec<i64> = (0..self.cells)
                    .map(|cell| {
                        if self.tables {
                            round(weights.get(self.table(s, k, cell)).copied().unwrap_or(0.0))
                        } else {
                            i64::from(eval.table_at(stage, PlayerId(0), kind, cell))
                        }
                    })
                    .collect();
                // An endgame without a table of its own takes the opening's: written only
                // where it differs (zeros too).
                let unwritten = if s == 0 {
                    table.iter().all(|&v| v == 0)
                } else {
                    opening_tables.get(k) == Some(&table)
                };
                if s == 0 {
                    opening_tables.push(table.clone());
                }
                if unwritten {
                    continue;
                }
                write_table(&mut text, indent, game.piece_name(kind), &table, width);
            }
            for (f, formation) in eval.formations().iter().enumerate() {
                let w = round(weights.get(self.formation(s, f)).copied().unwrap_or(0.0));
                // An endgame formation is written where its weight differs from the opening's.
                let opening = round(weights.get(self.formation(0, f)).copied().unwrap_or(0.0));
                if s == 1 && w == opening {
                    continue;
                }
                let _ = write!(
                    text,
                    "{indent}(formation {} (",
                    game.piece_name(formation.from())
                );
                for (i, &dir) in formation.dirs().iter().enumerate() {
                    let space = if i == 0 { "" } else { " " };
                    let _ = write!(text, "{space}{}", game.board().direction_name(dir));
                }
                let _ = write!(text, ") {} {w})", game.piece_name(formation.to()));
            }
            if s == 1 {
                text.push(')');
            }
        }
        let mobility = round(weights.get(self.mobility()).copied().unwrap_or(0.0));
        let _ = write!(text, "\n      (mobility {mobility}))");
        text
    }
}

/// `(piece-table NAME ...)`, a row of the board a line, the numbers right-aligned.
fn write_table(text: &mut String, indent: &str, name: &str, table: &[i64], width: usize) {
    let _ = write!(text, "{indent}(piece-table {name}");
    let wide = table.iter().map(|v| v.to_string().len()).max().unwrap_or(1);
    for row in table.chunks(width) {
        let _ = write!(text, "{indent}  ");
        for v in row {
            let _ = write!(text, " {v:>wide$}");
        }
    }
    text.push(')');
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

    /// A shipped game file's text, or a file it includes (chess includes games/lib/).
    fn read(file: &str) -> Result<String, String> {
        let path = format!("{}/../../games/{file}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(path).map_err(|e| e.to_string())
    }

    fn load(text: &str) -> Game {
        Game::load_with(text, &mut read).unwrap()
    }

    fn game(file: &str) -> Game {
        load(&read(file).unwrap())
    }

    /// The features' score with the game's own weights is the search's evaluation.
    #[test]
    fn features_score_as_the_search_evaluates() {
        let chess = game("chess.game");
        let position = chess
            .from_fen("r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 1")
            .unwrap();
        let eval = chess.evaluation();
        let expected = eval.material(position.to_move(), &position);
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

    /// In a tapered evaluation each piece's count splits between the opening's weight and
    /// the endgame's by the phase, so the features' score is the search's blend (before its
    /// rounding towards zero).
    #[test]
    fn tapered_features_blend_as_the_search_does() {
        let chess = game("chess.game");
        let eval = chess.evaluation();
        assert!(eval.is_tapered(), "chess.game declares phase and endgame");
        let blend = |fen: &str| {
            let position = chess.from_fen(fen).unwrap();
            let me = position.to_move();
            // The blend by hand: the two sums, the phase.
            let (mut opening, mut endgame, mut phase) = (0i64, 0i64, 0i64);
            for (at, piece) in position.pieces() {
                let sign = if piece.owner == me { 1 } else { -1 };
                for (stage, sum) in [
                    (Stage::Opening, &mut opening),
                    (Stage::Endgame, &mut endgame),
                ] {
                    *sum += sign
                        * i64::from(
                            eval.value_at(stage, piece.kind)
                                + eval.table_at(stage, piece.owner, piece.kind, at.index()),
                        );
                    for f in eval.formations().iter().filter(|f| f.from() == piece.kind) {
                        let pairs = f.pairs_at(piece.owner, at, &position);
                        *sum += sign * pairs * i64::from(f.weight(stage));
                    }
                }
                phase += i64::from(eval.phase_weight(piece.kind));
            }
            let full = i64::from(eval.full_phase());
            let p = phase.min(full);
            let exact = (opening * p + endgame * (full - p)) as f64 / full as f64;
            for tables in [false, true] {
                let layout = Layout::new(&chess, tables);
                // Values, tables, the two formations, at both ends; the mobility.
                let tabled = if tables { 6 * 64 } else { 0 };
                assert_eq!(layout.len(), 2 * (6 + tabled + 2) + 1);
                let f = layout.features(&chess, &position, 20, 20);
                let score = f.score(&layout.weights_of(eval));
                assert!(
                    (score - exact).abs() < 0.01,
                    "{fen} {tables}: {score} {exact}"
                );
            }
            (exact, eval.material(me, &position), p)
        };
        // The start: the opening's values alone.
        let (exact, material, p) =
            blend("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert_eq!((exact, material, p), (0.0, 0, 24));
        // Kings and pawns: the endgame's alone. White: pawns on a2 (+0) and e5 (+30), king on
        // e4 (+30); Black: a pawn on a7 (+0 from its side), king on e8 (-20): 310 - 105.
        let (exact, material, p) = blend("4k3/p7/8/4P3/4K3/8/P7/8 w - - 0 1");
        assert_eq!((exact, material, p), (205.0, 205, 0));
        // A rook each and a knight for White (phase 5 of 24): between the two, truncated.
        let (exact, material, p) = blend("4k3/p6r/8/4P3/4K3/2N5/P6R/8 w - - 0 1");
        assert_eq!(p, 5);
        assert_eq!(material, exact.trunc() as i32);
    }

    /// Formations are weights too: the features' score with the game's own weights is the
    /// search's, and the clause written from them compiles to the same formations.
    #[test]
    fn formations_are_features_and_are_written_back() {
        let text = "(board (name b) (dim \"a-c\") (dim \"3-1\")
                (dir (name n) 0 -1) (dir (name s) 0 1) (dir (name e) 1 0) (dir (name ne) 1 -1))
            (piece (name Man) (pre (check is-friend?) (take)) (move (check n) (check is-empty?))
                (post (drop)))
            (game (name t) (board b) (symmetry Black (n s) (s n))
               (players (White (Man a1 b1 a2)) (Black (Man a3 b3)))
               (evaluation (piece-values (Man 100)) (formation Man (n e) Man 10)
                  (phase (Man 1))
                  (endgame (formation Man (e n) Man 4) (formation Man (ne) Man 7))))";
        let g = Game::load(text).unwrap();
        let eval = g.evaluation();
        let start = g.initial_position();
        let expected = eval.material(start.to_move(), &start);
        // Phase 5 of 5, the opening alone: 300 - 200, White's two pairs less Black's one.
        assert_eq!(expected, 110);
        for tables in [false, true] {
            let layout = Layout::new(&g, tables);
            let f = layout.features(&g, &start, 4, 4);
            assert_eq!(f.score(&layout.weights_of(eval)), f64::from(expected));
            let clause = layout.clause(&g, &layout.weights_of(eval));
            let again = Game::load(&crate::rewrite(text, &clause).unwrap()).unwrap();
            assert_eq!(again.evaluation(), eval, "{clause}");
        }
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
            let text = read(file).unwrap();
            // Written last in the game's own form, the clause overrides an included one.
            let rewritten = crate::rewrite(&text, &clause).unwrap();
            let again = load(&rewritten);
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
