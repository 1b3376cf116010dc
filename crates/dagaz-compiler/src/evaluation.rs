//! What a game declares for judging positions and ending games by their history: the
//! `(evaluation ...)` clause (piece values, piece-square tables, a mobility weight) and the
//! history goals `(draw (repetition N))` and `(draw (quiet-moves N PIECE ...))`.
//!
//! The engine itself never evaluates: these are data for a search (the `dagaz-search` crate)
//! and for anything that plays whole games.

use dagaz_ir::{Action, Piece, PieceKind, PlayerId, Pos};

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

    /// A piece type's material value: as `(piece-values ...)` gives it, else
    /// [`DEFAULT_PIECE_VALUE`]; 0 for a kind the game does not have.
    pub fn value(&self, kind: PieceKind) -> Score {
        self.values.get(kind.index()).copied().unwrap_or(0)
    }

    /// The score per legal move: [`DEFAULT_MOBILITY`] when the game declares no evaluation, 0
    /// when it declares one without `(mobility N)`.
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

    /// Material and tables of `pieces` (each with where it stands), from the point of view of
    /// `me`, the side to move: its pieces count for it, every other player's against it.
    pub fn material(&self, me: PlayerId, pieces: impl IntoIterator<Item = (Pos, Piece)>) -> Score {
        pieces.into_iter().fold(0, |sum: Score, (at, piece)| {
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

    /// What a move's actions capture, by these values (a drop that replaces an enemy piece
    /// counts).
    pub fn captured_value(&self, actions: &[Action]) -> Score {
        actions.iter().fold(0, |sum: Score, action| match *action {
            Action::Capture { piece, .. }
            | Action::Drop {
                replaced: Some(piece),
                ..
            } => sum.saturating_add(self.value(piece.kind).max(1)),
            _ => sum,
        })
    }
}
