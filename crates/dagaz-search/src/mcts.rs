//! Monte Carlo tree search (UCT): for games whose evaluation says little (connection and
//! placement games), the value of a move is the share of random games from it that its player
//! wins.
//!
//! Each iteration walks down the tree by the UCT rule (the mean result plus a bonus for moves
//! tried less often; with RAVE, blended with the move's all-moves-as-first mean), plays random
//! moves from the first node not visited before to the end of the game (or to [`PLAYOUT_CAP`]
//! plies, where the evaluation's material decides), and adds the result to every move on the
//! way down, for the player who chose it. Moves proven to win or lose (MCTS-Solver) are taken
//! or avoided whatever their statistics. The move played is the root's most visited one.

use crate::limits::SearchLimits;
use crate::record::GameRecord;
use crate::report::{Found, Info};
use crate::score::{Score, MATE_BOUND};
use dagaz_engine::{Game, GenError, Move, MoveGen, Outcome, PlayerId, Position};
use std::collections::HashMap;
use std::hash::{BuildHasher, Hash, Hasher};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use web_time::Instant;

/// The exploration constant of UCT: √2, the textbook value for results in 0..1.
const EXPLORATION: f64 = std::f64::consts::SQRT_2;
/// The exploration constant with all-moves-as-first values: small, because those values
/// already spread the playouts over the moves that look good.
const RAVE_EXPLORATION: f64 = 0.4;
/// How many playouts of a move its all-moves-as-first value is worth: the weight of that
/// value is √(K / (3n + K)) after n playouts of the move itself, ½ at n = K.
const RAVE_EQUIVALENCE: f64 = 1000.0;
/// Plies a random game is played before the evaluation's material decides it.
pub(crate) const PLAYOUT_CAP: u32 = 300;
/// Playouts a depth limit stands for, per ply (a search with only a depth runs
/// `depth * PLAYOUTS_PER_PLY` playouts, so that it ends and is repeatable).
pub(crate) const PLAYOUTS_PER_PLY: u64 = 1000;
/// How often (in playouts) an iteration is reported.
const REPORT: u64 = 256;
/// The most players whose results a playout keeps.
const MAX_PLAYERS: usize = 8;
/// The most moves the tree keeps: past it, a node reached again is played out from as a
/// leaf instead of being given its moves, so that a long search stays within a few hundred
/// megabytes.
const MAX_EDGES: usize = 2_000_000;

/// One result per player, in `0..=1`: 1 a win, 0 a loss, ½ a draw.
type Results = [f64; MAX_PLAYERS];

/// A position of the tree. Its moves are listed the second time it is reached (the first
/// time, a random game is played from it), so that leaves cost no move list.
struct Node {
    /// The player who chooses here: whose results the edges sum.
    to_move: PlayerId,
    /// Playouts through this node.
    visits: u32,
    /// The legal moves, in random order, and what the playouts said of each; `None` until
    /// the node is reached again.
    moves: Option<Vec<Move>>,
    edges: Vec<Edge>,
}

/// A move of a node and its statistics, for the player who chooses there.
#[derive(Clone, Copy)]
struct Edge {
    /// The move's name for the all-moves-as-first statistics: its notation, hashed (the same
    /// move played later, in another position, counts for it).
    key: u64,
    /// Where the move leads, once a playout went there.
    child: Option<u32>,
    visits: u32,
    total: f64,
    /// Playouts through the node in which its chooser played this move then or later
    /// (rapid action value estimation: in a placement game, a stone is about as good
    /// whenever it is put down).
    amaf_visits: u32,
    amaf_total: f64,
    /// What the move is proven to give its mover, when the tree has proven it.
    proof: Proof,
}

/// A move's result for its mover with best play on both sides, as far as the tree has proven
/// it (MCTS-Solver): a move that ends the game at once in a win is a win; one after which the
/// opponent has a proven win is a loss; one after which every reply is a proven loss is a win.
/// The chooser takes a proven win whatever the playouts say of the others (in Hex, where
/// random play wins from almost any move of a nearly joined chain, the move that joins it) and
/// avoids proven losses while it has another move (in Connect Four, leaving the opponent its
/// four).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
enum Proof {
    Loss,
    #[default]
    Unknown,
    Win,
}

