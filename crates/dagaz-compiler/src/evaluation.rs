//! What a game declares for judging positions and ending games by their history: the
//! `(evaluation ...)` clause (piece values, piece-square tables, formations, a mobility
//! weight) and the history goals `(draw (repetition N))` and `(draw (quiet-moves N PIECE
//! ...))`.
//!
//! The engine itself never evaluates: these are data for a search (the `dagaz-search` crate)
//! and for anything that plays whole games.

use dagaz_ir::{Action, Dir, Piece, PieceKind, PlayerId, Pos};

/// Centipawn-like units, from the point of view of the player named.
pub type EvalScore = i32;

/// The pieces on a board as an evaluation reads them: every piece with where it stands, and
/// what stands at one position (formations look one step from a piece).
pub trait Placement {
    /// Every occupied position with its piece.
    fn placed(&self) -> impl Iterator<Item = (Pos, Piece)> + '_;
    /// The piece at `at`, if any.
    fn piece_at(&self, at: Pos) -> Option<Piece>;
}

/// How a game's positions are judged statically.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Evaluation {
    /// `values[kind]`, in the opening (and throughout, when the evaluation is not tapered).
    pub(crate) values: Vec<EvalScore>,
    /// `tables[player][kind]`: a bonus per board position, when the game gives one.
    pub(crate) tables: Vec<Vec<Option<Vec<EvalScore>>>>,
    /// `seed_tables[player][kind]`: a value per seed on a board position holding such a
    /// piece (`(seed-table ...)`), when the game gives one.
    pub(crate) seed_tables: Vec<Vec<Option<Vec<EvalScore>>>>,
    /// `stack_values[player][kind]`: what a board position holding such a piece is worth by
    /// its count of seeds, 1 up (the last for that many or more; `(stack-values ...)`).
    pub(crate) stack_values: Vec<Vec<Option<Vec<EvalScore>>>>,
    /// Added per legal move of the side to move (and subtracted per move of its opponent,
    /// where a search knows that count).
    pub(crate) mobility: EvalScore,
    /// The `(formation ...)` terms, in the order written (the opening's, then those only the
    /// endgame gives).
    pub(crate) formations: Vec<Formation>,
    /// The endgame's values and tables, when the game declares `(endgame ...)`.
    pub(crate) endgame: Option<Endgame>,
    /// Whether the game wrote an `(evaluation ...)` clause, or this is the default.
    pub(crate) declared: bool,
}

/// A `(formation PIECE (DIR ...) PIECE N)` term, its directions resolved for every player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Formation {
    pub(crate) from: PieceKind,
    pub(crate) to: PieceKind,
    /// The directions as the game wrote them (the first player's reading).
    pub(crate) dirs: Vec<Dir>,
    /// The bonus per pair in the opening (and throughout, when the evaluation is not tapered).
    pub(crate) opening: EvalScore,
    /// The bonus per pair in the endgame.
    pub(crate) endgame: EvalScore,
    /// `steps[player * cells + at]`: the positions one step from `at` in the directions, as
    /// that player reads them (its symmetry applied). Resolved once, because a search reads
    /// them at every node it evaluates.
    pub(crate) steps: Vec<Vec<Pos>>,
    /// `back[player * cells + at]`: the positions `at` is one step from, the other way.
    pub(crate) back: Vec<Vec<Pos>>,
    pub(crate) cells: usize,
}

impl Formation {
    /// The piece type the steps start from.
    pub fn from(&self) -> PieceKind {
        self.from
    }

    /// The piece type found one step away.
    pub fn to(&self) -> PieceKind {
        self.to
    }

    /// The directions as written.
    pub fn dirs(&self) -> &[Dir] {
        &self.dirs
    }

    /// The bonus per pair at one end of the game (the opening's when not tapered).
    pub fn weight(&self, stage: Stage) -> EvalScore {
        match stage {
            Stage::Opening => self.opening,
            Stage::Endgame => self.endgame,
        }
    }

