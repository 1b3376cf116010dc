//! Iterative deepening negamax alpha-beta over the engine's legal moves.

use crate::history::{Mark, Path};
use crate::limits::{SearchLimits, MAX_DEPTH};
use crate::mcts::Mcts;
use crate::record::GameRecord;
use crate::report::{Found, Info};
use crate::score::{from_table, mate_in, to_table, Score, INFINITY, MATE_BOUND};
use crate::table::{Bound, Entry, Table};
use dagaz_engine::{
    Action, AttackTest, Game, GenError, MaterialSums, Move, MoveGen, Outcome, PlayUndo, Position,
    SearchPreference, StepLimits,
};
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;
// std's `Instant` panics on wasm32-unknown-unknown (the web page's search); this one is std's
// elsewhere.
use web_time::Instant;

mod chance;
mod ordering;
mod quiescence;
mod tree;

pub(crate) use ordering::promotion_gain;
use ordering::*;

/// How deep quiescence may go below the nominal depth.
const MAX_QUIESCENCE: u32 = 16;
/// Where every move captures, quiescence searches them only when they are this few, and only
/// this deep: in draughts such captures are forced exchanges, one or two at a time; in a game
/// where every move captures (Clobber) searching them would be searching the whole tree.
const MAX_FORCED_WIDTH: usize = 3;
const MAX_FORCED_DEPTH: u32 = 8;
/// How often (in nodes) the clock and the stop flag are read.
const POLL: u64 = 256;
/// Null-move pruning: the least depth it is tried at, and how much shallower the null move's
/// reply is searched (one more from `NULL_DEEPER` plies on).
const NULL_MIN_DEPTH: i32 = 3;
const NULL_REDUCTION: i32 = 2;
const NULL_DEEPER: i32 = 7;
/// Late-move reductions: quiet moves from this place in the order on, at this depth or more,
/// are searched a ply shallower first (two plies from `LMR_FURTHER` on, at `LMR_DEEP` or more).
const LMR_FROM: usize = 3;
const LMR_MIN_DEPTH: i32 = 3;
const LMR_FURTHER: usize = 8;
const LMR_DEEP: i32 = 6;
/// Aspiration windows: from this depth on, an iteration first searches this far around the
/// last iteration's score, and widens to the full window when the score falls outside.
const ASPIRATION_DEPTH: u32 = 4;
const ASPIRATION: i32 = 40;
/// Futility pruning: how much a quiet move one ply from the horizon is assumed to gain at
/// most.
const FUTILITY_MARGIN: i32 = 150;
/// Reverse futility pruning: up to this depth, a node whose material exceeds beta by this
/// much per ply left fails high without a search.
const REVERSE_FUTILITY_DEPTH: i32 = 3;
const REVERSE_FUTILITY_MARGIN: i32 = 120;
/// Delta pruning: a capture in quiescence that would leave the side to move at or below alpha
/// even with the captured piece (and a promotion) won and this much more is not searched.
const DELTA_MARGIN: i32 = 200;
/// The ordering scores of captures in the tree start here, above the killers' and the
/// history's (see `score_moves`).
const CAPTURE_BAND: i32 = 1 << 28;
/// A losing capture's place: after the killers (`1 << 27`), before the quiet moves by history
/// (below `1 << 26`).
const LOSING_BAND: i32 = 1 << 26;
/// A capture is losing when its piece, taken back, would cost more than it took by more than
/// this (see `losing_capture`): a bishop for a knight is an even trade.
const EXCHANGE_MARGIN: i32 = 50;

/// Why a search unwound early.
enum Halt {
    Stopped,
    Failed(GenError),
}

impl From<GenError> for Halt {
    fn from(e: GenError) -> Halt {
        Halt::Failed(e)
    }
}

/// How a [`Searcher`] chooses its move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Algorithm {
    /// Iterative deepening alpha-beta with the game's evaluation (`docs/search.md`).
    #[default]
    AlphaBeta,
    /// Monte Carlo tree search (UCT with random playouts): for games whose evaluation says
    /// little. A node limit counts playouts; a depth limit stands for a thousand playouts a
    /// ply.
    Mcts,
    /// [`Algorithm::Mcts`] that also judges a move by the playouts in which its player made
    /// it later (all moves as first, RAVE): for placement games, where a stone is about as
    /// good whenever it is put down.
    MctsRave,
}