/// A tree search for one position; built afresh by each search.
pub(crate) struct Mcts<'a, 'g> {
    game: &'g Game,
    gen: &'a mut MoveGen,
    stop: &'a AtomicBool,
    /// Whether a move's value blends in its all-moves-as-first mean (`mcts-rave`).
    rave: bool,
    nodes: Vec<Node>,
    edges: usize,
    rng: u64,
    scratch: Vec<Move>,
    /// The moves of the current iteration, from the root: who played them and their keys.
    trail: Vec<(PlayerId, u64)>,
    /// The edges the current iteration went through: (node, edge).
    path: Vec<(usize, usize)>,
}

impl<'a, 'g> Mcts<'a, 'g> {
    /// A search of `game` by `gen`, stopped when `stop` is set; with all-moves-as-first
    /// values when `rave`.
    pub(crate) fn new(
        game: &'g Game,
        gen: &'a mut MoveGen,
        stop: &'a AtomicBool,
        rave: bool,
    ) -> Self {
        Mcts {
            game,
            gen,
            stop,
            rave,
            nodes: Vec::new(),
            edges: 0,
            // Fixed, so that a search with a playout limit is repeatable.
            rng: 0x9E37_79B9_7F4A_7C15,
            scratch: Vec::new(),
            trail: Vec::new(),
            path: Vec::new(),
        }
    }

    /// Searches the current position of `record` within `limits` (time, playouts as
    /// nodes, or a depth standing for [`PLAYOUTS_PER_PLY`] playouts a ply), reporting every
    /// few hundred playouts to `on_iteration`; the time counts from `start`.
    pub(crate) fn search(
        &mut self,
        record: &GameRecord,
        limits: &SearchLimits,
        start: Instant,
        on_iteration: &mut dyn FnMut(&Info),
    ) -> Result<Found, GenError> {
        let root_position = record.position().clone();
        let deadline = limits.movetime.and_then(|t| start.checked_add(t));
        let budget = limits.nodes.or(limits
            .depth
            .map(|d| u64::from(d).saturating_mul(PLAYOUTS_PER_PLY)));
        self.nodes.clear();
        self.edges = 0;
        self.nodes.push(Node::new(root_position.to_move()));
        self.expand(0, &mut root_position.clone())?;
        let mut playouts = 0u64;
        let mut info = self.info(0, 0, start);
        loop {
            if budget.is_some_and(|b| playouts >= b) || self.stop.load(Ordering::Relaxed) {
                break;
            }
            // A playout takes a millisecond or more in a large game: the clock is read before
            // each one, so the search ends within one playout of its time.
            if deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            let mut position = root_position.clone();
            let seldepth = self.iterate(&mut position)?;
            playouts += 1;
            info.seldepth = info.seldepth.max(seldepth);
            if playouts % REPORT == 0 || budget == Some(playouts) {
                info = Info {
                    seldepth: info.seldepth,
                    ..self.info(playouts, info.seldepth, start)
                };
                on_iteration(&info);
            }
            // Only one move: nothing to weigh.
            if self.root_moves() == Some(1) {
                break;
            }
        }
        let info = self.info(playouts, info.seldepth, start);
        Ok(Found {
            best: info.pv.first().cloned().or_else(|| self.first_root_move()),
            info,
        })
    }

