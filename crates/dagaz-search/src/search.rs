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
            return Mcts::new(self.game, &mut self.main.gen, &stop, rave).search(
                record,
                limits,
                on_iteration,
            );
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

    fn negamax(
        &mut self,
        position: &mut Position,
        depth: i32,
        ply: u32,
        mut alpha: i32,
        beta: i32,
        opponent_moves: usize,
    ) -> Result<i32, Halt> {
        self.poll()?;
        let p = ply as usize;
        self.ensure_ply(p);
        if let Some(pv) = self.pv.get_mut(p) {
            pv.clear();
        }
        if ply > 0 {
            if let Some(v) = self.history_end(position, ply) {
                return Ok(v);
            }
        }
        // In check, the node is searched a ply deeper: the replies are few and forced. At
        // least a full ply, also below a reduced move: quiescence tries captures alone, and
        // does not test their legality until it tries them, so a mate is seen only here.
        let in_check = ply > 0 && self.in_check(position)?;
        let depth = if in_check { depth.max(0) + 1 } else { depth };
        if depth <= 0 || ply >= MAX_DEPTH * 2 {
            return self.quiesce(position, ply, alpha, beta, 0, opponent_moves);
        }
        let key = self.current_key();
        let mut hinted = None;
        if let Some(entry) = self.table.probe(key) {
            hinted = entry.best;
            if ply > 0 && i32::from(entry.depth) >= depth {
                let v = from_table(entry.value, ply);
                let usable = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => v >= beta,
                    Bound::Upper => v <= alpha,
                };
                if usable {
                    return Ok(v);
                }
            }
        }

        let null_window = beta - alpha == 1;
        if null_window && !in_check && depth <= REVERSE_FUTILITY_DEPTH && beta.abs() < MATE_BOUND {
            // Reverse futility: so far above beta this near the horizon that the opponent
            // will not bring it back in the plies left. The same test of zugzwang as the
            // null move's: the side to move is assumed to have a move that loses nothing.
            let margin = self.material(position) - REVERSE_FUTILITY_MARGIN * depth;
            if margin >= beta && self.may_pass(position) {
                return Ok(margin);
            }
        }
        if null_window && !in_check && depth >= NULL_MIN_DEPTH && self.may_pass(position) {
            if let Some(v) = self.null_move(position, depth, ply, beta)? {
                return Ok(v);
            }
        }

        // The table's move first, before the others are generated, where this worker kept it
        // with the position's move count: when it cuts off, the node generates nothing.
        let mut list = self.take_list(p);
        list.clear();
        // The table's reference to the known move, which is then the list's one move.
        let known = self.known_best(position, key, hinted, &mut list);
        // The royal rule is tested only for the moves tried: a cut-off comes after a few.
        let (mut moves, count) = match known {
            Some((_, count)) => (list, count),
            None => {
                self.put_list(p, list);
                match self.moves_at(position, ply)? {
                    Ok(moves) => {
                        let count = moves.len();
                        (moves, count)
                    }
                    Err(terminal) => return Ok(terminal),
                }
            }
        };
        let mut order = self.take_order(p);
        match &known {
            Some(_) => {
                order.clear();
                order.push(i32::MAX);
            }
            None => self.score_moves(&moves, &mut order, hinted, p),
        }
        let killers = self.killers.get(p).cloned().unwrap_or([None, None]);

        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_at = BestAt::Nowhere;
        // Futility: one ply from the horizon, where even a margin over the evaluation leaves
        // the side to move at or below alpha, a quiet move will not raise it.
        let futile = (depth == 1 && null_window && !in_check && alpha.abs() < MATE_BOUND)
            .then(|| self.evaluate(position, count, opponent_moves) + FUTILITY_MARGIN)
            .filter(|&hope| hope <= alpha);
        let mut result = Ok(());
        // The legal moves searched so far.
        let mut tried = 0usize;
        // With a known move, the list holds it alone at first: the first stage.
        let mut first_stage = known.is_some();
        let mark = self.history_journal.len();
        if first_stage {
            self.journaling += 1;
        }
        let mut from = 0;
        loop {
            for n in from..moves.len() {
                let i = match self.pick_demoting(position, &moves, &mut order, n) {
                    Ok(i) => i,
                    Err(h) => {
                        result = Err(h);
                        break;
                    }
                };
                let Some(mv) = moves.get(i) else { break };
                if let Some(hope) = futile {
                    if tried > 0 && is_quiet(self.game, mv) && !gives_another_turn(mv) {
                        best = best.max(hope);
                        continue;
                    }
                }
                match self.gen.is_legal(self.game, position, mv) {
                    Ok(true) => {}
                    Ok(false) => continue,
                    Err(e) => {
                        result = Err(e.into());
                        break;
                    }
                }
                // The legal moves searched before this one: the late-move rules count those,
                // not the generated moves skipped above.
                let rank = tried;
                tried += 1;
                // Late moves that take nothing are searched shallower first.
                let reduction = if rank >= LMR_FROM
                    && depth >= LMR_MIN_DEPTH
                    && !in_check
                    && is_quiet(self.game, mv)
                    && !killers.iter().any(|k| k.as_ref() == Some(mv))
                {
                    if rank >= LMR_FURTHER && depth >= LMR_DEEP {
                        2
                    } else {
                        1
                    }
                } else {
                    0
                };
                let searched = self.search_move(
                    position,
                    mv,
                    Child {
                        depth,
                        ply,
                        alpha,
                        beta,
                        count,
                        rank,
                        reduction,
                    },
                );
                let v = match searched {
                    Ok(v) => v,
                    Err(h) => {
                        result = Err(h);
                        break;
                    }
                };
                if self.raise(p, mv, v, &mut best, &mut alpha) {
                    best_at = if first_stage {
                        BestAt::Known
                    } else {
                        BestAt::Listed(i)
                    };
                }
                if alpha >= beta {
                    if self.game.evaluation().captured_value(mv.actions()) == 0 {
                        self.remember_cutoff(p, mv, depth);
                    }
                    break;
                }
            }
            if first_stage {
                self.journaling -= 1;
            }
            if !first_stage || result.is_err() || alpha >= beta {
                self.forget_journal(mark);
                break;
            }
            // The known move did not cut off: now the others, in the order they would have
            // had, the known move (first in it) not searched again.
            first_stage = false;
            let kept = moves.pop();
            self.put_list(p, moves);
            moves = match self.moves_at(position, ply)? {
                Ok(moves) => moves,
                Err(terminal) => {
                    self.put_order(p, order);
                    return Ok(terminal);
                }
            };
            if cfg!(test) {
                // The search's own tests check that a kept count is the node's.
                assert_eq!(moves.len(), count);
            }
            self.score_moves_as_before(&moves, &mut order, hinted, p, mark);
            from = 0;
            if let Some(((at, _), _)) = known {
                // The kept move stands where the table says, and the order puts it first (its
                // fingerprint is the table's): it is not searched again. Elsewhere (a table
                // entry from another position) every move is.
                if kept.is_some() && moves.get(usize::from(at)) == kept.as_ref() {
                    pick(&mut order, 0);
                    from = 1;
                }
            }
            self.forget_journal(mark);
        }
        if result.is_ok() && tried == 0 {
            // No move keeps to the royal rule (none was passed over as futile: that needs a
            // move searched first).
            self.put_list(p, moves);
            self.put_order(p, order);
            return Ok(self.terminal(position, ply)?);
        }
        if result.is_ok() {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            let best_move = match (best_at, known) {
                (BestAt::Known, Some((best, _))) => Some(best),
                (BestAt::Listed(i), _) => moves.get(i).map(|m| (i as u16, fingerprint(m))),
                _ => None,
            };
            self.table.store(Entry {
                key,
                depth: depth.clamp(0, i32::from(i16::MAX)) as i16,
                bound,
                value: to_table(best, ply),
                best: best_move,
                age: 0,
            });
            if let (BestAt::Listed(i), Some(best)) = (best_at, best_move) {
                if let Some(mv) = moves.get(i) {
                    self.keep_best(position, key, best, count, mv);
                }
            }
        }
        self.put_list(p, moves);
        self.put_order(p, order);
        result.map(|()| best)
    }

    /// Plays `mv` at a node of the tree and searches the position after it: the first move
    /// with the full window, the others with a null window first (late quiet ones reduced),
    /// again with the full one only when they may be better. The value is the mover's.
    fn search_move(&mut self, position: &mut Position, mv: &Move, c: Child) -> Result<i32, Halt> {
        let (depth, ply, alpha, beta, count) = (c.depth, c.ply, c.alpha, c.beta, c.count);
        let me = position.to_move();
        let undo = self.play(position, mv);
        let mark = self
            .path
            .last()
            .after(self.game, mv, self.zobrist(position));
        self.path.push(mark);
        let searched = if position.to_move() == me {
            // Another turn (`another-turn`): the same side moves again, so the value is
            // not turned round.
            self.negamax(position, depth - 1, ply + 1, alpha, beta, count)
        } else if c.rank == 0 {
            self.negamax(position, depth - 1, ply + 1, -beta, -alpha, count)
                .map(|v| -v)
        } else {
            // A reduced move is searched again at full depth only when it looks better than
            // the best so far.
            let reduced = if c.reduction > 0 {
                self.negamax(
                    position,
                    depth - 1 - c.reduction,
                    ply + 1,
                    -alpha - 1,
                    -alpha,
                    count,
                )
                .map(|v| -v)
            } else {
                Ok(alpha + 1)
            };
            // Principal variation search: a null window first, the full one when it
            // may be better.
            reduced
                .and_then(|v| {
                    if v > alpha {
                        self.negamax(position, depth - 1, ply + 1, -alpha - 1, -alpha, count)
                            .map(|v| -v)
                    } else {
                        Ok(v)
                    }
                })
                .and_then(|v| {
                    if v > alpha && v < beta {
                        self.negamax(position, depth - 1, ply + 1, -beta, -alpha, count)
                            .map(|v| -v)
                    } else {
                        Ok(v)
                    }
                })
        };
        self.path.pop();
        self.unplay(position, mv, undo);
        searched
    }

    /// The move this worker kept for `key` ([`Worker::keep_best`]), when it is the table's
    /// move `hinted` and fits `position`: pushed onto `list`, with the table's reference to
    /// it and the node's move count.
    fn known_best(
        &self,
        position: &Position,
        key: u64,
        hinted: Option<(u16, u32)>,
        list: &mut Vec<Move>,
    ) -> Option<((u16, u32), usize)> {
        let hinted = hinted.filter(|_| self.known_first)?;
        let slot = self.known.get(key as usize % KNOWN_SLOTS)?.as_ref()?;
        if slot.key != key || slot.best != hinted || !position.fits(&slot.mv) {
            return None;
        }
        list.push(slot.mv.clone());
        Some((slot.best, slot.count as usize))
    }

    /// Keeps `mv`, the best move of the node whose key is `key` and which generated `count`
    /// moves, to be tried before generating when the node is searched again.
    fn keep_best(
        &mut self,
        position: &Position,
        key: u64,
        best: (u16, u32),
        count: usize,
        mv: &Move,
    ) {
        if !self.game.moves_follow_the_key(position) {
            return;
        }
        if self.known.is_empty() {
            self.known.resize_with(KNOWN_SLOTS, || None);
        }
        if let Some(slot) = self.known.get_mut(key as usize % KNOWN_SLOTS) {
            *slot = Some(KnownBest {
                key,
                best,
                count: count as u32,
                mv: mv.clone(),
            });
        }
    }

    /// The static evaluation of a node whose side to move has `moves` legal moves and whose
    /// opponent had `opponent_moves` at the node above: material and tables, plus mobility,
    /// as quiescence stands pat.
    fn evaluate(&self, position: &Position, moves: usize, opponent_moves: usize) -> i32 {
        let eval = self.game.evaluation();
        self.material(position).saturating_add(
            eval.mobility()
                .saturating_mul(moves as i32 - opponent_moves as i32),
        )
    }

    /// Whether the side to move has a royal piece under attack (false in games without).
    fn in_check(&mut self, position: &Position) -> Result<bool, Halt> {
        if !self.game.has_royal_pieces() {
            return Ok(false);
        }
        Ok(self.gen.in_check(self.game, position)?)
    }

    /// Whether a null move (the side to move passing) is a fair test of the position: only in
    /// games with royal pieces (where moving is never compulsory capturing, as it is in
    /// draughts; and without hands, whose drops always give a move to make) and while the side
    /// to move has a piece worth more than the game's least valuable kind besides its royal
    /// ones, so that zugzwang (a king and pawns) is not assumed away.
    fn may_pass(&self, position: &Position) -> bool {
        if !self.game.has_royal_pieces() || self.game.has_hands() {
            return false;
        }
        let eval = self.game.evaluation();
        let least = (0..self.game.piece_count())
            .filter_map(dagaz_engine::PieceKind::from_index)
            .filter(|&k| !self.game.is_royal(k))
            .map(|k| eval.value(k))
            .min()
            .unwrap_or(i32::MAX);
        let me = position.to_move();
        position.pieces().any(|(_, piece)| {
            piece.owner == me && !self.game.is_royal(piece.kind) && eval.value(piece.kind) > least
        })
    }

    /// Null-move pruning: when passing and letting the opponent search `depth` less a
    /// reduction still leaves the side to move at `beta` or more, a real move would too, and
    /// the node fails high without a search of its own. Only tried where the material alone
    /// already reaches `beta`.
    fn null_move(
        &mut self,
        position: &mut Position,
        depth: i32,
        ply: u32,
        beta: i32,
    ) -> Result<Option<i32>, Halt> {
        if beta.abs() >= MATE_BOUND || self.material(position) < beta {
            return Ok(None);
        }
        let reduction = if depth >= NULL_DEEPER {
            NULL_REDUCTION + 1
        } else {
            NULL_REDUCTION
        };
        let pass = Move::default();
        let undo = self.play(position, &pass);
        // Nothing before a pass repeats after it: the line starts again here.
        self.path.push(Mark {
            hash: self.zobrist(position),
            quiet: 0,
        });
        let searched = self.negamax(
            position,
            depth - 1 - reduction,
            ply + 1,
            -beta,
            -beta + 1,
            0,
        );
        self.path.pop();
        self.unplay(position, &pass, undo);
        let v = -searched?;
        // A mate found behind a pass is no proof of one.
        Ok((v >= beta).then_some(if v >= MATE_BOUND { beta } else { v }))
    }

    fn quiesce(
        &mut self,
        position: &mut Position,
        ply: u32,
        mut alpha: i32,
        beta: i32,
        qdepth: u32,
        opponent_moves: usize,
    ) -> Result<i32, Halt> {
        if qdepth > 0 {
            self.poll()?;
        }
        self.seldepth = self.seldepth.max(ply);
        let p = ply as usize;
        self.ensure_ply(p);
        if let Some(pv) = self.pv.get_mut(p) {
            pv.clear();
        }
        let eval = self.game.evaluation();
        // Generating the moves costs far more than counting material: when even the worst
        // mobility term leaves the score above beta, stand pat without generating. Inside a
        // capture sequence that does not see a mate or stalemate there. At the horizon itself,
        // only where the position cannot be over: a game with royal pieces that ends only when
        // the side to move has no legal move, whose horizon nodes are not in check (the tree
        // searched those a ply deeper), so that what is not seen is a stalemate. Elsewhere the
        // moves at the horizon are generated, and a game's end there is seen (a row reached in
        // Breakthrough, a draughts side without moves).
        let material = self.material(position);
        let floor =
            material.saturating_sub(eval.mobility().max(0).saturating_mul(opponent_moves as i32));
        if (qdepth > 0 || self.cannot_be_over) && floor >= beta {
            return Ok(floor);
        }
        // As in the tree, the royal rule is tested only for the captures searched, and the
        // moves counted for mobility are the rules' moves before that test, here and at the
        // node above alike. (Counting legal moves at one node and unchecked ones at the other
        // made the two differ most where a king was in check: in shogi the engine then stopped
        // capturing, and a game at depth 1 ran for thousands of plies.) A horizon node is not
        // in check (the tree searched it a ply deeper), so what this misses is a stalemate
        // there.
        // Only captures are searched here: the others are counted, not built.
        let (moves, others) = match self.captures_at(position, ply)? {
            Ok(generated) => generated,
            Err(terminal) => return Ok(terminal),
        };
        let count = moves.len() + others;
        let stand_pat = material.saturating_add(
            eval.mobility()
                .saturating_mul(count as i32 - opponent_moves as i32),
        );
        let mut order = self.take_order(p);
        order.clear();
        // The captures are the moves with a key above zero.
        order.extend(moves.iter().map(|m| {
            let taken = eval.captured_value(m.actions());
            if taken <= 0 {
                return taken;
            }
            victim_first(self.game, m, taken)
        }));
        let captures = order.iter().filter(|&&v| v > 0).count();
        let all_capture = others == 0 && captures == moves.len();
        if all_capture && qdepth > 0 && (captures > MAX_FORCED_WIDTH || qdepth >= MAX_FORCED_DEPTH)
        {
            self.put_list(p, moves);
            self.put_order(p, order);
            return Ok(stand_pat);
        }
        // Where every move captures (captures are compulsory, as in draughts), standing pat
        // would pretend a quiet move exists.
        let forced = all_capture;
        let mut best = -INFINITY;
        if !forced || qdepth >= MAX_QUIESCENCE || ply >= MAX_DEPTH * 3 {
            best = stand_pat;
            if stand_pat >= beta || captures == 0 || qdepth >= MAX_QUIESCENCE {
                self.put_list(p, moves);
                self.put_order(p, order);
                return Ok(stand_pat);
            }
            alpha = alpha.max(stand_pat);
        }
        let mut result = Ok(());
        let mut tried = 0;
        for n in 0..captures {
            let i = pick(&mut order, n);
            let Some(mv) = moves.get(i) else { break };
            // `best` is the standing pat here, unless every move captures.
            if !forced && alpha.abs() < MATE_BOUND {
                let gain = eval
                    .captured_value(mv.actions())
                    .saturating_add(promotion_gain(self.game, mv));
                if best.saturating_add(gain).saturating_add(DELTA_MARGIN) <= alpha {
                    continue;
                }
            }
            match self.gen.is_legal(self.game, position, mv) {
                Ok(true) => tried += 1,
                Ok(false) => continue,
                Err(e) => {
                    result = Err(e.into());
                    break;
                }
            }
            let me = position.to_move();
            let undo = self.play(position, mv);
            self.path.push(Mark {
                hash: self.zobrist(position),
                quiet: 0,
            });
            let searched = if position.to_move() == me {
                self.quiesce(position, ply + 1, alpha, beta, qdepth + 1, count)
            } else {
                self.quiesce(position, ply + 1, -beta, -alpha, qdepth + 1, count)
                    .map(|v| -v)
            };
            self.path.pop();
            self.unplay(position, mv, undo);
            let v = match searched {
                Ok(v) => v,
                Err(h) => {
                    result = Err(h);
                    break;
                }
            };
            self.raise(p, mv, v, &mut best, &mut alpha);
            if alpha >= beta {
                break;
            }
        }
        if forced && tried == 0 && result.is_ok() {
            // Every move captures and none keeps to the royal rule: the side to move has no
            // legal move at all.
            best = match self.terminal(position, ply) {
                Ok(v) => v,
                Err(e) => {
                    result = Err(e.into());
                    best
                }
            };
        }
        self.put_list(p, moves);
        self.put_order(p, order);
        result.map(|()| best)
    }

    /// Whether a capture in quiescence puts more at stake than it takes: its piece is worth
    /// more than what it captures (by more than [`EXCHANGE_MARGIN`]), and where it lands the
    /// opponent could take it back: a static exchange test cut to its first recapture. The
    /// tree searches such a capture after the killers (see `pick_demoting`). Only where the
    /// attack test walks lines, and never for a royal piece, whose captures the royal rule
    /// already keeps off attacked squares.
    fn losing_capture(&mut self, position: &Position, mv: &Move) -> Result<bool, Halt> {
        if !self.exchange_test {
            return Ok(false);
        }
        let Some(lifted) = mover(mv) else {
            return Ok(false);
        };
        let eval = self.game.evaluation();
        let stake = eval.value(lifted) - eval.captured_value(mv.actions());
        if self.game.is_royal(lifted) || stake <= EXCHANGE_MARGIN {
            return Ok(false);
        }
        let Some((at, piece)) = mv.landing() else {
            return Ok(false);
        };
        Ok(self.gen.is_attacked(self.game, position, at, piece)?)
    }

    /// The moves of the node at `ply` without the royal rule (see
    /// [`MoveGen::generate_unchecked`]: test each with [`MoveGen::is_legal`] before it is
    /// played), in that ply's list (give it back with `put_list`), or the node's score when
    /// it has none.
    fn moves_at(
        &mut self,
        position: &mut Position,
        ply: u32,
    ) -> Result<Result<Vec<Move>, i32>, Halt> {
        let p = ply as usize;
        let mut moves = self.take_list(p);
        moves.clear();
        let generated = self.gen.generate_unchecked(self.game, position, &mut moves);
        if let Err(e) = generated {
            self.put_list(p, moves);
            return Err(e.into());
        }
        if moves.is_empty() {
            self.put_list(p, moves);
            return Ok(Err(self.terminal(position, ply)?));
        }
        Ok(Ok(moves))
    }

    /// [`Worker::moves_at`] for quiescence: the node's captures, and how many other moves it
    /// has (see [`MoveGen::generate_captures_unchecked`]); its score when it has no move.
    fn captures_at(
        &mut self,
        position: &mut Position,
        ply: u32,
    ) -> Result<Result<(Vec<Move>, usize), i32>, Halt> {
        let p = ply as usize;
        let mut moves = self.take_list(p);
        moves.clear();
        let others = match self
            .gen
            .generate_captures_unchecked(self.game, position, &mut moves)
        {
            Ok(others) => others,
            Err(e) => {
                self.put_list(p, moves);
                return Err(e.into());
            }
        };
        if moves.is_empty() && others == 0 {
            self.put_list(p, moves);
            return Ok(Err(self.terminal(position, ply)?));
        }
        Ok(Ok((moves, others)))
    }

    /// Plays `mv` on the searched line: the board key and the material follow it from its
    /// actions, so that a node reads neither from the whole board.
    fn play(&mut self, position: &mut Position, mv: &Move) -> Played {
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
    fn unplay(&mut self, position: &mut Position, mv: &Move, played: Played) {
        let eval = self.game.evaluation();
        eval.unplay(&mut self.material, mv.actions(), position);
        position.unplay(mv, played.undo);
        self.board_key = played.board_key;
        eval.settle(&mut self.material, mv.actions(), position);
    }

    /// The searched position's Zobrist hash, from the board key kept along the line.
    fn zobrist(&self, position: &Position) -> u64 {
        if cfg!(test) {
            // The search's own tests check the key they keep against the board's.
            assert_eq!(self.board_key, position.board_key());
        }
        position.zobrist_with_board(self.board_key)
    }

    /// The searched position's material, tables and formations for its side to move, from
    /// the sums kept along the line.
    fn material(&self, position: &Position) -> i32 {
        let eval = self.game.evaluation();
        let material = eval.score(&self.material, position.to_move());
        if cfg!(test) {
            assert_eq!(material, eval.material(position.to_move(), position));
        }
        material
    }

    fn current_key(&self) -> u64 {
        // The path's last mark is the current position's (pushed by the caller).
        self.path.last().hash
    }

    fn ensure_ply(&mut self, p: usize) {
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

    fn take_list(&mut self, p: usize) -> Vec<Move> {
        self.lists
            .get_mut(p)
            .map(std::mem::take)
            .unwrap_or_default()
    }

    fn put_list(&mut self, p: usize, list: Vec<Move>) {
        if let Some(slot) = self.lists.get_mut(p) {
            *slot = list;
        }
    }

    fn take_order(&mut self, p: usize) -> Vec<i32> {
        self.orders
            .get_mut(p)
            .map(std::mem::take)
            .unwrap_or_default()
    }

    fn put_order(&mut self, p: usize, order: Vec<i32>) {
        if let Some(slot) = self.orders.get_mut(p) {
            *slot = order;
        }
    }

    /// Ordering: the table's move, then captures by value taken (most valuable victim,
    /// least valuable mover), then killers, then by the history of cut-offs. (A capture found
    /// losing when it comes up goes after the killers: `pick_demoting`.)
    fn score_moves(
        &self,
        moves: &[Move],
        order: &mut Vec<i32>,
        hinted: Option<(u16, u32)>,
        p: usize,
    ) {
        let eval = self.game.evaluation();
        let killers = self.killers.get(p);
        order.clear();
        order.extend(moves.iter().enumerate().map(|(i, mv)| {
            if hinted.is_some_and(|(at, print)| usize::from(at) == i && fingerprint(mv) == print) {
                return i32::MAX;
            }
            let taken = eval.captured_value(mv.actions());
            if taken > 0 {
                return CAPTURE_BAND + victim_first(self.game, mv, taken);
            }
            if let Some(k) = killers {
                if k[0].as_ref() == Some(mv) {
                    return 1 << 27;
                }
                if k[1].as_ref() == Some(mv) {
                    return (1 << 27) - 1;
                }
            }
            self.history_index(mv)
                .and_then(|h| self.history_scores.get(h))
                .copied()
                .unwrap_or(0)
                .min((1 << 26) - 1)
        }));
    }

    /// [`Worker::score_moves`] with the history of cut-offs as it was when the journal held
    /// `mark` changes: a node that searched its known move before generating orders the
    /// others as it would have ordered them all at first, whatever the known move's own
    /// search taught the history since. The search is then the same, node for node, as one
    /// that generates first.
    fn score_moves_as_before(
        &mut self,
        moves: &[Move],
        order: &mut Vec<i32>,
        hinted: Option<(u16, u32)>,
        p: usize,
        mark: usize,
    ) {
        let since = self.history_journal.get(mark..).unwrap_or(&[]);
        if since.is_empty() {
            return self.score_moves(moves, order, hinted, p);
        }
        let now: Vec<(u32, i32)> = since
            .iter()
            .map(|&(h, _)| (h, self.history_scores.get(h as usize).copied().unwrap_or(0)))
            .collect();
        for &(h, before) in since.iter().rev() {
            if let Some(slot) = self.history_scores.get_mut(h as usize) {
                *slot = before;
            }
        }
        self.score_moves(moves, order, hinted, p);
        for (h, value) in now {
            if let Some(slot) = self.history_scores.get_mut(h as usize) {
                *slot = value;
            }
        }
    }

    /// Drops the journal's changes from `mark` on once no node on the line needs them.
    fn forget_journal(&mut self, mark: usize) {
        if self.journaling == 0 {
            self.history_journal.truncate(mark);
        }
    }

    fn history_index(&self, mv: &Move) -> Option<usize> {
        let (from, to) = from_to(mv)?;
        Some(from * self.game.board().len() + to)
    }

    fn remember_cutoff(&mut self, p: usize, mv: &Move, depth: i32) {
        if let Some(k) = self.killers.get_mut(p) {
            if k[0].as_ref() != Some(mv) {
                k[1] = k[0].take();
                k[0] = Some(mv.clone());
            }
        }
        if let Some(h) = self.history_index(mv) {
            if let Some(slot) = self.history_scores.get_mut(h) {
                if self.journaling > 0 {
                    self.history_journal.push((h as u32, *slot));
                }
                *slot = slot.saturating_add(depth * depth);
            }
        }
    }

    /// The next move to search in the tree, as [`pick`] chooses it, except that a capture
    /// about to be picked that [`Worker::losing_capture`] finds losing goes after the killers
    /// (its place among the other losing captures kept) and the pick is made again: the test
    /// is made only for captures a node comes to.
    fn pick_demoting(
        &mut self,
        position: &Position,
        moves: &[Move],
        order: &mut [i32],
        n: usize,
    ) -> Result<usize, Halt> {
        loop {
            let (i, score) = pick_scored(order, n);
            if !(CAPTURE_BAND..i32::MAX).contains(&score) {
                return Ok(i);
            }
            let Some(mv) = moves.get(i) else {
                return Ok(i);
            };
            if !self.losing_capture(position, mv)? {
                return Ok(i);
            }
            if let Some(slot) = order.get_mut(i) {
                *slot = LOSING_BAND + ((score - CAPTURE_BAND) >> 6);
            }
        }
    }

    /// Takes `v`, the value of `mv` at the node at ply `p`, into the node's `best` and
    /// `alpha` (and its principal variation when it raises alpha): whether it is the new best.
    fn raise(&mut self, p: usize, mv: &Move, v: i32, best: &mut i32, alpha: &mut i32) -> bool {
        if v <= *best {
            return false;
        }
        *best = v;
        if v > *alpha {
            *alpha = v;
            self.update_pv(p, mv);
        }
        true
    }

    fn update_pv(&mut self, p: usize, mv: &Move) {
        let (head, tail) = self.pv.split_at_mut(p + 1);
        if let (Some(line), Some(rest)) = (head.last_mut(), tail.first()) {
            line.clear();
            line.push(mv.clone());
            line.extend(rest.iter().cloned());
        }
    }
}

/// The index of the best-scored move not yet picked (`order[i]` scores move i); its score
/// becomes `i32::MIN` so that it is not picked again. Linear, but lists are short and
/// cut-offs come early, so sorting them whole would waste more.
fn pick(order: &mut [i32], n: usize) -> usize {
    pick_scored(order, n).0
}

/// [`pick`], with the score the move had.
fn pick_scored(order: &mut [i32], n: usize) -> (usize, i32) {
    let mut best = n;
    let mut best_score = i32::MIN;
    for (i, &s) in order.iter().enumerate() {
        if s > best_score {
            best_score = s;
            best = i;
        }
    }
    if let Some(s) = order.get_mut(best) {
        *s = i32::MIN;
    }
    (best, best_score)
}

/// The order of captures: the most valuable victim first, and of two captures of it, the
/// least valuable mover's (a pawn taking a queen before the queen taking it). Above zero for
/// a capture (`taken` > 0), below `1 << 27`.
fn victim_first(game: &Game, mv: &Move, taken: i32) -> i32 {
    let mover = mover(mv).map_or(0, |k| game.evaluation().value(k));
    (taken.clamp(0, 1 << 20) << 6) - (mover.clamp(0, 1 << 20) >> 4).min(63)
}

/// A fingerprint of a move's actions, to check that a table's move index still names it.
fn fingerprint(mv: &Move) -> u32 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    mv.actions().hash(&mut h);
    h.finish() as u32
}