/// A search for one game: keep it between moves, its table and move-ordering memory carry
/// over (clear them with [`Searcher::new_game`]).
///
/// With more than one thread ([`Searcher::set_threads`]) the alpha-beta search is Lazy SMP:
/// helper threads search the same position at the same time, each with its own move-ordering
/// memory, every other one an iteration ahead, all sharing one transposition table; what the
/// helpers store there cuts the main thread's tree, and the main thread's answer is the one
/// given.
pub struct Searcher<'g> {
    game: &'g Game,
    algorithm: Algorithm,
    gen_limits: StepLimits,
    table: Arc<Table>,
    stop: Arc<AtomicBool>,
    main: Worker<'g>,
    /// The other threads' searches, kept between searches like the main one.
    helpers: Vec<Worker<'g>>,
    /// Set when the main search ends, to stop the helpers.
    helpers_stop: Arc<AtomicBool>,
    /// The helpers' nodes, added every [`POLL`] nodes, for the main thread's reports.
    helper_nodes: Arc<AtomicU64>,
}

/// A node's best move kept by the worker that searched it, with the node's key, the table's
/// reference to the move (its place in the generated list and its fingerprint) and how many
/// moves the node generated: enough to search the move again before generating the others,
/// and to give the children the count their mobility term reads.
struct KnownBest {
    key: u64,
    best: (u16, u32),
    count: u32,
    mv: Move,
}

/// Where a node's best move so far is.
#[derive(Clone, Copy)]
enum BestAt {
    /// No move searched yet raised the best.
    Nowhere,
    /// The known move, searched before generating.
    Known,
    /// This place in the generated list.
    Listed(usize),
}

/// How many best moves a worker keeps (one per slot, by key).
const KNOWN_SLOTS: usize = 1 << 13;

/// What [`Worker::search_move`] needs of the node it searches a move of.
#[derive(Clone, Copy)]
struct Child {
    depth: i32,
    ply: u32,
    alpha: i32,
    beta: i32,
    /// The node's generated moves: the children's mobility reads it.
    count: usize,
    /// The legal moves searched before this one.
    rank: usize,
    /// How many plies less a late quiet move is searched first.
    reduction: i32,
}

/// The table's reference to a node's known move and the node's move count (see
/// [`Worker::known_best`]).
type Known = Option<((u16, u32), usize)>;

/// A node of the tree as [`Worker::negamax`] searches it.
#[derive(Clone, Copy)]
struct Node {
    depth: i32,
    ply: u32,
    /// The window as the node was given it.
    alpha: i32,
    beta: i32,
    in_check: bool,
    key: u64,
    /// The table's move.
    hinted: Option<(u16, u32)>,
    /// The moves the opponent had at the node above: the mobility term reads them.
    opponent_moves: usize,
}

/// What the moves of a node searched so far found, and what searching the others needs.
struct Scan {
    alpha: i32,
    best: i32,
    best_at: BestAt,
    /// The legal moves searched so far.
    tried: usize,
    /// The value a quiet move is taken to have without a search, one ply from the horizon
    /// where the evaluation is so far below alpha that it would not raise it.
    futile: Option<i32>,
    /// The node's generated moves.
    count: usize,
    killers: [Option<Move>; 2],
}

/// What [`Worker::quiesce_captures`] needs of its quiescence node.
#[derive(Clone, Copy)]
struct Capturing {
    ply: u32,
    beta: i32,
    qdepth: u32,
    /// The node's generated moves: the children's mobility reads it.
    count: usize,
    /// How many of the moves capture (the first in the order).
    captures: usize,
    /// Whether every move captures, so that standing pat is no choice.
    forced: bool,
}

/// A move played on the searched line, with what taking it back needs.
struct Played {
    undo: PlayUndo,
    /// The board key before it.
    board_key: u64,
}