    /// How many pieces of type `to` owned by `owner` stand one step from `at` in the
    /// directions on `board`.
    pub fn pairs_at(&self, owner: PlayerId, at: Pos, board: &impl Placement) -> i64 {
        let found = |next: &&Pos| {
            board
                .piece_at(**next)
                .is_some_and(|p| p.owner == owner && p.kind == self.to)
        };
        self.steps_of(&self.steps, owner, at)
            .iter()
            .filter(found)
            .count() as i64
    }

    fn steps_of<'a>(&self, steps: &'a [Vec<Pos>], owner: PlayerId, at: Pos) -> &'a [Pos] {
        steps
            .get(owner.index() * self.cells + at.index())
            .map_or(&[], Vec::as_slice)
    }

    /// Its worth at both ends, per pair.
    fn worth(&self) -> Ends {
        Ends {
            opening: i64::from(self.opening),
            endgame: i64::from(self.endgame),
        }
    }
}

/// The other end of a tapered evaluation: the endgame's values and tables, and how far a
/// position is from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Endgame {
    /// `values[kind]` in the endgame.
    pub(crate) values: Vec<EvalScore>,
    /// `tables[player][kind]` in the endgame.
    pub(crate) tables: Vec<Vec<Option<Vec<EvalScore>>>>,
    /// `phase[kind]`: how much a piece of that kind on the board keeps the game in its opening.
    pub(crate) phase: Vec<EvalScore>,
    /// The phase of the start position (at least 1): a position at or above it is judged by
    /// the opening's values alone.
    pub(crate) full: EvalScore,
}

/// The sums behind [`Evaluation::material`], piece by piece: per player the values and
/// tables of its pieces (the opening's and, when the evaluation is tapered, the endgame's), and
/// the phase of all the pieces. A search keeps them along its line with
/// [`Evaluation::play`] and [`Evaluation::unplay`], reading a move's few actions instead of the
/// whole board at every node.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MaterialSums {
    /// `by_player[owner]`.
    by_player: Vec<Ends>,
    /// Every player's together.
    total: Ends,
    phase: i64,
}

/// A sum at both ends of the game (the endgame's 0 when the evaluation is not tapered).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Ends {
    opening: i64,
    endgame: i64,
}

impl MaterialSums {
    /// `count` times `worth` to `owner`'s sum (and the total).
    fn add_to(&mut self, owner: PlayerId, count: i64, worth: Ends) {
        if count == 0 {
            return;
        }
        if self.by_player.len() <= owner.index() {
            self.by_player.resize(owner.index() + 1, Ends::default());
        }
        if let Some(mine) = self.by_player.get_mut(owner.index()) {
            mine.add(count, worth);
            self.total.add(count, worth);
        }
    }
}

impl Ends {
    fn add(&mut self, sign: i64, worth: Ends) {
        self.opening += sign * worth.opening;
        self.endgame += sign * worth.endgame;
    }
}

/// The value of a piece when the game declares none.
pub const DEFAULT_PIECE_VALUE: EvalScore = 100;
/// The mobility weight when the game declares no evaluation.
pub const DEFAULT_MOBILITY: EvalScore = 1;

/// `values[kind]`, 0 for a kind the game does not have.
fn value_in(values: &[EvalScore], kind: PieceKind) -> EvalScore {
    values.get(kind.index()).copied().unwrap_or(0)
}

/// `tables[owner][kind][at]`, 0 where the game gives no bonus.
fn table_in(
    tables: &[Vec<Option<Vec<EvalScore>>>],
    owner: PlayerId,
    kind: PieceKind,
    at: usize,
) -> EvalScore {
    tables
        .get(owner.index())
        .and_then(|t| t.get(kind.index()))
        .and_then(Option::as_ref)
        .and_then(|t| t.get(at))
        .copied()
        .unwrap_or(0)
}

/// The two ends of a tapered evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The values and tables of `(piece-values ...)` and `(piece-table ...)`.
    Opening,
    /// Those of `(endgame ...)` (the opening's where it gives none).
    Endgame,
}