/// Where a move lifts its piece and where it puts it down.
fn from_to(mv: &Move) -> Option<(usize, usize)> {
    let from = mv.actions().iter().find_map(|a| match a {
        Action::Take { at, .. } => Some(at.index()),
        _ => None,
    })?;
    let to = mv.landing()?.0.index();
    Some((from, to))
}

/// Whether a move neither captures nor changes a piece (promotes): the moves late-move
/// reductions may search shallower.
fn is_quiet(game: &Game, mv: &Move) -> bool {
    if game.evaluation().captured_value(mv.actions()) != 0 {
        return false;
    }
    let lifted = mover(mv);
    mv.actions().iter().all(|a| match a {
        Action::Capture { .. } | Action::Change { .. } | Action::FromHand { .. } => false,
        Action::Drop { piece, .. } => Some(piece.kind) == lifted,
        _ => true,
    })
}

/// What a move gains by changing the type of its piece (a promotion): the value of the type
/// it puts down less that of the type it lifted, when that is more; 0 otherwise.
pub(crate) fn promotion_gain(game: &Game, mv: &Move) -> i32 {
    let eval = game.evaluation();
    let put = mv.landing().map(|(_, piece)| piece.kind);
    match (mover(mv), put) {
        (Some(lifted), Some(put)) if lifted != put => {
            eval.value(put).saturating_sub(eval.value(lifted)).max(0)
        }
        _ => 0,
    }
}

/// Whether the mover moves again after `mv` (`another-turn`): such a move is never pruned
/// as quiet, since what it leads to is the mover's own choice.
fn gives_another_turn(mv: &Move) -> bool {
    mv.actions()
        .iter()
        .any(|a| matches!(a, Action::AnotherTurn))
}

/// The type of the piece a move lifts first.
fn mover(mv: &Move) -> Option<dagaz_engine::PieceKind> {
    mv.actions().iter().find_map(|a| match a {
        Action::Take { piece, .. } => Some(piece.kind),
        _ => None,
    })
}

#[cfg(test)]
mod exchange_tests {
    use super::*;

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