/// One thread's search: its move generator, move-ordering memory and scratch; the table and
/// the stop flag shared.
struct Worker<'g> {
    game: &'g Game,
    gen: MoveGen,
    table: Arc<Table>,
    /// Two quiet moves per ply that caused a cut-off.
    killers: Vec<[Option<Move>; 2]>,
    /// Cut-offs by (from, to), for ordering quiet moves.
    history_scores: Vec<i32>,
    /// Move lists and their ordering scores, one per ply.
    lists: Vec<Vec<Move>>,
    orders: Vec<Vec<i32>>,
    pv: Vec<Vec<Move>>,
    stop: Arc<AtomicBool>,
    role: Role,
    /// The helpers' nodes: each helper adds to it, the main thread reads it.
    helper_nodes: Arc<AtomicU64>,
    /// The game ends only when the side to move has no legal move, and it has royal pieces:
    /// a position not in check with moves generated is not over (see `quiesce`).
    cannot_be_over: bool,
    /// The game's attack test walks the lines to a square (`(attacks reversible)`), cheap
    /// enough to ask about the captures the tree comes to (see `losing_capture`).
    exchange_test: bool,
    // Per search:
    nodes: u64,
    seldepth: u32,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    path: Path,
    /// The searched position's board key and material, kept move by move along the line
    /// (see [`Worker::play`]).
    board_key: u64,
    material: MaterialSums,
    /// Best moves kept by key ([`Worker::keep_best`]), allocated when first needed.
    known: Vec<Option<KnownBest>>,
    /// The history's changes (the index and the value before) while a node on the line is
    /// searching its known move first, and how many such nodes there are: see
    /// [`Worker::score_moves_as_before`].
    history_journal: Vec<(u32, i32)>,
    journaling: u32,
    /// Whether known best moves are searched before generating (see `set_known_first`).
    known_first: bool,
}

/// What a worker does with the count of the helpers' nodes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    /// It reads the count: its reports and its node limit are for all the threads.
    Main,
    /// It adds its own nodes every [`POLL`] nodes.
    Helper,
}

impl<'g> Searcher<'g> {
    /// A searcher with a transposition table of about `table_mb` MiB, on one thread.
    pub fn new(game: &'g Game, gen_limits: StepLimits, table_mb: usize) -> Searcher<'g> {
        let table = Arc::new(Table::new(table_mb));
        let stop = Arc::new(AtomicBool::new(false));
        let helper_nodes = Arc::new(AtomicU64::new(0));
        Searcher {
            game,
            algorithm: match game.search_preference() {
                SearchPreference::AlphaBeta => Algorithm::AlphaBeta,
                SearchPreference::Mcts => Algorithm::Mcts,
                SearchPreference::MctsRave => Algorithm::MctsRave,
            },
            gen_limits,
            main: Worker::new(
                game,
                gen_limits,
                Arc::clone(&table),
                Arc::clone(&stop),
                (Role::Main, Arc::clone(&helper_nodes)),
            ),
            table,
            stop,
            helpers: Vec::new(),
            helpers_stop: Arc::new(AtomicBool::new(false)),
            helper_nodes,
        }
    }

    /// The game this searcher plays.
    pub fn game(&self) -> &'g Game {
        self.game
    }

    /// A flag that stops the running search when set (from another thread); the search
    /// clears it when it starts.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// Chooses the algorithm of the searches to come (the game's `(search ...)` clause, else
    /// alpha-beta, until told otherwise).
    pub fn set_algorithm(&mut self, algorithm: Algorithm) {
        self.algorithm = algorithm;
    }

    /// Whether nodes search their known best move before generating (on by default): off,
    /// the search is the same node for node, only slower (the search's tests compare).
    #[cfg(test)]
    pub(crate) fn set_known_first(&mut self, on: bool) {
        self.main.known_first = on;
    }

    /// The algorithm the searches use.
    pub fn algorithm(&self) -> Algorithm {
        self.algorithm
    }

    /// How many threads the alpha-beta searches to come use (at least one; Monte Carlo tree
    /// search uses one whatever this says).
    pub fn set_threads(&mut self, threads: usize) {
        let helpers = threads.max(1) - 1;
        self.helpers.truncate(helpers);
        while self.helpers.len() < helpers {
            self.helpers.push(Worker::new(
                self.game,
                self.gen_limits,
                Arc::clone(&self.table),
                Arc::clone(&self.helpers_stop),
                (Role::Helper, Arc::clone(&self.helper_nodes)),
            ));
        }
    }

    /// How many threads the alpha-beta searches use.
    pub fn threads(&self) -> usize {
        self.helpers.len() + 1
    }