impl Evaluation {
    /// Every piece worth [`DEFAULT_PIECE_VALUE`], no tables, mobility [`DEFAULT_MOBILITY`].
    pub(crate) fn default_for(players: usize, kinds: usize) -> Evaluation {
        Evaluation {
            values: vec![DEFAULT_PIECE_VALUE; kinds],
            tables: vec![vec![None; kinds]; players],
            seed_tables: vec![vec![None; kinds]; players],
            stack_values: vec![vec![None; kinds]; players],
            mobility: DEFAULT_MOBILITY,
            formations: Vec::new(),
            endgame: None,
            declared: false,
        }
    }

    /// Whether the game values seeds (`(seed-table ...)`, `(stack-values ...)`): a search
    /// adds [`Evaluation::seed_worth`] for each position's seeds, and
    /// [`Evaluation::stack_worth`] for their count, to the material.
    pub fn has_seed_tables(&self) -> bool {
        let given = |t: &Vec<Vec<Option<Vec<EvalScore>>>>| t.iter().flatten().any(Option::is_some);
        given(&self.seed_tables) || given(&self.stack_values)
    }

    /// What a board position holding `seeds` seeds under `owner`'s piece of `kind` is worth
    /// to it by their count (0 for none, or where the game gives no stack values).
    pub fn stack_worth(&self, owner: PlayerId, kind: PieceKind, seeds: u16) -> EvalScore {
        let Some(values) = self
            .stack_values
            .get(owner.index())
            .and_then(|t| t.get(kind.index()))
            .and_then(Option::as_ref)
        else {
            return 0;
        };
        match (seeds as usize).checked_sub(1) {
            Some(i) => values.get(i).or(values.last()).copied().unwrap_or(0),
            None => 0,
        }
    }

    /// What each seed on board index `at` is worth to `owner`, whose piece of `kind` stands
    /// there (0 where the game gives no seed table for it).
    pub fn seed_worth(&self, owner: PlayerId, kind: PieceKind, at: usize) -> EvalScore {
        table_in(&self.seed_tables, owner, kind, at)
    }

    /// Whether the game declared its evaluation (otherwise this is the default).
    pub fn is_declared(&self) -> bool {
        self.declared
    }

    /// Whether the evaluation blends opening and endgame values by the phase (the game
    /// declares `(endgame ...)`).
    pub fn is_tapered(&self) -> bool {
        self.endgame.is_some()
    }

    /// A piece type's material value in the opening: as `(piece-values ...)` gives it, else
    /// [`DEFAULT_PIECE_VALUE`]; 0 for a kind the game does not have. What a capture is worth
    /// when moves are ordered.
    pub fn value(&self, kind: PieceKind) -> EvalScore {
        self.value_at(Stage::Opening, kind)
    }

    /// A piece type's material value at one end of the game (the opening's when the
    /// evaluation is not tapered).
    pub fn value_at(&self, stage: Stage, kind: PieceKind) -> EvalScore {
        let values = match (stage, &self.endgame) {
            (Stage::Endgame, Some(end)) => &end.values,
            _ => &self.values,
        };
        value_in(values, kind)
    }

    /// The score per legal move: [`DEFAULT_MOBILITY`] when the game declares no evaluation, 0
    /// when it declares one without `(mobility N)`.
    pub fn mobility(&self) -> EvalScore {
        self.mobility
    }

    /// The `(formation ...)` terms.
    pub fn formations(&self) -> &[Formation] {
        &self.formations
    }

    /// The opening's bonus for a piece of `kind` owned by `owner` standing at board index `at`.
    pub fn table(&self, owner: PlayerId, kind: PieceKind, at: usize) -> EvalScore {
        self.table_at(Stage::Opening, owner, kind, at)
    }

    /// The bonus for a piece of `kind` owned by `owner` at board index `at`, at one end of the
    /// game (the opening's when the evaluation is not tapered).
    pub fn table_at(&self, stage: Stage, owner: PlayerId, kind: PieceKind, at: usize) -> EvalScore {
        let tables = match (stage, &self.endgame) {
            (Stage::Endgame, Some(end)) => &end.tables,
            _ => &self.tables,
        };
        table_in(tables, owner, kind, at)
    }