    /// One playout: down the tree, one node added, a random game, the result backed up.
    /// Answers the plies the playout went below the root.
    fn iterate(&mut self, position: &mut Position) -> Result<u32, GenError> {
        self.trail.clear();
        self.path.clear();
        let mut at = 0usize;
        let results = loop {
            let Some(node) = self.nodes.get(at) else {
                break self.ended(position)?;
            };
            if node.moves.is_none() {
                if node.visits > 0 && self.edges < MAX_EDGES {
                    self.expand(at, position)?;
                } else {
                    // First reached (or the tree is full): a random game from here.
                    break self.playout(position)?;
                }
            }
            let Some(pick) = self.choose(at) else {
                // No move: the game is over here.
                break self.ended(position)?;
            };
            let (mover, mv, edge) = match self.nodes.get(at) {
                Some(node) => match (
                    node.moves.as_ref().and_then(|m| m.get(pick)),
                    node.edges.get(pick),
                ) {
                    (Some(mv), Some(edge)) => (node.to_move, mv.clone(), *edge),
                    _ => break self.ended(position)?,
                },
                None => break self.ended(position)?,
            };
            position.play(self.game, &mv);
            self.trail.push((mover, edge.key));
            self.path.push((at, pick));
            let from = at;
            at = match edge.child {
                Some(child) => child as usize,
                None => {
                    let child = self.nodes.len();
                    self.nodes.push(Node::new(position.to_move()));
                    if let Some(e) = self.nodes.get_mut(at).and_then(|n| n.edges.get_mut(pick)) {
                        e.child = u32::try_from(child).ok();
                    }
                    child
                }
            };
            if edge.visits == 0 {
                let length = self.trail.len();
                let results = self.playout(position)?;
                if self.trail.len() == length {
                    // The game ended with the move.
                    let proof = match results.get(mover.index()) {
                        Some(1.0) => Proof::Win,
                        Some(0.0) => Proof::Loss,
                        _ => Proof::Unknown,
                    };
                    if let Some(e) = self.nodes.get_mut(from).and_then(|n| n.edges.get_mut(pick)) {
                        e.proof = proof;
                    }
                }
                break results;
            }
        };
        self.back_up(at, &results);
        self.prove();
        Ok(self.trail.len() as u32)
    }

    /// Carries proofs up the iteration's path, from its last move, as far as they go: a move
    /// whose position's chooser has a proven win is a proven loss for its mover when that
    /// chooser is the opponent (a win when it is the mover again, after `another-turn`); one
    /// whose position's every move is a proven loss is the reverse. Only with two players,
    /// where the other player is the opponent.
    fn prove(&mut self) {
        // Chance does not choose: a won outcome does not win its node.
        if self.game.player_count() != 2 || self.game.has_chance() {
            return;
        }
        for i in (0..self.path.len()).rev() {
            let Some(&(at, pick)) = self.path.get(i) else {
                break;
            };
            let Some(node) = self.nodes.get(at) else {
                break;
            };
            if node
                .edges
                .get(pick)
                .is_some_and(|e| e.proof != Proof::Unknown)
            {
                // Proven when it was played (it ended the game), or before.
                continue;
            }
            let mover = node.to_move;
            let Some(child) = node
                .edges
                .get(pick)
                .and_then(|e| e.child)
                .and_then(|c| self.nodes.get(c as usize))
            else {
                break;
            };
            let for_chooser = if child.edges.iter().any(|e| e.proof == Proof::Win) {
                Proof::Win
            } else if child.moves.is_some()
                && !child.edges.is_empty()
                && child.edges.iter().all(|e| e.proof == Proof::Loss)
            {
                Proof::Loss
            } else {
                break;
            };
            let proof = match (child.to_move == mover, for_chooser) {
                (true, p) => p,
                (false, Proof::Win) => Proof::Loss,
                (false, _) => Proof::Win,
            };
            if let Some(e) = self.nodes.get_mut(at).and_then(|n| n.edges.get_mut(pick)) {
                e.proof = proof;
            }
        }
    }

    /// Lists the moves of node `at`, in random order (so that equal values are not always
    /// settled in the board's order).
    fn expand(&mut self, at: usize, position: &mut Position) -> Result<(), GenError> {
        let mut moves = Vec::new();
        self.gen.generate(self.game, position, &mut moves)?;
        for i in (1..moves.len()).rev() {
            let j = (next(&mut self.rng) % (i as u64 + 1)) as usize;
            moves.swap(i, j);
        }
        let edges: Vec<Edge> = moves.iter().map(|mv| Edge::new(self.key(mv))).collect();
        self.edges += edges.len();
        if let Some(node) = self.nodes.get_mut(at) {
            node.moves = Some(moves);
            node.edges = edges;
        }
        Ok(())
    }