    /// Forgets what earlier searches learnt.
    pub fn new_game(&mut self) {
        self.table.clear();
        self.main.forget();
        self.helpers.iter_mut().for_each(Worker::forget);
    }

    /// Searches the current position of `record` (the history goals look at the whole record)
    /// within `limits`. `on_iteration` hears about each finished iteration. The answer is that
    /// of the last finished iteration (or of the first moves searched, when not even one
    /// iteration finished).
    pub fn search(
        &mut self,
        record: &GameRecord,
        limits: &SearchLimits,
        on_iteration: &mut dyn FnMut(&Info),
    ) -> Result<Found, GenError> {
        let start = Instant::now();
        self.stop.store(false, Ordering::Relaxed);
        if matches!(self.algorithm, Algorithm::Mcts | Algorithm::MctsRave) {
            let stop = Arc::clone(&self.stop);
            let rave = self.algorithm == Algorithm::MctsRave;
            let mut mcts = Mcts::new(self.game, &mut self.main.gen, &stop, rave);
            return mcts.search(record, limits, start, on_iteration);
        }
        self.table.next_age();
        self.helper_nodes.store(0, Ordering::Relaxed);
        if self.helpers.is_empty() {
            return self.main.search(record, limits, start, 1, on_iteration);
        }
        self.helpers_stop.store(false, Ordering::Relaxed);
        let (main, helpers) = (&mut self.main, &mut self.helpers);
        let helpers_stop = &self.helpers_stop;
        std::thread::scope(|scope| {
            for (i, helper) in helpers.iter_mut().enumerate() {
                // Every other helper starts an iteration ahead, so that the threads do not
                // all search the same depth at once. A helper has no limits of its own: the
                // main thread stops it.
                let first_depth = 1 + (i as u32 + 1) % 2;
                scope.spawn(move || {
                    let unlimited = SearchLimits::default();
                    // A helper's error is the main thread's too: it searches the same tree.
                    let _ = helper.search(record, &unlimited, start, first_depth, &mut |_| {});
                });
            }
            let found = main.search(record, limits, start, 1, on_iteration);
            helpers_stop.store(true, Ordering::Relaxed);
            found
        })
    }

    /// Whether a null move is tried in `position` (see [`Worker::may_pass`]).
    #[cfg(test)]
    pub(crate) fn may_pass(&self, position: &Position) -> bool {
        self.main.may_pass(position)
    }
}