    /// How much a piece of `kind` keeps the game in its opening (`(phase ...)`; 0 when the
    /// evaluation is not tapered).
    pub fn phase_weight(&self, kind: PieceKind) -> EvalScore {
        self.endgame
            .as_ref()
            .and_then(|end| end.phase.get(kind.index()).copied())
            .unwrap_or(0)
    }

    /// The phase of the start position: the sum of the phase weights of its pieces, at least
    /// 1 (1 when the evaluation is not tapered).
    pub fn full_phase(&self) -> EvalScore {
        self.endgame.as_ref().map_or(1, |end| end.full)
    }

    /// How far `pieces` are into the opening, from 0 (the endgame's values alone) to 1 (the
    /// opening's alone): their phase weights' sum over the start position's, at most 1. Always
    /// 1 when the evaluation is not tapered.
    pub fn opening_share(&self, pieces: impl IntoIterator<Item = (Pos, Piece)>) -> f64 {
        let Some(end) = &self.endgame else {
            return 1.0;
        };
        let phase = pieces.into_iter().fold(0i64, |sum, (_, piece)| {
            sum + i64::from(end.phase.get(piece.kind.index()).copied().unwrap_or(0))
        });
        (phase as f64 / f64::from(end.full.max(1))).clamp(0.0, 1.0)
    }

    /// Material and tables of `pieces` (each with where it stands), from the point of view of
    /// `me`, the side to move: its pieces count for it, every other player's against it. A
    /// tapered evaluation blends the opening's sum and the endgame's by the phase p of the
    /// pieces (at most the start's, F): (opening × p + endgame × (F − p)) / F, rounded
    /// towards zero. The same as [`Evaluation::score`] of [`Evaluation::sums`].
    pub fn material(&self, me: PlayerId, board: &impl Placement) -> EvalScore {
        self.score(&self.sums(board), me)
    }

    /// The sums [`Evaluation::material`] is made of, for the pieces on `board`.
    pub fn sums(&self, board: &impl Placement) -> MaterialSums {
        let mut sums = MaterialSums::default();
        for (at, piece) in board.placed() {
            self.count(&mut sums, at, piece, 1);
            for f in self.formations.iter().filter(|f| f.from == piece.kind) {
                let pairs = f.pairs_at(piece.owner, at, board);
                sums.add_to(piece.owner, pairs, f.worth());
            }
        }
        sums
    }

    /// Brings `sums` from the position before a move with these `actions` to the position
    /// after it, in two steps around playing it: this one on `before`, the board the move is
    /// about to be played on (the pieces its actions remove are taken out, those they put
    /// down added, and the formation pairs around the cells they touch taken out), then
    /// [`Evaluation::settle`] on the board with the move played (those pairs as they are
    /// now).
    pub fn play(&self, sums: &mut MaterialSums, actions: &[Action], before: &impl Placement) {
        self.pairs_touching(sums, actions, before, -1);
        self.follow(sums, actions, 1);
    }

    /// Takes a move's actions back out of `sums`, the inverse of [`Evaluation::play`] in the
    /// same two steps: this one on `after`, the board with the move played, then
    /// [`Evaluation::settle`] on the board it is taken back on.
    pub fn unplay(&self, sums: &mut MaterialSums, actions: &[Action], after: &impl Placement) {
        self.pairs_touching(sums, actions, after, -1);
        self.follow(sums, actions, -1);
    }

    /// The second step of [`Evaluation::play`] and [`Evaluation::unplay`]: the formation
    /// pairs around the cells the actions touch, as they stand on `board` now.
    pub fn settle(&self, sums: &mut MaterialSums, actions: &[Action], board: &impl Placement) {
        self.pairs_touching(sums, actions, board, 1);
    }