    /// Adds `results` to the nodes and edges the iteration went through, and to the
    /// all-moves-as-first statistics of every move of those nodes that their chooser played
    /// then or later in the iteration.
    fn back_up(&mut self, leaf: usize, results: &Results) {
        if let Some(node) = self.nodes.get_mut(leaf) {
            node.visits += 1;
        }
        // Each (player, key) with the last ply it was played at.
        let mut last: HashMap<(PlayerId, u64), usize> = HashMap::new();
        if self.rave {
            last.extend(
                self.trail
                    .iter()
                    .enumerate()
                    .map(|(ply, &played)| (played, ply)),
            );
        }
        for (depth, &(at, pick)) in self.path.iter().enumerate() {
            let Some(node) = self.nodes.get_mut(at) else {
                continue;
            };
            node.visits += 1;
            let result = results.get(node.to_move.index()).copied().unwrap_or(0.5);
            let chooser = node.to_move;
            if let Some(edge) = node.edges.get_mut(pick) {
                edge.visits += 1;
                edge.total += result;
            }
            if last.is_empty() {
                continue;
            }
            for edge in &mut node.edges {
                if last
                    .get(&(chooser, edge.key))
                    .is_some_and(|&ply| ply >= depth)
                {
                    edge.amaf_visits += 1;
                    edge.amaf_total += result;
                }
            }
        }
    }

    /// The edge an iteration follows from node `at`: chance's draw by weight at a chance
    /// node, the most promising move elsewhere.
    fn choose(&mut self, at: usize) -> Option<usize> {
        let node = self.nodes.get(at)?;
        if !self.game.turns().is_chance(node.to_move) {
            return self.select(at);
        }
        let moves = node.moves.as_deref()?;
        let roll = next(&mut self.rng) % dagaz_engine::total_weight(moves).max(1);
        dagaz_engine::pick(moves, roll)
    }

    /// The move of `at` with the best value for the player who chooses there (its mean
    /// result, with `rave` blended with its all-moves-as-first mean, plus the UCT bonus for
    /// moves tried less often); a proven win first, a proven loss only when every move is one.
    fn select(&self, at: usize) -> Option<usize> {
        let node = self.nodes.get(at)?;
        if let Some(win) = node.edges.iter().position(|e| e.proof == Proof::Win) {
            return Some(win);
        }
        let lost = |e: &Edge| e.proof == Proof::Loss;
        let log_n = f64::from(node.visits.max(1)).ln();
        let value = |e: &Edge| {
            let n = f64::from(e.visits);
            // Untried, a move looks as good as can be: each is tried before any is tried twice,
            // unless the all-moves-as-first values already tell them apart.
            let mean = if e.visits > 0 { e.total / n } else { 1.0 };
            if !self.rave {
                return mean + EXPLORATION * (log_n / n.max(1.0)).sqrt();
            }
            let amaf = if e.amaf_visits > 0 {
                e.amaf_total / f64::from(e.amaf_visits)
            } else {
                1.0
            };
            let beta = (RAVE_EQUIVALENCE / (3.0 * n + RAVE_EQUIVALENCE)).sqrt();
            (1.0 - beta) * mean + beta * amaf + RAVE_EXPLORATION * (log_n / (n + 1.0)).sqrt()
        };
        node.edges
            .iter()
            .enumerate()
            .max_by(|(_, a), (_, b)| {
                (!lost(a), value(a))
                    .partial_cmp(&(!lost(b), value(b)))
                    .unwrap_or(std::cmp::Ordering::Equal)
            })
            .map(|(i, _)| i)
    }

    /// A move's name for the all-moves-as-first statistics ([`key_of`]); 0 when the search
    /// keeps none, where only the trail's length counts.
    fn key(&self, mv: &Move) -> u64 {
        if self.rave {
            key_of(mv)
        } else {
            0
        }
    }

    /// Random moves from `position` to the end of the game, or to [`PLAYOUT_CAP`] plies,
    /// each noted on the trail; the results.
    fn playout(&mut self, position: &mut Position) -> Result<Results, GenError> {
        let mut moves = std::mem::take(&mut self.scratch);
        let mut plies = 0;
        let results = loop {
            if plies >= PLAYOUT_CAP {
                break self.judged(position);
            }
            moves.clear();
            self.gen.generate(self.game, position, &mut moves)?;
            if moves.is_empty() {
                break self.ended(position)?;
            }
            let pick = if self.game.is_chance(position) {
                let roll = next(&mut self.rng) % dagaz_engine::total_weight(&moves).max(1);
                dagaz_engine::pick(&moves, roll).unwrap_or(0)
            } else {
                (next(&mut self.rng) % moves.len() as u64) as usize
            };
            if let Some(mv) = moves.get(pick) {
                let key = self.key(mv);
                self.trail.push((position.to_move(), key));
                position.play(self.game, mv);
            }
            plies += 1;
        };
        self.scratch = moves;
        Ok(results)
    }