impl<'g> Worker<'g> {
    fn new(
        game: &'g Game,
        gen_limits: StepLimits,
        table: Arc<Table>,
        stop: Arc<AtomicBool>,
        (role, helper_nodes): (Role, Arc<AtomicU64>),
    ) -> Worker<'g> {
        let cells = game.board().len();
        Worker {
            game,
            gen: MoveGen::new(gen_limits),
            table,
            killers: Vec::new(),
            history_scores: vec![0; cells * cells],
            lists: Vec::new(),
            orders: Vec::new(),
            pv: Vec::new(),
            stop,
            role,
            helper_nodes,
            cannot_be_over: game.has_royal_pieces() && !game.may_end_with_moves_left(),
            exchange_test: game.attack_test() == AttackTest::Reversible,
            nodes: 0,
            seldepth: 0,
            deadline: None,
            node_limit: None,
            path: Path::default(),
            board_key: 0,
            material: MaterialSums::default(),
            known: Vec::new(),
            history_journal: Vec::new(),
            journaling: 0,
            known_first: true,
        }
    }

    fn forget(&mut self) {
        self.killers.clear();
        self.history_scores.iter_mut().for_each(|h| *h = 0);
    }

    /// Iterative deepening from `first_depth`.
    fn search(
        &mut self,
        record: &GameRecord,
        limits: &SearchLimits,
        start: Instant,
        first_depth: u32,
        on_iteration: &mut dyn FnMut(&Info),
    ) -> Result<Found, GenError> {
        self.nodes = 0;
        self.seldepth = 0;
        // A time so long that the clock cannot hold its end is no deadline at all.
        self.deadline = limits.movetime.and_then(|t| start.checked_add(t));
        self.node_limit = limits.nodes;
        self.path.reset(record.marks());
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);

        let mut root = record.position().clone();
        self.board_key = root.board_key();
        self.material = self.game.evaluation().sums(&root);
        let mut moves = Vec::new();
        self.gen.generate(self.game, &mut root, &mut moves)?;
        let mut found = Found {
            best: moves.first().cloned(),
            info: Info {
                depth: 0,
                seldepth: 0,
                score: Score::Cp(0),
                value: 0,
                nodes: 0,
                elapsed: Duration::ZERO,
                pv: moves.first().cloned().into_iter().collect(),
            },
        };
        if self.game.is_chance(&root) {
            // Chance's move is drawn, not chosen (`dagaz_engine::Rng::draw`): nothing to
            // search; the first outcome stands for an answer.
            return Ok(found);
        }
        if moves.is_empty() {
            let value = self.terminal(&root, 0)?;
            found.info.value = value;
            found.info.score = Score::from_search(value);
            return Ok(found);
        }
        for depth in first_depth.min(max_depth)..=max_depth {
            let value = match self.iterate(&mut root, depth, found.info.value) {
                Ok(v) => v,
                Err(Halt::Stopped) => break,
                Err(Halt::Failed(e)) => return Err(e),
            };
            let pv = self.pv.first().cloned().unwrap_or_default();
            found = Found {
                best: pv.first().cloned().or(found.best),
                info: Info {
                    depth,
                    seldepth: self.seldepth,
                    score: Score::from_search(value),
                    value,
                    nodes: self.all_nodes(),
                    elapsed: start.elapsed(),
                    pv,
                },
            };
            on_iteration(&found.info);
            // A forced mate found needs no deeper look.
            if value.abs() > MATE_BOUND && limits.depth.is_none() {
                break;
            }
            if self.out_of_time_for(start) {
                break;
            }
        }
        found.info.nodes = self.all_nodes();
        found.info.elapsed = start.elapsed();
        Ok(found)
    }

    /// One iteration at `depth`: first in a window around the last iteration's score `last`
    /// (from [`ASPIRATION_DEPTH`] on, and not around a mate), then, when the score falls
    /// outside it, in the full window.
    fn iterate(&mut self, root: &mut Position, depth: u32, last: i32) -> Result<i32, Halt> {
        if depth >= ASPIRATION_DEPTH && last.abs() < MATE_BOUND {
            let (alpha, beta) = (last - ASPIRATION, last + ASPIRATION);
            let v = self.negamax(root, depth as i32, 0, alpha, beta, 0)?;
            if v > alpha && v < beta {
                return Ok(v);
            }
        }
        self.negamax(root, depth as i32, 0, -INFINITY, INFINITY, 0)
    }

    /// Whether another iteration would likely not finish before the deadline.
    fn out_of_time_for(&self, start: Instant) -> bool {
        match self.deadline {
            // Each iteration takes a few times the one before: start another only while
            // less than half the time is spent.
            Some(deadline) => {
                let now = Instant::now();
                now >= deadline || now - start > (deadline - start) / 2
            }
            None => false,
        }
    }

    /// The nodes searched in this search: the main thread counts the helpers' too.
    fn all_nodes(&self) -> u64 {
        match self.role {
            Role::Main => self.nodes + self.helper_nodes.load(Ordering::Relaxed),
            Role::Helper => self.nodes,
        }
    }

    fn poll(&mut self) -> Result<(), Halt> {
        self.nodes += 1;
        if self.role == Role::Helper && self.nodes % POLL == 0 {
            self.helper_nodes.fetch_add(POLL, Ordering::Relaxed);
        }
        if self.nodes % POLL == 0 && self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.stop.store(true, Ordering::Relaxed);
        }
        if self.node_limit.is_some_and(|n| self.all_nodes() >= n) {
            self.stop.store(true, Ordering::Relaxed);
        }
        if self.stop.load(Ordering::Relaxed) {
            return Err(Halt::Stopped);
        }
        Ok(())
    }

    /// The score of a position whose side to move has no legal move, by the game's goals.
    fn terminal(&mut self, position: &Position, ply: u32) -> Result<i32, GenError> {
        let ended = self.gen.ending_without_moves(self.game, position)?;
        Ok(match ended.outcome_for(position.to_move()) {
            Some(Outcome::Win) => mate_in(ply),
            Some(Outcome::Loss) => -mate_in(ply),
            Some(Outcome::Draw) | None => 0,
        })
    }

    /// The score the game's history gives the current node, when it ends the game.
    fn history_end(&self, position: &Position, ply: u32) -> Option<i32> {
        if self.path.repeats() {
            return Some(0);
        }
        self.path.verdict(self.game, position).map(|goal| {
            let outcome = if goal.by_score {
                // `(end ...)`: the game's score decides, as at the end of a game.
                dagaz_engine::by_score(self.game, position).outcome_for(position.to_move())
            } else {
                Some(goal.outcome)
            };
            match outcome {
                Some(Outcome::Win) => mate_in(ply),
                Some(Outcome::Loss) => -mate_in(ply),
                _ => 0,
            }
        })
    }

    /// Plays `mv` on the searched line: the board key and the material follow it from its
    /// actions, so that a node reads neither from the whole board.
    pub(super) fn play(&mut self, position: &mut Position, mv: &Move) -> Played {
        let board_key = self.board_key;
        self.board_key ^= mv.board_change();
        let eval = self.game.evaluation();
        eval.play(&mut self.material, mv.actions(), position);
        let undo = position.play(self.game, mv);
        eval.settle(&mut self.material, mv.actions(), position);
        Played { undo, board_key }
    }

    /// Takes back a move [`Worker::play`] played. The key before it is restored as kept; the
    /// material is taken back by subtraction, since copying it would copy a vector.
    pub(super) fn unplay(&mut self, position: &mut Position, mv: &Move, played: Played) {
        let eval = self.game.evaluation();
        eval.unplay(&mut self.material, mv.actions(), position);
        position.unplay(mv, played.undo);
        self.board_key = played.board_key;
        eval.settle(&mut self.material, mv.actions(), position);
    }

    /// The searched position's Zobrist hash, from the board key kept along the line.
    pub(super) fn zobrist(&self, position: &Position) -> u64 {
        if cfg!(test) {
            // The search's own tests check the key they keep against the board's.
            assert_eq!(self.board_key, position.board_key());
        }
        position.zobrist_with_board(self.board_key)
    }

    /// The searched position's material, tables and formations for its side to move, from
    /// the sums kept along the line.
    pub(super) fn material(&self, position: &Position) -> i32 {
        self.material_for(position, position.to_move())
    }

    /// [`Worker::material`] for `me`, whoever is to move (chance, at a chance node).
    pub(super) fn material_for(&self, position: &Position, me: dagaz_engine::PlayerId) -> i32 {
        let eval = self.game.evaluation();
        let material = eval.score(&self.material, me);
        if cfg!(test) {
            assert_eq!(material, eval.material(me, position));
        }
        if eval.has_seed_tables() {
            return material.saturating_add(seeds_worth(self.game, position, me));
        }
        material
    }

    pub(super) fn current_key(&self) -> u64 {
        // The path's last mark is the current position's (pushed by the caller).
        self.path.last().hash
    }

    pub(super) fn ensure_ply(&mut self, p: usize) {
        let need = p + 2;
        if self.lists.len() < need {
            self.lists.resize_with(need, Vec::new);
            self.orders.resize_with(need, Vec::new);
            self.pv.resize_with(need, Vec::new);
        }
        if self.killers.len() < need {
            self.killers.resize(need, [None, None]);
        }
    }

    pub(super) fn take_list(&mut self, p: usize) -> Vec<Move> {
        self.lists
            .get_mut(p)
            .map(std::mem::take)
            .unwrap_or_default()
    }

    pub(super) fn put_list(&mut self, p: usize, list: Vec<Move>) {
        if let Some(slot) = self.lists.get_mut(p) {
            *slot = list;
        }
    }

    pub(super) fn take_order(&mut self, p: usize) -> Vec<i32> {
        self.orders
            .get_mut(p)
            .map(std::mem::take)
            .unwrap_or_default()
    }

    pub(super) fn put_order(&mut self, p: usize, order: Vec<i32>) {
        if let Some(slot) = self.orders.get_mut(p) {
            *slot = order;
        }
    }
}