    /// Adds (`sign` 1) or takes out (−1) the formation pairs on `board` that have a piece on a
    /// cell the actions touch, each pair once.
    fn pairs_touching(
        &self,
        sums: &mut MaterialSums,
        actions: &[Action],
        board: &impl Placement,
        sign: i64,
    ) {
        if self.formations.is_empty() {
            return;
        }
        // A move has a handful of actions (a long capture a few dozen), so scanning them again
        // is cheaper than building a set of cells at every node.
        let cells = || actions.iter().filter_map(|a| a.on_board()).map(|o| o.at);
        for (i, at) in cells().enumerate() {
            // A cell touched twice (taken and dropped on) is counted at its first action.
            if cells().take(i).any(|c| c == at) {
                continue;
            }
            let Some(piece) = board.piece_at(at) else {
                continue;
            };
            for f in &self.formations {
                if f.from == piece.kind {
                    let pairs = f.pairs_at(piece.owner, at, board);
                    sums.add_to(piece.owner, sign * pairs, f.worth());
                }
                if f.to == piece.kind {
                    // Pairs from a touched cell were counted from it, above.
                    let from = f.steps_of(&f.back, piece.owner, at).iter().filter(|&&m| {
                        !cells().any(|c| c == m)
                            && board
                                .piece_at(m)
                                .is_some_and(|p| p.owner == piece.owner && p.kind == f.from)
                    });
                    sums.add_to(piece.owner, sign * from.count() as i64, f.worth());
                }
            }
        }
    }

    fn follow(&self, sums: &mut MaterialSums, actions: &[Action], sign: i64) {
        // Sums commute: the actions may be counted in any order, and undone in the same one.
        for o in actions.iter().filter_map(|a| a.on_board()) {
            if let Some(gone) = o.gone {
                self.count(sums, o.at, gone, -sign);
            }
            if let Some(came) = o.came {
                self.count(sums, o.at, came, sign);
            }
        }
    }

    /// Adds (`sign` 1) or removes (−1) one piece standing at `at`.
    fn count(&self, sums: &mut MaterialSums, at: Pos, piece: Piece, sign: i64) {
        let (kind, owner, index) = (piece.kind, piece.owner, at.index());
        let worth = match &self.endgame {
            // Not tapered: a value and its bonus saturate together, as a score.
            None => Ends {
                opening: i64::from(value_in(&self.values, kind).saturating_add(table_in(
                    &self.tables,
                    owner,
                    kind,
                    index,
                ))),
                endgame: 0,
            },
            // Apart in i64: a value and a bonus may together pass i32.
            Some(end) => {
                sums.phase += sign * i64::from(end.phase.get(kind.index()).copied().unwrap_or(0));
                Ends {
                    opening: i64::from(value_in(&self.values, kind))
                        + i64::from(table_in(&self.tables, owner, kind, index)),
                    endgame: i64::from(value_in(&end.values, kind))
                        + i64::from(table_in(&end.tables, owner, kind, index)),
                }
            }
        };
        sums.add_to(owner, sign, worth);
    }

    /// The material of the pieces `sums` counts, from `me`'s point of view, as
    /// [`Evaluation::material`] gives it.
    pub fn score(&self, sums: &MaterialSums, me: PlayerId) -> EvalScore {
        let mine = sums.by_player.get(me.index()).copied().unwrap_or_default();
        // Mine less everybody else's.
        let (opening, endgame) = (
            2 * mine.opening - sums.total.opening,
            2 * mine.endgame - sums.total.endgame,
        );
        let value = match &self.endgame {
            None => opening,
            Some(end) => {
                let full = i64::from(end.full.max(1));
                let p = sums.phase.clamp(0, full);
                (opening * p + endgame * (full - p)) / full
            }
        };
        value.clamp(i64::from(EvalScore::MIN), i64::from(EvalScore::MAX)) as EvalScore
    }

    /// What a move's actions capture, by these values (a drop that replaces an enemy piece
    /// counts).
    pub fn captured_value(&self, actions: &[Action]) -> EvalScore {
        actions
            .iter()
            .fold(0, |sum: EvalScore, action| match *action {
                Action::Capture { piece, .. }
                | Action::Drop {
                    replaced: Some(piece),
                    ..
                } => sum.saturating_add(self.value(piece.kind).max(1)),
                _ => sum,
            })
    }
}