    /// The results of a game over at `position` (its side to move has no legal move).
    fn ended(&mut self, position: &Position) -> Result<Results, GenError> {
        let ending = self.gen.ending_without_moves(self.game, position)?;
        let mut results = [0.5; MAX_PLAYERS];
        for (p, r) in results
            .iter_mut()
            .enumerate()
            .take(self.game.player_count())
        {
            let Ok(id) = u8::try_from(p) else { break };
            *r = match ending.outcome_for(PlayerId(id)) {
                Some(Outcome::Win) => 1.0,
                Some(Outcome::Loss) => 0.0,
                Some(Outcome::Draw) | None => 0.5,
            };
        }
        Ok(results)
    }

    /// The results of a playout stopped at the cap: with two players, each one's chance by
    /// the material (400 points for ten to one); a draw for more.
    fn judged(&self, position: &Position) -> Results {
        let mut results = [0.5; MAX_PLAYERS];
        if self.game.player_count() == 2 {
            let eval = self.game.evaluation();
            let first = f64::from(eval.material(PlayerId(0), position));
            let chance = 1.0 / (1.0 + 10f64.powf(-first / 400.0));
            let [a, b, ..] = &mut results;
            (*a, *b) = (chance, 1.0 - chance);
        }
        results
    }

    fn root_moves(&self) -> Option<usize> {
        Some(self.nodes.first()?.moves.as_ref()?.len())
    }

    fn first_root_move(&self) -> Option<Move> {
        self.nodes.first()?.moves.as_ref()?.first().cloned()
    }

    /// The report after `playouts`: the line of most visited moves (a proven win first, a
    /// proven loss last), its first move's share of wins as a score.
    fn info(&self, playouts: u64, seldepth: u32, start: Instant) -> Info {
        let mut pv = Vec::new();
        let mut at = Some(0usize);
        let mut share = 0.5;
        while let Some(node) = at.and_then(|a| self.nodes.get(a)) {
            let Some((pick, edge)) = node
                .edges
                .iter()
                .enumerate()
                .max_by_key(|(_, e)| (e.proof, e.visits))
            else {
                break;
            };
            if edge.visits == 0 {
                // Untried, the root's move still beats any it has proven lost.
                if pv.is_empty() {
                    if let Some(mv) = node.moves.as_ref().and_then(|m| m.get(pick)) {
                        pv.push(mv.clone());
                    }
                }
                break;
            }
            if pv.is_empty() {
                share = edge.total / f64::from(edge.visits);
            }
            if let Some(mv) = node.moves.as_ref().and_then(|m| m.get(pick)) {
                pv.push(mv.clone());
            }
            at = edge.child.map(|c| c as usize);
        }
        let value = share_to_score(share);
        Info {
            depth: pv.len() as u32,
            seldepth,
            score: Score::from_search(value),
            value,
            nodes: playouts,
            elapsed: start.elapsed().max(Duration::from_nanos(1)),
            pv,
        }
    }
}

impl Node {
    fn new(to_move: PlayerId) -> Self {
        Node {
            to_move,
            visits: 0,
            moves: None,
            edges: Vec::new(),
        }
    }
}

impl Edge {
    fn new(key: u64) -> Self {
        Edge {
            key,
            child: None,
            visits: 0,
            total: 0.0,
            amaf_visits: 0,
            amaf_total: 0.0,
            proof: Proof::Unknown,
        }
    }
}

/// A move's name for the all-moves-as-first statistics: its notation (what its `log`s
/// wrote), or its changes when it wrote nothing.
fn key_of(mv: &Move) -> u64 {
    // A fast hash with a fixed seed, so that a search with a playout limit is repeatable.
    let mut hasher = foldhash::fast::FixedState::with_seed(0).build_hasher();
    if mv.logged().is_empty() {
        mv.actions().hash(&mut hasher);
    } else {
        mv.logged().hash(&mut hasher);
    }
    hasher.finish()
}

/// A share of wins as a centipawn-like score: 0 at one half, ±400 at ten to one.
fn share_to_score(share: f64) -> i32 {
    let p = share.clamp(1e-6, 1.0 - 1e-6);
    let cp = 400.0 * (p / (1.0 - p)).log10();
    (cp.round() as i32).clamp(-(MATE_BOUND - 1), MATE_BOUND - 1)
}