/// The seeds' worth (`(seed-table ...)`, `(stack-values ...)`) for `me`, less everybody
/// else's: summed afresh at
/// each node, as only games that count seeds (backgammon's checkers) declare it, and their
/// boards are small.
fn seeds_worth(game: &Game, position: &Position, me: dagaz_engine::PlayerId) -> i32 {
    let eval = game.evaluation();
    let sum: i64 = position
        .pieces()
        .map(|(at, piece)| {
            let worth = i64::from(eval.seed_worth(piece.owner, piece.kind, at.index()));
            let seeds = position.seeds_at(at);
            let stack = i64::from(eval.stack_worth(piece.owner, piece.kind, seeds));
            let here = worth * i64::from(seeds) + stack;
            if piece.owner == me {
                here
            } else {
                -here
            }
        })
        .sum();
    sum.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
}

#[cfg(test)]
mod exchange_tests {
    use super::*;

    /// Backgammon's seeds: each checker by its point (`seed-table`), each point by its count
    /// (`stack-values`: a blot -40, a point 30); equal at the start, and after White's 8/5 6/5
    /// 16 pips more (p17 to p20 is 12, p19 to p20 is 4) and one point more (30).
    #[test]
    fn seeds_are_worth_their_places_and_their_stacks() {
        let dir = format!("{}/../../games", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(format!("{dir}/backgammon.game")).unwrap();
        let game = Game::load(&text).unwrap();
        let mut position = game.initial_position();
        let play = |position: &mut Position, notation: &str| {
            let moves = dagaz_engine::MoveGen::default()
                .moves(&game, position)
                .unwrap();
            let mv = moves
                .iter()
                .find(|m| m.notation(&game) == notation)
                .unwrap();
            position.play(&game, mv);
        };
        play(&mut position, "White 3, Black 1");
        let white = position.to_move();
        assert_eq!(seeds_worth(&game, &position, white), 0);
        play(&mut position, "8/5 6/5");
        assert_eq!(seeds_worth(&game, &position, white), 16 + 30);
        play(&mut position, "roll 6-5");
        assert_eq!(seeds_worth(&game, &position, position.to_move()), -16 - 30);
    }

    /// Which captures the tree searches after the killers: a piece worth more than its
    /// victim (by more than the margin) landing where the opponent could take it back.
    #[test]
    fn a_capture_is_losing_where_the_piece_is_worth_more_and_can_be_taken_back() {
        let dir = format!("{}/../../games", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(format!("{dir}/chess.game")).unwrap();
        // Chess includes the rules it shares with other games (games/lib/).
        let game = Game::load_with(&text, &mut |name| {
            std::fs::read_to_string(format!("{dir}/{name}")).map_err(|e| e.to_string())
        })
        .unwrap();
        let mut worker = Worker::new(
            &game,
            StepLimits::default(),
            Arc::new(Table::new(1)),
            Arc::new(AtomicBool::new(false)),
            (Role::Main, Arc::new(AtomicU64::new(0))),
        );
        for (fen, notation, losing) in [
            // The pawn on d5 is guarded by c6, the one on c6 by nothing.
            ("4k3/p7/2p5/3p3R/1N6/8/3Q4/4K3 w - - 0 1", "d2d5", true),
            ("4k3/p7/2p5/3p3R/1N6/8/3Q4/4K3 w - - 0 1", "h5d5", true),
            ("4k3/p7/2p5/3p3R/1N6/8/3Q4/4K3 w - - 0 1", "b4d5", true),
            ("4k3/p7/2p5/3p3R/1N6/8/3Q4/4K3 w - - 0 1", "b4c6", false),
            // A bishop for a knight is even, and a pawn risks least.
            ("4k3/8/4p3/3n4/4P3/1B6/8/4K3 w - - 0 1", "b3d5", false),
            ("4k3/8/4p3/3n4/4P3/1B6/8/4K3 w - - 0 1", "e4d5", false),
            // The king's captures are the royal rule's.
            ("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", "e1d2", false),
        ] {
            let position = game.from_fen(fen).unwrap();
            let mv = MoveGen::default()
                .moves(&game, &position)
                .unwrap()
                .into_iter()
                .find(|m| m.notation(&game) == notation)
                .unwrap();
            assert_eq!(
                worker.losing_capture(&position, &mv).ok(),
                Some(losing),
                "{fen} {notation}"
            );
        }
    }
}