/// xorshift64*: fast, and the same sequence on every machine.
fn next(state: &mut u64) -> u64 {
    let mut x = *state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    x.wrapping_mul(0x2545_F491_4F6C_DD1D)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_map_to_scores_both_ways_round_one_half() {
        assert_eq!(share_to_score(0.5), 0);
        assert_eq!(share_to_score(10.0 / 11.0), 400);
        assert_eq!(share_to_score(1.0 / 11.0), -400);
        assert!(share_to_score(1.0) < MATE_BOUND);
    }

    fn notation_of(game: &Game, mv: &Move) -> String {
        mv.notation(game)
    }

    #[test]
    fn a_move_that_leaves_the_opponent_a_win_is_proven_lost() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../games/tic-tac-toe.game");
        let game = Game::load(&std::fs::read_to_string(path).unwrap()).unwrap();
        // O threatens c2: every move of X but c2 lets O complete the row.
        let position = game
            .setup("(X (Mark a1 b3)) (O (Mark a2 b2)) (turn X)")
            .unwrap();
        let record = GameRecord::new(position);
        let mut gen = MoveGen::default();
        let stop = AtomicBool::new(false);
        let limits = SearchLimits {
            nodes: Some(2000),
            ..SearchLimits::default()
        };
        for rave in [false, true] {
            let mut mcts = Mcts::new(&game, &mut gen, &stop, rave);
            let found = mcts
                .search(&record, &limits, Instant::now(), &mut |_| {})
                .unwrap();
            let root = &mcts.nodes[0];
            let moves = root.moves.as_ref().unwrap();
            let mut proofs: Vec<(String, Proof)> = moves
                .iter()
                .zip(&root.edges)
                .map(|(mv, e)| (notation_of(&game, mv), e.proof))
                .collect();
            proofs.sort();
            let expected: Vec<(String, Proof)> = ["a3", "b1", "c1", "c2", "c3"]
                .iter()
                .map(|&m| {
                    let proof = if m == "c2" {
                        Proof::Unknown
                    } else {
                        Proof::Loss
                    };
                    (m.to_string(), proof)
                })
                .collect();
            assert_eq!(proofs, expected, "rave {rave}");
            let best = found.best.map(|m| notation_of(&game, &m));
            assert_eq!(best.as_deref(), Some("c2"));
        }
    }

    #[test]
    fn every_move_played_later_by_the_chooser_counts_as_if_played_first() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../games/tic-tac-toe.game");
        let game = Game::load(&std::fs::read_to_string(path).unwrap()).unwrap();
        let record = GameRecord::new(game.initial_position());
        let mut gen = MoveGen::default();
        let stop = AtomicBool::new(false);
        let mut mcts = Mcts::new(&game, &mut gen, &stop, true);
        let limits = SearchLimits {
            nodes: Some(300),
            ..SearchLimits::default()
        };
        mcts.search(&record, &limits, Instant::now(), &mut |_| {})
            .unwrap();
        let root = &mcts.nodes[0];
        assert_eq!(root.edges.len(), 9);
        assert_eq!(root.visits, 300);
        assert_eq!(root.edges.iter().map(|e| e.visits).sum::<u32>(), 300);
        // A move tried at the root was played first by its chooser: it always counts.
        assert!(root.edges.iter().all(|e| e.amaf_visits >= e.visits));
        // X puts down three to five marks a game, each counting for the move of its square.
        let amaf: u32 = root.edges.iter().map(|e| e.amaf_visits).sum();
        assert!((3 * 300..=5 * 300).contains(&amaf), "{amaf}");
        // Every move's key is its own: nine squares, nine keys.
        let mut keys: Vec<u64> = root.edges.iter().map(|e| e.key).collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), 9);
        // Plain UCT keeps no such counts.
        let mut gen = MoveGen::default();
        let mut plain = Mcts::new(&game, &mut gen, &stop, false);
        plain
            .search(&record, &limits, Instant::now(), &mut |_| {})
            .unwrap();
        let root = &plain.nodes[0];
        assert_eq!(root.edges.iter().map(|e| e.visits).sum::<u32>(), 300);
        assert!(root.edges.iter().all(|e| e.amaf_visits == 0));
    }
}
